"""From a profile's hardware facts to the quantities the cost model uses.

Everything here is per profile and cached: the GPU generation, the achievable bandwidth of each
resource (NVLink or PCIe per GPU, the network per node after fabric effects) and the per-hop
latencies. Bandwidths are GB/s (1e9 B/s) in one direction, latencies microseconds.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from planner_gui.engine.collectives.nccl_tables import (
    MAX_CHANNEL_SPEED_INTRA,
    MAX_CHANNELS,
    NVLS_CHANNELS,
    NVLS_EFFICIENCY,
)
from planner_gui.engine.collectives.profile import FabricProfile

# GPU generation from its name; NCCL's tables are indexed by it (NCCL src/graph/tuning.cc compCapIndex).
# Ada (sm89) and Turing (sm75) use the rows of the generation NCCL groups them with.
_GENERATION_NAMES = (
    ("blackwell", r"GB[23]00|B[123]00|RTX\s*50\d\d|RTX\s*PRO\s*6000"),
    ("hopper", r"GH200|H100|H200|H800|H20\b"),
    ("ampere", r"A100|A800|A40|A30|A10|A16|A2\b|L40|L4\b|RTX\s*[34]0\d\d|RTX\s*A\d"),
    ("volta", r"V100|T4\b|RTX\s*20\d\d"),
)
GENERATIONS = ("volta", "ampere", "hopper", "blackwell")
# GPUs of a Grace superchip (GH200, GB200, GB300): joined to the CPU by NVLink-C2C, not PCIe.
C2C_GPU = re.compile(r"G[HB][23]00")
# Unknown names: the generation from the per-GPU NVLink figure (resources/catalog: A100 600,
# H100 900, B200 1800 GB/s) or else the PCIe generation it introduced (A100 Gen4, H100 Gen5).
GENERATION_BY_NVLINK_GBS = ((1800.0, "blackwell"), (900.0, "hopper"), (600.0, "ampere"))
GENERATION_BY_PCIE_GEN = ((5, "hopper"), (4, "ampere"))
PROFILE_CACHE_SIZE = 256  # distinct profiles kept derived (a design explores a handful)

# NVLink: achievable ring bus bandwidth over the per-GPU unidirectional NVLink rate, from the
# published ring plateaus (published plateaus: 8x A100 NVLink3 ~230-235 of 300 GB/s; NVIDIA GTC25:
# 370 of 450 on NVLink4 - also nccl-tests#212 "effective about 370" - and 680 of 900 on NVL72
# NVLink5). Volta has no plateau in the reference: NCCL's own per-link figure, 20 of 25 GB/s
# (src/graph/topo.h).
NVLINK_RING_EFFICIENCY = {
    "volta": 20.0 / 25.0,
    "ampere": 232.5 / 300.0,
    "hopper": 370.0 / 450.0,
    "blackwell": 680.0 / 900.0,
}

# NVLS across the trays of a multi-node NVLink domain (GB200/GB300 NVL72, NCCL >= 2.25 MNNVL): NVIDIA's
# GTC25 figure is 850 GB/s AllReduce busbw on NVL72 against 480 on an 8-GPU NVLink 4 board (quoted in
# github:stas00/ml-engineering network/README.md, NVLink SHARP). The single-server NVLS formula below
# (NCCL's nvlsEfficiency 0.74 for Blackwell, 15/16 channels, (g+1)/g sends) gives 917 GB/s at 72 GPUs, so
# traffic through the switch trays and backplane keeps 850/917 of it [calibrated on the GTC25 plateau;
# checked against CoreWeave's measured 72-GPU rack, tests/data/nvl72_nccl_tests.csv].
MNNVL_NVLS_EFFICIENCY = 850.0 / 917.5

# PCIe x16 per direction as NCCL computes it: 12 GB/s for Gen3 (PCI_BW, NCCL src/graph/topo.h),
# doubling with every generation (width * speed / 80 with the link speed doubling).
PCIE_GEN3_X16_GBS = 12.0
PCIE_BASE_GEN = 3
# GPU-to-GPU rings over PCIe reach ~65 % of the link: 8x RTX 5090 on Gen5 measured 28 GB/s (8
# GPUs) and 35 GB/s (4 GPUs) against 48 GB/s (nccl#1639, nccl_calibration.csv R341/R342; this
# is the midpoint, +-12 %). "Determined by the bandwidth your CPU and memory can deliver".
PCIE_P2P_EFFICIENCY = 0.65

# Achievable fraction of NIC line rate with GPUDirect RDMA: a DGX A100 with 8x200G IB measures
# 192 GB/s AllReduce busbw = 96 % of 200 GB/s (NVIDIA maintainer, nccl#812); CX-7 at 400G
# reaches 48-49 GB/s of 50 (nccl-tests#267).
NIC_EFFICIENCY = 0.96
BITS_PER_BYTE = 8.0

# LL128 over the network needs RDMA writes that land 128-byte lines in order (GPUDirect RDMA on
# ConnectX IB/RoCE; EFA with RDMA write on p5 and later). AWS's p4d-era EFA and GCP's TCPX/O
# deliver through a host-managed path, and their curves show NCCL capped at the LL rate
# (19.5 GB/s algbw on two nodes, nccl_calibration.csv R146-R149, R115-R118) instead.
LL128_NETWORKS = ("infiniband", "ethernet", "efa")
# ECMP: flows hashed onto equal-cost uplinks collide. What is hashed is a flow (one NIC's RDMA
# connection, a 5-tuple), so a collective that crosses the spine hashes F = nodes x NICs flows onto
# as many equal paths (a non-blocking tier has one uplink per NIC; oversubscription is a separate
# factor). The expected fraction of busy paths is 1 - (1 - 1/F)^F (balls into bins): 0.66 for
# 2 nodes x 4 NICs, 1 - 1/e = 0.63 for any larger fabric. [derived]; consistent with Meta's "up
# to 40 %" AllReduce gain from E-ECMP + QP scaling (1/1.4 = 0.71, Meta SIGCOMM'24).
# EFA is absent: AWS SRD sprays every flow's packets over all paths, so nothing is hashed.
ECMP_TECHNOLOGIES = ("ethernet", "tcpx")
SPINE_HOPS = 3  # leaf-spine-leaf: the first hop count at which flows are hashed onto uplinks
SPINE_EXTRA_SWITCHES = SPINE_HOPS - 1  # leaving a leaf through the spine adds these switches
# RoCE without ECN/DCQCN relies on PFC pauses alone; pauses spread to victim flows (head-of-line
# blocking). [estimate] 20 % loss, between Meta's ~80 % fabric utilisation with congestion
# control and the idc10000.net multi-node guide's "RoCE 50-60 % of IB at 64 GPUs" (docs/models/collectives.md).
NO_CONGESTION_CONTROL_EFFICIENCY = 0.8

# Latency. NCCL's hardware latencies (NCCL src/graph/tuning.cc) are tuned on NVIDIA's own IB systems
# and are lower than nccl-tests measures; we scale them per GPU generation. [calibrated] on the
# small-message floors of nccl_calibration.csv: A100 8 GPUs ~43 us (R001-R011), H100 8 GPUs ~26 us
# (R025-R029), GB200 4 GPUs ~15 us (R073-R079), 2x DGX A100 ring 93 us (R310).
LATENCY_SCALE = {"volta": 4.2, "ampere": 4.2, "hopper": 2.2, "blackwell": 2.2}
# Host cost of launching one collective without CUDA graphs [calibrated with LATENCY_SCALE];
# CUDA graphs remove most of it (nccl#1984: 0.5 us with graphs vs 3.5 us without).
LAUNCH_OVERHEAD_US = 0.85
# NCCL's network latencies assume an IB NDR path of ~1 us end to end (idc10000.net multi-node guide, 2026: NDR ~1.0 us).
REFERENCE_NIC_LATENCY_US = 1.0
REFERENCE_CABLE_SEGMENTS = 2  # node-leaf and leaf-node
REFERENCE_CABLE_M = 3.0
FIBRE_NS_PER_M = 5.0  # light in glass (n ~ 1.5) travels ~0.2 m/ns
NS_PER_US = 1000.0
CHANNEL_DUPLICATION = 2  # search.cc duplicates the channels it found when bandwidth allows


@dataclass(frozen=True)
class Hardware:
    """Derived, per-profile quantities (see module docstring for units)."""

    generation: str
    gpus_per_node: int
    nodes: int
    ranks: int
    intra_bw: float  # per GPU; math.inf on a one-GPU node
    intra_label: str
    nvls_bw: float  # NVLink bandwidth usable by NVLS (0: NVLS unavailable)
    net_bw: float  # per node, after fabric effects; math.inf on one node
    gpu_net_bw: float  # what one GPU can push through the network (SendRecv)
    a2a_net_bw: float  # the same for AllToAll, after cross-rail traffic (see _alltoall)
    a2a_extra_latency_us: float  # spine switches cross-rail AllToAll traffic adds per traversal
    net_label: str
    intra_is_nvlink: bool
    latency_scale: float
    path_delta_us: float  # network path latency beyond NCCL's reference, per traversal
    staged: bool  # network traffic goes through host memory (no usable GPUDirect RDMA)
    channels: int  # channels NCCL builds (estimate from its topology search)
    ll128_enabled: bool


def gpu_generation(profile: FabricProfile) -> str:
    """The GPU generation from its name, else from its NVLink bandwidth or PCIe generation."""
    for generation, pattern in _GENERATION_NAMES:
        if re.search(pattern, profile.gpu_name, re.IGNORECASE):
            return generation
    for threshold, generation in GENERATION_BY_NVLINK_GBS:
        if profile.nvlink_bidir_gbs >= threshold:
            return generation
    for pcie_gen, generation in GENERATION_BY_PCIE_GEN:
        if profile.pcie_gen >= pcie_gen:
            return generation
    return "volta"


def pcie_bw(gen: int) -> float:
    return PCIE_GEN3_X16_GBS * 2.0 ** (gen - PCIE_BASE_GEN)


@lru_cache(maxsize=PROFILE_CACHE_SIZE)
def derive(profile: FabricProfile) -> Hardware:
    generation = gpu_generation(profile)
    intra_bw, intra_label = _intra(profile, generation)
    nvls_ok = profile.nvls and profile.intra == "nvswitch" and NVLS_EFFICIENCY[generation] > 0
    staged = profile.nodes > 1 and not (profile.gdr and profile.gpu_nic_affinity)
    net_bw, gpu_net_bw, uniform_gpu_bw, net_label = _network(profile, staged)
    a2a_net_bw, a2a_extra_latency = _alltoall(profile, uniform_gpu_bw)
    return Hardware(
        generation=generation,
        gpus_per_node=profile.gpus_per_node,
        nodes=profile.nodes,
        ranks=profile.ranks,
        intra_bw=intra_bw,
        intra_label=intra_label,
        nvls_bw=(_nvls_bw(intra_bw, generation, profile.hosts_per_domain)
                 if nvls_ok and profile.gpus_per_node > 1 else 0.0),
        net_bw=net_bw,
        gpu_net_bw=gpu_net_bw,
        a2a_net_bw=a2a_net_bw,
        a2a_extra_latency_us=a2a_extra_latency,
        net_label=net_label,
        intra_is_nvlink=profile.intra != "pcie",
        latency_scale=LATENCY_SCALE[generation],
        path_delta_us=_path_delta_us(profile),
        staged=staged,
        channels=_channels(profile, intra_bw, generation),
        # LL128 needs NVLink inside the node and GPUDirect on the network path (NCCL src/graph/tuning.cc).
        ll128_enabled=(profile.intra != "pcie" or profile.gpus_per_node == 1)
        and (profile.nodes == 1 or (not staged and profile.technology in LL128_NETWORKS)),
    )


def _nvls_bw(intra_bw: float, generation: str, hosts_per_domain: int = 1) -> float:
    """NVLink bandwidth NVLS can use: NCCL's nvlsEfficiency and (nCh-1)/nCh channel factor; across the
    trays of a multi-node NVLink domain, the MNNVL share on top."""
    bw = intra_bw * NVLS_EFFICIENCY[generation] * (NVLS_CHANNELS - 1) / NVLS_CHANNELS
    return bw * MNNVL_NVLS_EFFICIENCY if hosts_per_domain > 1 else bw


def _intra(profile: FabricProfile, generation: str) -> tuple[float, str]:
    if profile.gpus_per_node == 1:
        return math.inf, "none"
    if profile.intra == "pcie":
        bw = pcie_bw(profile.pcie_gen) * PCIE_P2P_EFFICIENCY
        return bw, f"PCIe Gen{profile.pcie_gen} between GPUs"
    label = "NVSwitch" if profile.intra == "nvswitch" else "NVLink mesh"
    bw = profile.nvlink_bidir_gbs / 2.0 * NVLINK_RING_EFFICIENCY[generation]
    return bw, f"NVLink ({label}, {profile.nvlink_bidir_gbs:g} GB/s)"


def _network(profile: FabricProfile, staged: bool) -> tuple[float, float, float, str]:
    """(node rate for neighbour patterns, per-GPU rate for them, per-GPU rate for uniform traffic, label)."""
    if profile.nodes == 1:
        return math.inf, math.inf, math.inf, "none"
    per_nic, attach = _nic_rate(profile, staged), _gpu_attach(profile)
    # fabric losses (oversubscription, ECMP collisions) cut what the NICs' links carry, not the GPUs' own links
    nics, gpus = profile.nics_per_node * per_nic, profile.gpus_per_node * attach
    node = min(nics * _fabric_efficiency(profile, uniform=False), gpus)
    uniform = min(nics * _fabric_efficiency(profile, uniform=True), gpus)
    label = f"inter-node NIC ({profile.nic_gbps:g} Gb/s x {profile.nics_per_node})"
    nic_line, link = nic_usable_gbs(profile)
    if link < nic_line:  # the NIC could send faster than its PCIe link carries: PCIe is the limit
        label = f"PCIe Gen{nic_link_gen(profile)} x16 to each NIC ({link:g} GB/s; NIC {profile.nic_gbps:g} Gb/s x " \
                f"{profile.nics_per_node})"
    return node, node / profile.gpus_per_node, uniform / profile.gpus_per_node, label


def _nic_rate(profile: FabricProfile, staged: bool) -> float:
    """What one NIC carries (GB/s): its line rate at the GPUDirect efficiency, within its PCIe slot."""
    host_pcie = pcie_bw(profile.pcie_gen)
    link_gen = nic_link_gen(profile)
    nic_rate = profile.nic_gbps / BITS_PER_BYTE * NIC_EFFICIENCY
    per_nic = min(nic_rate, pcie_bw(link_gen))
    if staged:
        # Without GPUDirect RDMA the data is copied through host memory. When GPU and NIC share a
        # PCIe switch, the switch uplink carries every byte twice per direction (GPU->host and
        # host->NIC), halving the rate; "the one case where GPU Direct RDMA is needed is when the
        # NIC and GPU are on the same PCI switch" (NVIDIA/nccl#465).
        per_nic = min(per_nic, host_pcie / 2.0 if profile.gpu_nic_affinity else host_pcie)
    return per_nic


def nic_link_gen(profile: FabricProfile) -> int:
    """The PCIe generation of the GPU-to-NIC path: the slower of the GPU's and the NIC's (0: unknown NIC)."""
    return min(profile.pcie_gen, profile.nic_pcie_gen) if profile.nic_pcie_gen else profile.pcie_gen


def nic_usable_gbs(profile: FabricProfile) -> tuple[float, float]:
    """(what one NIC's line rate allows, what its PCIe link carries), GB/s per direction."""
    return profile.nic_gbps / BITS_PER_BYTE * NIC_EFFICIENCY, pcie_bw(nic_link_gen(profile))


def _gpu_attach(profile: FabricProfile) -> float:
    """What one GPU's link to its NICs carries (GB/s).

    A GPU drives as many NICs as that link carries: NCCL spreads its channels over every NIC at the same
    distance (NCCL src/graph/search.cc picks a NIC per channel), so one GPU with several NICs is not held
    to one NIC's rate. A discrete GPU's link is its PCIe x16; a Grace superchip's GPU reaches the host's
    PCIe through NVLink-C2C (450 GB/s per direction, NVIDIA GH200 datasheet): no limit here.
    """
    return math.inf if C2C_GPU.search(profile.gpu_name) else pcie_bw(profile.pcie_gen)


def _fabric_efficiency(profile: FabricProfile, uniform: bool) -> float:
    """Share of the NIC rate the fabric leaves a traffic pattern.

    Oversubscription (``profile.oversubscription``: the ratio uniform traffic meets) is met in full by
    uniform traffic (AllToAll). Neighbour patterns - rings, trees, CollNet, the ring shift of SendRecv -
    placed rail by rail on consecutive servers leave a pod only at its boundary: one flow per rail and
    channel direction, against the pod's D/r uplinks per rail (D servers under a leaf, r:1 leaf ratio),
    so they meet none of it while D > r. Without rail alignment the neighbours' NICs sit on different
    leaves and the full ratio applies. ECMP hashing and missing congestion control hit every pattern.
    """
    neighbour = profile.rail_optimized and not uniform
    efficiency = 1.0 if neighbour else 1.0 / profile.oversubscription
    if profile.hops >= SPINE_HOPS:
        efficiency *= _ecmp_efficiency(profile)
    if profile.technology in ECMP_TECHNOLOGIES and not profile.congestion_control:
        efficiency *= NO_CONGESTION_CONTROL_EFFICIENCY
    return efficiency


def _ecmp_efficiency(profile: FabricProfile) -> float:
    """Share of spine paths busy when the nodes' flows are hashed onto them (1 if not hashed)."""
    if profile.technology not in ECMP_TECHNOLOGIES or profile.adaptive_routing:
        return 1.0
    flows = profile.nodes * max(1, profile.nics_per_node)
    return 1.0 - (1.0 - 1.0 / flows) ** flows


def _alltoall(profile: FabricProfile, gpu_net_bw: float) -> tuple[float, float]:
    """AllToAll on a rail-optimised fabric: a GPU's traffic to other rails must change rail.

    With NVLink, NCCL's PXN (2.12+) first moves it over NVLink to the GPU on the destination
    rail, so it stays rail-local (NVIDIA, "Doubling all2all performance").
    PCIe-only servers cannot, so the cross-rail share (r-1)/r of r rails crosses the spine: two
    more switches, and hashing losses on Ethernet. Without rails all NICs share one leaf anyway.
    """
    rails = profile.nics_per_node
    if profile.nodes == 1 or not profile.rail_optimized or profile.intra != "pcie" or rails < 2:
        return gpu_net_bw, 0.0
    cross = (rails - 1) / rails
    efficiency = 1.0 / ((1.0 - cross) + cross / _ecmp_efficiency(profile))
    extra = 0.0 if profile.hops >= SPINE_HOPS else SPINE_EXTRA_SWITCHES * profile.switch_latency_ns / NS_PER_US
    return gpu_net_bw * efficiency, extra


def _path_delta_us(profile: FabricProfile) -> float:
    """Network latency per traversal beyond the IB NDR single-leaf path NCCL's tables assume."""
    extra_switches = (profile.hops - 1) * profile.switch_latency_ns / NS_PER_US
    segments = profile.hops + 1
    cable = (segments * profile.cable_m - REFERENCE_CABLE_SEGMENTS * REFERENCE_CABLE_M) * FIBRE_NS_PER_M
    return profile.nic_latency_us - REFERENCE_NIC_LATENCY_US + extra_switches + cable / NS_PER_US


def _channels(profile: FabricProfile, intra_bw: float, generation: str) -> int:
    """NCCL's channel count (topology search, NCCL src/graph/search.cc), doubled as search.cc does.

    One node: intra bandwidth over the largest per-channel speed. Several nodes: one channel per
    NIC the GPUs can fill (each ring or tree leaves the node through its own NIC).
    """
    if profile.nodes > 1:  # the NICs the node's GPUs can fill (one GPU behind PCIe fills few of many)
        staged = not (profile.gdr and profile.gpu_nic_affinity)
        fill = profile.gpus_per_node * _gpu_attach(profile) / _nic_rate(profile, staged)
        base = profile.nics_per_node if math.isinf(fill) else max(1, min(profile.nics_per_node, math.ceil(fill - 1e-9)))
    elif math.isinf(intra_bw):
        base = 1
    else:
        base = math.ceil(intra_bw / MAX_CHANNEL_SPEED_INTRA[generation])
    return max(2, min(MAX_CHANNELS, CHANNEL_DUPLICATION * base))
