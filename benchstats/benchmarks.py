"""The benchmark catalogue: how many questions each benchmark has, and where that count comes from.

Declared once in ``benchmarks.toml`` (shipped beside this module) and read here: every
:class:`Benchmark` is a preset (one set, one count, one source); a :class:`Family` is a name
that covers several sets of different size ("GPQA": main, Diamond, extended), never a count
of its own; :data:`NAMED` are benchmarks posts cite whose count could not be confirmed. A count
that rests on a secondary source, not the benchmark's own paper, card, repository or site, says
so (``secondary``; :data:`SECONDARY` lists those presets). The menus, the claim reader's names,
``leadorluck benchmarks`` and ``docs/benchmarks.md`` all read these tables.

Examples
--------
>>> get_benchmark("gpqa-diamond").questions
198
>>> [v.key for v in get_family("gpqa").versions]
['gpqa-diamond', 'gpqa-main', 'gpqa-extended']
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property
from importlib import resources


@dataclass(frozen=True)
class Benchmark:
    """One preset: its URL key, display name, size and where the size comes from.

    ``options`` is the number of answer choices where every question has the same number (None
    for free answers); ``cluster_size`` is set where questions come in groups that are not
    independent (one item translated into ten languages); ``lower_is_better`` for error rates;
    ``secondary`` where the count rests on a secondary source (the benchmark's own paper, card,
    repository or site could not be found to confirm it).
    """

    key: str
    name: str
    questions: int
    options: int | None
    source: str
    cluster_size: int | None = None
    family: str = ""
    variant: str = ""
    names: tuple[str, ...] = ()
    case_names: tuple[str, ...] = ()
    url: str = ""
    checked: str = ""
    metric: str = "accuracy"
    lower_is_better: bool = False
    structure: str = ""
    landmark: bool = False
    secondary: bool = False

    @property
    def label(self) -> str:
        """Name and size: "GPQA Diamond (198 questions)"."""
        return f"{self.name} ({self.questions:,} questions)"

    @property
    def menu_label(self) -> str:
        """The preset menu's item, led by its family's name so a family's sets read as a group:
        "GPQA Diamond (198 questions)", "MATH · Minerva Math (272 questions)"."""
        if self.name.casefold().startswith(self.family.casefold()):
            return self.label
        return f"{self.family} · {self.label}"


@dataclass(frozen=True)
class Version:
    """One set a family's name may mean: its label, its count, and its preset key if it has one."""

    label: str
    questions: int
    key: str | None = None


@dataclass(frozen=True)
class Family:
    """A name that covers several sets of different size ("LiveCodeBench": v1 to v6).

    It has no count of its own: a claim naming it is graded on one of its versions only when
    the claim's own count says which.
    """

    key: str
    name: str
    versions: tuple[Version, ...]
    source: str
    url: str
    checked: str
    names: tuple[str, ...] = ()
    notes: str = ""
    secondary: bool = False

    @property
    def label(self) -> str:
        """ "GPQA: varies (GPQA Diamond 198, GPQA main 448, GPQA extended 546)"."""
        listed = ", ".join(f"{v.label} {v.questions:,}" for v in self.versions)
        return f"{self.name}: varies ({listed})"


@dataclass(frozen=True)
class Named:
    """A benchmark posts cite whose count could not be confirmed: read as a name, never counted."""

    name: str
    names: tuple[str, ...]
    why: str


class Catalogue:
    """``benchmarks.toml`` read and checked once: presets, families, named-only benchmarks."""

    def __init__(self, data: dict) -> None:
        self.checked: str = data["checked"]  # the date the counts were checked
        self._sources = data.get("sources", {})
        # addresses known to be secondary: an entry citing one must say ``secondary = true``
        self._secondary = tuple(data.get("secondary_sources", ()))
        self.benchmarks = tuple(self._benchmark(row) for row in data["benchmark"])
        by_key = {b.key: b for b in self.benchmarks}
        if len(by_key) != len(self.benchmarks):
            msg = "benchmarks.toml declares a preset key twice"
            raise ValueError(msg)
        self.families = tuple(self._family(row, by_key) for row in data.get("family", []))
        self.named = tuple(
            Named(row["name"], tuple(row["names"]), row["why"]) for row in data.get("named", [])
        )

    def _url(self, url: str) -> str:
        """An address, with ``evalscope:page`` written out from ``[sources]``."""
        prefix, _, page = url.partition(":")
        if prefix in self._sources:
            return self._sources[prefix].format(page=page)
        return url

    def _secondary_flag(self, row: dict, what: str) -> bool:
        """The entry's ``secondary`` flag, refused where it is not true or false, or where the
        entry cites a known secondary source without saying so."""
        flag = row.get("secondary", False)
        if not isinstance(flag, bool):
            msg = f"benchmarks.toml: the {what} {row.get('key')!r} has secondary = {flag!r}"
            raise ValueError(msg + " (true or false)")
        if not flag and row["url"].startswith(self._secondary):
            msg = (
                f"benchmarks.toml: the {what} {row['key']!r} cites a secondary source "
                f"({row['url']}) without secondary = true"
            )
            raise ValueError(msg)
        return flag

    @staticmethod
    def _require(row: dict, what: str, fields: tuple[str, ...]) -> None:
        """Refuse an entry without a field it needs: a count, a source, its address."""
        for name in fields:
            if row.get(name) in (None, "", []):
                msg = f"benchmarks.toml: the {what} {row.get('key')!r} has no {name}"
                raise ValueError(msg)

    def _benchmark(self, row: dict) -> Benchmark:
        self._require(
            row, "preset", ("key", "name", "family", "variant", "questions", "source", "url")
        )
        n = row["questions"]
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            msg = f"benchmarks.toml: {row['key']!r} needs a whole number of questions, got {n!r}"
            raise ValueError(msg)
        names = tuple(dict.fromkeys([*row.get("names", ()), *row.get("case_names", ())]))
        return Benchmark(
            key=row["key"],
            name=row["name"],
            questions=row["questions"],
            options=row.get("options"),
            source=row["source"],
            cluster_size=row.get("clusters"),
            family=row["family"],
            variant=row["variant"],
            names=names,
            case_names=tuple(row.get("case_names", ())),
            url=self._url(row["url"]),
            checked=row.get("checked", self.checked),
            metric=row.get("metric", "accuracy"),
            lower_is_better=row.get("better", "higher") == "lower",
            structure=row.get("structure", ""),
            landmark=row.get("landmark", False),
            secondary=self._secondary_flag(row, "preset"),
        )

    def _family(self, row: dict, by_key: dict[str, Benchmark]) -> Family:
        self._require(row, "family", ("key", "name", "names", "source", "url"))
        if not row.get("versions") and not row.get("counts"):
            msg = f"benchmarks.toml: the family {row['key']!r} lists no sets"
            raise ValueError(msg)
        versions = tuple(
            Version(by_key[k].name, by_key[k].questions, k) for k in row.get("versions", ())
        )
        versions += tuple(Version(label, n) for label, n in row.get("counts", ()))
        return Family(
            key=row["key"],
            name=row["name"],
            versions=versions,
            source=row["source"],
            url=self._url(row["url"]),
            checked=row.get("checked", self.checked),
            names=tuple(row["names"]),
            notes=row.get("notes", ""),
            secondary=self._secondary_flag(row, "family"),
        )

    @cached_property
    def by_key(self) -> dict[str, Benchmark]:
        return {b.key: b for b in self.benchmarks}

    @cached_property
    def families_by_key(self) -> dict[str, Family]:
        return {f.key: f for f in self.families}


def _read() -> Catalogue:
    text = resources.files(__package__).joinpath("benchmarks.toml").read_text(encoding="utf-8")
    return Catalogue(tomllib.loads(text))


CATALOGUE = _read()
#: Every preset, grouped by family in the declaration's order.
BENCHMARKS: tuple[Benchmark, ...] = CATALOGUE.benchmarks
BENCHMARK_KEYS: tuple[str, ...] = tuple(b.key for b in BENCHMARKS)
#: The names that cover several sets of different size.
FAMILIES: tuple[Family, ...] = CATALOGUE.families
FAMILY_KEYS: tuple[str, ...] = tuple(f.key for f in FAMILIES)
#: The presets whose count rests on a secondary source.
SECONDARY: tuple[Benchmark, ...] = tuple(b for b in BENCHMARKS if b.secondary)
#: Benchmarks posts cite whose count could not be confirmed.
NAMED: tuple[Named, ...] = CATALOGUE.named
#: The presets the pages mark on their curves and slider stops.
LANDMARKS: tuple[Benchmark, ...] = tuple(b for b in BENCHMARKS if b.landmark)


def get_benchmark(key: str) -> Benchmark:
    """The preset for ``key``; an unknown key raises ValueError naming it.

    Examples
    --------
    >>> get_benchmark("gpqa-diamond").questions
    198
    """
    try:
        return CATALOGUE.by_key[key]
    except (KeyError, TypeError):
        if isinstance(key, str) and key in CATALOGUE.families_by_key:
            sets = ", ".join(
                f"{v.key} ({v.questions:,})" for v in get_family(key).versions if v.key
            )
            msg = f"{key!r} names sets of different size: give one of them ({sets})"
            raise ValueError(msg) from None
        known = ", ".join(BENCHMARK_KEYS[:6])
        msg = (
            f"unknown benchmark {key!r}: known keys are {known}, … "
            "(all of them: leadorluck benchmarks)"
        )
        raise ValueError(msg) from None


def get_family(key: str) -> Family:
    """The family for ``key`` ("gpqa", "livecodebench"); an unknown key raises ValueError.

    >>> get_family("livecodebench").versions[-1]
    Version(label='LiveCodeBench v6', questions=1055, key='livecodebench-v6')
    """
    try:
        return CATALOGUE.families_by_key[key]
    except (KeyError, TypeError):
        msg = f"unknown benchmark family {key!r}: known families are {', '.join(FAMILY_KEYS)}"
        raise ValueError(msg) from None


def version_of(family: str, n: int | None) -> str | None:
    """The preset of ``family`` whose count is ``n``, when exactly one has it; else None.

    >>> version_of("gpqa", 198), version_of("gpqa", 200), version_of("tau2-bench", 114)
    ('gpqa-diamond', None, None)
    """
    keys = [v.key for v in get_family(family).versions if v.questions == n and v.key]
    return keys[0] if len(keys) == 1 else None
