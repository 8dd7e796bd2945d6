"""Training FLOPs and parameter counts, checked against hand calculations and published counts."""

from __future__ import annotations

import pytest

from planner_gui.engine.training import (
    find_preset,
    hardware_flops_per_token,
    model_flops_per_step,
    model_flops_per_token,
    shape_from_workload,
    six_n_d,
)
from planner_gui.engine.training.flops import recompute_flops_per_token
from planner_gui.model.settings import Recompute
from tests.engine.test_training_support import gpt

# l = 4, h = 1024, s = 2048, V = 51200, B = 8 (the gpt() helper's shape)
L, H, S, V, B = 4, 1024, 2048, 51200, 8


def test_model_flops_match_narayanan_72_form() -> None:
    """F = 72·B·s·l·h²·(1 + s/(6h) + V/(12·l·h)) (Narayanan et al. 2021, SC'21).

    72·8·2048·4·1024² = 4.947802e12; 1 + 2048/6144 + 51200/49152 = 2.375 → F = 1.175103e13.
    """
    shape = shape_from_workload(gpt())
    expected = 72 * B * S * L * H**2 * (1 + S / (6 * H) + V / (12 * L * H))
    assert expected == pytest.approx(1.175103e13, rel=1e-6)
    assert model_flops_per_step(shape, B) == pytest.approx(expected, rel=1e-12)


def test_full_recompute_hardware_flops_match_96_form() -> None:
    """F_hw = 96·B·s·l·h²·(1 + s/(6h) + V/(16·l·h)) with full recompute (Narayanan et al. 2021).

    96·8·2048·4·1024² = 6.597070e12; 1 + 1/3 + 51200/65536 = 2.114583 → 1.395004e13.
    """
    shape = shape_from_workload(gpt())
    expected = 96 * B * S * L * H**2 * (1 + S / (6 * H) + V / (16 * L * H))
    assert expected == pytest.approx(1.395004e13, rel=1e-6)
    assert hardware_flops_per_token(shape, Recompute.FULL) * B * S == pytest.approx(expected, rel=1e-12)


def test_six_n_d_is_the_weight_part_of_the_exact_count() -> None:
    """Per token: 6 FLOPs per matmul weight (2 forward + 4 backward) plus 12·l·s·h for the scores.

    Matmul weights = all parameters minus the input embedding (a lookup) and the 2h norm weights per
    layer, so model FLOPs/token = 6·(N − V·h − 2·h·l) + 12·l·s·h exactly.
    """
    shape = shape_from_workload(gpt())
    matmul_params = shape.total_params - V * H - 2 * H * L
    assert model_flops_per_token(shape) == pytest.approx(6 * matmul_params + 12 * L * S * H, rel=1e-12)
    assert six_n_d(7e9, 1e12) == pytest.approx(4.2e22)


def test_selective_recompute_adds_only_the_attention_forward() -> None:
    """Selective recompute re-runs Q·Kᵀ and scores·V: 2 matmuls × 2·s·h FLOPs per token per layer."""
    shape = shape_from_workload(gpt())
    assert recompute_flops_per_token(shape, Recompute.SELECTIVE) == pytest.approx(4 * S * H * L)
    assert recompute_flops_per_token(shape, Recompute.NONE) == 0.0


def test_gated_mlp_and_gqa_follow_megatron_general_form() -> None:
    """Megatron: 12·l·h²·[1 + (f/h)·k·γ + g/a + s/h + V/(2lh)] per token, γ = 3/2 for SwiGLU (Narayanan et al. 2021).

    Llama-3-8B (l 32, h 4096, a 32, g 8, f 14336, V 128256, s 8192):
    12·32·4096² = 6.4425e9; bracket 1 + 3.5·1.5 + 0.25 + 2 + 0.48926 = 8.98926 → 5.7913e10 FLOPs/token,
    which with NeMo's published 12,273 tokens/s/GPU gives its 711 TFLOP/s (training_calibration.csv K4).
    """
    shape = find_preset("Llama-3-8B").shape
    bracket = 1 + (14336 / 4096) * 1.5 + 8 / 32 + 8192 / 4096 + 128256 / (2 * 32 * 4096)
    expected = 12 * 32 * 4096**2 * bracket
    assert model_flops_per_token(shape) == pytest.approx(expected, rel=1e-9)
    assert model_flops_per_token(shape) * 12273 / 1e12 == pytest.approx(711, abs=1)


def test_preset_parameter_counts_match_published_totals() -> None:
    """Llama-2-7B has 6,738,415,616 parameters (HF model card); we omit the final norm (4,096).

    Llama-3-70B has 70,553,706,496 (HF); minus the final norm (8,192).
    """
    assert find_preset("Llama-2-7B").shape.total_params == 6_738_415_616 - 4096
    assert find_preset("llama3-70b").shape.total_params == 70_553_706_496 - 8192
