"""The shipped examples carry quote terms, and the proposal states them the same way everywhere.

Every example is priced in CNY for a buyer in China: 13 % VAT added to list prices (不含税), valid to
2026-12-31 (templates/seed_examples.py). The summary's incl.-VAT total is the cost table's, the
cost lines' VAT row is the rate times their total, the terms table, the summary's prose and the chart's
caption all say the amounts exclude VAT.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine import analyze_design
from planner_gui.io import load_design
from planner_gui.report.content import build_proposal
from planner_gui.report.content.blocks import Figure, KeyValues, Paragraph, Table
from planner_gui.report.content.bom_text import money
from planner_gui.report.content.i18n import Tr
from planner_gui.templates.seed_examples import CHINA_VAT, QUOTE_VALID_UNTIL
from tests.report_support import TODAY

CATALOG = bundled_catalog()
EXAMPLES = sorted((Path(__file__).parents[1] / "planner_gui" / "resources" / "examples").glob("*.cluster"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_states_vat_and_validity(path: Path) -> None:
    cost = load_design(path, CATALOG).design.cost
    assert (cost.tax_rate, cost.prices_include_tax, cost.quote_valid_until) == (CHINA_VAT, False, QUOTE_VALID_UNTIL)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("name", ["s1-h100-2x8-ndr", "h100-32x8-ndr-rail"])
def test_the_tax_line_agrees_across_summary_table_and_chart(name: str, lang: str) -> None:
    design = load_design(next(p for p in EXAMPLES if p.stem == name), CATALOG).design
    analysis = analyze_design(design, CATALOG)
    cost, t = analysis.cost, Tr(lang, analysis.cost.currency)
    doc = build_proposal(design, CATALOG, analysis, lang, TODAY)
    buy = cost.options["buy"]
    assert cost.tax(buy) == round(CHINA_VAT * buy.total) and cost.total_with_tax(buy) == buy.total + cost.tax(buy)
    months, rate = t.months(cost.project_months), t.pct(CHINA_VAT, 0)
    summary = dict(next(b for b in doc.blocks if isinstance(b, KeyValues)
                        and any(k == t("sum.buy_upfront") for k, _ in b.rows)).rows)
    with_tax = money(t, cost.total_with_tax(buy), wan=t.zh)
    assert summary[t("sum.buy_total_with_tax", months=months, rate=rate)] == with_tax
    assert summary[t("cost2.prices")] == t("cost2.prices.excluded", rate=rate)
    prose = t("sum.p.tax.excluded", rate=rate, months=months, total=t.money(cost.total_with_tax(buy)))
    assert with_tax in prose and any(prose in b.text for b in doc.blocks if isinstance(b, Paragraph))
    options = next(b for b in doc.blocks if isinstance(b, Table) and b.title == t("cost.options_title"))
    assert options.rows[0][5] == with_tax and t("cost2.tax_note.excluded") in options.note
    lines = next(b for b in doc.blocks if isinstance(b, Table) and b.title == t("cost.lines_title", months=months))
    assert lines.rows[-1][0] == t("cost2.col.tax", rate=rate) and lines.footer[1] == with_tax
    figure = next(b for b in doc.blocks if isinstance(b, Figure))
    chart = [b for b in doc.blocks if isinstance(b, Figure) and t("cost2.chart_tax.excluded") in b.caption]
    assert figure and len(chart) == 1
    terms = next(b for b in doc.blocks if isinstance(b, KeyValues) and b.title == t("cost2.terms_title"))
    assert dict(terms.rows)[t("cost2.valid_until")] == t.date(QUOTE_VALID_UNTIL)
