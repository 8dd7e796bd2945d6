"""Memory per GPU: ZeRO model states, Korthikanti activations, pipeline in-flight, seed FAQ sizing."""

from __future__ import annotations

import pytest

from planner_gui.engine.training import (
    activation_bytes_per_layer,
    find_preset,
    memory_per_gpu,
    minimum_gpus,
    workload_for_preset,
    zero_bytes_per_param,
)
from planner_gui.engine.training.memory import CUDA_CONTEXT_GB, FRAGMENTATION, in_flight_micro_batches
from planner_gui.engine.training.parallel import Layout
from planner_gui.engine.training.shape import ModelShape
from planner_gui.model.settings import Recompute
from tests.engine.test_training_support import A100, A100_40

# Korthikanti et al. 2022 Table 2 example: s = 2048, b = 1, h = 4096, a = 32 (GPT, f = 4h)
KORTHIKANTI = ModelShape(layers=32, hidden=4096, heads=32, kv_heads=32, ffn_hidden=16384, vocab=51200,
                         seq_len=2048)
SBH = 2048 * 1 * 4096  # 8,388,608


@pytest.mark.parametrize(("stage", "per_param"), [(0, 16.0), (1, 2 + 2 + 12 / 8), (2, 2 + 14 / 8), (3, 16 / 8)])
def test_zero_stages_divide_the_16_bytes(stage: int, per_param: float) -> None:
    """Mixed-precision Adam: 2 (weights) + 2 (grads) + 12 (fp32 master, m, v) = 16 B/param; over dp = 8,
    ZeRO-1 shards the 12, ZeRO-2 also the 2 of gradients, ZeRO-3 everything (ZeRO, Rajbhandari et al. 2020)."""
    assert sum(zero_bytes_per_param(stage, 8)) == pytest.approx(per_param)


def test_korthikanti_no_parallelism() -> None:
    """34·s·b·h + 5·a·s²·b = 34·8,388,608 + 5·32·2048² = 285,212,672 + 671,088,640 = 956,301,312 B."""
    got = activation_bytes_per_layer(KORTHIKANTI, 1, 1, Recompute.NONE, False, flash_attention=False)
    assert got == pytest.approx(956_301_312)


def test_korthikanti_tensor_parallel_without_sp() -> None:
    """s·b·h·(10 + 24/t + 5·a·s/(h·t)), t = 8: 8,388,608 × (10 + 3 + 10) = 192,937,984 B."""
    got = activation_bytes_per_layer(KORTHIKANTI, 1, 8, Recompute.NONE, False, flash_attention=False)
    assert got == pytest.approx(192_937_984)


def test_korthikanti_sp_with_selective_recompute() -> None:
    """TP + SP + selective recompute: 34·s·b·h/t = 34 × 8,388,608 / 8 = 35,651,584 B."""
    got = activation_bytes_per_layer(KORTHIKANTI, 1, 8, Recompute.SELECTIVE, True, flash_attention=False)
    assert got == pytest.approx(35_651_584)


def test_korthikanti_full_recompute_keeps_the_layer_input() -> None:
    """Full recompute: 2·s·b·h = 16,777,216 B (Table 2)."""
    got = activation_bytes_per_layer(KORTHIKANTI, 1, 1, Recompute.FULL, False, flash_attention=False)
    assert got == pytest.approx(16_777_216)


@pytest.mark.parametrize(("pp", "vpp", "global_batch", "expected"), [(4, 1, 8, 4.0), (4, 2, 8, 5.5), (4, 1, 2, 2.0)])
def test_first_stage_holds_p_micro_batches(pp: int, vpp: int, global_batch: int, expected: float) -> None:
    """1F1B: the first stage holds min(p, m) micro-batches; interleaving × (1 + (p−1)/(p·v)):
    p = 4, v = 2 → 4 × (1 + 3/8) = 5.5 (Megatron-LM theoretical_memory_usage.py)."""
    layout = Layout(tp=1, pp=pp, dp=1, ep=1, vpp=vpp, gpus_per_node=8, micro_batch=1, global_batch=global_batch)
    assert in_flight_micro_batches(layout) == pytest.approx(expected)


def test_memory_breakdown_adds_up_for_a_small_model() -> None:
    """Korthikanti shape, tp 8, pp 1, dp 1, ZeRO-0, SP + selective, 1 micro-batch of 1 sequence.

    Params/GPU = (32·(12h² + 2h) + 2·V·h)/8 = (6,442,713,088 + 419,430,400)/8 = 857,767,936 → 16 B each
    = 13.72 GB; activations 32 × 35,651,584 = 1.141 GB; logits 4·s·V/8 = 52.4 MB; reserve 2 + 0.05·80 GB.
    """
    layout = Layout(tp=8, pp=1, dp=1, ep=1, vpp=1, gpus_per_node=8, micro_batch=1, global_batch=1)
    mem = memory_per_gpu(KORTHIKANTI, layout, 0, Recompute.SELECTIVE, 80.0, True, False)
    params = 857_767_936
    assert mem.weights_gb + mem.gradients_gb + mem.optimizer_gb == pytest.approx(16 * params / 1e9)
    assert mem.activations_gb == pytest.approx(32 * 35_651_584 / 1e9)
    assert mem.buffers_gb == pytest.approx(4 * 2048 * 51200 / 8 / 1e9)
    assert mem.reserve_gb == pytest.approx(CUDA_CONTEXT_GB + FRAGMENTATION * 80)
    assert mem.fits


def test_seed_faq_7b_on_two_a100_40g_does_not_fit() -> None:
    """Seed 000 FAQ: "7B on 2 × A100 40G with data parallelism". Plain DP keeps all 16 B/param on every
    GPU: 6.74e9 × 16 = 108 GB per GPU > 40 GB, so no DP size fits; even ZeRO-3 over 2 GPUs needs 54 GB.
    Our minimum for full training on A100 40G is 4 GPUs (ZeRO-3, full recompute) — the figure of the idc10000.net 8-GPU cluster build guide (2026)."""
    preset = find_preset("Llama-2-7B")
    workload = workload_for_preset(preset, zero_stage=0, recompute=Recompute.FULL)
    plain_dp = Layout(tp=1, pp=1, dp=2, ep=1, vpp=1, gpus_per_node=8, micro_batch=1, global_batch=2)
    mem = memory_per_gpu(preset.shape, plain_dp, 0, Recompute.FULL, 40.0, False, True)
    assert mem.weights_gb + mem.gradients_gb + mem.optimizer_gb == pytest.approx(16 * 6.7384e9 / 1e9, rel=1e-4)
    assert not mem.fits
    best = minimum_gpus(workload, A100_40, shape=preset.shape, zero_stages=(0, 1, 2, 3),
                        recomputes=(Recompute.SELECTIVE, Recompute.FULL))
    assert best is not None and (best.gpus, best.zero_stage) == (4, 3)


def test_seed_faq_70b_needs_more_than_one_a100_80g_node() -> None:
    """Seed 000 FAQ: "70B needs at least 8 × A100 80G". 16 B × 69.0e9 = 1,104 GB of model states alone
    exceed one node's 640 GB, so 8 GPUs cannot hold a full training run; our minimum is 16 (ZeRO-3 over
    16: 69 GB of states + activations + reserve ≈ 78 GB). Seed 004's "≥ 32 GPUs" leaves headroom."""
    preset = find_preset("Llama-2-70B")
    workload = workload_for_preset(preset, recompute=Recompute.FULL)
    best = minimum_gpus(workload, A100, shape=preset.shape, zero_stages=(0, 1, 2, 3),
                        recomputes=(Recompute.SELECTIVE, Recompute.FULL))
    assert best is not None and best.gpus == 16 and best.memory.total_gb <= 80


@pytest.mark.parametrize(("name", "gpus"), [("GPT-3-175B", 64), ("Llama-3.1-405B", 128)])
def test_seed_faq_175b_and_405b_minimums(name: str, gpus: int) -> None:
    """Seed 000 FAQ: 175B ≥ 16 GPUs, 405B ≥ 32. Model states alone are 16 × 175e9 = 2.8 TB (> 35 × 80 GB)
    and 16 × 406e9 = 6.5 TB (> 81 × 80 GB), so with power-of-two counts we need 64 and 128 A100 80G."""
    preset = find_preset(name)
    workload = workload_for_preset(preset, recompute=Recompute.FULL)
    best = minimum_gpus(workload, A100, shape=preset.shape, zero_stages=(0, 1, 2, 3),
                        recomputes=(Recompute.FULL,))
    assert best is not None and best.gpus == gpus
