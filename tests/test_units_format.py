"""Units and money that follow the preferences: lengths, airflow and temperature, CNY/USD at the design's rate."""

from __future__ import annotations

import copy
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication

from planner_gui import present as fmt
from planner_gui.catalog import bundled_catalog
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.present import Units

IMPERIAL = Units("imperial", "imperial", "imperial")


@pytest.fixture(autouse=True)
def _metric_again() -> Iterator[None]:
    """The units are app-wide state: every test leaves them metric, as it found them."""
    yield
    fmt.set_units(Units())


def test_lengths_in_feet() -> None:
    """12.5 m ÷ 0.3048 m/ft = 41.01 ft: three significant digits, trailing zero trimmed."""
    assert fmt.format_length(12.5) == "12.5 m"
    assert fmt.format_length(12.5, IMPERIAL) == "41 ft"
    assert fmt.format_length(3.0, Units(length="imperial")) == "9.84 ft"  # 3 / 0.3048 = 9.8425
    fmt.set_units(IMPERIAL)
    assert fmt.format_length(30.48) == "100 ft" and fmt.length_unit() == "ft"
    assert fmt.length_from_display(100.0) == pytest.approx(30.48)


def test_airflow_in_cfm_and_temperatures_in_fahrenheit() -> None:
    """1 CFM = 1.699 m³/h (0.0283168 m³ × 60); 25 °C = 77 °F; a 10 K rise is 18 °F (no 32 °F offset)."""
    assert fmt.format_airflow(1699.0108, IMPERIAL) == "1,000 CFM"
    assert fmt.format_airflow(1699.0108) == "1,699 m³/h"
    assert fmt.format_temperature(25.0, IMPERIAL) == "77.0 °F" and fmt.format_temperature(25.0) == "25.0 °C"
    assert fmt.format_temperature_rise(10.0, IMPERIAL) == "18.0 °F" and fmt.format_temperature_rise(10.0) == "10.0 °C"
    assert fmt.format_airflow(None) == fmt.MISSING


def test_money_converts_both_ways_at_the_design_rate() -> None:
    """72,000 CNY at 7.2 CNY/USD is $10,000; $10,000 is ¥72,000; same currency is unchanged."""
    assert fmt.convert_money(72_000, "CNY", "USD", 7.2) == pytest.approx(10_000)
    assert fmt.convert_money(10_000, "USD", "CNY", 7.2) == pytest.approx(72_000)
    assert fmt.convert_money(5.0, "USD", "USD", 7.2) == 5.0
    assert fmt.format_money(fmt.convert_money(72_000, "CNY", "USD", 7.2), "USD") == "$10,000"
    with pytest.raises(ValueError, match="cny_per_usd"):
        fmt.convert_money(1.0, "USD", "CNY", 0.0)


def test_a_catalog_price_in_the_design_currency() -> None:
    """A USD design at 6.5 CNY/USD shows a ¥6,500,000 price as $1,000,000; a CNY design shows USD × rate."""
    design = copy.deepcopy(load_design(default_example_path(), bundled_catalog()).design)
    design.meta.currency = type(design.meta.currency)("USD")
    design.cost.cny_per_usd = 6.5
    assert fmt.format_design_money(6_500_000, "CNY", design) == "$1,000,000"
    design.meta.currency = type(design.meta.currency)("CNY")
    assert fmt.format_design_money(250_000, "USD", design) == "¥1,625,000"


def test_units_follow_the_preferences_object() -> None:
    from planner_gui.preferences import Preferences

    units = Units.from_preferences(Preferences(length_units="imperial", temperature_units="imperial"))
    assert units == Units("imperial", "metric", "imperial")


def test_format_words_reach_the_translator() -> None:
    fmt.set_translator(lambda text: {"{n} days": "{n} 天", "never": "不会"}.get(text, text))
    try:
        assert fmt.format_days(12.34) == "12.3 天" and fmt.format_months(None) == "不会"
    finally:
        fmt.set_translator(lambda text: QCoreApplication.translate("Format", text))  # as planner_gui.i18n does
