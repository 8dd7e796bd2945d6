"""Scaling curve, the seeds' scaling claim, the network engine hook-up and the speed budget."""

from __future__ import annotations

import pytest

from planner_gui.catalog.loader import bundled_catalog
from planner_gui.engine.training import (
    comm_for_server,
    comm_model_from_profile,
    estimate_training,
    find_preset,
    gpu_facts_from_catalog,
    scaling_curve,
    training_checks,
    workload_for_preset,
)
from planner_gui.model.settings import Recompute
from tests.engine.test_training_support import A100, gpt, no_comm

LLAMA7 = find_preset("Llama-2-7B")


def _seed_cluster(gpu_id: str, nic_id: str, nics: int) -> tuple[object, object]:
    collectives = pytest.importorskip("planner_gui.engine.collectives")
    catalog = bundled_catalog()
    profile = collectives.profile_from_catalog(catalog, gpu_id, 8, 4, nic_id=nic_id, nics_per_node=nics)
    return gpu_facts_from_catalog(catalog, gpu_id), comm_model_from_profile(profile)


def test_free_network_scales_perfectly() -> None:
    """With no communication and ZeRO-1 every part of the step (compute, optimizer shard) shrinks as
    1/dp at a fixed global batch, so the efficiency is exactly 1 at 1, 2, 4 and 8 replicas."""
    points = scaling_curve(gpt(zero_stage=1, global_batch=64), A100, no_comm, [1, 2, 4, 8])
    assert [p.speedup for p in points] == pytest.approx([1, 2, 4, 8])
    assert all(p.efficiency == pytest.approx(1.0) for p in points)


def test_gpu_counts_must_be_whole_replicas() -> None:
    with pytest.raises(ValueError, match=r"not a multiple of one replica \(tp·cp·pp = 4\)"):
        scaling_curve(gpt(tp=2, pp=2), A100, no_comm, [4, 6])


def test_seed_scaling_claim_needs_a_slow_network() -> None:
    """Seed 004: 8 → 16 → 32 A100 give 1.7× and 2.8×. Llama-2-7B, global batch 256, tp 8, ZeRO-1:
    on DGX A100 with 8 × HDR 200G our model scales linearly (≥ 3.9× at 32: contradicts the seed); with one
    25GbE RoCE port per node (seed 000's configuration #2) it gives ≈ 1.7× and ≈ 2.6×, the seed's numbers."""
    workload = workload_for_preset(LLAMA7, tp=8, dp=1, global_batch=256, zero_stage=1,
                                   recompute=Recompute.SELECTIVE)
    gpu, fast = _seed_cluster("a100-sxm4-80gb", "ib-hdr-200", 8)
    assert scaling_curve(workload, gpu, fast, [8, 16, 32], shape=LLAMA7.shape)[-1].speedup >= 3.9
    gpu40, slow = _seed_cluster("a100-sxm4-40gb", "roce-25", 1)
    points = scaling_curve(workload, gpu40, slow, [8, 16, 32], shape=LLAMA7.shape)
    assert 1.55 <= points[1].speedup <= 1.85
    assert 2.3 <= points[2].speedup <= 3.0


def test_zero3_over_25gbe_is_flagged_communication_bound() -> None:
    """ZeRO-3 gathers all 13.5 GB of weights twice per micro-batch; over one 25GbE port per node that is
    seconds per micro-batch against ~0.2 s of compute."""
    workload = workload_for_preset(LLAMA7, dp=16, global_batch=256, zero_stage=3, recompute=Recompute.SELECTIVE)
    gpu, slow = _seed_cluster("a100-sxm4-40gb", "roce-25", 1)
    est = estimate_training(workload, gpu, slow, shape=LLAMA7.shape)
    assert est.dominant == "dp_comm"
    assert "training-communication-bound" in [c.code for c in training_checks(est)]


def test_scaling_curve_reaches_sixteen_thousand_gpus() -> None:
    """The default scaling curve has 10 points up to 32 x 512 GPUs (timing lives in benchmarks/analysis.py)."""
    catalog = bundled_catalog()
    gpu = gpu_facts_from_catalog(catalog, "dgx-h100")
    preset = find_preset("Llama-3-70B")
    workload = workload_for_preset(preset, tp=8, pp=4, dp=1, vpp=5, global_batch=1024)
    points = scaling_curve(workload, gpu, comm_for_server(catalog, "dgx-h100", 16384), shape=preset.shape)
    assert len(points) == 10 and points[-1].gpus == 32 * 512
