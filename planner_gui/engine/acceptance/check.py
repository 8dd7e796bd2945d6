"""Measured against predicted: nccl-tests results judged size by size against the acceptance plan. No Qt.

Each parsed run (engine/acceptance/nccl_results.py) is predicted on the run's own shape — its ranks and
nodes, with each node's share of NICs as in training/comm.py ``subgroup_profile`` — so a 2-node
test of a 32-node design is judged as a 2-node run. Every measured size gets the pass rule of
engine/acceptance/plan.py (the plan's thresholds, applied at any size):

* >= 64 MiB: busbw >= 90 % of predicted (AllToAll 80 %); 1 MiB up to 64 MiB: >= 70 %;
* below 1 MiB: time <= 2x predicted; any size with data errors (#wrong > 0) fails.

The measured figure of a size is the better of its out-of-place and in-place blocks (both are kept).
A test passes when every size passes; the whole acceptance passes when every planned test
(acceptance.NCCL_TESTS) ran and passed. Diagnoses (acceptance_diagnoses.py) explain the typical
gaps, and an optional fit (acceptance_fit.py) turns the measured curve into the design's achieved
bandwidth and shows how the training estimate moves.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from planner_gui.engine.acceptance.diagnoses import Diagnosis, diagnose
from planner_gui.engine.acceptance.fit import Calibration, calibrate
from planner_gui.engine.acceptance.nccl_results import NcclResults, NcclRow, NcclRun, ParseProblem
from planner_gui.engine.acceptance.plan import (
    BANDWIDTH_BOUND_BYTES,
    MEDIUM_BYTES,
    NCCL_TESTS,
    PASS_LARGE,
    PASS_LARGE_ALLTOALL,
    PASS_MEDIUM,
    SMALL_TIME_FACTOR,
)
from planner_gui.engine.analysis import Analysis, analyze_design
from planner_gui.engine.checks.base import Sentence
from planner_gui.engine.collectives import DEFAULT_SIZES, CollectiveResult, FabricProfile, curve, predict
from planner_gui.engine.sections.results import clean_json
from planner_gui.engine.training import subgroup_profile
from planner_gui.model import Design

PASS, FAIL, NOT_JUDGED, INCOMPLETE = "pass", "fail", "not judged", "incomplete"


@dataclass(frozen=True, slots=True)
class SizeVerdict:
    bytes: int
    line: int  # of the row in the results text
    measured_time_us: float  # the better placement's
    measured_busbw_gbs: float
    out_of_place_busbw_gbs: float
    in_place_busbw_gbs: float | None
    predicted_time_us: float
    predicted_busbw_gbs: float
    algorithm: str  # what NCCL is predicted to run at this size
    protocol: str
    min_busbw_gbs: float | None  # the pass threshold (None: judged on time)
    max_time_us: float | None
    wrong: int  # data errors nccl-tests found at this size
    passed: bool

    @property
    def busbw_ratio(self) -> float | None:
        """Measured / predicted busbw (None where the prediction is ~0, at a few bytes)."""
        if self.predicted_busbw_gbs <= 0.0:
            return None
        return self.measured_busbw_gbs / self.predicted_busbw_gbs

    @property
    def time_ratio(self) -> float | None:
        return None if self.predicted_time_us <= 0.0 else self.measured_time_us / self.predicted_time_us

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = clean_json({name: getattr(self, name) for name in self.__slots__})
        ratios = {"busbw_ratio": self.busbw_ratio, "time_ratio": self.time_ratio}
        return {**data, **clean_json(ratios)}


@dataclass(frozen=True, slots=True)
class TestVerdict:
    test: str | None  # nccl-tests binary
    op: str | None
    first_line: int
    ranks: int | None
    nodes: int | None
    gpus_per_node: int | None
    graph: bool
    verdict: str  # pass, fail or "not judged"
    reason: str  # one sentence: what decided the verdict
    sizes: tuple[SizeVerdict, ...]
    diagnoses: tuple[Diagnosis, ...]
    profile: FabricProfile | None  # the run's shape, as predicted
    predicted_curve: tuple[CollectiveResult, ...]  # 8 B .. the largest measured size, for plots

    @property
    def failed_sizes(self) -> tuple[SizeVerdict, ...]:
        return tuple(s for s in self.sizes if not s.passed)

    def to_json(self) -> dict[str, Any]:
        return {"test": self.test, "op": self.op, "first_line": self.first_line, "ranks": self.ranks,
                "nodes": self.nodes, "gpus_per_node": self.gpus_per_node, "graph": self.graph,
                "verdict": self.verdict, "reason": self.reason, "sizes": [s.to_json() for s in self.sizes],
                "diagnoses": [d.to_json() for d in self.diagnoses]}


@dataclass(frozen=True, slots=True)
class AcceptanceReport:
    design_name: str
    verdict: str  # pass, fail or incomplete
    summary: str
    tests: tuple[TestVerdict, ...]
    missing_tests: tuple[str, ...]  # planned tests (acceptance.NCCL_TESTS) with no results
    problems: tuple[ParseProblem, ...]  # what the parser skipped, with line numbers
    calibration: Calibration | None
    calibration_note: str  # why there is no calibration, "" when there is one or none was asked

    def to_json(self) -> dict[str, Any]:
        return {"design": self.design_name, "verdict": self.verdict, "summary": self.summary,
                "tests": [t.to_json() for t in self.tests], "missing_tests": list(self.missing_tests),
                "problems": [{"line": p.line, "kind": str(p.kind), "message": p.message}
                             for p in self.problems],
                "calibration": None if self.calibration is None else self.calibration.to_json(),
                "calibration_note": self.calibration_note}


def check_acceptance(design: Design, catalog: Any, results: NcclResults, analysis: Analysis | None = None,
                     fit: bool = False) -> AcceptanceReport:
    """Judge every run in ``results`` against ``design``; ``fit`` adds the calibration of the design."""
    analysis = analysis if analysis is not None else analyze_design(design, catalog)
    base = analysis.profile
    if base is None:
        why = analysis.unavailable.get("profile") or analysis.unavailable.get("topology") or "no GPU servers"
        raise ValueError(f"design {design.meta.name!r} has nothing to predict nccl-tests results with "
                         f"({why}); check the design with 'cluster-planner analyze' first")
    tests = tuple(judge_run(run, base) for run in results.runs)
    missing = tuple(test for test, _ in NCCL_TESTS if not any(t.test == test for t in tests))
    calibration, note = None, ""
    if fit:
        calibration, note = calibrate(design, catalog, analysis, tests)
    verdict, summary = _overall(tests, missing, results)
    return AcceptanceReport(design.meta.name, verdict, summary, tests, missing, results.problems, calibration,
                            note)


def run_profile(base: FabricProfile, run: NcclRun) -> FabricProfile:
    """The design's fabric seen by a run of ``run.ranks`` GPUs over ``run.nodes`` nodes."""
    ranks = run.ranks if run.ranks is not None else base.ranks
    nodes = run.nodes
    even = nodes is not None and ranks % nodes == 0
    per_node = ranks // nodes if even and nodes else min(base.gpus_per_node, ranks)
    return subgroup_profile(base, ranks, per_node, base.gpus_per_node)  # type: ignore[no-any-return]


def judge_run(run: NcclRun, base: FabricProfile) -> TestVerdict:
    op = run.op
    if op is None:
        return _unjudged(run, Sentence("which test this is cannot be told from the output: name it (e.g. --test "
                                       "all_gather_perf) or keep the '# Collective test starting' line",
                                       "unjudged.unnamed"))
    if run.ranks == 1:
        return _unjudged(run, Sentence("one rank: nccl-tests timed a local copy, not a collective; launch one "
                                       "rank per GPU (mpirun -np N with nccl-tests built with MPI=1, or -g N on "
                                       "one node)", "unjudged.one-rank"))
    profile = run_profile(base, run)
    sizes = tuple(judge_size(profile, op, row) for row in run.rows)
    curve_sizes = [s for s in DEFAULT_SIZES if s <= max(r.bytes for r in run.rows)] or [DEFAULT_SIZES[0]]
    predicted = tuple(curve(profile, op, curve_sizes))
    diagnoses = tuple(diagnose(run, op, profile, base, sizes))
    failed = [s for s in sizes if not s.passed]
    verdict = FAIL if failed else PASS
    reason = (Sentence(f"{len(failed)} of {len(sizes)} sizes below the threshold, first at {failed[0].bytes} B "
                       f"(line {failed[0].line})", "test.fail", failed=len(failed), sizes=len(sizes),
                       first_bytes=failed[0].bytes, line=failed[0].line)
              if failed else Sentence(f"all {len(sizes)} sizes meet the threshold", "test.pass", sizes=len(sizes)))
    return TestVerdict(run.test, op, run.first_line, profile.ranks, profile.nodes, profile.gpus_per_node,
                       run.graph, verdict, reason, sizes, diagnoses, profile, predicted)


def judge_size(profile: FabricProfile, op: str, row: NcclRow) -> SizeVerdict:
    """One size against its threshold (the rule of acceptance.py ``_row``, at this size and shape)."""
    r = predict(profile, op, row.bytes)
    best = row.best
    min_busbw, max_time = thresholds(op, row.bytes, r)
    if min_busbw is not None:
        passed = best.busbw_gbs >= min_busbw
    else:
        passed = best.time_us <= (max_time if max_time is not None else math.inf)
    in_place = None if row.in_place is None else row.in_place.busbw_gbs
    return SizeVerdict(row.bytes, row.line, best.time_us, best.busbw_gbs, row.out_of_place.busbw_gbs,
                       in_place, r.time_us, r.busbw_GBps, r.algorithm, r.protocol, min_busbw, max_time,
                       row.wrong, passed and row.wrong == 0)


def thresholds(op: str, nbytes: int, predicted: CollectiveResult) -> tuple[float | None, float | None]:
    """(minimum busbw, maximum time) a size must reach; one of them is None."""
    if nbytes >= BANDWIDTH_BOUND_BYTES:
        share = PASS_LARGE_ALLTOALL if op == "alltoall" else PASS_LARGE
        return predicted.busbw_GBps * share, None
    if nbytes >= MEDIUM_BYTES:
        return predicted.busbw_GBps * PASS_MEDIUM, None
    return None, predicted.time_us * SMALL_TIME_FACTOR


def _unjudged(run: NcclRun, reason: str) -> TestVerdict:
    return TestVerdict(run.test, run.op, run.first_line, run.ranks, run.nodes, None, run.graph, NOT_JUDGED,
                       reason, (), (), None, ())


def _overall(tests: tuple[TestVerdict, ...], missing: tuple[str, ...],
             results: NcclResults) -> tuple[str, Sentence]:
    if not tests:
        skipped = len(results.problems)
        english = (f"no nccl-tests results found in {results.lines} lines"
                   + (f" ({skipped} lines could not be read: see the problems)" if skipped else ""))
        return INCOMPLETE, Sentence(english, "summary.empty" + (".skipped" if skipped else ""),
                                    lines=results.lines, skipped=skipped)
    failed = [t for t in tests if t.verdict == FAIL]
    unjudged = [t for t in tests if t.verdict == NOT_JUDGED]
    names = ", ".join(f"{t.test or 'unknown test'} (line {t.first_line})" for t in failed)
    if failed:
        return FAIL, Sentence(f"{len(failed)} of {len(tests)} tests fail: {names}", "summary.fail",
                              failed=len(failed), tests=len(tests),
                              names=tuple((t.test or "?", t.first_line) for t in failed))
    if unjudged or missing:
        parts = []
        if unjudged:
            parts.append(f"{len(unjudged)} run(s) could not be judged")
        if missing:
            parts.append(f"not run yet: {', '.join(missing)}")
        variant = "both" if unjudged and missing else ("unjudged" if unjudged else "missing")
        return INCOMPLETE, Sentence(f"{len(tests) - len(unjudged)} test(s) pass; " + "; ".join(parts),
                                    "summary.incomplete." + variant, passed=len(tests) - len(unjudged),
                                    unjudged=len(unjudged), missing=missing)
    return PASS, Sentence(f"all {len(tests)} tests pass at every size", "summary.pass", tests=len(tests))
