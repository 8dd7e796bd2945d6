"""The shape every engine check takes: a stable code, a severity, a message and the ids involved."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


@dataclass(frozen=True, slots=True)
class Check:
    code: str  # stable, kebab-case, e.g. "rack-over-power"; scripts match on it
    severity: Severity
    message: str  # what is wrong and what to do about it
    ids: tuple[str, ...] = ()  # design objects involved (racks, devices, links)
    fix: str = ""  # the recommended fix, for the proposal's risk section

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "severity": str(self.severity), "message": self.message,
                "ids": list(self.ids), "fix": self.fix}


def sort_checks(checks: list[Check]) -> list[Check]:
    """Most severe first, then by code, so output is stable between runs."""
    return sorted(checks, key=lambda c: (SEVERITY_ORDER[c.severity], c.code, c.ids))
