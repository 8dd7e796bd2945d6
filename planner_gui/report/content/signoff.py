"""The acceptance sign-off page: what acceptance means, and a line for each party to sign."""

from __future__ import annotations

from planner_gui.report.content.blocks import Block, Column, Heading, PageBreak, Paragraph, Table
from planner_gui.report.content.branding import Branding
from planner_gui.report.content.context import Ctx, shorten

BLANK = " \n \n "  # three blank lines: room to sign by hand (a cell with no text would collapse its row)
SIGN_ROWS = 2  # each party signs on two lines: the technical lead and the commercial one


def signoff_section(ctx: Ctx, branding: Branding) -> list[Block]:
    t, meta = ctx.t, ctx.design.meta
    document = branding.document_number or t("sign.this")
    customer = shorten(meta.customer, 60) or t("sign.customer")
    supplier = branding.company or t("sign.supplier")
    columns = (Column(t("sign.col.party"), weight=1.4), Column(t("sign.col.name"), weight=2.0),
               Column(t("sign.col.signature"), weight=2.2), Column(t("sign.col.date"), weight=1.0))
    rows = tuple((party, BLANK, BLANK, BLANK) for party in (customer, supplier) for _ in range(SIGN_ROWS))
    return [
        PageBreak(),
        Heading(t("sec.signoff"), 1, "signoff"),
        Paragraph(t("sign.intro", document=document)),
        Table(columns, rows),
        Paragraph(t("sign.results")),
    ]
