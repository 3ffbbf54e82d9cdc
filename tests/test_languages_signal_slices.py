"""Signal and noise and Slices in German and Spanish (``?lang=``): each documented example link
of ``docs/urls.md`` and the other states a class meets (predict first, the reader's table, a
refused link value) show no English message and only the language's own numbers, in the text,
the tables and the charts; their downloads' headers are the language's while the numbers stay
machine numbers; every sentence builder, on any input, fills its whole message and writes its
numbers the language's way; English stays as it was.
"""

from __future__ import annotations

import re

import pytest
from conftest import ROOT, app_test
from hypothesis import given, settings
from hypothesis import strategies as st
from test_languages import NBSP, english_left, texts

from benchstats.charts import captioned_csv
from benchstats.charts import signal_noise as sn_charts
from benchstats.charts import slices as sl_charts
from benchstats.language import using
from benchstats.prose import signal_noise as sn_prose
from benchstats.prose import slices as sl_prose
from benchstats.signal_noise import (
    checkpoint_questions,
    detectable_change,
    signal_to_noise,
    simulate_checkpoints,
)
from benchstats.slices import (
    compare_slices,
    simulate_scaling_curves,
    simulate_slices,
    slice_luck,
    slice_table,
)
from ui.sections.slices import EXAMPLE

SIGNAL, SLICES = "app_pages/signal-noise.py", "app_pages/slices.py"
ROUTES = {SIGNAL: "/signal-noise", SLICES: "/slices"}


def documented(page: str) -> list[dict[str, str]]:
    """The example links docs/urls.md gives for the page, as their queries."""
    doc = (ROOT / "docs" / "urls.md").read_text()
    links = re.findall(rf"`{re.escape(ROUTES[page])}\?([^`]*)`", doc)
    assert links, page
    return [dict(pair.split("=", 1) for pair in link.split("&")) for link in links]


STATES = [
    *((SIGNAL, q) for q in documented(SIGNAL)),
    (SIGNAL, {}),
    (SIGNAL, {"preset": "large-benchmark", "average": "1"}),
    (SIGNAL, {"preset": "small-benchmark", "discordance": "1"}),  # no change reaches 80% power
    (SIGNAL, {"preset": "table"}),  # the example table
    (SIGNAL, {"checkpoints": "5", "window": "5", "average": "5"}),  # a refused link value
    (SIGNAL, {"predict": "true"}),
    *((SLICES, q) for q in documented(SLICES)),
    (SLICES, {}),
    (SLICES, {"n": "198", "slices": "4", "runs": "100", "correction": "bh", "alpha": "0.2"}),
    (SLICES, {"n": "50", "slices": "1", "runs": "10"}),
    (SLICES, {"n": "3", "slices": "5"}),  # a refused link value
    (SLICES, {"predict": "true"}),
    (SLICES, {"mode": "table"}),  # no table yet
    (SLICES, {"table": EXAMPLE}),  # the example table, graded
]
ENGLISH_WORDS = ('"Last checkpoint"', '"Model A"', '"Benchmark score (%)"', '"Questions"',
                 '"Inside the noise"', '"True score"', '"Slices tested (count)"')  # fmt: skip


def shown(at) -> str:
    """Every text :func:`test_languages.texts` reads, and the tables' headers and cells."""
    tables = [t.value for t in at.table]
    cells = [df.astype(str).to_csv() for df in tables]  # the header row, the index, the cells
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
    assert not re.search(r"(?<![\d.,])\d+\.\d(?!\d)", said.replace("arXiv:2508.13144", ""))
    assert re.search(rf"\d{NBSP}%", said)
    for chart in at.get("vega_lite_chart"):
        spec = chart.proto.spec
        assert '"decimal": ","' in spec and '"minus": "\\u2212"' in spec
        assert not [w for w in ENGLISH_WORDS if w in spec]


def test_signal_and_noise_says_its_answer_in_german_and_spanish():
    de = "\n".join(texts(app_test(SIGNAL, lang="de").run()))
    assert "Vier knapp beieinanderliegende Modelle (50–53\u00a0%), 20 Checkpoints mit je 500 " in de
    assert "Das Signal-Rausch-Verhältnis beträgt" in de
    es = "\n".join(texts(app_test(SIGNAL, lang="es", preset="spread", n=500).run()))
    assert (
        "Cuatro modelos separados (40–64\u00a0%), 20 checkpoints de 500 preguntas, semilla 1" in es
    )
    assert "un cambio de 2 puntos necesita **3925** preguntas" in es  # Spanish groups from five


def test_signal_and_noise_downloads_have_the_languages_headers_and_machine_numbers():
    runs = simulate_checkpoints([0.4, 0.5], checkpoints=6, seed=1)
    with using("de"):
        curves = sn_charts.curves_figure(sn_charts.curve_frames(runs, average=2, window=3))
        mde = sn_charts.mde_figure(sn_charts.mde_frame((200, 5000)))
        text = captioned_csv(curves.table, None).decode() + captioned_csv(mde.table, None).decode()
    assert text.splitlines()[0] == "modell,schritt,ergebnis,gemittelt,wahr"
    assert "fragen,aenderung,uneinig" in text and re.search(r"\n200,8\.8\d*,20\.0", text)


def test_slices_says_its_answer_in_german_and_spanish():
    de = "\n".join(texts(app_test(SLICES, lang="de").run()))
    assert "Zwei gleich gute Modelle mit 50\u00a0%, 198 Fragen in 4 Teilmengen zu je etwa 50" in de
    assert "in 20,48\u00a0% der Läufe mindestens eine Teilmenge bei 5\u00a0%" in de
    es = "\n".join(texts(app_test(SLICES, lang="es", table=EXAMPLE).run()))
    assert "La tabla de ejemplo (puntuaciones inventadas): " in es


def test_slices_downloads_have_the_languages_headers_and_machine_numbers():
    t = slice_table(["a", "b"], [50, 50], [0.8, 0.6], [0.6, 0.6])
    with using("es"):
        fig = sl_charts.slices_figure(compare_slices(t))
        text = captioned_csv(fig.table, None).decode()
        curve = captioned_csv(sl_charts.any_significant_figure(
            sl_charts.any_significant_frame(3)).table, None).decode()  # fmt: skip
    lines = text.splitlines()
    assert (
        lines[0] == "subconjunto,n,ventaja,inferior,superior,valor_p,p_ajustado,estado,correccion"
    )
    assert lines[2].startswith("b,50,0.0,-19.2") and lines[2].endswith(",Dentro del ruido,Holm")
    assert curve.splitlines()[0] == "subconjuntos,probabilidad"
    assert curve.splitlines()[1].startswith("1,5.0")


def test_english_stays_as_it_was():
    said = "\n".join(texts(app_test(SIGNAL).run()))
    assert "Four close models (50–53%), 20 checkpoints of 500 questions, seed 1: the " in said
    assert "a 2-point change needs **3,925** questions" in said
    said = "\n".join(texts(app_test(SLICES).run()))
    assert (
        "Two equally good models at 50%, 198 questions in 4 slices of about 50: at least one "
        "slice looks “significant” at 5% in 20.48% of runs, by luck alone."
    ) in said


ENGLISH_DECIMAL = re.compile(r"(?<![\d.,])\d+\.\d{1,2}(?![\d])")  # "4.0", "0.10" (not "1.566")


def _local(text: str) -> bool:
    """No placeholder left, no English decimal, every percent after its no-break space."""
    return not re.search(r"[{}]|\d%", text) and not ENGLISH_DECIMAL.search(text)


scores = st.lists(st.floats(0.01, 0.99), min_size=2, max_size=4)


@settings(max_examples=60, deadline=None)
@given(
    lang=st.sampled_from(["de", "es"]),
    finals=scores,
    last=st.lists(st.floats(0.3, 0.7), min_size=2, max_size=6),
    k=st.integers(1, 10),
    window=st.integers(2, 10),
    n=st.integers(1, 100_000),
    d=st.floats(0.005, 0.5),
    preset=st.sampled_from(sorted(sn_prose.PRESETS)),
    rows=st.integers(1, 6),
)
def test_every_signal_and_noise_sentence_is_whole_and_local(
    lang, finals, last, k, window, n, d, preset, rows
):
    with using(lang):
        one = signal_to_noise(finals, last)
        flat = signal_to_noise(finals, [last[0]] * len(last))
        try:
            needed = checkpoint_questions(0.02, discordance=d)
        except ValueError:
            needed = None
        where = sn_prose.setup(preset, n, 20, 1)
        bad = [(i + 1, "x") for i in range(rows)]
        said = [
            where, sn_prose.question(where), *sn_prose.answer(one, flat, k, window, where),
            *sn_prose.answer(flat, one, k, window, where),
            sn_prose.table_setup(("a", "b"), 10, n if k > 3 else None, example=k % 2 == 0),
            sn_prose.models_line(("A", "B"), (0.5, 0.51), 0.25),
            sn_prose.pick_sentence(n, 0.5, 0.75, k, 1), sn_prose.toy_intro(300, 4, 20, 1),
            sn_prose.toy_sentence(one, flat, k, window),
            sn_prose.mde_sentence(n, detectable_change(n, discordance=d), needed, d),
            sn_prose.mde_sentence(None, None, needed, d), sn_prose.mde_cell(float("nan")),
            sn_prose.bad_rows(bad, file=k % 2 == 0, named=3),
            *(x for row in sn_prose.quoted() for x in row[:2]),
        ]  # fmt: skip
    assert [s for s in said if not _local(s)] == []


@settings(max_examples=40, deadline=None)
@given(
    lang=st.sampled_from(["de", "es"]),
    n=st.integers(1, 2_000),
    data=st.data(),
    alpha=st.sampled_from([0.001, 0.05, 0.2]),
    p=st.sampled_from([0.3, 0.5, 0.9]),
    seed=st.sampled_from([None, 1, 12345]),
)
def test_every_slices_sentence_is_whole_and_local(lang, n, data, alpha, p, seed):
    slices = data.draw(st.integers(1, min(n, 50)))
    k = data.draw(st.integers(1, 6))
    scores = data.draw(st.lists(st.floats(0, 1), min_size=2 * k, max_size=2 * k))
    with using(lang):
        luck = slice_luck(n, slices, p=p, alpha=alpha)
        sim = simulate_slices([max(1, n // slices)] * slices, 20, p=p, alpha=alpha, seed=seed)
        table = slice_table([f"s{i}" for i in range(k)], [50] * k, scores[:k], scores[k:])
        res = compare_slices(table, alpha=alpha)
        curves = simulate_scaling_curves([0.3, 0.4, 0.5], n, seed=seed)
        said = [
            sl_prose.caption_title(luck), sl_prose.question(luck), sl_prose.headline(luck),
            sl_prose.size_note(luck), sl_prose.comparison(res), sl_prose.table_luck(res),
            sl_prose.scaling(curves),
            *(x for tile in sl_prose.key_numbers(luck) for x in (tile.value, tile.help)),
            *(x for tile in sl_prose.simulated_numbers(sim) for x in tile),
            *(sl_prose.last_run(sim, c, r) for c in ("holm", "bh") for r in (0, sim.shown_run())),
        ]  # fmt: skip
    assert [x for x in said if not _local(x)] == []
