"""The named configurations of the source articles, as template specs plus their prices and notes.

`scripts/build_examples.py` turns each into `planner_gui/resources/examples/<file>`; a test rebuilds
them and checks the shipped files are current. Prices are the articles' own (CNY, 2026), kept as
editable cost settings; where an article gives a range we take its midpoint and say so.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from planner_gui.catalog import Catalog
from planner_gui.model import CostSettings, Currency, Design, Device, Link, Medium, Recompute, Workload
from planner_gui.model.variants import Variants
from planner_gui.templates.generator import generate_design
from planner_gui.templates.spec import TemplateSpec

SEED_000 = "idc10000.net multi-node GPU networking guide (2026)"
SEED_004 = "idc10000.net 8-GPU A100/H100 cluster build guide (2026)"
FIXED_TIMESTAMP = "2026-11-29T00:00:00+00:00"  # examples are reproducible byte for byte
# Quote terms of the examples, all priced in CNY for buyers in China: VAT on equipment sales and on leasing
# tangible goods is 13 % (Ministry of Finance, State Taxation Administration and General Administration of
# Customs announcement 2019 No. 39, from 1 April 2019); the catalog's prices are list prices before tax, so
# the quote adds VAT (不含税). Valid to the end of the month after the examples' date, as quotes commonly are.
CHINA_VAT = 0.13
QUOTE_VALID_UNTIL = "2026-12-31"
NVL72_NOTE = ("Rack-scale NVLink system (NVIDIA DGX GB200 user guide, NVL72 Enterprise RA); --nodes counts compute "
              "trays, 18 per rack. Rack power, weight and GB300 figures are partly third-party (see the catalog).")


@dataclass(frozen=True)
class SeedExample:
    file: str
    spec: TemplateSpec
    notes: str
    cost: CostSettings
    workload: Workload | None = None
    extra_servers: dict[str, int] = field(default_factory=dict)  # catalog id -> count, unplaced in the fabric


def _llama(layers: int, hidden: int, heads: int, kv: int, ffn: int, name: str, **parallel: int) -> Workload:
    return Workload(model_name=name, layers=layers, hidden=hidden, heads=heads, kv_heads=kv, ffn_hidden=ffn,
                    gated_mlp=True, vocab=32000, seq_len=4096, global_batch=1024, micro_batch=1, **parallel)


LLAMA_7B = {"layers": 32, "hidden": 4096, "heads": 32, "kv": 32, "ffn": 11008, "name": "LLaMA-7B"}
LLAMA_13B = {"layers": 40, "hidden": 5120, "heads": 40, "kv": 40, "ffn": 13824, "name": "LLaMA-13B"}
LLAMA_70B = {"layers": 80, "hidden": 8192, "heads": 64, "kv": 8, "ffn": 28672, "name": "LLaMA-2-70B"}
H100_NODE_MONTH = 100_000.0  # idc10000.net multi-node guide: CNY 80-120k per H100 8-GPU node per month (midpoint)
A100_80G_NODE_MONTH = 32_500.0  # idc10000.net guide table: CNY 25-40k per A100 80G 8-GPU node per month (midpoint)
IB_400G_SWITCH_MONTH = 22_500.0  # seed 000: 400G IB switch rent CNY 15-30k per month (midpoint)
IB_200G_SWITCH_MONTH = 6_500.0  # seed 000: 200G IB switch rent CNY 5-8k per month (midpoint)

SEED_EXAMPLES = (
    SeedExample(
        "h100-32x8-ndr-rail.cluster",
        TemplateSpec("dgx-h100", 32, topology="rail-optimized", rack_kw=42.0, cooling="rdhx", cooling_kw=45.0,
                     name="256 x H100 NDR rail-optimized"),
        f"Default design. 32 nodes x 8 H100 SXM on NDR 400G InfiniBand, rail-optimized leaf-spine (one leaf per "
        f"rail, as in NVIDIA's SuperPOD scalable unit); 4 nodes per 42 kW rack need more than air's 25-30 kW, so the "
        f"racks carry active rear-door heat exchangers rated 45 kW; prices from {SEED_000}: CNY 80-120k per node-month "
        "(midpoint), 15 % off for annual prepay, 400G IB switch rent CNY 15-30k/month (midpoint).",
        CostSettings(rent_per_server_month={"dgx-h100": H100_NODE_MONTH}, annual_prepay_discount=0.15,
                     switch_rent_month={"qm9700": IB_400G_SWITCH_MONTH}, project_months=12),
        _llama(**LLAMA_70B, tp=8, pp=4, dp=8),
    ),
    SeedExample(
        "s1-h100-2x8-ndr.cluster",
        TemplateSpec("hgx-h100", 2, topology="single-switch", rack_kw=25.0, name="S1: 2 x 8 H100 on NDR 400G"),
        f"{SEED_000}, recommendation #1: 2 nodes x 8 H100 SXM 80 GB, NVLink+NVSwitch 900 GB/s in node, NDR 400G "
        "InfiniBand between nodes; 2 x Xeon 8480+, 2 TB DDR5, 8 x 15.36 TB NVMe. CNY 80-120k per node-month "
        "(midpoint used), annual prepay 15 % off.",
        CostSettings(rent_per_server_month={"hgx-h100": H100_NODE_MONTH}, annual_prepay_discount=0.15,
                     switch_rent_month={"qm9700": IB_400G_SWITCH_MONTH}),
        _llama(**LLAMA_13B, tp=8, pp=1, dp=2),
    ),
    SeedExample(
        "s2-a100-4x8-roce25.cluster",
        TemplateSpec("hgx-a100-40gb", 4, nic_id="roce-25", nics_per_node=1, topology="single-switch", rack_kw=15.0,
                     name="S2: 4 x 8 A100 40GB on 25GbE RoCE v2"),
        f"{SEED_000}, recommendation #2: 4 nodes x 8 A100 40 GB (32 GPUs), NVLink 600 GB/s in node, 25GbE RoCE v2 "
        "between nodes (one 25G port per node, as the article implies). CNY 2,800 per GPU-month, 20 % off annual.",
        CostSettings(rent_per_gpu_month=2800.0, annual_prepay_discount=0.20),
        _llama(**LLAMA_7B, tp=1, pp=1, dp=32, zero_stage=2, recompute=Recompute.FULL),
    ),
    SeedExample(
        "s3-cloud-a100-3090.cluster",
        TemplateSpec("pcie-a100-8", 1, nic_id="roce-25", nics_per_node=1, topology="single-switch", rack_kw=15.0,
                     name="S3: elastic cloud A100 and RTX 3090"),
        f"{SEED_000}, recommendation #3: elastic cloud for debugging distributed code. A100 whole card CNY 2,500/month "
        "(1/20 slice CNY 900/month), RTX 3090 CNY 1,750/month, hourly billing; modelled as one 8 x A100 PCIe and one "
        "8 x RTX 3090 server on one 25GbE RoCE switch.",
        CostSettings(rent_per_server_month={"pcie-a100-8": 8 * 2500.0, "pcie-3090-8": 8 * 1750.0}),
        None,
        {"pcie-3090-8": 1},
    ),
    SeedExample(
        "s4a-a100-1x8-nvlink.cluster",
        TemplateSpec("hgx-a100-80gb", 1, rack_kw=10.0, name="S4a: single node 8 x A100 NVLink"),
        f"{SEED_004}: single node 8 x A100 with NVLink, 1 TB DDR4, 3.84 TB NVMe array; CNY 35,888/month. "
        "An InfiniBand NDR200 option costs about CNY 15k per node.",
        CostSettings(rent_per_server_month={"hgx-a100-80gb": 35_888.0}),
        _llama(**LLAMA_7B, tp=1, pp=1, dp=8),
    ),
    SeedExample(
        "s4b-h100-1x8.cluster",
        TemplateSpec("hgx-h100", 1, rack_kw=15.0, name="S4b: single node 8 x H100"),
        f"{SEED_004}: single node 8 x H100; CNY 59,999/month.",
        CostSettings(rent_per_server_month={"hgx-h100": 59_999.0}),
        _llama(**LLAMA_7B, tp=1, pp=1, dp=8),
    ),
    SeedExample(
        "s4c-a100-4gpu-entry.cluster",
        TemplateSpec("pcie-a100-4", 1, rack_kw=6.0, name="S4c: 4 x A100 entry node"),
        f"{SEED_004}: 4 x A100 entry node for 7B-13B fine-tuning; CNY 18,888/month.",
        CostSettings(rent_per_server_month={"pcie-a100-4": 18_888.0}),
        _llama(**LLAMA_7B, tp=1, pp=1, dp=4, zero_stage=3),
    ),
    SeedExample(
        "s5-a100-8x8-ib.cluster",
        TemplateSpec("hgx-a100-80gb", 8, nic_id="ib-hdr-200", nics_per_node=1, topology="single-switch",
                     rack_kw=15.0, name="S5: 8 x 8 A100 on InfiniBand"),
        f"{SEED_004}: 64 x A100 data-parallel, InfiniBand variant (one 200G port per node, the article's NDR200 "
        "option at ~CNY 15k per node). The article says IB is ~18 % faster than RoCE here. A100 80G node "
        f"CNY 25-40k/month (midpoint, {SEED_000} table) + CNY 15k IB option.",
        CostSettings(rent_per_server_month={"hgx-a100-80gb": A100_80G_NODE_MONTH + 15_000.0},
                     switch_rent_month={"qm8700": IB_200G_SWITCH_MONTH}),
        _llama(**LLAMA_7B, tp=1, pp=1, dp=64),
    ),
    SeedExample(
        "s5-a100-8x8-roce.cluster",
        TemplateSpec("hgx-a100-80gb", 8, nic_id="roce-100", nics_per_node=1, topology="single-switch",
                     rack_kw=15.0, name="S5: 8 x 8 A100 on RoCE"),
        f"{SEED_004}: 64 x A100 data-parallel, RoCE variant (one 100GbE RoCE port per node). The article says RoCE "
        f"costs ~35 % less overall. A100 80G node CNY 25-40k/month (midpoint, {SEED_000} table).",
        CostSettings(rent_per_server_month={"hgx-a100-80gb": A100_80G_NODE_MONTH}),
        _llama(**LLAMA_7B, tp=1, pp=1, dp=64),
    ),
    SeedExample(
        "h100-4x8-liquid-rack.cluster",
        TemplateSpec("hgx-h100-lc", 4, topology="single-switch", rack_kw=45.0, cooling="liquid",
                     name="4 x 8 H100 in one liquid-cooled rack"),
        f"{SEED_000}, liquid-cooling section: one liquid-cooled rack holds 4 x 8-GPU H100 nodes (32 GPUs, 30 kW+) "
        "where air cooling fits at most 2; PUE below 1.1 vs 1.4-1.6 for air.",
        CostSettings(rent_per_server_month={"hgx-h100-lc": H100_NODE_MONTH}, annual_prepay_discount=0.15,
                     switch_rent_month={"qm9700": IB_400G_SWITCH_MONTH}),
        _llama(**LLAMA_13B, tp=8, pp=1, dp=4),
    ),
    # Rack-scale NVLink systems (not from the seed articles): NVIDIA's NVL72 racks, --nodes counting trays.
    SeedExample(
        "gb200-nvl72-1rack.cluster",
        TemplateSpec("gb200-nvl72", 18, name="One GB200 NVL72 rack"),
        f"{NVL72_NOTE} One rack: 18 compute trays (72 GB200) and 9 NVLink switch trays in one NVLink domain, "
        "4 x ConnectX-7 400G per tray to a rail-optimized NDR fabric for growth, BlueField-3 storage ports.",
        CostSettings(),
        dataclasses.replace(_llama(**LLAMA_70B, tp=8, pp=1, dp=9), global_batch=1152),
    ),
    SeedExample(
        "gb300-8x-nvl72-xdr.cluster",
        TemplateSpec("gb300-nvl72", 8 * 18, nic_id="ib-xdr-800", name="8 x GB300 NVL72 on XDR"),
        f"{NVL72_NOTE} Eight racks (576 GB300) on a rail-optimized Quantum-X800 XDR fabric, one ConnectX-8 800G "
        "per GPU; tensor parallelism stays inside each rack's NVLink domain.",
        CostSettings(),
        dataclasses.replace(_llama(**LLAMA_70B, tp=8, pp=1, dp=72), global_batch=1152),
    ),
)



@dataclass(frozen=True)
class VariantExample:
    """One file holding several seed examples as named variants: the comparison an article makes."""

    file: str
    name: str
    notes: str
    members: tuple[tuple[str, str], ...]  # (variant name, SeedExample.file); the first is the active one


VARIANT_EXAMPLES = (
    VariantExample(
        "s5-a100-8x8-ib-vs-roce.cluster",
        "S5: 8 x 8 A100, InfiniBand vs RoCE",
        f"{SEED_004}: the article's InfiniBand-or-RoCE choice for 64 x A100 as two variants of one design "
        "(Variants menu, or `cluster-planner compare FILE --variants InfiniBand,RoCE`). The article says IB is "
        "~18 % faster and RoCE ~35 % cheaper overall; the comparison shows this design's own figures.",
        (("InfiniBand", "s5-a100-8x8-ib.cluster"), ("RoCE", "s5-a100-8x8-roce.cluster")),
    ),
)


def build_variant_example(catalog: Catalog, example: VariantExample) -> Design:
    """The member examples built one by one; the first holds the file, the others are stored variants."""
    by_file = {e.file: e for e in SEED_EXAMPLES}
    built = [(name, build_example(catalog, by_file[file])) for name, file in example.members]
    design = built[0][1]
    design.meta.name, design.meta.notes = example.name, example.notes
    design.variants = Variants(active=built[0][0], stored=dict(built[1:]), order=[name for name, _ in built])
    return design


def build_example(catalog: Catalog, example: SeedExample) -> Design:
    """The example's design: the template, then its extra servers, prices, workload and notes."""
    design = generate_design(catalog, dataclasses.replace(example.spec, workload=example.workload))
    for catalog_id, count in example.extra_servers.items():
        for _ in range(count):
            _add_extra_server(design, catalog, catalog_id, example.spec)
    design.meta.created = design.meta.modified = FIXED_TIMESTAMP
    design.meta.author = "Cluster Planner examples"
    design.meta.currency = Currency.CNY
    design.meta.notes = example.notes
    design.cost = dataclasses.replace(example.cost, tax_rate=CHINA_VAT, prices_include_tax=False,
                                      quote_valid_until=QUOTE_VALID_UNTIL)
    design.workload = example.workload
    return design


def _add_extra_server(design: Design, catalog: Catalog, catalog_id: str, spec: TemplateSpec) -> None:
    """Rack one more server and cable it like the template's: compute NICs to the fabric leaf, BMC to management."""
    height = catalog.require(catalog_id, "server")["height_u"]
    device = Device(design.new_id("node"), catalog_id, name=f"{catalog_id} node", nic_id=spec.nic_id,
                    nic_count=spec.nics_per_node)
    for rack_id in design.racks:
        slots = design.free_u_slots(rack_id, height, catalog)
        if slots:
            device.rack_id, device.u = rack_id, slots[0]
            break
    design.add_device(device, catalog)
    for port in design.free_ports(device.id, catalog):
        prefix = {"compute": "fab-leaf", "management": "mgmt-leaf"}.get(port.role)
        switch = next((d for d in design.devices.values() if prefix and d.id.startswith(prefix)), None)
        free = design.free_ports(switch.id, catalog, roles={"switch"}) if switch else []
        free = [p for p in free if p.technology == port.technology]
        if switch is not None and free:
            medium = Medium.UTP if port.role == "management" else Medium.DAC
            link = Link(design.new_id("link"), f"{device.id}/{port.name}", f"{switch.id}/{free[0].name}", medium, 2.0)
            design.add_link(link, catalog)
