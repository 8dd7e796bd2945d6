"""How much activation recompute a run needs to fit in memory, when it does not say.

Published runs that do not state their recompute setting still ran, so they fitted. Megatron-LM's
block method (``--recompute-granularity full --recompute-method block --recompute-num-layers N``)
recomputes the first N layers of every pipeline stage and stores the rest; activation memory is
linear in N, so the smallest N that fits follows from the memory with none and with every layer
recomputed:

    N = ⌈L_stage · (M_none − C) / (M_none − M_full)⌉        (C: the GPU's memory)

0 when the run fits without recompute, None when even full recompute does not fit.
"""

from __future__ import annotations

import dataclasses
import math

from planner_gui.engine.training.comm import CommModel
from planner_gui.engine.training.gpu import GpuFacts
from planner_gui.engine.training.shape import ModelShape
from planner_gui.engine.training.step import StepOptions, estimate_training
from planner_gui.model.settings import Recompute, Workload


def layers_to_recompute(workload: Workload, shape: ModelShape, gpu: GpuFacts, comm: CommModel, gpus_per_node: int,
                        options: StepOptions) -> int | None:
    """Smallest number of layers per stage full recompute must re-run for ``workload`` to fit (module doc)."""
    none = _memory_gb(workload, shape, gpu, comm, gpus_per_node, options, Recompute.NONE)
    if none <= gpu.memory_gb:
        return 0
    full = _memory_gb(workload, shape, gpu, comm, gpus_per_node, options, Recompute.FULL)
    if full > gpu.memory_gb or none <= full:
        return None
    pp, vpp = max(1, workload.pp), max(1, workload.vpp)
    per_stage = math.ceil(shape.layers / (pp * vpp))
    blocks = min(per_stage, math.ceil(per_stage * (none - gpu.memory_gb) / (none - full)))
    # transient buffers (the layer being recomputed) make memory not quite linear in N: step up to a fit
    while blocks < per_stage and _memory_gb(workload, shape, gpu, comm, gpus_per_node, options, Recompute.FULL,
                                            blocks) > gpu.memory_gb:
        blocks += 1
    return blocks


def _memory_gb(workload: Workload, shape: ModelShape, gpu: GpuFacts, comm: CommModel, gpus_per_node: int,
               options: StepOptions, recompute: Recompute, blocks: int | None = None) -> float:
    trial = dataclasses.replace(workload, recompute=recompute)
    plain = dataclasses.replace(options, full_recompute_layers=blocks)
    return estimate_training(trial, gpu, comm, shape=shape, gpus_per_node=gpus_per_node,
                             options=plain).memory_per_gpu_gb
