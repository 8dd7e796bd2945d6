"""Storage: data rate, checkpoint size/time, work lost per failure, and the training checks."""

from __future__ import annotations

import pytest

from planner_gui.catalog.loader import bundled_catalog
from planner_gui.engine.training import (
    StorageKind,
    StorageTier,
    estimate_storage,
    estimate_training,
    find_preset,
    storage_tier_from_catalog,
    training_checks,
)
from tests.engine.test_training_support import A100, A100_40, gpt, no_comm

LLAMA70 = find_preset("Llama-2-70B").shape
PFS = StorageTier(StorageKind.PARALLEL_FS, read_gbs=200.0, write_gbs=100.0)
NFS = StorageTier(StorageKind.NFS, read_gbs=20.0, write_gbs=10.0)


def test_checkpoint_is_14_bytes_per_parameter_and_loses_half_an_interval() -> None:
    """N = 68,976,640,000 → 14 B × N = 965.67 GB (16-bit weights + fp32 master + Adam m, v; ZeRO, Rajbhandari et al. 2020).
    16 nodes with 2 × 400 Gb/s storage ports = 1,600 GB/s of NICs, so the PFS's 100 GB/s write bound
    applies: 9.657 s; reading back at 200 GB/s: 4.828 s. Seed interval 30 min: expected loss
    900 + 9.657 + 4.828 = 914.48 s per failure; × 128 GPUs = 32.52 GPU-hours."""
    assert LLAMA70.total_params == 68_976_640_000
    est = estimate_storage(LLAMA70, 1e6, gpus=128, nodes=16, data=PFS, checkpoint=PFS,
                           storage_nic_gbps_per_node=800.0)
    assert est.checkpoint_size_gb == pytest.approx(965.673, rel=1e-5)
    assert est.checkpoint_write_s == pytest.approx(9.6567, rel=1e-4)
    assert est.lost_work_expected_s == pytest.approx(914.485, rel=1e-5)
    assert est.lost_work_worst_s == pytest.approx(1814.485, rel=1e-5)
    assert est.lost_gpu_hours_expected == pytest.approx(32.515, rel=1e-4)


def test_shared_storage_is_capped_by_the_nodes_storage_nics() -> None:
    """2 nodes × 25 Gb/s storage NIC = 6.25 GB/s < the NFS server's 20 GB/s read."""
    est = estimate_storage(LLAMA70, 1e6, gpus=16, nodes=2, data=NFS, checkpoint=NFS, storage_nic_gbps_per_node=25.0)
    assert est.data_rate_available_gbs == pytest.approx(6.25)


def test_token_data_rate_uses_two_bytes_below_a_16_bit_vocabulary() -> None:
    """1,000,000 tokens/s × 2 B (vocab 32,000 < 65,500) = 0.002 GB/s; local NVMe 14 GB/s × 4 nodes."""
    nvme = storage_tier_from_catalog(bundled_catalog(), "dgx-a100")
    est = estimate_storage(LLAMA70, 1e6, gpus=32, nodes=4, data=nvme, checkpoint=PFS)
    assert est.data_rate_needed_gbs == pytest.approx(0.002)
    assert est.data_rate_available_gbs == pytest.approx(4 * 14.0)
    assert est.data_ok


def test_checks_flag_slow_checkpoint_and_starved_data() -> None:
    """A 1 GB/s NFS writes 965.7 GB in 966 s = 54 % of a 30-min interval (> 10 %); video at 100 MB per
    4096-token sample and 10⁶ tokens/s needs 10⁶/4096 × 10⁸ B = 24.4 GB/s, above the NFS's 20 GB/s."""
    slow = StorageTier(StorageKind.NFS, read_gbs=20.0, write_gbs=1.0)
    est = estimate_storage(LLAMA70, 1e6, gpus=64, nodes=8, data=slow, checkpoint=slow, bytes_per_sample=1e8)
    assert est.data_rate_needed_gbs == pytest.approx(24.414, rel=1e-4)
    assert est.checkpoint_overhead == pytest.approx(965.673 / 1800, rel=1e-4)
    training = estimate_training(gpt(), A100, no_comm)
    codes = [c.code for c in training_checks(training, est, ids=("rack-1",))]
    assert codes == ["training-checkpoint-slow", "training-storage-too-slow"]


def test_checks_flag_a_model_that_does_not_fit_and_a_large_bubble() -> None:
    """Llama-2-70B on 8 × A100 40G (pp 8, 8 micro-batches → bubble 7/15 = 47 %): does not fit, big bubble.
    The error sorts first."""
    workload = gpt(layers=80, hidden=8192, heads=64, seq=4096, pp=8, global_batch=8)
    est = estimate_training(workload, A100_40, no_comm)
    checks = training_checks(est)
    assert [c.code for c in checks] == ["training-model-does-not-fit", "training-pipeline-bubble"]
    assert checks[0].severity == "error" and "GB" in checks[0].message and checks[0].fix


@pytest.mark.parametrize(("tier", "message"), [
    (dict(kind=StorageKind.NFS, read_gbs=0.0, write_gbs=1.0), "positive read and write"),
])
def test_bad_storage_figures_are_rejected(tier: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        StorageTier(**tier)
