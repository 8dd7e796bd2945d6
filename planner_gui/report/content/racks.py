"""Rack elevations: every kind of rack drawn to scale, front view, with its power and cooling load.

A drawing's unit is one rack unit (1U = 44.45 mm, EIA-310); a 600 mm cabinet is 13.5 U wide. Racks
that are identical (same cabinet, the same devices in the same units, the same loads) are drawn once,
marked "× N", and a table lists the racks each drawing stands for: 64 identical compute racks take
one drawing, not eight pages. Racks are drawn a row at a time, more per row when there are many.
"""

from __future__ import annotations

from planner_gui.model import Rack
from planner_gui.report.content.blocks import (
    Block,
    Column,
    ColumnKind,
    Drawing,
    Figure,
    Heading,
    Label,
    Line,
    Paragraph,
    Rect,
    Shape,
    Table,
)
from planner_gui.report.content.context import Ctx, shorten

U_MM = 44.45  # one rack unit (EIA-310)
RACK_WIDTH_MM = 600.0  # the catalog's cabinets are 600 mm wide (rack-42u, rack-48u)
RACK_W = RACK_WIDTH_MM / U_MM  # cabinet width in U
RAIL_W = 1.3  # the frame's side posts, in U (wide enough for the U numbers)
GAP_W = 2.6  # space between two cabinets, in U
LABEL_ROWS_U = 7.6  # room under a rack for its name, loads and PDUs
PDU_W, PDU_GAP = 0.4, 0.12  # the 0U PDUs, drawn as strips beside the cabinet (feed A left, feed B right), in U
FEW_RACKS, SOME_RACKS = 12, 40  # up to this many racks: 6, then 8, then 10 per row
PER_ROW = {FEW_RACKS: 6, SOME_RACKS: 8}
DEVICE_TEXT_U = 0.62  # label height on a 1U device; taller devices get up to TALL_TEXT_U
TALL_TEXT_U = 1.0
MANY_PER_ROW = 10
NAMES_PER_ROW = 24  # rack names per row of the "identical racks" table
COLORS = {
    "server": "#4e79a7",
    "switch": "#f28e2b",
    "mgmt_switch": "#edc948",
    "storage": "#59a14f",
    "pdu": "#9c755f",
    "power_shelf": "#7f5f4a",
    "patch_panel": "#bab0ac",
    "blank": "#d9d9d9",
    "unknown": "#e15759",
}
FRAME = "#3b3b3b"
EMPTY = "#ffffff"
OVER = "#c0392b"  # a load above its limit
OK_TEXT = "#2f3b4a"


def racks_section(ctx: Ctx) -> list[Block]:
    t, all_racks = ctx.t, list(ctx.design.racks.values())
    if not all_racks:
        return []
    groups = identical_racks(ctx, all_racks)
    racks = [group[0] for group in groups]
    counts = {group[0].id: len(group) for group in groups}
    per_row = _per_row(len(racks))
    tallest = max(r.height_u for r in racks)
    blocks: list[Block] = [
        Heading(t("sec.racks"), 1, "racks"),
        Paragraph(t("racks.intro", racks=t.int(len(all_racks)), per_row=t.int(per_row))),
    ]
    if len(racks) < len(all_racks):
        blocks.append(Paragraph(t("racks.grouped", kinds=t.int(len(racks)), racks=t.int(len(all_racks)))))
    for start in range(0, len(racks), per_row):
        chunk = racks[start : start + per_row]
        drawing = _row_drawing(ctx, chunk, per_row, tallest, counts)
        blocks.append(
            Figure(
                drawing,
                height_ratio=drawing.height / drawing.width,
                legend=_legend(ctx) if start + per_row >= len(racks) else (),
            )
        )
    if len(racks) < len(all_racks):
        blocks.append(_groups_table(ctx, [g for g in groups if len(g) > 1]))
    unplaced = sum(1 for d in ctx.design.devices.values() if not d.placed)
    if unplaced:
        blocks.append(Paragraph(t("racks.unplaced", count=t.int(unplaced))))
    return blocks


def identical_racks(ctx: Ctx, racks: list[Rack]) -> list[list[Rack]]:
    """Racks grouped by what their drawing shows, in design order (the first of a group is drawn)."""
    groups: dict[tuple[object, ...], list[Rack]] = {}
    for rack in racks:
        groups.setdefault(_look(ctx, rack), []).append(rack)
    return list(groups.values())


def _look(ctx: Ctx, rack: Rack) -> tuple[object, ...]:
    """Everything a rack's drawing shows except its name: cabinet, devices by unit, loads against limits."""
    devices = tuple(sorted((d.u or 0, d.catalog_id, d.nic_id or "", d.nic_count or 0)
                           for d in ctx.design.devices_in_rack(rack.id)))
    power = ctx.analysis.power.racks.get(rack.id) if ctx.analysis.power is not None else None
    cooling = ctx.analysis.cooling.racks.get(rack.id) if ctx.analysis.cooling is not None else None
    loads = (None if power is None else (round(power.max_w), round(power.budget_w), power.max_w > power.supply_w),
             None if cooling is None else (cooling.cooling, round(cooling.capacity_w), cooling.over_capacity))
    feeds = tuple((f.voltage_v, f.amps, f.phases) if f is not None else None for f in (rack.feed_a, rack.feed_b))
    return rack.height_u, devices, loads, feeds


def _groups_table(ctx: Ctx, groups: list[list[Rack]]) -> Table:
    t = ctx.t
    columns = (Column(t("racks.col.drawn"), weight=1.2), Column(t("racks.col.count"), ColumnKind.NUMBER, 0.5),
               Column(t("racks.col.stands_for"), weight=4.3))
    rows = []
    for group in groups:
        names = [shorten(r.name or r.id, 40) for r in group]
        for start in range(0, len(names), NAMES_PER_ROW):  # a long list continues on the next row, not in one huge cell
            first = start == 0
            rows.append((names[0] if first else "", t.int(len(group)) if first else "",
                         ", ".join(names[start:start + NAMES_PER_ROW])))
    return Table(columns, tuple(rows), t("racks.groups_title"))


def _per_row(count: int) -> int:
    for limit, per_row in sorted(PER_ROW.items()):
        if count <= limit:
            return per_row
    return MANY_PER_ROW


def _legend(ctx: Ctx) -> tuple[tuple[str, str], ...]:
    return tuple((color, ctx.t(f"racks.kind.{kind}")) for kind, color in COLORS.items())


def _row_drawing(ctx: Ctx, racks: list[Rack], per_row: int, tallest: int, counts: dict[str, int]) -> Drawing:
    shapes: list[Shape] = []
    for index, rack in enumerate(racks):
        left = GAP_W / 2 + index * (RACK_W + GAP_W)
        top = tallest - rack.height_u  # racks stand on the same floor line
        shapes += _rack_shapes(ctx, rack, left, top)
        shapes += _rack_labels(ctx, rack, left, tallest, counts.get(rack.id, 1))
    return Drawing(per_row * (RACK_W + GAP_W), tallest + LABEL_ROWS_U, tuple(shapes))


def _rack_shapes(ctx: Ctx, rack: Rack, left: float, top: float) -> list[Shape]:
    height = rack.height_u
    inner_l, inner_w = left + RAIL_W, RACK_W - 2 * RAIL_W
    shapes: list[Shape] = [
        Rect(left, top, RACK_W, height, FRAME, None),
        Rect(inner_l, top, inner_w, height, EMPTY, None),
    ]
    shapes += [Line(inner_l, top + u, inner_l + inner_w, top + u, "#e6e6e6", 0.05) for u in range(1, height)]
    for device in ctx.design.devices_in_rack(rack.id):
        spec = ctx.catalog.device_spec(device.catalog_id, device.nic_id, device.nic_count)
        u_height = max(spec.height_u, 1)
        y = top + height - (device.u or 1) - u_height + 1  # U1 is at the bottom
        color = COLORS[_kind(ctx, device.catalog_id)]
        shapes.append(Rect(inner_l + 0.15, y + 0.06, inner_w - 0.3, u_height - 0.12, color, "#202020", 0.06))
        shapes += _device_labels(
            shorten(device.name or device.id, 60),
            device.catalog_id,
            inner_l + 0.6,
            y,
            u_height,
            inner_w - 1.0,
            "#ffffff" if color in _DARK else "#1d1d1f",
        )
    for u in range(1, height + 1, 5):  # every fifth U numbered, as on the cabinet's rails
        shapes.append(Label(left + RAIL_W / 2, top + height - u + 0.5, str(u), 0.7, "#ffffff", "center"))
    shapes.append(Rect(left - PDU_GAP - PDU_W, top + 1, PDU_W, height - 2, COLORS["pdu"], None))  # PDU A
    if rack.feed_b is not None:
        shapes.append(Rect(left + RACK_W + PDU_GAP, top + 1, PDU_W, height - 2, COLORS["pdu"], None))  # PDU B
    return shapes


def _device_labels(
    name: str, catalog_id: str, x: float, y: float, u_height: int, max_w: float, color: str
) -> list[Shape]:
    """Name and model on one line for a 1U device, on two lines (larger) for taller ones."""
    if u_height < 2:
        return [Label(x, y + 0.5, f"{name} · {catalog_id}", DEVICE_TEXT_U * u_height, color, max_w=max_w)]
    size = min(TALL_TEXT_U, u_height / 3)
    middle = y + u_height / 2
    return [
        Label(x, middle - size * 0.65, name, size, color, max_w=max_w, bold=True),
        Label(x, middle + size * 0.65, catalog_id, size * 0.85, color, max_w=max_w),
    ]


def _rack_labels(ctx: Ctx, rack: Rack, left: float, floor: float, count: int = 1) -> list[Shape]:
    t, power, cooling = ctx.t, ctx.analysis.power, ctx.analysis.cooling
    center = left + RACK_W / 2
    name = shorten(rack.name or rack.id, 40)
    shapes: list[Shape] = [
        Label(
            center,
            floor + 1.3,
            t("racks.times", rack=name, count=t.int(count)) if count > 1 else name,
            1.3,
            OK_TEXT,
            "center",
            RACK_W + GAP_W * 0.8,
            bold=True,
        )
    ]
    rack_power = power.racks.get(rack.id) if power is not None else None
    if rack_power is not None:
        over = rack_power.max_w > rack_power.supply_w
        text = t(
            "racks.power_label", load=t.num(rack_power.max_w / 1000), budget=t.num(rack_power.budget_w / 1000)
        )
        shapes.append(
            Label(center, floor + 3.1, text, 1.05, OVER if over else OK_TEXT, "center", RACK_W + GAP_W * 0.8)
        )
    rack_cooling = cooling.racks.get(rack.id) if cooling is not None else None
    if rack_cooling is not None:
        text = t(
            "racks.cooling_label",
            kind=t(f"cooling.{rack_cooling.cooling}"),
            capacity=t.num(rack_cooling.capacity_w / 1000),
        )
        color = OVER if rack_cooling.over_capacity else OK_TEXT
        shapes.append(Label(center, floor + 4.6, text, 1.05, color, "center", RACK_W + GAP_W * 0.8))
    feeds = "2 × " if rack.feed_b is not None else ""
    pdu = t("racks.pdu_label", feeds=feeds, volts=t.int(rack.feed_a.voltage_v), amps=t.int(rack.feed_a.amps),
            phases=t.int(rack.feed_a.phases))
    shapes.append(Label(center, floor + 6.1, pdu, 1.05, OK_TEXT, "center", RACK_W + GAP_W * 0.8))
    return shapes


def _kind(ctx: Ctx, catalog_id: str) -> str:
    entry = ctx.entry(catalog_id)
    if entry is None:
        return "unknown"
    if entry.kind == "switch" and entry.get("role") == "management":
        return "mgmt_switch"
    return entry.kind if entry.kind in COLORS else "unknown"


_DARK = {COLORS["server"], COLORS["pdu"], COLORS["power_shelf"], COLORS["unknown"], COLORS["storage"]}
