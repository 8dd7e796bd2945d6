"""How the rack elevation and the topology share the window's centre: one, the other, or both.

Four layouts, in the View menu with Ctrl+1..4: the rack elevation alone, the topology alone, side
by side, stacked. Both views always stay in the window (a hidden one keeps following the document,
so switching is instant and tests find both by name). Until the user picks one, the layout follows
the room there is: side by side when each view gets at least ``MIN_VIEW_WIDTH_PX``, else the rack
elevation alone (a 1366 x 768 laptop leaves ~690 px between the docks: two 345 px views show
neither a rack row nor the fabric legibly). A layout the user picks is remembered (QSettings).
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QSplitter, QWidget

RACK, TOPOLOGY, SIDE_BY_SIDE, STACKED = "rack", "topology", "side_by_side", "stacked"
LAYOUTS = (RACK, TOPOLOGY, SIDE_BY_SIDE, STACKED)
AUTO = "auto"  # no choice made yet: side by side when there is room, else the rack elevation
LAYOUT_KEY = "window/central_layout"
# Each view needs this much width to be useful side by side: three 42 U racks at the elevation's
# 100 % scale (rack_layout: 2 x 24 px margin + 3 x 150 px racks with gaps) or the topology's
# band names plus a readable fabric. Measured on the screenshots at 1366 and 1920 px.
MIN_VIEW_WIDTH_PX = 450
LAYOUT_TEXTS = {  # marked for lupdate here, translated when the menu is built
    RACK: QT_TRANSLATE_NOOP("MainWindow", "&Rack Elevation"),
    TOPOLOGY: QT_TRANSLATE_NOOP("MainWindow", "&Topology"),
    SIDE_BY_SIDE: QT_TRANSLATE_NOOP("MainWindow", "&Side by Side"),
    STACKED: QT_TRANSLATE_NOOP("MainWindow", "Stac&ked"),
}


class CentralViews(QSplitter):
    """The splitter holding both views (objectName ``centralSplitter``); ``layout_chosen`` is emitted
    with the layout's name when the user picks one (the window stores it)."""

    layout_chosen = Signal(str)

    def __init__(self, rack_view: QWidget, topology_view: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.setObjectName("centralSplitter")
        self.addWidget(rack_view)
        self.addWidget(topology_view)
        self.setChildrenCollapsible(False)
        self.setStretchFactor(0, 1)  # shown together, the two views share the centre equally
        self.setStretchFactor(1, 1)
        self.rack_view, self.topology_view = rack_view, topology_view
        self.auto = True
        self.current = SIDE_BY_SIDE
        self.actions: dict[str, QAction] = {}

    def add_layout_actions(self, menu: QMenu) -> None:
        """The four layouts as checkable, exclusive actions (Ctrl+1..4) in ``menu``."""
        group = QActionGroup(self)
        group.setExclusive(True)
        for number, name in enumerate(LAYOUTS, start=1):
            action = QAction(QCoreApplication.translate("MainWindow", LAYOUT_TEXTS[name]), self)
            action.setObjectName(f"actionLayout_{name}")
            action.setCheckable(True)
            action.setShortcut(QKeySequence(f"Ctrl+{number}"))
            action.setChecked(name == self.current)
            action.triggered.connect(lambda _checked=False, n=name: self.set_layout(n, chosen=True))
            group.addAction(action)
            menu.addAction(action)
            self.actions[name] = action

    def set_layout(self, name: str, chosen: bool = True) -> None:
        """Show ``name`` (one of LAYOUTS, from now on whatever the window's size, or AUTO); ``chosen``:
        the user just picked it, so the window stores it."""
        if name not in LAYOUTS:  # AUTO, or an unknown value from an older settings file
            self.auto = True
            self.fit_auto_layout()
            return
        self.auto = False
        self._apply(name)
        if chosen:
            self.layout_chosen.emit(name)

    def fit_auto_layout(self) -> None:
        """In AUTO, follow the width the window gives the centre (once shown: before, it has no real size)."""
        if self.auto and self.window().isVisible():
            self._apply(SIDE_BY_SIDE if self.width() >= 2 * MIN_VIEW_WIDTH_PX else RACK)

    def _apply(self, name: str) -> None:
        if name == self.current:
            return  # re-applying would reset the splitter the user may have dragged
        self.current = name
        self.setOrientation(Qt.Orientation.Vertical if name == STACKED else Qt.Orientation.Horizontal)
        self.rack_view.setVisible(name != TOPOLOGY)
        self.topology_view.setVisible(name != RACK)
        if name in (SIDE_BY_SIDE, STACKED):
            half = (self.height() if name == STACKED else self.width()) // 2
            self.setSizes([half, half])
        action = self.actions.get(name)
        if action is not None:
            action.setChecked(True)
