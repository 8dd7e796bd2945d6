"""GEMM efficiency by size (Calculon's table): small GEMMs run below the sustained rate, large ones at it."""

from __future__ import annotations

from itertools import pairwise

import pytest

from planner_gui.engine.training import estimate_training
from planner_gui.engine.training.gemm import layer_gemms, size_factor
from planner_gui.engine.training.shape import ModelShape
from tests.engine.test_training_support import A100, gpt, no_comm


@pytest.mark.parametrize(("gflop", "factor"), [(1100, 1.0), (128, 1.0), (127, 0.9 / 0.95), (16, 0.9 / 0.95),
                                               (15.9, 0.6 / 0.95), (1, 0.6 / 0.95), (0.5, 0.1 / 0.95)])
def test_size_classes_follow_calculons_table(gflop: float, factor: float) -> None:
    assert size_factor(gflop * 1e9) == pytest.approx(factor)


def test_a_layers_gemms_add_up_to_its_linear_flops() -> None:
    """h = 2048, f = 8192, 4,096 tokens, tp 2: QKV 2·T·h·3h/2, projection 2·T·h²/2, MLP 2 × 2·T·h·f/2."""
    shape = ModelShape(layers=1, hidden=2048, heads=16, kv_heads=16, ffn_hidden=8192, vocab=8, seq_len=4096)
    total = sum(flops * count for flops, count in layer_gemms(shape, 4096, 2, 1))
    h, f, t = 2048, 8192, 4096
    assert total == pytest.approx((2 * t * h * 3 * h + 2 * t * h * h + 2 * 2 * t * h * f) / 2)


def test_smaller_micro_batches_never_raise_per_token_speed() -> None:
    """Halving the tokens per GEMM can only keep or lower the rate each token gets."""
    rates = [estimate_training(gpt(hidden=1024, micro_batch=mb, global_batch=8), A100, no_comm).tokens_per_s
             for mb in (8, 4, 2, 1)]
    assert all(b <= a * (1 + 1e-9) for a, b in pairwise(rates))
