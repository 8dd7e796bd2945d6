"""Sweeps: one parameter over a range, the headline figures at each value. Pure Python, no Qt.

A sweep regenerates the design at every value with the template generator: the design's template
spec is read off the design itself (its most common server, NIC, topology, oversubscription, rack
power budget, height and cooling — :func:`base_spec`), one field is changed, and the design's cost
settings, fabric settings, currency and workload are carried over. When the node count changes the
workload's data-parallel degree follows, so the job fills the cluster (strong scaling of the same
global batch, raised to a multiple of micro-batch x dp as training/scaling.py does).

Range syntax (``--param``), documented in docs/compare-and-acceptance.md:

* ``nodes=8..256`` — doubling from 8 to 256 (8, 16, 32, 64, 128, 256);
* ``nodes=8..1024:x4`` — a factor other than 2; ``rack_kw=20..60:10`` — steps of 10;
* ``nodes=8,16,32`` or ``nic=ib-ndr-400,roce-400`` — a list;
* the end of a range is always included, even off the step.

Parameters: ``nodes``, ``nic_gbps`` (NIC speed: the catalog NIC of the same technology at that
speed), ``oversubscription``, ``rack_kw``, and two lists: ``nic`` and ``server`` (catalog ids).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from planner_gui.engine.analysis import Analysis, analyze_design
from planner_gui.engine.compare.designs import FIGURES, headline_figures
from planner_gui.engine.compare.sweep_variant import base_spec, make_variant
from planner_gui.engine.sections.results import clean_json
from planner_gui.engine.sections.training import error_message
from planner_gui.model import Design
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text
from planner_gui.templates import TemplateError, TemplateSpec
from planner_gui.templates.spec import MAX_NODES

MAX_POINTS = 64  # a sweep of more values is a typing mistake (and minutes of work on large designs)
DEFAULT_FACTOR = 2.0  # "a..b" without a step doubles, as nccl-tests' -f 2 and the scaling curves do
FLOAT_SLACK = 1e-9  # relative: 20 + 4 x 10 must still count as reaching 60
EFFICIENCY_KEY = "training_scaling_efficiency"  # derived per point: tokens/s per GPU vs the first point


@dataclass(frozen=True, slots=True)
class ParamDef:
    name: str
    label: str
    kind: type  # int, float or str
    low: float = 0.0
    high: float = math.inf


PARAMS: dict[str, ParamDef] = {p.name: p for p in (
    ParamDef("nodes", "GPU servers", int, 1, MAX_NODES),  # templates/spec.py MAX_NODES
    ParamDef("nic_gbps", "NIC speed, Gb/s", int, 1, 3200),  # catalog schema range of speed_gbps
    ParamDef("oversubscription", "leaf oversubscription (down:up)", float, 1.0, 16.0),  # templates/spec.py
    ParamDef("rack_kw", "rack power budget, kW", float, 1.0, 500.0),  # templates/spec.py
    ParamDef("nic", "compute NIC (catalog id)", str),
    ParamDef("server", "GPU server (catalog id)", str),
)}
ALIASES = {"nic_speed": "nic_gbps", "nodes_count": "nodes", "oversub": "oversubscription", "kw": "rack_kw"}
Value = int | float | str


@dataclass(frozen=True, slots=True)
class SweepRange:
    param: str
    values: tuple[Value, ...]

    @property
    def label(self) -> str:
        return PARAMS[self.param].label


def parse_range(text: str) -> SweepRange:
    """``name=spec`` as described in the module docstring; ValueError says what to write instead."""
    name, sep, spec = str(text).partition("=")
    key = ALIASES.get(name.strip().replace("-", "_"), name.strip().replace("-", "_"))
    if not sep or key not in PARAMS:
        raise ValueError(QT_TRANSLATE_NOOP(
            "Engine", "--param {text!r}: write NAME=RANGE with NAME one of {names}, e.g. nodes=8..256, "
                      "rack_kw=20..60:10 or nic=ib-ndr-400,roce-400").fill(text=text, names=", ".join(PARAMS)))
    param = PARAMS[key]
    spec = spec.strip()
    values = _range_values(param, spec) if ".." in spec else _list_values(param, spec)
    if not values:
        raise ValueError(QT_TRANSLATE_NOOP(
            "Engine", "--param {text!r}: no values; give a range (8..256) or a list (8,16,32)").fill(text=text))
    if len(values) > MAX_POINTS:
        raise ValueError(QT_TRANSLATE_NOOP(
            "Engine", "--param {text!r} gives {count} values; at most {most}: use a coarser step").fill(
            text=text, count=len(values), most=MAX_POINTS))
    return SweepRange(key, tuple(dict.fromkeys(values)))


def _list_values(param: ParamDef, spec: str) -> list[Value]:
    return [_value(param, item.strip()) for item in spec.split(",") if item.strip()]


def _range_values(param: ParamDef, spec: str) -> list[Value]:
    if param.kind is str:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "{name} takes a list of catalog ids (a,b,c), not a range").fill(
            name=param.name))
    bounds, _, step = spec.partition(":")
    start_text, _, end_text = bounds.partition("..")
    start, end = _value(param, start_text.strip()), _value(param, end_text.strip())
    if start > end:  # type: ignore[operator]
        raise ValueError(QT_TRANSLATE_NOOP(
            "Engine", "{name}={spec}: the range must go up ({start} is above {end})").fill(
            name=param.name, spec=spec, start=start, end=end))
    numbers = _steps(float(start), float(end), step.strip(), param.name)
    if numbers[-1] < float(end) * (1 - FLOAT_SLACK):
        numbers.append(float(end))
    return [_value(param, _plain(x)) for x in numbers]


def _steps(start: float, end: float, step: str, name: str) -> list[float]:
    match = re.fullmatch(r"[x*]\s*([0-9.]+)", step)
    if not step or match:
        factor = float(match.group(1)) if match else DEFAULT_FACTOR
        if factor <= 1.0 or start <= 0:
            raise ValueError(QT_TRANSLATE_NOOP(
                "Engine", "{name}: a factor must be above 1 and the range start above 0 (e.g. 8..1024:x4)").fill(
                name=name))
        count = math.floor(math.log(end / start, factor) + FLOAT_SLACK) + 1
        return [start * factor**k for k in range(_checked_count(count, name))]
    try:
        increment = float(step)
    except ValueError:
        raise ValueError(QT_TRANSLATE_NOOP(
            "Engine", "{name}: step {step!r} must be a number (20..60:10) or a factor (8..1024:x4)").fill(
            name=name, step=step)) from None
    if increment <= 0 or not math.isfinite(increment):
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "{name}: step {step!r} must be above 0").fill(
            name=name, step=step))
    count = math.floor((end - start) / increment + FLOAT_SLACK) + 1
    return [start + increment * k for k in range(_checked_count(count, name))]


def _checked_count(count: int, name: str) -> int:
    if count > MAX_POINTS:
        raise ValueError(QT_TRANSLATE_NOOP(
            "Engine", "{name}: the range gives {count} values; at most {most}: use a coarser step").fill(
            name=name, count=count, most=MAX_POINTS))
    return count


def _plain(number: float) -> str:
    whole = abs(number - round(number)) < FLOAT_SLACK * max(1.0, number)
    return str(round(number)) if whole else repr(number)


def _value(param: ParamDef, text: str) -> Value:
    if param.kind is str:
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", text):
            raise ValueError(QT_TRANSLATE_NOOP("Engine", "{name}: {text!r} is not a catalog id (e.g. ib-ndr-400)").fill(
                name=param.name, text=text))
        return text
    try:
        number = float(text)
    except ValueError:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "{name}: {text!r} is not a number").fill(
            name=param.name, text=text)) from None
    if param.kind is int and not number.is_integer():
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "{name}: {text!r} must be a whole number").fill(
            name=param.name, text=text))
    if not param.low <= number <= param.high:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "{name}: {text} is outside {low:g}..{high:g}").fill(
            name=param.name, text=text, low=param.low, high=param.high))
    return int(number) if param.kind is int else number


@dataclass(frozen=True, slots=True)
class SweepPoint:
    value: Value
    name: str  # the regenerated design's name
    figures: dict[str, float | None]  # compare.FIGURES keys, plus EFFICIENCY_KEY
    note: str  # e.g. a topology fallback; "" normally (a Text: shown translated)
    error: str  # why this value could not be built ("" when it was; a Text when the refusal was one)

    def to_json(self) -> dict[str, Any]:
        return clean_json({"value": self.value, "name": self.name, "figures": self.figures, "note": self.note,
                           "error": self.error})


@dataclass(frozen=True, slots=True)
class SweepResult:
    param: str
    label: str
    values: tuple[Value, ...]  # requested
    base: TemplateSpec  # what each point was regenerated from
    points: tuple[SweepPoint, ...]  # one per value done (fewer when cancelled)
    cancelled: bool

    def series(self, key: str) -> list[tuple[Value, float | None]]:
        return [(p.value, p.figures.get(key)) for p in self.points]

    def to_json(self) -> dict[str, Any]:
        return {"param": self.param, "label": self.label, "values": list(self.values),
                "base": clean_json({f: getattr(self.base, f) for f in self.base.__slots__}),
                "figures": [{"key": f.key, "label": f.label, "unit": f.unit} for f in FIGURES],
                "points": [p.to_json() for p in self.points], "cancelled": self.cancelled}


Progress = Callable[[int, int, str], None]  # (points done, points in all, what is being done)


def run_sweep(design: Design, catalog: Any, sweep: SweepRange, progress: Progress | None = None,
              cancelled: Callable[[], bool] | None = None, analysis: Analysis | None = None) -> SweepResult:
    """Every value of ``sweep`` built and analysed; stops early (``cancelled=True``) when asked to."""
    analysis = analysis if analysis is not None else analyze_design(design, catalog)
    spec = base_spec(design, catalog, analysis)
    points: list[SweepPoint] = []
    total = len(sweep.values)
    for index, value in enumerate(sweep.values):
        if cancelled is not None and cancelled():
            return _result(sweep, spec, points, True)
        if progress is not None:
            progress(index, total, f"{sweep.param} = {value}")
        points.append(sweep_point(design, catalog, spec, sweep.param, value))
    if progress is not None:
        progress(total, total, "done")
    return _result(sweep, spec, points, False)


def sweep_point(design: Design, catalog: Any, spec: TemplateSpec, param: str, value: Value) -> SweepPoint:
    """One value: regenerate, analyse, read the figures; a value the generator refuses is an error point."""
    try:
        variant, note = make_variant(design, catalog, spec, param, value)
    except (TemplateError, ValueError, KeyError) as error:
        return SweepPoint(value, "", {}, "", _one_line(error))
    return SweepPoint(value, variant.meta.name, headline_figures(analyze_design(variant, catalog)), note, "")


def _one_line(error: Exception) -> str:
    """The refusal on one line for a table row; a Text that is one line already stays one (translatable)."""
    message = error.args[0] if isinstance(error, KeyError) and error.args else error_message(error)
    flat = " ".join(str(message).split())
    return message if isinstance(message, Text) and flat == message else flat


def _result(sweep: SweepRange, spec: TemplateSpec, points: list[SweepPoint], cancelled: bool) -> SweepResult:
    return SweepResult(sweep.param, sweep.label, sweep.values, spec, tuple(_with_efficiency(points)),
                       cancelled)


def _with_efficiency(points: list[SweepPoint]) -> list[SweepPoint]:
    """Tokens/s per GPU of each point against the first point that has a training estimate."""
    def per_gpu(p: SweepPoint) -> float | None:
        tokens, gpus = p.figures.get("training_tokens_per_s"), p.figures.get("gpus")
        return None if tokens is None or not gpus else tokens / gpus

    reference = next((x for x in map(per_gpu, points) if x), None)
    out = []
    for p in points:
        own = per_gpu(p)
        share = None if own is None or reference is None else own / reference
        out.append(replace(p, figures={**p.figures, EFFICIENCY_KEY: share}) if not p.error else p)
    return out


__all__ = ["PARAMS", "ParamDef", "SweepPoint", "SweepRange", "SweepResult", "base_spec", "parse_range",
           "run_sweep", "sweep_point"]
