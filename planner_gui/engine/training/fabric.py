"""A communication model for a catalog server type: the network engine when present, else α-β.

The α-β stand-in reads the same catalog figures the network engine would (NVLink or PCIe per GPU,
NIC count, speed and latency) and applies the efficiencies measured by nccl-tests
(docs/models/collectives.md; SimAI, NSDI'25): ring all-reduce reaches ≈ 230 of 300 GB/s on A100 NVLink 3 and
≈ 370 of 450 GB/s on H100 NVLink 4, a 200G/400G NIC ≈ 23.5/48.5 of 25/50 GB/s.
"""

from __future__ import annotations

from typing import Any

from planner_gui.engine.training.comm import BITS_PER_BYTE, AlphaBetaComm, CommModel, comm_model_from_profile

NVLINK_EFFICIENCY = 0.8  # ≈ 230/300 (A100) and 370/450 (H100) ring busbw / one-way NVLink (nccl-tests#212)
NIC_EFFICIENCY = 0.95  # SimAI, NSDI'25: CX6 23.5 of 25 GB/s, CX7 48.5 of 50 GB/s (its astra-sim system config)
PCIE_X16_GBS = {3: 16.0, 4: 32.0, 5: 64.0, 6: 128.0}  # one direction, x16 (PCI-SIG: Gen4 x16 ~32 GB/s)
PCIE_EFFICIENCY = 0.8  # SimAI, NSDI'25: A100_PCIE_BW 25.6 = 32 × 0.8 (its astra-sim system config)
NVLINK_STEP_LATENCY_US = 3.4  # NCCL hwLat NVLink Ring/Simple per step (NCCL src/graph/tuning.cc hwLat)
PCIE_STEP_LATENCY_US = 5.7  # NCCL hwLat PCI Ring/Simple (same table)
NET_STEP_LATENCY_US = 14.0  # NCCL hwLat NET Ring/Simple (same table)


def comm_source() -> str:
    """Which model times collectives: the network engine if it is installed, else the α-β stand-in."""
    try:
        from planner_gui.engine.collectives import predict, profile_from_catalog  # noqa: F401
    except ImportError:
        return "alpha-beta stand-in (planner_gui.engine.collectives not available)"
    return "planner_gui.engine.collectives.predict"


def comm_for_server(catalog: Any, server_id: str, gpus: int) -> CommModel:
    """Collective timing for ``gpus`` GPUs in servers of type ``server_id``."""
    try:
        profile = fabric_profile_for_server(catalog, server_id, gpus)
    except ImportError:
        return alpha_beta_for_server(catalog, server_id)
    return comm_model_from_profile(profile)


def alpha_beta_for_server(catalog: Any, server_id: str) -> AlphaBetaComm:
    server, gpu, nic = _parts(catalog, server_id)
    if gpu.get("interconnect") == "nvlink" and gpu.get("nvlink_bidir_gbs"):
        intra = gpu["nvlink_bidir_gbs"] / 2 * NVLINK_EFFICIENCY
        intra_latency = NVLINK_STEP_LATENCY_US
    else:
        intra = PCIE_X16_GBS.get(int(gpu["pcie_gen"]), PCIE_X16_GBS[4]) * PCIE_EFFICIENCY
        intra_latency = PCIE_STEP_LATENCY_US
    nic_total = server["compute_nic_slots"] * nic["speed_gbps"] / BITS_PER_BYTE * NIC_EFFICIENCY
    per_gpu = nic_total / server["gpu_count"]
    return AlphaBetaComm(intra, per_gpu, intra_latency, NET_STEP_LATENCY_US + nic["latency_us"])


def fabric_profile_for_server(catalog: Any, server_id: str, gpus: int) -> Any:
    """The network engine's FabricProfile for ``gpus`` GPUs in servers of type ``server_id``.

    One NIC of the server's default type per compute slot, the engine's defaults for everything the
    server does not say (one switch hop, non-blocking, rail-optimised). A rack-scale tray's job is
    described as NCCL sees it, one node per NVLink domain (:func:`comm_node_gpus`), so its profile's
    ``gpus_per_node`` is the domain's GPUs: pass that to the step model as ``gpus_per_node``.
    """
    from planner_gui.engine.collectives import profile_from_catalog  # lazy: optional dependency

    server = catalog.require(server_id, "server")
    per_node = int(server["gpu_count"])
    nodes = max(1, -(-gpus // per_node))
    domain = comm_node_gpus(catalog, server_id, gpus)
    return profile_from_catalog(catalog, server["gpu_id"], per_node, nodes, nic_id=server["default_nic_id"],
                                nics_per_node=int(server["compute_nic_slots"]),
                                nvlink_domain=domain if domain > per_node else None)


def comm_node_gpus(catalog: Any, server_id: str, gpus: int) -> int:
    """GPUs that share NVLink for ``gpus`` GPUs of ``server_id``: one server, or for a tray of a rack-scale
    system (``nvlink_domain_gpus`` above its own GPUs, e.g. 72 for GB200 NVL72 trays of 4) the trays of the
    job that fit one domain, the most that divide the job's trays evenly (NCCL's multi-node NVLink cliques
    are whole, docs/models/collectives.md): 64 GPUs on NVL72 trays are one 64-GPU NVLink node."""
    server = catalog.require(server_id, "server")
    per_node = int(server["gpu_count"])
    domain_trays = max(1, int(server.get("nvlink_domain_gpus") or per_node) // per_node)
    nodes = max(1, -(-gpus // per_node))
    trays = max(t for t in range(1, min(domain_trays, nodes) + 1) if nodes % t == 0)
    return trays * per_node


def _parts(catalog: Any, server_id: str) -> tuple[Any, Any, Any]:
    server = catalog.require(server_id, "server")
    return server, catalog.require(server["gpu_id"], "gpu"), catalog.require(server["default_nic_id"], "nic")
