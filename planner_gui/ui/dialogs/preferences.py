"""The Preferences dialog: edits a :class:`Preferences` and reports whether the language changed."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from planner_gui.i18n import LANGUAGE_NAMES
from planner_gui.preferences.model import AUTOSAVE_MAX_S, AUTOSAVE_MIN_S, PROPOSAL_VALIDITY_MAX_DAYS, Preferences
from planner_gui.ui.window.appearance import apply_preferences


class PreferencesDialog(QDialog):
    def __init__(self, preferences: Preferences, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("preferencesDialog")
        self.setWindowTitle(self.tr("Preferences"))
        self.original = preferences
        form = QFormLayout(self)
        self.combos: dict[str, QComboBox] = {}
        units = [("metric", self.tr("Metric")), ("imperial", self.tr("Imperial"))]
        rows = [
            ("language", self.tr("Language"), [("system", self.tr("Follow the system")),
                                                *LANGUAGE_NAMES.items()]),
            ("currency", self.tr("Currency for new designs"), [("CNY", self.tr("CNY (¥)")),
                                                               ("USD", self.tr("USD ($)"))]),
            ("length_units", self.tr("Lengths"), units),
            ("airflow_units", self.tr("Airflow"), units),
            ("temperature_units", self.tr("Temperature"), units),
            ("paper_size", self.tr("Default paper size"), [("system", self.tr("By the system's region")),
                                                            ("A4", "A4"), ("Letter", "Letter")]),
            ("theme", self.tr("Theme"), [("system", self.tr("Follow the system")), ("light", self.tr("Light")),
                                          ("dark", self.tr("Dark"))]),
        ]
        for name, label, choices in rows:
            combo = QComboBox(self, objectName=f"pref_{name}")
            for value, text in choices:
                combo.addItem(text, value)
            combo.setCurrentIndex(combo.findData(getattr(preferences, name)))
            self.combos[name] = combo
            form.addRow(label, combo)
        self.autosave = QSpinBox(self, objectName="pref_autosave", minimum=AUTOSAVE_MIN_S,
                                 maximum=AUTOSAVE_MAX_S, value=preferences.autosave_interval_s,
                                 suffix=self.tr(" s"))
        form.addRow(self.tr("Autosave every"), self.autosave)
        self.catalog = QLineEdit(preferences.user_catalog, self, objectName="pref_user_catalog",
                                 placeholderText=self.tr("default location"))
        form.addRow(self.tr("User catalog file"), self.catalog)
        self._add_proposal_rows(form, preferences)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _add_proposal_rows(self, form: QFormLayout, preferences: Preferences) -> None:
        """The PDF proposal's branding and document control: the supplier's own, on every proposal."""
        heading = QLabel(self.tr("PDF proposal"), self)
        bold = heading.font()
        bold.setBold(True)
        heading.setFont(bold)
        form.addRow(heading)
        rows = [
            ("company", self.tr("Company"), ""),
            ("contact", self.tr("Contact"), self.tr("e-mail, phone")),
            ("logo", self.tr("Logo file"), self.tr("a PNG or SVG file")),
            ("document_number", self.tr("Document number"), ""),
            ("revision", self.tr("Revision"), self.tr("e.g. A")),
            ("confidentiality", self.tr("Confidentiality line"), self.tr("e.g. Confidential")),
        ]
        self.proposal: dict[str, QLineEdit] = {}
        for name, label, hint in rows:
            edit = QLineEdit(getattr(preferences, f"proposal_{name}"), self, objectName=f"pref_proposal_{name}",
                             placeholderText=hint)
            self.proposal[name] = edit
            form.addRow(label, edit)
        self.validity = QSpinBox(self, objectName="pref_proposal_validity_days", minimum=0,
                                 maximum=PROPOSAL_VALIDITY_MAX_DAYS, value=preferences.proposal_validity_days,
                                 suffix=self.tr(" days"), specialValueText=self.tr("not stated"))
        form.addRow(self.tr("Valid for"), self.validity)

    def chosen(self) -> Preferences:
        """The preferences as edited (ValueError from Preferences for an impossible value)."""
        values = {name: combo.currentData() for name, combo in self.combos.items()}
        proposal = {f"proposal_{name}": edit.text().strip() for name, edit in self.proposal.items()}
        return replace(self.original, **values, **proposal, autosave_interval_s=self.autosave.value(),
                       user_catalog=self.catalog.text().strip(), proposal_validity_days=self.validity.value())


def open_preferences(window: QWidget) -> Preferences | None:
    """Edit the saved preferences; a new language rebuilds the window around the same open design."""
    from planner_gui.i18n import resolve_language
    from planner_gui.preferences import load_preferences, save_preferences
    from planner_gui.ui.window.language_switch import switch_language

    before = load_preferences().preferences
    dialog = PreferencesDialog(before, window)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    after = dialog.chosen()
    save_preferences(after)
    autosaver = getattr(window, "autosaver", None)
    if autosaver is not None:
        autosaver.set_interval_s(after.autosave_interval_s)
    apply_preferences(after)
    if resolve_language(after.language) != resolve_language(before.language):
        switch_language(window, after.language)  # type: ignore[arg-type]  (rebuilt in the new units too)
    else:
        show_in_new_units(window)
    return after


def show_in_new_units(window: QWidget) -> None:
    """Re-format what the window shows (inspector, results) after the units changed."""
    inspector = getattr(window, "inspector", None)
    if inspector is not None:
        inspector.refresh()
    panel = getattr(window, "results_panel", None)
    if panel is not None and getattr(panel, "analysis", None) is not None:
        panel.refresh(panel.analysis)
