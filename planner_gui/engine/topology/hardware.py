"""What topology analysis needs to know about a server's GPUs and NICs, read from the catalog."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

import numpy as np

from planner_gui.model import Design, Device

# One GPU's PCIe x16 bandwidth per direction, GB/s, by PCIe generation: Gen4 32 (PCI-SIG PCIe 4.0:
# 16 GT/s x 16 lanes), Gen5 64 (SimAI, NSDI'25: H100_PCIE_BW = 64 x 0.8); every
# generation doubles the per-lane rate (Gen3 16, Gen6 128, Gen7 256).
PCIE_X16_GBYTE_S = {3: 16.0, 4: 32.0, 5: 64.0, 6: 128.0, 7: 256.0}
NVLS_MIN_NVLINK_GEN = 4  # NVLink SHARP needs third-generation NVSwitch: H100-class, NVLink 4 (NCCL docs, NVLS)
INTRA_NVSWITCH, INTRA_NVLINK_MESH, INTRA_PCIE = "nvswitch", "nvlink_mesh", "pcie"
_MODEL_KEY = attrgetter("catalog_id", "nic_id", "nic_count")


@dataclass(frozen=True, slots=True)
class ServerHardware:
    catalog_id: str
    name: str
    gpu_id: str
    gpu_name: str
    gpus: int
    gpu_memory_gb: float
    intra: str  # INTRA_NVSWITCH, INTRA_NVLINK_MESH or INTRA_PCIE
    nvlink_gen: int
    nvlink_bidir_gbs: float  # per GPU, both directions (0 on PCIe-only GPUs)
    nvswitch_count: int
    pcie_gen: int
    nic_id: str
    nic_name: str
    nic_gbps: float
    nic_latency_us: float
    technology: str  # "infiniband" or "ethernet"
    rdma: bool
    nic_slots: int  # compute NICs the server takes (its default count, or the device's nic_count)
    gpudirect_rdma: bool = True  # the catalog's gpudirect_rdma: GeForce boards have none

    @property
    def per_gpu_gbyte_s(self) -> float:
        """One GPU's scale-up bandwidth in one direction, GB/s."""
        if self.intra == INTRA_PCIE:
            return PCIE_X16_GBYTE_S.get(self.pcie_gen, PCIE_X16_GBYTE_S[max(PCIE_X16_GBYTE_S)])
        return self.nvlink_bidir_gbs / 2

    @property
    def nvls(self) -> bool:
        return self.intra == INTRA_NVSWITCH and self.nvlink_gen >= NVLS_MIN_NVLINK_GEN


def server_hardware(catalog: Any, device: Device) -> ServerHardware:
    """The GPU and compute NIC of one server device; KeyError naming the missing catalog id."""
    where = f"device {device.id!r}"
    server = _require(catalog, device.catalog_id, "server", where)
    gpu = _require(catalog, server["gpu_id"], "gpu", f"{where} (server {server.id!r})")
    nic = catalog.get(device.nic_id) if device.nic_id else None
    if nic is None or nic.kind != "nic":
        nic = _require(catalog, server["default_nic_id"], "nic", f"{where} (server {server.id!r})")
    interconnect = gpu.get("interconnect", "pcie")
    nvswitches = int(server.get("nvswitch_count", 0))
    nvlink_intra = INTRA_NVSWITCH if nvswitches > 0 else INTRA_NVLINK_MESH
    intra = nvlink_intra if interconnect == "nvlink" else INTRA_PCIE
    slots = server["compute_nic_slots"] if device.nic_count is None else device.nic_count
    return ServerHardware(
        server.id, server.name, gpu.id, gpu.name, int(server["gpu_count"]), float(gpu.get("memory_gb", 0.0)),
        intra, int(gpu.get("nvlink_gen") or 0), float(gpu.get("nvlink_bidir_gbs") or 0.0), nvswitches,
        int(gpu.get("pcie_gen", 4)), nic.id, nic.name, float(nic["speed_gbps"]), float(nic["latency_us"]),
        str(nic["technology"]), bool(nic.get("rdma", True)), int(slots), bool(server.get("gpudirect_rdma", True)),
    )


def main_server(design: Design, catalog: Any, server_ids: Iterable[str]) -> tuple[Device, ServerHardware] | None:
    """The most common server model among ``server_ids`` (first seen wins a tie), or None."""
    devices = list(map(design.devices.__getitem__, server_ids))  # C-level passes: 12,500 servers at 100k GPUs
    if not devices:
        return None
    keys = list(map(_MODEL_KEY, devices))
    key = Counter(keys).most_common(1)[0][0]
    device = devices[keys.index(key)]
    return device, server_hardware(catalog, device)


def main_server_at(design: Design, catalog: Any, graph: Any, members: np.ndarray
                   ) -> tuple[Device, ServerHardware] | None:
    """``main_server(design, catalog, graph.ids(members))`` for ascending device indices ``members`` of a
    topology graph, counted with numpy over the graph's model numbers (no Python pass per server)."""
    model = getattr(graph, "model", None)
    if model is None:
        return main_server(design, catalog, graph.ids(members))
    if members.size == 0:
        return None
    codes = model[members]
    counts = np.bincount(codes)
    tied = np.flatnonzero(counts == counts.max())
    # most_common(1) keeps the first-counted model among equals: the one whose first server comes first
    first_of = {int(code): int(np.argmax(codes == code)) for code in tied}
    position = min(first_of.values())
    device = design.devices[graph.device_ids[int(members[position])]]
    return device, server_hardware(catalog, device)


def _require(catalog: Any, catalog_id: str, kind: str, where: str) -> Any:
    entry = catalog.get(catalog_id)
    if entry is None or entry.kind != kind:
        raise KeyError(f"{where}: catalog has no {kind} {catalog_id!r}; add it to the catalog or pick another "
                       f"{kind}")
    return entry
