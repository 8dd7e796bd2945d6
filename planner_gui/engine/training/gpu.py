"""What the training model needs to know about one GPU, read from the catalog."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.model.settings import Precision

# benchmarks/data/h200_sustained_load.csv H2: 4 GiB device-to-device copy reached 4,263 GB/s of the 4.8 TB/s HBM3e spec.
MEMORY_BW_ACHIEVABLE = 4263 / 4800
_PRECISION_FIELDS = {Precision.BF16: "bf16_tflops", Precision.FP16: "fp16_tflops", Precision.FP8: "fp8_tflops"}


@dataclass(frozen=True, slots=True)
class GpuFacts:
    """Datasheet figures plus the sustained fraction of dense peak a large GEMM reaches."""

    name: str
    memory_gb: float
    memory_bw_tbs: float
    dense_tflops: Mapping[Precision, float] = field(hash=False)
    achievable_fraction: float
    tdp_w: float = 0.0

    def peak_tflops(self, precision: Precision) -> float:
        """Dense peak for ``precision``, or a ValueError naming a precision the GPU has."""
        value = self.dense_tflops.get(Precision(precision), 0.0)
        if value <= 0:
            known = ", ".join(str(p) for p, v in self.dense_tflops.items() if v > 0) or "none"
            raise ValueError(QT_TRANSLATE_NOOP("Engine", "GPU {gpu} has no dense {precision} figure (has: "
                                                         "{known}); change the workload precision").fill(
                gpu=self.name, precision=precision, known=known))
        return value

    def sixteen_bit_tflops(self) -> float:
        """The 16-bit rate (bf16, else fp16) that attention and FP8 runs' non-GEMM math use."""
        return self.dense_tflops.get(Precision.BF16) or self.peak_tflops(Precision.FP16)

    @property
    def memory_bytes_per_s(self) -> float:
        return self.memory_bw_tbs * 1e12


def gpu_facts_from_catalog(catalog: Any, gpu_id: str) -> GpuFacts:
    """GPU facts for a catalog ``gpu`` id, or for the GPU inside a ``server`` id."""
    entry = catalog.require(gpu_id)
    if entry.kind == "server":
        entry = catalog.require(entry["gpu_id"], "gpu")
    elif entry.kind != "gpu":
        raise KeyError(QT_TRANSLATE_NOOP("Engine", "catalog id {id!r} is a {kind}, not a gpu or server; pick a GPU "
                                                   "model").fill(id=gpu_id, kind=entry.kind))
    return gpu_facts_from_entry(entry.id, entry.data)


def gpu_facts_from_entry(name: str, data: Mapping[str, Any]) -> GpuFacts:
    tflops = {p: float(data.get(f) or 0.0) for p, f in _PRECISION_FIELDS.items()}
    return GpuFacts(
        name=str(data.get("name", name)), memory_gb=float(data["memory_gb"]),
        memory_bw_tbs=float(data["memory_bw_tbs"]), dense_tflops=tflops,
        achievable_fraction=float(data["achievable_fraction"]), tdp_w=float(data.get("tdp_w") or 0.0),
    )


def power_limited(gpu: GpuFacts, limit_w: float) -> GpuFacts:
    """``gpu`` run under a board power limit below its TDP (``nvidia-smi -pl``).

    Dense math already runs at the power limit at full TDP (benchmarks/data/h200_sustained_load.csv H4-H5: 692 W
    of 700 W, SM clock at 75 % of its maximum during a sustained GEMM), so a lower limit lowers the clock and
    the math rate with it. The rate is scaled by limit ÷ TDP, the same performance factor the power and cooling
    checks use for a rack over its budget (engine/sections/training.py ``throttle``). HBM bandwidth is left as
    it is: the memory clock is not what the limit cuts. A limit at or above TDP changes nothing.
    """
    if gpu.tdp_w <= 0 or limit_w <= 0 or limit_w >= gpu.tdp_w:
        return gpu
    return dataclasses.replace(gpu, achievable_fraction=gpu.achievable_fraction * limit_w / gpu.tdp_w)
