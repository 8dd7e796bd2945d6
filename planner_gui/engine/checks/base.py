"""The shape every engine check takes: a stable code, a severity, a message and the ids involved.

The English ``message`` is written by the engine with the design's numbers (the CLI prints it as is).
So that the GUI and the proposal can say the same thing in another language, each check also carries
a message ``key`` (its code, or ``code.variant`` when one code has several sentences) and the raw
``params`` the sentence is built from; ``report/content/check_messages.py`` holds the Chinese
sentence per key and renders it with locale-formatted numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


class KeyedMessage:
    """What a Check and an acceptance Diagnosis share: an English message plus the key and raw values
    that let the UI and the Chinese proposal say it in another language."""

    __slots__ = ()  # the dataclasses below keep their own slots
    code: str
    key: str  # which sentence the message is: the code, or "code.variant"; "" means the code itself
    params: tuple[tuple[str, Any], ...]  # (name, raw value) pairs the sentence is built from, sorted

    @property
    def message_key(self) -> str:
        return self.key or self.code

    def values(self) -> dict[str, Any]:
        """The message parameters by name (numbers unformatted, id lists as tuples)."""
        return dict(self.params)


@dataclass(frozen=True, slots=True)
class Check(KeyedMessage):
    code: str  # stable, kebab-case, e.g. "rack-over-power"; scripts match on it
    severity: Severity
    message: str  # what is wrong and what to do about it
    ids: tuple[str, ...] = ()  # design objects involved (racks, devices, links)
    fix: str = ""  # the recommended fix, for the proposal's risk section
    key: str = ""  # KeyedMessage
    params: tuple[tuple[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "severity": str(self.severity), "message": self.message,
                "ids": list(self.ids), "fix": self.fix}


def params(**values: Any) -> tuple[tuple[str, Any], ...]:
    """``Check.params`` from keyword arguments: sorted pairs, hashable like the rest of the check."""
    return tuple(sorted((name, tuple(v) if isinstance(v, list) else v) for name, v in values.items()))


class Sentence(str):
    """An English sentence for the user (a verdict, a parse note) that remembers its message key and values.

    A ``str`` (so reports, JSON and the CLI keep using it as the English text unchanged) whose
    ``key``/``params`` let the GUI and the Chinese proposal render the same sentence in Chinese.
    """

    key: str
    params: tuple[tuple[str, Any], ...]

    def __new__(cls, english: str, key: str, **values: Any) -> Sentence:
        made = super().__new__(cls, english)
        made.key, made.params = key, params(**values)
        return made

    def values(self) -> dict[str, Any]:
        return dict(self.params)



def sort_checks(checks: list[Check]) -> list[Check]:
    """Most severe first, then by code, so output is stable between runs."""
    return sorted(checks, key=lambda c: (SEVERITY_ORDER[c.severity], c.code, c.ids))
