"""``cluster-planner accept FILE.cluster RESULTS.txt [--test NAME] [--fit] [--json]``: a delivered
cluster's nccl-tests output against the design's predictions.

RESULTS is the raw output of one or more nccl-tests runs (``-`` reads standard input). Each run is
judged size by size against the acceptance thresholds, with the typical gaps diagnosed; lines that
cannot be read are listed with their numbers and skipped. ``--test`` names the test when the output
does not (a file holding only result rows); by default the file name is tried (``*_perf``).
``--fit`` fits the design's achieved bandwidth to the measurements and shows how the training
estimate changes. The exit code is 0 whatever the verdict; bad input exits 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from planner_gui.commands.common import catalog_for_cli, load_for_cli, print_json
from planner_gui.ui.format import format_bandwidth, format_bytes, format_days, format_percent

if TYPE_CHECKING:
    from planner_gui.engine.acceptance_check import AcceptanceReport, TestVerdict

MAX_RESULTS_BYTES = 32 * 2**20  # nccl-tests output is a few kB per test; 32 MiB is a wrong file
MAX_PROBLEMS_SHOWN = 20  # the rest are counted (all are in --json)
US_DECIMALS = 1


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("accept",
                                 help="judge nccl-tests results from the built cluster against the design")
    parser.add_argument("file", help="the .cluster file")
    parser.add_argument("results", help="nccl-tests output (text file, or - for standard input)")
    parser.add_argument("--test", help="the test when the output does not say (e.g. all_gather_perf)")
    parser.add_argument("--fit", action="store_true",
                        help="fit the achieved bandwidth and show the training change")
    parser.add_argument("--json", action="store_true", help="print JSON (docs/compare-and-acceptance.md)")
    parser.set_defaults(handler=run)


def read_results(path: str) -> str:
    """The results text; undecodable bytes become U+FFFD (the parser then reports those lines)."""
    if path == "-":
        return sys.stdin.read(MAX_RESULTS_BYTES + 1)[:MAX_RESULTS_BYTES]
    file = Path(path)
    if file.is_dir():
        raise ValueError(f"results {path!r} is a folder; give the text file nccl-tests wrote")
    size = file.stat().st_size
    if size > MAX_RESULTS_BYTES:
        raise ValueError(f"results {path!r} is {size / 2**20:.0f} MiB; nccl-tests output is a few kB per "
                         "test: is this the right file?")
    return file.read_bytes().decode("utf-8", errors="replace")


def run(args: argparse.Namespace) -> int:
    from planner_gui.engine.acceptance_check import check_acceptance
    from planner_gui.engine.nccl_results import named_test, parse_nccl_tests

    hint = args.test or (None if args.results == "-" else named_test(Path(args.results).name))
    text = read_results(args.results)
    results = parse_nccl_tests(text, hint)
    catalog = catalog_for_cli()
    design = load_for_cli(args.file, catalog).design
    report = check_acceptance(design, catalog, results, fit=args.fit)
    if args.json:
        print_json(report.to_json())
    else:
        print("\n".join(report_lines(report)))
    return 0


def report_lines(report: AcceptanceReport) -> list[str]:
    lines = [f"Acceptance of {report.design_name}: {report.verdict.upper()} — {report.summary}"]
    for test in report.tests:
        lines += ["", *_test_lines(test)]
    if report.problems:
        lines += ["", f"Lines skipped or flagged ({len(report.problems)}):"]
        lines += [f"  {p.kind}: {p}" for p in report.problems[:MAX_PROBLEMS_SHOWN]]
        if len(report.problems) > MAX_PROBLEMS_SHOWN:
            lines.append(f"  ... and {len(report.problems) - MAX_PROBLEMS_SHOWN} more (see --json)")
    lines += _calibration_lines(report)
    return lines


def _test_lines(t: TestVerdict) -> list[str]:
    shape = f"{t.ranks} GPUs on {t.nodes} node(s)" if t.ranks else "shape unknown"
    graph = ", CUDA graphs" if t.graph else ""
    name = t.test or "unknown test"
    lines = [f"{name} (from line {t.first_line}, {shape}{graph}): {t.verdict.upper()} — {t.reason}"]
    if t.sizes:
        lines.append(f"  {'size':>9}{'busbw':>12}{'predicted':>12}{'threshold':>14}{'time us':>11}{'':>7}")
    for s in t.sizes:
        limit = (f">= {format_bandwidth(s.min_busbw_gbs)}" if s.min_busbw_gbs is not None
                 else f"<= {s.max_time_us:.{US_DECIMALS}f} us")
        mark = "ok" if s.passed else ("WRONG" if s.wrong else "FAIL")
        lines.append(f"  {format_bytes(s.bytes):>9}{format_bandwidth(s.measured_busbw_gbs):>12}"
                     f"{format_bandwidth(s.predicted_busbw_gbs):>12}{limit:>14}"
                     f"{s.measured_time_us:>11.{US_DECIMALS}f}{mark:>7}")
    for d in t.diagnoses:
        lines += [f"  [{d.severity}] {d.code}: {d.message}", f"      fix: {d.fix}"]
    return lines


def _calibration_lines(report: AcceptanceReport) -> list[str]:
    c = report.calibration
    if c is None:
        return ["", f"Calibration: {report.calibration_note}"] if report.calibration_note else []
    latency = ("" if c.latency_factor is None
               else f"; the per-call latency is {c.latency_factor:.2f}x the modelled one (both applied)")
    lines = ["", f"Calibration on {c.test} (line {c.first_line}): the {c.scaled} delivers "
                 f"{format_percent(c.bandwidth_factor)} of the modelled bandwidth (fit within "
                 f"{format_percent(c.residual)} over {c.sizes_used} sizes){latency}"]
    if c.training is None:
        return [*lines, f"  training: {c.training_note}"]
    t = c.training
    return [*lines, f"  training: {format_days(t.days_before)} -> {format_days(t.days_after)} to train, "
                    f"step {t.step_time_s_before:.2f} s -> {t.step_time_s_after:.2f} s, "
                    f"MFU {format_percent(t.mfu_before)} -> {format_percent(t.mfu_after)}"]
