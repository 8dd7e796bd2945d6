"""Shared test kit (no tests here): a small in-memory catalog and fabric builders.

Figures are the bundled catalog's (NVIDIA datasheets and user guides, see docs/catalog.md); ids carry a
``t-`` prefix so they never clash with the bundled catalog. Every entry passes the catalog schema.
"""

from __future__ import annotations

from typing import Any

from planner_gui.catalog import Catalog, CatalogEntry
from planner_gui.catalog.schema import validate_entry
from planner_gui.model import Design, Device, Link, Medium

SRC = "NVIDIA datasheets and user guides (test copy of catalog figures)"


def _device(height: int, typical: float, maximum: float) -> dict[str, Any]:
    return {"height_u": height, "typical_power_w": typical, "max_power_w": maximum}


def _server(gpu: str, count: int, nvswitch: int, nic: str, slots: int, **extra: Any) -> dict[str, Any]:
    return {**_device(extra.pop("height", 8), 10200, 10200), "gpu_id": gpu, "gpu_count": count,
            "nvswitch_count": nvswitch, "cpu": "2x Xeon 8480C", "cpu_cores": 112, "ram_gb": 2048, "nvme_tb": 30.7,
            "nvme_read_gbs": 25, "nvme_write_gbs": 12, "default_nic_id": nic, "compute_nic_slots": slots,
            "storage_nic_count": 2, "storage_nic_gbps": 200, "psu_count": 6, "psu_redundant": 2,
            "psu_w": 3300, "cooling": "air", **extra}


def _switch(tech: str, ports: int, gbps: float, latency: float, sharp: bool, role: str = "fabric") -> dict[str, Any]:
    return {**_device(1, 747, 1720), "technology": tech, "latency_ns": latency, "sharp": sharp, "role": role,
            "port_groups": [{"prefix": "p", "count": ports, "speed_gbps": gbps, "form_factor": "OSFP"}]}


def _nic(tech: str, gbps: float, latency: float, switch: str) -> dict[str, Any]:
    return {"technology": tech, "generation": f"{gbps:g}G", "speed_gbps": gbps, "latency_us": latency,
            "power_w": 25, "form_factor": "OSFP", "rdma": True, "default_switch_id": switch}


def _cable(medium: str, tech: str, gbps: float, reach: float) -> dict[str, Any]:
    return {"medium": medium, "technology": tech, "speed_gbps": gbps, "reach_m": reach, "power_per_end_w": 0.1}


_GPU_COMMON = {"memory_bw_tbs": 3.35, "tdp_w": 700, "achievable_fraction": 0.5}
ENTRIES: dict[str, tuple[str, dict[str, Any]]] = {
    "t-h100": ("gpu", {**_GPU_COMMON, "memory_gb": 80, "fp16_tflops": 989, "bf16_tflops": 989,
                       "interconnect": "nvlink", "nvlink_gen": 4, "nvlink_links": 18, "nvlink_bidir_gbs": 900,
                       "pcie_gen": 5}),
    "t-a100": ("gpu", {**_GPU_COMMON, "memory_gb": 80, "fp16_tflops": 312, "interconnect": "nvlink",
                       "nvlink_gen": 3, "nvlink_links": 12, "nvlink_bidir_gbs": 600, "pcie_gen": 4}),
    "t-l40s": ("gpu", {**_GPU_COMMON, "memory_gb": 48, "fp16_tflops": 362, "interconnect": "pcie", "pcie_gen": 4}),
    "t-dgx-h100": ("server", _server("t-h100", 8, 4, "t-ndr", 8)),
    "t-dgx-a100": ("server", _server("t-a100", 8, 6, "t-hdr", 8, height=6)),
    "t-hgx-h100-roce": ("server", _server("t-h100", 8, 4, "t-roce400", 8)),
    "t-a100-roce25": ("server", _server("t-a100", 8, 6, "t-roce25", 1, height=6)),
    "t-l40s-8": ("server", _server("t-l40s", 8, 0, "t-roce400", 2, height=4)),
    "t-ndr": ("nic", _nic("infiniband", 400, 1.0, "t-qm9700")),
    "t-hdr": ("nic", _nic("infiniband", 200, 1.2, "t-qm8700")),
    "t-roce400": ("nic", _nic("ethernet", 400, 2.5, "t-sn5600")),
    "t-roce25": ("nic", _nic("ethernet", 25, 2.5, "t-sn5600")),
    "t-qm9700": ("switch", _switch("infiniband", 64, 400, 330, True)),
    "t-qm8700": ("switch", _switch("infiniband", 40, 200, 330, True)),
    "t-sn5600": ("switch", _switch("ethernet", 64, 400, 600, False)),
    "t-mgmt": ("switch", _switch("ethernet", 48, 1, 1000, False, role="management")),
    "t-dac-ndr": ("cable", _cable("dac", "infiniband", 400, 3)),
    "t-dac-hdr": ("cable", _cable("dac", "infiniband", 200, 2)),
    "t-dac-eth": ("cable", _cable("dac", "ethernet", 400, 3)),
    "t-aoc-hdr": ("cable", _cable("aoc", "infiniband", 200, 30)),
    "t-mmf": ("cable", _cable("mmf", "any", 400, 50)),
    "t-smf": ("cable", _cable("smf", "any", 400, 500)),
}


def make_catalog(without: tuple[str, ...] = ()) -> Catalog:
    catalog = Catalog()
    for entry_id, (kind, data) in ENTRIES.items():
        if entry_id in without:
            continue
        raw = {"id": entry_id, "kind": kind, "name": entry_id.removeprefix("t-").upper(), "source": SRC, **data}
        problems = validate_entry(raw)
        assert not problems, f"{entry_id}: {problems}"
        catalog.entries[entry_id] = CatalogEntry(entry_id, kind, raw["name"], raw, "bundled")
    return catalog


class Builder:
    """Adds devices and links to a design with short calls; ids are predictable."""

    def __init__(self, catalog: Catalog, design: Design | None = None) -> None:
        self.catalog = catalog
        self.design = design or Design()
        self._port_next: dict[str, int] = {}
        self._links = 0

    def server(self, name: str, catalog_id: str = "t-dgx-h100", **kw: Any) -> str:
        self.design.add_device(Device(name, catalog_id, **kw), self.catalog)
        return name

    def switch(self, name: str, catalog_id: str = "t-qm9700") -> str:
        self.design.add_device(Device(name, catalog_id), self.catalog)
        return name

    def link(self, a: str, b: str, medium: Medium = Medium.DAC, length_m: float = 2.0) -> str:
        """``a``/``b``: a full port ref, or a switch id (its next free port is used)."""
        self._links += 1
        link_id = f"l{self._links}"
        self.design.add_link(Link(link_id, self._ref(a), self._ref(b), medium, length_m), self.catalog)
        return link_id

    def _ref(self, end: str) -> str:
        if "/" in end:
            return end
        self._port_next[end] = self._port_next.get(end, 0) + 1
        return f"{end}/p{self._port_next[end]}"


def rail_fabric(catalog: Catalog, nodes: int, per_su: int = 32, nics: int = 8, spines_per_rail: int = 0,
                uplinks_per_leaf: int = 0, server: str = "t-dgx-h100", switch: str = "t-qm9700",
                cable_m: float = 2.0) -> Builder:
    """Rail-optimized: scalable unit k has one leaf per NIC index; spines are per rail."""
    b = Builder(catalog)
    units = -(-nodes // per_su)
    for k in range(units):
        for i in range(nics):
            b.switch(f"leaf-{k}-{i}", switch)
    for i in range(nics):
        for s in range(spines_per_rail):
            b.switch(f"spine-{i}-{s}", switch)
    for n in range(nodes):
        b.server(f"node-{n}", server)
        for i in range(nics):
            b.link(f"node-{n}/cx{i}", f"leaf-{n // per_su}-{i}", length_m=cable_m)
    for k in range(units):
        for i in range(nics):
            for u in range(uplinks_per_leaf):
                b.link(f"leaf-{k}-{i}", f"spine-{i}-{u % spines_per_rail}", Medium.MMF, 20.0)
    return b


def add_cores(b: Builder, cores: int = 2, rails: int = 2, spines_per_rail: int = 2) -> Builder:
    """A third tier on a rail_fabric: ``cores`` core switches, every spine cabled once to each (80 m SMF)."""
    for c in range(cores):
        b.switch(f"core-{c}")
    for i in range(rails):
        for s in range(spines_per_rail):
            for c in range(cores):
                b.link(f"spine-{i}-{s}", f"core-{c}", Medium.SMF, 80.0)
    return b


def tor_fabric(catalog: Catalog, nodes: int, per_leaf: int, spines: int, uplinks_per_leaf: int,
               nics: int = 8, server: str = "t-dgx-h100", switch: str = "t-qm9700") -> Builder:
    """Top-of-rack: every NIC of a node on the same leaf; leaves spread uplinks over the spines."""
    b = Builder(catalog)
    leaves = -(-nodes // per_leaf)
    for k in range(leaves):
        b.switch(f"leaf-{k}", switch)
    for s in range(spines):
        b.switch(f"spine-{s}", switch)
    for n in range(nodes):
        b.server(f"node-{n}", server)
        for i in range(nics):
            b.link(f"node-{n}/cx{i}", f"leaf-{n // per_leaf}")
    for k in range(leaves):
        for u in range(uplinks_per_leaf):
            b.link(f"leaf-{k}", f"spine-{u % spines}", Medium.MMF, 20.0)
    return b


def single_switch(catalog: Catalog, nodes: int, nics: int = 8, server: str = "t-dgx-h100",
                  switch: str = "t-qm9700") -> Builder:
    b = Builder(catalog)
    b.switch("sw-0", switch)
    for n in range(nodes):
        b.server(f"node-{n}", server)
        for i in range(nics):
            b.link(f"node-{n}/cx{i}", "sw-0")
    return b
