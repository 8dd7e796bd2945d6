"""Training FLOPs from the model shape: per token, per step, model vs hardware (recompute).

Counting follows Megatron-LM's ``num_floating_point_operations`` (megatron/training/training.py):
a multiply-add is 2 FLOPs, backward costs twice the forward, and the attention score matrix is
counted in full (s², not the causal half), so our MFU is comparable with Megatron's and NeMo's.
For a GPT shape (f = 4h, K/V heads = heads) the total is Narayanan's
F = 72·B·s·l·h²·(1 + s/(6h) + V/(12·l·h)); with full recompute the hardware count is
96·B·s·l·h²·(1 + s/(6h) + V/(16·l·h)).
"""

from __future__ import annotations

from dataclasses import dataclass

from planner_gui.engine.training.shape import ModelShape
from planner_gui.model.settings import Recompute

FLOPS_PER_MAC = 2  # one multiply-add = 2 floating-point operations
BACKWARD_OVER_FORWARD = 2  # backward = 2 × forward (gradients w.r.t. inputs and weights); Narayanan et al. 2021
SCORE_MATMULS = 2  # Q·Kᵀ and scores·V (Narayanan et al. 2021, the s/h term)
SIX_ND = 6  # C ≈ 6·N·D (EleutherAI "Transformer Math 101")


@dataclass(frozen=True, slots=True)
class TokenFlops:
    """Forward FLOPs per token, split by the kind of kernel that runs them."""

    linear: float  # weight GEMMs of all layers (QKV, projection, MLP/experts, router)
    attention: float  # Q·Kᵀ and scores·V of all layers (full s×s count)
    logits: float  # output layer

    @property
    def forward(self) -> float:
        return self.linear + self.attention + self.logits


def forward_flops_per_token(shape: ModelShape) -> TokenFlops:
    """Forward FLOPs for one token of a ``shape.seq_len``-long sequence."""
    h = shape.hidden
    qkv_proj = h * (h + 2 * shape.kv_hidden) + h * h
    mlp = shape.experts_active * shape.expert_params + shape.router_params
    linear = FLOPS_PER_MAC * shape.layers * (qkv_proj + mlp)
    attention = FLOPS_PER_MAC * SCORE_MATMULS * shape.layers * shape.seq_len * h
    logits = FLOPS_PER_MAC * h * shape.vocab
    return TokenFlops(float(linear), float(attention), float(logits))


def model_flops_per_token(shape: ModelShape) -> float:
    """Training FLOPs per token without recompute (what MFU counts)."""
    return (1 + BACKWARD_OVER_FORWARD) * forward_flops_per_token(shape).forward


def recompute_flops_per_token(shape: ModelShape, recompute: Recompute, matmul_share: float = 0.0) -> float:
    """FLOPs recomputing activations adds per token.

    Full recompute re-runs every layer's forward (not the output layer); selective recompute
    (Korthikanti et al. 2022) re-runs only the attention-score part, unless ``matmul_share`` > 0: an
    operator-level policy that keeps attention and re-runs that share of the weight GEMMs instead
    (torchtitan's "op" policy saves every matmul output but every second one: 0.5).
    """
    fwd = forward_flops_per_token(shape)
    if recompute == Recompute.FULL:
        return fwd.linear + fwd.attention
    if recompute == Recompute.SELECTIVE:
        return matmul_share * fwd.linear if matmul_share > 0 else fwd.attention
    return 0.0


def hardware_flops_per_token(shape: ModelShape, recompute: Recompute, matmul_share: float = 0.0) -> float:
    """FLOPs the GPUs execute per token (what HFU counts)."""
    return model_flops_per_token(shape) + recompute_flops_per_token(shape, recompute, matmul_share)


def model_flops_per_step(shape: ModelShape, global_batch: int) -> float:
    return model_flops_per_token(shape) * global_batch * shape.seq_len


def six_n_d(params: float, tokens: float) -> float:
    """The 6·N·D rule of thumb for a whole run (ignores the attention-score term)."""
    return SIX_ND * params * tokens
