"""Risks: every check the engine raised, most severe first, with its explanation and recommended fix."""

from __future__ import annotations

from planner_gui.report.content.blocks import Block, Column, Heading, Paragraph, Table
from planner_gui.report.content.check_messages import check_message_in
from planner_gui.report.content.context import Ctx, shorten
from planner_gui.report.content.front import checks_text
from planner_gui.report.content.strings_checks import CHECK_FIXES_ZH

MESSAGE_LIMIT = 900  # characters of a check's message kept: long id lists are cut, the count stays


def risks(ctx: Ctx) -> list[Block]:
    t, checks = ctx.t, ctx.analysis.checks
    blocks: list[Block] = [
        Heading(t("sec.risks"), 1, "risks"),
        Paragraph(t("risk.intro", counts=checks_text(ctx))),
    ]
    if not checks:
        return [*blocks, Paragraph(t("risk.none"))]
    columns = (
        Column(t("risk.col.severity"), weight=0.7),
        Column(t("risk.col.issue"), weight=1.3),
        Column(t("risk.col.explanation"), weight=3.0),
        Column(t("risk.col.fix"), weight=2.2),
    )
    rows = tuple(
        (
            t(f"severity.{check.severity}"),
            t.check_title(check.code),
            sentence(shorten(check_message_in(check, t.lang, ctx.translate), MESSAGE_LIMIT)),
            fix_text(ctx, check.code, check.fix),
        )
        for check in checks
    )
    blocks.append(Table(columns, rows, t("risk.table_title"), note=t("risk.table_note")))
    return blocks


def fix_text(ctx: Ctx, code: str, fix: str) -> str:
    """The engine's fix, or in Chinese the fix written for that check code."""
    if ctx.t.zh and code in CHECK_FIXES_ZH:
        return CHECK_FIXES_ZH[code]
    return sentence(shorten(fix, MESSAGE_LIMIT)) or "—"


def sentence(text: str) -> str:
    """Some findings start in lower case ("rack A01 draws ..."); a table cell starts a sentence."""
    return text[:1].upper() + text[1:]
