"""Calibration applies both fitted factors: planted bandwidth and latency factors are recovered, the
calibrated curve meets the measurement, and the training estimate moves the way the factors say.

The "measurements" are nccl-tests text made by the collective model itself with the NICs scaled by a
known factor and the per-call latency scaled by another (acceptance_fit.calibrated_time_us), so the
fit must find those two numbers back.
"""

from __future__ import annotations

import json

import pytest

from planner_gui.engine.acceptance.fit import (
    LATENCY_PROBE_BYTES,
    calibrated_busbw,
    calibrated_time_us,
    fit_both,
    latency_scaled,
    scale_profile,
)
from planner_gui.engine.collectives import predict
from planner_gui.engine.training import comm_model_from_profile
from tests.test_accept_check import ANALYSIS, _check, _profile
from tests.test_accept_check import TO_4G as SIZES  # the fit needs no 8 GiB point
from tests.test_nccl_results import nccl_output

# Printed with two decimals, busbw and time round by <0.1 % at the sizes used; the median over
# several sizes then lands within 1 % of the planted factors.
TOLERANCE = 0.01
PLANTED_BANDWIDTH, PLANTED_LATENCY = 0.8, 3.0  # NICs at 80 %; per-call latency 3x (e.g. GDR off)


def _measured(bandwidth: float, latency: float) -> str:
    slower = scale_profile(_profile(4, 8), "nic", bandwidth)
    rows = [(s, calibrated_time_us(slower, "allreduce", s, latency)) for s in SIZES]
    return nccl_output("allreduce", 4, 8, rows)


def test_calibrated_time_scales_only_the_latency_part() -> None:
    profile = _profile(4, 8)
    probe = predict(profile, "allreduce", LATENCY_PROBE_BYTES).time_us
    big = predict(profile, "allreduce", 2**30).time_us
    assert calibrated_time_us(profile, "allreduce", LATENCY_PROBE_BYTES, 3.0) == pytest.approx(3.0 * probe)
    assert calibrated_time_us(profile, "allreduce", 2**30, 3.0) == pytest.approx(big + 2.0 * probe)
    assert calibrated_busbw(profile, "allreduce", 2**30, 1.0) == pytest.approx(
        predict(profile, "allreduce", 2**30).busbw_GBps)


def test_planted_bandwidth_and_latency_factors_are_recovered() -> None:
    report = _check(_measured(PLANTED_BANDWIDTH, PLANTED_LATENCY), fit=True)
    cal = report.calibration
    assert cal is not None and cal.scaled == "nic"
    assert cal.bandwidth_factor == pytest.approx(PLANTED_BANDWIDTH, rel=TOLERANCE)
    assert cal.latency_factor == pytest.approx(PLANTED_LATENCY, rel=TOLERANCE)
    assert cal.residual < TOLERANCE


def test_the_calibrated_curve_meets_the_measured_points() -> None:
    report = _check(_measured(PLANTED_BANDWIDTH, PLANTED_LATENCY), fit=True)
    cal, run = report.calibration, report.tests[0]
    assert cal is not None and [p.bytes for p in cal.curve] == [s.bytes for s in run.sizes]
    for point, size in zip(cal.curve, run.sizes, strict=True):
        assert point.time_us == pytest.approx(size.measured_time_us, rel=2 * TOLERANCE), size.bytes
    # The uncalibrated prediction is 3x off at 8 B; the calibrated one is not.
    assert run.sizes[0].predicted_time_us < cal.curve[0].time_us / 2.5
    assert json.loads(json.dumps(report.to_json(), allow_nan=False))["calibration"]["curve"][0]["bytes"] == 8


def test_latency_alone_is_fitted_without_moving_the_bandwidth() -> None:
    cal = _check(_measured(1.0, PLANTED_LATENCY), fit=True).calibration
    assert cal is not None and cal.bandwidth_factor == pytest.approx(1.0, rel=TOLERANCE)
    assert cal.latency_factor == pytest.approx(PLANTED_LATENCY, rel=TOLERANCE)


def test_training_takes_longer_with_slower_latency_at_the_same_bandwidth() -> None:
    """Same fitted bandwidth, 3x latency: every collective is slower, so days to train go up."""
    only_bandwidth = _check(_measured(PLANTED_BANDWIDTH, 1.0), fit=True).calibration
    both = _check(_measured(PLANTED_BANDWIDTH, PLANTED_LATENCY), fit=True).calibration
    assert only_bandwidth is not None and both is not None
    assert only_bandwidth.training is not None and both.training is not None
    before = ANALYSIS.training.estimate.days_to_train  # type: ignore[union-attr]
    assert both.training.days_before == pytest.approx(before)
    assert only_bandwidth.training.days_after > before  # 80 % NICs: slower than planned
    assert both.training.days_after > only_bandwidth.training.days_after  # and latency adds to it
    assert both.training.step_time_s_after > only_bandwidth.training.step_time_s_after


def test_faster_latency_makes_training_faster() -> None:
    cal = _check(_measured(1.0, 0.5), fit=True).calibration
    assert cal is not None and cal.latency_factor == pytest.approx(0.5, rel=TOLERANCE)
    assert cal.training is not None and cal.training.days_after <= cal.training.days_before


def test_latency_scaling_of_the_training_comm_model() -> None:
    """Each collective the training model times gains (l - 1) x its own 8-byte time; one rank stays free."""
    profile = _profile(4, 8)
    base, scaled = comm_model_from_profile(profile), latency_scaled(comm_model_from_profile, 3.0)(profile)
    expected = base("allreduce", 2**28, 32, 8) + 2.0 * base("allreduce", LATENCY_PROBE_BYTES, 32, 8)
    assert scaled("allreduce", 2**28, 32, 8) == pytest.approx(expected)
    assert scaled("allreduce", 2**28, 1, 1) == 0.0
    assert latency_scaled(comm_model_from_profile, 1.0) is comm_model_from_profile


def test_no_small_sizes_leaves_the_latency_unfitted() -> None:
    profile = _profile(4, 8)
    sizes = [type("S", (), {"bytes": s, "measured_busbw_gbs": predict(profile, "allreduce", s).busbw_GBps,
                            "measured_time_us": predict(profile, "allreduce", s).time_us})() for s in SIZES[3:]]
    factor, latency = fit_both(profile, "allreduce", sizes, "nic")
    assert latency is None and factor == pytest.approx(1.0, rel=TOLERANCE)


@pytest.mark.parametrize(("lang", "words"), [("en", "Per-call latency is 3× the modelled one"),
                                             ("zh", "单次调用延迟为模型值的 3 倍")])
def test_the_proposal_states_the_applied_latency_factor(lang: str, words: str) -> None:
    from planner_gui.report.content.acceptance import acceptance_section
    from tests.test_compare_report import _ctx

    report = _check(_measured(PLANTED_BANDWIDTH, PLANTED_LATENCY), fit=True)
    paragraphs = [getattr(b, "text", "") for b in acceptance_section(_ctx(lang), report)]
    assert any(words in p for p in paragraphs), paragraphs
