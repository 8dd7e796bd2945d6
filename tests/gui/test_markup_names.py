"""Issue 20 item 2: names from a file are text, never markup: no image is loaded, no table resizes the window."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel, QMessageBox
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.examples import default_example_path
from planner_gui.io import load_design, save_design
from planner_gui.ui.plain_text import plain_rich
from planner_gui.ui.topology.interaction import QToolTip
from planner_gui.ui.window.main_window import MainWindow

CATALOG = bundled_catalog()
IMAGE = '<img src="/dev/zero">'
TABLE = "<table width=100000><tr><td>wide</td></tr></table>"


@pytest.fixture
def hostile_file(tmp_path: Path) -> Path:
    design = load_design(default_example_path(), CATALOG).design
    design.meta.name = IMAGE
    device = next(d for d in design.devices.values() if d.placed)
    device.name = TABLE
    path = tmp_path / "markup.cluster"
    save_design(design, path)
    return path


def test_markup_in_names_is_shown_as_text(qtbot: QtBot, hostile_file: Path) -> None:
    window = MainWindow(Document(CATALOG))
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.files.open_path(hostile_file, ask=False)
    window.document.select([])
    header = window.inspector.header.text()
    assert "&lt;img" in header and "<img" not in header
    device = next(d for d in window.document.design.devices.values() if d.name == TABLE)
    tip = window.rack_view.device_items[device.id].toolTip()
    assert "&lt;table width=100000&gt;" in tip and "<table" not in tip
    window.show()
    qtbot.wait(50)
    assert window.width() < 5000  # a rendered <table width=100000> once made the window 100,246 px wide
    for label in window.findChildren(QLabel):
        assert "<img" not in label.text() and "<table" not in label.text(), label.objectName()
    window.document.live.shutdown()


def test_the_topology_tooltip_escapes_names(qtbot: QtBot, hostile_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = MainWindow(Document(CATALOG))
    qtbot.addWidget(window)
    window.files.open_path(hostile_file, ask=False)
    device = next(d for d in window.document.design.devices.values() if d.name == TABLE)
    raw = window.topology_view.interaction.device_text(device.id)
    assert TABLE in raw  # the text itself keeps the name exactly
    shown: list[str] = []
    monkeypatch.setattr(QToolTip, "showText", lambda _pos, text, *_: shown.append(text))
    monkeypatch.setattr(window.topology_view.interaction, "device_text", lambda _id: raw)
    monkeypatch.setattr(window.topology_view.interaction, "node_at", lambda _pos: type("N", (), {"device_id": "x"}))

    class Event:
        @staticmethod
        def pos() -> object:
            from PySide6.QtCore import QPoint
            return QPoint(1, 1)

        globalPos = pos  # Qt's name for it

    window.topology_view.interaction.tooltip(Event())  # type: ignore[arg-type]
    assert shown == [plain_rich(raw)] and "<table" not in shown[0]
    window.document.live.shutdown()


def test_message_boxes_escape_the_design_name(qtbot: QtBot, hostile_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = MainWindow(Document(CATALOG))
    qtbot.addWidget(window)
    window.files.open_path(hostile_file, ask=False)
    window.document.set_settings("meta", notes="dirty now")
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda _w, _t, text, *_: asked.append(text) or QMessageBox.StandardButton.Cancel)
    assert not window.files.maybe_save()
    assert asked and "&lt;img" in asked[0] and "<img" not in asked[0]
    window.document.live.shutdown()


def test_plain_text_stays_as_it_is_and_markup_in_the_first_line_is_escaped() -> None:
    assert plain_rich("Save the changes to R1?\nline <b>2</b>") == "Save the changes to R1?\nline <b>2</b>"
    assert plain_rich(f"{IMAGE} (x)\nsecond") == "<p style='white-space:pre-wrap'>&lt;img src=\"/dev/zero\"&gt; (x)\nsecond</p>"
