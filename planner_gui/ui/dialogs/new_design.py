"""File > New: a blank design, or one generated from a template (the CLI's ``new`` as a dialog).

The template fields are TemplateSpec's: server, node count, fabric NIC, NICs per node, topology,
oversubscription, rack power budget, rack height and cooling. A template the generator refuses
keeps the dialog open with the generator's message, so the user can fix the one field it names.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from planner_gui.catalog import Catalog
from planner_gui.i18n import ui_error_text
from planner_gui.model import Design, Rack
from planner_gui.model.messages import Text
from planner_gui.templates import TOPOLOGIES, TemplateError, TemplateSpec, build_design
from planner_gui.templates.spec import COOLING_TYPES, DEFAULT_RACK_KW, MAX_NODES
from planner_gui.ui import colors
from planner_gui.ui.palette_text import readable_on

DEFAULT_SERVER = "dgx-h100"  # the default example's server (examples.py DEFAULT_EXAMPLE)
DEFAULT_NODES = 4
DEFAULT_NIC_CHOICE = ""  # combo data meaning "the server's default NIC"
MAX_NICS_PER_NODE = 16  # templates/spec.py resolve(): at most 16 compute NICs per node
MAX_OVERSUBSCRIPTION = 16.0  # templates/spec.py resolve(): ratios 1 to 16
RACK_KW_RANGE = (1.0, 500.0)  # templates/spec.py resolve()
RACK_U_RANGE = (12, 60)  # templates/spec.py resolve()
DEFAULT_RACK_U = 42  # TemplateSpec default
BLANK_RACK_ID = "A01"  # a blank design starts with one empty rack, named like the generator's first
# The generator's topology and cooling ids as the combo boxes show them: English shows the id (the CLI's
# --topology/--cooling value), other languages a name; the id is the item's data.
CHOICE_NAMES = {
    "single-switch": QT_TRANSLATE_NOOP("NewDesignDialog", "single-switch"),
    "leaf-spine": QT_TRANSLATE_NOOP("NewDesignDialog", "leaf-spine"),
    "rail-optimized": QT_TRANSLATE_NOOP("NewDesignDialog", "rail-optimized"),
    "air": QT_TRANSLATE_NOOP("NewDesignDialog", "air"),
    "rdhx": QT_TRANSLATE_NOOP("NewDesignDialog", "rdhx"),
    "liquid": QT_TRANSLATE_NOOP("NewDesignDialog", "liquid"),
}


def blank_design() -> Design:
    """An empty design with one rack, so the first server dropped has somewhere to go."""
    design = Design()
    design.add_rack(Rack(BLANK_RACK_ID, name="Row A rack 01", row="A", position=1, height_u=DEFAULT_RACK_U))
    return design


class NewDesignDialog(QDialog):
    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("newDesignDialog")
        self.setWindowTitle(self.tr("New design"))
        self.catalog = catalog
        self.design: Design | None = None
        self.notes: tuple[Text, ...] = ()  # what the template could not build as asked (build_design)
        self.blank = QRadioButton(self.tr("Blank design (one empty rack)"), self, objectName="newBlank")
        self.template = QRadioButton(self.tr("From a template"), self, objectName="newTemplate", checked=True)
        group = QButtonGroup(self)
        group.addButton(self.blank)
        group.addButton(self.template)
        self.fields = QGroupBox(self.tr("Template"), self)
        self._build_fields()
        self.template.toggled.connect(self.fields.setEnabled)
        self.error = QLabel(self, objectName="newDesignError", wordWrap=True,
                            textFormat=Qt.TextFormat.PlainText)
        ok_cancel = QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        buttons = QDialogButtonBox(ok_cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (self.blank, self.template, self.fields, self.error, buttons):
            layout.addWidget(widget)

    def _build_fields(self) -> None:
        form = QFormLayout(self.fields)
        self.server = QComboBox(self, objectName="newServer")
        for entry in sorted(self.catalog.of_kind("server"), key=lambda e: e.name):
            self.server.addItem(f"{entry.name} ({entry.id})", entry.id)
        self.server.setCurrentIndex(max(0, self.server.findData(DEFAULT_SERVER)))
        self.nodes = QSpinBox(self, objectName="newNodes", minimum=1, maximum=MAX_NODES, value=DEFAULT_NODES)
        self.nic = QComboBox(self, objectName="newNic")
        self.nic.addItem(self.tr("Server default"), DEFAULT_NIC_CHOICE)
        for entry in sorted(self.catalog.of_kind("nic"), key=lambda e: e.name):
            self.nic.addItem(f"{entry.name} ({entry.id})", entry.id)
        self.nics = QSpinBox(self, objectName="newNics", minimum=0, maximum=MAX_NICS_PER_NODE, value=0,
                             specialValueText=self.tr("Server default"))
        self.topology = self._choice_combo("newTopology", TOPOLOGIES)
        self.topology.setCurrentIndex(self.topology.findData(TemplateSpec.__dataclass_fields__["topology"].default))
        self.oversubscription = QDoubleSpinBox(self, objectName="newOversubscription", minimum=1.0,
                                               maximum=MAX_OVERSUBSCRIPTION, value=1.0, singleStep=0.5,
                                               suffix=" : 1")
        self.rack_kw = QDoubleSpinBox(self, objectName="newRackKw", minimum=RACK_KW_RANGE[0],
                                      maximum=RACK_KW_RANGE[1], value=DEFAULT_RACK_KW, suffix=" kW")
        self.rack_u = QSpinBox(self, objectName="newRackU", minimum=RACK_U_RANGE[0], maximum=RACK_U_RANGE[1],
                               value=DEFAULT_RACK_U, suffix=" U")
        self.cooling = self._choice_combo("newCooling", COOLING_TYPES)
        for label, widget in ((self.tr("Server"), self.server), (self.tr("Nodes"), self.nodes),
                              (self.tr("Fabric NIC"), self.nic), (self.tr("NICs per node"), self.nics),
                              (self.tr("Topology"), self.topology),
                              (self.tr("Oversubscription"), self.oversubscription),
                              (self.tr("Rack power budget"), self.rack_kw), (self.tr("Rack height"), self.rack_u),
                              (self.tr("Cooling"), self.cooling)):
            form.addRow(label, widget)

    def _choice_combo(self, name: str, ids: tuple[str, ...]) -> QComboBox:
        combo = QComboBox(self, objectName=name)
        for choice in ids:
            combo.addItem(self.tr(CHOICE_NAMES.get(choice, choice)), choice)
        return combo

    def spec(self) -> TemplateSpec:
        return TemplateSpec(
            server_id=self.server.currentData(), nodes=self.nodes.value(),
            nic_id=self.nic.currentData() or None, nics_per_node=self.nics.value() or None,
            topology=self.topology.currentData(),
            oversubscription=self.oversubscription.value(), rack_kw=self.rack_kw.value(),
            rack_u=self.rack_u.value(), cooling=self.cooling.currentData(),
        )

    def accept(self) -> None:
        if self.blank.isChecked():
            self.design = blank_design()
            super().accept()
            return
        try:
            self.design, self.notes = build_design(self.catalog, self.spec())
        except (TemplateError, KeyError, ValueError) as error:
            self.error.setStyleSheet(f"color: {readable_on(colors.ERROR_RED, self)};")
            self.error.setText(ui_error_text(error))
            return
        super().accept()
