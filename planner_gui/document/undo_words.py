"""The words undo steps use for fields and settings sections: "Set power budget (kW) of 1 item",
not the model's attribute name. Marked for translation (context UndoStep); document.py translates
them when it names a step. Refusals keep their own words (properties.FIELD_WORDS)."""

from __future__ import annotations

from planner_gui.model.messages import QT_TRANSLATE_NOOP

UNDO_WORDS = {
    "name": QT_TRANSLATE_NOOP("UndoStep", "name"), "row": QT_TRANSLATE_NOOP("UndoStep", "row"),
    "position": QT_TRANSLATE_NOOP("UndoStep", "position"),
    "height_u": QT_TRANSLATE_NOOP("UndoStep", "height (U)"),
    "power_budget_kw": QT_TRANSLATE_NOOP("UndoStep", "power budget (kW)"),
    "cooling": QT_TRANSLATE_NOOP("UndoStep", "cooling"),
    "cooling_capacity_kw": QT_TRANSLATE_NOOP("UndoStep", "cooling capacity (kW)"),
    "nic_id": QT_TRANSLATE_NOOP("UndoStep", "NIC model"), "nic_count": QT_TRANSLATE_NOOP("UndoStep", "NIC count"),
    "medium": QT_TRANSLATE_NOOP("UndoStep", "cable medium"),
    "length_m": QT_TRANSLATE_NOOP("UndoStep", "cable length"),
    "meta": QT_TRANSLATE_NOOP("UndoStep", "design"), "fabric": QT_TRANSLATE_NOOP("UndoStep", "fabric"),
    "cost": QT_TRANSLATE_NOOP("UndoStep", "cost"), "workload": QT_TRANSLATE_NOOP("UndoStep", "workload"),
}
# Anything else (a field added later without a word here) reads as words, not as an identifier.


def plain(name: str) -> str:
    return name.replace("_", " ")
