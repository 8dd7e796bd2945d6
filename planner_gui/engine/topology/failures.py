"""Single points of failure and the worst single switch or link failure, computed analytically.

No graph algorithm runs per element: every failure is judged from the tier structure. For a
switch s, each *pod* directly below it (a server, or the tier-t pod a lower switch belongs to)
keeps ``1 - (pod capacity into s) / (pod uplink capacity)`` of its way out; s is a single point
of failure when some pod has all its uplinks on s and holds fewer servers than its fabric
component (so losing s cuts those servers off). A link is judged the same way with its own
capacity. Switches with the same tier and the same impact are counted together ("any of 256
leaves"), which is what grouping identical switches means here. Peer links between switches of
one tier are ignored (docs/models/topology.md, limits).

What the analysis reads of the fabric's shape (the vertical links, their pods and (pod, switch)
pairs) is a :class:`~planner_gui.engine.incremental.failure_layout.FailureLayout`, kept from one cable
edit to the next; only the capacities are read afresh here.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from planner_gui.engine.incremental.failure_layout import FailureLayout, failure_layout
from planner_gui.engine.topology.graph import FabricGraph
from planner_gui.engine.topology.results import MAX_LISTED_IDS, FailureImpact
from planner_gui.engine.topology.tiers import Tiers
from planner_gui.engine.util.arrays import first_lexmin, unique_ints

SHARE_TOLERANCE = 1e-9  # a pod with share >= 1 - this has every uplink on the failed element
SAME_IMPACT_DIGITS = 6  # impacts equal to this many decimals count as identical elements


@dataclass(frozen=True, slots=True)
class Failures:
    spof_switches: tuple[str, ...]
    spof_switch_count: int
    spof_links: tuple[str, ...]
    spof_link_count: int
    worst_switch: FailureImpact | None
    worst_link: FailureImpact | None


def analyse_failures(graph: FabricGraph, tiers: Tiers, layout: FailureLayout | None = None) -> Failures:
    """Single points of failure and the worst single failures; ``layout``: the fabric's
    :func:`failure_layout` when the caller has it (kept across a cable edit)."""
    layout = failure_layout(graph, tiers) if layout is None else layout
    if layout.vidx.size == 0:
        return Failures((), 0, (), 0, None, None)
    cap = np.nan_to_num(graph.fab_cap[layout.vidx])
    pod_key = layout.pod_key
    pod_up = np.bincount(layout.dev_key, tiers.up_cap[layout.dev_on], minlength=layout.pod_servers.size)
    servers_in_pod = layout.pod_servers[pod_key]
    link_share = cap / np.maximum(pod_up[pod_key], np.finfo(float).tiny)
    link_cut = (link_share >= 1 - SHARE_TOLERANCE) & (servers_in_pod < layout.pod_comp)
    switch_result = _switch_failures(graph, tiers, layout, cap, pod_up)
    spof = switch_result[0]
    worst_link = _worst_link(graph, tiers, layout.vidx, layout.level, cap, link_share, link_cut, servers_in_pod)
    cut_links = graph.fab_link[layout.vidx[link_cut]]
    return Failures(graph.ids(spof[:MAX_LISTED_IDS]), int(spof.size),
                    tuple(graph.link_ids[i] for i in cut_links[:MAX_LISTED_IDS]), int(cut_links.size),
                    switch_result[1], worst_link)


def _switch_failures(graph: FabricGraph, tiers: Tiers, layout: FailureLayout, cap: np.ndarray, pod_up: np.ndarray
                     ) -> tuple[np.ndarray, FailureImpact | None]:
    n = graph.n_devices
    pair_cap = np.bincount(layout.inverse, cap, minlength=layout.pair_key.size)
    pair_pod, pair_switch, pod_servers = layout.pair_pod, layout.pair_switch, layout.pod_servers
    share = pair_cap / np.maximum(pod_up[pair_pod], np.finfo(float).tiny)
    cut = (share >= 1 - SHARE_TOLERANCE) & (pod_servers[pair_pod] < layout.pair_comp)
    max_share = np.zeros(n)
    np.maximum.at(max_share, pair_switch, share)
    cut_servers = np.bincount(pair_switch[cut], pod_servers[pair_pod[cut]], minlength=n)
    cut_servers = np.minimum(cut_servers, layout.comp_servers[tiers.components])
    spof = unique_ints(pair_switch[cut])
    switches = unique_ints(pair_switch[layout.pair_links > 0])  # a pair whose links were all removed: none
    if switches.size == 0:
        return spof, None
    remaining = 1.0 - max_share[switches]
    best = first_lexmin(remaining, -cut_servers[switches])
    worst = switches[best]
    tier = int(tiers.level[worst])
    tier_down = tiers.down_cap[tiers.level == tier].sum()
    same = (tiers.level[switches] == tier) & (np.round(remaining, SAME_IMPACT_DIGITS)
                                               == round(float(remaining[best]), SAME_IMPACT_DIGITS)) \
        & (cut_servers[switches] == cut_servers[worst])
    impact = FailureImpact(graph.device_ids[worst], "switch", tier, int(same.sum()), float(remaining[best]),
                           float(1.0 - tiers.down_cap[worst] / tier_down) if tier_down > 0 else 0.0,
                           int(cut_servers[worst]))
    return spof, impact


def _worst_link(graph: FabricGraph, tiers: Tiers, vidx: np.ndarray, level: np.ndarray, cap: np.ndarray,
                share: np.ndarray, cut: np.ndarray, servers_in_pod: np.ndarray) -> FailureImpact:
    lost_servers = np.where(cut, servers_in_pod, 0)
    i = first_lexmin(-share, -lost_servers)
    tier = int(level[i])
    same_tier = level == tier
    tier_cap = cap[same_tier].sum()
    same = same_tier & (np.round(share, SAME_IMPACT_DIGITS) == round(float(share[i]), SAME_IMPACT_DIGITS)) \
        & (lost_servers == lost_servers[i])
    link_id = graph.link_ids[int(graph.fab_link[vidx[i]])]
    return FailureImpact(link_id, "link", tier, int(same.sum()), float(1.0 - share[i]),
                         float(1.0 - cap[i] / tier_cap) if tier_cap > 0 else 0.0, int(lost_servers[i]))
