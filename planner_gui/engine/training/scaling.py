"""Throughput and scaling efficiency as the data-parallel degree grows (strong scaling).

Each point keeps the model, TP, PP, EP and micro-batch and the global batch of the workload and
only changes dp (so the GPU count), which is how a team adds servers to the same job. When the
global batch cannot be split over the new dp, it is raised to the next multiple of micro_batch·dp
and the point records the batch it used (weak-scaling fallback).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from planner_gui.engine.training.comm import CommModel
from planner_gui.engine.training.gpu import GpuFacts
from planner_gui.engine.training.shape import ModelShape, shape_from_workload
from planner_gui.engine.training.step import DEFAULT_OPTIONS, StepOptions, estimate_training
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.model.settings import Workload

DEFAULT_POINTS = 10  # GPU counts in a default curve: base × 1, 2, 4, … 512


@dataclass(frozen=True, slots=True)
class ScalingPoint:
    gpus: int
    dp: int
    global_batch: int
    step_time_s: float
    tokens_per_s: float
    mfu: float
    speedup: float  # throughput relative to the first point
    efficiency: float  # speedup / (gpus / first point's gpus)
    dominant: str


def default_gpu_counts(workload: Workload, points: int = DEFAULT_POINTS) -> list[int]:
    """Doublings of the smallest whole job: one model replica (tp·cp·pp) times ep."""
    return [_replica(workload) * workload.ep * 2**k for k in range(points)]


def _replica(workload: Workload) -> int:
    """GPUs holding one copy of the model: tp·cp·pp (cp when the workload has it)."""
    return workload.tp * workload.pp * workload.cp


def scaling_curve(workload: Workload, gpu: GpuFacts, comm: CommModel, gpu_counts: Sequence[int] | None = None,
                  gpus_per_node: int = 8, shape: ModelShape | None = None,
                  options: StepOptions = DEFAULT_OPTIONS) -> list[ScalingPoint]:
    """Throughput at each GPU count; the first count is the reference for speedup and efficiency."""
    shape = shape or shape_from_workload(workload)
    counts = list(gpu_counts) if gpu_counts is not None else default_gpu_counts(workload)
    if not counts:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "no GPU counts to evaluate; give at least one").fill())
    replica = _replica(workload)
    points: list[ScalingPoint] = []
    for gpus in counts:
        if gpus < replica or gpus % replica:
            raise ValueError(QT_TRANSLATE_NOOP("Engine", "{gpus} GPUs is not a multiple of one replica (tp·cp·pp = "
                                                         "{replica}); use multiples of {replica}").fill(
                gpus=gpus, replica=replica))
        dp = gpus // replica
        step = workload.micro_batch * dp
        batch = -(-workload.global_batch // step) * step
        varied = dataclasses.replace(workload, dp=dp, global_batch=batch)
        est = estimate_training(varied, gpu, comm, gpus, gpus_per_node, shape, options)
        base = points[0] if points else None
        speedup = est.tokens_per_s / base.tokens_per_s if base else 1.0
        efficiency = speedup / (gpus / base.gpus) if base else 1.0
        points.append(ScalingPoint(gpus, dp, batch, est.step_time_s, est.tokens_per_s, est.mfu, speedup,
                                   efficiency, est.dominant))
    return points
