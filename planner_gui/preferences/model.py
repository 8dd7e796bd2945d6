"""The preferences' fields, their allowed values and defaults (pure Python, no Qt)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from platformdirs import user_config_path

APP_DIR_NAME = "cluster-planner"  # the same folder as document/recent.py APP_DIR_NAME
FILE_NAME = "preferences.json"
CURRENT_VERSION = 2  # bump with a migration in store.py MIGRATIONS
LANGUAGES = ("system", "en", "zh_CN")  # planner_gui.i18n: "system" follows the locale
CURRENCIES = ("CNY", "USD")  # model.settings.Currency
UNIT_SYSTEMS = ("metric", "imperial")
# The two sizes the PDF proposal lays out, or "system": by the locale's territory (Letter in the US and
# Canada, A4 elsewhere: ui/window/export_pdf.py default_paper). A new value, not a new version: old files stay valid.
PAPER_SIZES = ("system", "A4", "Letter")
THEMES = ("system", "light", "dark")
# Autosave interval bounds in seconds: issue 5 asks for every minute by default; under 10 s the
# writes of a large design would be felt, and beyond an hour autosave stops protecting anything.
AUTOSAVE_DEFAULT_S, AUTOSAVE_MIN_S, AUTOSAVE_MAX_S = 60, 10, 3600
# A quotation's usual validity; 0 prints none. A year at most: prices and lead times move faster.
PROPOSAL_VALIDITY_DEFAULT_DAYS, PROPOSAL_VALIDITY_MAX_DAYS = 30, 365
PROPOSAL_TEXTS = ("proposal_company", "proposal_contact", "proposal_logo", "proposal_document_number",
                  "proposal_revision", "proposal_confidentiality")
CHOICES: dict[str, tuple[str, ...]] = {
    "language": LANGUAGES, "currency": CURRENCIES, "length_units": UNIT_SYSTEMS,
    "airflow_units": UNIT_SYSTEMS, "temperature_units": UNIT_SYSTEMS, "paper_size": PAPER_SIZES,
    "theme": THEMES,
}


def preferences_path() -> Path:
    return user_config_path(APP_DIR_NAME, appauthor=False) / FILE_NAME


@dataclass
class Preferences:
    """What the user chose; every field has a default, so an empty file means "all defaults"."""

    language: str = "system"
    currency: str = "CNY"  # for new designs: the seeds' market prices in yuan
    length_units: str = "metric"  # m / mm (imperial: ft / in)
    airflow_units: str = "metric"  # m³/h (imperial: CFM)
    temperature_units: str = "metric"  # °C (imperial: °F)
    paper_size: str = "system"  # the Export PDF dialog's default paper
    theme: str = "system"  # follow the desktop's light/dark setting
    autosave_interval_s: int = AUTOSAVE_DEFAULT_S
    user_catalog: str = ""  # empty: the default location (catalog/loader.py default_user_catalog_path)
    # The proposal's branding and document control (report/content/branding.py): the supplier's own.
    proposal_company: str = ""
    proposal_contact: str = ""
    proposal_logo: str = ""  # a PNG or SVG file
    proposal_document_number: str = ""
    proposal_revision: str = ""
    proposal_validity_days: int = PROPOSAL_VALIDITY_DEFAULT_DAYS
    proposal_confidentiality: str = ""

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise ValueError(f"preferences: {name} = {value!r} is not one of {', '.join(allowed)}; "
                                 "fix it in Preferences or delete the preferences file")
        interval = self.autosave_interval_s
        if isinstance(interval, bool) or not isinstance(interval, int) or not (
                AUTOSAVE_MIN_S <= interval <= AUTOSAVE_MAX_S):
            raise ValueError(f"preferences: autosave_interval_s = {interval!r} must be a whole number of seconds "
                             f"from {AUTOSAVE_MIN_S} to {AUTOSAVE_MAX_S}")
        if not isinstance(self.user_catalog, str):
            raise ValueError(f"preferences: user_catalog = {self.user_catalog!r} must be a path as text")
        for name in PROPOSAL_TEXTS:
            if not isinstance(getattr(self, name), str):
                raise ValueError(f"preferences: {name} = {getattr(self, name)!r} must be text")
        days = self.proposal_validity_days
        if isinstance(days, bool) or not isinstance(days, int) or not 0 <= days <= PROPOSAL_VALIDITY_MAX_DAYS:
            raise ValueError(f"preferences: proposal_validity_days = {days!r} must be a whole number of days "
                             f"from 0 to {PROPOSAL_VALIDITY_MAX_DAYS}")

    def to_json(self) -> dict[str, Any]:
        return {"version": CURRENT_VERSION, **asdict(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Preferences:
        """The current version's fields; unknown keys are ignored (a newer app's additions)."""
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    def user_catalog_path(self) -> Path | None:
        return Path(self.user_catalog).expanduser() if self.user_catalog else None
