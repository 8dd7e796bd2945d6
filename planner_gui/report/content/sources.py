"""Method and sources: how the figures were computed, and the public sources of every catalog figure used.

Written for the customer: models and catalog figures are cited by the public documents they rest on
(citations.py), never by a file, a link or a note of the project.
"""

from __future__ import annotations

from planner_gui.engine import CONTINUOUS_LOAD_FACTOR
from planner_gui.report.content.blocks import Block, Bullets, Column, Heading, Paragraph, Table
from planner_gui.report.content.citations import cite
from planner_gui.report.content.context import Ctx, shorten
from planner_gui.report.content.strings import STRINGS

FIELD_NAMES: dict[str, tuple[str, str]] = {  # catalog fields as a customer calls them
    "price_usd": ("price", "价格"),
    "weight_kg": ("weight", "重量"),
    "max_power_w": ("maximum power", "最大功耗"),
    "typical_power_w": ("typical power", "典型功耗"),
    "power_w": ("power", "功耗"),
    "power_per_end_w": ("power per end", "每端功耗"),
    "psu_w": ("power-supply rating", "电源额定功率"),
    "psu_count": ("power supplies", "电源数量"),
    "psu_redundant": ("power-supply redundancy", "电源冗余"),
    "nvme_write_gbs": ("local NVMe write speed", "本地 NVMe 写入速度"),
    "nvme_read_gbs": ("local NVMe read speed", "本地 NVMe 读取速度"),
    "nvme_tb": ("local NVMe capacity", "本地 NVMe 容量"),
    "storage_nic_count": ("storage NICs", "存储网卡数量"),
    "storage_nic_gbps": ("storage NIC speed", "存储网卡速率"),
    "airflow_cfm": ("airflow", "风量"),
    "achievable_fraction": ("achievable share of peak", "可达峰值比例"),
    "latency_us": ("latency", "延迟"),
    "latency_ns": ("latency", "延迟"),
    "height_u": ("height", "高度"),
    "cpu": ("CPU model", "CPU 型号"),
    "cpu_cores": ("CPU cores", "CPU 核数"),
    "ram_gb": ("memory", "内存"),
    "compute_nic_slots": ("compute NIC slots", "计算网卡插槽"),
    "reach_m": ("reach", "传输距离"),
    "pue": ("PUE", "PUE"),
    "fp8_tflops": ("FP8 throughput", "FP8 算力"),
    "bf16_tflops": ("BF16 throughput", "BF16 算力"),
    "fp16_tflops": ("FP16 throughput", "FP16 算力"),
    "outlets": ("outlets", "插座数量"),
    "max_load_kg": ("load rating", "承重"),
    "nvswitch_count": ("NVSwitch count", "NVSwitch 数量"),
    "nvlink_links": ("NVLink links", "NVLink 链路数"),
    "depth_mm": ("depth", "深度"),
    "width_mm": ("width", "宽度"),
    "read_gbs": ("read speed", "读取速度"),
    "write_gbs": ("write speed", "写入速度"),
    "capacity_kw": ("capacity", "容量"),
    "nvlink_bidir_gbs": ("NVLink bandwidth", "NVLink 带宽"),
    "nvls_support": ("NVLink SHARP support", "NVLink SHARP 支持"),
    "capacity_tb": ("capacity", "容量"),
}


# The public sources behind each model, one bullet each (strings "src.m.<name>").
METHOD_SOURCES = ("collectives", "topology", "power", "cooling", "training", "cost")


def sources(ctx: Ctx) -> list[Block]:
    t = ctx.t
    blocks: list[Block] = [
        Heading(t("sec.sources"), 1, "sources"),
        Heading(t("src.assumptions"), 2, "sources-assumptions"),
        Bullets(_assumptions(ctx)),
        Heading(t("src.method"), 2, "sources-method"),
        Bullets(tuple(t(f"src.m.{name}") for name in METHOD_SOURCES)),
    ]
    if ctx.analysis.unavailable:
        blocks += [
            Paragraph(t("src.unavailable")),
            Bullets(
                tuple(
                    t("sum.missing_item", section=t(f"part.{name}"), reason=ctx.missing_reason(name, reason))
                    for name, reason in ctx.analysis.unavailable.items()
                    if f"part.{name}" in STRINGS
                )
            ),
        ]
    blocks += [
        Heading(t("src.catalog"), 2, "sources-catalog"),
        Paragraph(t("src.catalog_intro")),
        _catalog_table(ctx),
    ]
    return blocks


def _assumptions(ctx: Ctx) -> tuple[str, ...]:
    t, cost = ctx.t, ctx.design.cost
    items = [
        t("src.a.collectives"),
        t("src.a.topology"),
        t("src.a.power", share=t.pct(CONTINUOUS_LOAD_FACTOR, 0)),
        t("src.a.cooling"),
        t(
            "src.a.cost",
            install=t.pct(cost.installation_fraction, 0),
            price=t.money(cost.electricity_per_kwh),
            months=t.months(cost.project_months),
        ),
    ]
    if str(ctx.design.meta.currency) == "CNY":
        items.append(t("src.a.rate", rate=t.fixed(cost.cny_per_usd, 2)))
    if ctx.analysis.training is not None:
        items.append(t("src.a.training"))
    items.append(t("src.a.racks"))
    return tuple(items)


def _catalog_table(ctx: Ctx) -> Table:
    t = ctx.t
    columns = (
        Column(t("bom.col.item"), weight=1.8),
        Column(t("src.col.source"), weight=3.2),
        Column(t("src.col.estimated"), weight=2.0),
    )
    rows = []
    for catalog_id in ctx.used_ids():
        entry = ctx.catalog.get(catalog_id)
        if entry is None:
            continue
        estimated = ("、" if t.zh else ", ").join(dict.fromkeys(_field(name, t.zh) for name in entry.estimated))
        rows.append((shorten(ctx.part_name(entry), 80), cite(entry.source, t.zh), estimated or "—"))
    return Table(columns, tuple(rows), t("src.catalog_title"))


def _field(name: str, zh: bool) -> str:
    pair = FIELD_NAMES.get(name)
    return pair[1 if zh else 0] if pair else name.replace("_", " ")
