"""Shared helpers for the training-model tests (hand-checkable GPUs and communication models)."""

from __future__ import annotations

from dataclasses import dataclass

from planner_gui.engine.training import GpuFacts
from planner_gui.engine.training.comm import bus_factor
from planner_gui.model.settings import Precision, Recompute, Workload

# A100 SXM4 80GB datasheet figures (catalog a100-sxm4-80gb): 312 TFLOP/s dense 16-bit, 2.039 TB/s, 80 GB.
A100 = GpuFacts("A100 80GB", 80.0, 2.039, {Precision.BF16: 312.0, Precision.FP16: 312.0}, 0.7, 400.0)
A100_40 = GpuFacts("A100 40GB", 40.0, 1.555, {Precision.BF16: 312.0, Precision.FP16: 312.0}, 0.7, 400.0)
H100 = GpuFacts("H100 80GB", 80.0, 3.35, {Precision.BF16: 989.0, Precision.FP16: 989.0, Precision.FP8: 1979.0},
                0.675, 700.0)
# A GPU whose memory is so fast that element-wise kernels cost nothing: isolates the GEMM term.
INFINITE_HBM = 1e9  # TB/s
A100_GEMM_ONLY = GpuFacts("A100 GEMM only", 80.0, INFINITE_HBM, {Precision.BF16: 312.0}, 0.7)


def no_comm(op: str, nbytes: int, ranks: int, ranks_per_node: int) -> float:
    """A free network: isolates compute and pipeline effects."""
    return 0.0


@dataclass(frozen=True)
class BusComm:
    """Pure β model: time = bus factor × bytes / bandwidth (nccl-tests doc/PERFORMANCE.md), no latency, one tier."""

    gbs: float
    calls: list[tuple[str, int, int, int]] | None = None

    def __call__(self, op: str, nbytes: int, ranks: int, ranks_per_node: int) -> float:
        if self.calls is not None:
            self.calls.append((op, nbytes, ranks, ranks_per_node))
        if ranks <= 1:
            return 0.0
        return bus_factor(op, ranks) * nbytes / (self.gbs * 1e9)


def gpt(layers: int = 4, hidden: int = 1024, heads: int = 16, seq: int = 2048, vocab: int = 51200,
        **overrides: object) -> Workload:
    """A GPT-shaped workload (f = 4h, MHA) with the given overrides."""
    workload = Workload(layers=layers, hidden=hidden, heads=heads, vocab=vocab, seq_len=seq, global_batch=8,
                        micro_batch=1, precision=Precision.BF16, recompute=Recompute.NONE, zero_stage=0)
    for name, value in overrides.items():
        setattr(workload, name, value)
    return workload
