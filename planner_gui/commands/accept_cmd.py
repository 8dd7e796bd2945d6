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

from planner_gui.commands import counts
from planner_gui.commands import engine_words as words
from planner_gui.commands.columns import pad, row
from planner_gui.commands.common import catalog_for_cli, load_for_cli, print_json
from planner_gui.commands.language import translate
from planner_gui.io.results_file import MAX_RESULTS_BYTES, read_results_file
from planner_gui.present import format_bandwidth, format_bytes, format_days, format_percent

if TYPE_CHECKING:
    from planner_gui.engine import AcceptanceReport, TestVerdict

MAX_PROBLEMS_SHOWN = 20  # the rest are counted (all are in --json)
US_DECIMALS = 1


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "accept", help=translate("CLI", "judge nccl-tests results from the built cluster against the design"))
    parser.add_argument("file", help=translate("CLI", "the .cluster file"))
    parser.add_argument("results", help=translate("CLI", "nccl-tests output (text file, or - for standard input)"))
    parser.add_argument("--test", help=translate("CLI", "the test when the output does not say (e.g. all_gather_perf)"))
    parser.add_argument("--fit", action="store_true",
                        help=translate("CLI", "fit the achieved bandwidth and show the training change"))
    parser.add_argument("--json", action="store_true",
                        help=translate("CLI", "print JSON (its shape: Help, page 'Compare and acceptance')"))
    parser.set_defaults(handler=run)


def read_results(path: str) -> str:
    """The results text (stdin for ``-``); a file goes through the shared reader's type and size rules."""
    if path == "-":
        return sys.stdin.read(MAX_RESULTS_BYTES + 1)[:MAX_RESULTS_BYTES]
    return read_results_file(Path(path))


def run(args: argparse.Namespace) -> int:
    from planner_gui.engine import check_acceptance, named_test, parse_nccl_tests

    hint = args.test or (None if args.results == "-" else named_test(Path(args.results).name))
    output = read_results(args.results)
    results = parse_nccl_tests(output, hint)
    catalog = catalog_for_cli()
    design = load_for_cli(args.file, catalog).design
    report = check_acceptance(design, catalog, results, fit=args.fit)
    if args.json:
        print_json(report.to_json())
    else:
        print("\n".join(report_lines(report)))
    return 0


def report_lines(report: AcceptanceReport) -> list[str]:
    lines = [translate("CLI", "Acceptance of {design}: {verdict} — {summary}").format(
        design=report.design_name, verdict=words.verdict(report.verdict),
        summary=words.acceptance_message(report.summary))]
    for test in report.tests:
        lines += ["", *_test_lines(test)]
    if report.problems:
        lines += ["", translate("CLI", "Lines skipped or flagged ({count}):").format(count=len(report.problems))]
        lines += ["  " + translate("CLI", "{kind}: {problem}").format(kind=words.problem_kind(p.kind),
                                                                       problem=words.acceptance_problem(p))
                  for p in report.problems[:MAX_PROBLEMS_SHOWN]]
        if len(report.problems) > MAX_PROBLEMS_SHOWN:
            lines.append("  " + translate("CLI", "... and {count} more (see --json)").format(
                count=len(report.problems) - MAX_PROBLEMS_SHOWN))
    lines += _calibration_lines(report)  # "12.3 days" in the CLI's language: cli.main holds format_words
    return lines


def _test_lines(t: TestVerdict) -> list[str]:
    shape = (translate("CLI", "{ranks} on {nodes}").format(ranks=counts.gpus(t.ranks), nodes=counts.nodes(t.nodes))
             if t.ranks else translate("CLI", "shape unknown"))
    graph = translate("CLI", ", CUDA graphs") if t.graph else ""
    lines = [translate("CLI", "{test} (from line {line}, {shape}{graph}): {verdict} — {reason}").format(
        test=t.test or translate("CLI", "unknown test"), line=t.first_line, shape=shape, graph=graph,
        verdict=words.verdict(t.verdict), reason=words.acceptance_message(t.reason))]
    if t.sizes:
        lines.append("  " + row((translate("CLI", "size"), 9, ">"), (translate("CLI", "busbw"), 14, ">"),
                                (translate("CLI", "predicted"), 14, ">"), (translate("CLI", "threshold"), 15, ">"),
                                (translate("CLI", "time us"), 11, ">"), ("", 7, ">")))
    for s in t.sizes:
        limit = (f">= {format_bandwidth(s.min_busbw_gbs)}" if s.min_busbw_gbs is not None
                 else f"<= {s.max_time_us:.{US_DECIMALS}f} us")
        failed = translate("CLI", "WRONG") if s.wrong else translate("CLI", "FAIL")
        mark = translate("CLI", "ok") if s.passed else failed
        # each column at least one wider than its longest figure ("0.00187 GB/s"): they never run together
        lines.append(f"  {format_bytes(s.bytes):>9}{format_bandwidth(s.measured_busbw_gbs):>14}"
                     f"{format_bandwidth(s.predicted_busbw_gbs):>14}{limit:>15}"
                     f"{s.measured_time_us:>11.{US_DECIMALS}f}{pad(mark, 7, '>')}")
    for d in t.diagnoses:
        lines += [f"  [{words.severity(d.severity)}] {d.code}: {words.acceptance_message(d)}",
                  "      " + translate("CLI", "fix: {fix}").format(fix=words.acceptance_fix(d))]
    return lines


def _calibration_lines(report: AcceptanceReport) -> list[str]:
    c = report.calibration
    if c is None:
        if not report.calibration_note:
            return []
        note = words.acceptance_message(report.calibration_note)
        return ["", translate("CLI", "Calibration: {note}").format(note=note)]
    values = {"test": c.test, "line": c.first_line, "link": words.acceptance_word(c.scaled),
              "share": format_percent(c.bandwidth_factor), "fit": format_percent(c.residual), "sizes": c.sizes_used}
    if c.latency_factor is None:
        first = translate("CLI", "Calibration on {test} (line {line}): the {link} delivers {share} of the modelled "
                                 "bandwidth (fit within {fit} over {sizes} sizes)").format(**values)
    else:
        first = translate("CLI", "Calibration on {test} (line {line}): the {link} delivers {share} of the modelled "
                                 "bandwidth (fit within {fit} over {sizes} sizes); the per-call latency is {factor}x "
                                 "the modelled one (both applied)").format(**values, factor=f"{c.latency_factor:.2f}")
    lines = ["", first]
    if c.training is None:
        note = words.acceptance_message(c.training_note)
        return [*lines, "  " + translate("CLI", "training: {note}").format(note=note)]
    t = c.training
    return [*lines, "  " + translate("CLI", "training: {days_before} -> {days_after} to train, step {step_before} s -> "
                                            "{step_after} s, MFU {mfu_before} -> {mfu_after}").format(
        days_before=format_days(t.days_before), days_after=format_days(t.days_after),
        step_before=f"{t.step_time_s_before:.2f}", step_after=f"{t.step_time_s_after:.2f}",
        mfu_before=format_percent(t.mfu_before), mfu_after=format_percent(t.mfu_after))]
