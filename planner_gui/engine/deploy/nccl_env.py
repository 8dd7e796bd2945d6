"""The NCCL environment an engineer should start from on a design, each setting with its reason.

Most of NCCL's tuning is automatic and should stay so (NCCL_ALGO, NCCL_PROTO); what NCCL cannot
know is which HCAs carry compute traffic, how the rails are cabled and what the fabric does with
ECMP. A setting with an empty value means "leave it unset": its reason says why the default is
right here. Variable semantics: NCCL environment variable documentation,
https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html, NCCL src/graph/tuning.cc and its
performance_and_tuning.rst.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from planner_gui.engine.checks.fabric_model import NCCL_GID_AUTO_VERSION, SPINE_PATH_HOPS, nccl_version
from planner_gui.engine.collectives import FabricProfile, predict
from planner_gui.engine.collectives.fabric_profile import fabric_profile_from_design, job_servers
from planner_gui.engine.deploy.env_cloud import CLOUD_ENVIRONMENTS
from planner_gui.engine.deploy.platform import ROCE, SOCKET, Platform, platform_of
from planner_gui.engine.deploy.setting import NcclSetting, debug_setting, shell_exports, socket_ifname
from planner_gui.engine.topology.report import TopologyReport, analyze_topology
from planner_gui.model import Design
from planner_gui.present import format_bytes, plural

NCCL_ENV_DOCS = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html"
ROCE_V2_GID_INDEX = "3"  # the usual RoCE v2 IPv4 GID on ConnectX (first IPv4 address); verify with show_gids
# DSCP 26 (AF31) shifted into the IP TOS byte with ECN-capable bits 10: 26 << 2 | 2 = 106, the
# traffic class of the lossless RoCE setup (Mellanox "lossless RoCE configuration ... DSCP-based QoS
# mode": trust dscp, PFC on priority 3, cma_roce_tos -t 106; as in ImperialCollegeLondon/rcs-node-config
# nodetype/cx3/05_configure_roce.sh and MegEngine/MegEngine-Benchmark prepare.sh, NCCL_IB_TC=106).
ROCE_TRAFFIC_CLASS = "106"
# [estimate] 4 hash entropies per connection: Meta's QP scaling (Gangidi et al., SIGCOMM'24)
ECMP_QPS_PER_CONNECTION = "4"
ZERO3_BUFFSIZE = str(8 * 2**20)  # [estimate] twice NCCL's 4 MiB default, for FSDP / ZeRO-3 (idc10000.net guide, 2026)
ZERO3_STAGE = 3
# Intra-node NVLink SHARP came with NCCL 2.17; 2.18.1 added the inter-node NVLS algorithms
# (https://docs.nvidia.com/deeplearning/nccl/release-notes/rel_2-18-1.html).
NVLS_MIN_NCCL = (2, 17)
PROBE_SIZES = (8, 2**20, 2**30)  # small, medium, large AllReduce for the ALGO/PROTO explanation


def recommend_nccl_env(design: Design, catalog: Any, topo: TopologyReport | None = None,
                       profile: FabricProfile | None = None) -> tuple[NcclSetting, ...]:
    """The starting NCCL environment for the largest job ``design`` can run, for its platform."""
    topo = topo if topo is not None else analyze_topology(design, catalog)
    profile = profile if profile is not None else fabric_profile_from_design(design, catalog, topo)
    platform = platform_of(design, catalog, topo, job_servers(topo))
    version = nccl_version(design.fabric.nccl_version)
    if platform is not None and platform.transport in CLOUD_ENVIRONMENTS and profile.nodes > 1:
        return CLOUD_ENVIRONMENTS[platform.transport](profile, platform, design)
    out = [_algo(profile), _proto(profile)]
    if profile.nodes > 1:
        out += [_net(profile, platform), _hca(profile, platform), socket_ifname(), _cross_nic(profile, topo)]
        if platform is not None and platform.transport == ROCE:
            out += [_gid(version), roce_traffic_class(), _qps(profile)]
        out.append(_collnet(profile, design))
    out += [*nvlink_domain_settings(profile, platform), _nvls(profile, version), _buffsize(design)]
    if profile.nodes > 1:
        out.append(debug_setting(platform))
    return tuple(out)


def nvlink_domain_settings(profile: FabricProfile, platform: Platform | None) -> list[NcclSetting]:
    """Hook for rack-scale NVLink domains (GB200/GB300 NVL72): their settings (NCCL_MNNVL_ENABLE,
    NCCL_CUMEM_ENABLE, NVIDIA_IMEX_CHANNELS: coreweave/nccl-tests' GB200 NVL72 Slurm script) join
    here, before NCCL_NVLS_ENABLE. Servers with one NVLink domain per node need none."""
    return []


__all__ = ["NcclSetting", "recommend_nccl_env", "shell_exports"]


def _choices(profile: FabricProfile) -> str:
    picks = [predict(profile, "allreduce", size) for size in PROBE_SIZES]
    return ", ".join(f"{format_bytes(r.bytes)}: {r.algorithm}/{r.protocol}" for r in picks)


def _algo(profile: FabricProfile) -> NcclSetting:
    return NcclSetting("NCCL_ALGO", "", f"Leave unset: NCCL picks the fastest algorithm per call (model for "
                       f"AllReduce on this design: {_choices(profile)}). Forcing Ring slows small messages at "
                       "scale and forcing Tree caps large ones; NCCL already makes the usual Ring-or-Tree choice "
                       "per call. "
                       "Only set NCCL_ALGO=Ring to measure raw network bandwidth on 2 nodes.", key="algo.auto",
                       params=(("choices", _choices(profile)),))


def _proto(profile: FabricProfile) -> NcclSetting:
    auto = predict(profile, "allreduce", PROBE_SIZES[0]).time_us
    simple = predict(profile, "allreduce", PROBE_SIZES[0], proto="Simple").time_us
    return NcclSetting("NCCL_PROTO", "", "Leave unset: NCCL uses LL for small, LL128 for medium and Simple for "
                       f"large messages. Forcing Simple (a common tuning tip) makes an 8-byte AllReduce take "
                       f"{simple:.0f} us instead of {auto:.0f} us on this design (model).", key="proto.auto",
                       params=(("simple", f"{simple:.0f}"), ("auto", f"{auto:.0f}")))


def _net(profile: FabricProfile, platform: Platform | None) -> NcclSetting:
    sockets = platform.transport == SOCKET if platform is not None else not profile.gdr
    if sockets:
        return NcclSetting("NCCL_NET", "Socket", "The compute NICs have no RDMA, so NCCL can only use TCP sockets.",
                           "NCCL_DEBUG=INFO prints 'Using network Socket' and the channel lines read 'via NET/Socket'.",
                           key="net.socket")
    staged = platform is not None and not platform.gdr
    verify = ("NCCL_DEBUG=INFO prints 'Using network IB' and 'NET/IB : Using [0]mlx5_…' with every compute "
              "device; the channel lines read 'via NET/IB/0' without '/GDRDMA' (no GPUDirect RDMA on these GPUs)."
              if staged else
              "NCCL_DEBUG=INFO prints 'Using network IB'; the channel lines read 'via NET/IB/0/GDRDMA' (GPUDirect "
              "RDMA on): without '/GDRDMA', check that nvidia-peermem (or DMA-BUF) is loaded.")
    if staged:
        return NcclSetting("NCCL_NET", "IB", f"Use NCCL's IB verbs transport. {platform.gpu_name} GPUs have no "
                           "GPUDirect RDMA, so NCCL stages every network transfer through host memory: expect "
                           "higher small-message latency than a data-center GPU on the same NICs.", verify,
                           key="net.ib.staged", params=(("gpu", platform.gpu_name),))
    return NcclSetting("NCCL_NET", "IB", "Use NCCL's IB verbs transport. RoCE uses it too (RDMA over Ethernet "
                       "is still verbs): NCCL_NET=Socket, as some guides suggest for RoCE, would send everything "
                       "through the kernel's TCP stack without RDMA or GPUDirect.", verify, key="net.ib")


def _hca(profile: FabricProfile, platform: Platform | None) -> NcclSetting:
    n = profile.nics_per_node
    link = "RoCE" if profile.technology == "ethernet" else "IB"
    known = platform.compute_devices if platform is not None else ()
    hcas, devices = plural(n, "HCA", "HCAs"), plural(n, "device", "devices")
    if known and len(known) == n:
        value = "=" + ",".join(known)
        return NcclSetting("NCCL_IB_HCA", value, f"The {n} compute {hcas} of the {platform.server_name} "
                           f"({platform.source.split(';')[0]}); the others carry storage and in-band management. "
                           "The leading '=' makes the names exact (mlx5_1 would otherwise also match mlx5_10).",
                           f"NCCL_DEBUG=INFO prints 'NET/IB : Using' with exactly {plural(n, 'this', 'these')} "
                           f"{n} {devices} "
                           f"([0]{known[0]}:1/{link} …) and no other.", key="hca.known",
                           params=(("n", n), ("server", platform.server_name), ("first", known[0]), ("link", link),
                                   ("source", platform.source.split(';')[0])))
    return NcclSetting("NCCL_IB_HCA", "", f"Use only the {n} compute {hcas}, so storage and in-band NICs never carry "
                       "collectives. The catalog does not know this server's device names (they depend on the "
                       "board and PCIe enumeration): find them with 'ibdev2netdev' (device, port, netdev and link "
                       "state) and 'nvidia-smi topo -m' (the NIC next to each GPU shows PIX or PXB), then list them "
                       "with a leading '=' (exact names).",
                       f"NCCL_DEBUG=INFO prints 'NET/IB : Using' with {n} {devices}, each '/{link}', none of them "
                       "a storage or management port.", ask=f"=<the {n} compute {hcas}, from ibdev2netdev>",
                       key="hca.ask",
                       params=(("n", n), ("link", link)))


def _cross_nic(profile: FabricProfile, topo: TopologyReport) -> NcclSetting:
    style = topo.rails.style
    verify = "NCCL_DEBUG=INFO prints 'NCCL_CROSS_NIC set by environment to …' when set."
    if style == "single-nic" or profile.nics_per_node <= 1:
        return NcclSetting("NCCL_CROSS_NIC", "", "Leave unset: one NIC per node, nothing to cross.", key="cross.one")
    if style == "rail-optimized" and not _rails_joined(topo):
        return NcclSetting("NCCL_CROSS_NIC", "0", "Rails are separate networks here (no switch joins them): keep "
                           "each ring and tree on the same NIC index on every node; PXN moves data between rails "
                           "over NVLink.", verify, key="cross.rails")
    if style == "rail-optimized":
        return NcclSetting("NCCL_CROSS_NIC", "", "Leave unset (2): NCCL keeps rings on one rail when it can, and "
                           "the spines let it cross rails when that is faster.", key="cross.spines")
    if style == "single-switch":
        return NcclSetting("NCCL_CROSS_NIC", "1", "Every NIC sits on one switch: any NIC reaches any other in one "
                           "hop, so NCCL need not pair same-index NICs across nodes.", verify, key="cross.switch")
    return NcclSetting("NCCL_CROSS_NIC", "1", f"The fabric is not rail-optimized ({style}): every NIC of a node "
                       "reaches the same switches, so NCCL need not pair same-index NICs across nodes.", verify,
                       key="cross.flat", params=(("style", style),))


def _rails_joined(topo: TopologyReport) -> bool:
    """True when the switches alone (no servers) connect the leaves of different NIC indices."""
    graph, tiers = topo.graph, topo.tier_data
    nic_links = graph.fab_nic >= 0
    labels = tiers.switch_pods[-1][graph.fab_v[nic_links]]
    return np.unique(labels).size == 1


def _gid(version: tuple[int, int]) -> NcclSetting:
    verify = "NCCL_DEBUG=INFO prints 'NET/IB : Using [0]mlx5_…:1/RoCE'; 'show_gids' lists index 3 as v2 with an IPv4."
    if version >= NCCL_GID_AUTO_VERSION:
        return NcclSetting("NCCL_IB_GID_INDEX", "", "Leave unset: from NCCL 2.21 the RoCE v2 GID is found "
                           "automatically.", verify, key="gid.auto")
    return NcclSetting("NCCL_IB_GID_INDEX", ROCE_V2_GID_INDEX, "NCCL before 2.21 uses GID 0 (RoCE v1) unless told "
                       "otherwise; index 3 is the usual RoCE v2 IPv4 GID on ConnectX (check with show_gids).",
                       verify, key="gid.set")


def roce_traffic_class() -> NcclSetting:
    return NcclSetting("NCCL_IB_TC", ROCE_TRAFFIC_CLASS, "Mark NCCL's RoCE traffic DSCP 26 with ECN capable "
                       "(26 << 2 | 2 = 106), the class the switches and NICs treat as lossless (priority 3, "
                       "see the RoCE QoS checklist). Without it the NIC sends DSCP 0 into the lossy queue: no PFC, "
                       "drops and retransmits under load.",
                       "NCCL_DEBUG=INFO prints 'NCCL_IB_TC set by environment to 106'; on the switch, the "
                       "RoCE counters of priority 3 (not 0) grow during the test.", key="tc.set")


def _qps(profile: FabricProfile) -> NcclSetting:
    verify = "NCCL_DEBUG=INFO prints 'NCCL_IB_QPS_PER_CONNECTION set by environment to 4'."
    if profile.hops >= SPINE_PATH_HOPS and not profile.adaptive_routing:
        return NcclSetting("NCCL_IB_QPS_PER_CONNECTION", ECMP_QPS_PER_CONNECTION, "RoCE over static ECMP across "
                           f"{profile.hops} switch hops: several QPs per connection hash onto different uplinks "
                           "(NCCL docs: multiple QPs are often necessary on RoCE; Meta reports up to 40 % AllReduce "
                           "gain from QP scaling).", verify, key="qps.set",
                           params=(("hops", profile.hops),))
    one = profile.hops < SPINE_PATH_HOPS
    why = "traffic stays on one switch" if one else "adaptive routing spreads the flows"
    return NcclSetting("NCCL_IB_QPS_PER_CONNECTION", "", f"Leave at 1: {why}.",
                       key="qps.unset.switch" if one else "qps.unset.ar")


def _collnet(profile: FabricProfile, design: Design) -> NcclSetting:
    if profile.sharp:
        return NcclSetting("NCCL_COLLNET_ENABLE", "1", "SHARP switches reduce in the network: enable CollNet "
                           "(needs the SHARP plugin, nccl-rdma-sharp-plugins, and the aggregation manager).",
                           "NCCL_DEBUG=INFO prints 'CollNet' channels and AllReduce lines 'algorithm CollNet…'; "
                           "without the plugin NCCL warns that CollNet is not available.", key="collnet.set")
    why = ("SHARP is switched on but not every fabric switch supports it" if design.fabric.sharp
           else "no in-network reduction in this design")
    return NcclSetting("NCCL_COLLNET_ENABLE", "", f"Leave unset: {why}.",
                       key="collnet.partial" if design.fabric.sharp else "collnet.unset")


def _nvls(profile: FabricProfile, version: tuple[int, int]) -> NcclSetting:
    if not profile.nvls:
        return NcclSetting("NCCL_NVLS_ENABLE", "", "Leave unset: these GPUs have no NVLink SHARP.", key="nvls.none")
    if version < NVLS_MIN_NCCL:
        return NcclSetting("NCCL_NVLS_ENABLE", "", "NVLink SHARP needs NCCL 2.17 or later: upgrade NCCL to gain "
                           "~30 % intra-node AllReduce bandwidth (480 against 370 GB/s busbw on H100).",
                           key="nvls.old")
    return NcclSetting("NCCL_NVLS_ENABLE", "", "Leave unset (on by default): NVLink SHARP lifts intra-node "
                       "AllReduce from ~370 to ~480 GB/s busbw on H100-class NVSwitch (nccl-tests#212). Set 0 "
                       "only to save the memory it reserves.",
                       "The all_reduce_perf run on one node reaches ~480 GB/s busbw at 1 GiB and above.",
                       key="nvls.on")


def _buffsize(design: Design) -> NcclSetting:
    workload = design.workload
    if workload is not None and workload.zero_stage >= ZERO3_STAGE:
        return NcclSetting("NCCL_BUFFSIZE", ZERO3_BUFFSIZE, "ZeRO-3 / FSDP gathers and scatters parameters every "
                           "layer: twice the 4 MiB default buffer lets each network step carry more (common "
                           "FSDP advice); measure, as it costs GPU memory per channel and peer.",
                           "NCCL_DEBUG=INFO prints 'NCCL_BUFFSIZE set by environment to 8388608'.", key="buffsize.set")
    return NcclSetting("NCCL_BUFFSIZE", "", "Leave at the 4 MiB default.", key="buffsize.unset")
