"""Calibration: fit the bandwidth the cluster actually delivers, and redo the training estimate with it.

The fitted factor ``s`` scales the link the model says limits the measured run at those sizes
(the prediction's bottleneck: the NICs or NVLink), so that the model's busbw matches the measured
busbw at the bandwidth-bound sizes (>= 64 MiB; 1 MiB and up when the run stops earlier). ``s`` solves
median(log(predicted_s / measured)) = 0 by bisection; predicted busbw grows with ``s``, so the
root is unique. The same scale is applied to the design's own job profile and the training
section is recomputed (analysis_training.training_section), which shows what the measurement
means for days to train. A latency factor (median measured / predicted time below 1 MiB) is
reported but not applied: training collectives are megabytes to gigabytes, bandwidth-bound.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from planner_gui.engine.acceptance import BANDWIDTH_BOUND_BYTES, MEDIUM_BYTES
from planner_gui.engine.analysis_results import clean_json
from planner_gui.engine.analysis_training import LayoutInvalid, SectionSkipped, training_section
from planner_gui.engine.collectives import FabricProfile, predict
from planner_gui.engine.collectives.profile import MAX_NIC_GBPS
from planner_gui.engine.training import comm_model_from_profile

FIT_RANGE = (0.05, 4.0)  # scales tried: 1/20 of the model (a broken fabric) to 4x (a model far too low)
FIT_ITERATIONS = 40  # bisection halvings of log(4 / 0.05): the factor to better than 1e-10
MIN_NIC_GBPS = 1.0  # FabricProfile's floor for a multi-node NIC (collectives/profile.py)
PREFERRED_TEST = "all_reduce_perf"  # data-parallel training's collective (peers_and_training.md §2.6)


@dataclass(frozen=True, slots=True)
class TrainingChange:
    step_time_s_before: float
    step_time_s_after: float
    days_before: float
    days_after: float
    mfu_before: float
    mfu_after: float


@dataclass(frozen=True, slots=True)
class Calibration:
    test: str  # the run the fit used
    first_line: int
    scaled: str  # "nic" or "nvlink": the link the factor applies to
    bandwidth_factor: float  # achieved / modelled bandwidth of that link
    latency_factor: float | None  # median measured / predicted time below 1 MiB (reported only)
    sizes_used: int
    residual: float  # median |measured / fitted − 1| at the sizes used
    training: TrainingChange | None
    training_note: str  # why there is no training change, "" when there is one

    def to_json(self) -> dict[str, Any]:
        return {name: clean_json(getattr(self, name)) for name in self.__slots__}


def calibrate(design: Any, catalog: Any, analysis: Any,
              tests: Sequence[Any]) -> tuple[Calibration | None, str]:
    """The fit of the best run in ``tests`` (AllReduce first), or (None, why not)."""
    usable = [t for t in tests if t.profile is not None and t.profile.ranks > 1 and _fit_sizes(t.sizes)]
    if not usable:
        return None, "no judged run has sizes of 1 MiB or more to fit the bandwidth to"
    chosen = max(usable, key=lambda t: (t.test == PREFERRED_TEST, len(_fit_sizes(t.sizes))))
    profile, sizes = chosen.profile, _fit_sizes(chosen.sizes)
    scaled = limiting_link(profile, chosen.op, sizes)
    if scaled is None:
        return None, (f"at the sizes measured by {chosen.test}, the model is limited by neither the NICs nor "
                      "NVLink (latency or PCIe): there is no link bandwidth to fit")
    factor = fit_factor(profile, chosen.op, sizes, scaled)
    if factor in FIT_RANGE:
        return None, (f"the measured busbw of {chosen.test} is beyond what scaling the {scaled} bandwidth "
                      f"from {FIT_RANGE[0]:g}x to {FIT_RANGE[1]:g}x can explain; no calibration")
    fitted = scale_profile(profile, scaled, factor)
    residual = statistics.median(
        abs(s.measured_busbw_gbs / predict(fitted, chosen.op, s.bytes).busbw_GBps - 1.0) for s in sizes)
    change, note = _training_change(design, catalog, analysis, scaled, factor)
    return Calibration(chosen.test, chosen.first_line, scaled, factor, _latency_factor(chosen.sizes),
                       len(sizes), residual, change, note), ""


def _fit_sizes(sizes: Sequence[Any]) -> list[Any]:
    large = [s for s in sizes if s.bytes >= BANDWIDTH_BOUND_BYTES and s.measured_busbw_gbs > 0.0]
    return large or [s for s in sizes if s.bytes >= MEDIUM_BYTES and s.measured_busbw_gbs > 0.0]


def limiting_link(profile: FabricProfile, op: str, sizes: Sequence[Any]) -> str | None:
    """"nic" or "nvlink": the link most of ``sizes`` are predicted to be limited by (None: neither)."""
    votes = Counter(_link_of(predict(profile, op, s.bytes).bottleneck) for s in sizes)
    votes.pop(None, None)
    return votes.most_common(1)[0][0] if votes else None


def _link_of(bottleneck: str) -> str | None:
    """The scalable link a prediction's bottleneck names (collectives/algorithms.py wording)."""
    if "NIC" in bottleneck:
        return "nic"
    return "nvlink" if "NVLink" in bottleneck else None


def scale_profile(profile: FabricProfile, scaled: str, factor: float) -> FabricProfile:
    """``profile`` with the NIC rate (``scaled="nic"``) or NVLink bandwidth scaled by ``factor``."""
    if scaled == "nic":
        return replace(profile, nic_gbps=min(MAX_NIC_GBPS, max(MIN_NIC_GBPS, profile.nic_gbps * factor)))
    if scaled == "nvlink":
        return replace(profile, nvlink_bidir_gbs=profile.nvlink_bidir_gbs * factor)
    raise ValueError(f"scaled must be 'nic' or 'nvlink', got {scaled!r}")


def fit_factor(profile: FabricProfile, op: str, sizes: Sequence[Any], scaled: str) -> float:
    """The scale whose predictions meet the measured busbw in the median (bisection in log space)."""
    def error(factor: float) -> float:
        fitted = scale_profile(profile, scaled, factor)
        return statistics.median(math.log(predict(fitted, op, s.bytes).busbw_GBps / s.measured_busbw_gbs)
                                 for s in sizes)

    low, high = (math.log(x) for x in FIT_RANGE)
    if error(math.exp(low)) >= 0.0:
        return FIT_RANGE[0]
    if error(math.exp(high)) <= 0.0:
        return FIT_RANGE[1]
    for _ in range(FIT_ITERATIONS):
        middle = (low + high) / 2.0
        if error(math.exp(middle)) < 0.0:
            low = middle
        else:
            high = middle
    return math.exp((low + high) / 2.0)


def _latency_factor(sizes: Sequence[Any]) -> float | None:
    small = [s for s in sizes if s.bytes < MEDIUM_BYTES and s.predicted_time_us > 0.0]
    return statistics.median(s.measured_time_us / s.predicted_time_us for s in small) if small else None


def _training_change(design: Any, catalog: Any, analysis: Any, scaled: str,
                     factor: float) -> tuple[TrainingChange | None, str]:
    before = analysis.training
    if before is None:
        reason = analysis.unavailable.get("training", "the design has no training estimate")
        return None, f"no training estimate to update: {reason}"
    fitted = scale_profile(analysis.profile, scaled, factor)
    try:
        after = training_section(design, catalog, analysis.topology, fitted, comm_model_from_profile)
    except (SectionSkipped, LayoutInvalid, ValueError) as error:
        return None, f"the training estimate could not be redone with the fitted bandwidth: {error}"
    b, a = before.estimate, after.estimate
    return TrainingChange(b.step_time_s, a.step_time_s, b.days_to_train, a.days_to_train, b.mfu, a.mfu), ""
