"""Which factor explains a difference in the collective figures of two designs (issue 16 item 4).

Design A's fabric profile is changed one factor at a time to B's value (the link speed, the transport, the
NICs per node, GPUDirect RDMA, the oversubscription, the switch hops, the PCIe links, the GPUs, the scale)
and predicted again; the factor whose change alone moves A's 1 GiB AllReduce bus bandwidth furthest toward
B's explains the difference (IB HDR 200G against RoCE 100G: "the link speed, 200 vs 100 Gb/s per NIC").
The sentence goes into the comparison's notes, which the CLI, the compare dialog and the PDF print. No Qt.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from planner_gui.engine.collectives import FabricProfile, predict
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Template, Text

PROBE_BYTES = 2**30  # 1 GiB: bandwidth-bound on every fabric the model knows (as the headline figure)
EXPLAIN_FROM = 0.05  # a busbw difference under 5 % is within the model's spread: nothing to explain
SECOND_FACTOR_SHARE = 0.25  # a second factor is named when it alone closes at least a quarter of the gap
ON, OFF = QT_TRANSLATE_NOOP("Engine", "on"), QT_TRANSLATE_NOOP("Engine", "off")
TRANSPORTS = {"infiniband": "InfiniBand", "ethernet": "RoCE", "efa": "EFA", "efa_v1": "EFA", "tcpx": "TCPX"}


@dataclass(frozen=True, slots=True)
class Factor:
    label: Template
    fields: tuple[str, ...]
    values: Callable[[FabricProfile], str | Text]


def _ratio(value: float) -> str:
    return f"{value:.3g}:1"


FACTORS = (
    Factor(QT_TRANSLATE_NOOP("Engine", "the link speed, {a} vs {b} Gb/s per NIC"), ("nic_gbps",),
           lambda p: f"{p.nic_gbps:g}"),
    Factor(QT_TRANSLATE_NOOP("Engine", "the transport, {a} vs {b}"),
           ("technology", "congestion_control", "adaptive_routing", "nic_latency_us", "switch_latency_ns"),
           lambda p: TRANSPORTS.get(p.technology, p.technology)),
    Factor(QT_TRANSLATE_NOOP("Engine", "the NICs per node, {a} vs {b}"), ("nics_per_node", "gpu_nic_affinity"),
           lambda p: str(p.nics_per_node)),
    Factor(QT_TRANSLATE_NOOP("Engine", "GPUDirect RDMA, {a} vs {b}"), ("gdr",),
           lambda p: (ON if p.gdr else OFF).fill()),
    Factor(QT_TRANSLATE_NOOP("Engine", "the oversubscription, {a} vs {b}"), ("oversubscription",),
           lambda p: _ratio(p.oversubscription)),
    Factor(QT_TRANSLATE_NOOP("Engine", "the switch hops, {a} vs {b}"), ("hops", "rail_optimized", "cable_m"),
           lambda p: str(p.hops)),
    Factor(QT_TRANSLATE_NOOP("Engine", "the PCIe links, Gen{a} vs Gen{b}"), ("pcie_gen", "nic_pcie_gen"),
           lambda p: str(min(p.pcie_gen, p.nic_pcie_gen) if p.nic_pcie_gen else p.pcie_gen)),
    Factor(QT_TRANSLATE_NOOP("Engine", "the GPUs and NVLink, {a} vs {b}"),
           ("gpu_name", "intra", "nvlink_bidir_gbs", "nvls", "sharp"), lambda p: p.gpu_name),
    Factor(QT_TRANSLATE_NOOP("Engine", "the scale, {a} vs {b} GPUs"), ("nodes", "gpus_per_node", "hosts_per_domain"),
           lambda p: str(p.ranks)),
)


def explain_busbw(a: FabricProfile | None, b: FabricProfile | None) -> list[Text]:
    """At most one sentence naming what explains B's AllReduce busbw against A's (empty: nothing to explain)."""
    if a is None or b is None or a == b:
        return []
    busbw_a, busbw_b = _busbw(a), _busbw(b)
    if busbw_a <= 0 or abs(busbw_b / busbw_a - 1.0) < EXPLAIN_FROM:
        return []
    gap = busbw_b - busbw_a
    scored = []
    for factor in FACTORS:
        changed = _with(a, b, factor.fields)
        if changed is None:
            continue
        moved = _busbw(changed) - busbw_a
        scored.append((moved / gap, factor, changed))
    scored = [s for s in scored if s[0] > 0]
    if not scored:
        return []
    scored.sort(key=lambda s: -s[0])
    share, main, changed = scored[0]
    reason = _named(main, a, b)
    if len(scored) > 1 and scored[1][0] >= SECOND_FACTOR_SHARE and share < 1 - SECOND_FACTOR_SHARE:
        reason = QT_TRANSLATE_NOOP("Engine", "{first}, and {second}").fill(first=reason,
                                                                           second=_named(scored[1][1], a, b))
    return [QT_TRANSLATE_NOOP("Engine", "AllReduce busbw at 1 GiB, {busbw_a:.1f} GB/s (A) vs {busbw_b:.1f} GB/s (B): "
                                        "the difference is {reason} (A with B's alone: {alone:.1f} GB/s).").fill(
        busbw_a=busbw_a, busbw_b=busbw_b, reason=reason, alone=_busbw(changed))]


def _named(factor: Factor, a: FabricProfile, b: FabricProfile) -> Text:
    return factor.label.fill(a=factor.values(a), b=factor.values(b))


def _with(a: FabricProfile, b: FabricProfile, fields: tuple[str, ...]) -> FabricProfile | None:
    """A with B's values of ``fields``; None when they are the same or the mix is not a valid profile."""
    changes: dict[str, Any] = {f: getattr(b, f) for f in fields if getattr(a, f) != getattr(b, f)}
    if not changes:
        return None
    try:
        return replace(a, **changes)
    except ValueError:
        return None


def _busbw(profile: FabricProfile) -> float:
    value = predict(profile, "allreduce", PROBE_BYTES).busbw_GBps
    return value if math.isfinite(value) else 0.0
