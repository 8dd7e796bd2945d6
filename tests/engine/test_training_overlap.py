"""Overlap options named as Megatron-Core names them: what each hides, by hand calculation."""

from __future__ import annotations

from dataclasses import replace

import pytest

from planner_gui.engine.training import StepOptions, estimate_training
from planner_gui.model.settings import Recompute
from tests.engine.test_training_support import A100, BusComm, gpt

SP = StepOptions(sequence_parallel=True, dp_overlap=False)


def test_tp_comm_overlap_exposes_one_chunk_in_tp_when_gemms_are_long_enough() -> None:
    """tp = 2 at 1,000 GB/s: every pass's RS + AG is far shorter than its GEMMs, so only the first of the
    tp = 2 chunks is exposed: half the non-overlapped TP time."""
    workload = gpt(tp=2, global_batch=8)
    plain = estimate_training(workload, A100, BusComm(1000.0), options=SP)
    hidden = estimate_training(workload, A100, BusComm(1000.0), options=replace(SP, tp_comm_overlap=True))
    assert hidden.breakdown["tp_comm_s"] == pytest.approx(plain.breakdown["tp_comm_s"] / 2, rel=1e-9)
    assert hidden.step_time_s < plain.step_time_s


def test_tp_comm_overlap_cannot_hide_more_than_the_gemms_last() -> None:
    """At 1 GB/s the exchanges dwarf the GEMMs: exposed = traffic − GEMM time per pass (forward GEMMs ×1,
    backward ×2), never less than the first chunk, and the step still pays nearly all of it."""
    workload = gpt(tp=2, global_batch=8)
    plain = estimate_training(workload, A100, BusComm(1.0), options=SP)
    hidden = estimate_training(workload, A100, BusComm(1.0), options=replace(SP, tp_comm_overlap=True))
    assert plain.breakdown["tp_comm_s"] / 2 < hidden.breakdown["tp_comm_s"] < plain.breakdown["tp_comm_s"]
    hidden_part = plain.breakdown["tp_comm_s"] - hidden.breakdown["tp_comm_s"]
    assert hidden_part <= plain.breakdown["compute_s"]


def test_tp_comm_overlap_needs_sequence_parallelism() -> None:
    workload = gpt(tp=2, global_batch=8)
    no_sp = StepOptions(sequence_parallel=False, dp_overlap=False)
    a = estimate_training(workload, A100, BusComm(10.0), options=no_sp)
    b = estimate_training(workload, A100, BusComm(10.0), options=replace(no_sp, tp_comm_overlap=True))
    assert a.breakdown["tp_comm_s"] == b.breakdown["tp_comm_s"]


def test_param_gather_overlap_hides_the_zero1_all_gather_behind_the_next_forward() -> None:
    """ZeRO-1, dp = 4 at 1,000 GB/s: with --overlap-grad-reduce only, the weight all-gather is exposed;
    with --overlap-param-gather too it hides behind the forward."""
    workload = gpt(dp=4, global_batch=8, zero_stage=1)
    grads_only = estimate_training(workload, A100, BusComm(1000.0),
                                   options=StepOptions(dp_overlap=True, param_gather_overlap=False))
    both = estimate_training(workload, A100, BusComm(1000.0), options=StepOptions(dp_overlap=True))
    gather = 0.75 * 2 * 155_197_440 / 1e12  # (d−1)/d × 2 B × N at 1,000 GB/s
    assert grads_only.breakdown["dp_comm_s"] == pytest.approx(gather, rel=1e-6)
    assert both.breakdown["dp_comm_s"] == pytest.approx(0.0, abs=1e-12)


def test_cp_comm_overlap_off_exposes_every_ring_step() -> None:
    workload = gpt(cp=2, global_batch=8, recompute=Recompute.NONE)
    on = estimate_training(workload, A100, BusComm(1.0), options=StepOptions(dp_overlap=False))
    off = estimate_training(workload, A100, BusComm(1.0), options=StepOptions(dp_overlap=False,
                                                                                cp_comm_overlap=False))
    assert off.breakdown["cp_comm_s"] > on.breakdown["cp_comm_s"] > 0
