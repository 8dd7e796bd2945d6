"""The platform a design's NCCL environment is written for: transport, compute RDMA devices, GPUDirect
RDMA and plugin, read off the catalog's sourced facts. No Qt.

A server entry may state its platform facts (catalog/schema.py: ``fabric_transport``,
``compute_rdma_devices``, ``storage_rdma_devices``, ``gpudirect_rdma``, ``nccl_net_plugin``, each
backed by ``platform_source``). Where it does not, the transport follows the compute NIC (a cloud
NIC's ``transport``, else InfiniBand -> IB verbs, RDMA Ethernet -> RoCE, plain Ethernet -> sockets)
and the device names stay unknown: the deployment advice then prints how to find them instead of a
list that may be wrong (a generic HGX board enumerates its NICs in an order no catalog can know).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from planner_gui.engine.topology.graph import KIND_SERVER
from planner_gui.engine.topology.hardware import main_server_at
from planner_gui.engine.topology.report import TopologyReport
from planner_gui.model import Design

IB, ROCE, EFA, TCPX, TCPXO, SOCKET = "ib", "roce", "efa", "tcpx", "tcpxo", "socket"
VERBS_TRANSPORTS = (IB, ROCE)  # NCCL's own IB verbs transport (NCCL_NET=IB)
# The name NCCL prints after "Using network" for each transport: NCCL's built-in "IB" and "Socket"
# (NCCL init logs), "AWS Libfabric" for aws-ofi-nccl (aws/aws-ofi-nccl issue #24 logs), "FasTrak"
# for GPUDirect-TCPXO and "GPUDirectTCPX" for TCPX (GoogleCloudPlatform/container-engine-accelerators
# gpudirect-tcpxo and gpudirect-tcpx test logs).
NETWORK_NAMES = {IB: "IB", ROCE: "IB", EFA: "AWS Libfabric", TCPX: "GPUDirectTCPX", TCPXO: "FasTrak",
                 SOCKET: "Socket"}
# A cloud NIC's catalog ``transport`` (nics.json) -> the platform transport.
_NIC_TRANSPORTS = {"efa": EFA, "efa_v1": EFA}


@dataclass(frozen=True, slots=True)
class Platform:
    transport: str  # one of IB, ROCE, EFA, TCPX, TCPXO, SOCKET
    server_id: str
    server_name: str
    gpu_name: str
    compute_devices: tuple[str, ...]  # () when the catalog does not know them: print the discovery step
    storage_devices: tuple[str, ...]
    gdr: bool  # the server's GPUs support GPUDirect RDMA (GeForce boards do not)
    plugin: str  # the NCCL network plugin it needs, "" for NCCL's built-in transports
    source: str  # where the facts above come from ("" when derived from the NIC alone)

    @property
    def network_name(self) -> str:
        """What NCCL_DEBUG=INFO prints after 'Using network' on a healthy run."""
        return NETWORK_NAMES[self.transport]


def platform_of(design: Design, catalog: Any, topo: TopologyReport, members: Any = None) -> Platform | None:
    """The platform of the design's most common server (None without servers)."""
    graph = topo.graph
    members = graph.devices_of_kind(KIND_SERVER) if members is None else members
    main = main_server_at(design, catalog, graph, members)
    if main is None:
        return None
    hw = main[1]
    server = catalog.get(hw.catalog_id)
    nic = catalog.get(hw.nic_id)
    facts = server if server is not None else {}
    transport = facts.get("fabric_transport") or _nic_transport(nic, hw.technology, hw.rdma)
    return Platform(str(transport), hw.catalog_id, hw.name, hw.gpu_name,
                    tuple(facts.get("compute_rdma_devices") or ()), tuple(facts.get("storage_rdma_devices") or ()),
                    bool(facts.get("gpudirect_rdma", True)), str(facts.get("nccl_net_plugin") or ""),
                    str(facts.get("platform_source") or ""))


def _nic_transport(nic: Any, technology: str, rdma: bool) -> str:
    cloud = str(nic.get("transport") or "") if nic is not None else ""
    if cloud in _NIC_TRANSPORTS:
        return _NIC_TRANSPORTS[cloud]
    if cloud == "tcpx":  # the catalog's GCP NIC names its generation (TCPX on A3 High, TCPXO on A3 Mega)
        return TCPXO if "tcpxo" in str(nic.get("generation", "")).lower() else TCPX
    if technology == "infiniband":
        return IB
    return ROCE if rdma else SOCKET
