"""Rack totals of the electrical model: what a rack's devices draw against its budget and its feeds.

Split from power.py, which sums the devices. At 100,000 GPUs a design has ~4,500 racks and an edit
changes one or two: budgets and feeds are read and checked in C-level passes, and a rack whose
figures are all unchanged keeps its RackPower object (reuse.py), so cooling and the checks can skip it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from itertools import chain, compress, repeat
from operator import attrgetter, is_not
from typing import Any

import numpy as np

from planner_gui.engine.facility.power_parts import PartsCache, RackFrame
from planner_gui.engine.incremental.store import LastResults, is_snapshot
from planner_gui.engine.incremental.store import kept as kept_store
from planner_gui.model import Design, Feed, Rack

SQRT3 = math.sqrt(3.0)  # three phase, line-to-line V: kVA = V × A × √3 (Raritan, 3-phase rack PDU current)
CONTINUOUS_LOAD_FACTOR = 0.8  # continuous loads at 80 % (NEC practice: continuous loads at 80 % of the breaker rating)
W_PER_KW = 1000.0  # unit conversion
SINGLE_PHASE, THREE_PHASE = 1, 3  # the two supply arrangements rack PDUs use ([S48])


def feed_capacity_w(feed: Feed, where: str = "feed") -> float:
    """Continuous capacity of one feed in W: V × A (× √3 for three phase) × 0.8.

    A ValueError names the feed and the bad value when the feed cannot be evaluated.
    """
    if feed.phases not in (SINGLE_PHASE, THREE_PHASE):
        raise ValueError(f"{where}: phases {feed.phases!r} must be 1 (single phase) or 3 (three phase)")
    for name in ("voltage_v", "amps"):
        value = getattr(feed, name)
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
            raise ValueError(f"{where}: {name} {value!r} must be a positive number; set it on the rack's "
                             "feed")
    phase_factor = SQRT3 if feed.phases == THREE_PHASE else 1.0
    return feed.voltage_v * feed.amps * phase_factor * CONTINUOUS_LOAD_FACTOR


@dataclass(frozen=True, slots=True)
class RackPower:
    """A rack's electrical and mechanical totals against its budget, feeds and rated load."""

    rack_id: str
    device_count: int
    gpu_count: int
    typical_w: float
    max_w: float
    training_w: float  # draw under training load: GPU servers at their maximum (power.py, DevicePower)
    liquid_cooled_max_w: float  # draw of devices with cold plates (the share a liquid loop can take)
    budget_w: float
    feed_a_w: float
    feed_b_w: float | None  # None: the rack has a single feed
    device_weight_kg: float
    rack_weight_kg: float | None  # the empty rack, from its catalog entry
    max_load_kg: float | None  # the rack's rated equipment load
    footprint_m2: float | None

    @property
    def feeds_w(self) -> float:
        """What both feeds carry together (load shared, no redundancy)."""
        return self.feed_a_w + (self.feed_b_w or 0.0)

    @property
    def supply_w(self) -> float:
        """The power the rack can actually get: its budget, capped by what the feeds carry."""
        return min(self.budget_w, self.feeds_w)

    @property
    def feed_redundant(self) -> bool:
        """True when losing either feed leaves enough: max draw ≤ the smaller feed's capacity."""
        return self.feed_b_w is not None and self.max_w <= min(self.feed_a_w, self.feed_b_w)

    @property
    def over_budget(self) -> bool:
        return self.max_w > self.budget_w

    @property
    def total_weight_kg(self) -> float:
        return self.device_weight_kg + (self.rack_weight_kg or 0.0)

    @property
    def floor_load_kg_m2(self) -> float | None:
        return None if not self.footprint_m2 else self.total_weight_kg / self.footprint_m2

    def to_json(self) -> dict[str, Any]:
        return {
            "rack_id": self.rack_id, "device_count": self.device_count, "gpu_count": self.gpu_count,
            "typical_w": self.typical_w, "max_w": self.max_w, "training_w": self.training_w,
            "liquid_cooled_max_w": self.liquid_cooled_max_w,
            "budget_w": self.budget_w, "feed_a_w": self.feed_a_w, "feed_b_w": self.feed_b_w,
            "feeds_w": self.feeds_w, "supply_w": self.supply_w, "feed_redundant": self.feed_redundant,
            "over_budget": self.over_budget, "device_weight_kg": self.device_weight_kg,
            "rack_weight_kg": self.rack_weight_kg, "max_load_kg": self.max_load_kg,
            "total_weight_kg": self.total_weight_kg, "floor_load_kg_m2": self.floor_load_kg_m2,
        }


@dataclass(frozen=True, slots=True, eq=False)
class RackInputs:
    """What rack totals read besides the devices' watts: the racks' ids, which rack each device is in,
    and each rack's supply (budget, feeds) and frame. A function of the racks and device placement
    alone, so the analysis keeps it across cable edits (power.py, PowerBase)."""

    ids: list[str]
    rows: np.ndarray  # per device: the index of its rack; -1 when unplaced
    supply: tuple[list[float], list[float], list[float | None]]
    frames: list[RackFrame]


def rack_inputs(design: Design, parts: PartsCache, device_racks: list[str | None]) -> RackInputs:
    ids, racks = list(design.racks), list(design.racks.values())
    store = kept_store()
    last = store.get(_INPUTS)
    if (last is not None and last[0] is parts.catalog and last[1] is device_racks and last[3].ids == ids
            and is_snapshot(design)):
        return _changed_racks(store, last, racks, parts)
    rack_index = {rack_id: i for i, rack_id in enumerate(ids)}
    rows = np.fromiter(map(rack_index.get, device_racks, repeat(-1)), np.int64, len(device_racks))
    supply = _supplies(racks) or _supplies_one_by_one(racks)
    frames = list(map(_Frames(parts).__getitem__, map(_CATALOG_ID, racks)))
    found = RackInputs(ids, rows, supply, frames)
    store[_INPUTS] = (parts.catalog, device_racks, racks, found)
    return found


def _changed_racks(store: dict[str, Any], last: tuple[Any, ...], racks: list[Rack], parts: PartsCache) -> RackInputs:
    """The last call's RackInputs with the racks that are other objects than last time read again: the same
    racks in the same order and the same placement (a snapshot's unchanged racks are the same objects,
    document/snapshot.py), so a rack budget edit reads one rack, not 6,700. The checked path reads them: a
    bad value raises its precise message, as the full read does."""
    catalog, device_racks, old_racks, old = last
    changed = list(compress(range(len(racks)), map(is_not, racks, old_racks)))
    budgets, feeds_a, feeds_b = (list(column) for column in old.supply)
    frames = list(old.frames)
    feeds: dict[tuple[float, float, int], float] = {}
    for i in changed:
        rack = racks[i]
        budgets[i] = _budget_w(rack)
        feeds_a[i] = _feed(rack.feed_a, rack.id, "A", feeds)
        feeds_b[i] = None if rack.feed_b is None else _feed(rack.feed_b, rack.id, "B", feeds)
        frames[i] = parts.rack_frame(rack.catalog_id)
    found = RackInputs(old.ids, old.rows, (budgets, feeds_a, feeds_b), frames)
    store[_INPUTS] = (catalog, device_racks, racks, found)
    store[_DELTA] = (found, old, changed)
    return found


def rack_powers(design: Design, parts: PartsCache, device_racks: list[str | None], gpus: np.ndarray,
                watts: tuple[np.ndarray, np.ndarray, np.ndarray], liquid: np.ndarray, weight: np.ndarray,
                inputs: RackInputs | None = None) -> dict[str, RackPower]:
    """Every rack's totals: the per-device columns (rack id, GPUs, typical, maximum and training W, W behind cold
    plates, kg) summed per rack, against the rack's budget, feeds and frame. ``inputs``: the racks'
    (rack_inputs) when already known; after an edit that kept them, only racks whose sums changed are
    rebuilt."""
    inputs = rack_inputs(design, parts, device_racks) if inputs is None else inputs
    rows = inputs.rows
    placed = rows >= 0
    columns = (np.ones(rows.size), gpus, *watts, liquid, weight)
    sums = np.array([np.bincount(rows[placed], weights=values[placed], minlength=len(inputs.ids))
                     for values in columns]).reshape(len(columns), len(inputs.ids))
    store = kept_store()
    last, delta = store.get(_SUMS), store.get(_DELTA)
    if last is not None and last[0] is inputs:  # racks and placement as last time
        old_values, old_racks = last[2], last[3]
        changed = np.flatnonzero((last[1] != sums).any(axis=0)).tolist()  # NaN sums count as changed
        kept, found = dict(old_values), dict(old_racks)
        values_of = _rack_values(inputs, sums, changed)
        follows = True  # the same racks, in the same order, as the last call's
    elif last is not None and delta is not None and delta[0] is inputs and delta[1] is last[0]:
        # the last call's inputs with a few racks read again (_changed_racks): those racks and the racks
        # whose sums changed are rebuilt
        old_values, old_racks = last[2], last[3]
        moved = np.flatnonzero((last[1] != sums).any(axis=0)).tolist()
        kept, found = dict(old_values), dict(old_racks)
        values_of = _rack_values(inputs, sums, sorted({*moved, *delta[2]}))
        follows = True
    else:
        old_values, old_racks = _LAST_RACKS.previous(parts.catalog)
        kept, found = {}, {}
        values_of = _rack_values(inputs, sums, None)
        follows = False
    made: list[str] = []
    for values in values_of:
        rack_id = values[0]
        # the same figures give the same (immutable) RackPower: keeping it lets cooling and the checks
        # recognise an unchanged rack by identity (reuse.py)
        if old_values.get(rack_id) == values:
            found[rack_id] = old_racks[rack_id]
        else:
            found[rack_id] = RackPower(*values)
            made.append(rack_id)
        kept[rack_id] = values
    _LAST_RACKS.keep(parts.catalog, None, kept, found)
    store[_SUMS] = (inputs, sums, kept, found)
    # what a reader of the last report needs to follow this one (the racks in the same order as before)
    store[_CHANGES] = (found, old_racks, tuple(made)) if follows else None
    return found


def rack_changes(racks: dict[str, RackPower]) -> tuple[dict[str, RackPower], tuple[str, ...]] | None:
    """(the racks of the call before, the ids whose RackPower is new) when ``racks`` is what the last call of
    this run's store returned and holds the same racks in the same order as the call before; else None."""
    entry = kept_store().get(_CHANGES)
    return None if entry is None or entry[0] is not racks else (entry[1], entry[2])


def _rack_values(inputs: RackInputs, sums: np.ndarray, only: list[int] | None) -> Iterator[tuple[Any, ...]]:
    """RackPower's fields of every rack (``only`` None) or of the racks at the positions ``only``."""
    picked = (lambda column: column) if only is None else (lambda column: list(map(column.__getitem__, only)))
    count, gpus, typical, maximum, training, liquid, weight = (picked(row) for row in sums.tolist())
    frames = picked(inputs.frames)
    return zip(picked(inputs.ids), map(int, count), map(int, gpus), typical, maximum, training, liquid,
               *map(picked, inputs.supply), weight, map(_WEIGHT, frames), map(_MAX_LOAD, frames),
               map(_FOOTPRINT, frames), strict=True)


_LAST_RACKS = LastResults("power_racks")
# In the running cache's store (engine/incremental/store.py): the last call's RackInputs, per-rack sums,
# rack values and RackPowers. A call with the same RackInputs object (the analysis kept it: racks and
# placement unchanged) rebuilds only the racks whose sums changed, which is what comparing every rack's
# values would find.
_SUMS = "power_rack_sums"
# The last RackInputs read in full or in part, with the racks it read and what it was made for; and, when it
# was made from the one before it with a few racks read again, (it, that one, those racks' positions).
_INPUTS, _DELTA = "power_rack_inputs", "power_rack_inputs_delta"
_CHANGES = "power_rack_changes"  # (the last call's racks, the racks of the call before, the ids of new RackPowers)
_ID, _CATALOG_ID, _BUDGET = attrgetter("id"), attrgetter("catalog_id"), attrgetter("power_budget_kw")
_FEED_A, _FEED_B = attrgetter("feed_a"), attrgetter("feed_b")
_FEED_KEY = attrgetter("voltage_v", "amps", "phases")
_WEIGHT, _MAX_LOAD = attrgetter("weight_kg"), attrgetter("max_load_kg")
_FOOTPRINT = attrgetter("footprint_m2")
_NUMBER_TYPES = {int, float}  # exactly: bools and other number-like types take the checked path
_FEED_TYPES = {Feed}
_CHECKED_PATH_ERRORS = (ArithmeticError, TypeError, ValueError)


class _Frames(dict[str, RackFrame]):
    """catalog id -> the rack frame's figures, looked up once per rack model."""

    def __init__(self, parts: PartsCache) -> None:
        super().__init__()
        self._parts = parts

    def __missing__(self, catalog_id: str) -> RackFrame:
        found = self[catalog_id] = self._parts.rack_frame(catalog_id)
        return found


def _supplies(racks: list[Rack]) -> tuple[list[float], list[float], list[float | None]] | None:
    """Budget, feed A and feed B capacity (W) of every rack in C-level passes; None when a value needs
    checking (a bool, a number type other than int or float, a bad number): the rack-by-rack path then
    raises its precise message for the first rack at fault."""
    budgets = list(map(_BUDGET, racks))
    feeds_a, feeds_b = list(map(_FEED_A, racks)), list(map(_FEED_B, racks))
    if not (set(map(type, budgets)) <= _NUMBER_TYPES and set(map(type, feeds_a)) <= _FEED_TYPES
            and set(map(type, filter(_IS_NOT_NONE, feeds_b))) <= _FEED_TYPES):
        return None
    try:
        budget_kw = np.array(budgets, dtype=np.float64)
        if not ((budget_kw > 0) & (budget_kw < math.inf)).all():
            return None
        capacity = {key: feed_capacity_w(Feed(*key))
                    for key in dict.fromkeys(map(_FEED_KEY, chain(feeds_a, filter(_IS_NOT_NONE, feeds_b))))}
    except _CHECKED_PATH_ERRORS:  # e.g. an int too large for a float: the rack-by-rack path says where
        return None
    feed_a_w = list(map(capacity.__getitem__, map(_FEED_KEY, feeds_a)))
    feed_b_w = [None if feed is None else capacity[_FEED_KEY(feed)] for feed in feeds_b]
    return (budget_kw * W_PER_KW).tolist(), feed_a_w, feed_b_w


def _supplies_one_by_one(racks: list[Rack]) -> tuple[list[float], list[float], list[float | None]]:
    feeds: dict[tuple[float, float, int], float] = {}
    budgets, feed_a_w, feed_b_w = [], [], []
    for rack in racks:  # the first rack at fault raises, naming itself and the value
        budgets.append(_budget_w(rack))
        feed_a_w.append(_feed(rack.feed_a, rack.id, "A", feeds))
        feed_b_w.append(None if rack.feed_b is None else _feed(rack.feed_b, rack.id, "B", feeds))
    return budgets, feed_a_w, feed_b_w


def _budget_w(rack: Rack) -> float:
    budget = rack.power_budget_kw
    if isinstance(budget, bool) or not isinstance(budget, int | float) or not 0 < budget < math.inf:
        raise ValueError(f"rack {rack.id!r}: power_budget_kw {budget!r} must be a positive number of kW")
    return float(budget) * W_PER_KW


def _feed(feed: Feed, rack_id: str, side: str, cache: dict[tuple[float, float, int], float]) -> float:
    if not isinstance(feed, Feed):
        raise ValueError(f"rack {rack_id!r} feed {side}: expected a feed (voltage_v, amps, phases), got "
                         f"{type(feed).__name__}")
    key = (feed.voltage_v, feed.amps, feed.phases)
    found = cache.get(key)
    if found is None:
        found = cache[key] = feed_capacity_w(feed, f"rack {rack_id!r} feed {side}")
    return found


_IS_NOT_NONE = partial(is_not, None)
