"""An acceptance verdict that can fail (issue 16 item 3): logs from the designed cluster pass, logs from other
hardware or another scale are a mismatch, failure lines and #wrong fail, truncated runs are incomplete —
and the acceptance dialog, the PDF section and ``accept --json`` give the same verdict.

Logs are written by tests/test_nccl_results.py's ``nccl_output`` from the collective model's own prediction
for the bundled default design (32 x DGX H100, 8 x NDR 400G), at the plan's sizes (8 B to 8 GiB).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.engine import analyze_design, check_acceptance, parse_nccl_tests, predict
from planner_gui.engine.acceptance.matching import gpu_model
from planner_gui.engine.acceptance.plan import (
    ACCEPTANCE_SIZES,
    MODEL_P90_ERROR_LARGE,
    MODEL_P90_ERROR_MEDIUM,
    MODEL_P90_ERROR_SMALL,
    NCCL_TESTS,
)
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.report.content.acceptance import acceptance_section
from planner_gui.report.content.blocks import Paragraph
from planner_gui.report.content.context import Ctx
from planner_gui.report.content.i18n import Tr
from tests.test_nccl_results import nccl_output

CATALOG = bundled_catalog()
DESIGN_PATH = default_example_path()
DESIGN = load_design(DESIGN_PATH, CATALOG).design
ANALYSIS = analyze_design(DESIGN, CATALOG)
BASE = ANALYSIS.profile
SIZES = [8, 2**10, 2**16, 2**20, 2**23, 2**26, 2**28, 2**30, 2**32, 2**33]
FAILURE_LINE = "gpu-node-01: Test NCCL failure common.cu:1005 'unhandled system error (run with NCCL_DEBUG=INFO)'\n"


def run_text(op: str, hosts: int = 32, per_host: int = 8, sizes: list[int] = SIZES, **kw: object) -> str:
    assert BASE is not None
    profile = replace(BASE, nodes=hosts, gpus_per_node=per_host)
    rows = [(s, predict(profile, op, s).time_us) for s in sizes]
    return nccl_output(op, hosts, per_host, rows, **kw)  # type: ignore[arg-type]


def healthy() -> str:
    return "".join(run_text(op) for _, op in NCCL_TESTS)


LOGS = {
    "healthy": (healthy(), "pass"),
    "other-gpu": (healthy().replace("NVIDIA H100 80GB HBM3", "NVIDIA A100-SXM4-80GB"), "mismatch"),
    "more-ranks": (run_text("allreduce", hosts=40) + healthy(), "mismatch"),
    "failure-line": (run_text("allreduce") + FAILURE_LINE + healthy(), "fail"),
    "truncated": ("".join(run_text(op, sizes=SIZES[:6]) for _, op in NCCL_TESTS), "incomplete"),
    "wrong": (run_text("allreduce", wrong={2**28: 2}) + healthy(), "fail"),
    "sockets": ("gpu-node-01:1:1 [0] NCCL INFO Using network Socket\n" + healthy(), "fail"),
    "roce-log": ("gpu-node-01:1:1 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_1:1/RoCE ; OOB eth0\n"
                 + healthy(), "mismatch"),
}


def _check(text: str):  # type: ignore[no-untyped-def]
    return check_acceptance(DESIGN, CATALOG, parse_nccl_tests(text), ANALYSIS)


@pytest.mark.parametrize("name", LOGS)
def test_each_log_gets_its_verdict(name: str) -> None:
    text, verdict = LOGS[name]
    report = _check(text)
    assert report.verdict == verdict, report.summary
    assert all(t.verdict in ("pass", "fail", "mismatch", "incomplete") for t in report.tests)


def test_a_log_from_other_hardware_says_what_differs() -> None:
    report = _check(LOGS["other-gpu"][0])
    assert all(t.verdict == "mismatch" and not t.sizes for t in report.tests)  # not judged at all
    assert "measured on NVIDIA A100-SXM4-80GB" in report.tests[0].reason and "H100" in report.tests[0].reason
    more = _check(LOGS["more-ranks"][0]).tests[0]
    assert more.verdict == "mismatch" and "320 ranks on 40 nodes" in more.reason and "256 GPUs" in more.reason
    roce = _check(LOGS["roce-log"][0]).tests[0]
    assert "run RoCE, the design's fabric is IB" in roce.reason


def test_failure_and_wrong_data_fail_whatever_the_bandwidth() -> None:
    report = _check(LOGS["failure-line"][0])
    first = report.tests[0]
    assert first.verdict == "fail" and "failure at line" in first.reason
    assert all(s.passed for s in first.sizes)  # every size met its threshold: the failure line decides
    assert [t.verdict for t in report.tests[1:]] == ["pass"] * 4
    wrong = _check(LOGS["wrong"][0]).tests[0]
    assert wrong.verdict == "fail" and [s.bytes for s in wrong.failed_sizes] == [2**28]
    sockets = _check(LOGS["sockets"][0]).tests[0]
    assert sockets.verdict == "fail" and "fell back to TCP sockets" in sockets.reason


def test_a_warning_that_reports_an_error_is_a_failure() -> None:
    text = run_text("allreduce") + "gpu-node-02:7:7 [3] NCCL WARN NET/IB : Got completion with error 12\n"
    assert _check(text).tests[0].verdict == "fail"
    benign = run_text("allreduce") + "gpu-node-02:7:7 [3] NCCL WARN Cuda failure 'out of memory'\n"
    assert _check(benign).tests[0].verdict == "fail"
    note = run_text("allreduce") + "gpu-node-02:7:7 [3] NCCL WARN NCCL_SOCKET_IFNAME set to a missing interface\n"
    assert _check(note).tests[0].verdict == "pass"


def test_a_truncated_run_is_incomplete_not_passed() -> None:
    report = _check(LOGS["truncated"][0])
    test = report.tests[0]
    assert test.verdict == "incomplete" and all(s.passed for s in test.sizes)
    assert "lacks 3 sizes the acceptance plan requires, from 268435456 B" not in test.reason  # 256 MiB: not planned
    assert "lacks 2 sizes the acceptance plan requires, from 1073741824 B" in test.reason
    assert report.verdict == "incomplete"


def test_mangled_lines_are_reported_with_their_numbers() -> None:
    text = run_text("allreduce").replace("     1048576", "     10485x6", 1) + "\x00\xff garbage 1 2 3\n"
    report = _check(text + healthy())
    assert any("line" in str(p) for p in report.problems)
    assert report.tests[0].verdict == "incomplete"  # the mangled 1 MiB row is missing: rerun it


def test_hostile_logs_are_read_without_hanging() -> None:
    huge = run_text("allreduce").replace("8589934592", "9" * 5000)  # a size of 5,000 digits
    long_line = "NCCL INFO Using network " + " " * 200_000 + "x\n" + "[0]" * 50_000 + "\n"
    report = _check(huge + long_line + "\x00" * 10_000 + healthy())
    assert report.verdict in ("pass", "incomplete", "fail")
    assert all(len(str(p)) < 400 for p in report.problems)


def test_thresholds_are_the_models_measured_error_bands() -> None:
    """The constants are the 90th-percentile errors of the calibration set (benchmarks/data), by band."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "fidelity_collectives.py"
    spec = importlib.util.spec_from_file_location("fidelity_collectives", path)
    assert spec is not None and spec.loader is not None
    bench = sys.modules.setdefault("fidelity_collectives", importlib.util.module_from_spec(spec))
    spec.loader.exec_module(bench)
    outcomes = [o for o in bench.evaluate(bench.load_rows()) if not o.case.degraded]
    bands = {"large": [], "medium": [], "small": []}  # type: dict[str, list[float]]
    for o in outcomes:
        band = "large" if o.case.nbytes >= 2**26 else "medium" if o.case.nbytes >= 2**20 else "small"
        bands[band].append(o.error_pct / 100)
    for band, constant in (("large", MODEL_P90_ERROR_LARGE), ("medium", MODEL_P90_ERROR_MEDIUM),
                           ("small", MODEL_P90_ERROR_SMALL)):
        assert bench.percentile(bands[band], 90.0) == pytest.approx(constant, abs=0.006), band
    assert statistics.median(bands["small"]) < MODEL_P90_ERROR_SMALL


def test_gpu_models_as_nvidia_smi_and_the_catalog_spell_them() -> None:
    assert gpu_model("NVIDIA H100 80GB HBM3") == gpu_model("NVIDIA H100 SXM5 80GB") == "H100"
    assert gpu_model("NVIDIA A100-SXM4-80GB") == "A100" and gpu_model("NVIDIA GeForce RTX 4090") == "4090"
    assert gpu_model("Tesla T4") == "T4" and gpu_model("") == "" and gpu_model("\x00" * 100) == ""


# ----- the three outputs agree ---------------------------------------------------------------------
def _json_verdicts(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, list[str]]:
    assert main(["accept", str(DESIGN_PATH), str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    return data["verdict"], [t["verdict"] for t in data["tests"]]


def _pdf_verdict(path: Path) -> str:
    from planner_gui.commands.report_cmd import _optional_sections

    args = argparse.Namespace(compare=None, accept=str(path), file=str(DESIGN_PATH))
    _, report = _optional_sections(args, DESIGN, CATALOG)
    blocks = acceptance_section(Ctx(DESIGN, CATALOG, ANALYSIS, Tr("en", "CNY"), date(2026, 1, 15)), report)
    return next(b.text for b in blocks if isinstance(b, Paragraph)).split(".")[0]


def test_dialog_pdf_and_json_give_the_same_verdict(qtbot, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from planner_gui.document.document import Document
    from planner_gui.ui.dialogs.acceptance import AcceptanceDialog

    document = Document(CATALOG, DESIGN)
    dialog = AcceptanceDialog(document)
    qtbot.addWidget(dialog)
    try:
        for name in ("healthy", "other-gpu", "failure-line", "truncated"):
            path = tmp_path / f"{name}.log"
            path.write_text(LOGS[name][0])
            verdict, tests = _json_verdicts(path, capsys)
            dialog.load_file(path)
            shown = dialog.check()
            assert shown is not None and shown.verdict == verdict == LOGS[name][1]
            assert [t.verdict for t in shown.tests] == tests
            assert dialog.verdict.text().count(verdict.upper()) == 1
            assert _pdf_verdict(path) == f"Verdict: {verdict.upper()}"
    finally:
        document.live.shutdown()


def test_the_plan_sizes_are_what_incomplete_checks() -> None:
    plan = ANALYSIS.acceptance
    assert plan is not None and plan.max_bytes == 2**33
    assert tuple(s for s in ACCEPTANCE_SIZES if s <= plan.max_bytes) == (8, 2**20, 2**26, 2**30, 2**33)
