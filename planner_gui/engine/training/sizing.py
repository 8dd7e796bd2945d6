"""The smallest GPU count on which a model trains at all (memory only, not speed).

For each candidate count (powers of two) we try every layout with tp a power of two dividing the
heads and at most one server wide, pp dividing the layers, and dp the rest; the first layout whose
most loaded GPU fits wins. One micro-batch of one sequence, with pp micro-batches in flight.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from planner_gui.engine.training.gpu import GpuFacts
from planner_gui.engine.training.memory import MemoryBreakdown, memory_per_gpu
from planner_gui.engine.training.parallel import Layout
from planner_gui.engine.training.shape import ModelShape, shape_from_workload
from planner_gui.model.settings import Recompute, Workload

MAX_GPUS = 65_536  # search limit: the largest published training clusters are 16–100 k GPUs


@dataclass(frozen=True, slots=True)
class Sizing:
    gpus: int
    tp: int
    pp: int
    dp: int
    zero_stage: int
    recompute: Recompute
    memory: MemoryBreakdown


def minimum_gpus(workload: Workload, gpu: GpuFacts, gpus_per_node: int = 8, shape: ModelShape | None = None,
                 zero_stages: tuple[int, ...] | None = None, recomputes: tuple[Recompute, ...] | None = None,
                 max_tp: int | None = None, max_gpus: int = MAX_GPUS) -> Sizing | None:
    """Smallest layout that fits, or None below ``max_gpus``.

    ``zero_stages`` and ``recomputes`` default to the workload's own choice; pass several to let the
    search pick (e.g. ``(0,)`` for plain data parallelism as the seed FAQ assumes).
    """
    shape = shape or shape_from_workload(workload)
    stages = zero_stages or (workload.zero_stage,)
    recomputes = recomputes or (Recompute(workload.recompute),)
    tp_limit = max_tp or gpus_per_node
    gpus = 1
    while gpus <= max_gpus:
        for tp, pp in _layouts(shape, gpus, tp_limit):
            for stage in stages:
                for recompute in recomputes:
                    layout = Layout(tp, pp, gpus // (tp * pp), 1, 1, gpus_per_node, 1, gpus // tp)
                    memory = memory_per_gpu(shape, layout, stage, recompute, gpu.memory_gb, tp > 1, True)
                    if memory.fits:
                        return Sizing(gpus, tp, pp, layout.dp, stage, recompute, memory)
        gpus *= 2
    return None


def _layouts(shape: ModelShape, gpus: int, tp_limit: int) -> Iterator[tuple[int, int]]:
    """(tp, pp) pairs for ``gpus`` GPUs, least model parallelism first."""
    pairs = []
    tp = 1
    while tp <= min(gpus, tp_limit):
        if shape.heads % tp == 0:
            for pp in range(1, gpus // tp + 1):
                if (gpus // tp) % pp == 0 and shape.layers % pp == 0:
                    pairs.append((tp, pp))
        tp *= 2
    yield from sorted(pairs, key=lambda p: (p[0] * p[1], p[1]))

