"""The acceptance report section: the delivered cluster's nccl-tests results against the design.

``acceptance_section(ctx, report)`` turns engine/acceptance/check.py's :class:`AcceptanceReport`
into blocks: the overall verdict, a table per test (size, measured and predicted busbw, threshold,
result), the diagnoses with their fixes, the lines of the results that could not be read, and the
calibration when one was asked for. Pure Python (no Qt); its words are in :data:`TEXT`, and the
engine's sentences (verdicts, findings, fixes) in Chinese in report/content/acceptance_messages.py.
"""

from __future__ import annotations

from planner_gui.engine import AcceptanceReport, SizeVerdict, TestVerdict
from planner_gui.report.content.acceptance_messages import (
    acceptance_fix_in,
    acceptance_message_in,
    acceptance_word_in,
    problem_message_in,
)
from planner_gui.report.content.blocks import Block, Bullets, Column, ColumnKind, Heading, Paragraph, Table
from planner_gui.report.content.context import Ctx

MAX_PROBLEMS = 30  # skipped lines listed; the rest are counted
THRESHOLD_WEIGHT = 1.2  # "≥ 123 GB/s" is the widest number column
RESULT_WEIGHT = 0.8
TEXT: dict[str, tuple[str, str]] = {
    "title": ("Acceptance test results", "验收测试结果"),
    "verdict": ("Verdict: {verdict}. {summary}", "结论：{verdict}。{summary}"),
    "pass": ("PASS", "通过"), "fail": ("FAIL", "未通过"), "incomplete": ("INCOMPLETE", "未完成"),
    "mismatch": ("MISMATCH", "不匹配"),
    "test_title": ("{test}, from line {line}: {verdict}", "{test}（第 {line} 行起）：{verdict}"),
    "shape": ("{ranks} GPUs on {nodes} nodes{graph}. {reason}",
              "{ranks} 块 GPU，{nodes} 个节点{graph}。{reason}"),
    "shape_one": ("{ranks} GPUs on 1 node{graph}. {reason}", "{ranks} 块 GPU，1 个节点{graph}。{reason}"),
    "graph": (", CUDA graphs", "，CUDA Graph"),
    "col.size": ("Size", "大小"), "col.measured": ("Measured busbw", "实测总线带宽"),
    "col.predicted": ("Predicted", "预测"), "col.threshold": ("Threshold", "门限"),
    "col.time": ("Time", "时间"), "col.result": ("Result", "结果"),
    "ok": ("pass", "通过"), "bad": ("fail", "未通过"), "wrong": ("wrong data", "数据错误"),
    "diagnoses": ("Findings", "诊断"), "finding": ("{message}. Fix: {fix}", "{message}。建议：{fix}"),
    "missing": ("Tests not run yet: {tests}.", "尚未运行的测试：{tests}。"),
    "list_sep": (", ", "、"), "sentence_sep": (" ", ""),
    "problems": ("Lines of the results that were skipped or flagged", "结果中被跳过或标记的行"),
    "problems_more": ("… and {count} more.", "……另有 {count} 行。"),
    "calibration": ("Calibration on {test}: the {link} delivers {share} of the modelled bandwidth (fit "
                    "within {fit} over {sizes} sizes).",
                    "基于 {test} 的校准：{link}实际带宽为模型值的 {share}"
                    "（{sizes} 个消息大小上拟合误差 {fit}）。"),
    "latency": ("Per-call latency is {factor}× the modelled one; both factors are applied to the curve and the "
                "training estimate.",
                "单次调用延迟为模型值的 {factor} 倍；两个系数均已用于曲线和训练估算。"),
    "training": ("With it, training takes {before} → {after}; MFU {mfu_before} → {mfu_after}.",
                 "据此，训练时间 {before} → {after}；MFU {mfu_before} → {mfu_after}。"),
}


def text(ctx: Ctx, key: str, **values: object) -> str:
    pair = TEXT[key]
    chosen = pair[1] if ctx.t.zh else pair[0]
    return chosen.format(**values) if values else chosen


def said(ctx: Ctx, sentence: object) -> str:
    """An engine sentence (verdict, finding or note) in the proposal's language."""
    return acceptance_message_in(sentence, ctx.t.lang, ctx.translate)


def acceptance_section(ctx: Ctx, report: AcceptanceReport) -> list[Block]:
    blocks: list[Block] = [
        Heading(text(ctx, "title"), 1, "acceptance-results"),
        Paragraph(text(ctx, "verdict", verdict=text(ctx, report.verdict), summary=said(ctx, report.summary))),
    ]
    for test in report.tests:
        blocks += _test_blocks(ctx, test)
    if report.missing_tests:
        blocks.append(Paragraph(text(ctx, "missing", tests=text(ctx, "list_sep").join(report.missing_tests))))
    blocks += _calibration(ctx, report) + _problems(ctx, report)
    return blocks


def _test_blocks(ctx: Ctx, test: TestVerdict) -> list[Block]:
    t = ctx.t
    title = text(ctx, "test_title", test=test.test or "?", line=test.first_line,
                 verdict=text(ctx, test.verdict))
    shape = text(ctx, "shape_one" if test.nodes == 1 else "shape", ranks=t.int(test.ranks), nodes=t.int(test.nodes),
                 graph=text(ctx, "graph") if test.graph else "", reason=said(ctx, test.reason))
    blocks: list[Block] = [Heading(title, 2, f"acceptance-{test.first_line}"), Paragraph(shape)]
    if test.sizes:
        number = ColumnKind.NUMBER
        columns = (Column(text(ctx, "col.size"), number), Column(text(ctx, "col.measured"), number),
                   Column(text(ctx, "col.predicted"), number),
                   Column(text(ctx, "col.threshold"), number, THRESHOLD_WEIGHT),
                   Column(text(ctx, "col.time"), number),
                   Column(text(ctx, "col.result"), weight=RESULT_WEIGHT))
        blocks.append(Table(columns, tuple(_size_row(ctx, s) for s in test.sizes)))
    if test.diagnoses:
        items = tuple(text(ctx, "finding", message=said(ctx, d), fix=acceptance_fix_in(d, t.lang))
                      for d in test.diagnoses)
        anchor = f"acceptance-{test.first_line}-findings"
        blocks += [Heading(text(ctx, "diagnoses"), 3, anchor), Bullets(items)]
    return blocks


def _size_row(ctx: Ctx, s: SizeVerdict) -> tuple[str, ...]:
    t = ctx.t
    by_time = s.min_busbw_gbs is None
    limit = f"≤ {t.time_us(s.max_time_us)}" if by_time else f"≥ {t.gbs(s.min_busbw_gbs)}"
    result = text(ctx, "ok") if s.passed else text(ctx, "wrong" if s.wrong else "bad")
    return (t.bytes(s.bytes), t.gbs(s.measured_busbw_gbs), t.gbs(s.predicted_busbw_gbs), limit,
            t.time_us(s.measured_time_us), result)


def _calibration(ctx: Ctx, report: AcceptanceReport) -> list[Block]:
    c, t = report.calibration, ctx.t
    if c is None:
        return [Paragraph(said(ctx, report.calibration_note))] if report.calibration_note else []
    lines = [text(ctx, "calibration", test=c.test, link=acceptance_word_in(c.scaled, t.lang),
                  share=t.pct(c.bandwidth_factor), fit=t.pct(c.residual), sizes=t.int(c.sizes_used))]
    if c.latency_factor is not None:
        lines.append(text(ctx, "latency", factor=t.num(c.latency_factor, trim=True)))
    if c.training is not None:
        change = c.training
        lines.append(text(ctx, "training", before=t.days(change.days_before), after=t.days(change.days_after),
                          mfu_before=t.pct(change.mfu_before), mfu_after=t.pct(change.mfu_after)))
    elif c.training_note:
        lines.append(said(ctx, c.training_note))
    return [Paragraph(text(ctx, "sentence_sep").join(lines))]  # Chinese sentences need no space


def _problems(ctx: Ctx, report: AcceptanceReport) -> list[Block]:
    if not report.problems:
        return []
    items = tuple(problem_message_in(p, ctx.t.lang) for p in report.problems[:MAX_PROBLEMS])
    if len(report.problems) > MAX_PROBLEMS:
        items += (text(ctx, "problems_more", count=len(report.problems) - MAX_PROBLEMS),)
    return [Heading(text(ctx, "problems"), 3, "acceptance-problems"), Bullets(items)]
