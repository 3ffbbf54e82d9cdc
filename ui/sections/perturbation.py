"""Contamination checks on the Gap grader: one model against itself on perturbed copies of its
items (paired) or on a private split (unpaired); illustrative numbers, as data."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

import streamlit as st

from benchstats import words
from benchstats.language import _
from ui.registry import page


@dataclass(frozen=True)
class Preset:
    """A contamination check as the Gap grader opens it (``query``: its URL keys, in order)."""

    key: str
    mode: str  # the Gap grader's mode: "paired" or "unpaired"
    title: str
    query: tuple[tuple[str, str], ...]
    wording: str
    reading: str

    @property
    def url(self) -> str:
        """A relative link that opens the Gap grader with this preset."""
        return f"{page('grader').url_path}?{urlencode(self.query)}"


PERTURBATION = Preset(
    "perturbation", "paired", "Did the score survive perturbation?",
    (("mode", "paired"), ("name_a", "Original set"), ("name_b", "Perturbed set"),
     ("a_only", "30"), ("b_only", "6"), ("n", "200"), ("a", "80")),
    "Grade one model against itself: A is its score on the items as published, B on perturbed "
    "copies of the same items (entities renamed, options permuted, constants changed). Each "
    "item is answered twice, so the comparison is paired: only A right counts the items it "
    "solves only as published, only B right those it solves only after the change.",
    "A large paired drop, far more items lost than gained, is the signature of recall: the "
    "model learned the published items, not the skill. A drop that clears the noise means the "
    "score did not survive perturbation; one inside the noise means this test cannot tell.",
)  # fmt: skip

PRIVATE_SPLIT = Preset(
    "private-split", "unpaired", "A public half against a private half",
    (("mode", "unpaired"), ("name_a", "Public half"), ("name_b", "Private half"),
     ("a", "80"), ("b", "72"), ("n", "500"), ("n_b", "250")),
    "A public half against a private (held-back) half holds different items, so there is "
    "nothing to pair: grade it unpaired, two scores each on its own number of questions.",
    "A public score well above the private one suggests the public items leaked into "
    "training; with different items, part of any gap can also be that the halves differ in "
    "difficulty.",
)  # fmt: skip

PRESETS = {p.key: p for p in (PERTURBATION, PRIVATE_SPLIT)}


def example_line(preset: Preset) -> str:
    """The example's numbers in words, and the link that opens them."""
    q = dict(preset.query)
    if preset.mode == "paired":
        numbers = (
            f"{words.count(int(q['a_only']))} items right only as published, "
            f"{words.count(int(q['b_only']))} only after perturbation, of "
            f"{words.plural(int(q['n']), 'item')}"
        )
    else:
        numbers = (
            f"{words.score(float(q['a']) / 100)} on {words.plural(int(q['n']), 'public item')}, "
            f"{words.score(float(q['b']) / 100)} on {words.plural(int(q['n_b']), 'private item')}"
        )
    return f"Example (illustrative numbers): {numbers}. [Open it in the grader]({preset.url})"


def perturbation_section(mode: str) -> None:
    """The contamination check for the grader's ``mode`` (reference, in a fold); none for others."""
    preset = next((p for p in PRESETS.values() if p.mode == mode), None)
    if preset is None:
        return
    paragraphs = [
        f"**{preset.title}** {preset.wording}",
        preset.reading,
        f"Read A as *{dict(preset.query)['name_a']}* and B as *{dict(preset.query)['name_b']}*.",
        example_line(preset),
    ]
    if mode == "paired":
        paragraphs.append(f"{PRIVATE_SPLIT.wording} [Grade a split unpaired]({PRIVATE_SPLIT.url})")
    with st.expander(_("Contamination check: {title}").format(title=preset.title.lower())):
        st.markdown("\n\n".join(paragraphs))
