"""One cost model behind every cost figure: the table's up-front, monthly and total figures, the chart and
the break-even month are read from one cumulative series per option, in whole currency units."""

from __future__ import annotations

from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine import analyze_design
from planner_gui.io import load_design

CATALOG = bundled_catalog()
EXAMPLES = Path(__file__).parents[2] / "planner_gui" / "resources" / "examples"


@pytest.fixture(scope="module", params=["s1-h100-2x8-ndr", "h100-32x8-ndr-rail"])
def analysis(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    design = load_design(EXAMPLES / f"{request.param}.cluster", CATALOG).design
    return design, analyze_design(design, CATALOG)


def test_monthly_times_months_is_the_period_total(analysis) -> None:  # type: ignore[no-untyped-def]
    design, a = analysis
    cost, months = a.cost, design.cost.project_months
    buy = cost.options["buy"]
    assert buy.lines["electricity"] == round(buy.lines["electricity"] / months) * months
    assert buy.upfront + buy.monthly * months == buy.total == buy.cumulative[months]
    for option in cost.options.values():
        assert option.total == option.cost_after(months)
        assert option.upfront == option.cumulative[0]
        assert all(v == round(v) for v in (option.upfront, option.total))
    rent = cost.options.get("rent")
    if rent is not None and rent.lines.get("rent prepaid years"):
        assert rent.monthly * 12 == rent.cost_after(12)  # a prepaid year is 12 × the month shown


def test_break_even_month_is_where_the_series_cross(analysis) -> None:  # type: ignore[no-untyped-def]
    _, a = analysis
    cost = a.cost
    buy = cost.options["buy"]
    for name, month in (("rent", cost.buy_vs_rent_month), ("cloud", cost.buy_vs_cloud_month)):
        other = cost.options.get(name)
        if other is None:
            continue
        crossing = next((m for m in range(1, 61) if buy.cumulative[m] <= other.cumulative[m]), None)
        assert month == crossing
        if month is not None:
            assert buy.cumulative[month - 1] > other.cumulative[month - 1] or month == 1


def test_bill_and_cost_hardware_agree_to_the_unit(analysis) -> None:  # type: ignore[no-untyped-def]
    _, a = analysis
    lines = a.cost.options["buy"].lines
    hardware = sum(lines[k] for k in ("servers", "switches", "other hardware", "nics", "cables", "racks"))
    assert hardware == a.bom.hardware_total
    assert a.cost.options["buy"].upfront == hardware + lines["installation"]


@pytest.mark.parametrize(("field", "value"), [("annual_prepay_discount", 1.5), ("installation_fraction", -0.1),
                                              ("space_per_rack_month", -5.0), ("cny_per_usd", 0.0)])
def test_a_cost_setting_out_of_range_is_one_clear_error(field: str, value: float) -> None:
    design = load_design(EXAMPLES / "s1-h100-2x8-ndr.cluster", CATALOG).design
    setattr(design.cost, field, value)
    a = analyze_design(design, CATALOG)
    assert a.cost is None
    reason = a.unavailable["cost"]
    assert field in reason and "\n" not in reason
