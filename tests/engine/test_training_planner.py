"""The layout planner: its bounds hold, its list equals timing every layout, and what it returns fits."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from planner_gui.engine.training.planner import (
    HSDP,
    RECOMPUTES,
    PlanSpace,
    _consistent_grid,
    _memory_lower_bound_gb,
    _time_lower_bound_s,
    _timed_entry,
    plan_layouts,
)
from planner_gui.engine.training.shape import ModelShape
from planner_gui.engine.training.step import DEFAULT_OPTIONS
from planner_gui.model.settings import Precision
from tests.engine.test_training_support import A100_40, BusComm

SHAPE = ModelShape(layers=12, hidden=2048, heads=16, kv_heads=16, ffn_hidden=8192, vocab=32000, seq_len=2048)
SPACE = PlanSpace(tp=(1, 2, 4), pp=(1, 2, 4), vpp=(1, 2), cp=(1, 2), micro_batch=(1, 2, 4))
COMM = BusComm(20.0)


def _all_timed(gpus: int, batch: int) -> list[tuple[float, int]]:
    grid = _consistent_grid(SHAPE, gpus, 8, batch, SPACE)
    out = []
    for i in range(grid["tp"].size):
        entry = _timed_entry(SHAPE, grid, i, 8, batch, Precision.BF16, A100_40, COMM, DEFAULT_OPTIONS, 1e12)
        if entry is not None and entry.estimate.fits:
            out.append((entry.estimate.step_time_s, i))
    return sorted(out)


def test_bounds_are_below_the_full_model_for_every_layout() -> None:
    grid = _consistent_grid(SHAPE, 16, 8, 64, SPACE)
    memory = _memory_lower_bound_gb(SHAPE, grid, A100_40.memory_gb, 8)
    time = _time_lower_bound_s(SHAPE, grid, A100_40, Precision.BF16)
    assert grid["tp"].size > 100
    for i in range(grid["tp"].size):
        entry = _timed_entry(SHAPE, grid, i, 8, 64, Precision.BF16, A100_40, COMM, DEFAULT_OPTIONS, 1e12)
        assert entry is not None
        assert time[i] <= entry.estimate.step_time_s * (1 + 1e-9)
        assert memory[i] <= entry.estimate.memory_per_gpu_gb * (1 + 1e-9)


def test_the_list_equals_timing_every_layout() -> None:
    """Branch and bound returns exactly the best five of an exhaustive search, in the same order."""
    result = plan_layouts(SHAPE, 16, 8, 64, Precision.BF16, A100_40, COMM, space=SPACE, top=5)
    exhaustive = _all_timed(16, 64)[:5]
    assert [e.estimate.step_time_s for e in result.entries] == pytest.approx([t for t, _ in exhaustive])
    assert result.timed < result.searched  # the bound pruned something


def test_entries_fit_are_sorted_and_carry_their_layout() -> None:
    result = plan_layouts(SHAPE, 16, 8, 64, Precision.BF16, A100_40, COMM, space=SPACE, top=8)
    times = [e.estimate.step_time_s for e in result.entries]
    assert times == sorted(times) and len(times) == 8
    for entry in result.entries:
        assert entry.estimate.fits and entry.tp * entry.pp * entry.cp * entry.dp == 16
        j = entry.to_json()
        assert set(j) >= {"layout", "step_time_s", "mfu", "memory_per_gpu_gb"}
        assert j["layout"]["recompute"] in {str(r) for r in RECOMPUTES}


def test_a_model_too_big_for_the_cluster_returns_nothing() -> None:
    """GPT-3-like 96 layers × 12288 on 8 A100 40GB: 175e9 × 16 B of states cannot fit 320 GB in any layout."""
    big = dataclasses.replace(SHAPE, layers=96, hidden=12288, heads=96, kv_heads=96, ffn_hidden=4 * 12288)
    result = plan_layouts(big, 8, 8, 64, Precision.BF16, A100_40, COMM, space=SPACE)
    assert result.entries == () and result.memory_bound_fits == 0


def test_hsdp_needs_more_than_one_server_and_bad_input_is_refused() -> None:
    grid = _consistent_grid(SHAPE, 8, 8, 64, dataclasses.replace(SPACE, sharding=(HSDP,)))
    assert grid["tp"].size == 0  # 8 GPUs = one server: nothing to replicate across
    with pytest.raises(ValueError, match="at least one GPU"):
        plan_layouts(SHAPE, 0, 8, 64, Precision.BF16, A100_40, COMM)


def test_more_bandwidth_never_slows_the_best_layout() -> None:
    best = [plan_layouts(SHAPE, 16, 8, 64, Precision.BF16, A100_40, BusComm(gbs), space=SPACE, top=1)
            .entries[0].estimate.step_time_s for gbs in (2.0, 10.0, 50.0)]
    assert np.all(np.diff(best) <= 0)
