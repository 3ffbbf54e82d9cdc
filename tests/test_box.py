"""The recompute box: ``/box`` against Check a claim, "Embed this check", the static file, the CLI.

``/box`` grades with Check a claim's own function, so its verdict and its four figures must
be the very strings Check a claim shows for the same link; it grades only what the link gives.
The static file (``benchstats.box``) is checked here for what it holds (size, no requests
possible, names as data); ``tests/test_browser_box.py`` runs its code in Chromium.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import sys
from urllib.parse import parse_qs, urlsplit

import pytest
from conftest import ROOT, app_test, card_numbers

from benchstats.box import MAX_BYTES, MAX_QUESTIONS, static_box, template
from benchstats.cli import main
from benchstats.grading import Names, grade_reported_se, grade_unpaired
from benchstats.prose.box import NEEDED, NO_COUNT, NO_LEAD, RANGE, figures
from benchstats.prose.claim import LUCK, plan_numbers
from ui import registry
from ui.sections.embed import why_not

BOX = "app_pages/box.py"
FIGURE = re.compile(r"^\*\*(?P<value>.+)\*\*  \n:small\[(?P<label>.+)\]$", re.S)


def unescaped(text: str) -> str:
    """Markdown as the reader reads it (ui.verdict.escape_markdown undone)."""
    return re.sub(r"\\(.)", r"\1", text)


def box_says(at) -> tuple[str | None, dict[str, str]]:
    """The box's verdict sentence (None when it shows none) and its figures, label → value."""
    said = [m.value for m in at.markdown]
    verdict = next((m for m in said if m.startswith("**:")), None)
    if verdict is not None:
        verdict = unescaped(verdict.removeprefix("**").removesuffix("**").split("] ", 1)[1])
    shown = {}
    for m in said:
        if match := FIGURE.match(m):
            shown[unescaped(match["label"])] = unescaped(match["value"])
    return verdict, shown


def check_says(at) -> tuple[str, dict[str, str]]:
    """Check a claim's verdict sentence and its card's and planning list's numbers."""
    head = next(m.value for m in at.markdown if m.value.startswith("#### "))
    return unescaped(head.split("] ", 1)[1]), card_numbers(at)


CLAIMS = {
    "articles": {"a": 82, "b": 78, "n": 100},
    "preset-names": {
        "a": 87.3, "b": 85.1, "bench": "gpqa-diamond", "name_a": "Model X", "name_b": "Model Y",
    },
    "clears-below": {"a": 61, "b": 70.5, "n": 2000, "name_a": "*bold* [x](y)", "name_b": "B_2"},
    "both-at-100-and-0": {"a": 100, "b": 0, "n": 7},
    "both-at-0": {"a": 0, "b": 0, "n": 5},
    "no-lead": {"a": 50, "b": 50, "n": 1000},
    "one-question": {"a": 100, "b": 0, "n": 1},
    "reported-se": {"a": 93.43, "b": 95.2, "se_a": 1.24, "se_b": 1.07},
}  # fmt: skip


@pytest.mark.parametrize("query", CLAIMS.values(), ids=CLAIMS.keys())
def test_the_box_says_what_check_a_claim_says(query):
    box = app_test(BOX, **query).run()
    check = app_test("app_pages/check_a_claim.py", **query).run()
    assert not box.exception and not check.exception
    (verdict, shown), (headline, card) = box_says(box), check_says(check)
    assert verdict == headline
    se_label = "SE if equally good" if query.get("b") == 0 and query["a"] in (0, 100) else None
    se_label = se_label or "SE of the gap"
    assert list(shown) == [se_label, RANGE, NEEDED, LUCK]
    assert shown[se_label] == card[se_label] and shown[RANGE] == card[RANGE]
    if "se_a" in query:  # from reported SEs there is no count to plan on; luck is the normal p
        assert NEEDED not in card and shown[NEEDED] == NO_COUNT
        assert shown[LUCK] == card[LUCK]
    elif query["a"] == query["b"]:
        assert NEEDED not in card and shown[NEEDED] == NO_LEAD
        assert shown[LUCK] == card[LUCK]
    else:
        assert shown[NEEDED] == card[NEEDED] and shown[LUCK] == card[LUCK]


def test_the_figures_come_from_the_cards_functions():
    g = grade_unpaired(0.82, 0.78, 100)
    assert [(k.label, k.value) for k in figures(g)] == [
        ("SE of the gap", "5.65 points"),
        (RANGE, "−7.1 to +15.1"),
        (NEEDED, "1,566"),
        (LUCK, "54%"),
    ]
    assert NEEDED in {k.label for k in plan_numbers(g)}  # the label is the planning list's
    se = figures(grade_reported_se(0.9, 0.01, 0.8, 0.02))
    assert [k.value for k in se[2:]] == [NO_COUNT, "less than 0.1%"]  # the normal p, as the card


@pytest.mark.parametrize(
    ("query", "needs"),
    [
        ({}, "the score of A, the score of B and the number of questions (or a benchmark preset)"),
        ({"a": 82, "n": 100}, "the score of B"),
        ({"a": 82, "b": 78, "name_a": "X"}, "the number of questions (or a benchmark preset)"),
        ({"a": 82, "b": 78, "se_a": 1.2}, "both reported standard errors (or the number of questions)"),
    ],
    ids=["nothing", "no-b", "no-n", "one-se"],
)  # fmt: skip
def test_the_box_grades_only_what_the_link_gives_and_says_what_is_missing(query, needs):
    at = app_test(BOX, **query).run()
    assert not at.exception
    assert [unescaped(i.value) for i in at.info] == [
        f"**No verdict yet: it needs {needs}.** Type it below."
    ]
    assert box_says(at) == (None, {})
    assert not at.get("vega_lite_chart")


def test_a_refused_value_is_named_and_nothing_is_graded():
    at = app_test(BOX, a="banana", b=78, n="1e12").run()
    notes = [w.value for w in at.warning]
    assert any("`a=banana`" in w and "0 to 100" in w for w in notes), notes
    assert any("`n=1e12`" in w for w in notes), notes
    assert box_says(at) == (None, {})


def test_a_preset_fills_and_locks_the_questions():
    at = app_test(BOX, a=87.3, b=85.1, bench="gpqa-diamond").run()
    n = at.number_input(key="n")
    assert n.value == 198 and n.disabled
    assert any(c.value == "From the GPQA Diamond preset." for c in at.caption)


def test_the_box_links_to_the_full_check_with_the_same_claim():
    query = {"a": 87.3, "b": 85.1, "bench": "gpqa-diamond", "name_a": "Model X"}
    at = app_test(BOX, **query).run()
    (link,) = [m.value for m in at.markdown if m.value.startswith("[Open the full check](")]
    target = link.split("](", 1)[1].split(")", 1)[0]
    parts = urlsplit(target)
    assert parts.path == "."  # Check a claim, relative to any base path
    assert {k: v[0] for k, v in parse_qs(parts.query).items()} == {
        "a": "87.3", "b": "85.1", "bench": "gpqa-diamond", "name_a": "Model X",
    }  # fmt: skip


def test_the_box_is_routed_but_not_listed():
    """Hidden from the sidebar's list (the browser tests look at the list and the frame)."""
    page = registry.page("box")
    assert page.route == "/box" and not page.listed
    assert [p.key for p in registry.PAGES if not p.listed] == ["box"]
    assert page.keys == ("name_a", "name_b", "a", "b", "n", "bench", "se_a", "se_b")


# --------------------------------------------------------------------------- Embed this check


def embed(at):
    """The "Embed this check" fold's code and download button (None when the page has none)."""
    fold = [e for e in at.expander if e.label == "Embed this check"]
    if not fold:
        return None
    (e,) = fold
    codes = [c.value for c in e.code]
    buttons = [b for b in at.get("download_button") if b.proto.label == "Download the box as HTML"]
    return codes, buttons, [m.value for m in e.markdown], [c.value for c in e.caption]


def iframe(snippet: str) -> dict[str, str]:
    attrs = dict(re.findall(r'(\w+)="([^"]*)"', snippet))
    assert snippet.startswith("<iframe ") and snippet.endswith("></iframe>")
    return {k: html.unescape(v) for k, v in attrs.items()}


@pytest.mark.parametrize(
    ("page", "query", "box"),
    [
        ("app_pages/check_a_claim.py", {"a": 82, "b": 78, "n": 100},
         {"a": "82", "b": "78", "n": "100"}),
        ("app_pages/check_a_claim.py",
         {"a": 87.3, "b": 85.1, "bench": "gpqa-diamond", "name_a": 'X "<b>"', "name_b": "Y"},
         {"a": "87.3", "b": "85.1", "bench": "gpqa-diamond", "name_a": 'X "<b>"', "name_b": "Y"}),
        ("app_pages/gap-grader.py", {"a": 71, "b": 69.5, "n": 448},
         {"a": "71", "b": "69.5", "n": "448"}),
        ("app_pages/gap-grader.py", {"a": 93.43, "b": 95.2, "se_a": 1.24, "se_b": 1.07, "n": 500},
         {"a": "93.43", "b": "95.2", "se_a": "1.24", "se_b": "1.07"}),
        ("app_pages/check_a_claim.py", {"a": 88, "b": 85.5, "se_a": 1.2, "se_b": 1.4, "n": 300},
         {"a": "88", "b": "85.5", "se_a": "1.2", "se_b": "1.4"}),
    ],
    ids=["check", "check-preset-names", "grader-scores", "grader-se", "check-se-not-n"],
)  # fmt: skip
def test_embed_this_check_gives_an_iframe_of_the_same_claim(page, query, box):
    at = app_test(page, **query).run()
    assert not at.exception
    codes, buttons, _, captions = embed(at)
    attrs = iframe(codes[-1])
    src = urlsplit(attrs["src"])
    assert src.path == "/box"
    assert {k: v[0] for k, v in parse_qs(src.query).items()} == box | {"embed": "true"}
    assert attrs["width"] == "100%" and attrs["height"] == "420" and attrs["loading"] == "lazy"
    assert attrs["title"].startswith("Lead or Luck: ")
    assert ('X "<b>"' in attrs["title"]) == ("name_a" in query)
    # the frame grades what this page graded: its figures are this page's
    framed = app_test(BOX, **box).run()
    assert box_says(framed)[1][RANGE] == card_numbers(at)[RANGE]
    assert len(buttons) == (0 if "se_a" in box else 1)
    if "se_a" in box:
        assert any("from a number of questions" in c for c in captions)


@pytest.mark.parametrize(
    ("page", "query"),
    [
        ("app_pages/check_a_claim.py", {}),  # the worked example
        ("app_pages/gap-grader.py", {}),
        ("app_pages/gap-grader.py", {"a_only": 20, "b_only": 8, "n": 198}),  # paired counts
        ("app_pages/check_a_claim.py", {"a": 82, "n": 100}),  # nothing graded yet
    ],
    ids=["check-example", "grader-example", "grader-paired", "check-incomplete"],
)
def test_nothing_to_embed_without_two_given_scores(page, query):
    at = app_test(page, **query).run()
    assert not at.exception and embed(at) is None


def test_a_claim_with_an_assumed_count_says_why_it_cannot_be_embedded():
    query = {"claim": "Model X scores 87.3%, beating Model Y's 85.1%"}  # no count: 100 assumed
    codes, buttons, said, _ = embed(app_test("app_pages/check_a_claim.py", **query).run())
    assert not codes and not buttons
    assert any("give the number of questions" in m for m in said), said


def test_two_counts_cannot_travel_to_the_box():
    query = {"a": "71", "b": "69.5", "n": "448"}
    assert "has two" in why_not(grade_unpaired(0.71, 0.695, 448, n_b=300), query)
    assert why_not(grade_unpaired(0.71, 0.695, 448), query) is None


# --------------------------------------------------------------------------- the static file


def test_the_static_box_is_small_and_can_reach_nothing():
    page = static_box(87.3, 85.1, 198, names=Names("Model X", "Model Y"), site="https://x.org/")
    assert len(page.encode()) < MAX_BYTES
    # nothing it could load: no src, no stylesheet, no link but the empty icon and the site's
    assert not re.search(r"\ssrc=", page) and "@import" not in page and "url(" not in page
    assert re.findall(r"<link[^>]*>", page) == ['<link rel="icon" href="data:,">']
    assert "https://" not in page.replace('"site": "https://x.org/"', "")
    (policy,) = re.findall(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert policy.startswith("default-src 'none'; script-src 'sha256-")
    assert "connect-src" not in policy and "unsafe" not in policy


def test_the_policy_hashes_are_the_pages_own_script_and_style():
    import base64
    import hashlib

    page = static_box(82, 78, 100, site="http://localhost:8501/")
    script = page[page.rindex("<script>") + 8 : page.rindex("</script>")]
    style = page[page.index("<style>") + 7 : page.index("</style>")]
    for body in (script, style):
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in page


def test_names_travel_as_data_and_are_set_as_text():
    name = '</script><img src=x onerror=alert(1)>"&'
    page = static_box(82, 78, 100, names=Names(name, "B"), site="http://localhost:8501/")
    data = page[page.index('type="application/json">') + 24 : page.index("</script>")]
    assert "<" not in data and json.loads(data)["names"] == [name, "B"]
    assert html.escape(f"Lead or Luck: is {name}'s lead") in page  # the <title>, escaped
    assert "innerHTML" not in template() and "insertAdjacentHTML" not in template()
    assert "textContent" in template()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((101, 78, 100), "a must be a score from 0 to 100"),
        ((82, float("nan"), 100), "b must be a score from 0 to 100"),
        ((82, 78, 0), "n must be a whole number of questions from 1 to 1,000,000"),
        ((82, 78, MAX_QUESTIONS + 1), "n must be a whole number"),
        ((82, 78, 2.5), "n must be a whole number"),
    ],
)
def test_the_static_box_refuses_what_it_cannot_hold(args, message):
    with pytest.raises(ValueError, match=message):
        static_box(*args, site="http://localhost:8501/")
    with pytest.raises(ValueError, match="site must be the site's address"):
        static_box(82, 78, 100, site="javascript:alert(1)")


def test_its_inputs_are_filled_as_typed_and_empty_when_not_given():
    page = static_box(87.3, 82, None, site="http://localhost:8501/")
    assert '"given": {"a": "87.3", "b": "82"}' in page


def test_the_sites_n_and_the_boxs_agree():
    assert registry.page("box").spec("n").high == MAX_QUESTIONS


def test_pip_install_ships_the_template(tmp_path):
    """`pip install .` must carry box.html: setuptools' build of the package (what a wheel
    holds) from a clean copy of the checkout (no egg-info listing files) copies it, by
    pyproject.toml's package data, beside the module."""
    src = tmp_path / "src"
    shutil.copytree(
        ROOT / "benchstats", src / "benchstats", ignore=shutil.ignore_patterns("__pycache__")
    )
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    build = "import setuptools, sys; sys.argv[1:] = ['-q', 'build_py', '--build-lib', 'out']; setuptools.setup()"
    subprocess.run(
        [sys.executable, "-c", build], cwd=src, check=True, capture_output=True,
        env={"PYTHONWARNINGS": "ignore"},
    )  # fmt: skip
    shipped = src / "out" / "benchstats" / "box" / "box.html"
    assert shipped.read_text() == template()


# --------------------------------------------------------------------------- leadorluck box


def test_leadorluck_box_writes_the_pages_file(tmp_path, capsys):
    out = tmp_path / "box.html"
    site = ["--site", "https://lead.example"]
    code = main(["box", "82", "78", "--n", "100", "--name-a", "X", "--out", str(out), *site])
    said = capsys.readouterr()
    assert code == 0 and said.err == ""
    assert said.out.startswith(f"Wrote {out} (") and "no server, no network" in said.out
    expected = static_box(82, 78, 100, names=Names("X", ""), site="https://lead.example/")
    assert out.read_text() == expected


def test_leadorluck_box_to_standard_output(capsys):
    assert main(["box", "61", "70.5", "--site", "https://lead.example"]) == 0
    page = capsys.readouterr().out
    assert page.startswith("<!doctype html>") and '"site": "https://lead.example/"' in page
    assert '"given": {"a": "61", "b": "70.5"}' in page


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["box", "82", "101", "--n", "10"], "argument B: must be a percent from 0 to 100"),
        (["box", "82", "78", "--n", "2000000"], "from 1 to 1,000,000"),
        (["box", "82", "78", "--site", "ftp://x"], "--site"),
        (["box", "82", "78"], "box needs the site its link opens"),
        (["box", "82", "78", "--out", "/x/box.html", "--site", "https://a.b"], "No such file"),
    ],
)
def test_leadorluck_box_refuses_in_one_line(argv, said, capsys, monkeypatch):
    monkeypatch.delenv("LEADORLUCK_SITE", raising=False)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("leadorluck: error: ") and said in err and err.count("\n") == 1


@pytest.mark.parametrize("lang", ["de", "es"])
def test_the_box_speaks_the_links_language(lang):
    """``?lang=`` puts the box's verdict line, figures, inputs and chart in that language."""
    from benchstats.language import _, using

    box = app_test(BOX, a=82, b=78, n=100, lang=lang).run()
    assert not box.exception
    _verdict, shown = box_says(box)
    with using(lang):
        figures_said = {_(label) for label in (RANGE, NEEDED, LUCK)}
        score = _("Score of {name} (%)").format(name="A")
        axis = _("Lead, {first} − {second} (points), with its 95% range").format(
            first="A", second="B"
        )
        said_range = _(RANGE)
    assert figures_said <= set(shown), shown
    assert "," in shown[said_range], shown  # "−7,1 bis +15,1": the numbers the language's way
    assert score in [w.label for w in box.number_input]
    (chart,) = box.get("vega_lite_chart")
    spec = json.loads(chart.proto.spec)
    assert spec["layer"][1]["encoding"]["x"]["title"] == axis
    assert spec["config"]["locale"]["number"]["decimal"] == ","


@pytest.mark.parametrize("lang", ["de", "es"])
def test_the_static_box_is_made_in_its_language(lang):
    from benchstats.language import _, using

    page = static_box(82, 78, 100, names=Names("X", "Y"), site="https://example.org/", lang=lang)
    english = static_box(82, 78, 100, names=Names("X", "Y"), site="https://example.org/")
    assert f'<html lang="{lang}">' in page and '<html lang="en">' in english
    assert _inline_policy(page) == _inline_policy(english)  # one script and sheet for all three
    data = json.loads(
        re.search(r'<script id="box-data" type="application/json">(.*?)</script>', page).group(1)
    )
    assert data["number"]["decimal"] == ","
    with using(lang):
        assert data["words"]["span"] == _("{low} to {high}") != "{low} to {high}"
        assert html.escape(_("95% range for the true lead")) in page
        assert html.escape(_("Questions to detect this lead")) in page
    assert "95% range for the true lead" not in page.split("<script")[0]


def _inline_policy(page: str) -> str:
    return re.search(r'content="(default-src[^"]*)"', page).group(1)


@pytest.mark.parametrize("lang", ["de", "es"])
def test_a_score_near_zero_is_written_in_german_and_spanish_too(lang):
    """100% against 1e-198% on one question: a number with more digits than Decimal's default
    precision, which benchstats.words writes whole in every language, as English always did."""
    box = app_test(BOX, a="100", b="1e-198", n=1, lang=lang).run()
    assert not box.exception
    assert box_says(box)[1]
