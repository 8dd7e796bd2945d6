"""Calibration: fit the bandwidth and latency the cluster actually delivers, and redo the training estimate.

Two factors are fitted. The bandwidth factor ``s`` scales the link the model says limits the
measured run at its bandwidth-bound sizes (the prediction's bottleneck: the NICs or NVLink), so
that the model's busbw matches the measured busbw there (>= 64 MiB; 1 MiB and up when the run
stops earlier): ``s`` solves median(log(predicted_s / measured)) = 0 by bisection; predicted busbw
grows with ``s``, so the root is unique. The latency factor ``l`` scales the model's per-call
latency, taken as its time at 8 bytes (all latency and launch overhead): the calibrated time of a
call is ``t_s(n) + (l - 1) * t_s(8 B)``, and ``l`` is the median over the sizes below 1 MiB of
the ``l`` that makes it equal the measured time. The two fits alternate (each changes the other's
sizes a little) until both settle.

Both factors are applied: to the run's predicted curve (``Calibration.curve``) and to the design's
own job, whose training section is recomputed (analysis_training.training_section) with the scaled
link and every collective's latency scaled the same way, which shows what the measurement means
for days to train.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from planner_gui.engine.acceptance.plan import BANDWIDTH_BOUND_BYTES, MEDIUM_BYTES
from planner_gui.engine.checks.base import Sentence
from planner_gui.engine.collectives import FabricProfile, predict
from planner_gui.engine.collectives.profile import MAX_NIC_GBPS
from planner_gui.engine.sections.results import clean_json
from planner_gui.engine.sections.training import LayoutInvalid, SectionSkipped, error_message, training_section
from planner_gui.engine.training import CommModel, comm_model_from_profile
from planner_gui.model.messages import QT_TRANSLATE_NOOP

FIT_RANGE = (0.05, 4.0)  # scales tried: 1/20 of the model (a broken fabric) to 4x (a model far too low)
FIT_ITERATIONS = 40  # bisection halvings of log(4 / 0.05): the factor to better than 1e-10
# |log(predicted / measured)| this small counts as a match: nccl-tests prints busbw with two decimals,
# under 0.05 % of any bandwidth-bound figure (>= 10 GB/s), and a 0.1 % bias is far inside the fit's use.
MEET_TOLERANCE = 1e-3
MIN_NIC_GBPS = 1.0  # FabricProfile's floor for a multi-node NIC (collectives/profile.py)
PREFERRED_TEST = "all_reduce_perf"  # data-parallel training's collective (docs/models/training.md)
LATENCY_PROBE_BYTES = 8  # nccl-tests' smallest size (-b 8): its predicted time is all latency and launch
# Latency factors accepted: 10x faster than the model to 100x slower (GPUDirect RDMA off or a busy
# proxy thread cost a few times the latency, NCCL tuning.cc); beyond that the run is not one job.
LATENCY_RANGE = (0.1, 100.0)
# Bandwidth and latency fits alternate this many times: the latency term is <1 % of the time at the
# bandwidth-bound sizes, so each round shrinks the coupling ~100x (tests recover planted factors to 1 %).
FIT_ROUNDS = 3


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
    latency_factor: float | None  # achieved / modelled per-call latency (None: no size below 1 MiB)
    sizes_used: int
    residual: float  # median |measured / fitted − 1| at the sizes used
    training: TrainingChange | None
    training_note: str  # why there is no training change, "" when there is one
    curve: tuple[CalibratedPoint, ...] = ()  # the fitted run's prediction with both factors, per measured size

    def to_json(self) -> dict[str, Any]:
        data = {name: clean_json(getattr(self, name)) for name in self.__slots__ if name != "curve"}
        return {**data, "curve": [clean_json(p) for p in self.curve]}


@dataclass(frozen=True, slots=True)
class CalibratedPoint:
    bytes: int
    time_us: float
    busbw_gbs: float


def calibrate(design: Any, catalog: Any, analysis: Any,
              tests: Sequence[Any]) -> tuple[Calibration | None, str]:
    """The fit of the best run in ``tests`` (AllReduce first), or (None, why not)."""
    usable = [t for t in tests if t.profile is not None and t.profile.ranks > 1 and _fit_sizes(t.sizes)]
    if not usable:
        return None, Sentence("no judged run has sizes of 1 MiB or more to fit the bandwidth to", "fit.no-sizes")
    chosen = max(usable, key=lambda t: (t.test == PREFERRED_TEST, len(_fit_sizes(t.sizes))))
    profile, sizes = chosen.profile, _fit_sizes(chosen.sizes)
    scaled = limiting_link(profile, chosen.op, sizes)
    if scaled is None:
        return None, Sentence(f"at the sizes measured by {chosen.test}, the model is limited by neither the NICs "
                              "nor NVLink (latency or PCIe): there is no link bandwidth to fit", "fit.no-link",
                              test=chosen.test)
    factor, latency = fit_both(profile, chosen.op, chosen.sizes, scaled)
    if factor in FIT_RANGE:
        return None, Sentence(f"the measured busbw of {chosen.test} is beyond what scaling the {scaled} bandwidth "
                              f"from {FIT_RANGE[0]:g}x to {FIT_RANGE[1]:g}x can explain; no calibration",
                              "fit.out-of-range", test=chosen.test, scaled=scaled, low=FIT_RANGE[0],
                              high=FIT_RANGE[1])
    fitted, applied = scale_profile(profile, scaled, factor), latency or 1.0
    residual = statistics.median(
        abs(s.measured_busbw_gbs / calibrated_busbw(fitted, chosen.op, s.bytes, applied) - 1.0) for s in sizes)
    change, note = _training_change(design, catalog, analysis, scaled, factor, applied)
    curve = tuple(CalibratedPoint(s.bytes, calibrated_time_us(fitted, chosen.op, s.bytes, applied),
                                  calibrated_busbw(fitted, chosen.op, s.bytes, applied)) for s in chosen.sizes)
    return Calibration(chosen.test, chosen.first_line, scaled, factor, latency, len(sizes), residual, change,
                       note, curve), ""


def fit_both(profile: FabricProfile, op: str, sizes: Sequence[Any], scaled: str) -> tuple[float, float | None]:
    """(bandwidth factor, latency factor or None when no size is below 1 MiB), fitted in turn."""
    large = _fit_sizes(sizes)
    latency = fit_latency(profile, op, sizes)  # small sizes hardly depend on the bandwidth: a good start
    factor = FIT_RANGE[1]
    for _ in range(FIT_ROUNDS):
        factor = fit_factor(profile, op, large, scaled, latency or 1.0)
        if factor in FIT_RANGE:
            break
        latency = fit_latency(scale_profile(profile, scaled, factor), op, sizes)
    return factor, latency


def calibrated_time_us(profile: FabricProfile, op: str, nbytes: int, latency_factor: float) -> float:
    """The model's time with its per-call latency (the time at 8 bytes) scaled by ``latency_factor``."""
    time = predict(profile, op, nbytes).time_us
    if latency_factor == 1.0:
        return time
    return time + (latency_factor - 1.0) * predict(profile, op, LATENCY_PROBE_BYTES).time_us


def calibrated_busbw(profile: FabricProfile, op: str, nbytes: int, latency_factor: float) -> float:
    """busbw of :func:`calibrated_time_us` (busbw is inversely proportional to the time at one size)."""
    base = predict(profile, op, nbytes)
    return base.busbw_GBps * base.time_us / calibrated_time_us(profile, op, nbytes, latency_factor)


def fit_latency(profile: FabricProfile, op: str, sizes: Sequence[Any]) -> float | None:
    """The median latency factor that makes the calibrated time meet the measured one below 1 MiB."""
    small = [s for s in sizes if s.bytes < MEDIUM_BYTES and s.measured_time_us > 0.0]
    if not small:
        return None
    probe = predict(profile, op, LATENCY_PROBE_BYTES).time_us
    factors = [1.0 + (s.measured_time_us - predict(profile, op, s.bytes).time_us) / probe for s in small]
    return min(LATENCY_RANGE[1], max(LATENCY_RANGE[0], statistics.median(factors)))


def latency_scaled(comm_for: Callable[[FabricProfile], CommModel],
                   latency_factor: float) -> Callable[[FabricProfile], CommModel]:
    """``comm_for`` with every collective's per-call latency scaled as :func:`calibrated_time_us` does."""
    if latency_factor == 1.0:
        return comm_for

    def make(profile: FabricProfile) -> CommModel:
        base = comm_for(profile)

        def comm(op: str, nbytes: int, ranks: int, ranks_per_node: int) -> float:
            time = base(op, nbytes, ranks, ranks_per_node)
            if time <= 0.0:  # one rank, or nothing to send: no call is made
                return time
            return time + (latency_factor - 1.0) * base(op, LATENCY_PROBE_BYTES, ranks, ranks_per_node)
        return comm
    return make


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


def fit_factor(profile: FabricProfile, op: str, sizes: Sequence[Any], scaled: str,
               latency_factor: float = 1.0) -> float:
    """The scale whose predictions meet the measured busbw in the median (bisection in log space)."""
    def error(factor: float) -> float:
        fitted = scale_profile(profile, scaled, factor)
        return statistics.median(math.log(calibrated_busbw(fitted, op, s.bytes, latency_factor)
                                          / s.measured_busbw_gbs) for s in sizes)

    # The smallest scale that meets the measurement: above it the link may stop being the limit, and
    # the prediction then stays flat at the measured value, so "meets" must allow the rounding.
    low, high = (math.log(x) for x in FIT_RANGE)
    if error(math.exp(low)) >= -MEET_TOLERANCE:
        return FIT_RANGE[0]
    if error(math.exp(high)) < -MEET_TOLERANCE:
        return FIT_RANGE[1]
    for _ in range(FIT_ITERATIONS):
        middle = (low + high) / 2.0
        if error(math.exp(middle)) < -MEET_TOLERANCE:
            low = middle
        else:
            high = middle
    return math.exp((low + high) / 2.0)


def _training_change(design: Any, catalog: Any, analysis: Any, scaled: str, factor: float,
                     latency_factor: float) -> tuple[TrainingChange | None, str]:
    before = analysis.training
    if before is None:
        reason = analysis.unavailable.get("training") or QT_TRANSLATE_NOOP(
            "Engine", "the design has no training estimate").fill()
        return None, Sentence(f"no training estimate to update: {reason}", "fit.no-training", reason=reason)
    fitted = scale_profile(analysis.profile, scaled, factor)
    try:
        after = training_section(design, catalog, analysis.topology, fitted,
                                 latency_scaled(comm_model_from_profile, latency_factor))
    except (SectionSkipped, LayoutInvalid, ValueError) as error:
        return None, Sentence(f"the training estimate could not be redone with the fitted bandwidth: {error}",
                              "fit.training-failed", error=error_message(error))
    b, a = before.estimate, after.estimate
    return TrainingChange(b.step_time_s, a.step_time_s, b.days_to_train, a.days_to_train, b.mfu, a.mfu), ""
