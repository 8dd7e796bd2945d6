"""The results of topology analysis: frozen dataclasses, each with ``to_json()``.

Speeds and capacities are in Gb/s (line rate, one direction). Ratios are plain numbers; a
ratio that does not apply (a top-tier switch has no uplinks) is ``None``. Lists of ids are
capped at :data:`MAX_LISTED_IDS` so a 4,096-node report stays readable; the matching
``*_count`` field always has the full number.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from typing import Any

MAX_LISTED_IDS = 50  # ids listed per finding; beyond this the UI shows "and N more" from *_count


def jsonable(value: Any) -> Any:
    """Plain JSON values: tuples to lists, NaN and infinity to None, dataclasses to dicts."""
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: jsonable(getattr(value, f.name)) for f in fields(value) if f.metadata.get("json", True)}
    if isinstance(value, tuple | list):
        return [jsonable(v) for v in value]
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if hasattr(value, "item"):  # numpy scalar
        return jsonable(value.item())
    return value


class _Json:
    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        return jsonable(self)  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class TierSummary(_Json):
    """One tier: -1 the GPUs' scale-up domain, 0 the NICs, 1 leaves, 2 spines, 3 cores."""

    tier: int
    name: str  # "gpu-nvswitch", "gpu-nvlink", "gpu-pcie", "nic", "leaf", "spine", "core", "tier-4"...
    devices: int  # GPUs, connected NICs or switches
    down_gbps: float  # capacity from the tier below (0 for GPUs and NICs)
    up_gbps: float  # capacity toward the tier above (GPUs: scale-up bandwidth, one direction)
    oversubscription_worst: float | None  # largest down/up ratio of one switch
    oversubscription_typical: float | None  # median over the tier's switches
    oversubscription_aggregate: float | None  # tier down / tier up


@dataclass(frozen=True, slots=True)
class SwitchUsage(_Json):
    device_id: str
    tier: int  # -1: not on the compute fabric (management or storage switch)
    ports: int  # non-management ports
    used: int
    down_gbps: float
    up_gbps: float
    oversubscription: float | None

    @property
    def free(self) -> int:
        return self.ports - self.used


@dataclass(frozen=True, slots=True)
class SwitchTable(_Json):
    """Port usage of every switch, as columns (a 4,096-node design has 2,500+ switches)."""

    device_ids: tuple[str, ...]
    tiers: tuple[int, ...]
    ports: tuple[int, ...]
    used: tuple[int, ...]
    down_gbps: tuple[float, ...]
    up_gbps: tuple[float, ...]
    oversubscription: tuple[float, ...]  # NaN (null in JSON) where a switch has no uplinks

    def __len__(self) -> int:
        return len(self.device_ids)

    def rows(self) -> list[SwitchUsage]:
        return [SwitchUsage(d, t, p, u, dn, up, r if r == r else None)  # r != r: NaN
                for d, t, p, u, dn, up, r in zip(self.device_ids, self.tiers, self.ports, self.used, self.down_gbps,
                                                 self.up_gbps, self.oversubscription, strict=True)]

    def full(self) -> tuple[str, ...]:
        """Switches with no free port left."""
        return tuple(d for d, p, u in zip(self.device_ids, self.ports, self.used, strict=True) if p and u >= p)


@dataclass(frozen=True, slots=True)
class HopStats(_Json):
    """Switches crossed between the same-index NICs of two servers (rail-matched paths)."""

    max_switch_hops: int
    mean_switch_hops: float
    by_rail: tuple[int, ...]  # max per NIC index

    @property
    def diameter(self) -> int:
        """The fabric's diameter in switches: the longest rail-matched server-to-server path."""
        return self.max_switch_hops


@dataclass(frozen=True, slots=True)
class RailReport(_Json):
    style: str  # "rail-optimized", "rail-miscabled", "top-of-rack", "mixed", "single-switch", "single-nic", "none"
    rail_optimized: bool
    nic_indices: int  # compute NIC indices in use
    rail_groups_per_leaf: float  # typical NIC indices a leaf carries
    off_rail_nics: tuple[str, ...]  # "server/port" of NICs cabled to another rail's leaf
    off_rail_count: int


@dataclass(frozen=True, slots=True)
class FailureImpact(_Json):
    """What is left after one element fails, for the device (or pod) hit hardest."""

    element: str  # switch or link id
    kind: str  # "switch" or "link"
    tier: int  # switch tier, or the tier of the link's lower end
    identical: int  # elements of the same tier with the same impact (this one included)
    remaining_fraction: float  # uplink bandwidth left to the pod hit hardest
    tier_remaining_fraction: float  # share of the tier's link capacity that survives
    servers_cut_off: int  # servers that lose every path to the rest of the fabric


@dataclass(frozen=True, slots=True)
class CableIssue(_Json):
    link_id: str
    rule: str  # "reach" (beyond the medium's reach) or "hdr-ndr-optics"
    medium: str
    speed_gbps: float
    length_m: float
    limit_m: float
    source: str  # catalog id of the cable entry, or the reference the fallback limit comes from


@dataclass(frozen=True, slots=True)
class SpeedMismatch(_Json):
    link_id: str
    a_gbps: float
    b_gbps: float
    fabric: bool  # on the compute fabric


@dataclass(frozen=True, slots=True)
class UnconnectedNics(_Json):
    device_id: str
    ports: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TopologyReport(_Json):
    servers: int
    gpus: int
    gpus_per_server: int  # the most common server's
    technology: str | None  # compute NIC technology ("infiniband"/"ethernet"), None without NICs
    fabric_switches: int
    fabric_links: int
    switch_tiers: int  # 0: no switch, 1: single tier, 2: leaf-spine, 3: with a core
    tiers: tuple[TierSummary, ...]
    nic_gbps: float  # total NIC-to-leaf capacity
    bisection_gbps: float
    bisection_fraction: float  # bisection / half the NIC capacity (1.0 = non-blocking)
    collective_oversubscription: float  # what uniform cross-node traffic meets (>= 1)
    collective_oversubscription_at: str  # the switch where it is worst ("" when 1.0)
    hops: HopStats
    rails: RailReport
    server_components: int  # connected groups of servers on the compute fabric
    largest_component_servers: int
    isolated_servers: tuple[str, ...]  # servers outside the largest group
    spof_switches: tuple[str, ...]
    spof_switch_count: int
    spof_links: tuple[str, ...]
    spof_link_count: int
    worst_switch_failure: FailureImpact | None
    worst_link_failure: FailureImpact | None
    switches: SwitchTable
    unconnected_nics: tuple[UnconnectedNics, ...]
    unconnected_nic_count: int
    speed_mismatches: tuple[SpeedMismatch, ...]
    speed_mismatch_count: int
    cable_issues: tuple[CableIssue, ...]
    cable_issue_count: int
    median_compute_cable_m: float | None
    # Arrays behind the figures, for the fabric profile and checks; not serialised.
    graph: Any = field(default=None, repr=False, compare=False, metadata={"json": False})
    tier_data: Any = field(default=None, repr=False, compare=False, metadata={"json": False})

    @property
    def multi_node(self) -> bool:
        return self.largest_component_servers > 1

    def tier(self, tier: int) -> TierSummary | None:
        return next((t for t in self.tiers if t.tier == tier), None)
