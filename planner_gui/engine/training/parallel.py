"""The parallel layout: group sizes, consistency checks and where each group's ranks sit.

Placement rule (Megatron-style, inner to outer): consecutive ranks form a TP group, then CP
(context parallelism, when the workload has it), then EP, then PP, and DP is outermost. A node of
g GPUs holds a contiguous block of g ranks, so TP stays inside a node when tp ≤ g, and a DP group of
size d spans d nodes with one rank per node once tp·cp·ep·pp ≥ g.

Expert parallelism can be counted two ways and both are accepted: carved out of DP (Megatron,
DeepSpeed-MoE: gpus = tp·pp·dp and ep divides dp) or multiplying it (gpus = tp·pp·dp·ep, where dp
then counts expert-data-parallel replicas). The dense (non-expert) DP degree is dp in the first
case and dp·ep in the second.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from planner_gui.engine.training.shape import ModelShape
from planner_gui.engine.training.stages import rank_layers
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.model.settings import Workload

GROUPS = ("tp", "cp", "ep", "pp", "dp", "edp")  # dp: dense-gradient group; edp: expert-gradient group
# Dimension indices of each group in Layout.dims (tp, cp, ep, pp, outer dp). Gradients are reduced
# over every rank holding the same weights: dense ones over cp·ep·outer dp (Megatron reduces over
# dp × cp), expert ones over cp·outer dp.
_GROUP_DIMS = {"tp": (0,), "cp": (1,), "ep": (2,), "pp": (3,), "dp": (1, 2, 4), "edp": (1, 4)}


@dataclass(frozen=True, slots=True)
class Layout:
    tp: int
    pp: int
    dp: int
    ep: int
    vpp: int
    gpus_per_node: int
    micro_batch: int
    global_batch: int
    ep_multiplies: bool = False
    cp: int = 1  # context parallelism: each sequence split over cp GPUs
    stage_layers: tuple[int, ...] = ()  # layers per pipeline rank (stages.py); empty: layers / pp each

    def layers_per_stage(self, layers: int) -> float:
        """Layers on the busiest pipeline rank."""
        return max(self.stage_layers) if self.stage_layers else layers / self.pp

    def layers_on(self, rank: int, layers: int) -> float:
        """Layers on pipeline rank ``rank`` (−1: the last)."""
        return self.stage_layers[rank] if self.stage_layers else layers / self.pp

    @property
    def outer_dp(self) -> int:
        """Size of the outermost dimension (expert-data-parallel replicas)."""
        return self.dp if self.ep_multiplies else self.dp // self.ep

    @property
    def dense_dp(self) -> int:
        return self.outer_dp * self.ep

    @property
    def gpus(self) -> int:
        return self.tp * self.cp * self.pp * self.dense_dp

    @property
    def micro_batches(self) -> int:
        """Micro-batches each pipeline runs per step (m = B / (b·d))."""
        return self.global_batch // (self.micro_batch * self.dense_dp)

    @property
    def dims(self) -> tuple[int, int, int, int, int]:
        """Dimension sizes from innermost to outermost: tp, cp, ep, pp, outer dp."""
        return (self.tp, self.cp, self.ep, self.pp, self.outer_dp)

    def group_size(self, group: str) -> int:
        size = 1
        for dim in _dims_of(group):
            size *= self.dims[dim]
        return size

    def ranks_per_node(self, group: str) -> int:
        """How many ranks of one ``group`` share a node under the placement rule."""
        in_node = _ranks_in_node(self.dims, self.gpus_per_node)
        count = 1
        for dim in _dims_of(group):
            count *= in_node[dim]
        return count

    def nodes_spanned(self, group: str) -> int:
        return max(1, self.group_size(group) // self.ranks_per_node(group))


def _dims_of(group: str) -> tuple[int, ...]:
    if group not in _GROUP_DIMS:
        raise KeyError(QT_TRANSLATE_NOOP("Engine", "unknown parallel group {group!r}; expected one of {groups}").fill(
            group=group, groups=", ".join(GROUPS)))
    return _GROUP_DIMS[group]


def _ranks_in_node(dims: tuple[int, ...], gpus_per_node: int) -> list[int]:
    """Coordinates of each dimension found inside one node (contiguous rank blocks)."""
    remaining = gpus_per_node
    counts = []
    for size in dims:
        inside = max(1, min(size, remaining))
        counts.append(inside)
        remaining = max(1, remaining // size)
    return counts


def layout_from_workload(workload: Workload, shape: ModelShape, gpus: int | None = None,
                         gpus_per_node: int = 8, uneven_stages: bool = True,
                         first_last: tuple[int | None, int | None] = (None, None)) -> Layout:
    """The workload's layout, or a ValueError saying which setting to change.

    Layer counts that pp·vpp does not divide are placed by :func:`.stages.rank_layers` (as Llama 3
    ran 126 layers on 16 stages), or by explicit first/last-stage counts (Megatron's options);
    ``uneven_stages=False`` refuses them instead.
    """
    for name in ("tp", "pp", "dp", "ep", "vpp", "micro_batch", "global_batch"):
        value = getattr(workload, name)
        if not isinstance(value, int) or value < 1:
            raise ValueError(QT_TRANSLATE_NOOP("Engine", "workload {name} is {value!r}; it must be a whole number ≥ 1"
                                               ).fill(name=name, value=value))
    if gpus_per_node < 1:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "gpus_per_node is {gpus_per_node}; a server needs at least one "
                                                     "GPU").fill(gpus_per_node=gpus_per_node))
    w = workload
    cp = w.cp
    if not isinstance(cp, int) or cp < 1:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "workload {name} is {value!r}; it must be a whole number ≥ 1"
                                           ).fill(name="cp", value=cp))
    base = w.tp * w.pp * w.dp * cp
    ep_multiplies = _ep_multiplies(w, base, gpus, cp)
    layout = Layout(w.tp, w.pp, w.dp, w.ep, w.vpp, gpus_per_node, w.micro_batch, w.global_batch, ep_multiplies,
                    cp)
    _check_shape_fits_layout(layout, shape, uneven_stages or first_last != (None, None))
    if w.pp > 1 and (shape.layers % (w.pp * w.vpp) or first_last != (None, None)):
        layout = dataclasses.replace(layout, stage_layers=rank_layers(shape.layers, w.pp, w.vpp, *first_last))
    if w.global_batch % (w.micro_batch * layout.dense_dp):
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "global_batch {batch} is not divisible by micro_batch × "
                                                     "data-parallel ({micro} × {dp}); change global_batch to a "
                                                     "multiple of {multiple}").fill(
            batch=w.global_batch, micro=w.micro_batch, dp=layout.dense_dp, multiple=w.micro_batch * layout.dense_dp))
    return layout


def _ep_multiplies(w: Workload, base: int, gpus: int | None, cp: int) -> bool:
    if w.ep == 1:
        if gpus is not None and base != gpus:
            names, values = ("tp·pp·dp·cp", (w.tp, w.pp, w.dp, cp)) if cp > 1 else ("tp·pp·dp", (w.tp, w.pp, w.dp))
            product = "·".join(str(v) for v in values)
            raise ValueError(QT_TRANSLATE_NOOP("Engine", "{names} = {product} = {base} but the design has {gpus} "
                                                         "GPUs; change dp to {dp} or the GPU count").fill(
                names=names, product=product, base=base, gpus=gpus, dp=gpus // (w.tp * w.pp * cp) or 1))
        return False
    target = gpus if gpus is not None else base
    if base == target and w.dp % w.ep == 0:
        return False
    if base * w.ep == target:
        return True
    raise ValueError(QT_TRANSLATE_NOOP("Engine", "tp·pp·dp = {base} and tp·pp·dp·ep = {with_ep} but the design has "
                                                 "{gpus} GPUs (with ep carved out of dp, ep {ep} must divide dp {dp}); "
                                                 "change dp or ep").fill(
        base=base, with_ep=base * w.ep, gpus=target, ep=w.ep, dp=w.dp))


def _check_shape_fits_layout(layout: Layout, shape: ModelShape, uneven: bool) -> None:
    if shape.heads % layout.tp:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "heads {heads} are not divisible by tp {tp}; choose a tp that "
                                                     "divides the number of attention heads").fill(
            heads=shape.heads, tp=layout.tp))
    if layout.pp * layout.vpp > shape.layers:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "pp·vpp = {pp}·{vpp} pipeline chunks exceed the {layers} layers; "
                                                     "choose a smaller pp or vpp").fill(
            layers=shape.layers, pp=layout.pp, vpp=layout.vpp))
    if shape.layers % (layout.pp * layout.vpp) and not uneven:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "layers {layers} are not divisible by pp·vpp = {pp}·{vpp}; "
                                                     "choose pp and vpp whose product divides {layers}").fill(
            layers=shape.layers, pp=layout.pp, vpp=layout.vpp))
    if layout.cp > 1 and shape.seq_len % (2 * layout.cp):
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "seq_len {seq_len} is not divisible by 2·cp = {chunks} (causal "
                                                     "load balancing splits each sequence in 2·cp chunks); choose a "
                                                     "cp that divides seq_len / 2").fill(
            seq_len=shape.seq_len, chunks=2 * layout.cp))
    if layout.vpp > 1 and layout.pp == 1:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "vpp > 1 needs pipeline parallelism; set vpp to 1 or pp above 1"
                                           ).fill())
    if layout.ep > 1 and not shape.is_moe:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "ep is {ep} but the model has no experts; set ep to 1 or "
                                                     "moe_experts above 0").fill(ep=layout.ep))
    if shape.is_moe and shape.moe_experts % layout.ep:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "moe_experts {experts} are not divisible by ep {ep}; choose an "
                                                     "ep that divides the number of experts").fill(
            experts=shape.moe_experts, ep=layout.ep))
