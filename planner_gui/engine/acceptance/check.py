"""Measured against predicted: nccl-tests results judged size by size against the acceptance plan. No Qt.

Each parsed run (engine/acceptance/nccl_results.py) is predicted on the run's own shape — its ranks and
nodes, with each node's share of NICs as in training/comm.py ``subgroup_profile`` — so a 2-node
test of a 32-node design is judged as a 2-node run. Every measured size gets the pass rule of
engine/acceptance/plan.py (the plan's thresholds, applied at any size):

* >= 64 MiB: busbw >= 85 % of predicted (AllToAll 80 %); 1 MiB up to 64 MiB: >= 76 %;
* below 1 MiB: time <= 1.31x predicted; any size with data errors (#wrong > 0) fails
  (the bands are the model's measured 90th-percentile errors, engine/acceptance/plan.py).

Before any size is judged, the log must be from the designed hardware (engine/acceptance/matching.py:
GPU model, scale, network; else ``mismatch``). A failure line (``Test NCCL failure``, ``NCCL WARN ...
error``) fails the run it follows; a run lacking sizes the plan requires is ``incomplete``.

The measured figure of a size is the better of its out-of-place and in-place blocks (both are kept).
A test passes when every size passes; the whole acceptance passes when every planned test
(acceptance.NCCL_TESTS) ran and passed. Diagnoses (acceptance_diagnoses.py) explain the typical
gaps, and an optional fit (acceptance_fit.py) turns the measured curve into the design's achieved
bandwidth and shows how the training estimate moves.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass
from typing import Any

from planner_gui.engine.acceptance.diagnoses import Diagnosis, diagnose
from planner_gui.engine.acceptance.fit import Calibration, calibrate
from planner_gui.engine.acceptance.matching import Expected, expected_of, network_finding, run_mismatch
from planner_gui.engine.acceptance.nccl_results import (
    LogHeader,
    NcclResults,
    NcclRow,
    NcclRun,
    ParseProblem,
    ProblemKind,
)
from planner_gui.engine.acceptance.plan import (
    ACCEPTANCE_SIZES,
    BANDWIDTH_BOUND_BYTES,
    MAX_TEST_BYTES,
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
from planner_gui.engine.collectives.fabric_profile import job_servers
from planner_gui.engine.deploy.platform import platform_of
from planner_gui.engine.sections.results import clean_json
from planner_gui.engine.training import subgroup_profile
from planner_gui.model import Design
from planner_gui.present import plural

PASS, FAIL, INCOMPLETE, MISMATCH = "pass", "fail", "incomplete", "mismatch"
NOT_JUDGED = INCOMPLETE  # a run that cannot be judged (no test name, one rank) leaves the acceptance incomplete
VERDICTS = (PASS, FAIL, MISMATCH, INCOMPLETE)


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
    verdict: str  # pass, fail, mismatch or incomplete
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
    verdict: str  # pass, fail, mismatch or incomplete
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
    platform = None if analysis.topology is None else platform_of(design, catalog, analysis.topology,
                                                                   job_servers(analysis.topology))
    context = _Context(expected_of(base, platform), results.header, _required_sizes(analysis),
                       _failures_by_run(results))
    tests = tuple(judge_run(run, base, context, index) for index, run in enumerate(results.runs))
    missing = tuple(test for test, _ in NCCL_TESTS if not any(t.test == test for t in tests))
    calibration, note = None, ""
    if fit:
        calibration, note = calibrate(design, catalog, analysis, [t for t in tests if t.sizes])  # mismatches have none
    verdict, summary = _overall(tests, missing, results)
    return AcceptanceReport(design.meta.name, verdict, summary, tests, missing, results.problems, calibration,
                            note)


@dataclass(frozen=True, slots=True)
class _Context:
    expected: Expected
    header: LogHeader
    required: tuple[int, ...]  # the plan's sizes a full run must contain
    failures: dict[int, tuple[ParseProblem, ...]]  # run index -> failure lines after its start


def _required_sizes(analysis: Analysis) -> tuple[int, ...]:
    plan = analysis.acceptance
    top = plan.max_bytes if plan is not None else MAX_TEST_BYTES
    return tuple(s for s in ACCEPTANCE_SIZES if s <= top)


def _failures_by_run(results: NcclResults) -> dict[int, tuple[ParseProblem, ...]]:
    """Each failure line goes to the run it follows (before any run: the first)."""
    starts = [run.first_line for run in results.runs]
    out: dict[int, list[ParseProblem]] = {}
    for problem in results.of_kind(ProblemKind.FAILURE):
        index = max(0, bisect.bisect_right(starts, problem.line) - 1)
        out.setdefault(index, []).append(problem)
    return {index: tuple(found) for index, found in out.items()}


def run_profile(base: FabricProfile, run: NcclRun) -> FabricProfile:
    """The design's fabric seen by a run of ``run.ranks`` GPUs over ``run.nodes`` nodes."""
    ranks = run.ranks if run.ranks is not None else base.ranks
    nodes = run.nodes
    even = nodes is not None and ranks % nodes == 0
    per_node = ranks // nodes if even and nodes else min(base.gpus_per_node, ranks)
    return subgroup_profile(base, ranks, per_node, base.gpus_per_node)  # type: ignore[no-any-return]


def judge_run(run: NcclRun, base: FabricProfile, context: _Context | None = None, index: int = 0) -> TestVerdict:
    op = run.op
    if op is None:
        return _unjudged(run, Sentence("which test this is cannot be told from the output: name it (e.g. --test "
                                       "all_gather_perf) or keep the '# Collective test starting' line",
                                       "unjudged.unnamed"))
    if run.ranks == 1:
        return _unjudged(run, Sentence("one rank: nccl-tests timed a local copy, not a collective; launch one "
                                       "rank per GPU (mpirun -np N with nccl-tests built with MPI=1, or -g N on "
                                       "one node)", "unjudged.one-rank"))
    if context is not None and (other := run_mismatch(run, context.expected)) is not None:
        return _unjudged(run, other, MISMATCH)
    profile = run_profile(base, run)
    network = None if context is None else network_finding(context.header, context.expected, profile.nodes)
    if network is not None and network[0] == MISMATCH:
        return _unjudged(run, network[1], MISMATCH)
    sizes = tuple(judge_size(profile, op, row) for row in run.rows)
    curve_sizes = [s for s in DEFAULT_SIZES if s <= max(r.bytes for r in run.rows)] or [DEFAULT_SIZES[0]]
    predicted = tuple(curve(profile, op, curve_sizes))
    diagnoses = tuple(diagnose(run, op, profile, base, sizes))
    failures = () if context is None else context.failures.get(index, ())
    verdict, reason = _run_verdict(run, sizes, failures, network, context)
    return TestVerdict(run.test, op, run.first_line, profile.ranks, profile.nodes, profile.gpus_per_node,
                       run.graph, verdict, reason, sizes, diagnoses, profile, predicted)


def _run_verdict(run: NcclRun, sizes: tuple[SizeVerdict, ...], failures: tuple[ParseProblem, ...],
                 network: tuple[str, Sentence] | None, context: _Context | None) -> tuple[str, Sentence]:
    """fail (a size below its threshold, a failure line, sockets instead of RDMA), incomplete (sizes the
    plan needs are missing) or pass."""
    failed = [s for s in sizes if not s.passed]
    if failures:
        first = failures[0]
        return FAIL, Sentence(f"nccl-tests or NCCL reported a failure at line {first.line}: the run is not "
                              f"valid, whatever its bandwidth ({first.message})", "test.fail.failure",
                              line=first.line, message=first.message)
    if network is not None:
        return network
    if failed:
        return FAIL, Sentence(f"{len(failed)} of {len(sizes)} sizes below the threshold, first at {failed[0].bytes} B "
                              f"(line {failed[0].line})", "test.fail", failed=len(failed), sizes=len(sizes),
                              first_bytes=failed[0].bytes, line=failed[0].line)
    missing = () if context is None else _missing_sizes(run, context.required)
    if missing:
        return INCOMPLETE, Sentence(f"the run lacks {len(missing)} {plural(len(missing), 'size', 'sizes')} the "
                                    f"acceptance plan requires, from "
                                    f"{missing[0]} B (it ends at {run.rows[-1].bytes} B, line {run.last_line}): "
                                    "rerun it to the plan's -e size", "test.incomplete.sizes",
                                    missing=len(missing), first_bytes=missing[0], last_bytes=run.rows[-1].bytes,
                                    line=run.last_line)
    return PASS, Sentence(f"all {len(sizes)} sizes meet the threshold", "test.pass", sizes=len(sizes))


def _missing_sizes(run: NcclRun, required: tuple[int, ...]) -> tuple[int, ...]:
    """The plan's sizes of 1 MiB and above the run lacks, and 8 B when it has no latency-bound size at
    all (ops that split the buffer over the ranks print no row below ranks x 4 bytes)."""
    measured = {row.bytes for row in run.rows}
    missing = [s for s in required if s >= MEDIUM_BYTES and s not in measured]
    if required and not any(b < MEDIUM_BYTES for b in measured):
        missing.insert(0, required[0])
    return tuple(missing)


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


def _unjudged(run: NcclRun, reason: str, verdict: str = INCOMPLETE) -> TestVerdict:
    return TestVerdict(run.test, run.op, run.first_line, run.ranks, run.nodes, None, run.graph, verdict,
                       reason, (), (), None, ())


def _overall(tests: tuple[TestVerdict, ...], missing: tuple[str, ...],
             results: NcclResults) -> tuple[str, Sentence]:
    """mismatch (a log from other hardware is not judged) > fail > incomplete > pass."""
    if not tests:
        return _empty(results)
    mismatched = [t for t in tests if t.verdict == MISMATCH]
    if mismatched:
        return MISMATCH, Sentence(f"{len(mismatched)} of {len(tests)} runs do not match the design, so they are not "
                                  f"judged: {_names(mismatched)}. {mismatched[0].reason}", "summary.mismatch",
                                  mismatched=len(mismatched), tests=len(tests), names=_runs(mismatched),
                                  reason=mismatched[0].reason)
    failed = [t for t in tests if t.verdict == FAIL]
    if failed:
        return FAIL, Sentence(f"{len(failed)} of {len(tests)} tests fail: {_names(failed)}", "summary.fail",
                              failed=len(failed), tests=len(tests), names=_runs(failed))
    incomplete = [t for t in tests if t.verdict == INCOMPLETE]
    if incomplete or missing:
        parts = []
        if incomplete:
            parts.append(f"{len(incomplete)} {plural(len(incomplete), 'run', 'runs')} incomplete")
        if missing:
            parts.append(f"not run yet: {', '.join(missing)}")
        variant = "both" if incomplete and missing else ("unjudged" if incomplete else "missing")
        return INCOMPLETE, Sentence(f"{len(tests) - len(incomplete)} "
                                    f"{plural(len(tests) - len(incomplete), 'test passes', 'tests pass')}; "
                                    + "; ".join(parts),
                                    "summary.incomplete." + variant, passed=len(tests) - len(incomplete),
                                    unjudged=len(incomplete), missing=missing)
    return PASS, Sentence(f"all {len(tests)} tests pass at every size", "summary.pass", tests=len(tests))


def _empty(results: NcclResults) -> tuple[str, Sentence]:
    failures = results.of_kind(ProblemKind.FAILURE)
    if failures:
        first = failures[0]
        return FAIL, Sentence(f"no results, and a failure at line {first.line}: {first.message}", "summary.failure",
                              line=first.line, message=first.message)
    skipped = len(results.problems)
    english = (f"no nccl-tests results found in {results.lines} lines"
               + (f" ({skipped} lines could not be read: see the problems)" if skipped else ""))
    return INCOMPLETE, Sentence(english, "summary.empty" + (".skipped" if skipped else ""),
                                lines=results.lines, skipped=skipped)


def _names(tests: list[TestVerdict]) -> str:
    return ", ".join(f"{t.test or 'unknown test'} (line {t.first_line})" for t in tests)


def _runs(tests: list[TestVerdict]) -> tuple[tuple[str, int], ...]:
    return tuple((t.test or "?", t.first_line) for t in tests)
