"""The bill of materials: every item with its catalog id, quantity and price; cables by type and length.

Prices follow the cost model exactly (engine/cost/tco.py): the design's ``buy_price`` override in its
own currency, else the catalog's ``price_usd`` converted with the design's rate. A server's price
includes its default compute NICs, so, as the cost model does, the server line carries the price
without them and the NICs actually fitted are a line of their own. Cable entries are priced per
cable (both ends), and the quantity is the number of link ends on that entry divided by two.
The totals therefore equal the cost model's hardware lines.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from planner_gui.engine import build_bom, usd_rate
from planner_gui.report.content.blocks import Block, Column, ColumnKind, Heading, KeyValues, Table
from planner_gui.report.content.context import Ctx, shorten


@dataclass(frozen=True, slots=True)
class BomLine:
    category: str
    catalog_id: str
    description: str
    quantity: float
    unit: float | None  # in the design's currency; None: no price known

    @property
    def total(self) -> float | None:
        return None if self.unit is None else self.unit * self.quantity


class Prices:
    """Unit prices in the design's currency, as engine/cost/tco.py computes them."""

    def __init__(self, ctx: Ctx) -> None:
        self.catalog, self.overrides = ctx.catalog, ctx.design.cost.buy_price
        try:
            self.rate: float | None = usd_rate(ctx.design)
        except ValueError:
            self.rate = None  # the cost section says why; the bill still lists quantities

    def unit(self, catalog_id: str) -> float | None:
        if catalog_id in self.overrides:
            value = self.overrides[catalog_id]
            return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None
        entry = self.catalog.get(catalog_id)
        usd = None if entry is None else entry.get("price_usd")
        return None if usd is None or self.rate is None else float(usd) * self.rate


def bom_lines(ctx: Ctx) -> list[BomLine]:
    """The engine's bill of materials (engine/cost/bom.py, priced as the cost model prices), with the report's
    descriptions: one source for quantities and prices, so the proposal and the comparison agree."""
    items = build_bom(ctx.design, ctx.catalog, ctx.analysis.power).items
    return [BomLine(item.category, item.catalog_id, _description(ctx, item.catalog_id), item.quantity,
                    item.unit_price) for item in items]


def _description(ctx: Ctx, catalog_id: str) -> str:
    entry = ctx.entry(catalog_id)
    text = ctx.describe(catalog_id)
    if entry is not None and entry.kind == "server" and int(entry.get("compute_nic_slots", 0)):
        text += ctx.t("bom.server_without_nics", count=ctx.t.int(entry["compute_nic_slots"]))
    return text


def hardware_total(lines: Iterable[BomLine]) -> float:
    return math.fsum(line.total or 0.0 for line in lines)


def bom(ctx: Ctx) -> list[Block]:
    t = ctx.t
    lines = bom_lines(ctx)
    blocks: list[Block] = [Heading(t("sec.bom"), 1, "bom")]
    if not lines:
        return [*blocks, KeyValues(((t("bom.empty"), t("bom.empty_value")),))]
    columns = (
        Column(t("bom.col.id"), ColumnKind.CODE, 1.2),
        Column(t("bom.col.item"), weight=3.2),
        Column(t("bom.col.qty"), ColumnKind.NUMBER, 0.6),
        Column(t("bom.col.unit"), ColumnKind.MONEY, 1.0),
        Column(t("bom.col.total"), ColumnKind.MONEY, 1.1),
    )
    rows = tuple(
        (
            line.catalog_id,
            shorten(t("bom.item", kind=t(f"kind.{line.category}"), name=line.description)),
            _quantity(ctx, line.quantity),
            t.money(line.unit),
            t.money(line.total),
        )
        for line in lines
    )
    total = hardware_total(lines)
    footer = ("", t("bom.total_hardware"), "", "", t.money(total))
    blocks.append(
        Table(columns, rows, t("bom.hardware_title"), footer, t("bom.price_note", rate=_rate_text(ctx)))
    )
    blocks += _totals(ctx, total)
    blocks += cables_by_length(ctx)
    blocks += _racks(ctx)
    return blocks


def _quantity(ctx: Ctx, quantity: float) -> str:
    return ctx.t.int(quantity) if float(quantity).is_integer() else ctx.t.fixed(quantity, 1)


def _rate_text(ctx: Ctx) -> str:
    t, cost = ctx.t, ctx.design.cost
    if str(ctx.design.meta.currency) == "USD":
        return t("bom.rate_usd")
    return t("bom.rate_cny", rate=t.fixed(cost.cny_per_usd, 2))


def _totals(ctx: Ctx, hardware: float) -> list[Block]:
    t, cost = ctx.t, ctx.analysis.cost
    buy = cost.options.get("buy") if cost is not None else None
    if buy is None:
        return []
    install = buy.lines.get("installation", 0.0)
    rows = (
        (t("bom.total_hardware"), t.money(hardware)),
        (t("bom.installation", share=t.pct(ctx.design.cost.installation_fraction, 0)), t.money(install)),
        (t("bom.upfront"), t.money(buy.upfront)),
    )
    unpriced = cost.unpriced.get("buy", ()) if cost is not None else ()
    extra = ((t("bom.unpriced"), ", ".join(shorten(u, 40) for u in unpriced[:20])),) if unpriced else ()
    return [KeyValues(rows + extra, t("bom.totals_title"))]


def cables_by_length(ctx: Ctx) -> list[Block]:
    """Every link counted by medium, speed and length: what the cabling contractor orders."""
    t, design = ctx.t, ctx.design
    groups: Counter[tuple[str, float, float]] = Counter()
    speeds: dict[str, dict[str, float]] = {}
    for link in design.links.values():
        groups[(str(link.medium), _link_speed(ctx, link.a, link.b, speeds), float(link.length_m))] += 1
    if not groups:
        return []
    columns = (
        Column(t("bom.col.medium"), weight=2.6),
        Column(t("bom.col.speed"), ColumnKind.NUMBER),
        Column(t("bom.col.length"), ColumnKind.NUMBER),
        Column(t("bom.col.count"), ColumnKind.NUMBER),
    )
    rows = tuple(
        (
            t(f"medium.{medium}"),
            t.gbps(speed) if speed else "—",
            f"{t.num(length, trim=True)} m",
            t.int(count),
        )
        for (medium, speed, length), count in sorted(groups.items())
    )
    footer = (
        t("bom.total_links"),
        "",
        f"{t.num(sum(k[2] * n for k, n in groups.items()), trim=True)} m",
        t.int(sum(groups.values())),
    )
    return [Table(columns, rows, t("bom.cables_title"), footer, t("bom.cables_note"))]


def _link_speed(ctx: Ctx, a: str, b: str, cache: dict[str, dict[str, float]]) -> float:
    """The speed a link runs at: the slower of its two ports (0 when unknown)."""
    found = [_port_speed(ctx, ref, cache) for ref in (a, b)]
    known = [s for s in found if s > 0]
    return min(known) if known else 0.0


def _port_speed(ctx: Ctx, ref: str, cache: dict[str, dict[str, float]]) -> float:
    device_id, _, port = ref.partition("/")
    speeds = cache.get(device_id)
    if speeds is None:
        device = ctx.design.devices.get(device_id)
        if device is None:
            return 0.0
        spec = ctx.catalog.device_spec(device.catalog_id, device.nic_id, device.nic_count)
        speeds = cache[device_id] = {p.name: p.speed_gbps for p in spec.ports}
    return speeds.get(port, 0.0)


def _racks(ctx: Ctx) -> list[Block]:
    """Rack cabinets: listed for ordering, outside the cost model's totals (it prices the equipment)."""
    t = ctx.t
    counts = Counter(r.catalog_id for r in ctx.design.racks.values())
    if not counts:
        return []
    prices = Prices(ctx)
    columns = (
        Column(t("bom.col.id"), ColumnKind.CODE, 1.2),
        Column(t("bom.col.item"), weight=3.2),
        Column(t("bom.col.qty"), ColumnKind.NUMBER, 0.6),
        Column(t("bom.col.unit"), ColumnKind.MONEY, 1.0),
        Column(t("bom.col.total"), ColumnKind.MONEY, 1.1),
    )
    rows = []
    for cid, n in sorted(counts.items()):
        unit = prices.unit(cid)
        rows.append(
            (
                cid,
                shorten(ctx.describe(cid)),
                t.int(n),
                t.money(unit),
                t.money(None if unit is None else unit * n),
            )
        )
    return [Table(columns, tuple(rows), t("bom.racks_title"), note=t("bom.racks_note"))]
