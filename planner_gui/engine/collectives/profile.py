"""The hardware facts a collective prediction needs, and their validation.

A :class:`FabricProfile` describes one job's GPUs and the fabric between them in physical terms
(link speeds, counts, hop latencies, feature switches), never catalog ids, so the model can be
used and tested without a catalog. :func:`profile_from_catalog` builds one from catalog entries.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text

INTRA_KINDS = ("nvswitch", "nvlink_mesh", "pcie")
# "efa" (AWS SRD with RDMA write, p5 and later), "efa_v1" (p4d generation) and "tcpx" (GCP
# GPUDirect-TCPX/O) come from a catalog NIC's ``transport`` (the cloud NICs in nics.json), so
# published cloud measurements can be described honestly; other NICs give "infiniband" or "ethernet".
TECHNOLOGIES = ("infiniband", "ethernet", "efa", "efa_v1", "tcpx")

# Sanity ranges for validation; anything outside is a typo, not a design choice.
MAX_GPUS_PER_NODE = 576  # 8x the largest NVLink domain in the catalog (GB200 NVL72, resources/catalog)
MAX_NODES = 1_000_000  # well above any cluster anyone plans (the largest public ones are ~10^5 GPUs)
MAX_NIC_GBPS = 3200.0  # catalog schema upper bound for NIC speed (planner_gui/catalog/schema.py)
MAX_LATENCY_US = 1000.0  # catalog schema upper bound for NIC latency
MAX_HOPS = 9  # a 5-tier Clos traversed up and down; more is not a real fabric
MAX_CABLE_M = 100_000.0  # catalog schema upper bound for cable reach
MAX_OVERSUBSCRIPTION = 64.0
# NICs of one node: 64 per server (the catalog's bound on NIC slots x 2) times the servers of an NVLink domain.
MAX_NICS_PER_SERVER = 64

_CHOICE = QT_TRANSLATE_NOOP("Engine", "{name}={value!r}: use one of {choices}")
_OUTSIDE = QT_TRANSLATE_NOOP("Engine", "{name}={value} is outside {low}..{high}")
_JOINED = QT_TRANSLATE_NOOP("Engine", "{problems}; {more}")


@dataclass(frozen=True)
class FabricProfile:
    """Hardware facts for one collective group (hashable: the model caches per profile).

    A "node" is what NCCL builds its hierarchy on: one server, or one multi-server NVLink domain
    (``hosts_per_domain`` servers, e.g. an NVL72 rack), whose GPUs all reach each other over NVLink.
    """

    gpus_per_node: int
    nodes: int
    gpu_name: str
    intra: str  # "nvswitch" | "nvlink_mesh" | "pcie"
    nvlink_bidir_gbs: float  # per GPU, bidirectional aggregate (A100 600, H100 900); 0 for PCIe
    pcie_gen: int  # GPU's PCIe generation
    nics_per_node: int
    nic_gbps: float  # line rate per NIC, Gb/s
    nic_latency_us: float  # end-to-end NIC + one switch hop figure from the catalog
    technology: str  # "infiniband" | "ethernet" (RoCE); also "efa" | "efa_v1" | "tcpx" for cloud data
    switch_latency_ns: float = 300.0  # per switch traversal
    hops: int = 1  # switch traversals node-to-node for typical traffic (1 leaf, 3 leaf-spine-leaf)
    oversubscription: float = 1.0  # ratio the inter-node traffic actually meets (1.0 = non-blocking)
    rail_optimized: bool = True
    gdr: bool = True  # GPUDirect RDMA
    sharp: bool = False  # in-network reduction available (CollNet)
    nvls: bool = False  # NVLink SHARP (H100/H200/B200 NVSwitch systems)
    adaptive_routing: bool = False
    congestion_control: bool = True  # RoCE ECN/DCQCN
    cable_m: float = 3.0  # typical node-to-leaf cable length
    gpu_nic_affinity: bool = True  # each GPU has a NIC under the same PCIe switch
    # Servers whose GPUs share one NVLink domain (an NVL72 rack: 18 trays). NCCL (>= 2.25, MNNVL) treats
    # the domain as one node, so gpus_per_node, nodes and nics_per_node count per domain; 1: a server.
    hosts_per_domain: int = 1
    # The NIC's own PCIe generation (catalog nic ``pcie_gen``); 0: unknown, taken as the GPU's. GPUDirect RDMA
    # moves every byte over the slower of the GPU's and the NIC's PCIe x16 links (hardware.py _network).
    nic_pcie_gen: int = 0

    def __post_init__(self) -> None:
        problems = profile_problems(self)
        if problems:
            raise ValueError(QT_TRANSLATE_NOOP("Engine", "invalid FabricProfile: {problems}").fill(
                problems=joined_problems(problems)))

    @property
    def ranks(self) -> int:
        return self.gpus_per_node * self.nodes


def profile_problems(p: FabricProfile) -> list[Text]:
    """Every problem with a profile, each saying which field, what is wrong and how to fix it."""
    problems: list[Text] = []
    problems += _int_in("gpus_per_node", p.gpus_per_node, 1, MAX_GPUS_PER_NODE)
    problems += _int_in("nodes", p.nodes, 1, MAX_NODES)
    problems += _int_in("pcie_gen", p.pcie_gen, 3, 7)
    if p.nic_pcie_gen != 0:
        problems += _int_in("nic_pcie_gen", p.nic_pcie_gen, 3, 7)
    problems += _int_in("hops", p.hops, 1, MAX_HOPS)
    problems += _int_in("hosts_per_domain", p.hosts_per_domain, 1, MAX_GPUS_PER_NODE)
    if isinstance(p.hosts_per_domain, int) and p.hosts_per_domain > 1 and p.intra != "nvswitch":
        problems.append(QT_TRANSLATE_NOOP("Engine", "hosts_per_domain={hosts} needs intra='nvswitch' (an NVLink "
                                                    "domain across servers runs through NVLink switches)").fill(
            hosts=p.hosts_per_domain))
    if p.intra not in INTRA_KINDS:
        problems.append(_CHOICE.fill(name="intra", value=p.intra, choices=", ".join(INTRA_KINDS)))
    if p.technology not in TECHNOLOGIES:
        problems.append(_CHOICE.fill(name="technology", value=p.technology, choices=", ".join(TECHNOLOGIES)))
    if not isinstance(p.gpu_name, str) or not p.gpu_name.strip():
        problems.append(QT_TRANSLATE_NOOP("Engine", "gpu_name must be a non-empty GPU name such as 'H100 SXM5 "
                                                    "80GB'").fill())
    problems += _number_in("nvlink_bidir_gbs", p.nvlink_bidir_gbs, 0.0, 100_000.0)
    problems += _number_in("switch_latency_ns", p.switch_latency_ns, 0.0, 100_000.0)
    problems += _number_in("nic_latency_us", p.nic_latency_us, 0.0, MAX_LATENCY_US)
    problems += _number_in("cable_m", p.cable_m, 0.0, MAX_CABLE_M)
    problems += _number_in("oversubscription", p.oversubscription, 1.0, MAX_OVERSUBSCRIPTION)
    problems += _nvlink_problems(p)
    if p.nodes > 1:
        problems += _int_in("nics_per_node", p.nics_per_node, 1, _max_nics(p),
                            QT_TRANSLATE_NOOP("Engine", "a multi-node job needs NICs").fill())
        problems += _number_in("nic_gbps", p.nic_gbps, 1.0, MAX_NIC_GBPS)
    else:
        problems += _int_in("nics_per_node", p.nics_per_node, 0, _max_nics(p))
        problems += _number_in("nic_gbps", p.nic_gbps, 0.0, MAX_NIC_GBPS)
    return problems


def _max_nics(p: FabricProfile) -> int:
    hosts = p.hosts_per_domain if isinstance(p.hosts_per_domain, int) and p.hosts_per_domain >= 1 else 1
    return MAX_NICS_PER_SERVER * min(hosts, MAX_GPUS_PER_NODE)


def _nvlink_problems(p: FabricProfile) -> list[Text]:
    if not isinstance(p.nvlink_bidir_gbs, int | float) or isinstance(p.nvlink_bidir_gbs, bool):
        return []
    if p.intra in ("nvswitch", "nvlink_mesh") and p.gpus_per_node > 1 and p.nvlink_bidir_gbs <= 0:
        return [QT_TRANSLATE_NOOP("Engine", "intra={intra!r} needs nvlink_bidir_gbs > 0 (A100 600, H100 900, B200 "
                                            "1800)").fill(intra=p.intra)]
    if p.nvls and p.intra != "nvswitch":
        return [QT_TRANSLATE_NOOP("Engine", "nvls=True needs intra='nvswitch' (NVLink SHARP runs in the "
                                            "NVSwitch)").fill()]
    return []


def _int_in(name: str, value: object, low: int, high: int, why: Text | None = None) -> list[Text]:
    if isinstance(value, bool) or not isinstance(value, int):
        return [QT_TRANSLATE_NOOP("Engine", "{name} must be a whole number, got {value!r}").fill(
            name=name, value=value)]
    if not low <= value <= high:
        if why is None:
            return [_OUTSIDE.fill(name=name, value=value, low=low, high=high)]
        return [QT_TRANSLATE_NOOP("Engine", "{name}={value} is outside {low}..{high} ({why})").fill(
            name=name, value=value, low=low, high=high, why=why)]
    return []


def _number_in(name: str, value: object, low: float, high: float) -> list[Text]:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return [QT_TRANSLATE_NOOP("Engine", "{name} must be a number, got {value!r}").fill(name=name, value=value)]
    if not math.isfinite(value) or not low <= value <= high:
        return [_OUTSIDE.fill(name=name, value=value, low=f"{low:g}", high=f"{high:g}")]
    return []


def joined_problems(problems: list[Text]) -> Text:
    """``a; b; c`` as one Text whose parts translate. Halves are joined, not one item onto the list
    before it, so rendering nests log2(n) deep, not n (a long list must not reach the recursion limit)."""
    if len(problems) == 1:
        return problems[0]
    middle = len(problems) // 2
    return _JOINED.fill(problems=joined_problems(problems[:middle]), more=joined_problems(problems[middle:]))
