"""The site in English, German and Spanish (``?lang=``): every page renders in each, and the two
pages translated whole (the Luck simulator, Interval coverage) show no English and only the
language's own numbers.

- every registered page, in each language, runs without an exception;
- on the two pages in German and Spanish no translated message is left in English, percents
  carry the no-break space and the decimal comma, the chart's ``config.locale`` writes numbers
  the same way, and the CSV download's headers are translated while its numbers stay machine
  numbers;
- the sidebar's picker switches the language and keeps the rest of the link; a part of the page
  rerun alone (the +1 button) stays in the language; the permalink a download carries keeps it;
- a bad ``lang`` falls back to English; English is the default.
"""

from __future__ import annotations

import re

import pandas as pd
import pytest
from conftest import app_test

from benchstats import language
from benchstats.charts import captioned_csv
from benchstats.language import using
from tools import messages as catalogue
from ui.registry import PAGES

TRANSLATED_PAGES = ("app_pages/luck-simulator.py", "app_pages/coverage.py")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
NBSP = "\u00a0"


def texts(at) -> list[str]:
    """Every text the page shows: markdown, captions, notes, tiles, widgets' labels and help."""
    out = [str(m.value) for m in (*at.markdown, *at.caption, *at.info, *at.warning, *at.error)]
    out += [f"{m.label}\n{m.value}\n{m.help or ''}" for m in at.metric]
    for kind in ("button", "slider", "number_input", "selectbox", "toggle", "select_slider"):
        for w in at.get(kind):
            out.append(f"{getattr(w, 'label', '')}\n{getattr(w, 'help', '') or ''}")
    return out


def english_left(lang: str) -> list[str]:
    """The English of every message translated into ``lang`` (its longest literal part): what
    must not show on a translated page."""
    left = []
    for message in catalogue.read(lang):
        if not message.id or message.context or isinstance(message.id, tuple):
            continue
        if message.string == message.id:
            continue
        part = max(PLACEHOLDER.split(message.id), key=len).strip()
        if len(part) >= 14 and not part.startswith("**Lead or Luck**"):
            left.append(part)
    return left


@pytest.mark.parametrize("lang", language.LANGUAGES)
@pytest.mark.parametrize("page", [p.file for p in PAGES])
def test_every_page_renders_in_each_language(page, lang):
    at = app_test(page, lang=lang).run()
    assert not at.exception, [e.value for e in at.exception]


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize("page", TRANSLATED_PAGES)
def test_a_translated_page_shows_no_english_and_local_numbers(page, lang):
    at = app_test(page, lang=lang, runs=100).run()
    assert not at.exception
    shown = "\n".join(texts(at))
    english = [part for part in english_left(lang) if part in shown]
    assert english == []
    assert not re.search(r"\d\.\d+ ?%", shown)  # "82.75%": an English number
    assert not re.search(r"\d%", shown)  # a percent without its no-break space
    assert re.search(rf"\d,\d+{NBSP}%", shown)
    spec = at.get("vega_lite_chart")[0].proto.spec
    assert '"decimal": ","' in spec and '"minus": "\\u2212"' in spec
    assert '"Share of runs (%)"' not in spec and '"True score (%)"' not in spec


def test_german_groups_thousands_and_spanish_from_five_digits():
    de = "\n".join(texts(app_test(TRANSLATED_PAGES[0], lang="de", runs=1000).run()))
    es = "\n".join(texts(app_test(TRANSLATED_PAGES[0], lang="es", runs=1000).run()))
    assert "Lauf 1.000:" in de and "+1.000" in de
    assert "Ronda 1000:" in es and "+1000" in es
    with using("es"):
        from benchstats import words

        assert words.count(14042) == "14.042" and words.count(1319) == "1319"


def test_the_luck_page_says_its_answer_in_german():
    at = app_test(TRANSLATED_PAGES[0], lang="de").run()
    headline = at.markdown[1].value
    assert "Allein der Zufall bringt zwei gleich gute Modelle (je 80\u00a0%)" in headline
    assert "53,55\u00a0% der Läufe mindestens 4,0 Punkte auseinander" in headline
    assert {m.label: m.value for m in at.metric}["Exakte Wahrscheinlichkeit"] == "53,55\u00a0%"


def test_the_coverage_page_says_its_answer_in_spanish():
    at = app_test(TRANSLATED_PAGES[1], lang="es").run()
    said = "\n".join(texts(at))
    assert "solo el 63,9\u00a0% de las veces, no el 95\u00a0%" in said
    assert "Wilson, con tu puntuación verdadera\n92,5\u00a0%" in said


def test_english_is_the_default_and_a_bad_lang_falls_back_to_it():
    for query in ({}, {"lang": "fr"}, {"lang": "<b>"}):
        at = app_test(TRANSLATED_PAGES[0], **query).run()
        assert not at.exception
        assert at.markdown[1].value.endswith(
            "Luck alone puts two equally good models (80% each) at least 4.0 points apart in "
            "53.55% of runs on 100 questions."
        )


def test_the_picker_switches_the_language_and_keeps_the_link():
    at = app_test(TRANSLATED_PAGES[0], p=70, d=6).run()
    picker = next(s for s in at.selectbox if s.label == "Language")
    assert picker.options == ["English", "Deutsch", "Español"]
    picker.set_value("es").run()
    assert at.query_params["lang"] == "es" and at.query_params["p"] == "70"
    assert next(s for s in at.selectbox if s.label == "Idioma").value == "es"
    assert "(70\u00a0% cada uno) por al menos 6,0 puntos" in at.markdown[1].value


def test_a_part_rerun_alone_stays_in_the_language():
    at = app_test(TRANSLATED_PAGES[0], lang="de", runs=10).run()
    next(b for b in at.button if b.label == "+1").click().run()
    assert not at.exception
    shown = "\n".join(texts(at))
    assert "Lauf 11:" in shown and "Run 11" not in shown


def test_a_download_carries_the_link_in_its_language():
    from ui import figure, settings

    at = app_test(TRANSLATED_PAGES[0], lang="de").run()
    assert not at.exception
    s = settings.Settings("luck", (), lang="de")
    cap = figure.caption(s, "Titel", "Urteil", [])
    assert cap.source.endswith("?lang=de")


def test_a_german_csv_has_german_headers_and_machine_numbers():
    from benchstats.charts.luck import csv_columns

    with using("de"):
        headers = csv_columns()
        table = pd.DataFrame({"from_pts": [-1.5], "runs_closer": [1319]}).rename(columns=headers)
        text = captioned_csv(table, None).decode()
    assert text.splitlines() == ["von_pkt,laeufe_darunter", "-1.5,1319"]
