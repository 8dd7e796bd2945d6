"""The training and storage sections of the analysis: the design's workload on the design's GPUs.

The job runs on the largest group of servers the compute fabric connects (the collective model's
FabricProfile), with the GPU of the most common server in that group. It uses tp·pp·dp·cp GPUs;
a workload that needs more than the group has, or whose layout does not fit the model (heads not
divisible by tp, ...), is reported as a ``training-invalid-layout`` error check, never raised.

Storage is every storage server of the design together (bandwidths add up), read through each GPU
server's storage NICs at their catalog rate; without storage servers, the GPU servers' own NVMe.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from operator import attrgetter
from typing import Any

import numpy as np

from planner_gui.engine.checks.base import Check, Severity, params
from planner_gui.engine.collectives import FabricProfile
from planner_gui.engine.collectives.fabric_profile import job_servers
from planner_gui.engine.sections.results import StorageSection, TrainingSection
from planner_gui.engine.topology.hardware import ServerHardware, main_server_at
from planner_gui.engine.topology.report import TopologyReport
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
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text
from planner_gui.present import plural

INVALID_LAYOUT_FIX = ("Make tp·pp·dp·cp the number of GPUs the job should use (at most the GPUs of the "
                      "connected servers), with tp dividing the attention heads and pp·vpp the layers.")
# 2^16 = 65,536 replicas: the next doubling, 131,072 GPUs, is beyond the template limit of 12,500 8-GPU
# nodes (100,000 GPUs, templates/spec.py)
SCALING_DOUBLINGS_MAX = 16


class SectionSkipped(Exception):
    """A section that does not apply to this design (no workload, no GPU servers); ``reason`` says why
    (a :class:`~planner_gui.model.messages.Text`, so the UI and the Chinese proposal can translate it)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class LayoutInvalid(ValueError):
    """The workload's parallel layout cannot run on this design; the message (a Text) says what to change."""


NO_GPU_SERVERS = QT_TRANSLATE_NOOP("Engine", "the design has no GPU servers")
NO_WORKLOAD = QT_TRANSLATE_NOOP("Engine", "no training workload is set (add one in the design's workload settings)")


# The sections another one can need (engine/analysis.py _Run.need), named in the reason it is missing.
SECTION_NAMES = {"topology": QT_TRANSLATE_NOOP("AnalysisSection", "topology"),
                 "profile": QT_TRANSLATE_NOOP("AnalysisSection", "profile"),
                 "collectives": QT_TRANSLATE_NOOP("AnalysisSection", "collectives"),
                 "power": QT_TRANSLATE_NOOP("AnalysisSection", "power"),
                 "cooling": QT_TRANSLATE_NOOP("AnalysisSection", "cooling"),
                 "facility": QT_TRANSLATE_NOOP("AnalysisSection", "facility"),
                 "cost": QT_TRANSLATE_NOOP("AnalysisSection", "cost"),
                 "bom": QT_TRANSLATE_NOOP("AnalysisSection", "bill of materials"),
                 "training": QT_TRANSLATE_NOOP("AnalysisSection", "training"),
                 "storage": QT_TRANSLATE_NOOP("AnalysisSection", "storage")}


def section_name(name: str) -> str:
    """An analysis section's name as a Text (a plain str for a section without one)."""
    template = SECTION_NAMES.get(name)
    return name if template is None else template.fill()


def needs_reason(name: str, failed: bool) -> str:
    """Why a section is skipped when the section ``name`` it needs is missing (with no reason of its own)."""
    if failed:
        return QT_TRANSLATE_NOOP("Engine", "needs {section}, which could not be computed").fill(
            section=section_name(name))
    return QT_TRANSLATE_NOOP("Engine", "needs {section}").fill(section=section_name(name))


def error_message(error: BaseException) -> str:
    """The message an engine error was raised with, kept a Text when it is one (``str(error)`` is not)."""
    if len(error.args) == 1 and isinstance(error.args[0], Text):
        return error.args[0]
    return str(error)


def invalid_layout_check(message: str) -> Check:
    return Check("training-invalid-layout", Severity.ERROR, message, (), INVALID_LAYOUT_FIX,
                 params=params(reason=message))


def job_hardware(design: Design, catalog: Any, topo: TopologyReport) -> ServerHardware:
    """The most common GPU server of the largest connected group of servers."""
    found = main_server_at(design, catalog, topo.graph, job_servers(topo))
    if found is None:
        raise SectionSkipped(NO_GPU_SERVERS.fill())
    return found[1]


def training_section(design: Design, catalog: Any, topo: TopologyReport, profile: FabricProfile,
                     comm_for: Callable[[FabricProfile], CommModel], throttle: float = 1.0,
                     throttle_rack: str = "") -> TrainingSection:
    """One step of the design's workload and its data-parallel scaling up to the design's size.

    ``throttle`` is the speed the power and cooling checks leave the GPUs (facility/cooling.py
    ``gpu_throttle_factor``: the slowest rack's available ÷ needed power, floored at 0.5). A power-capped
    GPU lowers its clocks (benchmarks/data/h200_sustained_load.csv H5: at the limit the SM clock drops to
    75 %), so its sustained math rate is scaled by that factor; the estimate then says so
    (``TrainingSection.throttle``)."""
    workload = design.workload
    if workload is None:
        raise SectionSkipped(NO_WORKLOAD.fill())
    hw = job_hardware(design, catalog, topo)
    gpus = workload.tp * workload.pp * workload.dp * workload.cp
    if gpus > profile.ranks:
        w, replica = workload, workload.tp * workload.pp * workload.cp
        raise LayoutInvalid(QT_TRANSLATE_NOOP(
            "Engine", "the workload needs tp·pp·dp·cp = {tp}·{pp}·{dp}·{cp} = {gpus} GPUs but the largest group of "
                      "connected servers has {ranks} ({nodes} x {per_node}); lower dp to {fit_dp} or add servers").fill(
            tp=w.tp, pp=w.pp, dp=w.dp, cp=w.cp, gpus=gpus, ranks=profile.ranks, nodes=profile.nodes,
            per_node=profile.gpus_per_node, fit_dp=max(profile.ranks // replica, 1)))
    gpu = gpu_facts_from_catalog(catalog, hw.gpu_id)
    if throttle < 1.0:
        gpu = dataclasses.replace(gpu, achievable_fraction=gpu.achievable_fraction * throttle)
    comm = comm_for(profile)
    try:
        estimate = estimate_training(workload, gpu, comm, gpus=gpus, gpus_per_node=profile.gpus_per_node)
    except ValueError as error:
        raise LayoutInvalid(error_message(error)) from None
    counts = _scaling_counts(workload, max(gpus, profile.ranks))
    note = ""
    try:
        scaling = tuple(scaling_curve(workload, gpu, comm, counts, profile.gpus_per_node)) if counts else ()
    except ValueError as error:
        scaling, note = (), QT_TRANSLATE_NOOP("Engine", "no scaling curve: {reason}").fill(reason=error_message(error))
    full_speed = throttle >= 1.0
    return TrainingSection(workload.model_name, hw.gpu_id, hw.catalog_id, gpus, profile.gpus_per_node,
                           estimate, scaling, note, 1.0 if full_speed else throttle,
                           "" if full_speed else throttle_rack)


def throttle_check(training: TrainingSection) -> list[Check]:
    """The training estimate's own word that it runs the GPUs below full speed."""
    if training.throttle >= 1.0:
        return []
    return [Check("training-throttled", Severity.WARNING,
                  f"the training estimate runs the GPUs at {training.throttle:.0%} speed: rack "
                  f"{training.throttle_rack} is over its power or cooling limit (gpu-throttled) and synchronous "
                  "training runs at the slowest rack's pace", (training.throttle_rack,),
                  "bring the rack's draw under its power and cooling limits; the estimate then returns to full speed",
                  params=params(speed=training.throttle, rack=training.throttle_rack))]


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
        source = QT_TRANSLATE_NOOP("Engine", "local NVMe of {server} (the design has no storage servers)").fill(
            server=training.server_id)
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


def mixed_gpu_check(design: Design, catalog: Any, topo: TopologyReport) -> list[Check]:
    """A job that mixes GPU models is refused by name: every figure is computed for its most common model.

    The collective, training and acceptance models take one GPU and one server per job (the most
    common, topology/hardware.py ``main_server_at``); a synchronous job runs at its slowest GPU's pace,
    so a mixed job's figures would be those of a cluster that does not exist."""
    graph, members = topo.graph, job_servers(topo)
    counts: Counter[str] = Counter()
    model = getattr(graph, "model", None)
    if model is not None and members.size:
        _, first, sizes = np.unique(model[members], return_index=True, return_counts=True)
        for index, size in zip(first, sizes, strict=True):
            counts[_gpu_of(design, catalog, graph.ids(members[index:index + 1])[0])] += int(size)
    else:
        counts.update(_gpu_of(design, catalog, device_id) for device_id in graph.ids(members))
    counts.pop("", None)
    if len(counts) < 2:
        return []
    (main, servers), (other, others) = counts.most_common(2)
    return [Check("mixed-gpu-models", Severity.ERROR,
                  f"the largest job mixes {main} ({servers} {plural(servers, 'server', 'servers')}) and {other} "
                  f"({others} {plural(others, 'server', 'servers')}): collectives, "
                  f"the training estimate and the acceptance figures are computed for {main} alone, and a "
                  "synchronous job runs at its slowest GPU's pace", (),
                  "give each GPU model its own fabric (a separate job or design), or use one GPU model",
                  params=params(main=main, servers=servers, other=other, others=others, models=len(counts)))]


def _gpu_of(design: Design, catalog: Any, device_id: str) -> str:
    entry = catalog.get(design.devices[device_id].catalog_id)
    return str(entry["gpu_id"]) if entry is not None and entry.kind == "server" else ""
