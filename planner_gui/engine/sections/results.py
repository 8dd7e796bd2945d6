"""The result of :func:`planner_gui.engine.analysis.analyze_design`: frozen dataclasses and their JSON.

Every section is ``None`` (or empty) when it could not be computed, and ``Analysis.unavailable``
says why, so the GUI, the CLI and the PDF never have to guess. ``Analysis.to_json()`` is the
stable, documented shape of ``cluster-planner analyze --json`` (docs/analyze-json.md); it holds
plain JSON values only, with every NaN or infinity turned into ``null``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from planner_gui.engine.acceptance.plan import AcceptancePlan
from planner_gui.engine.checks.base import Check, Severity
from planner_gui.engine.collectives import CollectiveResult, FabricProfile
from planner_gui.engine.cost.bom import Bom
from planner_gui.engine.cost.tco import CostReport
from planner_gui.engine.deploy.nccl_env import NcclSetting
from planner_gui.engine.facility.cooling import CoolingReport
from planner_gui.engine.facility.energy import FacilityReport
from planner_gui.engine.facility.power import PowerReport
from planner_gui.engine.topology.report import TopologyReport
from planner_gui.engine.training import ScalingPoint, StorageEstimate, StorageTier, TrainingEstimate

if TYPE_CHECKING:  # link_utilisation imports this module's headline size
    from planner_gui.engine.topology.utilisation import LinkUtilisation

# The collectives every analysis predicts: what data-parallel (AllReduce), ZeRO/FSDP (AllGather,
# ReduceScatter) and expert-parallel (AllToAll) training traffic uses (docs/models/training.md).
CURVE_OPS = ("allreduce", "allgather", "reducescatter", "alltoall")
GIB = 2**30
MIB = 2**20
HEADLINE_BUSBW_BYTES = GIB  # nccl-tests' usual "large message" figure (docs/models/collectives.md)
HEADLINE_TIME_BYTES = 128 * MIB  # idc10000.net multi-node guide (2026): "128 MB AllReduce in 15-20 ms" on 32 H100


def clean_json(value: Any) -> Any:
    """Plain JSON values: NaN/inf to None, tuples to lists, enums to their value, numpy scalars to Python."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, bool | int | str) or value is None:
        return value.value if isinstance(value, Enum) else value
    if isinstance(value, Mapping):
        return {str(k.value if isinstance(k, Enum) else k): clean_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [clean_json(v) for v in value]
    if isinstance(value, Enum):
        return clean_json(value.value)
    if hasattr(value, "to_json"):
        return clean_json(value.to_json())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: clean_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if hasattr(value, "item"):  # numpy scalar
        return clean_json(value.item())
    raise TypeError(f"cannot turn {type(value).__name__} into JSON")


def point_json(r: CollectiveResult) -> dict[str, Any]:
    """One prediction as nccl-tests reports it (``bytes`` is its ``size`` column)."""
    return {"bytes": r.bytes, "time_us": r.time_us, "algbw_GBps": r.algbw_GBps, "busbw_GBps": r.busbw_GBps,
            "algorithm": r.algorithm, "protocol": r.protocol, "bottleneck": r.bottleneck}


@dataclass(frozen=True, slots=True)
class CollectivesSection:
    """Predicted nccl-tests curves of the design's largest job, and the headline figures."""

    profile: FabricProfile
    curves: Mapping[str, tuple[CollectiveResult, ...]] = field(hash=False)  # op -> one point per size

    def point(self, op: str, nbytes: int) -> CollectiveResult | None:
        return next((r for r in self.curves.get(op, ()) if r.bytes == nbytes), None)

    @property
    def allreduce_busbw_1gib_gbps(self) -> float | None:
        found = self.point("allreduce", HEADLINE_BUSBW_BYTES)
        return None if found is None else found.busbw_GBps

    @property
    def allreduce_time_128mib_us(self) -> float | None:
        found = self.point("allreduce", HEADLINE_TIME_BYTES)
        return None if found is None else found.time_us

    @property
    def alltoall_busbw_1gib_gbps(self) -> float | None:
        found = self.point("alltoall", HEADLINE_BUSBW_BYTES)
        return None if found is None else found.busbw_GBps

    def to_json(self) -> dict[str, Any]:
        return {
            "profile": dataclasses.asdict(self.profile),
            "ranks": self.profile.ranks,
            "curves": {op: [point_json(r) for r in points] for op, points in self.curves.items()},
            "headline": {
                "allreduce_busbw_1GiB_GBps": self.allreduce_busbw_1gib_gbps,
                "allreduce_time_128MiB_us": self.allreduce_time_128mib_us,
                "alltoall_busbw_1GiB_GBps": self.alltoall_busbw_1gib_gbps,
            },
        }


@dataclass(frozen=True, slots=True)
class TrainingSection:
    """The design's workload on its GPUs: one step estimate and a data-parallel scaling curve."""

    model_name: str
    gpu_id: str  # catalog id of the GPU the estimate used
    server_id: str  # catalog id of the design's most common GPU server
    gpus: int  # tp·pp·dp·cp of the workload
    gpus_per_node: int
    estimate: TrainingEstimate
    scaling: tuple[ScalingPoint, ...]
    scaling_note: str = ""  # why the curve is empty or short, "" when it is complete
    throttle: float = 1.0  # the GPUs' speed the estimate assumes: below 1 when a rack is over its power or cooling
    throttle_rack: str = ""  # the slowest rack (synchronous training runs at its pace), "" at full speed

    def to_json(self) -> dict[str, Any]:
        return {"model_name": self.model_name, "gpu_id": self.gpu_id, "server_id": self.server_id,
                "gpus": self.gpus, "gpus_per_node": self.gpus_per_node,
                "nodes": -(-self.gpus // self.gpus_per_node),
                "estimate": self.estimate.to_json(),
                "scaling": [dataclasses.asdict(p) for p in self.scaling], "scaling_note": self.scaling_note,
                "throttle": self.throttle, "throttle_rack": self.throttle_rack}


@dataclass(frozen=True, slots=True)
class StorageSection:
    """Data loading and checkpoints of the training job against the design's storage."""

    source: str  # what the tiers were read from, e.g. "2 x pfs-nvme-2u4n" or "local NVMe of dgx-h100"
    data_tier: StorageTier
    checkpoint_tier: StorageTier
    storage_nic_gbps_per_node: float
    nodes: int
    estimate: StorageEstimate

    def to_json(self) -> dict[str, Any]:
        est = self.estimate
        return {
            "source": self.source, "nodes": self.nodes,
            "storage_nic_gbps_per_node": self.storage_nic_gbps_per_node,
            "data_tier": _tier_json(self.data_tier), "checkpoint_tier": _tier_json(self.checkpoint_tier),
            "estimate": {**dataclasses.asdict(est), "data_ok": est.data_ok,
                         "checkpoint_overhead": est.checkpoint_overhead},
        }


def _tier_json(tier: StorageTier) -> dict[str, Any]:
    return {"kind": str(tier.kind), "read_gbs": tier.read_gbs, "write_gbs": tier.write_gbs}


@dataclass(frozen=True, slots=True)
class Summary:
    """The headline numbers a proposal's first page and the GUI's status bar show."""

    name: str
    currency: str
    gpus: int  # every GPU in the design's servers
    nodes: int  # GPU servers
    job_gpus: int  # GPUs of the largest group of servers the fabric connects (what one job can use)
    job_nodes: int
    racks: int
    it_kw: float | None  # IT draw under training load (GPU servers at their maximum)
    it_peak_kw: float | None
    facility_kw: float | None  # IT draw under training load × PUE
    pue: float | None
    buy_upfront: float | None
    buy_monthly: float | None  # a bought cluster's running cost (energy, space)
    rent_monthly: float | None
    cloud_monthly: float | None
    allreduce_busbw_1gib_gbps: float | None
    training_step_time_s: float | None
    training_days: float | None
    checks: Mapping[str, int] = field(hash=False)  # severity -> count
    unavailable: Mapping[str, str] = field(hash=False)  # section -> why it is missing
    it_typical_kw: float | None = None  # the catalog's typical IT draw: the labelled alternative

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "currency": self.currency, "gpus": self.gpus, "nodes": self.nodes,
            "job_gpus": self.job_gpus, "job_nodes": self.job_nodes, "racks": self.racks, "it_kw": self.it_kw,
            "it_typical_kw": self.it_typical_kw,
            "it_peak_kw": self.it_peak_kw, "facility_kw": self.facility_kw, "pue": self.pue,
            "buy_upfront": self.buy_upfront, "buy_monthly": self.buy_monthly,
            "rent_monthly": self.rent_monthly, "cloud_monthly": self.cloud_monthly,
            "allreduce_busbw_1GiB_GBps": self.allreduce_busbw_1gib_gbps,
            "training_step_time_s": self.training_step_time_s, "training_days": self.training_days,
            "checks": dict(self.checks), "unavailable": dict(self.unavailable),
        }


def count_by_severity(checks: tuple[Check, ...]) -> dict[str, int]:
    counts = {str(s): 0 for s in Severity}
    for check in checks:
        counts[str(check.severity)] += 1
    return counts


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything the planner computes about one design; ``None`` sections are in ``unavailable``."""

    topology: TopologyReport | None
    profile: FabricProfile | None  # the largest job's fabric, as the collective model sees it
    collectives: CollectivesSection | None
    checks: tuple[Check, ...]  # most severe first (sort_checks)
    nccl_env: tuple[NcclSetting, ...]
    acceptance: AcceptancePlan | None
    power: PowerReport | None
    cooling: CoolingReport | None
    facility: FacilityReport | None
    cost: CostReport | None
    training: TrainingSection | None
    storage: StorageSection | None
    summary: Summary
    # per link id, the share of line rate the headline AllReduce uses (engine/topology/utilisation.py);
    # not in to_json (its top-level keys are fixed by docs/analyze-json.md)
    link_utilisation: LinkUtilisation | None = field(default=None, hash=False)
    # the bill of materials with its cable schedule (engine/cost/bom.py); not in to_json either
    bom: Bom | None = field(default=None, hash=False, compare=False)

    @property
    def unavailable(self) -> Mapping[str, str]:
        return self.summary.unavailable

    def checks_of(self, severity: Severity | str) -> tuple[Check, ...]:
        return tuple(c for c in self.checks if c.severity == severity)

    def to_json(self) -> dict[str, Any]:
        """The documented JSON shape (docs/analyze-json.md): plain values, no NaN or infinity."""
        sections = {
            "topology": self.topology, "collectives": self.collectives, "checks": list(self.checks),
            "nccl_env": list(self.nccl_env), "acceptance": self.acceptance, "power": self.power,
            "cooling": self.cooling, "facility": self.facility, "cost": self.cost, "training": self.training,
            "storage": self.storage, "summary": self.summary,
            "link_utilisation": None if self.link_utilisation is None else self.link_utilisation.summary(),
        }
        return {name: None if value is None else clean_json(value) for name, value in sections.items()}
