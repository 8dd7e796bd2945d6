"""Check titles, messages and fixes in the UI language, keyed by check code.

The engine writes each finding's message and fix in English with the design's own numbers, and
attaches the message key and raw numbers (``engine/checks/base.py``). The PDF keeps a title per code
in both languages, a Chinese fix per code (``report/content/strings_checks.py``) and a Chinese
sentence per message key (``report/content/check_messages.py``); the checks list reuses those tables
through :func:`check_message`, :func:`check_title` and :func:`check_fix` instead of a second copy.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from planner_gui.i18n import CHINESE, current_language
from planner_gui.report.content.acceptance_messages import (
    acceptance_fix_in,
    acceptance_message_in,
    acceptance_word_in,
    problem_message_in,
)
from planner_gui.report.content.check_messages import check_message_in
from planner_gui.report.content.strings_checks import CHECK_FIXES_ZH, CHECK_TITLES


def check_message(check: Any, language: str | None = None) -> str:
    """The detail sentence of ``check`` (an engine ``Check``, or its JSON dict with "key"/"params") in
    ``language`` ("en", "zh_CN"; None: the UI's current language), numbers formatted for it; engine
    sentences it quotes (a layout's reason) through the installed translator. Falls back to the
    engine's English when a sentence has no translation."""
    return check_message_in(check, language or current_language(), QCoreApplication.translate)


def check_title(code: str, fallback: str = "", language: str | None = None) -> str:
    """The short title of a check code (``fallback``, else the code itself, for an unknown code)."""
    pair = CHECK_TITLES.get(code)
    if pair is None:
        return fallback or code
    return pair[1] if (language or current_language()) == CHINESE else pair[0]


def check_fix(code: str, english_fix: str, language: str | None = None) -> str:
    """The fix in the UI language: the per-code Chinese fix, or the engine's English one."""
    if (language or current_language()) == CHINESE:
        return CHECK_FIXES_ZH.get(code, english_fix)
    return english_fix


def acceptance_message(item: Any, language: str | None = None) -> str:
    """An acceptance diagnosis's message or verdict sentence (engine/acceptance_*.py) in ``language``
    (None: the UI's), from report/content/acceptance_messages.py; the English when it has no Chinese."""
    return acceptance_message_in(item, language or current_language(), QCoreApplication.translate)


def acceptance_fix(diagnosis: Any, language: str | None = None) -> str:
    """An acceptance diagnosis's fix in ``language`` (None: the UI's)."""
    return acceptance_fix_in(diagnosis, language or current_language())


def acceptance_word(word: str, language: str | None = None) -> str:
    """The link a calibration scales ("nic", "nvlink") in ``language`` (None: the UI's)."""
    return acceptance_word_in(word, language or current_language()).strip()


def acceptance_problem(problem: Any, language: str | None = None) -> str:
    """A line of nccl-tests output the parser skipped or flagged, in ``language`` (None: the UI's)."""
    return problem_message_in(problem, language or current_language())
