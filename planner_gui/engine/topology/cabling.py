"""Ports and cables: switch port usage, unconnected NICs, speed steps and cable reach.

Cable reach comes from the catalog's ``cable`` entries (medium, technology, speed, reach_m): a
link may be as long as the longest-reaching cable of its medium that carries its speed. When the
catalog has no entry for a medium, the limits of NVIDIA LinkX cable and transceiver specifications are used
and the finding names that source. An HDR (200G) to NDR (400G) InfiniBand link over optics longer
than 30 m is flagged separately: it links up but loses bandwidth (NVIDIA ConnectX-7
firmware 28.35.2000 release notes, known issues).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from planner_gui.engine.topology.graph import (
    KIND_FABRIC_SWITCH,
    KIND_OTHER_SWITCH,
    KIND_SERVER,
    ROLE_COMPUTE,
    ROLE_SWITCH,
    TECH_INFINIBAND,
    FabricGraph,
)
from planner_gui.engine.topology.parse import MEDIA
from planner_gui.engine.topology.results import (
    MAX_LISTED_IDS,
    CableIssue,
    SpeedMismatch,
    SwitchTable,
    UnconnectedNics,
)
from planner_gui.engine.topology.tiers import Tiers
from planner_gui.model import Design, Medium, PortRole
from planner_gui.model.ids import port_ref

FALLBACK_SOURCE = "NVIDIA LinkX cable and transceiver specifications"
# Used only when the catalog has no cable entry for a medium (NVIDIA LinkX cable and transceiver specifications):
FALLBACK_REACH_M = {
    Medium.DAC: 2.0,  # passive DAC, straight, 50G/100G-PAM4 lanes (HDR, NDR) [S10][S15b]
    Medium.ACC: 5.0,  # linear active copper 3-5 m [S9][S10]
    Medium.AOC: 100.0,  # AOC class "not practical" beyond ~100 m [S11]
    Medium.MMF: 50.0,  # SR4 multimode over MPO, OM4, incl. 2 patch panels [S12][S12b]
    Medium.SMF: 500.0,  # DR4 single-mode MPO straight [S12]
    Medium.UTP: 100.0,  # twisted-pair Ethernet: the BASE-T channel limit (UTP_SOURCE)
}
UTP_SOURCE = "IEEE 802.3 BASE-T 100 m channel"  # management cabling
OPTICAL_MEDIA = (Medium.AOC, Medium.MMF, Medium.SMF)
HDR_GBPS, NDR_GBPS = 200.0, 400.0  # InfiniBand HDR and NDR port speeds (InfiniBand Trade Association roadmap)
_OPTICAL_CODE = np.array([m in OPTICAL_MEDIA for m in MEDIA])  # per medium code: an optical medium?
# HDR<->NDR over optics beyond 30 m loses bandwidth (NVIDIA ConnectX-7 firmware 28.35.2000 release notes, known issues)
HDR_NDR_OPTICS_MAX_M = 30.0
HDR_NDR_SOURCE = "NVIDIA ConnectX-7 firmware 28.35.2000 release notes, known issues"


def switch_usage(graph: FabricGraph, tiers: Tiers, ratios: np.ndarray) -> SwitchTable:
    """Ports used on every switch (fabric, management and storage), as columns."""
    n = graph.n_devices
    on_switch_port = graph.end_role == ROLE_SWITCH
    used = np.bincount(graph.end_dev[on_switch_port], minlength=n)
    switches = np.flatnonzero((graph.device_kind == KIND_FABRIC_SWITCH) | (graph.device_kind == KIND_OTHER_SWITCH))
    ratio = ratios[switches]
    return SwitchTable(graph.ids(switches), tuple(tiers.level[switches].tolist()),
                       tuple(graph.switch_ports[switches].tolist()), tuple(used[switches].tolist()),
                       tuple(tiers.down_cap[switches].tolist()), tuple(tiers.up_cap[switches].tolist()),
                       tuple(np.where(np.isfinite(ratio), ratio, np.nan).tolist()))


def unconnected_nics(graph: FabricGraph, design: Design, catalog: Any) -> tuple[tuple[UnconnectedNics, ...], int]:
    """Servers whose compute NICs are not cabled to the compute fabric (capped list, total count)."""
    on_fabric = np.bincount(graph.fab_u[graph.fab_nic >= 0], minlength=graph.n_devices)
    on_fabric += np.bincount(graph.fab_v[graph.fab_nic >= 0][graph.device_kind[graph.fab_v[graph.fab_nic >= 0]]
                                                               == KIND_SERVER], minlength=graph.n_devices)
    missing = np.where(graph.device_kind == KIND_SERVER, graph.compute_ports - on_fabric, 0)
    short = np.flatnonzero(missing > 0)
    listed = []
    fabric_ports = _fabric_port_set(graph, short[:MAX_LISTED_IDS])
    for i in short[:MAX_LISTED_IDS].tolist():
        device = design.devices[graph.device_ids[i]]
        spec = catalog.device_spec(device.catalog_id, device.nic_id, device.nic_count)
        ports = tuple(p.name for p in spec.ports if p.role is PortRole.COMPUTE
                      and port_ref(device.id, p.name) not in fabric_ports)
        listed.append(UnconnectedNics(device.id, ports))
    return tuple(listed), int(missing[short].sum())


def _fabric_port_set(graph: FabricGraph, devices: np.ndarray) -> set[str]:
    """Port references of the given servers that carry a compute-fabric link."""
    if devices.size == 0:
        return set()
    links = graph.fab_link[graph.fab_nic >= 0]
    ends = graph.end_dev[:, links]
    wanted = np.isin(ends, devices) & (graph.end_role[:, links] == ROLE_COMPUTE)
    return {graph.ref(end, links[j]) for end, j in zip(*np.nonzero(wanted), strict=True)}


def speed_mismatches(graph: FabricGraph) -> tuple[tuple[SpeedMismatch, ...], int]:
    a, b = graph.end_speed
    differ = np.flatnonzero(np.isfinite(a) & np.isfinite(b) & (a != b))
    on_fabric = np.zeros(len(graph.link_ids), dtype=bool)
    on_fabric[graph.fab_link] = True
    differ = differ[np.argsort(~on_fabric[differ], kind="stable")]  # fabric links first
    listed = tuple(SpeedMismatch(graph.link_ids[i], float(a[i]), float(b[i]), bool(on_fabric[i]))
                   for i in differ[:MAX_LISTED_IDS].tolist())
    return listed, int(differ.size)


def cable_issues(graph: FabricGraph, catalog: Any) -> tuple[tuple[CableIssue, ...], int]:
    speed = np.fmin(graph.end_speed[0], graph.end_speed[1])
    tech = np.where(graph.end_tech[0] >= 0, graph.end_tech[0], graph.end_tech[1])
    finite = np.isfinite(speed)
    every = bool(finite.all())  # the usual case: every port known, no link to pick out or scatter back
    known: Any = slice(None) if every else np.flatnonzero(finite)
    cables = _cable_entries(catalog)
    speeds = graph.port_speeds  # a handful: every link speed is one of them
    k = max(speeds.size, 1)
    # one small integer per (medium, technology, speed): no sort over the links is needed
    key = (graph.medium[known].astype(np.int64) * 3 + tech[known] + 1) * k + np.searchsorted(speeds, speed[known])
    present = np.flatnonzero(np.bincount(key)) if key.size else np.empty(0, dtype=np.int64)
    combo_limit = np.full(int(present.max()) + 1 if present.size else 1, np.inf)
    sources = [""] * combo_limit.size
    for value in present.tolist():
        group, s = divmod(value, k)
        medium, t = divmod(group, 3)
        combo_limit[value], sources[value] = _reach_limit(cables, MEDIA[medium], t - 1, float(speeds[s]))
    if every:
        limits, source_of = combo_limit[key], key
    else:
        limits = np.full(speed.shape, np.inf)
        source_of = np.zeros(speed.shape, dtype=np.int64)
        limits[known] = combo_limit[key]
        source_of[known] = key
    too_long = np.flatnonzero(graph.length_m > limits)
    issues = [_issue(graph, i, "reach", limits[i], sources[source_of[i]]) for i in too_long[:MAX_LISTED_IDS].tolist()]
    mixed = _hdr_ndr_optics(graph, speed, limits)
    issues += [_issue(graph, i, "hdr-ndr-optics", HDR_NDR_OPTICS_MAX_M, HDR_NDR_SOURCE)
               for i in mixed[: max(0, MAX_LISTED_IDS - len(issues))].tolist()]
    return tuple(issues), int(too_long.size + mixed.size)


def _hdr_ndr_optics(graph: FabricGraph, low: np.ndarray, limits: np.ndarray) -> np.ndarray:
    """Links of HDR to NDR InfiniBand over optics longer than 30 m, within reach (beyond it they are
    reported once, as too long). Every link speed is one of the design's port speeds: without both an
    HDR and an NDR port there is none, and no pass over the links."""
    if not (np.any(graph.port_speeds == HDR_GBPS) and np.any(graph.port_speeds == NDR_GBPS)):
        return np.empty(0, dtype=np.intp)
    optical = _OPTICAL_CODE.take(graph.medium)
    high = np.fmax(*graph.end_speed)
    hdr_ndr = (optical & (graph.end_tech[0] == TECH_INFINIBAND) & (low == HDR_GBPS) & (high == NDR_GBPS)
               & (graph.length_m > HDR_NDR_OPTICS_MAX_M))
    hdr_ndr &= graph.length_m <= limits  # a link already beyond reach is reported once
    return np.flatnonzero(hdr_ndr)


def _issue(graph: FabricGraph, i: int, rule: str, limit: float, source: str) -> CableIssue:
    speed = float(np.fmin(graph.end_speed[0, i], graph.end_speed[1, i]))
    return CableIssue(graph.link_ids[i], rule, MEDIA[int(graph.medium[i])].value, speed,
                      float(graph.length_m[i]), float(limit), source)


def _cable_entries(catalog: Any) -> list[Any]:
    of_kind = getattr(catalog, "of_kind", None)
    return list(of_kind("cable")) if of_kind is not None else []


def _reach_limit(cables: Iterable[Any], medium: Medium, tech: int, speed: float) -> tuple[float, str]:
    """The longest reach of a catalog cable of ``medium`` that carries ``speed`` on ``tech``.

    Cables rated exactly at the link's speed are preferred (a 200G DAC reaches less than a 400G
    one); otherwise the slowest cable that is at least as fast. No usable entry: the fallback.
    """
    tech_name = {TECH_INFINIBAND: "infiniband"}.get(tech, "ethernet")
    usable = [c for c in cables if c.get("medium") == medium.value
              and c.get("technology") in (tech_name, "any") and float(c.get("speed_gbps", 0)) >= speed]
    if not usable:
        return FALLBACK_REACH_M[medium], UTP_SOURCE if medium is Medium.UTP else FALLBACK_SOURCE
    exact = [c for c in usable if float(c["speed_gbps"]) == speed]
    pool = exact or [c for c in usable if float(c["speed_gbps"]) == min(float(u["speed_gbps"]) for u in usable)]
    best = max(pool, key=lambda c: float(c["reach_m"]))
    return float(best["reach_m"]), f"catalog {best.id}"
