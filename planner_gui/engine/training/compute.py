"""Time one pipeline stage spends computing one micro-batch (no communication).

Three kinds of kernel, each at its own ceiling (a roofline per kind):

* weight GEMMs at the workload precision's dense peak × the GPU's achievable fraction (the
  catalog's sustained-GEMM figure; benchmarks/data/h200_sustained_load.csv H3: 67.5 % for a large bf16 GEMM);
* attention-score matmuls and the output layer at the 16-bit rate (Transformer Engine runs only
  the linear layers in FP8), same achievable fraction;
* element-wise kernels (norms, activation functions, dropout, residual adds, FP8 casts) bound by
  HBM bandwidth: their traffic is counted from the activation bytes of Korthikanti et al. 2022,
  which are exactly the tensors these kernels write in the forward and read in the backward (fused
  kernels, as Megatron/Transformer Engine and torch.compile run them); eager PyTorch adds the
  traffic of its unfused fp32 RMSNorm, rotary and SwiGLU chains (:func:`eager_bytes_per_token`).

Every kernel also pays a fixed launch/tail cost, which is what makes small GEMMs inefficient.
"""

from __future__ import annotations

from dataclasses import dataclass

from planner_gui.engine.training.flops import BACKWARD_OVER_FORWARD, forward_flops_per_token
from planner_gui.engine.training.gemm import layer_gemm_time, size_factor
from planner_gui.engine.training.gpu import MEMORY_BW_ACHIEVABLE, GpuFacts
from planner_gui.engine.training.memory import LOGIT_BYTES, MLP_SBF_GATED, NORM_SBH, activation_bytes_per_layer
from planner_gui.engine.training.parallel import Layout
from planner_gui.engine.training.shape import NORMS_PER_LAYER, ModelShape
from planner_gui.model.settings import Precision, Recompute

TFLOPS = 1e12
# [est] Each stored activation byte is written once in the forward; the backward reads it and
# writes and reads its gradient: 1 forward pass + 3 backward passes over the Korthikanti bytes.
ELEMENTWISE_PASSES_FORWARD = 1
ELEMENTWISE_PASSES_BACKWARD = 3
# [est] FP8 (Transformer Engine cast-transpose): each GEMM input element is read in 16-bit (2 B) and
# written as FP8 plus its FP8 transpose (1 + 1 B); activations in the forward, gradients in the backward.
FP8_CAST_BYTES_PER_PASS = 2 + 1 + 1
# Kernels per layer per micro-batch: forward ≈ 5 GEMMs + 2 score matmuls + ≈ 8 element-wise
# kernels = 15, backward twice that (BACKWARD_OVER_FORWARD) [est, from the layer's structure].
KERNELS_PER_LAYER_FORWARD = 15
# FlashAttention keeps no score matrix, so its backward recomputes S = QKᵀ from Q, K and the saved
# softmax statistics: 5 score-sized matmuls (S, dV, dP, dQ, dK) against the forward's 2 (S, O), i.e.
# the usual 2 × forward plus half a forward (Dao 2023, FlashAttention-2, arXiv:2307.08691 §3.1,
# Algorithm 2; mosaicml/llm-foundry scripts/train/benchmarking/README.md counts the same extra factor).
FLASH_BACKWARD_RECOMPUTE = 0.5
# Launch gap + tail per kernel without CUDA graphs: ≈ 3.5 µs (NVIDIA/nccl#1984).
KERNEL_OVERHEAD_S = 3.5e-6
# Eager PyTorch runs every element-wise op as its own kernel, and Llama's reference RMSNorm and rotary
# embedding compute in fp32 (meta-llama/llama model.py; pytorch/torchtitan torchtitan/models/llama3
# model.py). Bytes read + written per element in the forward, op by op [derived from that code]:
# RMSNorm: x.float() 2+4, pow 4+4, mean 4, x·rsqrt 4+4, type_as 4+2, ·weight 2+2 = 36.
EAGER_RMSNORM_BYTES = 36
COUNTED_NORM_BYTES = NORM_SBH / NORMS_PER_LAYER  # what the fused count already charges per norm (its input, 2 B)
# Rotary on Q and K: .float() 2+4, complex multiply 4+4, type_as 4+2 = 20 (the fused count has none).
EAGER_ROPE_BYTES = 20
# SwiGLU per element of f: silu(gate) 2+2, · up 4+2 = 10, of which the stored gate/up/product (6) are counted.
EAGER_SWIGLU_BYTES = 10


@dataclass(frozen=True, slots=True)
class StageCompute:
    """Seconds one stage spends per micro-batch; ``backward_s`` is the part DP traffic can hide behind."""

    total_s: float
    forward_s: float
    backward_s: float
    attention_s: float  # score matmuls fwd + bwd, FlashAttention's recompute included (hides CP's K/V exchange)
    hardware_flops: float  # FLOPs executed on one GPU per micro-batch (recompute included)
    linear_forward_s: float = 0.0  # weight GEMMs of one forward pass (what TP comm overlap hides behind)


def stage_compute(shape: ModelShape, gpu: GpuFacts, precision: Precision, recompute: Recompute,
                  layout: Layout, flash_attention: bool, matmul_share: float = 0.0,
                  fused_elementwise: bool = True) -> StageCompute:
    """Compute time of the slowest stage per micro-batch: the last (it also runs the output layer) or,
    with uneven stages, a fuller middle stage. ``matmul_share``: see :func:`_recompute_time`;
    ``fused_elementwise`` False: eager PyTorch (:func:`eager_bytes_per_token`)."""
    software = (matmul_share, 0.0 if fused_elementwise else eager_bytes_per_token(shape))
    last = _stage_compute(shape, gpu, precision, recompute, layout, flash_attention,
                          layout.layers_on(-1, shape.layers), True, software)
    if layout.pp == 1 or not layout.stage_layers:
        return last
    middle = _stage_compute(shape, gpu, precision, recompute, layout, flash_attention,
                            max(layout.stage_layers[:-1]), False, software)
    return max(last, middle, key=lambda stage: stage.total_s)


def _stage_compute(shape: ModelShape, gpu: GpuFacts, precision: Precision, recompute: Recompute,
                   layout: Layout, flash_attention: bool, layers: float, logits: bool,
                   software: tuple[float, float]) -> StageCompute:
    """One stage of ``layers`` layers, with the output layer when ``logits``; ``software`` is
    (recompute matmul share, eager element-wise bytes per token and layer)."""
    matmul_share, eager_bytes = software
    fwd = forward_flops_per_token(shape)
    micro_batch, tp, cp = layout.micro_batch, layout.tp, layout.cp
    tokens = micro_batch * shape.seq_len / cp  # CP gives each GPU 1/cp of every sequence
    share = tokens / tp  # every per-token figure is split over the TP group
    lin_fwd = fwd.linear / shape.layers * layers * share
    attn_fwd = fwd.attention / shape.layers * layers * share
    logit_fwd = fwd.logits * share if logits else 0.0
    eff = gpu.achievable_fraction
    rate_lin = gpu.peak_tflops(precision) * TFLOPS * eff
    rate_16 = gpu.sixteen_bit_tflops() * TFLOPS * eff
    lin_s = layer_gemm_time(shape, tokens, tp, layout.ep, rate_lin) * layers
    logit_s = logit_fwd / (rate_16 * size_factor(logit_fwd)) if logits else 0.0
    gemm_fwd = lin_s + attn_fwd / rate_16 + logit_s
    hbm = gpu.memory_bytes_per_s * MEMORY_BW_ACHIEVABLE
    one_pass = (_stored_bytes(shape, micro_batch, tp, cp, flash_attention) * layers
                + (LOGIT_BYTES * tokens * shape.vocab / tp if logits else 0.0)) / hbm
    one_pass += eager_bytes * share * layers / hbm / ELEMENTWISE_PASSES_FORWARD
    cast = _fp8_cast_bytes(shape, share) * layers / hbm if precision == Precision.FP8 else 0.0
    launch = KERNELS_PER_LAYER_FORWARD * layers * KERNEL_OVERHEAD_S
    elementwise_fwd = ELEMENTWISE_PASSES_FORWARD * one_pass
    forward = gemm_fwd + elementwise_fwd + cast + launch
    flash_recompute = FLASH_BACKWARD_RECOMPUTE * attn_fwd / rate_16 if flash_attention else 0.0
    backward = (BACKWARD_OVER_FORWARD * (gemm_fwd + launch) + ELEMENTWISE_PASSES_BACKWARD * one_pass + cast
                + flash_recompute
                + _recompute_time(recompute, attn_fwd / rate_16, forward - logit_s,
                                  matmul_share * lin_s + elementwise_fwd if matmul_share > 0 else None))
    flops = (1 + BACKWARD_OVER_FORWARD) * (lin_fwd + attn_fwd + logit_fwd)
    selective = matmul_share * lin_fwd if matmul_share > 0 else attn_fwd
    flops += {Recompute.FULL: lin_fwd + attn_fwd, Recompute.SELECTIVE: selective}.get(recompute, 0.0)
    attention = (1 + BACKWARD_OVER_FORWARD) * attn_fwd / rate_16 + flash_recompute
    return StageCompute(forward + backward, forward, backward, attention, flops, lin_s)


def _recompute_time(recompute: Recompute, attention_s: float, forward_s: float, op_policy_s: float | None) -> float:
    """Time to re-run the forward parts the backward needs (full: the whole layer forward).

    Selective recompute re-runs the attention core (Korthikanti et al. 2022) or, under an operator-level
    policy (``op_policy_s`` given, ``matmul_share`` > 0), that share of the weight GEMMs plus every
    element-wise kernel, since the policy saves only matmul and attention outputs (torchtitan
    ``activation_checkpoint.py`` ``_custom_policy``: "Saves output of all compute ops, except every second mm").
    """
    if recompute == Recompute.FULL:
        return forward_s
    if recompute == Recompute.SELECTIVE:
        return attention_s if op_policy_s is None else op_policy_s
    return 0.0


def eager_bytes_per_token(shape: ModelShape) -> float:
    """Element-wise bytes one token moves per layer in the forward beyond the fused count, when eager
    PyTorch runs the layer op by op (the constants above); the backward moves ELEMENTWISE_PASSES_BACKWARD /
    ELEMENTWISE_PASSES_FORWARD times as much, as in the fused count. LayerNorm and GeLU are one kernel
    each even in eager PyTorch (``F.layer_norm``, ``F.gelu``), so a GPT/MPT layer adds nothing."""
    h = shape.hidden
    norms = NORMS_PER_LAYER * (EAGER_RMSNORM_BYTES - COUNTED_NORM_BYTES) * h if shape.rms_norm else 0.0
    rope = EAGER_ROPE_BYTES * (h + shape.kv_hidden) if shape.rotary else 0.0
    swiglu = (EAGER_SWIGLU_BYTES - MLP_SBF_GATED) * shape.ffn_hidden * shape.experts_busiest if shape.gated_mlp else 0.0
    return norms + rope + swiglu


def _stored_bytes(shape: ModelShape, micro_batch: int, tp: int, cp: int, flash_attention: bool) -> float:
    """Activation bytes one layer writes per micro-batch on one GPU (element-wise traffic per pass)."""
    return activation_bytes_per_layer(shape, micro_batch, tp, Recompute.NONE, True, flash_attention, cp)


def _fp8_cast_bytes(shape: ModelShape, tokens_per_gpu: float) -> float:
    """Bytes FP8 casts move per layer per micro-batch in one direction (forward or backward)."""
    gemm_inputs = 3 * shape.hidden + shape.ffn_hidden * shape.experts_busiest  # QKV, proj, up, down inputs
    return FP8_CAST_BYTES_PER_PASS * gemm_inputs * tokens_per_gpu
