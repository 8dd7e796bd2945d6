"""Designs and input events shared by the GUI tests."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from planner_gui.catalog import Catalog
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.model import CoolingType, Design

WidgetT = TypeVar("WidgetT", bound=QWidget)


def air_cooled_default_design(catalog: Catalog) -> Design:
    """The default design with its 41 kW racks put back on plain 25 kW air cooling: over cooling and
    throttled, so the results and checks have overloads to show."""
    design = load_design(default_example_path(), catalog).design
    for rack in design.racks.values():
        rack.cooling, rack.cooling_capacity_kw = CoolingType.AIR, None
    return design


def drop(view: QWidget, mime: QMimeData, pos: QPoint) -> bool:
    """Drag ``mime`` onto ``view``'s viewport at ``pos`` as a user does (enter, move, drop); whether the
    drop was accepted (False already when the move is refused)."""
    viewport = view.viewport()  # type: ignore[attr-defined]
    action, left, none = Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QApplication.sendEvent(viewport, QDragEnterEvent(pos, action, mime, left, none))
    move = QDragMoveEvent(pos, action, mime, left, none)
    QApplication.sendEvent(viewport, move)
    if not move.isAccepted():
        return False
    dropped = QDropEvent(QPointF(pos), action, mime, left, none)
    QApplication.sendEvent(viewport, dropped)
    return dropped.isAccepted()


def shown(qtbot: QtBot, widget: WidgetT, width: int, height: int) -> WidgetT:
    """``widget`` at ``width`` x ``height``, shown and exposed, closed by qtbot at the test's end."""
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget)
    return widget
