"""No text from outside draws anything but text: every page, every source of names.

Names reach the pages from four sources: the link (each page's text keys), a
pasted claim, a file (column, model and file names) and a leaderboard's rows.
Each case below loads a page through AppTest with hostile names
(:data:`hostile_text.NAMES`: a remote image, a link, bare addresses, LaTeX,
colour and icon directives, the Streamlit logo, bold, a right-to-left
override) from one source, and fails on any string Streamlit would render as
a link, an image, a formula or a directive (:func:`hostile_text.rendered`).
``test_browser_hostile_names.py`` checks the same pages in Chromium.
"""

from __future__ import annotations

import pytest
from conftest import app_test
from hostile_text import BARE, IMAGE, LINK, MAIL, MARKUP, NAMES, RLO, acts, markdown_texts, rendered

from benchstats.outside_text import JOINER, clean, markdown
from ui.keys import TEXT
from ui.registry import PAGES

CHECK, GRADER, BOARD = (
    "app_pages/check_a_claim.py",
    "app_pages/gap-grader.py",
    "app_pages/leaderboard.py",
)
BOX = "app_pages/box.py"
SLICES, SIGNAL, PASSK = "app_pages/slices.py", "app_pages/signal-noise.py", "app_pages/pass-at-k.py"
PAIRS = [(NAMES[i], NAMES[(i + 1) % len(NAMES)]) for i in range(len(NAMES))]
SCORES = {"a": 82, "b": 78, "n": 100}

LINKS = [
    *[(CHECK, {"name_a": x, "name_b": y, **SCORES}) for x, y in PAIRS],
    (CHECK, {"name_a": BARE, "name_b": MARKUP, "a": 82}),  # "No verdict yet: it needs …"
    *[(GRADER, {"name_a": x, "name_b": y, **SCORES}) for x, y in PAIRS[:3]],
    (GRADER, {"name_a": IMAGE, "name_b": MAIL, "a_only": 20, "b_only": 8, "n": 198}),
    (GRADER, {"name_a": RLO, "name_b": LINK, "mode": "se", "a": 82, "b": 78, "se_a": 1.5,
              "se_b": 1.6}),
    (GRADER, {"name_a": MARKUP, "name_b": BARE, "a_only": 20}),  # what the verdict waits for
    (CHECK, {"name_a": IMAGE, "name_b": BARE, "predict": "true", **SCORES}),  # guess first
    (GRADER, {"name_a": MAIL, "name_b": MARKUP, "predict": "true", **SCORES}),
    (BOARD, {"name_a": LINK, "name_b": MARKUP, "bench_rows": "MMLU:80:78:n500,GPQA:50:45:n198"}),
    (BOARD, {"name_a": IMAGE, "name_b": BARE, "bench_rows": "MMLU:80:78:n500,GPQA:50:45:n198"}),
    *[(BOX, {"name_a": x, "name_b": y, **SCORES}) for x, y in PAIRS[:3]],
    (BOX, {"name_a": BARE, "name_b": MARKUP, "a": 82}),  # what the box still needs
]  # fmt: skip


def board(names) -> str:
    """A ``rows=`` link value with these names (its own syntax: ``:`` and ``,`` are quoted)."""
    from urllib.parse import quote

    return ",".join(f"{quote(x, safe='')}:{70 + i}:n500" for i, x in enumerate(names))


ROWS = [(BOARD, {"rows": board(NAMES)}), (BOARD, {"rows": board(reversed(NAMES)), "bench": "mmlu"})]
CLAIMS = [  # the parser takes names of words and digits: an address, a control get through
    (CHECK, {"claim": "Www.Evil.Example solved 412 of 500 SWE-bench Verified tasks; Leopard 398"}),
    (CHECK, {"claim": f"Me@Evil.Example scores 87.3% on GPQA Diamond, beating {RLO} at 85.1%"}),
    (CHECK, {"claim": "X scores 71%, Y 69% and Z 65% on 500 questions", "pick": IMAGE}),
]
QUIET = [  # names that only reach a chart, a table or an input's value: nothing to find as Markdown
    (CHECK, {"claim": f"{IMAGE} scores 87.3%, beating {LINK} at 85.1% on 198 questions"}),
    (CHECK, {"claim": f"{MARKUP} 87.3% vs Model Y 85.1%"}),
    (SLICES, {"mode": "table", "table": "\n".join(f"{x}, 50, 80, 70" for x in NAMES)}),
]


def assert_plain(at, where: str, *, names: bool = True) -> None:
    """The run draws nothing but text, and (``names``) does show hostile names as Markdown."""
    assert not at.exception, f"{where}: {[e.value for e in at.exception]}"
    drawn = rendered(at)
    assert not drawn, f"{where}: draws " + "; ".join(f"{w} in {t[:160]!r}" for w, t in drawn)
    texts = markdown_texts(at)
    shown = any(word in t.lower() for t in texts for word in ("evil", "xyz", "bold"))
    assert shown or not names, f"{where}: no hostile name reached the page's Markdown"


@pytest.mark.parametrize(("page", "query"), LINKS + ROWS + CLAIMS + QUIET)
def test_names_from_a_link_a_claim_or_a_board_show_as_text(page, query):
    at = app_test(page, timeout=90, **query).run()
    assert_plain(at, f"{page} {query}", names=(page, query) not in QUIET)


def test_every_text_key_of_every_page_is_walked():
    walked = {(page, key) for page, query in LINKS + ROWS + CLAIMS + QUIET for key in query}
    text_keys = {(p.file, s.name) for p in PAGES for s in p.specs if s.kind == TEXT}
    assert text_keys <= walked, text_keys - walked


# --------------------------------------------------------------------------- files


def wide_csv(names) -> bytes:
    """A wide CSV with one column per name (quoted as CSV quotes), 40 questions."""
    import csv
    import io

    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["question_id", *names])
    for q in range(40):
        w.writerow([f"q{q}", *((q * (i + 2)) % 3 % 2 for i in range(len(names)))])
    return out.getvalue().encode()


def long_csv(names) -> bytes:
    import csv
    import io

    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["question_id", "model", "score"])
    for i, name in enumerate(names):
        w.writerows([f"q{q}", name, (q + i) % 2] for q in range(30))
    return out.getvalue().encode()


def upload(at, key: str, *files, many: bool = True):
    """Put ``files`` (name, bytes) in the uploader ``key`` and rerun."""
    given = [(name, raw, "text/csv") for name, raw in files]
    return at.file_uploader(key=key).set_value(given if many else given[0]).run()


PQ = "pq_files"  # the Gap grader's per-question uploader


@pytest.fixture(scope="module")
def grader_file():
    return app_test(GRADER, timeout=120, mode="file").run()


@pytest.mark.parametrize("pair", PAIRS[:4])
def test_a_files_column_names_show_as_text(grader_file, pair):
    at = upload(grader_file, PQ, (f"{pair[0]}.csv", wide_csv(pair)))
    assert_plain(at, f"wide CSV {pair}")
    assert at.get("vega_lite_chart"), "the file was graded"


def test_a_long_files_model_names_and_its_file_name_show_as_text(grader_file):
    at = upload(grader_file, PQ, (f"{LINK}.csv", long_csv(NAMES[:3])))
    assert_plain(at, "long CSV")


def test_a_files_many_models_all_show_as_text(grader_file):
    at = upload(grader_file, PQ, (f"{MARKUP}.csv", wide_csv(NAMES)))
    assert_plain(at, "six models")


def test_a_refused_files_message_shows_its_names_as_text(grader_file):
    at = upload(grader_file, PQ, (f"{IMAGE}.csv", b"question_id,x\nq1,banana " + BARE.encode()))
    assert at.error, "refused"
    assert_plain(at, "refused CSV")


def test_the_leaderboards_files_show_their_names_as_text():
    at = app_test(BOARD, timeout=120).run()
    at = upload(at, "lb_files", ("board.csv", wide_csv(NAMES)))
    assert_plain(at, "leaderboard files")


def test_signal_and_noise_shows_a_files_model_names_as_text():
    rows = "\n".join(
        f'"{x.replace(chr(34), chr(34) * 2)}",{s},{60 + s / 10}'
        for x in NAMES
        for s in range(1, 12)
    )
    at = app_test(SIGNAL, timeout=120, preset="table").run()
    at = upload(at, "sn_csv", ("runs.csv", f"model,step,score\n{rows}\n".encode()), many=False)
    assert_plain(at, "signal and noise file")
    assert not at.error, [e.value for e in at.error]


def test_pass_at_k_shows_a_files_name_as_text():
    at = app_test(PASSK, timeout=120, mix="upload").run()
    at = upload(at, "mix_csv", (f"{LINK}.csv", b"n,c\n10,3\n10,0\n10,10\n"), many=False)
    assert_plain(at, "pass@k file")


# --------------------------------------------------------------------------- the helper


@pytest.mark.parametrize("name", NAMES + ("[x](javascript:alert(1))", "<img src=x onerror=1>"))
def test_the_escape_shows_the_clean_text_and_draws_nothing(name):
    shown = markdown(name)
    assert acts(shown) is None
    assert acts(name) is not None or name.startswith("<"), "the check sees the raw name act"
    read = "".join(c for c in shown if c != JOINER)
    assert read.replace("\\", "") == clean(name).replace("\\", "")
