"""Per-question results on the Gap grader: the panel the page calls.

The panel lives in :mod:`ui.sections.per_question`, one module per section;
this module keeps the name the Gap grader imports.
"""

from ui.sections.per_question import has_upload, per_question_panel

__all__ = ["has_upload", "per_question_panel"]
