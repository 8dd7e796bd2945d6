"""Issue 19 item 5: every text the window paints reads at WCAG 2's 4.5:1 on what it is painted on, in
the light and the dark theme — measured on the rendered pixels (tests/gui/contrast.py), view by view."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QRectF
from PySide6.QtGui import QImage, QPalette
from PySide6.QtWidgets import QApplication, QGraphicsView, QTableView, QTreeView, QWidget
from pytestqt.qtbot import QtBot

from planner_gui.app import build
from planner_gui.ui import colors
from planner_gui.ui.colors import MIN_TEXT_CONTRAST, contrast
from planner_gui.ui.palette_text import background_hex
from planner_gui.ui.panels.checks_list import SEVERITY_ROLE
from planner_gui.ui.rack import layout as rl
from planner_gui.ui.rack.items import LoadBar, RackItem
from planner_gui.ui.results.power import BAR_ROLE
from planner_gui.ui.window import appearance as ui_app
from planner_gui.ui.window.main_window import MainWindow
from tests.gui.contrast import (
    coloured_spans,
    labels_with_text,
    plot_ticks_contrast,
    text_on_background,
    widget_text_contrast,
)

THEMES = ("light", "dark")
READS = MIN_TEXT_CONTRAST
TEXT_SPAN = 100.0  # scene units the 9 px figures "Power 88.8 / 88.8 kW (888 %)" surely cover from the bar's left


@pytest.fixture(params=THEMES)
def window(request: pytest.FixtureRequest, qtbot: QtBot, tmp_path: Path,
           monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    """The default design's window in one theme, switched on with the window open (as Preferences does)."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    app, built = build(["cluster-planner"])
    qtbot.addWidget(built)
    built.resize(1600, 1000)
    qtbot.waitExposed(built)
    built.document.live.wait_idle()
    ui_app.apply_theme(request.param, app)
    QApplication.processEvents()
    yield built
    ui_app.apply_theme("light", app)
    built.document.undo_stack.setClean()
    built.close()


def _scene_image(view: QGraphicsView, scene_rect: QRectF) -> QImage:
    """``scene_rect`` as the view paints it now (centred on it first so it is on screen)."""
    view.centerOn(scene_rect.center())
    QApplication.processEvents()
    box = view.mapFromScene(scene_rect).boundingRect().adjusted(1, 1, -1, -1)
    return view.viewport().grab(box).toImage()


def _reads(found: tuple[float, str, str], what: str) -> None:
    ratio, text, ground = found
    assert ratio >= READS, f"{what}: {text} on {ground} is {ratio:.2f}:1"


def _rack_view(window: MainWindow) -> tuple[QGraphicsView, RackItem]:
    window.central.set_layout("rack")
    view = window.rack_view
    QApplication.processEvents()
    view.navigator.set_scale(1.5)  # the U numbers and bar figures are 9 px: large enough to measure
    QApplication.processEvents()
    return view, view.rack_items[sorted(view.rack_items)[0]]


def test_rack_names_row_names_and_u_numbers_read(window: MainWindow) -> None:
    view, rack = _rack_view(window)
    header = rack.mapRectToScene(QRectF(0, 0, rack.box.width, rl.HEADER_H))
    _reads(text_on_background(_scene_image(view, header)), "rack name")
    face = rack._face_rect()
    numbers = QRectF(0, face.top(), face.left() - 2, 3 * rl.U_PX)  # U 42..40 on the frame, left of the face
    _reads(text_on_background(_scene_image(view, rack.mapRectToScene(numbers))), "U numbers")
    row = view._row_labels[0]
    _reads(text_on_background(_scene_image(view, row.sceneBoundingRect())), "row name")


def test_device_labels_and_the_tray_title_read(window: MainWindow) -> None:
    view, rack = _rack_view(window)
    device = next(item for item in rack.holder.childItems() if item.isVisible())
    _reads(text_on_background(_scene_image(view, device.mapRectToScene(device.rect))), "device label")
    tray = view.tray
    _reads(text_on_background(_scene_image(view, tray.mapRectToScene(tray.title_rect()))), "tray title")


@pytest.mark.parametrize("fraction", [0.3, 0.9, 1.2])
def test_bar_figures_read_over_the_fill_and_over_the_track(window: MainWindow, fraction: float) -> None:
    """Green, amber and red fills: the figures over the fill read (dark text on red-600 was 3.8:1), and
    where they run on past the fill (30 %), so does their part over the grey track."""
    view, rack = _rack_view(window)
    rack.power = LoadBar(fraction, "88.8 / 88.8 kW (888 %)")
    rack.update()
    top = rl.HEADER_H + 2 * rl.FRAME_PAD + rack.box.height_u * rl.U_PX + rl.BAR_GAP
    bar = QRectF(0, top, rack.box.width, rl.BAR_H)
    split = bar.width() * min(fraction, 1.0)
    fill_colour = colors.load_colour(fraction)
    over_fill = QRectF(bar.left() + 2, bar.top(), min(split, TEXT_SPAN) - 4, bar.height())
    ratio, text, _ = text_on_background(_scene_image(view, rack.mapRectToScene(over_fill)), fill_colour)
    assert ratio >= READS, f"figures on {fill_colour}: {text}, {ratio:.2f}:1"
    if split < TEXT_SPAN:
        over_track = QRectF(split + 2, bar.top(), TEXT_SPAN - split - 4, bar.height())
        found = text_on_background(_scene_image(view, rack.mapRectToScene(over_track)), colors.U_GRID)
        _reads(found, "figures on the track")


def test_topology_band_names_legend_and_switch_read(window: MainWindow) -> None:
    window.central.set_layout("topology")
    view = window.topology_view
    QApplication.processEvents()
    assert view.bands.spans
    _name, top, bottom = view.bands.spans[0]
    y = view.mapFromScene(0.0, (top + bottom) / 2).y()
    strip = view.viewport().grab(QRect(0, y - 10, int(view.bands.width_px) - 2, 20)).toImage()
    _reads(text_on_background(strip), "band name")
    bar = view.findChild(QWidget, "linkColouring")
    for label in labels_with_text(bar):
        _reads(widget_text_contrast(label), f"topology bar {label.text()[:30]}")


def test_plot_axes_legend_and_readout_read(window: MainWindow) -> None:
    curves = window.results_panel.curves
    window.results_panel.findChild(QWidget, "resultsTabs").setCurrentIndex(0)
    curves.hover_at(2**30)
    QApplication.processEvents()
    plot = curves.plot_widget
    _reads(plot_ticks_contrast(plot), "axis tick labels")
    _sample, label = curves.legend.items[0]
    rect = plot.mapFromScene(label.sceneBoundingRect()).boundingRect()
    _reads(text_on_background(plot.grab(rect).toImage()), "legend label")
    _reads(widget_text_contrast(curves.readout), "crosshair readout")
    assert plot.backgroundBrush().color() == plot.palette().color(QPalette.ColorRole.Base)  # the theme's base


def test_results_tables_and_texts_read(window: MainWindow) -> None:
    panel = window.results_panel
    tabs = panel.findChild(QWidget, "resultsTabs")
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        QApplication.processEvents()
        page = tabs.currentWidget()
        for label in labels_with_text(page):
            _reads(widget_text_contrast(label), f"tab {index} label {label.objectName()}")
            window_colour = background_hex(label)
            for colour, text in coloured_spans(label.text()):
                assert contrast(colour, window_colour) >= READS, f"{text!r} in {colour} on {window_colour}"
        for table in page.findChildren(QTableView):
            cell = table.visualRect(table.model().index(0, table.model().columnCount() - 1))
            if cell.isValid() and cell.width() > 0:
                _reads(widget_text_contrast(table.viewport(), cell.adjusted(3, 3, -3, -3)), f"tab {index} cell")


def test_power_table_bar_figures_read(window: MainWindow) -> None:
    tabs = window.results_panel.findChild(QWidget, "resultsTabs")
    tabs.setCurrentIndex(1)
    QApplication.processEvents()
    table = next(t for t in tabs.currentWidget().findChildren(QTableView) if t.model().rowCount())
    model = table.model()
    for column in range(model.columnCount()):
        rect = table.visualRect(model.index(0, column))
        if model.index(0, column).data(BAR_ROLE) is None:
            continue
        middle = rect.adjusted(rect.width() // 4, 3, -rect.width() // 4, -3)  # the figures, over the fill
        _reads(widget_text_contrast(table.viewport(), middle), f"power bar column {column}")


def test_checks_list_inspector_and_status_bar_read(window: MainWindow) -> None:
    """The info checks (grey, a state rather than a problem) read on the list's base: gray-500 was 2.5:1."""
    tree = window.findChild(QTreeView, "checksView")
    model = tree.model()
    rows = [model.index(r, 0) for r in range(model.rowCount())]
    info = [index for index in rows if index.data(SEVERITY_ROLE) == "info"]
    assert info  # the default design has notes
    for index in info:
        rect = tree.visualRect(index).adjusted(24, 2, -4, -2)  # the text, right of the severity icon
        _reads(widget_text_contrast(tree.viewport(), rect), f"check row {index.data()[:30]}")
    inspector = window.findChild(QWidget, "inspector")
    for label in labels_with_text(inspector):
        _reads(widget_text_contrast(label), f"inspector {label.text()[:30]}")
    for label in labels_with_text(window.statusBar()):
        _reads(widget_text_contrast(label), f"status bar {label.text()[:30]}")
