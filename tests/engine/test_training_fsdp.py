"""ZeRO-3 / FSDP layer by layer: hand calculations, strong and weak scaling, HSDP, published runs."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from planner_gui.catalog.loader import bundled_catalog
from planner_gui.engine.training import StepOptions, estimate_training
from planner_gui.engine.training.calibration import error_summary, load_rows
from planner_gui.engine.training.calibration_fsdp import calibrate_fsdp, map_fsdp_row
from planner_gui.engine.training.fsdp import LayerTraffic, exposed_per_micro_batch
from planner_gui.model.settings import Recompute
from tests.engine.test_training_support import A100, BusComm, gpt

FSDP_CSV = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "fsdp_calibration.csv"
NO_OVERLAP = StepOptions(dp_overlap=False)


def test_exposed_time_is_a_two_stage_pipeline_per_pass() -> None:
    """a = 3 ms gather, r = 2 ms reduce-scatter, c = 2 ms forward, c_b = 4 ms backward, L = 10:
    forward a + 9·max(0, a − c) = 3 + 9 = 12 ms; backward a + 9·max(0, a + r − c_b) + r = 3 + 9 + 2 = 14 ms."""
    layer = LayerTraffic(gather_s=3e-3, scatter_s=2e-3, forward_s=2e-3, backward_s=4e-3)
    assert exposed_per_micro_batch(layer, 10, overlap=True) == pytest.approx(26e-3)
    assert exposed_per_micro_batch(layer, 10, overlap=False) == pytest.approx(10 * 8e-3)
    hidden = LayerTraffic(gather_s=1e-3, scatter_s=1e-3, forward_s=2e-3, backward_s=4e-3)
    assert exposed_per_micro_batch(hidden, 10, overlap=True) == pytest.approx(1e-3 + 1e-3 + 1e-3)


def test_every_layer_is_gathered_twice_and_reduced_once_per_micro_batch() -> None:
    """4 layers, dp = 4, 2 micro-batches: per micro-batch 4 × (2 gathers + 1 reduce-scatter) of one layer
    (12h² + 2h = 12,584,960 parameters → 25,169,920 B) plus the root unit's gather and reduce-scatter."""
    calls: list[tuple[str, int, int, int]] = []
    estimate_training(gpt(dp=4, global_batch=8, micro_batch=1, zero_stage=3), A100, BusComm(10.0, calls),
                      options=NO_OVERLAP)
    layer_bytes = 2 * (12 * 1024**2 + 2 * 1024)
    gathers = [c for c in calls if c[0] == "allgather" and c[1] == layer_bytes]
    scatters = [c for c in calls if c[0] == "reducescatter" and c[1] == layer_bytes]
    assert gathers and scatters and all(c[2] == 4 for c in gathers + scatters)


def _per_gpu_tokens(dp: int, micro_batch: int, global_batch: int, gbs: float = 25.0) -> float:
    workload = gpt(layers=8, hidden=2048, heads=16, dp=dp, micro_batch=micro_batch, global_batch=global_batch,
                   zero_stage=3, recompute=Recompute.FULL)
    return estimate_training(workload, A100, BusComm(gbs)).tokens_per_s / dp


def test_strong_scaling_falls_once_gathers_stop_hiding() -> None:
    """Fixed global batch 64: more GPUs give each fewer sequences per micro-batch, so per-layer compute
    shrinks while each gather does not; per-GPU throughput must not rise and must fall by the end."""
    throughput = [_per_gpu_tokens(dp, 64 // dp, 64) for dp in (2, 4, 8, 16, 32, 64)]
    assert all(b <= a * 1.0001 for a, b in pairwise(throughput))
    assert throughput[-1] < 0.8 * throughput[0]


def test_weak_scaling_stays_flat() -> None:
    """Fixed micro-batch per GPU (global batch grows with the GPUs): per-GPU throughput within 3 % from 8
    to 512 GPUs (only the bus factor (d − 1)/d of the unhidden root-unit traffic grows, 7/8 → 511/512)."""
    throughput = [_per_gpu_tokens(dp, 4, 4 * dp) for dp in (8, 32, 128, 512)]
    assert all(b <= a for a, b in pairwise(throughput))
    assert max(throughput) / min(throughput) < 1.03


def test_faster_network_never_slows_fsdp() -> None:
    rates = [_per_gpu_tokens(32, 1, 32, gbs) for gbs in (5.0, 10.0, 25.0, 50.0, 100.0)]
    assert all(b >= a for a, b in pairwise(rates))


def test_hybrid_sharding_holds_more_states_and_gathers_inside_the_shard_group() -> None:
    """HSDP with shard groups of 8 on 32 GPUs: weights/gradients/optimizer split 8 ways, not 32, and the
    gathers go to groups of 8; the replicas all-reduce each layer's shard (4 ranks); the optimizer step
    updates 1/8 of the parameters on every GPU."""
    workload = gpt(dp=32, global_batch=32, zero_stage=3)
    calls: list[tuple[str, int, int, int]] = []
    full = estimate_training(workload, A100, BusComm(10.0))
    hybrid = estimate_training(workload, A100, BusComm(10.0, calls), options=StepOptions(fsdp_shard_group=8))
    assert hybrid.memory.optimizer_gb == pytest.approx(4 * full.memory.optimizer_gb)
    assert {c[2] for c in calls if c[0] == "allgather"} == {8}
    assert {c[2] for c in calls if c[0] == "allreduce"} == {4}
    # each GPU also runs Adam on its 1/8 (every replica updates its own copy), not 1/32: 4× the time
    assert hybrid.breakdown["optimizer_s"] == pytest.approx(4 * full.breakdown["optimizer_s"])


def test_shard_group_must_divide_the_data_parallel_group() -> None:
    with pytest.raises(ValueError, match="shard group 3 does not divide"):
        estimate_training(gpt(dp=4, global_batch=4, zero_stage=3), A100, BusComm(10.0),
                          options=StepOptions(fsdp_shard_group=3))


def test_published_fsdp_runs_are_mapped_and_weak_scaling_rows_agree() -> None:
    """Every row with a catalog server maps (the GB200/GB300 NVL72 rows need a rack-scale server); the
    A100-40GB MPT-13B weak-scaling rows (16 → 128 GPUs, 1972–1998 tokens/s/GPU) are within 10 % and flat."""
    catalog = bundled_catalog()
    rows = load_rows(FSDP_CSV)
    results, skipped = calibrate_fsdp(rows, catalog)
    assert len(results) + len(skipped) == len(rows) and all("NVL72" in s for s in skipped)
    weak = [r for r in results if r.row_id in {"12", "13", "14", "15"}]
    assert error_summary(weak)[1] <= 0.10
    predicted = [r.predicted for r in weak]
    assert max(predicted) / min(predicted) < 1.01
    hsdp = map_fsdp_row(next(r for r in rows if r["id"] == "28"), catalog)
    assert hsdp.options.fsdp_shard_group == 8 and hsdp.workload.global_batch == 2 * 128
    # the software each source states: torchtitan reduces gradients in fp32, llm-foundry (PURE) in bf16
    titan, foundry = (map_fsdp_row(next(r for r in rows if r["id"] == i), catalog) for i in ("22", "12"))
    assert (titan.options.grad_reduce_bytes, foundry.options.grad_reduce_bytes) == (4, 2)
    # 64 GB200s on NVL72 trays form one NVLink node for the step model and the collectives alike
    assert map_fsdp_row(next(r for r in rows if r["id"] == "32"), catalog).gpus_per_node == 64
