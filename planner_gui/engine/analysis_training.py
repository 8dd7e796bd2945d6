"""The training and storage sections of the analysis: the design's workload on the design's GPUs.

The job runs on the largest group of servers the compute fabric connects (the collective model's
FabricProfile), with the GPU of the most common server in that group. It uses tp·pp·dp·cp GPUs;
a workload that needs more than the group has, or whose layout does not fit the model (heads not
divisible by tp, ...), is reported as a ``training-invalid-layout`` error check, never raised.

Storage is every storage server of the design together (bandwidths add up), read through each GPU
server's storage NICs at their catalog rate; without storage servers, the GPU servers' own NVMe.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from operator import attrgetter
from typing import Any

from planner_gui.engine.analysis_results import StorageSection, TrainingSection
from planner_gui.engine.checks_base import Check, Severity, params
from planner_gui.engine.collectives import FabricProfile
from planner_gui.engine.fabric_profile import job_servers
from planner_gui.engine.topology import TopologyReport
from planner_gui.engine.topology_hardware import ServerHardware, main_server_at
from planner_gui.engine.training import (
    CommModel,
    StorageKind,
    StorageTier,
    estimate_storage,
    estimate_training,
    gpu_facts_from_catalog,
    scaling_curve,
    shape_from_workload,
    storage_tier_from_catalog,
)
from planner_gui.model import Design, Workload

INVALID_LAYOUT_FIX = ("Make tp·pp·dp·cp the number of GPUs the job should use (at most the GPUs of the "
                      "connected servers), with tp dividing the attention heads and pp·vpp the layers.")
# 2^16 = 65,536 replicas: the next doubling, 131,072 GPUs, is beyond the template limit of 12,500 8-GPU
# nodes (100,000 GPUs, templates/spec.py)
SCALING_DOUBLINGS_MAX = 16


class SectionSkipped(Exception):
    """A section that does not apply to this design (no workload, no GPU servers); ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class LayoutInvalid(ValueError):
    """The workload's parallel layout cannot run on this design; the message says what to change."""


def invalid_layout_check(message: str) -> Check:
    return Check("training-invalid-layout", Severity.ERROR, message, (), INVALID_LAYOUT_FIX,
                 params=params(reason=message))


def job_hardware(design: Design, catalog: Any, topo: TopologyReport) -> ServerHardware:
    """The most common GPU server of the largest connected group of servers."""
    found = main_server_at(design, catalog, topo.graph, job_servers(topo))
    if found is None:
        raise SectionSkipped("the design has no GPU servers")
    return found[1]


def training_section(design: Design, catalog: Any, topo: TopologyReport, profile: FabricProfile,
                     comm_for: Callable[[FabricProfile], CommModel]) -> TrainingSection:
    """One step of the design's workload and its data-parallel scaling up to the design's size."""
    workload = design.workload
    if workload is None:
        raise SectionSkipped("no training workload is set (add one in the design's workload settings)")
    hw = job_hardware(design, catalog, topo)
    gpus = workload.tp * workload.pp * workload.dp * workload.cp
    if gpus > profile.ranks:
        w, replica = workload, workload.tp * workload.pp * workload.cp
        raise LayoutInvalid(
            f"the workload needs tp·pp·dp·cp = {w.tp}·{w.pp}·{w.dp}·{w.cp} = {gpus} GPUs but the largest "
            f"group of connected servers has {profile.ranks} ({profile.nodes} x {profile.gpus_per_node}); "
            f"lower dp to {max(profile.ranks // replica, 1)} or add servers")
    gpu = gpu_facts_from_catalog(catalog, hw.gpu_id)
    comm = comm_for(profile)
    try:
        estimate = estimate_training(workload, gpu, comm, gpus=gpus, gpus_per_node=profile.gpus_per_node)
    except ValueError as error:
        raise LayoutInvalid(str(error)) from None
    counts = _scaling_counts(workload, max(gpus, profile.ranks))
    note = ""
    try:
        scaling = tuple(scaling_curve(workload, gpu, comm, counts, profile.gpus_per_node)) if counts else ()
    except ValueError as error:
        scaling, note = (), f"no scaling curve: {error}"
    return TrainingSection(workload.model_name, hw.gpu_id, hw.catalog_id, gpus, profile.gpus_per_node,
                           estimate, scaling, note)


def _scaling_counts(workload: Workload, limit: int) -> list[int]:
    """Doublings of the smallest whole job (one replica tp·pp·cp, times ep) up to ``limit`` GPUs."""
    smallest = workload.tp * workload.pp * workload.cp * workload.ep
    return [smallest * 2**k for k in range(SCALING_DOUBLINGS_MAX + 1) if smallest * 2**k <= limit]


def storage_section(design: Design, catalog: Any, training: TrainingSection) -> StorageSection:
    """Data loading and checkpoints against the design's storage servers, else the servers' own NVMe."""
    workload = design.workload
    assert workload is not None  # the training section exists
    server = catalog.require(training.server_id, "server")
    models = Counter(map(attrgetter("catalog_id"), design.devices.values()))
    counts = Counter({cid: n for cid, n in models.items() if _is_storage(catalog, cid)})
    if counts:
        tier = _shared_tier(catalog, counts)
        source = ", ".join(f"{n} x {cid}" for cid, n in sorted(counts.items()))
        nic_gbps = float(server.get("storage_nic_count", 0)) * float(server.get("storage_nic_gbps", 0.0))
    else:
        tier = storage_tier_from_catalog(catalog, training.server_id)
        source = f"local NVMe of {training.server_id} (the design has no storage servers)"
        nic_gbps = 0.0
    nodes = -(-training.gpus // training.gpus_per_node)
    estimate = estimate_storage(shape_from_workload(workload), training.estimate.tokens_per_s, training.gpus,
                                nodes, tier, tier, nic_gbps)
    return StorageSection(source, tier, tier, nic_gbps, nodes, estimate)


def _is_storage(catalog: Any, catalog_id: str) -> bool:
    entry = catalog.get(catalog_id)
    return entry is not None and entry.kind == "storage"


def _shared_tier(catalog: Any, counts: Counter[str]) -> StorageTier:
    """All storage servers together: their bandwidths add up (the data is striped over them)."""
    tiers = {cid: storage_tier_from_catalog(catalog, cid) for cid in counts}
    parallel = any(t.kind == StorageKind.PARALLEL_FS for t in tiers.values())
    return StorageTier(StorageKind.PARALLEL_FS if parallel else StorageKind.NFS,
                       sum(t.read_gbs * counts[cid] for cid, t in tiers.items()),
                       sum(t.write_gbs * counts[cid] for cid, t in tiers.items()))
