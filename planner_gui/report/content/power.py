"""Power and cooling: per-rack electrical and thermal tables, feeds and redundancy, PUE and energy.

Up to SUMMARY_RACKS racks the tables have a row per rack. Beyond, the section has a row per kind of
rack (identical racks, as the elevations group them, "× N") with the totals over all racks, and the
full per-rack tables move to an appendix (:func:`power_appendix`).
"""

from __future__ import annotations

from typing import Any

from planner_gui.report.content.blocks import Block, Column, ColumnKind, Heading, KeyValues, Paragraph, Table
from planner_gui.report.content.circuits import circuit_table
from planner_gui.report.content.context import Ctx, shorten
from planner_gui.report.content.racks import identical_racks
from planner_gui.report.content.weight import weight_table

W_PER_KW = 1000.0  # unit conversion
SUMMARY_RACKS = 24  # more racks than this: one row per kind of rack here, every rack in the appendix


def power_section(ctx: Ctx) -> list[Block]:
    t, power, cooling, facility = ctx.t, ctx.analysis.power, ctx.analysis.cooling, ctx.analysis.facility
    if power is None:
        return []
    blocks: list[Block] = [Heading(t("sec.power"), 1, "power")]
    if facility is not None:
        blocks.append(
            Paragraph(
                t(
                    "pow.intro",
                    it=t.kw(facility.it_training_kw),
                    typical=t.kw(facility.it_typical_kw),
                    peak=t.kw(facility.it_peak_kw),
                    pue=t.fixed(facility.pue, 2),
                    facility=t.kw(facility.facility_kw),
                )
            )
        )
    if power.racks:
        rows = _summary_rows(ctx) if len(power.racks) > SUMMARY_RACKS else None
        blocks += [_electrical(ctx, power, rows), Paragraph(_feeds_text(ctx, power))]
        if cooling is not None:
            blocks.append(_thermal(ctx, cooling, rows))
        if rows is not None:
            blocks.append(Paragraph(t("pow.summarised", racks=t.int(len(power.racks)), kinds=t.int(len(rows)))))
        blocks += [table for table in (weight_table(ctx, power), circuit_table(ctx)) if table is not None]
    else:
        blocks.append(Paragraph(t("pow.no_racks")))
    if facility is not None:
        blocks.append(KeyValues(tuple(_facility_rows(ctx, facility)), t("pow.facility_title")))
        if facility.comparison is not None:
            blocks.append(_comparison(ctx, facility.comparison))
    return blocks


def power_appendix(ctx: Ctx) -> list[Block]:
    """Every rack's electrical and thermal rows, when the section itself shows one row per kind of rack."""
    power, cooling = ctx.analysis.power, ctx.analysis.cooling
    if power is None or len(power.racks) <= SUMMARY_RACKS:
        return []
    blocks: list[Block] = [Heading(ctx.t("sec.power_appendix"), 1, "appendix-power"), _electrical(ctx, power, None)]
    if cooling is not None:
        blocks.append(_thermal(ctx, cooling, None))
    return blocks


def _summary_rows(ctx: Ctx) -> dict[str, str]:
    """Rack id -> its row label, one rack per kind ("Row A rack 01 (× 42)")."""
    groups = identical_racks(ctx, list(ctx.design.racks.values()))
    return {g[0].id: (ctx.t("racks.times", rack=_rack_name(ctx, g[0].id), count=ctx.t.int(len(g))) if len(g) > 1
                      else _rack_name(ctx, g[0].id)) for g in groups}


def _kw(ctx: Ctx, watts: float | None) -> str:
    return ctx.t.num(None if watts is None else watts / W_PER_KW)


def _electrical(ctx: Ctx, power: Any, summary: dict[str, str] | None) -> Table:
    t = ctx.t
    columns = (
        Column(t("pow.col.rack"), weight=1.3),
        Column(t("pow.col.devices"), ColumnKind.NUMBER, 0.8),
        Column("GPU", ColumnKind.NUMBER, 0.7),
        Column(t("pow.col.typical"), ColumnKind.NUMBER),
        Column(t("pow.col.max"), ColumnKind.NUMBER),
        Column(t("pow.col.budget"), ColumnKind.NUMBER),
        Column(t("pow.col.feed_a"), ColumnKind.NUMBER),
        Column(t("pow.col.feed_b"), ColumnKind.NUMBER),
        Column(t("pow.col.redundant"), weight=0.8),
        Column(t("pow.col.status"), weight=1.5),
    )
    rows = []
    for rack_id, rack in power.racks.items():
        if summary is not None and rack_id not in summary:
            continue
        status = [t("pow.status.over_budget")] if rack.over_budget else []
        if rack.max_w > rack.feeds_w:
            status.append(t("pow.status.over_feeds"))
        rows.append(
            (
                summary[rack_id] if summary is not None else _rack_name(ctx, rack_id),
                t.int(rack.device_count),
                t.int(rack.gpu_count),
                _kw(ctx, rack.typical_w),
                _kw(ctx, rack.max_w),
                _kw(ctx, rack.budget_w),
                _kw(ctx, rack.feed_a_w),
                _kw(ctx, rack.feed_b_w),
                t.yes_no(rack.feed_redundant),
                ", ".join(status) or t("pow.status.ok"),
            )
        )
    totals = (
        "",
        t.int(sum(r.device_count for r in power.racks.values())),
        t.int(sum(r.gpu_count for r in power.racks.values())),
        _kw(ctx, sum(r.typical_w for r in power.racks.values())),
        _kw(ctx, sum(r.max_w for r in power.racks.values())),
        _kw(ctx, sum(r.budget_w for r in power.racks.values())),
        "",
        "",
        "",
        "",
    )
    footer = (t("pow.total"), *totals[1:])
    return Table(columns, tuple(rows), t("pow.electrical_title"), footer, t("pow.electrical_note"))


def _rack_name(ctx: Ctx, rack_id: str) -> str:
    rack = ctx.design.racks.get(rack_id)
    name = rack.name if rack is not None and rack.name else rack_id
    return shorten(name, 40)


def _feeds_text(ctx: Ctx, power: Any) -> str:
    t = ctx.t
    racks = list(power.racks.values())
    single = sum(1 for r in racks if r.feed_b_w is None)
    redundant = sum(1 for r in racks if r.feed_redundant)
    return t("pow.feeds", racks=t.int(len(racks)), redundant=t.int(redundant), single=t.int(single))


def _thermal(ctx: Ctx, cooling: Any, summary: dict[str, str] | None) -> Table:
    t = ctx.t
    imperial = not t.zh  # a Chinese proposal is metric only (no BTU/h, temperature rises in K)
    columns = (
        Column(t("pow.col.rack"), weight=1.3),
        Column(t("pow.col.cooling"), weight=1.1),
        Column(t("pow.col.heat"), ColumnKind.NUMBER),
        *((Column("BTU/h", ColumnKind.NUMBER),) if imperial else ()),
        Column(t("pow.col.airflow"), ColumnKind.NUMBER),
        Column(t("pow.col.liquid"), ColumnKind.NUMBER),
        Column(t("pow.col.capacity"), ColumnKind.NUMBER),
        Column(t("pow.col.throttle"), ColumnKind.NUMBER),
    )
    rows = tuple(
        (
            summary[rack_id] if summary is not None else _rack_name(ctx, rack_id),
            t(f"cooling.{r.cooling}"),
            _kw(ctx, r.heat_w),
            *((t.int(r.heat_btu_h),) if imperial else ()),
            t.int(r.airflow_m3h),
            t.num(r.liquid_lpm) if r.liquid_w > 0 else "—",
            _kw(ctx, r.capacity_w),
            t.pct(r.throttle_factor, 0),
        )
        for rack_id, r in cooling.racks.items()
        if summary is None or rack_id in summary
    )
    rise_f = _first(cooling, "air_delta_t_f")
    note = t(
        "pow.thermal_note",
        air=t.num(rise_f if imperial or rise_f is None else rise_f * KELVIN_PER_FAHRENHEIT),
        liquid=t.num(_first(cooling, "liquid_delta_t_k")),
    )
    return Table(columns, rows, t("pow.thermal_title"), note=note)


KELVIN_PER_FAHRENHEIT = 5.0 / 9.0  # a temperature difference: 1 °F = 5/9 K


def _first(cooling: Any, name: str) -> float | None:
    rack = next(iter(cooling.racks.values()), None)
    return None if rack is None else float(getattr(rack, name))


def _facility_rows(ctx: Ctx, facility: Any) -> list[tuple[str, str]]:
    t = ctx.t
    source = t("pow.pue_design") if facility.pue_source == "design" else t("pow.pue_cooling")
    return [
        (t("pow.it_training"), t.kw(facility.it_training_kw)),
        (t("pow.it_typical"), t.kw(facility.it_typical_kw)),
        (t("pow.it_peak"), t.kw(facility.it_peak_kw)),
        (t("pow.pue"), t("pow.pue_value", pue=t.fixed(facility.pue, 2), source=source)),
        (
            t("pow.facility_kw"),
            t("pow.facility_value", training=t.kw(facility.facility_kw), peak=t.kw(facility.facility_peak_kw)),
        ),
        (t("pow.annual_mwh"), f"{t.num(facility.annual_mwh)} MWh"),
        (t("pow.price"), t("pow.price_value", price=t.money(facility.electricity_per_kwh))),
        (t("pow.annual_cost"), t.money(facility.annual_energy_cost)),
        (t("pow.monthly_cost"), t.money(facility.monthly_energy_cost)),
        (t("pow.monthly_cost_typical"), t.money(facility.monthly_energy_cost_typical)),
    ]


def _comparison(ctx: Ctx, c: Any) -> Table:
    """The design as proposed beside all-air and all-liquid alternatives: the first column is the figure of
    "Facility and energy" above (and of the cost model), so the two energy bills are never confused."""
    t, facility = ctx.t, ctx.analysis.facility
    columns = (
        Column("", weight=2.2),
        Column(t("cost2.as_designed"), ColumnKind.NUMBER),
        Column(t("cooling.air") + t("cost2.alternative"), ColumnKind.NUMBER),
        Column(t("cooling.liquid") + t("cost2.alternative"), ColumnKind.NUMBER),
    )
    rows = (
        ("PUE", t.fixed(facility.pue, 2), t.fixed(c.pue_air, 2), t.fixed(c.pue_liquid, 2)),
        (t("pow.cmp.racks"), t.int(len(ctx.design.racks)), t.int(c.racks_air), t.int(c.racks_liquid)),
        (t("pow.cmp.energy"), t.money(facility.annual_energy_cost), t.money(c.annual_energy_cost_air),
         t.money(c.annual_energy_cost_liquid)),
    )
    note = t(
        "pow.cmp_note",
        saving=t.money(c.annual_energy_saving),
        share=t.pct(c.energy_saving_fraction),
        retrofit=t.money(c.retrofit_cost),
        payback=t.months(c.payback_months),
    )
    return Table(columns, rows, t("pow.cmp_title"), note=note)
