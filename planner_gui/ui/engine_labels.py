"""The engine's English labels and words (compare figures, sweep parameters, item kinds) in the UI language.

engine/compare/designs.py and engine/compare/sweep.py label their figures in English for the JSON output; the PDF's
comparison section names them by key in both languages (report/content/strings_compare.py), and the
Compare and Sweep dialogs reuse those pairs instead of a second copy, as the checks list reuses the
proposal's check tables (i18n/checks_zh.py). Item kinds are the proposal's ``kind.*`` words.
"""

from __future__ import annotations

from planner_gui.i18n import CHINESE, current_language
from planner_gui.report.content.strings import STRINGS
from planner_gui.report.content.strings_compare import figure_label_in, param_label_in


def _chinese() -> bool:
    return current_language() == CHINESE


def figure_label(key: str, english: str) -> str:
    """A headline figure's label (engine/compare/designs.py FIGURES, or the sweep's efficiency) in the UI language."""
    return figure_label_in(key, english, _chinese())


def param_label(name: str, english: str) -> str:
    """A sweep parameter's label (engine/compare/sweep.py PARAMS) in the UI language."""
    return param_label_in(name, english, _chinese())


def kind_name(kind: str) -> str:
    """A catalog kind ("server", "switch", "cable", ...) in Chinese as the proposal's bill of materials names
    it; in English the kind itself, as the engine writes it."""
    pair = STRINGS.get(f"kind.{kind}")
    return pair[1] if pair is not None and _chinese() else kind
