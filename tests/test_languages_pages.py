"""The Gap grader, the Leaderboard checker, Check a claim, the recompute box, the Luck simulator
and Interval coverage in German and Spanish (``?lang=``): each documented example link of ``docs/urls.md`` and the states a class
meets (counts of discordant questions, a refused link value, predict first, an uploaded file,
a pasted German or Spanish claim) show no English message and only the language's own numbers,
in the text, the tables and the charts.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl

import pytest
from conftest import ROOT, app_test
from fixtures_items import paired_scores, wide_csv
from test_languages import NBSP, english_left, texts

GRADER, BOARD, CLAIM, BOX = (
    "app_pages/gap-grader.py",
    "app_pages/leaderboard.py",
    "app_pages/check_a_claim.py",
    "app_pages/box.py",
)
# A launch sentence as a German and a Spanish article would write it.
DE_CLAIM = "Modell X erreicht 71,2 % auf GSM8K, 3,1 Prozentpunkte vor Modell Y"
ES_CLAIM = "El modelo X logra un 87,3 % en GPQA Diamond frente al 85,1 % del modelo Y"
LUCK, COVERAGE = "app_pages/luck-simulator.py", "app_pages/coverage.py"
ROUTES = {GRADER: "/gap-grader", BOARD: "/leaderboard", CLAIM: "/", BOX: "/box",
          LUCK: "/luck-simulator", COVERAGE: "/coverage"}  # fmt: skip


def documented(page: str) -> list[dict[str, str]]:
    """The example links docs/urls.md gives for the page, as their (decoded) queries."""
    doc = (ROOT / "docs" / "urls.md").read_text()
    links = re.findall(rf"`{re.escape(ROUTES[page])}\?([^`]*)`", doc)
    assert links, page
    return [dict(parse_qsl(link)) for link in links]


STATES = [
    *((GRADER, q) for q in documented(GRADER)),
    (GRADER, {}),
    (GRADER, {"a": "82", "b": "78", "n": "448", "options": "4"}),
    (GRADER, {"a": "71.2", "b": "70.9", "n": "1319", "name_a": "X", "name_b": "Y"}),
    (GRADER, {"a_only": "3", "b_only": "1", "n": "40"}),  # a small table: the exact test
    (GRADER, {"a_only": "300", "b_only": "8", "n": "198"}),  # a refused link value: no verdict
    (GRADER, {"predict": "true", "a": "82", "b": "78", "n": "100"}),
    (GRADER, {"mode": "file"}),  # the example files
    *((BOARD, q) for q in documented(BOARD)),
    (BOARD, {}),
    (BOARD, {"predict": "true"}),
    *((CLAIM, q) for q in documented(CLAIM)),
    (CLAIM, {"claim": DE_CLAIM}),
    (CLAIM, {"claim": ES_CLAIM}),
    (CLAIM, {"a": "82", "b": "78", "n": "100", "predict": "true"}),
    *((BOX, q) for q in documented(BOX)),
    (BOX, {"a": "82", "b": "78"}),  # n missing: the box asks for it
    *((LUCK, q) for q in documented(LUCK)),
    *((COVERAGE, q) for q in documented(COVERAGE)),
]
# States that show no percent: a refused count, a box still missing its count.
QUIET = ({"a_only": "300", "b_only": "8", "n": "198"}, {"a": "82", "b": "78"})
ENGLISH_WORDS = ('"Questions"', '"Lead (points)"', '"Model A"', '"Score (%)"', '"Chance"',
                 '"Inside the noise"', '"Only A right"', '"Only B right"', '"Scores (%)"',
                 '"0 points: no lead"', '"What"', '"Interval"')  # fmt: skip


def shown(at) -> str:
    """Every text :func:`test_languages.texts` reads, the tables' headers and cells, and the
    data editors' headers (their numbers are drawn by the browser, in the column's format)."""
    cells = [t.value.astype(str).to_csv() for t in at.table]
    headers = [",".join(map(str, d.value.columns)) for d in at.dataframe]
    return "\n".join([*texts(at), *cells, *headers])


def assert_local(at, lang: str, *, numbers: bool = True) -> None:
    """Nothing of the English catalogue, no English number, charts in the language's locale;
    and (``numbers``) a percent written the language's way."""
    assert not at.exception, [e.value for e in at.exception]
    said = re.sub(r"\]\([^)]*\)", "]", shown(at))  # a link's target is a URL ("%C3%96")
    said = re.sub(r"background\[\*\*[^*]*\*\*\]", "", said)  # a claim's own number, as written
    assert [part for part in english_left(lang) if part in said] == []
    assert not re.search(r"\d\.\d+ ?%", said)  # "82.75%": an English number
    assert not re.search(r"\d%", said)  # a percent without its no-break space
    assert not numbers or re.search(rf"\d{NBSP}%", said)
    for chart in at.get("vega_lite_chart"):
        spec = chart.proto.spec
        assert '"decimal": ","' in spec and '"minus": "\\u2212"' in spec
        assert not [w for w in ENGLISH_WORDS if w in spec]


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize(("page", "query"), STATES)
def test_the_page_shows_no_english_and_local_numbers(page, query, lang):
    at = app_test(page, lang=lang, timeout=120, **query).run()
    quiet = query.get("predict") == "true" or query in QUIET  # no percent on the page yet
    assert_local(at, lang, numbers=not quiet)


@pytest.mark.parametrize("lang", ["de", "es"])
def test_an_uploaded_file_is_graded_in_the_language(lang):
    at = app_test(GRADER, lang=lang, timeout=120, mode="file").run()
    a, b = paired_scores(198, 20, 8, 122)
    at.get("file_uploader")[0].set_value(
        [("results.csv", wide_csv({"gpt": a, "claude": b}), "text/csv")]
    )
    assert_local(at.run(), lang)
    assert "gpt" in shown(at) and "claude" in shown(at)


def test_a_german_and_a_spanish_claim_get_their_verdict_in_the_language():
    de = "\n".join(texts(app_test(CLAIM, lang="de", claim=DE_CLAIM).run()))
    assert "71,2\u00a0%" in de and "3,1 Punkte" in de
    es = "\n".join(texts(app_test(CLAIM, lang="es", claim=ES_CLAIM).run()))
    assert "87,3\u00a0%" in es and "85,1\u00a0%" in es
