"""How many transformer layers each pipeline rank holds when pp·vpp does not divide the layer count.

Megatron-Core places ``--decoder-first-pipeline-num-layers`` on the first stage and
``--decoder-last-pipeline-num-layers`` on the last and splits the rest evenly (it refuses an uneven
rest); Llama 3 405B ran 126 layers on 16 stages by taking one layer off the first and the last stage,
which also carry the embedding and the output layer (Llama 3 paper, arXiv:2407.21783 §3.3.2).

Without explicit counts the rule here generalises that: every virtual stage (pp·vpp of them, virtual
stage j on rank j mod pp) gets ⌈l/(p·v)⌉ layers and the surplus is taken one layer at a time from the
ends inwards (virtual stage 0, the last, 1, the second-to-last, …), so the end stages are lighter and
no stage differs from another by more than one layer.
"""

from __future__ import annotations

import math

from planner_gui.model.messages import QT_TRANSLATE_NOOP


def virtual_stage_layers(layers: int, stages: int) -> list[int]:
    """Layers per virtual stage under the ends-inwards rule (module docstring)."""
    ceil = math.ceil(layers / stages)
    counts = [ceil] * stages
    order = [i for pair in zip(range(stages), range(stages - 1, -1, -1), strict=True) for i in pair]
    seen: list[int] = list(dict.fromkeys(order))
    for index in seen[: ceil * stages - layers]:
        counts[index] -= 1
    return counts


def rank_layers(layers: int, pp: int, vpp: int = 1, first: int | None = None,
                last: int | None = None) -> tuple[int, ...]:
    """Layers held by each of the ``pp`` pipeline ranks (all their vpp model chunks together)."""
    if first is None and last is None:
        per_virtual = virtual_stage_layers(layers, pp * vpp)
        return tuple(sum(per_virtual[rank::pp]) for rank in range(pp))
    return _explicit(layers, pp, first, last)


def _explicit(layers: int, pp: int, first: int | None, last: int | None) -> tuple[int, ...]:
    """Megatron's first/last-stage counts; the middle stages must share the rest evenly."""
    fixed = [n for n in (first, last) if n is not None]
    middle_stages = pp - len(fixed)
    rest = layers - sum(fixed)
    if pp < 2 or any(n < 0 for n in fixed) or rest < 0 or (middle_stages and rest % middle_stages) or (
            not middle_stages and rest):
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "first/last pipeline stage layers ({first}, {last}) leave {rest} "
                                                     "of {layers} layers for {middle} middle stages; choose counts "
                                                     "that leave a multiple of {middle}").fill(
            first=first, last=last, rest=rest, layers=layers, middle=middle_stages))
    each = rest // middle_stages if middle_stages else 0
    counts = [each] * pp
    if first is not None:
        counts[0] = first
    if last is not None:
        counts[-1] = last
    return tuple(counts)
