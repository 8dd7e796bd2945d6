"""Acceptance findings and verdicts in Chinese: every sentence the acceptance check can write has a zh
sentence fed by its own numbers, the English (what ``accept --json`` prints) is unchanged, and the zh
proposal section and the acceptance dialog read in Chinese with the measured figures."""

from __future__ import annotations

import ast
import json
import string
from datetime import date
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.acceptance.check import AcceptanceReport, check_acceptance
from planner_gui.engine.acceptance.nccl_results import parse_nccl_tests
from planner_gui.engine.analysis import analyze_design
from planner_gui.engine.checks.base import Sentence
from planner_gui.examples import examples_folder
from planner_gui.io import load_design
from planner_gui.report.content.acceptance import acceptance_section
from planner_gui.report.content.acceptance_messages import (
    ACCEPTANCE_FIXES_ZH,
    ACCEPTANCE_MESSAGES_ZH,
    acceptance_fix_in,
    acceptance_message_in,
    zh_acceptance_message,
)
from planner_gui.report.content.blocks import Bullets, Paragraph
from planner_gui.report.content.context import Ctx
from planner_gui.report.content.i18n import Tr

ENGINE = Path(__file__).resolve().parents[1] / "planner_gui" / "engine"
FILES = ("acceptance/diagnoses.py", "acceptance/check.py", "acceptance/fit.py", "acceptance/matching.py")
DATA = Path(__file__).parent / "data" / "nccl"
CATALOG = bundled_catalog()
IB = load_design(examples_folder() / "s5-a100-8x8-ib.cluster", CATALOG).design
ANALYSIS = analyze_design(IB, CATALOG)
MIB = 2**20
BITS_PER_BYTE = 8
TODAY = date(2026, 1, 15)  # any fixed date: the section does not print it


def _han(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


TREES = {file: ast.parse((ENGINE / file).read_text(encoding="utf-8")) for file in FILES}


def _calls(name: str) -> list[tuple[str, ast.Call]]:
    """Every ``name(...)`` call in the acceptance engine files."""
    found = []
    for file, tree in TREES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name:
                found.append((file, node))
    return found


def _strings(expr: ast.expr, tree: ast.Module) -> set[str]:
    """The string literals an expression can take; a name is followed to its assignment in ``tree``."""
    if isinstance(expr, ast.Name):
        values = [n.value for n in ast.walk(tree) if isinstance(n, ast.Assign)
                  and any(isinstance(t, ast.Name) and t.id == expr.id for t in n.targets)]
        return set().union(*(_strings(v, tree) for v in values))
    if isinstance(expr, ast.IfExp):
        return _strings(expr.body, tree) | _strings(expr.orelse, tree)
    return {expr.value} if isinstance(expr, ast.Constant) and isinstance(expr.value, str) else set()


def _keys(code: str | None, key: ast.expr | None, tree: ast.Module) -> list[str]:
    """Message keys a call can produce: a literal, or a literal prefix + each variant chosen at run time."""
    if key is None:
        return [code] if code else []
    if isinstance(key, ast.Constant):
        return [key.value]
    if isinstance(key, ast.BinOp) and isinstance(key.left, ast.Constant):
        return sorted(key.left.value + variant for variant in _strings(key.right, tree))
    return []


def _kw_names(keywords: list[ast.keyword]) -> set[str]:
    return {k.arg for k in keywords if k.arg}


def test_every_diagnosis_has_a_chinese_sentence_and_fix_fed_by_its_parameters() -> None:
    calls = _calls("Diagnosis")
    assert len(calls) == 7  # data-errors, rings-one-nic, nvlink-down, tree, small-latency, low, partial
    problems = []
    for file, call in calls:
        code = call.args[0].value  # type: ignore[attr-defined]
        key = next((k.value for k in call.keywords if k.arg == "key"), None)
        keys = _keys(code, key, TREES[file])
        if not keys:
            problems.append(f"{file}:{call.lineno} {code}: its key cannot be read")
        if code not in ACCEPTANCE_FIXES_ZH:
            problems.append(f"{file}:{call.lineno} {code}: no zh fix")
        value = next((k.value for k in call.keywords if k.arg == "params"), None)
        names = _kw_names(value.keywords) if isinstance(value, ast.Call) else set()
        for k in keys:
            template = ACCEPTANCE_MESSAGES_ZH.get(k)
            if template is None:
                problems.append(f"{file}:{call.lineno} {k}: no zh sentence")
            elif not _placeholders(template) <= names:
                problems.append(f"{file}:{call.lineno} {k}: zh uses {_placeholders(template) - names}")
    assert problems == []


def test_every_verdict_sentence_has_a_chinese_sentence_fed_by_its_parameters() -> None:
    calls = _calls("Sentence")
    # 2 unjudged + a test's failure/fail/incomplete/pass + 6 overall + 5 calibration notes + 5 mismatch/network
    assert len(calls) == 22
    problems = []
    for file, call in calls:
        keys = _keys(None, call.args[1] if len(call.args) > 1 else None, TREES[file])
        if not keys:
            problems.append(f"{file}:{call.lineno}: no key, or its key cannot be read")
        for k in keys:
            template = ACCEPTANCE_MESSAGES_ZH.get(k)
            if template is None:
                problems.append(f"{file}:{call.lineno} {k}: no zh sentence")
            elif not _placeholders(template) <= _kw_names(call.keywords):
                problems.append(f"{file}:{call.lineno} {k}: zh uses {_placeholders(template) - _kw_names(call.keywords)}")
    assert problems == []


def test_every_chinese_sentence_formats_with_values_of_its_kinds() -> None:
    samples = {"bytes": 64 * MIB, "list": ("a", "b"), "runs": (("t", 3),), "w": "nic", "": 7}
    for key, template in ACCEPTANCE_MESSAGES_ZH.items():
        values = {name: samples.get(spec, 0.25) for _, name, spec, _ in string.Formatter().parse(template) if name}
        text = zh_acceptance_message(key, values)
        assert text is not None and "{" not in text and _han(text), key


def as_design_gpu(text: str) -> str:
    """A sample's numbers as if measured on the A100s of the design (a log from other GPUs is a mismatch)."""
    for name in ("NVIDIA H100 80GB HBM3", "Tesla V100-SXM2-32GB"):
        text = text.replace(name, "NVIDIA A100-SXM4-80GB")
    return text


def _report(sample: str, fit: bool = True) -> AcceptanceReport:
    text = as_design_gpu((DATA / sample).read_text())
    return check_acceptance(IB, CATALOG, parse_nccl_tests(text), ANALYSIS, fit=fit)


def _sentences(report: AcceptanceReport) -> list[object]:
    found: list[object] = [report.summary, *(t.reason for t in report.tests)]
    found += [d for t in report.tests for d in t.diagnoses]
    if report.calibration_note:
        found.append(report.calibration_note)
    if report.calibration is not None and report.calibration.training_note:
        found.append(report.calibration.training_note)
    return found


@pytest.mark.parametrize("sample", sorted(p.name for p in DATA.glob("*.txt")))
def test_every_sentence_of_the_samples_reads_in_chinese_and_keeps_its_english(sample: str) -> None:
    report = _report(sample)
    for item in _sentences(report):
        english = getattr(item, "message", item)
        assert acceptance_message_in(item, "en") == english
        zh = acceptance_message_in(item, "zh")
        assert zh != english and _han(zh), english
    for d in (d for t in report.tests for d in t.diagnoses):
        assert acceptance_fix_in(d, "en") == d.fix and _han(acceptance_fix_in(d, "zh_CN"))


def test_the_json_keeps_the_english_sentences() -> None:
    """A Sentence is the English str itself: accept --json prints the same text as before."""
    report = _report("reduce_scatter_perf_v100_old_layout.txt", fit=False)
    assert isinstance(report.summary, Sentence) and report.summary == "1 of 1 tests fail: reduce_scatter_perf (line 1)"
    data = json.loads(json.dumps(report.to_json()))
    assert data["summary"] == "1 of 1 tests fail: reduce_scatter_perf (line 1)"
    assert data["tests"][0]["reason"] == "2 of 23 sizes below the threshold, first at 67108864 B (line 37)"
    assert set(data["tests"][0]["diagnoses"][0]) == {"code", "severity", "message", "fix"}


def _section_text(report: AcceptanceReport, lang: str) -> str:
    ctx = Ctx(IB, CATALOG, ANALYSIS, Tr(lang, "CNY"), TODAY)
    parts = []
    for block in acceptance_section(ctx, report):
        if isinstance(block, Bullets):
            parts += block.items
        elif isinstance(block, Paragraph):
            parts.append(block.text)
    return "\n".join(parts)


def test_chinese_section_of_a_failing_run_has_the_numbers() -> None:
    """V100 reduce_scatter on 1 node: 2 of 23 sizes miss, the first at 67,108,864 B = 64 MiB (line 37)."""
    report = _report("reduce_scatter_perf_v100_old_layout.txt")
    low = next(d for d in report.tests[0].diagnoses if d.code == "bandwidth-low")
    share = low.values()["share"]
    assert f"a median {share:.0%} of" in low.message  # the English states the same share
    text = _section_text(report, "zh")
    assert "结论：未通过。1 项测试中有 1 项未通过：reduce_scatter_perf（第 1 行）" in text
    assert "23 个消息大小中有 2 个低于门限，首个为 64 MiB（第 37 行）" in text
    assert f"1 MiB 及以上有 2 个消息大小未达标，其总线带宽中位数只有预测值的 {share:.0%}。建议：检查每条链路" in text
    assert "本次测试只用了方案 64 块 GPU 中的 8 块（8 个节点中的 1 个）" in text  # 8 x 8 A100 design, 1 node run
    assert "NVLink 实际带宽为模型值的" in text
    assert "below the threshold" not in text and "Fix:" not in text and "size(s)" not in text


def test_chinese_section_of_a_two_node_tree_run_has_the_line_rate() -> None:
    """2 x 8 AllReduce: busbw above the per-node NIC line rate, nics x Gb/s / 8 bits, is Tree, not a fault."""
    report = _report("all_reduce_perf_2x8_truncated.txt")
    test = report.tests[0]
    profile = test.profile
    assert profile is not None
    line_rate = profile.nics_per_node * profile.nic_gbps / BITS_PER_BYTE
    tree = next(d for d in test.diagnoses if d.code == "tree-two-nodes")
    measured = tree.values()["measured"]
    assert measured > line_rate and tree.values()["line_rate"] == pytest.approx(line_rate)
    text = _section_text(report, "zh")
    assert (f"两节点 AllReduce 的总线带宽达到 {measured:,.1f} GB/s，高于每节点网卡线速 {line_rate:,.1f} GB/s："
            "NCCL 跑的是树算法") in text
    assert "NCCL_ALGO=Ring" in text and "这不是故障" in text


def test_chinese_sentences_group_thousands_and_name_sizes() -> None:
    many = Sentence("no nccl-tests results found in 12345 lines (3 lines could not be read: see the problems)",
                    "summary.empty.skipped", lines=12_345, skipped=3)
    assert acceptance_message_in(many, "zh") == "在 12,345 行中没有找到 nccl-tests 结果（3 行无法读取，见问题列表）"
    assert acceptance_message_in("plain English", "zh") == "plain English"  # no key: the English stays


def test_a_skipped_line_reads_in_chinese_once_its_sentence_has_a_key() -> None:
    """The parser's own sentences are English today (engine/acceptance/nccl_results.py): shown as is until keyed."""
    from planner_gui.engine.acceptance.nccl_results import ParseProblem, ProblemKind
    from planner_gui.report.content.acceptance_messages import problem_message_in

    keyed = ParseProblem(1_234, ProblemKind.NOTE, Sentence("size 1024 B after 67108864 B: a new sweep starts here",
                                                         "parse.restart", size=1024, previous=64 * MIB))
    assert problem_message_in(keyed, "zh") == "第 1,234 行：64 MiB 之后又出现 1 KiB：从这里开始新一轮测试"
    assert problem_message_in(keyed, "en") == "line 1234: size 1024 B after 67108864 B: a new sweep starts here"
    plain = ParseProblem(7, ProblemKind.IGNORED, "not nccl-tests output, skipped: '$ ls'")
    assert problem_message_in(plain, "zh") == "line 7: not nccl-tests output, skipped: '$ ls'"


def test_the_acceptance_dialog_reads_in_chinese_when_the_ui_is_chinese(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Verdict word, summary, run list, reason, severity, finding and fix: all zh, with the run's numbers."""
    from planner_gui.document.document import Document
    from planner_gui.i18n import install_language
    from planner_gui.ui.dialogs.acceptance import AcceptanceDialog

    document = Document(CATALOG, IB)
    install_language("zh_CN")
    try:
        dialog = AcceptanceDialog(document)
        qtbot.addWidget(dialog)
        dialog.text.setPlainText(as_design_gpu((DATA / "reduce_scatter_perf_v100_old_layout.txt").read_text()))
        report = dialog.check()
        assert report is not None and report.verdict == "fail"
        assert "未通过</b> — 1 项测试中有 1 项未通过：reduce_scatter_perf（第 1 行）" in dialog.verdict.text()
        assert dialog.run_choice.itemText(0) == "reduce_scatter_perf（第 1 行起）：未通过"
        findings = dialog.findings.text()
        assert "23 个消息大小中有 2 个低于门限，首个为 64 MiB（第 37 行）" in findings
        assert "警告</b> 1 MiB 及以上有 2 个消息大小未达标" in findings and "检查每条链路是否以满速率建链" in findings
        assert "below the threshold" not in findings and "size(s)" not in findings
    finally:
        install_language("en")
        document.live.shutdown()


def test_every_parse_note_of_a_broken_file_reads_in_chinese() -> None:
    """Skipped and flagged lines (engine/acceptance/nccl_results.py, nccl_rows.py) carry keys: a garbled row, a line that
    is not nccl-tests output, a size that goes back down and a missing summary line all read in Chinese
    with their numbers; the English stays what it was."""
    from planner_gui.engine.acceptance.nccl_results import parse_nccl_tests
    from planner_gui.i18n.checks_zh import acceptance_problem
    from tests.test_nccl_results import nccl_output

    text = nccl_output("allreduce", 1, 8, [(1024, 10.0), (2048, 11.0)], header=True)
    lines = [line for line in text.splitlines() if "Avg bus bandwidth" not in line]
    lines[-1:-1] = ["hello from the job script", "     4096  1024  float  sum  -1  12.0  0.34"]
    lines += ["       512   128  float  sum  -1  9.0  0.06  0.10  0  9.0  0.06  0.10  0"]
    problems = parse_nccl_tests("\n".join(lines)).problems
    zh = [acceptance_problem(p, "zh_CN") for p in problems]
    assert len(zh) == len(problems) >= 3
    assert all(any("\u4e00" <= ch <= "\u9fff" for ch in text) for text in zh), zh
    assert any("已跳过" in t and "hello from the job script" in t for t in zh)
    assert any("结果行有 7 列" in t for t in zh)
    assert [str(p) for p in problems] == [acceptance_problem(p, "en") for p in problems]
