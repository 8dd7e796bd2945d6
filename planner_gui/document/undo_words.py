"""The words undo steps use for fields and settings sections: "Set power budget (kW) of 1 item",
not the model's attribute name. Marked for translation (context Document); document.py translates
them when it names a step. Refusals keep their own words (properties.FIELD_WORDS)."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP  # marks for lupdate, returns the English word

UNDO_WORDS = {
    "name": QT_TRANSLATE_NOOP("Document", "name"), "row": QT_TRANSLATE_NOOP("Document", "row"),
    "position": QT_TRANSLATE_NOOP("Document", "position"),
    "height_u": QT_TRANSLATE_NOOP("Document", "height (U)"),
    "power_budget_kw": QT_TRANSLATE_NOOP("Document", "power budget (kW)"),
    "cooling": QT_TRANSLATE_NOOP("Document", "cooling"),
    "cooling_capacity_kw": QT_TRANSLATE_NOOP("Document", "cooling capacity (kW)"),
    "nic_id": QT_TRANSLATE_NOOP("Document", "NIC model"), "nic_count": QT_TRANSLATE_NOOP("Document", "NIC count"),
    "medium": QT_TRANSLATE_NOOP("Document", "cable medium"),
    "length_m": QT_TRANSLATE_NOOP("Document", "cable length"),
    "meta": QT_TRANSLATE_NOOP("Document", "design"), "fabric": QT_TRANSLATE_NOOP("Document", "fabric"),
    "cost": QT_TRANSLATE_NOOP("Document", "cost"), "workload": QT_TRANSLATE_NOOP("Document", "workload"),
}
# Anything else (a field added later without a word here) reads as words, not as an identifier.


def plain(name: str) -> str:
    return name.replace("_", " ")
