"""The topology view's "Colour links by: speed | load" switch and the legend of the load colours.

A small bar pinned to the view's top-right corner (a child of the view, not a scene item, so it
keeps its size and place at every zoom). Colour by load is the default: it is what tells a user
where the headline AllReduce saturates the fabric; links still colour by speed until results exist.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QHBoxLayout, QLabel, QWidget

from planner_gui.present import format_percent
from planner_gui.ui import colors
from planner_gui.ui.topology.items import LINK_AMBER_FROM, LINK_RED_FROM

BY_SPEED, BY_LOAD, BY_RAIL = "speed", "load", "rail"
GROUPS, DEVICES = "groups", "devices"  # what the view shows: the fabric's groups, or every device
MARGIN_PX = 6  # between the bar and the viewport's edges
SWATCH = "■"  # a filled square in the legend, coloured like the links


class LinkColouringBar(QWidget):
    """Emits ``mode_changed`` with BY_SPEED or BY_LOAD when the user picks the other one."""

    mode_changed = Signal(str)
    detail_changed = Signal(str)  # GROUPS or DEVICES, picked by the user
    resized = Signal()  # the legend came or went: the view re-pins the bar to its corner

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("linkColouring")
        self.setAutoFillBackground(True)
        layout = QGridLayout(self)  # the legend goes under the switch: narrow enough for a laptop's view
        layout.setContentsMargins(MARGIN_PX, 2, MARGIN_PX, 2)
        layout.setVerticalSpacing(0)
        switch = QHBoxLayout()
        switch.addWidget(QLabel(self.tr("Colour links by:"), self))
        layout.addLayout(switch, 0, 0)
        self.combo = QComboBox(self)
        self.combo.setObjectName("linkColouringMode")
        self.combo.addItem(self.tr("load"), BY_LOAD)
        self.combo.addItem(self.tr("speed"), BY_SPEED)
        self.combo.addItem(self.tr("rail"), BY_RAIL)
        self.combo.setToolTip(self.tr("Load: the share of each link's line rate the largest job's 1 GiB "
                                      "AllReduce uses, as the collective model predicts it"))
        self.combo.currentIndexChanged.connect(self._on_combo_current_index_changed)
        switch.addWidget(self.combo)
        switch.addWidget(QLabel(self.tr("Show:"), self))
        self.detail = QComboBox(self)
        self.detail.setObjectName("fabricDetail")
        self.detail.addItem(self.tr("groups"), GROUPS)
        self.detail.addItem(self.tr("every device"), DEVICES)
        self.detail.setToolTip(self.tr("Groups: tiers, pods and rails as blocks with their link bundles (click one to "
                                       "open it); every device: the full picture"))
        self.detail.activated.connect(lambda _index: self.detail_changed.emit(self.detail_mode))
        switch.addWidget(self.detail)
        switch.addStretch(1)
        self.legend = QLabel(self)
        self.legend.setObjectName("linkLoadLegend")
        layout.addWidget(self.legend, 1, 0)
        self.set_legend_visible(False)

    @property
    def mode(self) -> str:
        return str(self.combo.currentData())

    @property
    def detail_mode(self) -> str:
        return str(self.detail.currentData())

    def set_detail_mode(self, mode: str) -> None:
        self.detail.setCurrentIndex(max(0, self.detail.findData(mode)))

    def set_legend_visible(self, visible: bool) -> None:
        """The load legend shows while links are coloured by load (results exist), the rails' while by rail."""
        rails = self.mode == BY_RAIL
        visible = visible or rails
        self.legend.setText((self._rail_html() if rails else self._legend_html()) if visible else "")
        amber, red = format_percent(LINK_AMBER_FROM, 0), format_percent(LINK_RED_FROM, 0)
        self.legend.setToolTip(self.tr("Share of each link's line rate in use: amber from {amber} (queueing delay "
                                       "grows), red from {red} (the link is saturated)").format(amber=amber, red=red))
        self.legend.setVisible(visible)
        self.adjustSize()
        self.resized.emit()

    def _legend_html(self) -> str:
        amber, red = format_percent(LINK_AMBER_FROM, 0), format_percent(LINK_RED_FROM, 0)
        parts = [(colors.GREEN, f"&lt; {amber}"), (colors.AMBER, f"{amber}–{red}"), (colors.RED, f"≥ {red}"),
                 (colors.NO_DATA, self.tr("not modelled"))]
        return "&nbsp;&nbsp;".join(f'<span style="color:{c}">{SWATCH}</span>&nbsp;{t}' for c, t in parts)

    def _rail_html(self) -> str:
        parts = [(colour, self.tr("Rail {n}").format(n=i)) for i, colour in enumerate(colors.RAIL_COLOURS, start=1)]
        return "&nbsp;&nbsp;".join(f'<span style="color:{c}">{SWATCH}</span>&nbsp;{t}' for c, t in parts)

    def _on_combo_current_index_changed(self, index: int) -> None:
        self.mode_changed.emit(self.mode)
