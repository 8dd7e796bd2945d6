"""The main window's Tools menu opens the compare, sweep and acceptance dialogs (one of each)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from planner_gui.ui.dialogs.acceptance import AcceptanceDialog
from planner_gui.ui.dialogs.compare import CompareDialog
from planner_gui.ui.dialogs.plan_training import PlanTrainingDialog
from planner_gui.ui.dialogs.sweep import SweepDialog
from planner_gui.ui.window.main_window import MainWindow


@pytest.mark.parametrize(("action", "dialog_type"), [
    ("actionCompare", CompareDialog), ("actionSweep", SweepDialog), ("actionAcceptance", AcceptanceDialog),
    ("actionPlanTraining", PlanTrainingDialog),
])
def test_each_tool_opens_its_dialog_once(window: MainWindow, action: str, dialog_type: type) -> None:
    menu = window.menuBar().findChild(QMenu, "menuTools")
    assert menu is not None and [a.objectName() for a in menu.actions()] == [
        "actionCompare", "actionSweep", "actionAcceptance", "actionPlanTraining"]
    trigger = window.findChild(QAction, action)
    trigger.trigger()
    opened = [d for d in window.findChildren(dialog_type) if d.isVisible()]
    assert len(opened) == 1 and opened[0].document is window.document
    trigger.trigger()  # a second time raises the same dialog
    assert window.findChildren(dialog_type) == opened
    opened[0].close()
