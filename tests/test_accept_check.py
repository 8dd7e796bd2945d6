"""Measured against predicted: thresholds, verdicts, diagnoses and the calibration fit.

Every run here is nccl-tests text crafted from the collective model itself: the design's prediction
for the run's shape, or the prediction of a faulty variant of it (one NIC per node, PCIe instead of
NVLink, bandwidth cut to a share), so each diagnosis is triggered by exactly the measurement it is
meant to explain. The design is the bundled default: 32 x DGX H100, 8 x NDR 400G, rail-optimized.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.acceptance.check import (
    FAIL,
    INCOMPLETE,
    MISMATCH,
    PASS,
    AcceptanceReport,
    check_acceptance,
    run_profile,
)
from planner_gui.engine.acceptance.fit import scale_profile
from planner_gui.engine.acceptance.nccl_results import TEST_OPS, parse_nccl_tests
from planner_gui.engine.acceptance.plan import NCCL_TESTS, PASS_LARGE, PASS_MEDIUM, SMALL_TIME_FACTOR
from planner_gui.engine.analysis import Analysis, analyze_design
from planner_gui.engine.collectives import FabricProfile, predict
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.model import Design
from tests.test_nccl_results import FACTORS, nccl_output

CATALOG = bundled_catalog()
DESIGN = load_design(default_example_path(), CATALOG).design
ANALYSIS = analyze_design(DESIGN, CATALOG)
BASE = ANALYSIS.profile
SMALL = [8, 2**10, 2**16]
MEDIUM = [2**20, 2**23]
LARGE = [2**26, 2**28, 2**30, 2**32]
SIZES = SMALL + MEDIUM + LARGE + [2**33]  # up to the plan's -e 8G: a shorter run is incomplete
TO_4G = SMALL + MEDIUM + LARGE  # the calibration tests' sweep (its fit does not need the plan's every size)
Shape = tuple[int, int]  # (hosts, GPUs per host)


def _profile(hosts: int, per_host: int) -> FabricProfile:
    assert BASE is not None
    return replace(BASE, nodes=hosts, gpus_per_node=per_host)


def _rows(profile: FabricProfile, op: str, sizes: list[int], busbw_share: float = 1.0,
          time_factor: Callable[[int], float] = lambda _size: 1.0) -> list[tuple[int, float]]:
    """(size, time) whose busbw is ``busbw_share`` of ``profile``'s prediction (times x ``time_factor``)."""
    return [(s, predict(profile, op, s).time_us / busbw_share * time_factor(s)) for s in sizes]


def _check(text: str, fit: bool = False, design: Design = DESIGN, analysis: Analysis | None = ANALYSIS
           ) -> AcceptanceReport:
    return check_acceptance(design, CATALOG, parse_nccl_tests(text), analysis, fit=fit)


def _run_text(op: str, shape: Shape, share: float = 1.0, profile: FabricProfile | None = None,
              sizes: list[int] = SIZES, **kw: object) -> str:
    hosts, per_host = shape
    rows = _rows(profile or _profile(hosts, per_host), op, sizes, share, **kw)  # type: ignore[arg-type]
    return nccl_output(op, hosts, per_host, rows)


def _codes(report: AcceptanceReport, index: int = 0) -> set[str]:
    return {d.code for d in report.tests[index].diagnoses}


# ----- thresholds --------------------------------------------------------------------------------
def test_full_size_thresholds_are_the_acceptance_plans() -> None:
    """A 256-GPU run at the plan's sizes gets exactly the plan's thresholds (acceptance.py)."""
    plan = ANALYSIS.acceptance
    assert plan is not None
    for test, op in NCCL_TESTS:
        planned = [r for r in plan.rows if r.test == test]
        rows = _rows(_profile(32, 8), op, [r.bytes for r in planned])
        tested = _check(nccl_output(op, 32, 8, rows)).tests[0]
        assert [s.min_busbw_gbs for s in tested.sizes] == pytest.approx([r.pass_min_busbw_gbs for r in planned])
        assert [s.max_time_us for s in tested.sizes] == pytest.approx([r.pass_max_time_us for r in planned])


def test_a_size_passes_at_the_threshold_and_fails_just_below() -> None:
    """Hand rule: >= 64 MiB passes at 85 % of predicted busbw; 1 MiB at 76 %; 8 B at 1.31x the time."""
    assert (0.85, 0.76, pytest.approx(1.31)) == (PASS_LARGE, PASS_MEDIUM, SMALL_TIME_FACTOR)
    profile = _profile(4, 8)
    plan_sizes = [8, 2**20, 2**26, 2**30, 2**33]
    at = _check(nccl_output("allreduce", 4, 8, _rows(profile, "allreduce", plan_sizes, 1.0,
                                                     lambda s: {8: SMALL_TIME_FACTOR * 0.99}.get(s, 1.0))))
    assert at.tests[0].verdict == PASS
    for size, share in ((2**30, PASS_LARGE * 0.97), (2**20, PASS_MEDIUM * 0.95)):
        below = _check(nccl_output("allreduce", 4, 8, _rows(profile, "allreduce", [size], share))).tests[0]
        assert below.verdict == FAIL and below.sizes[0].busbw_ratio == pytest.approx(share, rel=0.02)
    slow = _check(nccl_output("allreduce", 4, 8, _rows(profile, "allreduce", [8], 1.0,
                                                       lambda _s: SMALL_TIME_FACTOR * 1.05)))
    assert slow.tests[0].verdict == FAIL and slow.tests[0].sizes[0].time_ratio == pytest.approx(1.3755, rel=0.01)


def test_the_run_is_predicted_on_its_own_shape() -> None:
    """A 2-node run of a 32-node design is judged as 2 nodes: its 1 GiB prediction is the 2-node one."""
    test = _check(_run_text("allreduce", (2, 8))).tests[0]
    assert (test.ranks, test.nodes, test.gpus_per_node) == (16, 2, 8)
    one_gib = next(s for s in test.sizes if s.bytes == 2**30)
    assert one_gib.predicted_busbw_gbs == pytest.approx(predict(_profile(2, 8), "allreduce", 2**30).busbw_GBps)


def test_half_the_gpus_per_node_get_half_the_nics() -> None:
    """4 ranks per node of an 8-GPU, 8-NIC server: the run sees 4 NICs (training/comm.py subgroup_profile)."""
    run = parse_nccl_tests(_run_text("allreduce", (2, 4), profile=_profile(2, 4))).runs[0]
    assert BASE is not None
    seen = run_profile(BASE, run)
    assert (seen.gpus_per_node, seen.nodes, seen.nics_per_node, seen.nic_gbps) == (4, 2, 4, BASE.nic_gbps)


# ----- verdicts ----------------------------------------------------------------------------------
def test_every_planned_test_passing_on_every_node_is_a_pass() -> None:
    text = "".join(_run_text(op, (32, 8)) for _, op in NCCL_TESTS)
    report = _check(text)
    assert report.verdict == PASS and report.missing_tests == ()
    assert all(t.verdict == PASS and not t.diagnoses for t in report.tests)


def test_missing_tests_leave_it_incomplete_and_one_failure_fails_it() -> None:
    good = _check(_run_text("allreduce", (32, 8)))
    assert good.verdict == INCOMPLETE and "not run yet: all_gather_perf" in good.summary
    bad = _check(_run_text("allreduce", (32, 8)) + _run_text("alltoall", (32, 8), share=0.5))
    assert bad.verdict == FAIL and bad.summary.startswith("1 of 2 tests fail: alltoall_perf")


def test_data_errors_fail_a_size_whatever_its_bandwidth() -> None:
    rows = _rows(_profile(4, 8), "allreduce", LARGE)
    report = _check(nccl_output("allreduce", 4, 8, rows, wrong={2**28: 3}))
    test = report.tests[0]
    assert test.verdict == FAIL and [s.bytes for s in test.failed_sizes] == [2**28]
    assert "data-errors" in _codes(report)


def test_runs_that_cannot_be_judged_say_why() -> None:
    rows_only = nccl_output("allgather", 2, 8, _rows(_profile(2, 8), "allgather", LARGE), header=False)
    unnamed = _check(rows_only).tests[0]
    assert unnamed.verdict == INCOMPLETE and "--test" in unnamed.reason
    single = _check(nccl_output("allreduce", 1, 1, [(2**20, 10.0), (2**21, 20.0)])).tests[0]
    assert single.verdict == INCOMPLETE and "one rank" in single.reason


def test_nothing_to_judge() -> None:
    report = _check("mpirun: command not found\n")
    assert report.verdict == INCOMPLETE and report.tests == ()
    assert report.summary == "no nccl-tests results found in 1 lines (1 lines could not be read: see the problems)"


def test_a_design_without_servers_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="has nothing to predict nccl-tests results with"):
        check_acceptance(Design(), CATALOG, parse_nccl_tests(_run_text("allreduce", (2, 8))))


# ----- diagnoses ---------------------------------------------------------------------------------
def test_one_nic_per_node_is_recognised() -> None:
    """4 nodes whose large-size busbw is what one NIC per node gives (the model with nics_per_node=1)."""
    report = _check(_run_text("allreduce", (4, 8), profile=replace(_profile(4, 8), nics_per_node=1)))
    assert report.tests[0].verdict == FAIL
    assert "rings-one-nic" in _codes(report) and "bandwidth-low" not in _codes(report)
    healthy = _check(_run_text("allreduce", (4, 8)))
    assert "rings-one-nic" not in _codes(healthy)


def test_nvlink_down_on_one_node_is_recognised() -> None:
    pcie = replace(_profile(1, 8), intra="pcie", nvlink_bidir_gbs=0.0, nvls=False)
    report = _check(_run_text("allreduce", (1, 8), profile=pcie))
    assert "nvlink-down" in _codes(report)
    message = next(d.message for d in report.tests[0].diagnoses if d.code == "nvlink-down")
    assert "PCIe" in message


def test_two_node_busbw_above_line_rate_is_tree_not_a_fault() -> None:
    """2 x 8 x 400G: line rate 8 x 400 / 8 = 400 GB/s per node; the model's NVLSTree gives ~458 at 1 GiB."""
    report = _check(_run_text("allreduce", (2, 8)))
    test = report.tests[0]
    assert test.verdict == PASS
    tree = next(d for d in test.diagnoses if d.code == "tree-two-nodes")
    assert tree.severity == "info" and "400.0 GB/s" in tree.message


def test_slow_small_messages_point_at_gdr_or_proxy() -> None:
    text = _run_text("allreduce", (4, 8), time_factor=lambda s: 5.0 if s < 2**20 else 1.0)
    report = _check(text)
    latency = next(d for d in report.tests[0].diagnoses if d.code == "small-latency")
    assert "5.0x" in latency.message and "GPUDirect RDMA" in latency.message


def test_an_unexplained_shortfall_is_bandwidth_low() -> None:
    report = _check(_run_text("allreduce", (4, 8), share=0.6))
    assert "bandwidth-low" in _codes(report) and "rings-one-nic" not in _codes(report)
    low = next(d for d in report.tests[0].diagnoses if d.code == "bandwidth-low")
    assert "median 60%" in low.message


def test_partial_runs_are_noted_and_full_ones_are_not() -> None:
    assert "partial-run" in _codes(_check(_run_text("allreduce", (2, 8))))
    full = _codes(_check(_run_text("allreduce", (32, 8))))
    assert "partial-run" not in full
    larger = _check(_run_text("allreduce", (40, 8)))  # more GPUs than the design has: not judged at all,
    assert larger.verdict == MISMATCH and "320 ranks on 40 nodes" in larger.tests[0].reason
    assert larger.tests[0].diagnoses == () and larger.tests[0].sizes == ()  # so nothing is diagnosed either


# ----- calibration -------------------------------------------------------------------------------
def test_calibration_recovers_a_known_nic_efficiency() -> None:
    """Measurements made by the model with the NICs at 80 % are fitted back to 0.80 (within 1 %)."""
    slower = scale_profile(_profile(4, 8), "nic", 0.8)
    report = _check(_run_text("allreduce", (4, 8), profile=slower, sizes=TO_4G), fit=True)
    cal = report.calibration
    assert cal is not None and cal.scaled == "nic" and cal.test == "all_reduce_perf"
    assert cal.bandwidth_factor == pytest.approx(0.8, rel=0.01) and cal.residual < 0.02
    assert cal.training is not None and cal.training.days_after > cal.training.days_before
    assert cal.training.days_before == pytest.approx(ANALYSIS.training.estimate.days_to_train)  # type: ignore[union-attr]


def test_calibration_on_a_healthy_run_changes_nothing() -> None:
    cal = _check(_run_text("allreduce", (4, 8), sizes=TO_4G), fit=True).calibration
    assert cal is not None and cal.bandwidth_factor == pytest.approx(1.0, abs=0.01)
    assert cal.training is not None and cal.training.days_after == pytest.approx(cal.training.days_before, rel=0.01)


def test_calibration_says_why_it_is_missing() -> None:
    report = _check(nccl_output("allreduce", 4, 8, _rows(_profile(4, 8), "allreduce", SMALL)), fit=True)
    assert report.calibration is None and "1 MiB or more" in report.calibration_note


# ----- JSON --------------------------------------------------------------------------------------
def test_json_is_plain_and_carries_each_size() -> None:
    report = _check(_run_text("allreduce", (4, 8), share=0.6), fit=True)
    data = json.loads(json.dumps(report.to_json(), allow_nan=False))
    assert data["verdict"] == FAIL and data["tests"][0]["test"] == "all_reduce_perf"
    size = data["tests"][0]["sizes"][-1]
    assert size["bytes"] == 2**33 and size["busbw_ratio"] == pytest.approx(0.6, rel=0.02)
    assert data["calibration"]["scaled"] in ("nic", "nvlink")


def test_busbw_factors_match_the_parser_and_the_model() -> None:
    for test, op in TEST_OPS.items():
        if op in FACTORS:
            assert FACTORS[op](16) == pytest.approx(predict(_profile(2, 8), op, 2**30).busbw_GBps
                                                     / predict(_profile(2, 8), op, 2**30).algbw_GBps), test
