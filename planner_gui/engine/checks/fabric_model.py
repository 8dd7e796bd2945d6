"""Fabric checks that weigh a choice with the collective model: the numbers decide the severity.

Each rule predicts the design as it is and as it would be with the fix (GPUDirect RDMA on,
InfiniBand instead of RoCE, adaptive routing, one switch hop instead of three...) and reports
both. A predicted loss of at least :data:`WARN_LOSS_FRACTION` is a warning, less is information.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from planner_gui.engine.checks.base import Check, Severity, params
from planner_gui.engine.collectives import FabricProfile, predict
from planner_gui.engine.collectives.hardware import NIC_EFFICIENCY, nic_link_gen, nic_usable_gbs
from planner_gui.engine.topology.report import TopologyReport
from planner_gui.model import Design
from planner_gui.present import plural

BANDWIDTH_PROBE_BYTES = 2**30  # 1 GiB: bandwidth-bound on every fabric we model (nccl-tests -e range)
LATENCY_PROBE_BYTES = 8  # nccl-tests' smallest size (-b 8): pure latency
# A predicted loss below 10 % is within the spread between repeated nccl-tests runs and between
# the model and measurements (nccl_calibration.csv); at or above it the choice is worth a warning.
WARN_LOSS_FRACTION = 0.10
# idc10000.net multi-node guide (2026): RoCE fine up to 16 GPUs, InfiniBand advised at 32, required at
# 64; RoCE AllReduce at 70-75 % of IB at 32 GPUs and 50-60 % at 64 and more.
ROCE_ADVISED_GPUS = 32
ROCE_REQUIRED_GPUS = 64
IB_NIC_LATENCY_US = 1.0  # InfiniBand NDR end to end ~1.0 us, RoCE v2 2-3 us (idc10000.net multi-node guide, 2026)
# idc10000.net multi-node guide (2026), topology rules: >= 32 GPUs should use spine-leaf with >= 4 leaves.
FEW_LEAVES = 4
FEW_LEAVES_MIN_GPUS = 32
SPINE_PATH_HOPS = 3  # leaf-spine-leaf
PCIE_TP_WARN = 4  # tensor parallelism over 4+ PCIe GPUs: every layer waits on PCIe AllReduces
NCCL_GID_AUTO_VERSION = (2, 21)  # NCCL picks the RoCE v2 GID itself from 2.21 (NCCL env docs, IB_GID_INDEX)
BF16_BYTES = 2  # activations are exchanged in 16-bit precision in tensor-parallel layers
OVERSUBSCRIPTION_TOLERANCE = 1.0 + 1e-9
BITS_PER_BYTE = 8


def model_checks(design: Design, topo: TopologyReport, profile: FabricProfile, catalog: Any = None) -> list[Check]:
    out: list[Check] = []
    for rule in (_gdr, _nccl_env, _few_leaves, _roce, _oversubscription):
        out += rule(design, topo, profile)
    out += _pcie_caps_nics(profile, catalog)
    out += _tensor_parallel(design, profile)
    return out


def _busbw(profile: FabricProfile, op: str = "allreduce") -> float:
    return predict(profile, op, BANDWIDTH_PROBE_BYTES).busbw_GBps


def _loss(now: float, better: float) -> float:
    return 1.0 - now / better if better > 0 else 0.0


def _by_loss(loss: float) -> Severity:
    return Severity.WARNING if loss >= WARN_LOSS_FRACTION else Severity.INFO


def nccl_version(text: str) -> tuple[int, int]:
    """``"2.21"`` or ``"2.21.5-1"`` as (2, 21); ValueError naming the setting otherwise."""
    match = re.match(r"\s*(\d+)\.(\d+)", str(text))
    if not match:
        raise ValueError(f"fabric.nccl_version {text!r} must look like '2.21' (major.minor)")
    return int(match.group(1)), int(match.group(2))


def _gdr(design: Design, topo: TopologyReport, profile: FabricProfile) -> list[Check]:
    if profile.nodes < 2 or profile.gdr:
        return []
    fixed = replace(profile, gdr=True)
    now, on = _busbw(profile), _busbw(fixed)
    t_now, t_on = _small_time(profile), _small_time(fixed)
    slower = max(_loss(now, on), t_now / t_on - 1.0)
    why = ("GPUDirect RDMA is switched off in the fabric settings" if not design.fabric.gpudirect_rdma
           else "the compute NIC has no RDMA")
    return [Check(
        "gdr-off", _by_loss(slower),
        f"{why}: cross-node traffic is staged through host memory. Model: AllReduce busbw {now:.0f} GB/s at 1 GiB "
        f"against {on:.0f} GB/s with GPUDirect RDMA, 8-byte latency {t_now:.0f} us against {t_on:.0f} us (guides "
        "often quote under 30 % utilisation and 3-5x latency; staging costs little when the NICs, not PCIe, are the "
        "bottleneck).", (),
        "Use RDMA NICs, load nvidia-peermem (or DMA-BUF), and check with `nvidia-smi topo -m` that each GPU "
        "shares a PCIe switch with its NIC.",
        key="gdr-off.setting" if not design.fabric.gpudirect_rdma else "gdr-off.nic",
        params=params(busbw=now, busbw_gdr=on, latency_us=t_now, latency_gdr_us=t_on))]


def _pcie_caps_nics(profile: FabricProfile, catalog: Any) -> list[Check]:
    """The NICs could send faster than the PCIe link behind each carries (800G XDR on a PCIe Gen5 host): the
    model already caps the network at PCIe, and this says so, with what a NIC of the PCIe link's rate gives.
    A warning when the GPU's PCIe generation is sourced, information when the catalog marks it estimated."""
    if profile.nodes < 2:
        return []
    nic_rate, pcie = nic_usable_gbs(profile)
    if pcie >= nic_rate:
        return []
    gen = nic_link_gen(profile)
    enough_gbps = pcie * BITS_PER_BYTE / NIC_EFFICIENCY  # the line rate whose NIC already fills the link
    now, slower = _busbw(profile), _busbw(replace(profile, nic_gbps=enough_gbps))
    estimated = _pcie_gen_estimated(catalog, profile.gpu_name)
    return [Check(
        "nic-capped-by-pcie", Severity.INFO if estimated else Severity.WARNING,
        f"each {profile.nic_gbps:g} Gb/s NIC could move {nic_rate:.0f} GB/s, but the PCIe Gen{gen} x16 link between "
        f"its GPU and it carries {pcie:g} GB/s: the network runs at the PCIe link's rate. Model: AllReduce busbw "
        f"{now:.0f} GB/s at 1 GiB, the same ({slower:.0f} GB/s) with {enough_gbps:.0f} Gb/s NICs, so the faster NIC "
        "buys nothing here." + (" The GPU's PCIe generation is an estimate in the catalog: confirm it in the "
                                "platform guide." if estimated else ""), (),
        "Use NICs of the PCIe link's rate (and save their cost), a host whose GPUs and NICs meet at a faster PCIe "
        "generation, or a NIC with two PCIe x16 links (Socket Direct).",
        key="nic-capped-by-pcie.estimated" if estimated else "nic-capped-by-pcie",
        params=params(nic_gbps=profile.nic_gbps, nic_gbs=nic_rate, gen=gen, pcie_gbs=pcie, busbw=now,
                      busbw_enough=slower, enough_gbps=enough_gbps))]


def _pcie_gen_estimated(catalog: Any, gpu_name: str) -> bool:
    """True when the catalog's GPU of that name lists ``pcie_gen`` among its estimated figures."""
    if catalog is None:
        return False
    entry = next((e for e in catalog.of_kind("gpu") if str(e.get("name") or e.id) == gpu_name), None)
    return entry is not None and "pcie_gen" in (entry.get("estimated") or {})


def _small_time(profile: FabricProfile) -> float:
    return predict(profile, "allreduce", LATENCY_PROBE_BYTES).time_us


def _nccl_env(design: Design, topo: TopologyReport, profile: FabricProfile) -> list[Check]:
    if profile.nodes < 2:
        return []
    env = {k.upper(): v for k, v in design.fabric.nccl_env.items()}
    out = []
    if env.get("NCCL_NET", "").strip().lower() == "socket" and profile.gdr:
        out.append(Check(
            "nccl-net-socket", Severity.WARNING,
            "NCCL_NET=Socket forces TCP sockets through the kernel: no RDMA, no GPUDirect. InfiniBand and RoCE "
            "both use NCCL's IB verbs transport (NCCL_NET=IB); advice to use Socket for RoCE, often repeated in "
            "guides, is wrong.",
            (), "Set NCCL_NET=IB (or leave it unset) on RDMA fabrics.", key="nccl-net-socket"))
    if not env:
        old_nccl = nccl_version(design.fabric.nccl_version) < NCCL_GID_AUTO_VERSION
        gid_needed = profile.technology == "ethernet" and old_nccl
        out.append(Check(
            "nccl-env-defaults", Severity.WARNING if gid_needed else Severity.INFO,
            "No NCCL environment is planned for a multi-node fabric. NCCL tunes algorithm and protocol itself, "
            "but it must be told which HCAs carry compute traffic"
            + (" and, before NCCL 2.21, which RoCE v2 GID index to use" if gid_needed else "")
            + "; the often-quoted '40 % of theoretical with defaults' is what a wrong HCA or GID choice looks like.",
            (), "Start from the recommended NCCL environment (NCCL_IB_HCA, NCCL_NET=IB, ...) and verify with "
            "NCCL_DEBUG=INFO.", key="nccl-env-defaults.gid" if gid_needed else "nccl-env-defaults"))
    return out


def _few_leaves(design: Design, topo: TopologyReport, profile: FabricProfile) -> list[Check]:
    leaves = topo.tier(1)
    if (topo.switch_tiers < 2 or leaves is None or leaves.devices >= FEW_LEAVES
            or profile.ranks < FEW_LEAVES_MIN_GPUS or profile.hops < SPINE_PATH_HOPS):
        return []
    now, flat = _small_time(profile), _small_time(replace(profile, hops=1))
    cost = now / flat - 1.0
    extra_ns = (profile.hops - 1) * profile.switch_latency_ns
    return [Check(
        "spine-leaf-few-leaves", _by_loss(cost),
        f"{profile.ranks} GPUs on a spine-leaf fabric with only {leaves.devices} "
        f"{plural(leaves.devices, 'leaf switch', 'leaf switches')}: "
        "cross-leaf traffic "
        f"crosses the spine, {extra_ns:.0f} ns more per network step. Model: an 8-byte AllReduce takes {now:.1f} us "
        f"against {flat:.1f} us on one switch tier (+{cost:.0%}; guides often quote +30 % latency). Bandwidth is not "
        "affected while the uplinks are non-blocking.", (),
        "If every NIC fits on one switch, use a single switch; otherwise rail-optimized leaves keep same-rail "
        "traffic on one leaf (the common '>= 4 leaves' rule does not remove the spine hop).",
        params=params(gpus=profile.ranks, leaves=leaves.devices, extra_ns=extra_ns, latency_us=now,
                      flat_us=flat, slower=cost))]


def _roce(design: Design, topo: TopologyReport, profile: FabricProfile) -> list[Check]:
    if profile.technology != "ethernet" or profile.nodes < 2 or profile.ranks < ROCE_ADVISED_GPUS:
        return []
    out = []
    ib_profile = replace(profile, technology="infiniband", adaptive_routing=True, congestion_control=True,
                         nic_latency_us=min(profile.nic_latency_us, IB_NIC_LATENCY_US))
    now, ib = _busbw(profile), _busbw(ib_profile)
    loss = _loss(now, ib)
    seed = "70-75 %" if profile.ranks < ROCE_REQUIRED_GPUS else "50-60 %"
    out.append(Check(
        "roce-at-scale", _by_loss(loss),
        f"RoCE with {profile.ranks} GPUs: the model predicts AllReduce busbw {now:.0f} GB/s at 1 GiB, "
        f"{now / ib:.0%} of InfiniBand at the same speed ({ib:.0f} GB/s; 8-byte latency {_small_time(profile):.0f} "
        f"us against {_small_time(ib_profile):.0f} us). Common guidance quotes {seed} and advises InfiniBand from "
        f"{ROCE_ADVISED_GPUS} GPUs (required from {ROCE_REQUIRED_GPUS}); static ECMP across a spine is what "
        "costs RoCE bandwidth here.", (),
        "Keep RoCE with ECN/DCQCN, adaptive routing and several QPs per connection, or move to InfiniBand.",
        params=params(gpus=profile.ranks, busbw=now, share=now / ib, busbw_ib=ib, latency_us=_small_time(profile),
                      latency_ib_us=_small_time(ib_profile), quoted=seed, advised=ROCE_ADVISED_GPUS,
                      required=ROCE_REQUIRED_GPUS)))
    if profile.ranks < ROCE_REQUIRED_GPUS:
        return out
    if not profile.congestion_control:
        on = _busbw(replace(profile, congestion_control=True))
        out.append(Check(
            "roce-no-congestion-control", Severity.WARNING,
            f"RoCE with {profile.ranks} GPUs and no congestion control (ECN/DCQCN): PFC pauses alone spread to "
            f"victim flows. Model: {now:.0f} GB/s against {on:.0f} GB/s with it ({_loss(now, on):.0%} lost).", (),
            "Configure ECN marking and DCQCN on switches and NICs, with PFC as the backstop.",
            params=params(gpus=profile.ranks, busbw=now, busbw_fixed=on, lost=_loss(now, on))))
    if not profile.adaptive_routing and profile.hops >= SPINE_PATH_HOPS:
        on = _busbw(replace(profile, adaptive_routing=True))
        loss = _loss(now, on)
        out.append(Check(
            "roce-no-adaptive-routing", _by_loss(loss),
            f"RoCE across {profile.hops} switch hops with static ECMP: flows hash onto the same uplinks. Model: "
            f"{now:.0f} GB/s against {on:.0f} GB/s with adaptive routing ({loss:.0%} lost).", (),
            "Enable adaptive routing (or packet spraying) on the fabric, and set NCCL_IB_QPS_PER_CONNECTION "
            "so each connection hashes onto several paths.",
            params=params(hops=profile.hops, busbw=now, busbw_fixed=on, lost=loss)))
    return out


def _oversubscription(design: Design, topo: TopologyReport, profile: FabricProfile) -> list[Check]:
    worst = max((t.oversubscription_worst or 1.0 for t in topo.tiers if t.tier > 0), default=1.0)
    if worst <= OVERSUBSCRIPTION_TOLERANCE or profile.nodes < 2:
        return []
    effective = topo.collective_oversubscription
    if effective <= OVERSUBSCRIPTION_TOLERANCE:
        return [Check(
            "oversubscribed-fabric", Severity.INFO,
            f"Switches are up to {worst:.2f}:1 oversubscribed, but at this size little enough traffic leaves each "
            "pod that collectives spanning all servers do not meet it; a larger design, or jobs spread over "
            "pods, would.", (), "Keep non-blocking uplinks if the cluster will grow.",
            key="oversubscribed-fabric.contained", params=params(worst=worst))]
    now = _busbw(profile, "alltoall")
    flat = _busbw(replace(profile, oversubscription=1.0), "alltoall")
    return [Check(
        "oversubscribed-fabric", Severity.WARNING,
        f"Uniform cross-node traffic meets {effective:.2f}:1 oversubscription at {topo.collective_oversubscription_at} "
        f"(switch ratio up to {worst:.2f}:1). Model: AllToAll busbw {now:.1f} GB/s at 1 GiB against {flat:.1f} GB/s "
        f"non-blocking ({_loss(now, flat):.0%} lost); AllReduce rings placed rail by rail meet less of it.",
        (topo.collective_oversubscription_at,), "Add uplinks (1:1 leaf downlink:uplink) or keep jobs within a pod.",
        params=params(effective=effective, at=topo.collective_oversubscription_at, worst=worst, busbw=now,
                      busbw_flat=flat, lost=_loss(now, flat)))]


def _tensor_parallel(design: Design, profile: FabricProfile) -> list[Check]:
    workload = design.workload
    if workload is None or workload.tp <= 1:
        return []
    out = []
    message = workload.micro_batch * workload.seq_len * workload.hidden * BF16_BYTES
    if profile.intra == "pcie" and workload.tp > 1:
        group = replace(profile, gpus_per_node=min(workload.tp, profile.gpus_per_node), nodes=1)
        result = predict(group, "allreduce", message)
        out.append(Check(
            "pcie-tensor-parallel", Severity.WARNING if workload.tp >= PCIE_TP_WARN else Severity.INFO,
            f"Tensor parallelism over {workload.tp} PCIe GPUs: each layer's AllReduce of {message / 2**20:.0f} MiB "
            f"runs at {result.busbw_GBps:.0f} GB/s busbw ({result.time_us / 1e3:.2f} ms) over PCIe; guides often quote "
            "under 50 % AllReduce efficiency on PCIe switches against over 95 % on NVSwitch.", (),
            "Use tp=1 or 2 on PCIe servers and scale with data or pipeline parallelism, or use NVLink servers.",
            params=params(tp=workload.tp, mib=message / 2**20, busbw=result.busbw_GBps, ms=result.time_us / 1e3)))
    if workload.tp > profile.gpus_per_node and profile.nodes > 1:
        inside = predict(replace(profile, nodes=1), "allreduce", message).busbw_GBps
        nodes = min(profile.nodes, -(-workload.tp // profile.gpus_per_node))
        across = predict(replace(profile, nodes=nodes), "allreduce", message).busbw_GBps
        out.append(Check(
            "tp-across-nodes", Severity.WARNING,
            f"tp={workload.tp} is larger than the {profile.gpus_per_node} GPUs of a node: every layer's AllReduce "
            f"crosses the network ({across:.0f} GB/s busbw against {inside:.0f} GB/s inside a node).", (),
            f"Keep tp <= {profile.gpus_per_node} and use pipeline or data parallelism across nodes.",
            params=params(tp=workload.tp, gpus=profile.gpus_per_node, across=across, inside=inside)))
    return out
