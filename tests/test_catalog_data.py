"""The bundled hardware catalog: it loads cleanly, holds every id the app relies on, matches the
published figures it cites and is physically sane; a bad user catalog is reported, never fatal.

Reference figures come from public datasheets, user guides and papers; each constant below names its source.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

import planner_gui
from planner_gui.catalog import Catalog, load_catalog
from planner_gui.catalog.loader import DEVICE_KINDS
from planner_gui.model.specs import PortRole

CATALOG_DIR = Path(planner_gui.__file__).parent / "resources" / "catalog"
KINDS_BY_FILE = {
    "gpus.json": {"gpu"}, "servers.json": {"server"}, "nics.json": {"nic"}, "switches.json": {"switch"},
    "storage.json": {"storage"}, "cables.json": {"cable"}, "racks.json": {"rack"}, "pdus.json": {"pdu", "power_shelf"},
    "cooling.json": {"cooling", "cdu"}, "misc.json": {"patch_panel", "blank"},
}
REQUIRED_IDS = {
    "gpu": ["v100-sxm2-32gb", "t4", "a100-sxm4-40gb", "a100-sxm4-80gb", "a100-pcie-80gb", "a800-sxm4-80gb",
            "h100-sxm5-80gb", "h100-pcie-80gb", "h800-sxm5-80gb", "h20", "h200-sxm-141gb", "gh200", "b200", "l40s",
            "rtx-3090", "rtx-4090", "rtx-5090"],
    "server": ["dgx-a100", "hgx-a100-40gb", "hgx-a100-80gb", "hgx-a800", "dgx-h100", "hgx-h100", "hgx-h800",
               "hgx-h20", "hgx-h200", "dgx-b200", "pcie-l40s-8", "pcie-4090-8", "pcie-3090-8", "pcie-a100-8",
               "t4-4"],
    "nic": ["ib-hdr-200", "ib-ndr-400", "ib-xdr-800", "roce-25", "roce-100", "roce-200", "roce-400", "roce-800",
            "eth-10"],
    "switch": ["qm8700", "qm9700", "q3400", "sn2410", "sn4600c", "sn4600", "sn5600", "sn2201", "eth-tor-generic"],
    "rack": ["rack-42u", "rack-48u", "rack-52u"],
    "cooling": ["air", "rdhx", "liquid"],
    "patch_panel": ["patch-panel-24", "patch-panel-48"],
    "blank": ["blank-1u", "blank-2u"],
}
ID_SHAPE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
SWITCH_NAME_PORTS = re.compile(r"(\d+)×(\d+)G")  # "(64×400G)" or "(48×25G + 8×100G)" in a switch's name
MIN_DERIVATION_WORDS = 3  # an "estimated" note must be a phrase saying how, not a bare label
REL_TOL = 0.01  # spot checks: the catalog must carry the published figure to within 1 %

# (id, field, published value, where it is published)
PUBLISHED = [
    ("h100-sxm5-80gb", "bf16_tflops", 989, "stas00/ml-engineering compute/accelerator/README.md: H100 SXM dense BF16 (1979 is sparse)"),
    ("h100-sxm5-80gb", "fp8_tflops", 1979, "stas00/ml-engineering compute/accelerator/README.md: H100 SXM dense FP8"),
    ("h100-sxm5-80gb", "tdp_w", 700, "stas00/ml-engineering compute/accelerator/README.md: H100 SXM"),
    ("h100-sxm5-80gb", "nvlink_bidir_gbs", 900, "NVIDIA datasheet, NVLink 4 per GPU bidirectional"),
    ("a100-sxm4-80gb", "bf16_tflops", 312, "winston-zhang-orz/gpu-specs specs.md: A100 SXM4 80GB"),
    ("a100-sxm4-80gb", "nvlink_bidir_gbs", 600, "NVIDIA datasheet, NVLink 3"),
    ("v100-sxm2-32gb", "nvlink_bidir_gbs", 300, "NVIDIA datasheet, NVLink 2"),
    ("v100-sxm2-32gb", "fp16_tflops", 125, "winston-zhang-orz/gpu-specs specs.md: V100 SXM2 FP16 tensor dense"),
    ("b200", "nvlink_bidir_gbs", 1800, "NVIDIA datasheet, NVLink 5"),
    ("b200", "bf16_tflops", 2250, "NVIDIA DGX B200 User Guide; stas00/ml-engineering dense TFLOPS table"),
    ("b200", "tdp_w", 1000, "NVIDIA DGX B200 User Guide; stas00/ml-engineering dense TFLOPS table"),
    ("a800-sxm4-80gb", "nvlink_bidir_gbs", 400, "A800: NVLink cut to 400 GB/s (tweakers.net, aiwiki)"),
    ("h800-sxm5-80gb", "nvlink_bidir_gbs", 400, "H800 SXM: NVLink limited to 400 GB/s"),
    ("h200-sxm-141gb", "memory_gb", 141, "mlcommons/inference_results_v4.1 H200-SXM-141GBx8 system description"),
    ("h200-sxm-141gb", "memory_bw_tbs", 4.8, "mlcommons/inference_results_v4.1 H200-SXM-141GBx8 system description"),
    ("l40s", "bf16_tflops", 362, "NVIDIA L40/L40S table (reseller copy, mullet.se): L40S"),
    ("l40s", "tdp_w", 350, "NVIDIA L40/L40S table (reseller copy, mullet.se): L40S (the 300 W figure is the L40)"),
    ("dgx-h100", "max_power_w", 10200, "NVIDIA DGX H100 user guide (via RackulaLives/Rackula docs/research/3287-external.md)"),
    ("dgx-h100", "height_u", 8, "NVIDIA DGX H100 user guide (via RackulaLives/Rackula docs/research/3287-external.md)"),
    ("dgx-a100", "max_power_w", 6500, "NVIDIA DGX A100 User Guide DU-09821-001; netbox devicetype-library DGC-A100.yaml"),
    ("dgx-b200", "max_power_w", 14300, "NVIDIA DGX B200 User Guide (docs.nvidia.com)"),
    ("dgx-b200", "airflow_cfm", 1550, "NVIDIA DGX B200 User Guide (docs.nvidia.com)"),
    ("qm9700", "typical_power_w", 747, "NVIDIA QM97x0 switch manual (via RackulaLives/Rackula): passive cables"),
    ("qm9700", "max_power_w", 1720, "NVIDIA QM97x0 switch manual (via RackulaLives/Rackula): active cables/optics"),
    ("sn5600", "typical_power_w", 940, "NVIDIA SN5600 switch manual (via RackulaLives/Rackula)"),
    ("sr4-400g", "reach_m", 50, "NVIDIA LinkX cable and transceiver specifications: multimode SR4 over MPO, 50 m"),
    ("dac-400g", "power_per_end_w", 0.1, "NVIDIA LinkX cable and transceiver specifications: passive DAC 0.1 W per end"),
]
# (switch id, ports, Gb/s each) from the switches' NVIDIA manuals and netbox devicetype-library entries
SWITCH_PORTS = [("qm9700", 64, 400), ("qm8700", 40, 200), ("q3400", 144, 800), ("sn4600c", 64, 100)]
MEASURED_H200_TFLOPS = 668  # benchmarks/data/h200_sustained_load.csv H3: sustained bf16 GEMM 8192^3 for 60 s
DENSE_BF16_H100 = 989  # stas00/ml-engineering compute/accelerator/README.md: H100/H200 dense BF16
DGX_H100_TYPICAL_RANGE_W = (6500, 8500)  # secondary sources: 6.5-8.5 kW typical draw
# Epoch AI training-cost-trends cost model: chip->server power factor (10.2/8)/0.7 and (6.5/8)/0.4
EPOCH_SERVER_FACTOR = {"dgx-h100": 10.2 / 8 / 0.7, "dgx-a100": 6.5 / 8 / 0.4}
FP8_PER_BF16 = 2.0  # dense FP8 runs at twice the dense BF16 rate on every FP8-capable part listed
FP8_RATIO_TOL = 0.02  # L40S: 733 / 362 = 2.02
RARITAN_KVA_60A_415V = 34.5  # Raritan PX3-5878I2R datasheet, 415 V x 60 A x 1.732 x 0.8
DERATING = 0.8  # continuous load at 80 % (NEC practice)
DAC_MAX_REACH_M = 5.0  # NVIDIA cable FAQ: DACs fail "after 2-5 meters (rate dependent)"
AOC_MAX_REACH_M = 100.0  # NVIDIA LinkX cable and transceiver specifications: AOC class to ~100 m
SMF_MIN_REACH_M = 100.0  # NVIDIA LinkX cable and transceiver specifications: single-mode 100-500 m and beyond
MMF_NDR_REACH_M = 50.0  # NVIDIA LinkX cable and transceiver specifications: NDR/400GbE SR4 over MPO, 50 m incl. 2 patch panels
AIR_MAX_KW = 30.0  # practical air ceiling (ASHRAE TC 9.9 guidance) 25-30 kW per rack
RDHX_MAX_KW = 60.0  # active rear-door heat exchangers (HPE/Motivair ChilledDoor QuickSpecs) up to ~60 kW
# direct liquid cooling (NVIDIA GB200 NVL72 and vendor DLC guides) 50-120 kW per rack; NVIDIA's GB300 NVL72
# Enterprise RA: liquid-cooled racks drawing up to 142 kW
DLC_RANGE_KW = (50.0, 145.0)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(include_user=False)


def _raw_files() -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(CATALOG_DIR.glob("*.json"))}


# ----- loading and format ------------------------------------------------------------------------
def test_bundled_catalog_loads_every_entry_without_problems(catalog: Catalog) -> None:
    raw_count = sum(len(json.loads(text)["entries"]) for text in _raw_files().values())
    assert catalog.problems == []
    assert len(catalog.entries) == raw_count  # nothing skipped, no duplicate ids


def test_files_are_canonical_json_with_one_kind_each() -> None:
    files = _raw_files()
    assert set(files) == set(KINDS_BY_FILE)
    for name, text in files.items():
        document = json.loads(text)
        assert text == json.dumps(document, sort_keys=True, indent=2, ensure_ascii=False) + "\n", name
        assert {e["kind"] for e in document["entries"]} <= KINDS_BY_FILE[name], name


@pytest.mark.parametrize(("kind", "catalog_id"), [(k, i) for k, ids in REQUIRED_IDS.items() for i in ids])
def test_required_id_exists_with_its_kind(catalog: Catalog, kind: str, catalog_id: str) -> None:
    assert catalog.require(catalog_id, kind).kind == kind


def test_ids_sources_and_estimates_are_well_formed(catalog: Catalog) -> None:
    for entry in catalog:
        assert ID_SHAPE.match(entry.id), entry.id
        assert entry.source.strip(), entry.id
        for name, how in entry.estimated.items():
            assert name in entry.data, f"{entry.id}: estimated {name!r} names a figure the entry lacks"
            assert len(how.split()) >= MIN_DERIVATION_WORDS, f"{entry.id}: estimated {name!r} must say how"


# ----- published figures ---------------------------------------------------------------------------
@pytest.mark.parametrize(("catalog_id", "field", "published", "where"), PUBLISHED)
def test_figure_matches_its_published_value(catalog: Catalog, catalog_id: str, field: str, published: float,
                                             where: str) -> None:
    assert math.isclose(catalog.require(catalog_id)[field], published, rel_tol=REL_TOL), where


@pytest.mark.parametrize(("switch_id", "ports", "gbps"), SWITCH_PORTS)
def test_switch_has_its_published_ports(catalog: Catalog, switch_id: str, ports: int, gbps: float) -> None:
    spec = catalog.device_spec(switch_id)
    fabric = [p for p in spec.ports if p.role == PortRole.SWITCH]
    assert len(fabric) == ports
    assert {p.speed_gbps for p in fabric} == {gbps}
    assert spec.port("mgmt") is not None


def test_h200_achievable_fraction_is_the_measured_one(catalog: Catalog) -> None:
    """benchmarks/data/h200_sustained_load.csv H3: 668 TFLOP/s sustained against the 989 dense peak = 0.675."""
    gpu = catalog.require("h200-sxm-141gb", "gpu")
    assert gpu["achievable_fraction"] == pytest.approx(MEASURED_H200_TFLOPS / DENSE_BF16_H100, abs=0.005)
    assert "achievable_fraction" not in gpu.estimated  # a measurement, not an estimate


def test_tflops_are_dense_not_sparse(catalog: Catalog) -> None:
    """Sparse figures are 2x dense; a sparse number in one column breaks the fixed FP8 = 2 x BF16 ratio."""
    for gpu in catalog.of_kind("gpu"):
        peak = gpu.get("bf16_tflops") or gpu["fp16_tflops"]
        assert gpu.get("bf16_tflops", peak) <= gpu["fp16_tflops"], gpu.id
        if gpu.get("fp8_tflops"):
            assert gpu["fp8_tflops"] / peak == pytest.approx(FP8_PER_BF16, rel=FP8_RATIO_TOL), gpu.id
        assert gpu["interconnect"] == "pcie" or gpu["nvlink_bidir_gbs"] > 0, gpu.id


def test_server_power_ratios_match_epoch_model(catalog: Catalog) -> None:
    """Epoch AI training-cost-trends cost_analysis_standalone.py: DGX H100 10.2 kW for 8 x 0.7 kW (1.82x), DGX A100 6.5 kW for 8 x 0.4 (2.03x)."""
    for server_id, factor in EPOCH_SERVER_FACTOR.items():
        server = catalog.require(server_id, "server")
        gpu = catalog.require(server["gpu_id"], "gpu")
        ratio = server["max_power_w"] / server["gpu_count"] / gpu["tdp_w"]
        assert ratio == pytest.approx(factor, rel=REL_TOL)


def test_dgx_h100_typical_power_within_published_range(catalog: Catalog) -> None:
    """Our rule gives 0.9 x 5,600 + 0.5 x 4,600 = 7,340 W; secondary sources quote 6.5-8.5 kW typical."""
    typical = catalog.require("dgx-h100", "server")["typical_power_w"]
    low, high = DGX_H100_TYPICAL_RANGE_W
    assert low <= typical <= high
    assert typical == pytest.approx(0.9 * 8 * 700 + 0.5 * (10200 - 8 * 700), abs=10)


# ----- physical sanity -----------------------------------------------------------------------------
def test_typical_power_never_exceeds_max(catalog: Catalog) -> None:
    for entry in catalog:
        if entry.kind in DEVICE_KINDS:
            assert 0 <= entry["typical_power_w"] <= entry["max_power_w"], entry.id


def test_server_power_covers_its_gpus(catalog: Catalog) -> None:
    for server in catalog.of_kind("server"):
        gpu_w = server["gpu_count"] * catalog.require(server["gpu_id"], "gpu")["tdp_w"]
        assert server["max_power_w"] >= gpu_w, server.id
        # GPUs sit near their limit under training (benchmarks/data/h200_sustained_load.csv H4), so typical is well above half of it
        assert server["typical_power_w"] >= 0.5 * gpu_w, server.id
        if server.get("psu_count") is None:  # busbar-fed (NVL72 trays): the rack's power shelves carry it
            shelf = catalog.require(server["domain_power_shelf_id"], "power_shelf")
            trays = server["nvlink_domain_gpus"] // server["gpu_count"]
            assert shelf["output_w"] * server["domain_power_shelf_count"] >= trays * server["max_power_w"], server.id
            continue
        assert server["psu_count"] * server["psu_w"] >= server["max_power_w"], server.id
        assert server["psu_redundant"] < server["psu_count"], server.id


def test_switch_ports_give_the_capacity_in_their_names(catalog: Catalog) -> None:
    for switch in catalog.of_kind("switch"):
        if switch["role"] == "nvlink":  # NVLink ports are backplane cartridges, not cabled ports
            assert switch["port_groups"] == [], switch.id
            continue
        named = sorted((int(n), float(s)) for n, s in SWITCH_NAME_PORTS.findall(switch.name))
        groups = sorted((g["count"], float(g["speed_gbps"])) for g in switch["port_groups"])
        assert named, f"{switch.id}: name must state its ports, e.g. (64×400G)"
        assert groups == named, switch.id


def test_server_nics_resolve_and_fit_their_default_switch(catalog: Catalog) -> None:
    for server in catalog.of_kind("server"):
        nic = catalog.require(server["default_nic_id"], "nic")
        ports = catalog.device_spec(server.id).ports
        compute = [p for p in ports if p.role == PortRole.COMPUTE]
        assert len(compute) == server["compute_nic_slots"], server.id
        assert {p.speed_gbps for p in compute} == {nic["speed_gbps"]}, server.id
        assert sum(p.role == PortRole.STORAGE for p in ports) == server["storage_nic_count"], server.id
    for nic in catalog.of_kind("nic"):
        switch = catalog.require(nic["default_switch_id"], "switch")
        assert switch["technology"] == nic["technology"], nic.id
        assert any(g["speed_gbps"] == nic["speed_gbps"] for g in switch["port_groups"]), nic.id


def test_cable_reach_follows_the_medium(catalog: Catalog) -> None:
    for cable in catalog.of_kind("cable"):
        reach, medium = cable["reach_m"], cable["medium"]
        if medium in ("dac", "acc"):
            assert reach <= DAC_MAX_REACH_M, cable.id
        if medium == "aoc":
            assert reach <= AOC_MAX_REACH_M, cable.id
        if medium == "smf":
            assert reach >= SMF_MIN_REACH_M, cable.id
        if medium == "mmf" and cable["speed_gbps"] >= 400:
            assert reach == MMF_NDR_REACH_M, cable.id
    speeds = {(c["medium"], c["speed_gbps"]) for c in catalog.of_kind("cable")}
    assert {("dac", 100), ("dac", 200), ("dac", 400), ("dac", 800), ("acc", 800), ("aoc", 200), ("aoc", 400),
            ("mmf", 400), ("mmf", 800), ("smf", 400)} <= speeds


def test_cooling_tiers_are_ordered(catalog: Catalog) -> None:
    air, rdhx, liquid = (catalog.require(i, "cooling") for i in ("air", "rdhx", "liquid"))
    for tier in (air, rdhx, liquid):
        assert tier["capacity_kw"] <= tier["capacity_kw_max"], tier.id
    assert air["capacity_kw_max"] <= AIR_MAX_KW < rdhx["capacity_kw_max"] <= RDHX_MAX_KW
    assert DLC_RANGE_KW[0] <= liquid["capacity_kw"] <= liquid["capacity_kw_max"] <= DLC_RANGE_KW[1]
    assert liquid["pue"] < rdhx["pue"] < air["pue"]  # less fan and chiller work per IT watt


def test_pdu_figures_reproduce_the_rated_kva(catalog: Catalog) -> None:
    """Raritan PX3-5878I2R datasheet: 415 V x 60 A x 1.732 x 0.8 = 34.5 kVA, the Raritan PX3-5878I2R rating."""
    pdu = catalog.require("pdu-3p-60a-415v", "pdu")
    kva = pdu["voltage_v"] * pdu["amps"] * math.sqrt(3) * DERATING / 1000
    assert kva == pytest.approx(RARITAN_KVA_60A_415V, rel=REL_TOL)
    for entry in catalog.of_kind("pdu"):
        assert entry["phases"] in (1, 3), entry.id


# ----- user catalog --------------------------------------------------------------------------------
def _write(path: Path, entries: object) -> Path:
    path.write_text(json.dumps({"entries": entries}), encoding="utf-8")
    return path


def test_user_catalog_bad_entry_is_skipped_and_good_ones_apply(tmp_path: Path, catalog: Catalog) -> None:
    override = {**catalog.require("qm9700").data, "price_usd": 36000}  # the FS.com variant's price
    new_gpu = {**catalog.require("h100-sxm5-80gb").data, "id": "my-h100", "name": "Our H100"}
    bad = {key: value for key, value in catalog.require("qm8700").data.items() if key != "latency_ns"}
    bad["id"] = "my-broken-switch"
    orphan = {**catalog.require("dgx-h100").data, "id": "my-server", "default_nic_id": "no-such-nic"}
    path = _write(tmp_path / "catalog.json", [bad, override, new_gpu, orphan])

    merged = load_catalog(user_catalog=path)

    assert len(merged.problems) == 2
    assert "my-broken-switch" in merged.problems[0] and "latency_ns" in merged.problems[0]
    assert "my-server" in merged.problems[1] and "no-such-nic" in merged.problems[1]
    assert "my-broken-switch" not in merged and "my-server" not in merged
    assert merged.require("qm9700")["price_usd"] == 36000
    assert merged.require("qm9700").origin == str(path)
    assert merged.require("my-h100", "gpu").name == "Our H100"
    untouched = set(catalog.entries) - {"qm9700"}
    assert all(merged.entries[i].data == catalog.entries[i].data for i in untouched)


@pytest.mark.parametrize(("text", "message"), [
    ("{this is not json", "cannot be read"),
    (json.dumps({"entries": {"id": "x"}}), "list 'entries'"),
])
def test_unreadable_user_catalog_is_reported_and_ignored(tmp_path: Path, catalog: Catalog, text: str,
                                                         message: str) -> None:
    path = tmp_path / "catalog.json"
    path.write_text(text, encoding="utf-8")
    merged = load_catalog(user_catalog=path)
    assert len(merged.problems) == 1
    assert str(path) in merged.problems[0] and message in merged.problems[0]
    assert set(merged.entries) == set(catalog.entries)


def test_missing_user_catalog_is_not_a_problem(tmp_path: Path, catalog: Catalog) -> None:
    merged = load_catalog(user_catalog=tmp_path / "absent.json")
    assert merged.problems == []
    assert set(merged.entries) == set(catalog.entries)
