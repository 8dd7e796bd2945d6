"""A small declarative form for the inspector: one editor per field, parsed and committed on Enter.

Numbers are typed into line edits (not spin boxes) so that any input can be judged and refused
with a reason, rather than silently clamped. A field commits only when the user changed it
(``QLineEdit.isModified``), so tabbing through a form pushes no empty undo steps. When a
multi-selection disagrees on a field, the editor shows it as mixed (empty with a placeholder, an
unselected combo, a partially checked box).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLabel, QLineEdit, QWidget

from planner_gui.present import length_from_display, length_to_display, length_unit

MIXED = object()  # the value of a field whose selected objects disagree
MIXED_TEXT = "(mixed)"  # English source of mixed_text()
COMBO_MIN_CHARS = 12  # wide enough for "Liquid", "ib-ndr-400", a rack id


@dataclass(frozen=True, slots=True)
class FieldSpec:
    name: str  # the property or "section.field" the editor sets
    label: str
    kind: str  # "text" | "int" | "float" | "choice" | "bool" | "readonly" | "heading" (a section title)
    choices: tuple[tuple[str, Any], ...] = ()  # (shown text, value) for "choice"
    optional: bool = False  # empty input means None (a default), e.g. cooling capacity
    placeholder: str = ""  # shown when the value is None
    tooltip: str = ""
    quantity: str = ""  # "length": stored in metres, shown and typed in the preferred unit (m or ft)


class InvalidInput(ValueError):
    """The text typed into a field cannot be read as its kind."""


def parse(spec: FieldSpec, text: str) -> Any:
    """The value typed for ``spec``: None for an empty optional field, else a number or the text."""
    text = text.strip()
    if not text and spec.optional:
        return None
    if spec.kind == "int":
        try:
            return int(text)
        except ValueError:
            raise InvalidInput(
                QCoreApplication.translate("Inspector", "{label}: {text} is not a whole number").format(
                    label=field_label(spec), text=repr(text)
                )
            ) from None
    if spec.kind == "float":
        try:
            value = float(text.replace(",", ""))  # "1,200" as typed by people, not a decimal comma
        except ValueError:
            raise InvalidInput(
                QCoreApplication.translate("Inspector", "{label}: {text} is not a number").format(
                    label=field_label(spec), text=repr(text)
                )
            ) from None
        if not math.isfinite(value):
            raise InvalidInput(
                QCoreApplication.translate("Inspector", "{label}: {text} is not a finite number").format(
                    label=field_label(spec), text=repr(text)
                )
            )
        return value
    return text


def show(value: Any) -> str:
    if value is None or value is MIXED:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value.value if hasattr(value, "value") else value)


def label_text(text: str) -> str:
    """A field's label, tooltip, placeholder or choice in the UI language (marked in inspector_forms.py)."""
    return QCoreApplication.translate("Inspector", text) if text else text


def field_label(spec: FieldSpec) -> str:
    """The label in the UI language, with the preferred unit for a unit-aware field: "Length (ft)"."""
    text = label_text(spec.label)
    if spec.quantity != "length":
        return text
    return QCoreApplication.translate("Inspector", "{label} ({unit})").format(label=text, unit=length_unit())


def mixed_text() -> str:
    return QCoreApplication.translate("Inspector", "(mixed)")


class FormPage(QWidget):
    """Editors for a list of fields. ``committed(name, value)`` when one is changed; ``invalid(message)``."""

    committed = Signal(str, object)
    invalid = Signal(str)

    def __init__(self, specs: list[FieldSpec], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.specs = {spec.name: spec for spec in specs if spec.kind != "heading"}
        self.editors: dict[str, QWidget] = {}
        self.form = QFormLayout(self)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # A label too long to leave its field room goes above the field instead of squeezing it.
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        for spec in specs:
            if spec.kind == "heading":
                self.form.addRow(QLabel(f"<b>{label_text(spec.label)}</b>", self))
                continue
            editor = self._make_editor(spec)
            editor.setObjectName(f"field_{spec.name.replace('.', '_')}")
            editor.setToolTip(label_text(spec.tooltip))
            self.editors[spec.name] = editor
            self.form.addRow(field_label(spec), editor)

    def load(self, values: dict[str, Any]) -> None:
        """Show ``values`` (name -> value or MIXED); fields not given keep what they show."""
        for name, value in values.items():
            editor, spec = self.editors.get(name), self.specs.get(name)
            if editor is None or spec is None:
                continue
            editor.blockSignals(True)
            try:
                _set_editor(editor, spec, to_display(spec, value))
            finally:
                editor.blockSignals(False)
        self._label_units()

    def _label_units(self) -> None:
        """"Length (m)" or "Length (ft)": the unit follows the preference, which may have changed."""
        for name, spec in self.specs.items():
            label = self.form.labelForField(self.editors[name]) if spec.quantity else None
            if isinstance(label, QLabel):
                label.setText(field_label(spec))

    def set_enabled_fields(self, names: set[str] | None) -> None:
        """Enable only ``names`` (None: all); the others stay visible but read-only."""
        for name, editor in self.editors.items():
            editor.setEnabled(names is None or name in names)

    def set_row_visible(self, name: str, visible: bool) -> None:
        self.form.setRowVisible(self.editors[name], visible)

    # ----- editors ---------------------------------------------------------------------------
    def _make_editor(self, spec: FieldSpec) -> QWidget:
        if spec.kind == "readonly":
            label = QLabel(self, textInteractionFlags=Qt.TextInteractionFlag.TextSelectableByMouse,
                           textFormat=Qt.TextFormat.PlainText)  # values can be names from the file
            label.setWordWrap(True)
            return label
        if spec.kind == "choice":
            combo = QComboBox(self)
            # Long names (NICs, racks) must not widen the dock: elide them to the field's width.
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(COMBO_MIN_CHARS)
            for text, value in spec.choices:
                combo.addItem(label_text(text), value)
            combo.activated.connect(lambda index, s=spec, c=combo: self.committed.emit(s.name, c.itemData(index)))
            return combo
        if spec.kind == "bool":
            box = QCheckBox(self)
            box.clicked.connect(lambda checked, s=spec: self.committed.emit(s.name, bool(checked)))
            return box
        line = QLineEdit(self)
        line.installEventFilter(self)  # Ctrl+Z in a committed field undoes the design (eventFilter)
        line.editingFinished.connect(lambda s=spec, e=line: self._on_line_editing_finished(s, e))
        return line

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A line edit claims Ctrl+Z/Ctrl+Y for its own text history even when it holds nothing but the
        committed value; then the keys belong to the design's undo stack (the window's actions)."""
        if (event.type() == QEvent.Type.ShortcutOverride and isinstance(watched, QLineEdit)
                and isinstance(event, QKeyEvent) and not watched.isModified() and _is_undo_key(event)):
            event.ignore()  # not the field's: the shortcut map gives it to Edit ▸ Undo / Redo
            return True
        return super().eventFilter(watched, event)

    def _on_line_editing_finished(self, spec: FieldSpec, line: QLineEdit) -> None:
        if not line.isModified():
            return  # focus left an untouched field
        line.setModified(False)
        try:
            value = parse(spec, line.text())
        except InvalidInput as error:
            self.invalid.emit(str(error))
            return
        self.committed.emit(spec.name, from_display(spec, value))


def _is_undo_key(event: QKeyEvent) -> bool:
    key = QKeySequence.StandardKey
    return (event.matches(key.Undo) or event.matches(key.Redo)
            or QKeySequence(event.keyCombination()) == QKeySequence("Ctrl+Y"))


def to_display(spec: FieldSpec, value: Any) -> Any:
    """A model value as its editor shows it (a length in the preferred unit)."""
    if spec.quantity == "length" and isinstance(value, int | float) and not isinstance(value, bool):
        return length_to_display(float(value))
    return value


def from_display(spec: FieldSpec, value: Any) -> Any:
    """A typed value as the model stores it (a length back in metres)."""
    if spec.quantity == "length" and isinstance(value, float):
        return length_from_display(value)
    return value


def _set_editor(editor: QWidget, spec: FieldSpec, value: Any) -> None:
    if isinstance(editor, QLineEdit):
        editor.setText(show(value))
        editor.setCursorPosition(0)  # show a long name from its start, not its tail
        editor.setPlaceholderText(mixed_text() if value is MIXED else label_text(spec.placeholder))
        editor.setModified(False)
    elif isinstance(editor, QComboBox):
        index = -1 if value is MIXED else editor.findData(value)
        editor.setCurrentIndex(index)
        editor.setPlaceholderText(mixed_text())
    elif isinstance(editor, QCheckBox):
        editor.setTristate(value is MIXED)
        editor.setCheckState(
            Qt.CheckState.PartiallyChecked
            if value is MIXED
            else Qt.CheckState.Checked
            if value
            else Qt.CheckState.Unchecked
        )
    elif isinstance(editor, QLabel):
        editor.setText(mixed_text() if value is MIXED else show(value) or label_text(spec.placeholder))
