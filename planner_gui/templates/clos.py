"""Plan a folded-Clos network (one, two or three switch tiers) from real switch port counts.

The caller decides which endpoints share a leaf (node-major for leaf-spine, one rail per leaf
for rail-optimized); this module sizes spines and cores so every leaf reaches every other at the
leaf's uplink capacity, or refuses with a clear message when the switch model cannot scale that far.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from planner_gui.catalog import Catalog, CatalogEntry
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.templates.spec import TemplateError

RATIO_EPSILON = 1e-9  # float slack, so 48 × 400 / (3 × 400) = 16.000000000000004 still needs 16 uplinks
UPLINK_SLACK = 0.1  # share of a leaf's uplinks that may stay unused to keep the spine count sane
# Every uplink wired (the asked oversubscription exactly) is worth up to this many times the fewest spines
# (12 leaves × 16 uplinks on 64-port spines: 4 spines × 4 links, not 3 × 5 = 15 uplinks and 3.2:1 for 3:1);
# beyond it the slack rule applies and the generator says what it built (oversubscription.py).
EXACT_SPINE_FACTOR = 2


@dataclass
class PlannedSwitch:
    id: str
    entry: CatalogEntry
    tier: str  # "leaf", "spine" or "core"
    pod: int  # which pod it belongs to (cores: -1)
    down: list[str]
    up: list[str]  # the uplinks to wire (a leaf: as many as its asked oversubscription needs)
    up_available: int = 0  # a leaf's uplink ports in all (up holds the first of them)
    _used_down: int = 0
    _used_up: int = 0

    def take_down(self) -> str:
        port = self.down[self._used_down]
        self._used_down += 1
        return f"{self.id}/{port}"

    def take_up(self) -> str:
        port = self.up[self._used_up]
        self._used_up += 1
        return f"{self.id}/{port}"

    @property
    def used_down(self) -> int:
        return self._used_down

    @property
    def used_up(self) -> int:
        return self._used_up


@dataclass
class ClosPlan:
    switches: list[PlannedSwitch] = field(default_factory=list)
    connections: list[tuple[str, str]] = field(default_factory=list)  # (lower end, upper end) port refs
    pods: int = 1

def port_names(entry: CatalogEntry, speed: float | None = None) -> list[str]:
    """Names of the switch's ports (all, or those of one speed), in front-panel order."""
    return [
        f"{g['prefix']}{i}"
        for g in entry["port_groups"]
        if speed is None or g["speed_gbps"] == speed
        for i in range(1, g["count"] + 1)
    ]


def port_speed(entry: CatalogEntry, port: str) -> float:
    """The speed of ``port`` (a name port_names gives) in Gb/s; 0 for a name the entry has no group for."""
    for group in entry["port_groups"]:
        prefix = group["prefix"]
        if port.startswith(prefix) and port[len(prefix):].isdigit():
            return float(group["speed_gbps"])
    return 0.0


def uplinks_for(entry: CatalogEntry, members: int, down_ports: list[str], up_ports: list[str],
                oversubscription: float) -> int:
    """Uplinks a leaf with ``members`` endpoints wires for ``oversubscription`` (down:up capacity): the fewest
    that reach it, at least one, at most the ports it has. 48 NICs at 3:1 on 400G: 16; 32 NICs: 11 (2.91:1)."""
    down, up = port_speed(entry, down_ports[0]), port_speed(entry, up_ports[0])
    need = math.ceil(members * down / (oversubscription * up) - RATIO_EPSILON)
    return max(1, min(len(up_ports), need))


def leaf_port_split(entry: CatalogEntry, endpoint_gbps: float, oversubscription: float,
                    needs_uplinks: bool) -> tuple[list[str], list[str]]:
    """Split a leaf's ports into downlinks (to endpoints) and uplinks (to spines).

    A switch with a faster port group (48x25G + 8x100G) uses the fast group as uplinks; a switch
    of one speed gives ``oversubscription / (1 + oversubscription)`` of its ports to downlinks, rounded
    down so that the uplinks left can always carry the asked ratio (64 ports at 2:1: 42 down, 22 up; rounding
    to the nearest gave 43:21, 2.05:1).
    """
    groups = sorted(entry["port_groups"], key=lambda g: g["speed_gbps"])
    down_group = next((g for g in groups if g["speed_gbps"] >= endpoint_gbps), groups[-1])
    faster = [g for g in groups if g["speed_gbps"] > down_group["speed_gbps"]]
    if faster:
        return port_names(entry, down_group["speed_gbps"]), port_names(entry, faster[-1]["speed_gbps"])
    ports = port_names(entry, down_group["speed_gbps"])
    if not needs_uplinks:
        return ports, []
    share = len(ports) * oversubscription / (1.0 + oversubscription)
    down = max(1, min(len(ports) - 1, math.floor(share + RATIO_EPSILON)))
    return ports[:down], ports[down:]


def spine_switch_for(catalog: Catalog, leaf: CatalogEntry, uplink_gbps: float) -> CatalogEntry:
    """The switch for the tiers above a leaf: same technology, most ports at the uplink speed."""
    def ports_at_speed(entry: CatalogEntry) -> int:
        return sum(g["count"] for g in entry["port_groups"] if g["speed_gbps"] == uplink_gbps)

    candidates = [
        e for e in catalog.of_kind("switch")
        if e["technology"] == leaf["technology"] and e["role"] == "fabric" and ports_at_speed(e) >= 2
        and len({g["speed_gbps"] for g in e["port_groups"]}) == 1
    ]
    if ports_at_speed(leaf) == len(port_names(leaf)):
        candidates.append(leaf)
    if not candidates:
        raise TemplateError(QT_TRANSLATE_NOOP(
            "Templates", "no {technology} switch in the catalog has {speed:g}G ports for the spine").fill(
            technology=leaf["technology"], speed=uplink_gbps))
    return max(candidates, key=lambda e: (ports_at_speed(e), e is leaf, e.id))


def plan_clos(prefix: str, leaf_members: list[list[str]], leaf: CatalogEntry, down_ports: list[str],
              up_ports: list[str], spine: CatalogEntry | None, oversubscription: float | None = None) -> ClosPlan:
    """Connect each leaf's members to it, then build the spine (and core) tiers above the leaves.
    ``oversubscription``: wire the uplinks the busiest leaf needs for it (uplinks_for), spread evenly over
    the spines when a few more uplinks allow it (never fewer: the ratio built is never worse than asked);
    None: every uplink, as many as divide evenly."""
    plan = ClosPlan()
    digits = len(str(len(leaf_members)))
    available = len(up_ports)
    spine_ports = port_names(spine) if spine is not None else []
    exact = oversubscription is not None and bool(up_ports) and len(leaf_members) > 1
    if exact:
        need = uplinks_for(leaf, max(map(len, leaf_members)), down_ports, up_ports, oversubscription)
        two_tier = len(leaf_members) <= len(spine_ports)
        up_ports = up_ports[:_even_uplinks(len(leaf_members), need, available, len(spine_ports)) if two_tier
                            else need]
    leaves = [PlannedSwitch(f"{prefix}-leaf-{i + 1:0{digits}d}", leaf, "leaf", 0, down_ports, up_ports, available)
              for i in range(len(leaf_members))]
    for switch, members in zip(leaves, leaf_members, strict=True):
        plan.connections.extend((member, switch.take_down()) for member in members)
    plan.switches.extend(leaves)
    if len(leaves) == 1 or spine is None:
        return plan
    if not up_ports:
        raise TemplateError(QT_TRANSLATE_NOOP("Templates", "{switch} has no uplink ports left; lower the "
                                                           "oversubscription").fill(switch=leaf.id))
    if len(leaves) <= len(spine_ports):
        _two_tier(plan, prefix, leaves, spine, spine_ports, exact)
    else:
        _three_tier(plan, prefix, leaves, spine, spine_ports)
    return plan


def _even_uplinks(leaves: int, need: int, available: int, radix: int) -> int:
    """The fewest uplinks from ``need`` up to ``available`` that spread evenly over the spines (every one
    wired, _exact_spines); ``need`` when none does (the slack rule then leaves some unwired)."""
    return next((u for u in range(need, available + 1) if _exact_spines(leaves, u, radix) is not None), need)


def _exact_spines(leaves: int, uplinks: int, radix: int) -> tuple[int, int] | None:
    """(spines, links per leaf-spine pair) wiring every uplink, with at most ``EXACT_SPINE_FACTOR`` times the
    fewest spines that could carry them; None when no such count divides them evenly."""
    fewest = max(1, math.ceil(leaves * uplinks / radix))
    for count in range(fewest, min(uplinks, EXACT_SPINE_FACTOR * fewest) + 1):
        if uplinks % count == 0 and leaves * (uplinks // count) <= radix:
            return count, uplinks // count
    return None


def _two_tier(plan: ClosPlan, prefix: str, leaves: list[PlannedSwitch], spine: CatalogEntry,
              spine_ports: list[str], exact: bool = False) -> None:
    """Every leaf to every spine with ``k`` parallel links, using as many leaf uplinks as divide evenly
    (``exact``: every uplink when a sensible spine count allows it)."""
    uplinks, radix = len(leaves[0].up), len(spine_ports)
    found = _exact_spines(len(leaves), uplinks, radix) if exact else None
    count, k = found if found is not None else _spine_count_and_width(len(leaves), uplinks, radix)
    spines = [PlannedSwitch(f"{prefix}-spine-{j + 1:02d}", spine, "spine", 0, spine_ports, [])
              for j in range(count)]
    for leaf_switch in leaves:
        for spine_switch in spines:
            plan.connections.extend((leaf_switch.take_up(), spine_switch.take_down()) for _ in range(k))
    plan.switches.extend(spines)


def _spine_count_and_width(leaves: int, uplinks: int, radix: int) -> tuple[int, int]:
    """Fewest spines that carry nearly all leaf uplinks: (spines, parallel links per leaf-spine pair).

    Odd uplink counts rarely divide evenly; leaving up to ``UPLINK_SLACK`` of them unused is
    better than buying one spine per uplink.
    """
    fewest = max(1, math.ceil(leaves * uplinks / radix))
    options = [(count * min(uplinks // count, radix // leaves), count) for count in range(fewest, uplinks + 1)
               if min(uplinks // count, radix // leaves) >= 1]
    if not options:
        return fewest, 1
    good = [option for option in options if option[0] >= uplinks * (1 - UPLINK_SLACK)]
    used, count = min(good, key=lambda o: o[1]) if good else max(options)
    return count, used // count


def _three_tier(plan: ClosPlan, prefix: str, leaves: list[PlannedSwitch], spine: CatalogEntry,
                spine_ports: list[str]) -> None:
    """Pods of P/2 leaves with their own spines (half ports down, half up), joined by core groups."""
    radix = len(spine_ports)
    per_pod = radix // 2
    pods = math.ceil(len(leaves) / per_pod)
    if pods > radix:
        raise TemplateError(QT_TRANSLATE_NOOP(
            "Templates", "{leaves} leaves need {pods} pods, more than a three-tier fabric of {switch} ({ports} ports) "
                         "supports ({ports}); use a switch with more ports or fewer nodes").fill(
            leaves=len(leaves), pods=pods, switch=spine.id, ports=radix))
    uplinks = len(leaves[0].up)
    k = _largest_divisor_at_most(per_pod, radix // pods)
    cores_per_group = per_pod // k
    core_digits = len(str(uplinks * cores_per_group))
    cores = [[PlannedSwitch(f"{prefix}-core-{g * cores_per_group + c + 1:0{core_digits}d}", spine, "core", -1,
                            spine_ports, []) for c in range(cores_per_group)] for g in range(uplinks)]
    spine_digits = len(str(pods * uplinks))
    for pod in range(pods):
        pod_leaves = leaves[pod * per_pod:(pod + 1) * per_pod]
        for leaf_switch in pod_leaves:
            leaf_switch.pod = pod
        pod_spines = [
            PlannedSwitch(f"{prefix}-spine-{pod * uplinks + j + 1:0{spine_digits}d}", spine, "spine", pod,
                          spine_ports[:per_pod], spine_ports[per_pod:])
            for j in range(uplinks)
        ]
        for leaf_switch in pod_leaves:
            for spine_switch in pod_spines:
                plan.connections.append((leaf_switch.take_up(), spine_switch.take_down()))
        for group, spine_switch in enumerate(pod_spines):
            for core in cores[group]:
                plan.connections.extend((spine_switch.take_up(), core.take_down()) for _ in range(k))
        plan.switches.extend(pod_spines)
    plan.switches.extend(core for group in cores for core in group)
    plan.pods = pods


def _largest_divisor_at_most(number: int, limit: int) -> int:
    return max((d for d in range(1, max(1, min(number, limit)) + 1) if number % d == 0), default=1)
