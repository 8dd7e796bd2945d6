"""The NCCL environment an engineer should start from on a design, each setting with its reason.

Most of NCCL's tuning is automatic and should stay so (NCCL_ALGO, NCCL_PROTO); what NCCL cannot
know is which HCAs carry compute traffic, how the rails are cabled and what the fabric does with
ECMP. A setting with an empty value means "leave it unset": its reason says why the default is
right here. Variable semantics: NCCL environment variable documentation,
https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html, NCCL src/graph/tuning.cc and its
performance_and_tuning.rst.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from planner_gui.engine.checks.fabric_model import NCCL_GID_AUTO_VERSION, SPINE_PATH_HOPS, nccl_version
from planner_gui.engine.collectives import FabricProfile, predict
from planner_gui.engine.collectives.fabric_profile import fabric_profile_from_design
from planner_gui.engine.topology.report import TopologyReport, analyze_topology
from planner_gui.model import Design
from planner_gui.present import format_bytes

NCCL_ENV_DOCS = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html"
HCA_PREFIX = "mlx5_"  # ConnectX / BlueField verbs device names (ibv_devices)
ROCE_V2_GID_INDEX = "3"  # the usual RoCE v2 IPv4 GID on ConnectX (first IPv4 address); verify with show_gids
# [estimate] 4 hash entropies per connection: Meta's QP scaling (Gangidi et al., SIGCOMM'24)
ECMP_QPS_PER_CONNECTION = "4"
ZERO3_BUFFSIZE = str(8 * 2**20)  # [estimate] twice NCCL's 4 MiB default, for FSDP / ZeRO-3 (seed_facts.md)
ZERO3_STAGE = 3
# Intra-node NVLink SHARP came with NCCL 2.17; 2.18.1 added the inter-node NVLS algorithms
# (https://docs.nvidia.com/deeplearning/nccl/release-notes/rel_2-18-1.html).
NVLS_MIN_NCCL = (2, 17)
PROBE_SIZES = (8, 2**20, 2**30)  # small, medium, large AllReduce for the ALGO/PROTO explanation


@dataclass(frozen=True, slots=True)
class NcclSetting:
    name: str
    value: str  # "" means leave unset: NCCL's default is right here
    reason: str

    @property
    def is_set(self) -> bool:
        return self.value != ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "reason": self.reason}


def recommend_nccl_env(design: Design, catalog: Any, topo: TopologyReport | None = None,
                       profile: FabricProfile | None = None) -> tuple[NcclSetting, ...]:
    """The starting NCCL environment for the largest job ``design`` can run."""
    topo = topo if topo is not None else analyze_topology(design, catalog)
    profile = profile if profile is not None else fabric_profile_from_design(design, catalog, topo)
    version = nccl_version(design.fabric.nccl_version)
    out = [_algo(profile), _proto(profile)]
    if profile.nodes > 1:
        out += [_net(profile), _hca(profile, design, catalog), _cross_nic(profile, topo)]
        if profile.technology == "ethernet":
            out += [_gid(version), _qps(profile)]
        out.append(_collnet(profile, design))
    out += [_nvls(profile, version), _buffsize(design)]
    if profile.nodes > 1:
        out.append(NcclSetting("NCCL_DEBUG", "INFO", "For the first runs and the acceptance tests: the log shows the "
                               "rings and trees, the NICs used and 'GPU Direct RDMA Enabled'. Set WARN afterwards."))
    return tuple(out)


def shell_exports(settings: tuple[NcclSetting, ...]) -> str:
    """``export`` lines for the settings to set, and comments for the ones to leave alone."""
    lines = [f"export {s.name}={s.value}" if s.is_set else f"# {s.name}: leave unset" for s in settings]
    return "\n".join(lines) + "\n"


def _choices(profile: FabricProfile) -> str:
    picks = [predict(profile, "allreduce", size) for size in PROBE_SIZES]
    return ", ".join(f"{format_bytes(r.bytes)}: {r.algorithm}/{r.protocol}" for r in picks)


def _algo(profile: FabricProfile) -> NcclSetting:
    return NcclSetting("NCCL_ALGO", "", f"Leave unset: NCCL picks the fastest algorithm per call (model for "
                       f"AllReduce on this design: {_choices(profile)}). Forcing Ring slows small messages at "
                       "scale and forcing Tree caps large ones; NCCL already makes the usual Ring-or-Tree choice "
                       "per call. "
                       "Only set NCCL_ALGO=Ring to measure raw network bandwidth on 2 nodes.")


def _proto(profile: FabricProfile) -> NcclSetting:
    auto = predict(profile, "allreduce", PROBE_SIZES[0]).time_us
    simple = predict(profile, "allreduce", PROBE_SIZES[0], proto="Simple").time_us
    return NcclSetting("NCCL_PROTO", "", "Leave unset: NCCL uses LL for small, LL128 for medium and Simple for "
                       f"large messages. Forcing Simple (a common tuning tip) makes an 8-byte AllReduce take "
                       f"{simple:.0f} us instead of {auto:.0f} us on this design (model).")


def _net(profile: FabricProfile) -> NcclSetting:
    if not profile.gdr and profile.technology == "ethernet":
        return NcclSetting("NCCL_NET", "Socket", "The compute NICs have no RDMA, so NCCL can only use TCP sockets.")
    return NcclSetting("NCCL_NET", "IB", "Use NCCL's IB verbs transport. RoCE uses it too (RDMA over Ethernet "
                       "is still verbs): NCCL_NET=Socket, as some guides suggest for RoCE, would send everything "
                       "through the kernel's TCP stack without RDMA or GPUDirect.")


def _hca(profile: FabricProfile, design: Design, catalog: Any) -> NcclSetting:
    n = profile.nics_per_node
    value = "=" + ",".join(f"{HCA_PREFIX}{i}" for i in range(n))
    return NcclSetting("NCCL_IB_HCA", value, f"Use only the {n} compute HCAs, so storage and front-end NICs never "
                       "carry collectives. The leading '=' makes the names exact (mlx5_1 would otherwise also "
                       "match mlx5_10). Names assume the compute HCAs enumerate first: check with ibdev2netdev "
                       "and adjust.")


def _cross_nic(profile: FabricProfile, topo: TopologyReport) -> NcclSetting:
    style = topo.rails.style
    if style == "single-nic" or profile.nics_per_node <= 1:
        return NcclSetting("NCCL_CROSS_NIC", "", "Leave unset: one NIC per node, nothing to cross.")
    if style == "rail-optimized" and not _rails_joined(topo):
        return NcclSetting("NCCL_CROSS_NIC", "0", "Rails are separate networks here (no switch joins them): keep "
                           "each ring and tree on the same NIC index on every node; PXN moves data between rails "
                           "over NVLink.")
    if style == "rail-optimized":
        return NcclSetting("NCCL_CROSS_NIC", "", "Leave unset (2): NCCL keeps rings on one rail when it can, and "
                           "the spines let it cross rails when that is faster.")
    if style == "single-switch":
        return NcclSetting("NCCL_CROSS_NIC", "1", "Every NIC sits on one switch: any NIC reaches any other in one "
                           "hop, so NCCL need not pair same-index NICs across nodes.")
    return NcclSetting("NCCL_CROSS_NIC", "1", f"The fabric is not rail-optimized ({style}): every NIC of a node "
                       "reaches the same switches, so NCCL need not pair same-index NICs across nodes.")


def _rails_joined(topo: TopologyReport) -> bool:
    """True when the switches alone (no servers) connect the leaves of different NIC indices."""
    graph, tiers = topo.graph, topo.tier_data
    nic_links = graph.fab_nic >= 0
    labels = tiers.switch_pods[-1][graph.fab_v[nic_links]]
    return np.unique(labels).size == 1


def _gid(version: tuple[int, int]) -> NcclSetting:
    if version >= NCCL_GID_AUTO_VERSION:
        return NcclSetting("NCCL_IB_GID_INDEX", "", "Leave unset: from NCCL 2.21 the RoCE v2 GID is found "
                           "automatically. Do set NCCL_IB_TC / NCCL_IB_SL to the class your switches treat as "
                           "lossless (site-specific).")
    return NcclSetting("NCCL_IB_GID_INDEX", ROCE_V2_GID_INDEX, "NCCL before 2.21 uses GID 0 (RoCE v1) unless told "
                       "otherwise; index 3 is the usual RoCE v2 IPv4 GID on ConnectX (check with show_gids). Also "
                       "set NCCL_IB_TC to your lossless traffic class.")


def _qps(profile: FabricProfile) -> NcclSetting:
    if profile.hops >= SPINE_PATH_HOPS and not profile.adaptive_routing:
        return NcclSetting("NCCL_IB_QPS_PER_CONNECTION", ECMP_QPS_PER_CONNECTION, "RoCE over static ECMP across "
                           f"{profile.hops} switch hops: several QPs per connection hash onto different uplinks "
                           "(NCCL docs: multiple QPs are often necessary on RoCE; Meta reports up to 40 % AllReduce "
                           "gain from QP scaling).")
    why = "traffic stays on one switch" if profile.hops < SPINE_PATH_HOPS else "adaptive routing spreads the flows"
    return NcclSetting("NCCL_IB_QPS_PER_CONNECTION", "", f"Leave at 1: {why}.")


def _collnet(profile: FabricProfile, design: Design) -> NcclSetting:
    if profile.sharp:
        return NcclSetting("NCCL_COLLNET_ENABLE", "1", "SHARP switches reduce in the network: enable CollNet "
                           "(needs the SHARP plugin, nccl-rdma-sharp-plugins, and the aggregation manager).")
    why = ("SHARP is switched on but not every fabric switch supports it" if design.fabric.sharp
           else "no in-network reduction in this design")
    return NcclSetting("NCCL_COLLNET_ENABLE", "", f"Leave unset: {why}.")


def _nvls(profile: FabricProfile, version: tuple[int, int]) -> NcclSetting:
    if not profile.nvls:
        return NcclSetting("NCCL_NVLS_ENABLE", "", "Leave unset: these GPUs have no NVLink SHARP.")
    if version < NVLS_MIN_NCCL:
        return NcclSetting("NCCL_NVLS_ENABLE", "", "NVLink SHARP needs NCCL 2.17 or later: upgrade NCCL to gain "
                           "~30 % intra-node AllReduce bandwidth (480 against 370 GB/s busbw on H100).")
    return NcclSetting("NCCL_NVLS_ENABLE", "", "Leave unset (on by default): NVLink SHARP lifts intra-node "
                       "AllReduce from ~370 to ~480 GB/s busbw on H100-class NVSwitch (nccl-tests#212). Set 0 "
                       "only to save the memory it reserves.")


def _buffsize(design: Design) -> NcclSetting:
    workload = design.workload
    if workload is not None and workload.zero_stage >= ZERO3_STAGE:
        return NcclSetting("NCCL_BUFFSIZE", ZERO3_BUFFSIZE, "ZeRO-3 / FSDP gathers and scatters parameters every "
                           "layer: twice the 4 MiB default buffer lets each network step carry more (common "
                           "FSDP advice); measure, as it costs GPU memory per channel and peer.")
    return NcclSetting("NCCL_BUFFSIZE", "", "Leave at the 4 MiB default.")
