"""Questions needed and the pass@k explainer in German and Spanish (``?lang=``): each documented
example link of ``docs/urls.md``, the articles' examples and the other states a class meets
(predict first, refused link values, the other mixes) show no English message and only the
language's own numbers, in the text, the tables and the charts; their downloads' headers are
the language's while the numbers stay machine numbers; an uploaded file's refusal is said in the
page's language; every sentence builder, on any input, fills its whole message and writes its
numbers the language's way; English stays as it was.
"""

from __future__ import annotations

import re

import pandas as pd
import pytest
from conftest import ROOT, app_test
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_languages import NBSP, english_left, texts

from benchstats import planning
from benchstats.charts import captioned_csv
from benchstats.charts import passk as passk_charts
from benchstats.charts import planning as planning_charts
from benchstats.language import using
from benchstats.passk import draw_counts
from benchstats.passk_mix import parse_problems_csv
from benchstats.prose import passk as passk_prose
from benchstats.prose import planning as plan_prose

NEEDED, PASSK = "app_pages/questions-needed.py", "app_pages/pass-at-k.py"
ROUTES = {NEEDED: "/questions-needed", PASSK: "/pass-at-k"}


def documented(page: str) -> list[dict[str, str]]:
    """The example links docs/urls.md gives for the page, as their queries."""
    doc = (ROOT / "docs" / "urls.md").read_text()
    links = re.findall(rf"`{re.escape(ROUTES[page])}\?([^`]*)`", doc)
    assert links, page
    return [dict(pair.split("=", 1) for pair in link.split("&")) for link in links]


STATES = [
    *((NEEDED, q) for q in documented(NEEDED)),
    *((PASSK, q) for q in documented(PASSK)),
    # the articles' example buttons write these
    (NEEDED, {"p": "80", "d": "1.5"}),
    (NEEDED, {"p": "70", "d": "2"}),
    (NEEDED, {"p": "94", "n": "198"}),
    (NEEDED, {"p": "80", "d": "4", "n": "5000", "sides": "one-sided"}),  # enough, one-sided
    (
        NEEDED,
        {
            "p": "98",
            "d": "10",
            "discordance": "90",
            "omega2": "0",
            "sigma2_a": "0",
            "sigma2_b": "0",
        },
    ),  # fmt: skip
    (NEEDED, {"predict": "true"}),
    (PASSK, {"samples": "10", "passed": "12", "k": "20", "p_correct": "70", "p_distractor": "50"}),
    (PASSK, {"samples": "10", "passed": "9", "k": "5", "mix": "easy-and-impossible"}),
    (PASSK, {"samples": "200", "passed": "0", "k": "100", "mix": "all-medium"}),
    (PASSK, {"predict": "true", "p_correct": "40", "p_distractor": "20"}),
]
ENGLISH_WORDS = ('"Can see your lead"', '"Unpaired"', '"Unbiased estimate"', '"No passing sample"',
                 '"Your p"', '"maj@k: the vote is right"', '"Questions (log scale)"')  # fmt: skip


def shown(at) -> str:
    """Every text :func:`test_languages.texts` reads, and the tables' headers and cells."""
    tables = [t.value for t in at.table]
    cells = [df.astype(str).to_csv(index=False) for df in tables]  # the header row, the cells
    return "\n".join([*texts(at), *cells])


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize(("page", "query"), STATES)
def test_the_page_shows_no_english_and_local_numbers(page, query, lang):
    at = app_test(page, lang=lang, timeout=120, **query).run()
    assert not at.exception, [e.value for e in at.exception]
    said = shown(at)
    assert [part for part in english_left(lang) if part in said] == []
    assert not re.search(r"\d\.\d+ ?%", said)  # "82.75%": an English number
    assert not re.search(r"\d%", said)  # a percent without its no-break space
    assert not re.search(r"\d,\d{3} (Fragen|preguntas|Samples|muestras)", said)  # "1,566 Fragen"
    assert re.search(rf"\d{NBSP}%", said)
    for chart in at.get("vega_lite_chart"):
        spec = chart.proto.spec
        assert '"decimal": ","' in spec and '"minus": "\\u2212"' in spec
        assert not [w for w in ENGLISH_WORDS if w in spec]


def test_questions_needed_says_its_answer_in_german_and_spanish():
    de = "\n".join(texts(app_test(NEEDED, lang="de", p=80, d=4, n=198).run()))
    assert "Ein Vorsprung von 4,0 Punkten nahe 80\u00a0% braucht 1.566 Fragen." in de
    assert "Zu wenige: 198 Fragen erkennen Vorsprünge erst ab etwa 11,3 Punkten nahe 80" in de
    es = "\n".join(texts(app_test(NEEDED, lang="es", p=80, d=4).run()))
    assert "Una ventaja de 4,0 puntos cerca del 80\u00a0% necesita 1566 preguntas." in es
    assert "necesita 982 preguntas en vez de 1566" in es  # Spanish groups from five digits


def test_pass_at_k_says_its_answer_in_spanish():
    es = "\n".join(texts(app_test(PASSK, lang="es", samples=20, passed=3, k=5).run()))
    assert (
        "pass@5 = 60,09\u00a0%: la parte de las 15.504 formas de elegir 5 de estas 20 muestras "
        "que contienen un acierto. El atajo da 55,63\u00a0%, 4,5 puntos por debajo."
    ) in es


def test_a_refused_link_value_reads_as_one_german_sentence():
    de = "\n".join(w.value for w in app_test(PASSK, lang="de", samples=10, passed=12).run().warning)
    assert (
        "passed muss höchstens samples = 10 (es können nicht mehr Samples bestehen, als gezogen "
        "wurden) sein."
    ) in de


def test_an_uploaded_files_refusal_is_said_in_the_pages_language():
    bad = b"n,c\n20,3\n20,25\n20,three\n"
    with using("de"), pytest.raises(ValueError) as de:
        parse_problems_csv(bad)
    assert str(de.value) == (
        "2 Zeilen der Datei sind nicht verwendbar: Zeile 3: c = 25 bestanden ist mehr als "
        "n = 20 Samples; Zeile 4: c = 'three' ist keine ganze Zahl"
    )
    with using("es"), pytest.raises(ValueError, match="^el archivo está vacío"):
        parse_problems_csv(b"")
    with pytest.raises(ValueError, match="^2 lines of the file can't be used: line 3: c = 25"):
        parse_problems_csv(bad)


def test_downloads_have_the_languages_headers_and_machine_numbers():
    with using("de"):
        mde = planning_charts.mde_table_frame(planning.mde_table())
        figure = passk_charts.figure("avg", pd.DataFrame({"k": [1], "se": [4.6], "se_within": [
            2.5], "floor": [3.9]}))  # fmt: skip
        plan = planning.plan_lead(0.8, 0.04)
        text = captioned_csv(figure.table, None).decode() + captioned_csv(mde, None).decode()
        title = plan_prose.needed_headline(plan)
    assert text.splitlines()[:2] == ["k,sf,sf_sampling,untergrenze", "1,4.6,2.5,3.9"]
    assert "Fragen,Nahe 50\u00a0% (Punkte)" in text and "\n1000,6.3," in text
    assert title.startswith("Ein Vorsprung von 4,0 Punkten")


def test_english_stays_as_it_was():
    at = app_test(NEEDED, p=80, d=4, n=198).run()
    said = "\n".join(texts(at))
    assert "A 4.0-point lead near 80% needs 1,566 questions." in said
    assert (
        "Too few: 198 questions can see leads of about 11.3 points or more near 80%, and a "
        "4.0-point lead needs 1,566."
    ) in said
    assert [str(c) for c in at.table[1].value.columns][:2] == ["Questions", "Near 50% (points)"]


ENGLISH_DECIMAL = re.compile(r"(?<![\d.,])\d+\.\d{1,2}(?![\d])")  # "4.0", "0.10" (not "1.566")


def _local(text: str) -> bool:
    """No placeholder left, no English decimal, every percent after its no-break space."""
    return not re.search(r"[{}]|\d%", text) and not ENGLISH_DECIMAL.search(text)


@settings(max_examples=60, deadline=None)
@given(
    lang=st.sampled_from(["de", "es"]),
    p=st.integers(5, 95),
    d=st.sampled_from([0.5, 1.5, 4.0, 8.0, 11.0]),
    n=st.integers(1, 20_000),
    k=st.sampled_from([1, 2, 10, 1000]),
    sides=st.sampled_from([1, 2]),
)
def test_every_planning_sentence_is_whole_and_local(lang, p, d, n, k, sides):
    assume(d / 100 < planning.largest_lead_near(p / 100))
    with using(lang):
        plan = planning.plan_lead(p / 100, d / 100, sides=sides)
        low, high = planning.discordance_bounds(plan.a, plan.b)
        pp = planning.paired_plan(plan, (low + high) / 2, n)
        r = planning.reach(plan, n)
        rp = planning.repeats_plan(plan, k, (1 / 9, 1 / 6, 1 / 6), n=n)
        cp = planning.cluster_plan(plan, 10, 0.1, n=n)
        said = [
            plan_prose.question(plan), plan_prose.needed_headline(plan),
            plan_prose.curve_headline(plan), plan_prose.reach_headline(plan, r),
            plan_prose.reach_help(plan, r), plan_prose.curve_sentence(plan, None),
            plan_prose.paired_sentence(plan, pp), plan_prose.repeats_floor_sentence(rp),
            plan_prose.repeats_cost(plan, rp), plan_prose.clusters_sentence(plan, cp),
            plan_prose.clusters_step(cp), plan_prose.repeats_step(rp),
            plan_prose.lead_allowed(plan.p), plan_prose.discordance_allowed(plan.a, plan.b, low, high),
            plan_prose.levels_sentence(plan, planning.needed_at(plan, 0.5), planning.needed_at(plan, 0.95)),
            *plan_prose.arithmetic(plan, r, pp),
        ]  # fmt: skip
    assert [s for s in said if not _local(s)] == []


@settings(max_examples=60, deadline=None)
@given(lang=st.sampled_from(["de", "es"]), n=st.integers(1, 300), data=st.data())
def test_every_pass_at_k_sentence_is_whole_and_local(lang, n, data):
    c = data.draw(st.integers(0, n))
    k = data.draw(st.integers(1, n))
    with using(lang):
        d = draw_counts(n, c, k)
        said = [
            passk_prose.question(n, c, k), passk_prose.problem_headline(d),
            passk_prose.draws_note(d), passk_prose.problem_arithmetic(d)[0],
            passk_prose.shortcut_arithmetic(d), passk_prose.samples_allowed(n, "passes"),
            passk_prose.samples_allowed(n, "tries"), passk_prose.distractor_allowed(c % 100),
        ]  # fmt: skip
    assert [s for s in said if not _local(s)] == []
