"""The bill of materials as data: items by catalog id with quantity and unit price, cables by type
and length, rack cabinets. Pure Python, no Qt; the compare view diffs two of these.

Prices follow the cost model (engine/cost/tco.py) exactly: the design's ``cost.buy_price`` override in
its own currency, else the catalog's ``price_usd`` converted at the design's rate. A server's price
includes its default compute NICs, so the server item carries the price without them and the NICs
actually fitted are an item of their own; a cable entry is priced per cable (both ends), its
quantity the number of link ends on it divided by two. So :attr:`Bom.hardware_total` equals the
cost model's hardware lines (servers, switches, other hardware, NICs, cables). Rack cabinets are
listed for ordering but, as in the cost model, not priced into that total.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Any

from planner_gui.engine.facility.energy import usd_rate
from planner_gui.engine.facility.power_parts import RJ45_PATCH_ID
from planner_gui.model import Design

CATEGORY_ORDER = ("server", "nic", "switch", "storage", "pdu", "patch_panel", "blank", "cable", "unknown")
ENDS_PER_CABLE = 2.0  # a cable (or an optics pair with its fibre) has two ends


@dataclass(frozen=True, slots=True)
class BomItem:
    category: str  # catalog kind ("server", "nic", "switch", "cable", ... "unknown")
    catalog_id: str
    name: str  # the catalog's name ("" for ids the catalog does not know)
    quantity: float  # whole for devices; cables may come out at .5 when a link end is unpriced
    unit_price: float | None  # design currency; None: no price known

    @property
    def total(self) -> float | None:
        return None if self.unit_price is None else self.unit_price * self.quantity


@dataclass(frozen=True, slots=True)
class CableRun:
    """Links of one medium, speed and length: what the cabling contractor orders."""

    medium: str
    speed_gbps: float  # the slower port's speed; 0 when unknown
    length_m: float
    count: int


@dataclass(frozen=True, slots=True)
class Bom:
    currency: str
    items: tuple[BomItem, ...]
    cable_runs: tuple[CableRun, ...]
    racks: tuple[BomItem, ...]  # rack cabinets (category "rack"), outside hardware_total

    @property
    def hardware_total(self) -> float:
        return math.fsum(item.total or 0.0 for item in self.items)

    def item(self, catalog_id: str) -> BomItem | None:
        return next((i for i in (*self.items, *self.racks) if i.catalog_id == catalog_id), None)


class _Prices:
    """Unit prices in the design's currency, as engine/cost/tco.py computes them (never raises)."""

    def __init__(self, design: Design, catalog: Any) -> None:
        self.catalog, self.overrides = catalog, design.cost.buy_price
        try:
            self.rate: float | None = usd_rate(design)
        except ValueError:
            self.rate = None  # the cost section reports the bad rate; the bill still lists quantities

    def unit(self, catalog_id: str) -> float | None:
        if catalog_id in self.overrides:
            value = self.overrides[catalog_id]
            return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None
        entry = self.catalog.get(catalog_id)
        usd = None if entry is None else entry.get("price_usd")
        return None if usd is None or self.rate is None else float(usd) * self.rate


def build_bom(design: Design, catalog: Any, power: Any | None = None) -> Bom:
    """The bill of materials of ``design``; ``power`` (a PowerReport) gives the cable entries."""
    prices = _Prices(design, catalog)
    order = {c: i for i, c in enumerate(CATEGORY_ORDER)}
    items = sorted(_device_items(design, catalog, prices) + _cable_items(catalog, prices, power),
                   key=lambda x: (order.get(x.category, len(order)), x.catalog_id))
    racks = Counter(r.catalog_id for r in design.racks.values())
    rack_items = tuple(BomItem("rack", cid, _name(catalog, cid), n, prices.unit(cid))
                       for cid, n in sorted(racks.items()))
    return Bom(str(design.meta.currency), tuple(items), cable_runs(design, catalog), rack_items)


def _name(catalog: Any, catalog_id: str) -> str:
    entry = catalog.get(catalog_id)
    return "" if entry is None else str(entry.name)


def _kind(catalog: Any, catalog_id: str) -> str:
    entry = catalog.get(catalog_id)
    return "unknown" if entry is None else str(entry.kind)


def _device_items(design: Design, catalog: Any, prices: _Prices) -> list[BomItem]:
    kinds = Counter((d.catalog_id, d.nic_id, d.nic_count) for d in design.devices.values())
    devices: Counter[str] = Counter()
    nics: Counter[str] = Counter()
    nic_discount: dict[str, float] = {}  # server id -> price of the default NICs its price includes
    for (catalog_id, nic_id, nic_count), count in kinds.items():
        devices[catalog_id] += count
        entry = catalog.get(catalog_id)
        if entry is None or entry.kind != "server" or prices.unit(catalog_id) is None:
            continue
        default_id = entry["default_nic_id"]
        chosen = nic_id if nic_id is not None and nic_id in catalog else default_id
        slots = int(entry["compute_nic_slots"])
        nics[chosen] += count * (slots if nic_count is None else nic_count)
        nic_discount[catalog_id] = slots * (prices.unit(default_id) or 0.0)
    items = []
    for catalog_id, count in devices.items():
        unit = prices.unit(catalog_id)
        if unit is not None and catalog_id in nic_discount:
            unit -= nic_discount[catalog_id]
        items.append(BomItem(_kind(catalog, catalog_id), catalog_id, _name(catalog, catalog_id), count, unit))
    items += [BomItem("nic", nic, _name(catalog, nic), n, prices.unit(nic)) for nic, n in nics.items()]
    return items


def _cable_items(catalog: Any, prices: _Prices, power: Any | None) -> list[BomItem]:
    if power is None:
        return []
    ends: Counter[str] = Counter()
    for group in power.port_ends:
        if group.cable_id is None:
            ends[f"{group.medium}-{group.speed_gbps:g}g"] += group.ends  # no catalog entry: listed unpriced
        elif group.cable_id != RJ45_PATCH_ID or prices.unit(RJ45_PATCH_ID) is not None:
            ends[group.cable_id] += group.ends
    return [BomItem("cable", cid, _name(catalog, cid), n / ENDS_PER_CABLE, prices.unit(cid))
            for cid, n in ends.items()]


def cable_runs(design: Design, catalog: Any) -> tuple[CableRun, ...]:
    """Every link counted by medium, speed and length, sorted."""
    groups: Counter[tuple[str, float, float]] = Counter()
    speeds: dict[str, dict[str, float]] = {}
    for link in design.links.values():
        found = [_port_speed(design, catalog, ref, speeds) for ref in (link.a, link.b)]
        known = [s for s in found if s > 0]
        groups[(str(link.medium), min(known) if known else 0.0, float(link.length_m))] += 1
    return tuple(CableRun(m, s, length, n) for (m, s, length), n in sorted(groups.items()))


def _port_speed(design: Design, catalog: Any, ref: str, cache: dict[str, dict[str, float]]) -> float:
    device_id, _, port = ref.partition("/")
    speeds = cache.get(device_id)
    if speeds is None:
        device = design.devices.get(device_id)
        if device is None:
            return 0.0
        spec = catalog.device_spec(device.catalog_id, device.nic_id, device.nic_count)
        speeds = cache[device_id] = {p.name: p.speed_gbps for p in spec.ports}
    return speeds.get(port, 0.0)
