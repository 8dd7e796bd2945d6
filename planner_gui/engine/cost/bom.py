"""The one bill of materials: devices by catalog id, cables and optics from the cable schedule, racks.
Pure Python, no Qt. The cost model (tco.py) prices the hardware from it, the proposal prints it, the
CLI (``cluster-planner bom``) and the compare view read it; nothing else counts parts.

Prices are whole units of the design's currency (a quote is in whole yuan or dollars), so every
line's total is quantity × unit price exactly and the totals are sums of printed numbers. A unit
price is the design's ``cost.buy_price`` override, else the catalog's ``price_usd`` at the design's
rate. A server's catalog price includes its default compute NICs: its line carries the price without
them and the NICs fitted are a line of their own. Cable and optic lines are one per (part, length),
their quantity the number of schedule rows with that part and length. Lines without a price say
why (:data:`REASONS`); so do parts the design needs but does not place (PDUs).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Any

from planner_gui.engine.cost.cables import CableSchedule, cable_schedule
from planner_gui.engine.cost.device_models import DeviceModels, device_models
from planner_gui.engine.facility.energy import usd_rate
from planner_gui.model import Design

CATEGORY_ORDER = ("server", "nic", "switch", "storage", "optic", "cable", "rack", "pdu", "power_shelf", "patch_panel",
                  "blank", "unknown")
SCHEDULE_CATEGORIES = ("cable", "optic")
# Why a line has no price: the catalog gives none; the catalog has no part for the link's medium and
# speed; the design places none of a part every rack needs; the cabinets come with the rented rack space
# (an IDC's rack rent, 机柜租赁, includes cabinet, doors and rails: pricing them too would count them twice);
# the part is sold only inside a rack-scale system whose compute trays carry the system's price
# (the catalog's ``sold_with_system``: an NVL72 rack's switch trays, power shelves and cabinet).
REASONS = ("no_price", "no_part", "not_placed", "in_space_rent", "in_system")


def whole(amount: float) -> float:
    """An amount rounded half up to the currency unit (prices here are never negative)."""
    return float(math.floor(amount + 0.5))


@dataclass(frozen=True, slots=True)
class BomLine:
    category: str  # "server", "nic", "switch", "storage", "optic", "cable", "rack", "pdu", ... "unknown"
    part: str  # catalog id (or, for a cable without a catalog part, a planning id)
    quantity: int
    unit_price: float | None  # whole units of the design's currency; None: not priced (see reason)
    part_number: str | None = None  # the vendor's part number; None: a planning item
    length_m: float | None = None  # cables and optics
    speed_gbps: float | None = None
    medium: str | None = None
    reason: str | None = None  # one of REASONS when unit_price is None
    nics_excluded: int = 0  # servers: compute NICs in the catalog price, listed as NIC lines instead

    @property
    def total(self) -> float | None:
        return None if self.unit_price is None else self.unit_price * self.quantity


@dataclass(frozen=True, slots=True)
class CableRun:
    """Links of one medium, speed and length: what the cabling contractor orders."""

    medium: str
    speed_gbps: float
    length_m: float
    count: int


@dataclass(frozen=True, slots=True)
class Bom:
    currency: str
    lines: tuple[BomLine, ...]  # in CATEGORY_ORDER, then part, then length
    schedule: CableSchedule

    @property
    def hardware_total(self) -> float:
        """Every priced line, racks included."""
        return math.fsum(line.total or 0.0 for line in self.lines)

    def category_total(self, *categories: str) -> float:
        return math.fsum(line.total or 0.0 for line in self.lines if line.category in categories)

    def unpriced(self) -> tuple[BomLine, ...]:
        return tuple(line for line in self.lines if line.unit_price is None)

    def quantity(self, part: str) -> int:
        return sum(line.quantity for line in self.lines if line.part == part)

    def by_part(self) -> dict[tuple[str, str], tuple[int, float | None]]:
        """(category, part) -> (quantity, total) over every length: the compare view's rows."""
        found: dict[tuple[str, str], tuple[int, float | None]] = {}
        for line in self.lines:
            key = (line.category, line.part)
            count, total = found.get(key, (0, 0.0))
            found[key] = (count + line.quantity, None if total is None or line.total is None else total + line.total)
        return found

    def cable_runs(self) -> tuple[CableRun, ...]:
        runs: Counter[tuple[str, float, float]] = Counter()
        for (index, length), count in self.schedule.counts().items():  # no loop per cable
            choice = self.schedule.choices[index]
            runs[(choice.medium, choice.speed_gbps, length)] += count
        return tuple(CableRun(m, s, length, n) for (m, s, length), n in sorted(runs.items()))


class Prices:
    """Whole-unit prices in the design's currency (never raises: the cost model reports bad values)."""

    def __init__(self, design: Design, catalog: Any) -> None:
        self.catalog, self.overrides = catalog, design.cost.buy_price
        try:
            self.rate: float | None = usd_rate(design)
        except ValueError:
            self.rate = None  # the cost section reports the bad rate; the bill still lists quantities

    def raw(self, catalog_id: str) -> float | None:
        if catalog_id in self.overrides:
            value = self.overrides[catalog_id]
            ok = isinstance(value, int | float) and not isinstance(value, bool) and 0.0 <= value < math.inf
            return float(value) if ok else None
        entry = self.catalog.get(catalog_id)
        usd = None if entry is None else entry.get("price_usd")
        return None if usd is None or self.rate is None else float(usd) * self.rate

    def unit(self, catalog_id: str) -> float | None:
        price = self.raw(catalog_id)
        return None if price is None else whole(price)


def build_bom(design: Design, catalog: Any, schedule: CableSchedule | None = None,
              models: DeviceModels | None = None) -> Bom:
    """The bill of materials of ``design``; pass the schedule and the devices' models (device_models.py) when
    they are already computed."""
    prices = Prices(design, catalog)
    models = device_models(design) if models is None else models
    schedule = cable_schedule(design, catalog, models) if schedule is None else schedule
    lines = _device_lines(models, catalog, prices) + _schedule_lines(schedule, prices) + _rack_lines(
        design, catalog, prices, models)
    order = {c: i for i, c in enumerate(CATEGORY_ORDER)}
    lines.sort(key=lambda x: (order.get(x.category, len(order)), x.part, x.length_m or 0.0))
    return Bom(str(design.meta.currency), tuple(lines), schedule)


def _kind(catalog: Any, catalog_id: str) -> str:
    entry = catalog.get(catalog_id)
    return "unknown" if entry is None else str(entry.kind)


def _line(catalog: Any, prices: Prices, part: str, count: int, nics: int = 0, net: float = 0.0) -> BomLine:
    entry = catalog.get(part)
    number = None if entry is None else entry.get("part_number")
    if entry is not None and entry.get("sold_with_system") and part not in prices.overrides:
        return BomLine(_kind(catalog, part), part, count, None, number, reason="in_system")
    raw = prices.raw(part)
    unit = None if raw is None else whole(max(raw - net, 0.0))
    return BomLine(_kind(catalog, part), part, count, unit, number, reason=None if unit is not None else "no_price",
                   nics_excluded=nics)


def _device_lines(models: DeviceModels, catalog: Any, prices: Prices) -> list[BomLine]:
    kinds = models.kinds
    devices: Counter[str] = Counter()
    nics: Counter[str] = Counter()
    included: dict[str, tuple[int, float]] = {}  # server id -> (default NICs, their price) inside its price
    for (catalog_id, nic_id, nic_count), count in kinds.items():
        devices[catalog_id] += count
        entry = catalog.get(catalog_id)
        if entry is None or entry.kind != "server" or prices.raw(catalog_id) is None:
            continue
        default_id = entry["default_nic_id"]
        chosen = nic_id if nic_id is not None and nic_id in catalog else default_id
        slots = int(entry["compute_nic_slots"])
        nics[chosen] += count * (slots if nic_count is None else nic_count)
        included[catalog_id] = (slots, slots * (prices.raw(default_id) or 0.0))
    lines = [_line(catalog, prices, cid, n, *included.get(cid, (0, 0.0))) for cid, n in devices.items()]
    return lines + [_line(catalog, prices, nic, n) for nic, n in nics.items() if n]


def _schedule_lines(schedule: CableSchedule, prices: Prices) -> list[BomLine]:
    lines = []
    for (index, length), count in schedule.counts().items():
        choice = schedule.choices[index]
        unit = prices.unit(choice.part) if choice.in_catalog else None
        reason = None if unit is not None else "no_price" if choice.in_catalog else "no_part"
        lines.append(BomLine(choice.category, choice.part, count, unit, choice.part_number, length,
                             choice.speed_gbps, choice.medium, reason))
    return lines


def _rack_lines(design: Design, catalog: Any, prices: Prices, models: DeviceModels) -> list[BomLine]:
    racks = Counter(r.catalog_id for r in design.racks.values())
    lines = [_line(catalog, prices, cid, n) for cid, n in sorted(racks.items())]
    space = design.cost.space_per_rack_month
    if isinstance(space, int | float) and not isinstance(space, bool) and space > 0:
        lines = [BomLine("rack", x.part, x.quantity, None, x.part_number, reason="in_space_rent") for x in lines]
    placed_pdus = any(_kind(catalog, c) == "pdu" for c in models.catalog_ids)
    if racks and not placed_pdus:  # every powered rack needs PDUs; the design has not chosen them yet
        lines.append(BomLine("pdu", "rack-pdu", 0, None, reason="not_placed"))
    return lines
