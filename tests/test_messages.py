"""The message catalogues against the code, and the glossary against the catalogues.

- every message the code holds is in each language's ``.po``, translated, not fuzzy, with the
  same ``{placeholders}``, and no ``.po`` holds a message the code no longer has (a file on
  ``tools/messages.py``'s ``UNTRANSLATED`` list may still stand untranslated);
- no ``_()`` inside an f-string (Babel's extractor cannot see it, so its message would never
  reach a catalogue);
- each glossary term's English in a translated message comes out as that language's term.
"""

from __future__ import annotations

import re
import tomllib

import pytest
from conftest import ROOT

from tools import messages as catalogue

TEMPLATE = catalogue.extract()
GLOSSARY = tomllib.loads((ROOT / "benchstats" / "glossary.toml").read_text())["term"]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@pytest.mark.parametrize("lang", catalogue.TRANSLATED)
def test_every_message_is_translated_and_none_is_stale(lang):
    assert catalogue.problems(lang, TEMPLATE) == []


def test_the_untranslated_list_names_files_that_exist():
    missing = [f for f in catalogue.UNTRANSLATED if not (ROOT / f).exists()]
    assert missing == []


def test_the_check_fails_on_a_missing_a_stale_and_a_fuzzy_message(tmp_path, monkeypatch):
    po = catalogue.read("de")
    first = next(m for m in po if m.id and not catalogue._untranslated_only(m))
    po.delete(first.id, context=first.context)
    po.add("A message the code never had", "Eine Nachricht, die der Code nie hatte")
    second = next(m for m in po if m.id and m.string and m.id != first.id and not m.pluralizable)
    second.flags.add("fuzzy")
    monkeypatch.setattr(catalogue, "LOCALE", tmp_path)
    catalogue.write("de", po)
    found = "\n".join(catalogue.problems("de", TEMPLATE))
    assert f"missing {first.id!r}" in found
    assert "stale 'A message the code never had'" in found
    assert f"fuzzy {second.id!r}" in found


def test_a_translation_keeps_its_placeholders(tmp_path, monkeypatch):
    po = catalogue.read("de")
    po["Source: {link}"].string = "Quelle: {url}"
    monkeypatch.setattr(catalogue, "LOCALE", tmp_path)
    catalogue.write("de", po)
    assert any("placeholders of 'Source: {link}'" in p for p in catalogue.problems("de", TEMPLATE))


def test_no_message_is_hidden_inside_an_f_string():
    inside = re.compile(r"""(?<![\w])[rR]?f["'][^"'\n]*\{[^{}"'\n]*\b(_|ngettext|pgettext)\(""")
    hidden = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in catalogue.source_files()
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if inside.search(line)
    ]
    assert hidden == []
    assert inside.search("""x = f"{_('Right.')}" """)  # the pattern sees one


def _holds(text: str, term: str) -> bool:
    flags = 0 if term.isupper() else re.IGNORECASE
    return re.search(rf"(?<![\w-]){re.escape(term)}(s|es)?(?![\w-])", text, flags) is not None


def _translations(lang: str):
    for message in catalogue.read(lang):
        if not message.id or message.context == "CSV column" or message.fuzzy:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english, local in zip((ids[0], ids[-1], ids[-1]), strings, strict=False):
            if local:
                yield PLACEHOLDER.sub(" ", english), PLACEHOLDER.sub(" ", local)


def test_the_glossary_has_every_term_in_each_language():
    assert len(GLOSSARY) >= 20
    for term in GLOSSARY:
        assert term["en"] and all(term.get(lang) for lang in catalogue.TRANSLATED), term


@pytest.mark.parametrize("lang", catalogue.TRANSLATED)
def test_a_glossary_term_is_translated_as_the_glossary_says(lang):
    used, wrong = set(), []
    for english, local in _translations(lang):
        for term in GLOSSARY:
            bare = english
            for phrase in term.get("not", []):
                bare = re.sub(re.escape(phrase), " ", bare, flags=re.IGNORECASE)
            if not _holds(bare, term["en"]):
                continue
            used.add(term["en"])
            if not any(form.lower() in local.lower() for form in term[lang]):
                wrong.append(f"{term['en']!r} → {term[lang][0]!r}: {english!r} = {local!r}")
    assert wrong == []
    assert len(used) >= 15  # the check reads real messages: most terms occur in them


def test_the_glossary_check_catches_a_term_translated_another_way():
    term = next(t for t in GLOSSARY if t["en"] == "standard error")
    english, local = "The standard error of the gap.", "Der Standardabweichungsfehler des Abstands."
    assert _holds(english, term["en"])
    assert not any(form.lower() in local.lower() for form in term["de"])
