"""The results panels' number formatting, as exact strings (planner_gui/present)."""

from __future__ import annotations

import math

import pytest

from planner_gui.model import Currency
from planner_gui.present import (
    MISSING,
    currency_symbol,
    format_bandwidth,
    format_bytes,
    format_count,
    format_days,
    format_duration,
    format_gb,
    format_kw,
    format_money,
    format_months,
    format_percent,
    format_rate,
    format_tokens,
    significant,
)


@pytest.mark.parametrize(("nbytes", "text"), [
    (0, "0 B"), (8, "8 B"), (1000, "1,000 B"), (1024, "1 KiB"), (1536, "1.5 KiB"), (2**20, "1 MiB"),
    (2**30, "1 GiB"), (2**34, "16 GiB"), (3 * 2**30 + 1, "3 GiB"), (2**40, "1 TiB"), (5 * 2**50, "5 PiB"),
    (2**60, "1,024 PiB"),
])
def test_bytes_in_binary_units(nbytes: int, text: str) -> None:
    """nccl-tests sweeps powers of two from 8 B to 16 GiB (nccl-tests doc/PERFORMANCE.md): they print as whole units."""
    assert format_bytes(nbytes) == text


@pytest.mark.parametrize(("value", "text"), [
    (363.24, "363"), (48.75, "48.8"), (0.01234, "0.0123"), (12345.6, "12,346"), (99.96, "100"),
    (0.5, "0.500"), (-0.0004567, "-0.000457"), (0.0, "0"), (math.inf, "∞"), (-math.inf, "-∞"),
])
def test_three_significant_digits_never_in_exponent_form(value: float, text: str) -> None:
    assert significant(value) == text


def test_bandwidth_in_gb_per_s() -> None:
    assert format_bandwidth(363.24) == "363 GB/s"
    assert format_bandwidth(0.5) == "0.500 GB/s"
    assert format_bandwidth(None) == MISSING


def test_power_in_kw() -> None:
    assert format_kw(10_240) == "10.2 kW"
    assert format_kw(1_234_500) == "1,234.5 kW"
    assert format_kw(40_000, decimals=0) == "40 kW"


@pytest.mark.parametrize(("amount", "currency", "text"), [
    (1_234_567.4, "CNY", "¥1,234,567"), (12.345, "USD", "$12.35"), (-1_234.6, Currency.CNY, "-¥1,235"),
    (999.994, "usd", "$999.99"), (1000.0, "USD", "$1,000"), (-0.001, "USD", "$0.00"), (5.0, "EUR", "EUR 5.00"),
])
def test_money_uses_the_design_currency_and_thousands_separators(amount: float, currency: object,
                                                                 text: str) -> None:
    assert format_money(amount, currency) == text


def test_currency_symbols() -> None:
    assert (currency_symbol(Currency.CNY), currency_symbol(Currency.USD)) == ("¥", "$")


def test_percent_count_months() -> None:
    assert (format_percent(0.4523), format_percent(1), format_percent(0.0512, decimals=0)) == ("45.2%", "100.0%", "5%")
    assert (format_count(4096), format_count(256.0)) == ("4,096", "256")
    assert (format_months(1), format_months(18), format_months(None)) == ("1 month", "18 months", "never")
    assert format_months(12, adjective=True) == "12-month"


@pytest.mark.parametrize(("seconds", "text"), [
    (0.0123, "12.3 ms"), (4.5, "4.50 s"), (90.0, "1.50 min"), (5400.0, "1.50 h"), (3 * 86400.0, "3.00 days"),
    (math.inf, "∞"),
])
def test_durations_pick_a_readable_unit(seconds: float, text: str) -> None:
    assert format_duration(seconds) == text


def test_days_rates_and_memory() -> None:
    assert (format_days(1), format_days(12.34), format_days(1234.6)) == ("1.00 day", "12.3 days", "1,235 days")
    assert format_rate(4.1071e14, "FLOP/s") == "411 TFLOP/s"
    assert format_rate(950, "FLOP/s") == "950 FLOP/s"
    assert format_rate(2.5e12, "") == "2.50 T"
    assert format_tokens(2.3655e5, "tokens/s") == "237 k tokens/s"
    assert format_tokens(2.0437e10) == "20.4 B tokens"
    assert format_tokens(1e12) == "1.00 T tokens"
    assert format_tokens(70e9, "parameters") == "70.0 B parameters"
    assert format_gb(79.64) == "79.6 GB"


def test_missing_figures_print_as_a_dash() -> None:
    assert {format_bytes(None), format_kw(math.nan), format_money(None, "CNY"), format_percent(None)} == {MISSING}


@pytest.mark.parametrize("bad", ["12", True, [1]])
def test_non_numbers_raise_a_clear_value_error(bad: object) -> None:
    with pytest.raises(ValueError, match=r"expected a number, got .* pass an int or float"):
        format_kw(bad)


def test_negative_bytes_are_refused() -> None:
    with pytest.raises(ValueError, match="byte count -1 is negative"):
        format_bytes(-1)
