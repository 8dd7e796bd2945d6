"""Check titles and fixes in the UI language, keyed by check code.

The engine writes each finding's message and fix in English with the design's own numbers. The PDF
already keeps a title per code in both languages and a Chinese fix per code
(``report/content/strings_checks.py``); the checks list reuses those tables instead of a second copy.
The numeric detail sentence stays in the engine's English.
"""

from __future__ import annotations

from planner_gui.i18n import CHINESE, current_language
from planner_gui.report.content.strings_checks import CHECK_FIXES_ZH, CHECK_TITLES


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
