"""Two designs side by side: every headline figure with its difference and ratio, both sets of
busbw curves, and the item-level bill-of-materials diff. Pure Python, no Qt.

The figures are read straight off each design's :class:`~planner_gui.engine.analysis.Analysis`
(the same object ``analyze --json`` prints), so a compared value always equals the direct one.
Money is shown in design A's currency: when B uses the other currency, B's amounts are converted
at A's ``cost.cny_per_usd`` (and the comparison says so in ``notes``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from planner_gui.engine.analysis import Analysis, analyze_design
from planner_gui.engine.collectives import CollectiveResult
from planner_gui.engine.compare.explain import explain_busbw
from planner_gui.engine.cost.bom import CATEGORY_ORDER, Bom, CableRun, build_bom
from planner_gui.engine.sections.results import clean_json, point_json
from planner_gui.engine.sections.training import section_name
from planner_gui.model import Currency, Design
from planner_gui.model.messages import QT_TRANSLATE_NOOP

HOURS_PER_DAY = 24.0
MONEY = "money"  # the unit of amounts in the design currency (converted for B when needed)
HIGHER, LOWER, NEUTRAL = "higher", "lower", ""
COST_OPTIONS = ("buy", "rent", "cloud")  # engine/cost/tco.py options


@dataclass(frozen=True, slots=True)
class FigureDef:
    key: str  # stable, used by --json and by sweeps (--figure)
    label: str
    unit: str  # "", "kW", "GB/s", "us", "s", "days", "fraction" or MONEY
    better: str  # HIGHER, LOWER or NEUTRAL: which way is an improvement
    get: Callable[[Analysis], float | None]


def _summary(name: str) -> Callable[[Analysis], float | None]:
    return lambda a: getattr(a.summary, name)


def _collective(name: str) -> Callable[[Analysis], float | None]:
    return lambda a: None if a.collectives is None else getattr(a.collectives, name)


def _option(option: str, name: str) -> Callable[[Analysis], float | None]:
    def get(a: Analysis) -> float | None:
        found = None if a.cost is None else a.cost.options.get(option)
        return None if found is None else getattr(found, name)
    return get


def _estimate(name: str) -> Callable[[Analysis], float | None]:
    return lambda a: None if a.training is None else getattr(a.training.estimate, name)


def _checks(severity: str) -> Callable[[Analysis], float | None]:
    return lambda a: float(a.summary.checks.get(severity, 0))


def training_run_cost(a: Analysis) -> float | None:
    """The training run's GPU-hours at the buy option's cost per GPU-hour (design currency)."""
    price = _option("buy", "per_gpu_hour")(a)
    if a.training is None or price is None:
        return None
    return a.training.estimate.days_to_train * HOURS_PER_DAY * a.training.gpus * price


def _money_rows() -> list[FigureDef]:
    rows = [FigureDef("buy_upfront", "Buy: hardware and installation", MONEY, LOWER, _summary("buy_upfront"))]
    for option in COST_OPTIONS:
        name = option.capitalize()
        rows += [FigureDef(f"{option}_monthly", f"{name}: cost per month", MONEY, LOWER,
                           _option(option, "monthly")),
                 FigureDef(f"{option}_total", f"{name}: total over the project", MONEY, LOWER,
                           _option(option, "total")),
                 FigureDef(f"{option}_per_gpu_hour", f"{name}: cost per GPU-hour", MONEY, LOWER,
                           _option(option, "per_gpu_hour"))]
    return rows


FIGURES: tuple[FigureDef, ...] = (
    FigureDef("gpus", "GPUs", "", NEUTRAL, lambda a: float(a.summary.gpus)),
    FigureDef("nodes", "GPU servers", "", NEUTRAL, lambda a: float(a.summary.nodes)),
    FigureDef("racks", "Racks", "", LOWER, lambda a: float(a.summary.racks)),
    FigureDef("it_kw", "IT power under training load", "kW", LOWER, _summary("it_kw")),
    FigureDef("it_peak_kw", "IT power, peak", "kW", LOWER, _summary("it_peak_kw")),
    FigureDef("facility_kw", "Facility power (IT x PUE)", "kW", LOWER, _summary("facility_kw")),
    *_money_rows(),
    FigureDef("allreduce_busbw_1gib", "AllReduce busbw at 1 GiB", "GB/s", HIGHER,
              _collective("allreduce_busbw_1gib_gbps")),
    FigureDef("allreduce_time_128mib", "AllReduce time at 128 MiB", "us", LOWER,
              _collective("allreduce_time_128mib_us")),
    FigureDef("alltoall_busbw_1gib", "AllToAll busbw at 1 GiB", "GB/s", HIGHER,
              _collective("alltoall_busbw_1gib_gbps")),
    FigureDef("training_step_time", "Training step time", "s", LOWER, _estimate("step_time_s")),
    FigureDef("training_tokens_per_s", "Training tokens per second", "", HIGHER, _estimate("tokens_per_s")),
    FigureDef("training_mfu", "Training MFU", "fraction", HIGHER, _estimate("mfu")),
    FigureDef("training_days", "Days to train", "days", LOWER, _estimate("days_to_train")),
    FigureDef("training_run_cost", "Training run at the buy GPU-hour price", MONEY, LOWER, training_run_cost),
    FigureDef("checks_error", "Checks: errors", "", LOWER, _checks("error")),
    FigureDef("checks_warning", "Checks: warnings", "", LOWER, _checks("warning")),
    FigureDef("checks_info", "Checks: notes", "", LOWER, _checks("info")),
)
FIGURE_KEYS = tuple(f.key for f in FIGURES)


def figure(key: str) -> FigureDef:
    found = next((f for f in FIGURES if f.key == key), None)
    if found is None:
        raise KeyError(f"unknown figure {key!r}; use one of {', '.join(FIGURE_KEYS)}")
    return found


def headline_figures(analysis: Analysis) -> dict[str, float | None]:
    """Every figure of :data:`FIGURES` for one analysis, in the design's own currency."""
    return {f.key: f.get(analysis) for f in FIGURES}


@dataclass(frozen=True, slots=True)
class FigureRow:
    key: str
    label: str
    unit: str
    better: str
    a: float | None
    b: float | None

    @property
    def diff(self) -> float | None:
        return None if self.a is None or self.b is None else self.b - self.a

    @property
    def ratio(self) -> float | None:
        return None if self.a is None or self.b is None or self.a == 0 else self.b / self.a

    def to_json(self) -> dict[str, Any]:
        return clean_json({"key": self.key, "label": self.label, "unit": self.unit, "better": self.better,
                           "a": self.a, "b": self.b, "diff": self.diff, "ratio": self.ratio})


@dataclass(frozen=True, slots=True)
class BomDiffRow:
    category: str
    catalog_id: str
    name: str
    quantity_a: float
    quantity_b: float
    total_a: float | None  # design currency of A
    total_b: float | None

    @property
    def quantity_diff(self) -> float:
        return self.quantity_b - self.quantity_a

    @property
    def changed(self) -> bool:
        return self.quantity_a != self.quantity_b or self.total_a != self.total_b

    def to_json(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self.__slots__}
        return clean_json({**data, "quantity_diff": self.quantity_diff, "changed": self.changed})


@dataclass(frozen=True, slots=True)
class CableDiffRow:
    medium: str
    speed_gbps: float
    length_m: float
    count_a: int
    count_b: int

    def to_json(self) -> dict[str, Any]:
        return clean_json({name: getattr(self, name) for name in self.__slots__})


@dataclass(frozen=True, slots=True)
class Comparison:
    name_a: str
    name_b: str
    currency: str  # of every money figure (design A's)
    notes: tuple[str, ...]
    rows: tuple[FigureRow, ...]
    curves_a: Mapping[str, tuple[CollectiveResult, ...]]
    curves_b: Mapping[str, tuple[CollectiveResult, ...]]
    bom: tuple[BomDiffRow, ...]
    cables: tuple[CableDiffRow, ...]
    hardware_total_a: float
    hardware_total_b: float

    def row(self, key: str) -> FigureRow:
        found = next((r for r in self.rows if r.key == key), None)
        if found is None:
            raise KeyError(f"no figure {key!r} in this comparison; use one of {', '.join(FIGURE_KEYS)}")
        return found

    def to_json(self) -> dict[str, Any]:
        return {"a": self.name_a, "b": self.name_b, "currency": self.currency, "notes": list(self.notes),
                "figures": [r.to_json() for r in self.rows],
                "curves": {"a": _curves_json(self.curves_a), "b": _curves_json(self.curves_b)},
                "bom": [r.to_json() for r in self.bom], "cables": [r.to_json() for r in self.cables],
                "hardware_total": clean_json({"a": self.hardware_total_a, "b": self.hardware_total_b})}


def _curves_json(curves: Mapping[str, tuple[CollectiveResult, ...]]) -> dict[str, list[dict[str, Any]]]:
    return {op: [clean_json(point_json(p)) for p in points] for op, points in curves.items()}


def variant_label(design: Design, variant: str | None) -> str:
    """How a comparison names a design, or one variant of it ("H100 cluster [RoCE]")."""
    return f"{design.meta.name} [{variant}]" if variant else design.meta.name


def compare_designs(design_a: Design, design_b: Design, catalog: Any, analysis_a: Analysis | None = None,
                    analysis_b: Analysis | None = None, names: tuple[str, str] | None = None) -> Comparison:
    """A against B: B − A and B / A for every figure, and what B's bill adds or drops.

    ``names`` labels the two sides (default: the designs' names; variant_label for variants).
    """
    a = analysis_a if analysis_a is not None else analyze_design(design_a, catalog)
    b = analysis_b if analysis_b is not None else analyze_design(design_b, catalog)
    scale, notes = _money_scale(design_a, design_b)
    rows = tuple(FigureRow(f.key, f.label, f.unit, f.better, f.get(a), _scaled(f.get(b), scale, f.unit))
                 for f in FIGURES)
    bom_a = a.bom if a.bom is not None else build_bom(design_a, catalog)
    bom_b = b.bom if b.bom is not None else build_bom(design_b, catalog)
    notes += explain_busbw(a.profile, b.profile)  # which factor explains the network difference
    notes += _unavailable_notes("A", a) + _unavailable_notes("B", b)
    name_a, name_b = names if names is not None else (design_a.meta.name, design_b.meta.name)
    return Comparison(
        name_a, name_b, str(design_a.meta.currency), tuple(notes), rows,
        _curves(a), _curves(b), bom_diff(bom_a, bom_b, scale, catalog),
        cable_diff(bom_a.cable_runs(), bom_b.cable_runs()),
        bom_a.hardware_total, bom_b.hardware_total * scale)


def _curves(a: Analysis) -> Mapping[str, tuple[CollectiveResult, ...]]:
    return {} if a.collectives is None else dict(a.collectives.curves)


def _money_scale(design_a: Design, design_b: Design) -> tuple[float, list[str]]:
    """Factor turning B's money into A's currency, and a note when it is not 1."""
    cur_a, cur_b = design_a.meta.currency, design_b.meta.currency
    if cur_a == cur_b:
        return 1.0, []
    rate = design_a.cost.cny_per_usd
    if isinstance(rate, bool) or not isinstance(rate, int | float) or rate <= 0:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "design A's cost.cny_per_usd {rate!r} must be a positive number "
                                                     "to convert B's {b} amounts into {a}").fill(
            rate=rate, b=str(cur_b), a=str(cur_a)))
    scale = float(rate) if cur_a == Currency.CNY else 1.0 / float(rate)
    return scale, [QT_TRANSLATE_NOOP("Engine", "B's amounts are converted from {b} to {a} at A's rate of {rate:g} "
                                               "CNY per USD").fill(b=str(cur_b), a=str(cur_a), rate=rate)]


def _scaled(value: float | None, scale: float, unit: str) -> float | None:
    return value * scale if value is not None and unit == MONEY else value


def _unavailable_notes(label: str, a: Analysis) -> list[str]:
    return [QT_TRANSLATE_NOOP("Engine", "{side}: {section} not available ({why})").fill(
        side=label, section=section_name(section), why=why) for section, why in sorted(a.unavailable.items())]


def bom_diff(a: Bom, b: Bom, scale_b: float = 1.0, catalog: Any = None) -> tuple[BomDiffRow, ...]:
    """One row per (category, part) in either bill, over every length, in the bill's category order."""
    items_a, items_b = a.by_part(), b.by_part()
    rows = []
    for key in dict.fromkeys([*items_a, *items_b]):
        qa, ta = items_a.get(key, (0, 0.0))
        qb, tb = items_b.get(key, (0, 0.0))
        entry = None if catalog is None else catalog.get(key[1])
        rows.append(BomDiffRow(key[0], key[1], "" if entry is None else str(entry.name), float(qa), float(qb),
                               ta, None if tb is None else tb * scale_b))
    order = {c: i for i, c in enumerate(CATEGORY_ORDER)}
    return tuple(sorted(rows, key=lambda r: (order.get(r.category, len(order)), r.catalog_id)))


def cable_diff(a: tuple[CableRun, ...], b: tuple[CableRun, ...]) -> tuple[CableDiffRow, ...]:
    counts: dict[tuple[str, float, float], list[int]] = {}
    for column, runs in enumerate((a, b)):
        for run in runs:
            counts.setdefault((run.medium, run.speed_gbps, run.length_m), [0, 0])[column] += run.count
    return tuple(CableDiffRow(m, s, length, n[0], n[1]) for (m, s, length), n in sorted(counts.items()))
