"""The quote's terms (tax, validity, support, warranty) from the settings to the file and the proposal,
and every money figure of the proposal's cost section is one the cost model computed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine import analyze_design
from planner_gui.io import CURRENT_SCHEMA_VERSION, LoadError, load_design
from planner_gui.io.saving import design_to_json
from planner_gui.report.content import build_proposal
from planner_gui.report.content.blocks import KeyValues, Table
from planner_gui.report.content.bom_text import money
from planner_gui.report.content.i18n import Tr
from tests.report_support import TODAY

CATALOG = bundled_catalog()
ROOT = Path(__file__).parents[1]
S1 = ROOT / "planner_gui" / "resources" / "examples" / "s1-h100-2x8-ndr.cluster"
MONEY = re.compile(r"[¥$]-?[\d,]+(?:\.\d{4} 万|\.\d\d)?")


def _quoted(tax: float = 0.13, inclusive: bool = False):  # type: ignore[no-untyped-def]
    design = load_design(S1, CATALOG).design
    design.cost.tax_rate, design.cost.prices_include_tax = tax, inclusive
    design.cost.quote_valid_until, design.cost.support_rate_per_year = "2027-03-31", 0.08
    return design, analyze_design(design, CATALOG)


def test_schema_2_files_gain_the_terms_and_say_what_they_mean() -> None:
    design = load_design(ROOT / "tests" / "data" / "schema-v2.cluster", CATALOG).design
    assert (design.cost.tax_rate, design.cost.prices_include_tax, design.cost.quote_valid_until,
            design.cost.support_rate_per_year, design.cost.warranty_years) == (0.0, False, "", 0.0, 3)
    written = json.loads(design_to_json(design))
    assert written["schema_version"] == CURRENT_SCHEMA_VERSION and written["cost"]["warranty_years"] == 3


@pytest.mark.parametrize(("field", "value", "words"), [
    ("tax_rate", 0.9, "outside"), ("quote_valid_until", "31/03/2027", "YYYY-MM-DD"),
    ("warranty_years", 50, "outside"), ("support_rate_per_year", -1, "outside"),
])
def test_a_bad_term_in_a_file_is_one_clear_error(tmp_path: Path, field: str, value: object, words: str) -> None:
    data = json.loads(S1.read_text(encoding="utf-8"))
    data["schema_version"] = 3
    data["cost"][field] = value
    path = tmp_path / "bad.cluster"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LoadError) as caught:
        load_design(path, CATALOG)
    assert len(caught.value.problems) == 1
    assert f"cost.{field}" in caught.value.problems[0] and words in caught.value.problems[0]


def test_tax_excluded_is_added_and_included_is_contained() -> None:
    _, excluded = _quoted(0.13, False)
    buy = excluded.cost.options["buy"]
    assert excluded.cost.tax(buy) == round(buy.total * 0.13)
    assert excluded.cost.total_with_tax(buy) == buy.total + excluded.cost.tax(buy)
    _, included = _quoted(0.13, True)
    buy = included.cost.options["buy"]
    assert included.cost.total_with_tax(buy) == buy.total
    assert included.cost.tax(buy) == buy.total - round(buy.total / 1.13)


def test_support_is_a_year_of_support_per_started_year() -> None:
    design, a = _quoted()
    buy, hardware = a.cost.options["buy"], a.bom.hardware_total
    count, unit = buy.units["support"]
    assert unit == round(hardware * 0.08) and count == -(-design.cost.project_months // 12)
    assert buy.lines["support"] == count * unit
    assert buy.upfront == hardware + buy.lines["installation"] + unit  # the first year is paid up front


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_money_figure_of_the_cost_section_is_the_cost_models(lang: str) -> None:
    design, a = _quoted()
    cost, t = a.cost, Tr(lang, a.cost.currency)
    figures = {0.0, a.bom.hardware_total}
    for option in cost.options.values():
        figures |= {option.upfront, option.monthly, option.total, cost.tax(option), cost.total_with_tax(option),
                    *option.lines.values(), *(unit for _, unit in option.units.values())}
        figures |= {option.monthly * 12}
    allowed = {money(t, x) for x in figures}
    proposal = build_proposal(design, CATALOG, a, lang, TODAY)
    start = proposal.blocks.index(next(h for h in proposal.headings(1) if h.anchor == "cost"))
    end = next((i for i, b in enumerate(proposal.blocks) if i > start and getattr(b, "level", 0) == 1),
               len(proposal.blocks))
    found = []
    for block in proposal.blocks[start:end]:
        if isinstance(block, Table) and block.title != t("cost.switch_title"):
            rows = (*block.rows, block.footer) if block.footer else block.rows
            cells = [cell for row in rows for cell, column in zip(row, block.columns, strict=True)
                     if column.title != t("cost.col.gpu_hour")]  # cents, the one figure not in whole units
        elif isinstance(block, KeyValues):
            cells = [v for _, v in block.rows]
        else:
            continue
        found += [m for cell in cells for m in MONEY.findall(cell)]
    assert found and set(found) <= allowed, set(found) - allowed
    assert money(t, cost.total_with_tax(cost.options["buy"])) in found
