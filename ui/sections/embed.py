""" "Embed this check": the ``/box`` iframe an article pastes, and the box as one static file.

Check a claim and the Gap grader (two scores, or two scores ± SE) each call :func:`section`
once. The snippet opens ``/box`` with the claim in its keys, on the site the reader is on
(:func:`ui.settings.absolute`), so the frame grades exactly what this page grades; the download
is :func:`benchstats.box.static_box` of the same settings, for an article with no server behind it.
"""

from __future__ import annotations

import html

import streamlit as st

from benchstats.box import static_box
from benchstats.grading import Grading
from benchstats.language import _
from benchstats.prose import claim as prose
from ui import claim, registry, settings
from ui.settings import Settings

HEIGHT = 420  # px: the box fits a 640-px-wide frame 400 high; on a phone it scrolls in its frame
FILE_NAME = "lead-or-luck-box.html"
_BOX = registry.page("box")
_NOT_HERE = {"unpaired": ("se_a", "se_b"), "se": ("n", "bench")}  # what this grading did not use


def box_query(s: Settings, g: Grading) -> dict[str, str]:
    """The claim in ``/box``'s keys: what the reader gave (or a preset, or derived), less what
    this grading did not use (the count beside reported SEs, SEs beside a count)."""
    query = claim.page_query(s, "check")
    return {k: v for k, v in query.items() if k in _BOX.keys and k not in _NOT_HERE[g.mode]}


def snippet(s: Settings, g: Grading) -> str:
    """The ``<iframe>`` to paste: ``/box`` with this claim, a title, full width, lazy."""
    lang = {"lang": s.lang} if s.lang else {}  # the box speaks the reader's language
    src = settings.absolute(_BOX.route, box_query(s, g) | lang | {"embed": "true"})
    title = f"Lead or Luck: {prose.claim_words(g, claim.bench_name(s))}"
    return (
        f'<iframe src="{html.escape(src)}" title="{html.escape(title)}" width="100%" '
        f'height="{HEIGHT}" style="border:0" loading="lazy"></iframe>'
    )


def why_not(g: Grading, query: dict[str, str]) -> str | None:
    """Why this check cannot travel to the box, in words; None when it can."""
    if g.mode == "unpaired" and g.n_b != g.n:
        return _("The box takes one number of questions for both models; this check has two.")
    if g.mode == "unpaired" and not {"n", "bench"} & set(query):
        return _(
            "The box grades only what its link gives: give the number of questions (or a "
            "benchmark preset) to embed this check."
        )
    return None


def _file(s: Settings, site: str) -> bytes:
    """The static box of these settings, its link back to ``site``'s Check a claim."""
    return static_box(s["a"], s["b"], int(s["n"]), names=claim.names_of(s), site=site).encode()


def section(s: Settings, g: Grading | None) -> None:
    """The snippet and the file, folded; nothing for paired counts or the worked example."""
    if g is None or g.mode not in _NOT_HERE:
        return
    query = box_query(s, g)
    if not {"a", "b"} <= set(query):  # the worked example: nothing the reader gave to embed
        return
    with st.expander(_("Embed this check"), icon=":material/code:"):
        if why := why_not(g, query):
            st.markdown(why)
            return
        st.markdown(
            _(
                "**Paste this in an article's page.** The frame shows this verdict, its range and "
                "four figures, and recomputes when a reader changes a number. Add "
                "`&embed_options=show_padding` to its address for a margin."
            )
        )
        st.code(snippet(s, g), language=None, wrap_lines=True)  # highlighting fails contrast (axe)
        if g.mode != "unpaired":
            st.caption(
                _(
                    "The static box recomputes from a number of questions; with reported SEs, "
                    "embed the frame above."
                )
            )
            return
        site = settings.absolute("/", {})  # read in the run: the file is built on the click
        st.download_button(
            _("Download the box as HTML"),
            data=lambda: _file(s, site),
            file_name=FILE_NAME,
            mime="text/html",
            icon=":material/download:",
            key="embed-box-file",
            on_click="ignore",
        )
        st.caption(
            _(
                "One file under 100 kB that needs no server and no network: it recomputes the SE, "
                "the range, the verdict and the questions needed in the reader's browser, and "
                "links back here for the rest."
            )
        )
