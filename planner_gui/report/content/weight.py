"""Rack weight and floor loading: what each kind of rack weighs and presses on the floor.

The engine's per-rack figures (engine/facility/power_racks.py RackPower): the devices' catalog weights,
the empty cabinet's, the cabinet's rated equipment load and its footprint. A row per kind of rack
(identical racks together, as the elevations group them), so the table stays short at any size.
"""

from __future__ import annotations

from typing import Any

from planner_gui.report.content.blocks import Column, ColumnKind, Table
from planner_gui.report.content.context import Ctx, shorten
from planner_gui.report.content.racks import identical_racks


def weight_table(ctx: Ctx, power: Any) -> Table | None:
    t = ctx.t
    groups = [g for g in identical_racks(ctx, list(ctx.design.racks.values())) if g[0].id in power.racks]
    if not groups:
        return None
    columns = (
        Column(t("pow.col.rack"), weight=1.6),
        Column(t("wt.col.equipment"), ColumnKind.NUMBER),
        Column(t("wt.col.cabinet"), ColumnKind.NUMBER),
        Column(t("wt.col.total"), ColumnKind.NUMBER),
        Column(t("wt.col.rated"), ColumnKind.NUMBER),
        Column(t("wt.col.floor"), ColumnKind.NUMBER),
    )
    rows = []
    for group in groups:
        rack = power.racks[group[0].id]
        name = shorten(group[0].name or group[0].id, 40)
        label = t("racks.times", rack=name, count=t.int(len(group))) if len(group) > 1 else name
        over = rack.max_load_kg is not None and rack.device_weight_kg > rack.max_load_kg
        rows.append((
            label,
            t.int(rack.device_weight_kg) + (" !" if over else ""),
            t.int(rack.rack_weight_kg),
            t.int(rack.total_weight_kg),
            t.int(rack.max_load_kg),
            t.int(rack.floor_load_kg_m2),
        ))
    total = sum(power.racks[r.id].total_weight_kg for g in groups for r in g if r.id in power.racks)
    footer = (t("pow.total"), "", "", t.int(total), "", "")
    return Table(columns, tuple(rows), t("wt.title"), footer, t("wt.note"))
