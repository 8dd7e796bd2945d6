"""Issue 19 item 5: the dark theme is readable everywhere — switched on with the window open, the rack
and row names, the topology's band names and group frames and the plot legend take light text."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from planner_gui.app import build
from planner_gui.ui.palette_text import frame_colour, text_colour
from planner_gui.ui.rack import layout as rl
from planner_gui.ui.window import appearance as ui_app
from planner_gui.ui.window.main_window import MainWindow

LIGHT_TEXT = 200  # lightness (0-255) of text that reads on the dark theme's (35..53) grey surfaces


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    app, built = build(["cluster-planner"])
    qtbot.addWidget(built)
    qtbot.waitExposed(built)
    built.document.live.wait_idle()
    QApplication.processEvents()
    ui_app.apply_theme("dark", app)  # switched on while the window is open, as Preferences does
    QApplication.processEvents()
    yield built
    ui_app.apply_theme("light", app)
    built.document.undo_stack.setClean()
    built.close()


def test_rack_and_row_names_are_light_on_the_dark_view(window: MainWindow) -> None:
    window.central.set_layout("rack")
    view = window.rack_view
    QApplication.processEvents()
    view.navigator.set_scale(1.0)
    rack = next(iter(view.rack_items.values()))
    header = rack.mapRectToScene(QRectF(0, 0, rack.box.width, rl.HEADER_H))
    view.centerOn(header.center())
    QApplication.processEvents()
    box = view.mapFromScene(header).boundingRect()
    image = view.viewport().grab(box).toImage()
    lightest = max(QColor(image.pixel(x, y)).lightness() for x in range(image.width()) for y in range(image.height()))
    assert lightest >= LIGHT_TEXT  # the rack's name is drawn in light text
    assert QColor(image.pixel(0, 0)).lightness() < 100  # on the dark background
    for label in view._row_labels:
        assert label.brush().color().lightness() >= LIGHT_TEXT


def test_the_plot_legend_and_the_topology_texts_follow_the_theme(window: MainWindow) -> None:
    legend = window.results_panel.curves.legend
    white = text_colour(window.results_panel).name()
    assert all(white in label.item.toHtml() for _sample, label in legend.items)  # re-drawn, not only re-set
    topology = window.topology_view
    assert text_colour(topology.viewport()).lightness() >= LIGHT_TEXT
    assert frame_colour(topology.viewport()) != QColor("#374151")  # the frames' outline is the palette's
