"""Lengths, airflow and temperatures in the user's metric or imperial units (Preferences).

:func:`set_units` is applied at start-up and when the Preferences change; every formatter here takes
an optional ``units`` to format for someone else (the PDF is always metric).
"""

from __future__ import annotations

from dataclasses import dataclass

from planner_gui.present.numbers import MISSING, number, significant

METRIC, IMPERIAL = "metric", "imperial"  # preferences/model.py UNIT_SYSTEMS
M_PER_FT = 0.3048  # the international foot (1959), exact
M3H_PER_CFM = 0.028316846592 * 60.0  # 1 ft³ = 0.028316846592 m³ exactly, 60 min/h (unit definitions)
F_PER_C = 1.8  # a Celsius degree is 1.8 Fahrenheit degrees (unit definitions)
F_AT_0C = 32.0  # water freezes at 32 °F
LENGTH_UNITS = {METRIC: "m", IMPERIAL: "ft"}
AIRFLOW_UNITS = {METRIC: "m³/h", IMPERIAL: "CFM"}
TEMPERATURE_UNITS = {METRIC: "°C", IMPERIAL: "°F"}


@dataclass(frozen=True, slots=True)
class Units:
    """The metric/imperial choice per quantity (Preferences length_units, airflow_units, temperature_units)."""

    length: str = METRIC
    airflow: str = METRIC
    temperature: str = METRIC

    @classmethod
    def from_preferences(cls, preferences: object) -> Units:
        return cls(getattr(preferences, "length_units", METRIC), getattr(preferences, "airflow_units", METRIC),
                   getattr(preferences, "temperature_units", METRIC))


_units = [Units()]  # what the panels show; the app sets it from the preferences


def set_units(units: Units) -> None:
    """Use ``units`` in every formatter below from now on (panels re-format on their next refresh)."""
    _units[0] = units


def current_units() -> Units:
    return _units[0]


def length_unit(units: Units | None = None) -> str:
    return LENGTH_UNITS[(units or current_units()).length]


def length_to_display(metres: float, units: Units | None = None) -> float:
    """A length in metres as the preferred unit's number (feet for imperial)."""
    return metres / M_PER_FT if (units or current_units()).length == IMPERIAL else metres


def length_from_display(value: float, units: Units | None = None) -> float:
    """A length typed in the preferred unit, back in metres (what the model stores)."""
    return value * M_PER_FT if (units or current_units()).length == IMPERIAL else value


def format_length(metres: object, units: Units | None = None) -> str:
    """A cable or floor length: 12.5 -> "12.5 m", or "41 ft" in imperial (3 significant digits, trimmed)."""
    value = number(metres, "length")
    if value is None:
        return MISSING
    text = significant(length_to_display(value, units))
    return f"{text.rstrip('0').rstrip('.') if '.' in text else text} {length_unit(units)}"


def format_airflow(m3_per_h: object, units: Units | None = None) -> str:
    """Cooling airflow: 5,097 m³/h, or 3,000 CFM in imperial (M3H_PER_CFM)."""
    value = number(m3_per_h, "airflow")
    if value is None:
        return MISSING
    chosen = (units or current_units()).airflow
    shown = value / M3H_PER_CFM if chosen == IMPERIAL else value
    return f"{significant(shown)} {AIRFLOW_UNITS[chosen]}"


def format_temperature(celsius: object, units: Units | None = None) -> str:
    """A temperature: 25 -> "25.0 °C", or "77.0 °F" in imperial."""
    value = number(celsius, "temperature")
    if value is None:
        return MISSING
    chosen = (units or current_units()).temperature
    shown = value * F_PER_C + F_AT_0C if chosen == IMPERIAL else value
    return f"{shown:,.1f} {TEMPERATURE_UNITS[chosen]}"


def format_temperature_rise(kelvin: object, units: Units | None = None) -> str:
    """A temperature difference (an air or coolant ΔT): 11.1 K -> "11.1 °C", or "20.0 °F" (no offset)."""
    value = number(kelvin, "temperature difference")
    if value is None:
        return MISSING
    chosen = (units or current_units()).temperature
    shown = value * F_PER_C if chosen == IMPERIAL else value
    return f"{shown:,.1f} {TEMPERATURE_UNITS[chosen]}"
