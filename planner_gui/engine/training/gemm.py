"""How the size of a GEMM limits the fraction of the sustained rate it reaches.

A GEMM too small to fill every SM with tiles for many waves, or to amortise its prologue and
epilogue, runs below the rate a large one sustains. Calculon's A100 system file states this as an
efficiency by GEMM size (calculon-ai/calculon ``systems/a100_80g.json`` @ caa4b11; Isaev et al.,
SC'23): 0.95 of peak from 128 GFLOP, 0.9 from 16, 0.6 from 1, 0.1 below.
The catalog's ``achievable_fraction`` was measured on an 8192³ GEMM (1.1 TFLOP: 668 of 989 TFLOP/s on
an H200, the h200-sxm-141gb entry's note), in the top class, so a GEMM's rate is
``achievable_fraction × η(size) / η(top)``.
"""

from __future__ import annotations

from planner_gui.engine.training.shape import ModelShape

GFLOP = 1e9
# (at least this many FLOPs, efficiency): Calculon systems/a100_80g.json "matrix" efficiency table
SIZE_EFFICIENCY = ((128 * GFLOP, 0.95), (16 * GFLOP, 0.9), (1 * GFLOP, 0.6), (0.0, 0.1))
REFERENCE_EFFICIENCY = SIZE_EFFICIENCY[0][1]  # the measured 8192³ GEMM's class


def size_factor(flops: float) -> float:
    """η(flops) / η(top class): 1 for large GEMMs, less for small ones."""
    return next(eff for floor, eff in SIZE_EFFICIENCY if flops >= floor) / REFERENCE_EFFICIENCY


def layer_gemms(shape: ModelShape, tokens: float, tp: int, ep: int) -> tuple[tuple[float, float], ...]:
    """(FLOPs of one GEMM, how many run) for one layer's forward weight GEMMs on one GPU.

    ``tokens`` are the GPU's tokens per micro-batch (b·s/cp); TP splits every weight over tp GPUs;
    an MoE layer's E/ep local experts each see tokens·ep·k/E tokens (the all-to-all gathers them).
    """
    h, f = shape.hidden, shape.ffn_hidden
    qkv = 2 * tokens * h * (h + 2 * shape.kv_hidden) / tp
    proj = 2 * tokens * h * h / tp
    # the busiest rank's experts: balanced share x routing load (capacity padding or imbalance, shape.moe_load)
    expert_tokens = tokens * ep * shape.moe_topk * shape.moe_load / shape.moe_experts if shape.is_moe else tokens
    experts = shape.moe_experts / ep if shape.is_moe else 1
    one_matrix = 2 * expert_tokens * h * f / tp
    gemms = [(qkv, 1.0), (proj, 1.0), (one_matrix, shape.mlp_matrices * experts)]
    if shape.is_moe:
        gemms.append((2 * tokens * h * shape.moe_experts, 1.0))  # router
    return tuple(gemms)


def layer_gemm_time(shape: ModelShape, tokens: float, tp: int, ep: int, rate: float) -> float:
    """Seconds of one layer's forward weight GEMMs at ``rate`` FLOP/s for large GEMMs."""
    return sum(count * flops / (rate * size_factor(flops)) for flops, count in layer_gemms(shape, tokens, tp, ep))
