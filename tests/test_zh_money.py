"""Money in the Chinese proposal: 万 throughout, one format per column, lines that add up as printed.

Seen by a customer before: "472.66" in a table and "472.6万" in the summary for one figure, and
¥432.00 / ¥3,600 / ¥1.7万 in one column. Now every amount from 1 万 up is 万 to four places (exact
to the yuan), a column with any such amount prints all its amounts so, the summary's figures are the
cost table's strings, and each table's printed lines sum to its printed total, both in the content
layer and in the text read back from the PDF.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine import analyze_design
from planner_gui.io import load_design
from planner_gui.report.content import build_proposal
from planner_gui.report.content.blocks import ColumnKind, KeyValues, Table
from planner_gui.report.content.i18n import Tr
from tests.report_support import TODAY, norm, pdf_text

CATALOG = bundled_catalog()
EXAMPLES = Path(__file__).parents[1] / "planner_gui" / "resources" / "examples"
DESIGNS = ("s1-h100-2x8-ndr.cluster", "h100-32x8-ndr-rail.cluster")
WAN_AMOUNT = re.compile(r"^-?¥([\d,]+\.\d{4}) 万$")
YUAN_AMOUNT = re.compile(r"^-?¥([\d,]+)$")


def value(cell: str) -> int | None:
    """A money cell as whole yuan (None: not an amount); 万 must carry exactly four places."""
    sign = -1 if cell.startswith("-") else 1
    if m := WAN_AMOUNT.match(cell):
        return sign * round(float(m.group(1).replace(",", "")) * 10_000)
    if m := YUAN_AMOUNT.match(cell):
        return sign * int(m.group(1).replace(",", ""))
    return None


def test_the_formats() -> None:
    t = Tr("zh", "CNY")
    assert t.money(4_976_250) == "¥497.6250 万" and t.money(9_999) == "¥9,999" and t.money(36.77) == "¥36.77"
    assert value("¥497.6250 万") == 4_976_250 and value("¥0.0058 万") == 58 and value("¥497.6 万") is None
    assert t.money_tick(2_500_000) == "¥250 万"


@pytest.fixture(scope="module", params=DESIGNS)
def proposal(request: pytest.FixtureRequest) -> tuple[object, object]:
    design = load_design(EXAMPLES / request.param, CATALOG).design
    analysis = analyze_design(design, CATALOG)
    return build_proposal(design, CATALOG, analysis, "zh", TODAY), analysis


def _money_columns(table: Table) -> list[int]:
    return [i for i, c in enumerate(table.columns) if c.kind == ColumnKind.MONEY]


def test_one_format_per_column_and_lines_add_up(proposal: tuple[object, object]) -> None:
    doc, analysis = proposal
    t = Tr("zh", analysis.cost.currency)
    tables = [b for b in doc.blocks if isinstance(b, Table)]
    checked = 0
    for table in tables:
        rows = (*table.rows, table.footer) if table.footer else table.rows
        for i in _money_columns(table):
            cells = [r[i] for r in rows if value(r[i]) is not None and "万" not in table.columns[i].title]
            if any(c.endswith("万") for c in cells):
                assert all(c.endswith("万") for c in cells), (table.title, cells)
        if table.footer and t("bom2.subtotal") in table.footer:  # a BOM table: its lines and subtotal
            last = _money_columns(table)[-1]
            lines = [value(r[last]) for r in table.rows if value(r[last]) is not None]
            assert sum(lines) == value(table.footer[last]), (table.title, lines, table.footer)
            checked += 1
    assert checked >= 2  # the BOM's subtotals at least
    lines_table = next(b for b in tables if b.title == t("cost.lines_title",
                                                          months=t.months(analysis.cost.project_months)))
    for col in range(1, len(lines_table.columns)):
        amounts = [value(r[col]) for r in lines_table.rows]
        if analysis.cost.terms.tax_rate > 0:
            *items, total, tax = amounts
            assert sum(a or 0 for a in items) == total and total + tax == value(lines_table.footer[col])
        else:
            assert sum(a or 0 for a in amounts) == value(lines_table.footer[col])


def test_the_summary_prints_the_cost_tables_strings(proposal: tuple[object, object]) -> None:
    doc, analysis = proposal
    t = Tr("zh", analysis.cost.currency)
    summary = next(b for b in doc.blocks if isinstance(b, KeyValues) and any(
        label == t("sum.buy_upfront") for label, _ in b.rows))
    figures = dict(summary.rows)
    options = next(b for b in doc.blocks if isinstance(b, Table) and b.title == t("cost.options_title"))
    buy = options.rows[0]
    assert figures[t("sum.buy_upfront")] == buy[1] and figures[t("sum.buy_monthly")] == buy[2]
    assert value(buy[1]) == round(analysis.cost.options["buy"].upfront)


def test_the_zh_pdf_reads_back_amounts_that_add_up(tmp_path: Path) -> None:
    """pypdf's text of the rendered S1 proposal: every 万 figure carries four places (exact), and the
    up-front figure and the hardware total read back as the cost model's, wherever they are printed."""
    from planner_gui.report.render import export_pdf
    from planner_gui.report.render.qt_app import ensure_gui_app

    ensure_gui_app()
    design = load_design(EXAMPLES / DESIGNS[0], CATALOG).design
    analysis = analyze_design(design, CATALOG)
    path = tmp_path / "s1-zh.pdf"
    export_pdf(design, CATALOG, path, "zh", "a4", today=TODAY)
    text = norm("".join(pdf_text(path)))
    amounts = re.findall(r"¥([\d,]+\.\d+)万", text)  # figures; the chart's axis says ¥250万 (whole)
    assert amounts and all(re.fullmatch(r"[\d,]+\.\d{4}", a) for a in amounts), amounts
    upfront = f"¥{analysis.cost.options['buy'].upfront / 10_000:,.4f}万"
    assert text.count(upfront) >= 3  # summary table, prose and the cost table
    assert f"¥{analysis.bom.hardware_total / 10_000:,.4f}万" in text
