"""Training checks: a model that does not fit, a large bubble, a communication-bound step, storage
that cannot feed the GPUs, checkpoints that eat the interval."""

from __future__ import annotations

from planner_gui.engine.checks.base import Check, Severity, params, sort_checks
from planner_gui.engine.training.step import TrainingEstimate
from planner_gui.engine.training.storage import StorageEstimate

BUBBLE_LIMIT = 0.20  # brief: warn when the pipeline bubble exceeds 20 % of the step
CHECKPOINT_LIMIT = 0.10  # brief: warn when writing a checkpoint takes over 10 % of the interval
COMM_BOUND_RATIO = 1.0  # exposed communication at least equal to compute: the step is comm-bound


def training_checks(estimate: TrainingEstimate, storage: StorageEstimate | None = None,
                    ids: tuple[str, ...] = ()) -> list[Check]:
    """Every training problem found, most severe first. ``ids`` are the design objects to blame."""
    checks = [check for check in (
        _does_not_fit(estimate, ids), _bubble(estimate, ids), _comm_bound(estimate, ids),
    ) if check is not None]
    if storage is not None:
        checks += [c for c in (_storage_slow(storage, ids), _checkpoint_slow(storage, ids)) if c is not None]
    return sort_checks(checks)


def _does_not_fit(est: TrainingEstimate, ids: tuple[str, ...]) -> Check | None:
    if est.fits:
        return None
    mem = est.memory
    return Check(
        "training-model-does-not-fit", Severity.ERROR,
        f"each GPU needs {mem.total_gb:.1f} GB (weights {mem.weights_gb:.1f}, gradients {mem.gradients_gb:.1f}, "
        f"optimizer {mem.optimizer_gb:.1f}, activations {mem.activations_gb:.1f}, reserve {mem.reserve_gb:.1f}) "
        f"but has {mem.capacity_gb:.0f} GB",
        ids, "raise the ZeRO stage, tp or pp, enable full recompute, or use GPUs with more memory",
        params=params(total_gb=mem.total_gb, weights_gb=mem.weights_gb, gradients_gb=mem.gradients_gb,
                      optimizer_gb=mem.optimizer_gb, activations_gb=mem.activations_gb, reserve_gb=mem.reserve_gb,
                      capacity_gb=mem.capacity_gb),
    )


def _bubble(est: TrainingEstimate, ids: tuple[str, ...]) -> Check | None:
    share = est.breakdown["bubble_fraction"]
    if share <= BUBBLE_LIMIT:
        return None
    return Check(
        "training-pipeline-bubble", Severity.WARNING,
        f"the pipeline bubble is {share:.0%} of the step (limit {BUBBLE_LIMIT:.0%})", ids,
        "raise the number of micro-batches (global batch / (micro batch × dp)), use interleaving (vpp) "
        "or a smaller pp", params=params(share=share, limit=BUBBLE_LIMIT),
    )


def _comm_bound(est: TrainingEstimate, ids: tuple[str, ...]) -> Check | None:
    exposed, compute = est.breakdown["comm_exposed_s"], est.breakdown["compute_s"]
    if exposed < COMM_BOUND_RATIO * compute:
        return None
    worst = max(("tp_comm_s", "ep_comm_s", "pp_comm_s", "dp_comm_s"), key=est.breakdown.__getitem__)
    return Check(
        "training-communication-bound", Severity.WARNING,
        f"exposed communication ({exposed:.2f} s per step, mostly {worst.removesuffix('_s').replace('_', ' ')}) "
        f"exceeds compute ({compute:.2f} s)", ids,
        "keep TP inside a server, lower the ZeRO stage, raise the micro-batch, or add network bandwidth",
        params=params(exposed_s=exposed, worst=worst.removesuffix("_comm_s"), compute_s=compute),
    )


def _storage_slow(storage: StorageEstimate, ids: tuple[str, ...]) -> Check | None:
    if storage.data_ok:
        return None
    return Check(
        "training-storage-too-slow", Severity.WARNING,
        f"training reads {storage.data_rate_needed_gbs:.2f} GB/s but the data storage delivers "
        f"{storage.data_rate_available_gbs:.2f} GB/s", ids,
        "cache the data set on local NVMe or use a parallel file system",
        params=params(needed=storage.data_rate_needed_gbs, available=storage.data_rate_available_gbs),
    )


def _checkpoint_slow(storage: StorageEstimate, ids: tuple[str, ...]) -> Check | None:
    if storage.checkpoint_overhead <= CHECKPOINT_LIMIT:
        return None
    return Check(
        "training-checkpoint-slow", Severity.WARNING,
        f"writing a {storage.checkpoint_size_gb:.0f} GB checkpoint takes {storage.checkpoint_write_s:.0f} s, "
        f"{storage.checkpoint_overhead:.0%} of the {storage.checkpoint_interval_s / 60:.0f}-minute interval "
        f"(limit {CHECKPOINT_LIMIT:.0%})", ids,
        "write checkpoints asynchronously, use faster (parallel) storage, or checkpoint less often",
        params=params(size_gb=storage.checkpoint_size_gb, write_s=storage.checkpoint_write_s,
                      share=storage.checkpoint_overhead, minutes=storage.checkpoint_interval_s / 60,
                      limit=CHECKPOINT_LIMIT),
    )
