"""The power-circuit schedule: for each kind of rack, its feeds and breakers and, per power supply, the
feed and PDU outlet it plugs into.

Power supplies alternate between feed A and feed B (PSU 1 on A, PSU 2 on B, ...), as a 2N rack is
cabled so that losing either feed leaves every device half its supplies; a rack with one feed takes
them all on A. Outlets are numbered along each feed's PDU in the order devices sit in the rack, top
down. Connector by the supply's rating (IEC 60320: a C13/C14 pair carries 10 A, C19/C20 16 A).
"""

from __future__ import annotations

from planner_gui.model import Feed, Rack
from planner_gui.report.content.blocks import Column, ColumnKind, Table
from planner_gui.report.content.context import Ctx, shorten
from planner_gui.report.content.racks import identical_racks

C13_MAX_W = 10 * 230  # a C13 inlet's 10 A at 230 V; larger supplies take a C19 (16 A)


def circuit_table(ctx: Ctx) -> Table | None:
    t = ctx.t
    groups = identical_racks(ctx, list(ctx.design.racks.values()))
    rows: list[tuple[str, ...]] = []
    plugged = 0
    for group in groups:
        rack = group[0]
        name = shorten(rack.name or rack.id, 40)
        label = t("racks.times", rack=name, count=t.int(len(group))) if len(group) > 1 else name
        rows.append((label, t("circ.feeds", a=_feed(ctx, rack.feed_a),
                              b=_feed(ctx, rack.feed_b) if rack.feed_b is not None else t("circ.no_feed")), "", "", ""))
        supplies = _supplies(ctx, rack)
        plugged += len(supplies)
        rows += supplies
    if not plugged:
        return None  # no device with a power supply: nothing to plug in
    columns = (Column(t("circ.col.rack"), weight=1.5), Column(t("circ.col.device"), weight=2.2),
               Column(t("circ.col.feed"), weight=0.6), Column(t("circ.col.outlet"), ColumnKind.NUMBER, 0.8),
               Column(t("circ.col.psu"), ColumnKind.NUMBER, 1.1))
    return Table(columns, tuple(rows), t("circ.title"), note=t("circ.note"))


def _feed(ctx: Ctx, feed: Feed) -> str:
    phases = ctx.t("circ.three_phase") if feed.phases == 3 else ctx.t("circ.single_phase")
    return f"{ctx.t.int(feed.voltage_v)} V {phases} {ctx.t.int(feed.amps)} A"


def _supplies(ctx: Ctx, rack: Rack) -> list[tuple[str, ...]]:
    t, rows = ctx.t, []
    outlets = {"A": 0, "B": 0}
    devices = sorted(ctx.design.devices_in_rack(rack.id), key=lambda d: -(d.u or 0))  # top of the rack first
    for device in devices:
        entry = ctx.entry(device.catalog_id)
        count = int(entry.get("psu_count") or 0) if entry is not None else 0
        watts = float(entry.get("psu_w") or 0.0) if entry is not None else 0.0
        for index in range(count):
            feed = "B" if rack.feed_b is not None and index % 2 else "A"
            outlets[feed] += 1
            plug = "C19" if watts > C13_MAX_W else "C13"
            rows.append(("", t("circ.psu", device=shorten(device.name or device.id, 40), index=index + 1), feed,
                         f"{feed}{outlets[feed]:02d}", f"{t.int(watts)} W {plug}"))
    return rows
