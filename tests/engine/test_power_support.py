"""A small in-memory catalog and design builders for the power, cooling and cost tests.

The figures are the reference's, so hand calculations can cite them:
DGX H100 10,200 W max, 6 × 3.3 kW PSUs in 4+2, 130.45 kg, 8 U, 1,105 CFM (NVIDIA DGX H100 user guide);
QM9700 747 W typical with passive cables, 1,720 W max, 64 × 400G (NVIDIA QM9700 user manual); ConnectX-7 ~25 W ([E]);
400G SR4 optics 9 W per end, passive DAC 0.1 W per end (NVIDIA LinkX specifications).
The typical server draw (8,500 W) is the top of the secondary 6.5–8.5 kW range (secondary sources on DGX H100 draw).
Prices are round test values, not catalog data.
"""

from __future__ import annotations

from typing import Any

from planner_gui.catalog import Catalog, CatalogEntry
from planner_gui.catalog.schema import validate_entry
from planner_gui.model import CoolingType, Design, Device, Feed, Link, Medium, Rack

SOURCE = "tests: NVIDIA DGX H100 user guide, QM9700 manual, LinkX specifications"
RAW: list[dict[str, Any]] = [
    {"id": "h100", "kind": "gpu", "name": "H100 SXM", "source": SOURCE, "memory_gb": 80, "memory_bw_tbs": 3.35,
     "tdp_w": 700, "fp16_tflops": 989, "achievable_fraction": 0.5, "interconnect": "nvlink", "pcie_gen": 5},
    {"id": "cx7", "kind": "nic", "name": "ConnectX-7", "source": SOURCE, "technology": "infiniband",
     "generation": "NDR", "speed_gbps": 400, "latency_us": 1.0, "power_w": 25, "form_factor": "OSFP", "rdma": True,
     "default_switch_id": "qm9700", "price_usd": 2000},
    {"id": "cx6", "kind": "nic", "name": "ConnectX-6", "source": SOURCE, "technology": "infiniband",
     "generation": "HDR", "speed_gbps": 200, "latency_us": 1.0, "power_w": 20, "form_factor": "QSFP56",
     "rdma": True, "default_switch_id": "qm9700", "price_usd": 1000},
    {"id": "dgx-h100", "kind": "server", "name": "DGX H100", "source": SOURCE, "height_u": 8, "weight_kg": 130.45,
     "typical_power_w": 8500, "max_power_w": 10200, "gpu_id": "h100", "gpu_count": 8, "nvswitch_count": 4,
     "cpu": "2x Xeon 8480C", "cpu_cores": 112, "ram_gb": 2048, "nvme_tb": 30, "nvme_read_gbs": 25,
     "nvme_write_gbs": 12, "default_nic_id": "cx7", "compute_nic_slots": 8, "storage_nic_count": 2,
     "storage_nic_gbps": 400, "psu_count": 6, "psu_redundant": 2, "psu_w": 3300, "airflow_cfm": 1105,
     "cooling": "air", "price_usd": 100_000},
    {"id": "hgx-liquid", "kind": "server", "name": "HGX H100 cold plate", "source": SOURCE, "height_u": 4,
     "weight_kg": 90, "typical_power_w": 8000, "max_power_w": 10000, "gpu_id": "h100", "gpu_count": 8,
     "nvswitch_count": 4, "cpu": "2x Xeon", "cpu_cores": 112, "ram_gb": 2048, "nvme_tb": 30, "nvme_read_gbs": 25,
     "nvme_write_gbs": 12, "default_nic_id": "cx7", "compute_nic_slots": 8, "storage_nic_count": 0,
     "storage_nic_gbps": 0, "psu_count": 4, "psu_redundant": 0, "psu_w": 3000, "cooling": "liquid",
     "price_usd": 100_000},
    {"id": "qm9700", "kind": "switch", "name": "QM9700", "source": SOURCE, "height_u": 1, "weight_kg": 14.8,
     "typical_power_w": 747, "max_power_w": 1720, "technology": "infiniband",
     "port_groups": [{"prefix": "p", "count": 64, "speed_gbps": 400, "form_factor": "OSFP"}], "latency_ns": 330,
     "sharp": True, "role": "fabric", "price_usd": 30_000},
    {"id": "dac-400", "kind": "cable", "name": "400G DAC", "source": SOURCE, "medium": "dac",
     "technology": "infiniband", "speed_gbps": 400, "reach_m": 3, "power_per_end_w": 0.1, "price_usd": 100},
    {"id": "mmf-400", "kind": "cable", "name": "400G SR4 pair + fibre", "source": SOURCE, "medium": "mmf",
     "technology": "any", "speed_gbps": 400, "reach_m": 50, "power_per_end_w": 9, "price_usd": 1000},
    {"id": "rack-42u", "kind": "rack", "name": "42U rack", "source": SOURCE, "height_u": 42, "width_mm": 600,
     "depth_mm": 1200, "max_load_kg": 500, "weight_kg": 150},
    {"id": "air", "kind": "cooling", "name": "Air", "source": SOURCE, "capacity_kw": 25, "capacity_kw_max": 30,
     "pue": 1.5},
    {"id": "rdhx", "kind": "cooling", "name": "Rear door", "source": SOURCE, "capacity_kw": 35,
     "capacity_kw_max": 75, "pue": 1.3},
    {"id": "liquid", "kind": "cooling", "name": "Direct liquid", "source": SOURCE, "capacity_kw": 80,
     "capacity_kw_max": 120, "pue": 1.1},
]


def small_catalog(drop: tuple[str, ...] = ()) -> Catalog:
    """The entries above, validated against the real schema (a typo here would fail loudly)."""
    entries = {}
    for raw in RAW:
        if raw["id"] in drop:
            continue
        problems = validate_entry(raw)
        assert problems == [], (raw["id"], problems)
        entries[raw["id"]] = CatalogEntry(raw["id"], raw["kind"], raw["name"], dict(raw), "test")
    return Catalog(entries)


def rack(design: Design, rack_id: str, budget_kw: float = 20.0, cooling: CoolingType = CoolingType.AIR,
         feed_b: Feed | None = None, single_feed: bool = False, **extra: Any) -> Rack:
    made = Rack(rack_id, power_budget_kw=budget_kw, cooling=cooling,
                feed_b=None if single_feed else (feed_b or Feed()), **extra)
    design.add_rack(made)
    return made


def servers(design: Design, catalog: Catalog, rack_id: str | None, count: int, model: str = "dgx-h100",
            prefix: str = "", first_u: int = 1, **extra: Any) -> list[str]:
    """``count`` servers stacked from ``first_u`` (8 U apart for DGX), or unplaced when ``rack_id`` is None."""
    height = int(catalog.entries[model]["height_u"])
    ids = []
    for i in range(count):
        device_id = f"{prefix or rack_id or 'loose'}-s{i}"
        u = None if rack_id is None else first_u + i * height
        design.add_device(Device(device_id, model, rack_id=rack_id, u=u, **extra), catalog)
        ids.append(device_id)
    return ids


def wire(design: Design, catalog: Catalog, server_ids: list[str], switch_id: str, medium: Medium,
         ports_per_server: int = 8) -> None:
    """Connect each server's first compute ports to consecutive switch ports."""
    port = 1
    for server_id in server_ids:
        for nic in range(ports_per_server):
            design.add_link(Link(design.new_id("l"), f"{server_id}/cx{nic}", f"{switch_id}/p{port}", medium), catalog)
            port += 1


def test_support_catalog_entries_pass_the_schema() -> None:
    """The test catalog is built through validate_entry; a DGX H100 must expose 8 compute ports at 400G."""
    catalog = small_catalog()
    spec = catalog.device_spec("dgx-h100")
    compute = [p for p in spec.ports if p.name.startswith("cx")]
    assert len(compute) == 8 and {p.speed_gbps for p in compute} == {400.0}
