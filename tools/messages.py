"""The site's message catalogues: extract the messages from the code, update each language's
``.po``, and check that every message is translated.

    python tools/messages.py update   # make i18n: the code's messages into every .po
    python tools/messages.py check    # what tests/test_messages.py checks, listed

The messages are the strings the code passes to ``_``, ``ngettext``, ``pgettext`` and ``N_``
(:mod:`benchstats.language`), read by Babel's Python extractor with the comments that start
``# TRANSLATORS:``. ``docs/i18n.md`` says how a translator works with them.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "benchstats" / "locale"
TRANSLATED = ("de", "es")  # the languages beside English (English is the code's own words)
SOURCES = ("app.py", "app_pages/*.py", "ui/**/*.py", "benchstats/**/*.py")
COMMENT_TAG = "TRANSLATORS:"
WIDTH = 100

# Files whose messages are wrapped but not yet translated: their messages may stand untranslated
# (empty) in a .po without failing the check. The translators empty this list, file by file, as
# they fill the catalogues in; a file off the list must be translated whole in every language.
UNTRANSLATED = (
    "app_pages/gap-grader.py",
    "benchstats/charts/claim.py",
    "benchstats/charts/discordance.py",
    "benchstats/charts/grader.py",
    "benchstats/charts/items.py",
    "benchstats/prose/discordance.py",
    "benchstats/prose/gaps.py",
    "benchstats/prose/per_question.py",
    "benchstats/prose/verdict_table.py",
    "ui/sections/checklist.py",
    "ui/sections/discordance.py",
    "ui/sections/embed.py",
    "ui/sections/grader.py",
    "ui/sections/grader_inputs.py",
    "ui/sections/per_question/__init__.py",
    "ui/sections/per_question/upload.py",
    "ui/sections/perturbation.py",
)
_FIELD = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


def source_files() -> list[Path]:
    """The files the messages are extracted from, in a fixed order."""
    found = {p for pattern in SOURCES for p in ROOT.glob(pattern) if p.is_file()}
    return sorted(found, key=lambda p: p.relative_to(ROOT).as_posix())


def extract(files: Iterable[Path] | None = None) -> Catalog:
    """Every message of the code, with where it is and its translator comments."""
    catalogue = Catalog(project="Lead or Luck", fuzzy=False)
    for path in source_files() if files is None else files:
        where = path.relative_to(ROOT).as_posix()
        found = extract_from_file(
            "python",
            path,
            keywords=DEFAULT_KEYWORDS,
            comment_tags=(COMMENT_TAG,),
            strip_comment_tags=True,
        )
        for line, message, comments, context in found:
            catalogue.add(message, None, [(where, line)], auto_comments=comments, context=context)
    return catalogue


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "messages.po"


def read(lang: str) -> Catalog:
    """``lang``'s catalogue as it is on disk (an empty one if there is none yet)."""
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, project="Lead or Luck", fuzzy=False)
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def write(lang: str, catalogue: Catalog) -> None:
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalogue, width=WIDTH, ignore_obsolete=True, include_lineno=False)
    path.write_bytes(buf.getvalue())


def update() -> None:
    """Every language's ``.po`` made to hold exactly the code's messages: new ones empty, a
    changed one fuzzy (its old translation kept as a guess), a removed one dropped."""
    template = extract()
    for lang in TRANSLATED:
        catalogue = read(lang)
        catalogue.update(template, update_creation_date=False)
        write(lang, catalogue)


def _key(message: Message) -> tuple:
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    return (message.context, ids)


def _fields(text: str) -> set[str]:
    return set(_FIELD.findall(text))


def _untranslated_only(message: Message) -> bool:
    return bool(message.locations) and all(f in UNTRANSLATED for f, _ in message.locations)


def problems(lang: str, template: Catalog | None = None) -> list[str]:
    """What is wrong with ``lang``'s catalogue against the code, one line each: a message
    missing, stale (no longer in the code), fuzzy or empty (unless all its places are on the
    :data:`UNTRANSLATED` list), or a translation whose ``{placeholders}`` differ."""
    template = extract() if template is None else template
    catalogue = read(lang)
    have = {_key(m): m for m in catalogue if m.id}
    want = {_key(m): m for m in template if m.id}
    out = [
        f"{lang}: missing {k[1][0]!r} ({want[k].locations[0][0]})"
        for k in want.keys() - have.keys()
    ]
    out += [f"{lang}: stale {k[1][0]!r}" for k in have.keys() - want.keys()]
    out += [f"{lang}: obsolete {m.id!r}" for m in catalogue.obsolete.values()]
    for k in want.keys() & have.keys():
        msg, source = have[k], want[k]
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        done = all(strings) and not msg.fuzzy
        if not done:
            if not _untranslated_only(source):
                state = "fuzzy" if msg.fuzzy else "untranslated"
                out.append(f"{lang}: {state} {k[1][0]!r} ({source.locations[0][0]})")
            continue
        ids = k[1]
        for form in strings:
            wanted = _fields(ids[-1]) | _fields(ids[0])
            if not _fields(form) <= wanted or (len(ids) == 1 and _fields(form) != wanted):
                out.append(f"{lang}: placeholders of {ids[0]!r} differ: {form!r}")
    return sorted(out)


def counts() -> dict[str, tuple[int, int]]:
    """Each language's (translated, all) messages."""
    template = extract()
    total = sum(1 for m in template if m.id)
    out = {}
    for lang in TRANSLATED:
        done = sum(
            1
            for m in read(lang)
            if m.id
            and not m.fuzzy
            and all(m.string if isinstance(m.string, tuple) else (m.string,))
        )
        out[lang] = (done, total)
    return out


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "update":
        update()
        for lang, (done, total) in counts().items():
            print(f"{lang}: {done} of {total} messages translated")
        return 0
    if command == "check":
        template = extract()
        found = [line for lang in TRANSLATED for line in problems(lang, template)]
        print("\n".join(found) or "every catalogue is complete")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
