"""The View menu's central layouts: rack elevation, topology, side by side, stacked (Ctrl+1..4)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QGraphicsView
from pytestqt.qtbot import QtBot

from planner_gui.app import build
from planner_gui.ui.window.main_window import MainWindow
from planner_gui.ui.window.view_layout import LAYOUTS, MIN_VIEW_WIDTH_PX, RACK, SIDE_BY_SIDE, STACKED, TOPOLOGY


def _open(qtbot: QtBot) -> MainWindow:
    _app, window = build(["cluster-planner"])
    qtbot.addWidget(window)
    window.document.live.wait_idle()
    return window


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    built = _open(qtbot)
    yield built
    built.document.undo_stack.setClean()
    built.close()


def _views(window: MainWindow) -> tuple[QGraphicsView, QGraphicsView]:
    rack = window.findChild(QGraphicsView, "rackView")
    topology = window.findChild(QGraphicsView, "topologyView")
    assert rack is not None and topology is not None  # both stay in the window in every layout
    return rack, topology


def test_each_layout_has_its_shortcut_and_shows_the_right_views(window: MainWindow, qtbot: QtBot) -> None:
    window.show()
    qtbot.waitExposed(window)
    rack, topology = _views(window)
    expected = {RACK: (True, False), TOPOLOGY: (False, True), SIDE_BY_SIDE: (True, True), STACKED: (True, True)}
    for number, name in enumerate(LAYOUTS, start=1):
        action = window.central.actions[name]
        assert action.shortcut() == QKeySequence(f"Ctrl+{number}")
        action.trigger()
        assert (rack.isVisible(), topology.isVisible()) == expected[name], name
        assert action.isChecked() and window.central.current == name
    assert window.central.orientation() == Qt.Orientation.Vertical  # stacked: one above the other
    window.central.actions[SIDE_BY_SIDE].trigger()
    assert window.central.orientation() == Qt.Orientation.Horizontal
    assert rack.y() == topology.y() and rack.x() < topology.x()


def test_the_chosen_layout_is_remembered(window: MainWindow, qtbot: QtBot) -> None:
    window.central.actions[TOPOLOGY].trigger()
    window.document.undo_stack.setClean()
    window.close()
    again = _open(qtbot)
    again.show()
    qtbot.waitExposed(again)
    rack, topology = _views(again)
    assert again.central.current == TOPOLOGY and not again.central.auto
    assert topology.isVisible() and not rack.isVisible()
    again.resize(1920, 1080)  # a chosen layout does not follow the window's size
    assert again.central.current == TOPOLOGY
    again.document.undo_stack.setClean()
    again.close()


def test_without_a_choice_the_layout_follows_the_room(window: MainWindow, qtbot: QtBot) -> None:
    """A 1366 px laptop leaves the centre under 2 x 450 px: the rack elevation alone; 1920 px: both."""
    window.show()
    qtbot.waitExposed(window)
    rack, topology = _views(window)
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: window.central.width() < 2 * MIN_VIEW_WIDTH_PX)
    assert window.central.current == RACK and rack.isVisible() and not topology.isVisible()
    window.resize(1920, 1080)
    qtbot.waitUntil(lambda: window.central.width() >= 2 * MIN_VIEW_WIDTH_PX)
    assert window.central.current == SIDE_BY_SIDE and rack.isVisible() and topology.isVisible()
    assert window.central.auto  # nothing was chosen, so nothing is stored
    assert window.settings.value("window/central_layout") is None
