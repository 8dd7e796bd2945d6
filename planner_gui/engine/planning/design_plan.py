"""Layout search on a design: the parallel layouts of one model on the GPUs, servers and fabric a design has.

The cluster is what the analysis sees (engine/analysis.py): the largest group of servers the compute
fabric connects, its most common GPU server, the collective model of that fabric as cabled
(``comm_model_from_profile`` of the design's FabricProfile) and, when a rack is over its power or
cooling limit, the GPUs slowed by the same throttle factor the training section applies. The search
itself is :func:`planner_gui.engine.training.planner.plan_layouts`, so the first entry's step time
is the training estimate the design would show with that layout as its workload.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from planner_gui.engine.analysis import analyze_design, slowest_rack
from planner_gui.engine.sections.results import Analysis
from planner_gui.engine.sections.training import SectionSkipped, job_hardware
from planner_gui.engine.training import comm_model_from_profile, gpu_facts_from_catalog
from planner_gui.engine.training.planner import DEFAULT_SPACE, PlanResult, PlanSpace, plan_layouts
from planner_gui.engine.training.shape import ModelShape
from planner_gui.engine.training.step import DEFAULT_OPTIONS, StepOptions
from planner_gui.model import Design
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.model.settings import Precision


@dataclass(frozen=True, slots=True)
class DesignPlan:
    """The ranked layouts of a model on a design, with the cluster they were searched on."""

    server_id: str
    gpu_id: str
    gpus: int  # GPUs the job uses
    job_gpus: int  # GPUs of the largest connected group (the most the job could use)
    gpus_per_node: int  # per NVLink domain (a server, or an NVL72 rack)
    throttle: float  # 1.0 at full speed; the power/cooling throttle of the slowest GPU rack otherwise
    result: PlanResult

    def to_json(self) -> list[dict[str, Any]]:
        return [entry.to_json() for entry in self.result.entries]


def plan_design(design: Design, catalog: Any, shape: ModelShape, global_batch: int,
                precision: Precision = Precision.BF16, gpus: int | None = None,
                options: StepOptions = DEFAULT_OPTIONS, space: PlanSpace = DEFAULT_SPACE, top: int = 10,
                train_tokens: float = 1e12, analysis: Analysis | None = None) -> DesignPlan:
    """The ``top`` fastest layouts of ``shape`` on ``design`` (all its connected GPUs unless ``gpus``)."""
    analysis = analysis if analysis is not None else analyze_design(design, catalog)
    topo, profile = analysis.topology, analysis.profile
    if topo is None or profile is None:
        reason = analysis.unavailable.get("profile") or analysis.unavailable.get("topology") or ""
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "the design has no GPU fabric to plan on ({reason}); add GPU "
                                                     "servers and cable them to fabric switches").fill(reason=reason))
    try:
        hw = job_hardware(design, catalog, topo)
    except SectionSkipped as skip:
        raise ValueError(skip.reason) from None
    job = gpus if gpus is not None else profile.ranks
    if not 1 <= job <= profile.ranks:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "the job asks for {gpus} GPUs but the design's largest group of "
                                                     "connected servers has {ranks}; ask for 1 to {ranks}").fill(
            gpus=job, ranks=profile.ranks))
    gpu = gpu_facts_from_catalog(catalog, hw.gpu_id)
    throttle, _ = slowest_rack(analysis.cooling)
    if throttle < 1.0:  # the training section's rule (sections/training.py training_section)
        gpu = dataclasses.replace(gpu, achievable_fraction=gpu.achievable_fraction * throttle)
    result = plan_layouts(shape, job, profile.gpus_per_node, global_batch, precision, gpu,
                          comm_model_from_profile(profile), options=options, space=space, top=top,
                          train_tokens=train_tokens)
    return DesignPlan(hw.catalog_id, hw.gpu_id, job, profile.ranks, profile.gpus_per_node, throttle, result)
