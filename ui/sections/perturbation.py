"""Contamination checks on the Gap grader: one model against itself on perturbed copies of its
items (paired) or on a private split (unpaired); illustrative numbers, as data."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

import streamlit as st

from benchstats import words
from benchstats.language import N_, _, ngettext
from ui.registry import page

NAMES = ("name_a", "name_b")  # the keys whose values are words, said in the reader's language


@dataclass(frozen=True)
class Preset:
    """A contamination check as the Gap grader opens it (``query``: its URL keys, in order).

    Its words (``fold``, ``title``, ``wording``, ``reading`` and the models' names in
    ``query``) are marked for translation and translated where shown.
    """

    key: str
    mode: str  # the Gap grader's mode: "paired" or "unpaired"
    fold: str
    title: str
    query: tuple[tuple[str, str], ...]
    wording: str
    reading: str

    def said(self, name: str) -> str:
        """The value of ``name`` in the link, a model's name in the reader's language."""
        value = dict(self.query)[name]
        return _(value) if name in NAMES else value

    @property
    def url(self) -> str:
        """A relative link that opens the Gap grader with this preset."""
        query = [(k, self.said(k)) for k, _v in self.query]
        return f"{page('grader').url_path}?{urlencode(query)}"


PERTURBATION = Preset(
    "perturbation", "paired", N_("Contamination check: did the score survive perturbation?"),
    N_("Did the score survive perturbation?"),
    (("mode", "paired"), ("name_a", N_("Original set")), ("name_b", N_("Perturbed set")),
     ("a_only", "30"), ("b_only", "6"), ("n", "200"), ("a", "80")),
    N_("Grade one model against itself: A is its score on the items as published, B on "
       "perturbed copies of the same items (entities renamed, options permuted, constants "
       "changed). Each item is answered twice, so the comparison is paired: only A right counts "
       "the items it solves only as published, only B right those it solves only after the "
       "change."),
    N_("A large paired drop, far more items lost than gained, is the signature of recall: the "
       "model learned the published items, not the skill. A drop that clears the noise means the "
       "score did not survive perturbation; one inside the noise means this test cannot tell."),
)  # fmt: skip

PRIVATE_SPLIT = Preset(
    "private-split", "unpaired", N_("Contamination check: a public half against a private half"),
    N_("A public half against a private half"),
    (("mode", "unpaired"), ("name_a", N_("Public half")), ("name_b", N_("Private half")),
     ("a", "80"), ("b", "72"), ("n", "500"), ("n_b", "250")),
    N_("A public half against a private (held-back) half holds different items, so there is "
       "nothing to pair: grade it unpaired, two scores each on its own number of questions."),
    N_("A public score well above the private one suggests the public items leaked into "
       "training; with different items, part of any gap can also be that the halves differ in "
       "difficulty."),
)  # fmt: skip

PRESETS = {p.key: p for p in (PERTURBATION, PRIVATE_SPLIT)}


def example_line(preset: Preset) -> str:
    """The example's numbers in words, and the link that opens them."""
    q = dict(preset.query)
    if preset.mode == "paired":
        n = int(q["n"])
        # TRANSLATORS: {a_only} and {b_only} counts of items, {count} all the items; {url} the
        # link (keep the Markdown link as it is).
        said = ngettext(
            "Example (illustrative numbers): {a_only} items right only as published, {b_only} "
            "only after perturbation, of {count} item. [Open it in the grader]({url})",
            "Example (illustrative numbers): {a_only} items right only as published, {b_only} "
            "only after perturbation, of {count} items. [Open it in the grader]({url})",
            n,
        )
        return said.format(
            a_only=words.count(int(q["a_only"])), b_only=words.count(int(q["b_only"])),
            count=words.count(n), url=preset.url,
        )  # fmt: skip
    public = ngettext("{count} public item", "{count} public items", int(q["n"]))
    private = ngettext("{count} private item", "{count} private items", int(q["n_b"]))
    # TRANSLATORS: {a} and {b} scores ("80%"), {public} "500 public items", {private} "250
    # private items"; {url} the link (keep the Markdown link as it is).
    said = _(
        "Example (illustrative numbers): {a} on {public}, {b} on {private}. [Open it in the "
        "grader]({url})"
    )
    return said.format(
        a=words.score(float(q["a"]) / 100), public=words.counted(int(q["n"]), public),
        b=words.score(float(q["b"]) / 100), private=words.counted(int(q["n_b"]), private),
        url=preset.url,
    )  # fmt: skip


def perturbation_section(mode: str) -> None:
    """The contamination check for the grader's ``mode`` (reference, in a fold); none for others."""
    preset = next((p for p in PRESETS.values() if p.mode == mode), None)
    if preset is None:
        return
    # TRANSLATORS: {a} and {b} the names the example gives the two sides ("Original set").
    read_as = _("Read A as *{a}* and B as *{b}*.")
    paragraphs = [
        "**" + _(preset.title) + "** " + _(preset.wording),
        _(preset.reading),
        read_as.format(a=preset.said("name_a"), b=preset.said("name_b")),
        example_line(preset),
    ]
    if mode == "paired":
        split = _("[Grade a split unpaired]({url})").format(url=PRIVATE_SPLIT.url)
        paragraphs.append(_(PRIVATE_SPLIT.wording) + " " + split)
    with st.expander(_(preset.fold)):
        st.markdown("\n\n".join(paragraphs))
