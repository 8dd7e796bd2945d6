"""Preferences that change the running app: the theme's palette, units in the inspector, the PDF paper."""

from __future__ import annotations

import copy
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from planner_gui.app import build
from planner_gui.catalog import bundled_catalog
from planner_gui.document import Document
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.preferences import Preferences, save_preferences
from planner_gui.present import Units, set_units
from planner_gui.ui.panels.inspector import Inspector
from planner_gui.ui.window import appearance as ui_app
from planner_gui.ui.window import export_pdf

CATALOG = bundled_catalog()
DEFAULT = load_design(default_example_path(), CATALOG).design


@pytest.fixture(autouse=True)
def _restore(qapp: QApplication) -> Iterator[None]:
    """Theme and units are app-wide: put back the light palette and metric units after each test."""
    yield
    ui_app.apply_preferences(Preferences(), qapp)
    set_units(Units())


def test_dark_theme_sets_the_dark_window_colour(qapp: QApplication) -> None:
    palette = ui_app.apply_theme("dark", qapp)
    assert qapp.palette().color(QPalette.ColorRole.Window) == QColor(53, 53, 53) == palette.window().color()
    assert qapp.palette().color(QPalette.ColorRole.WindowText) == QColor(255, 255, 255)
    ui_app.apply_theme("light", qapp)
    assert qapp.palette().color(QPalette.ColorRole.Window) == qapp.style().standardPalette().window().color()
    with pytest.raises(ValueError, match="theme 'blue'"):
        ui_app.apply_theme("blue", qapp)


def test_system_theme_follows_the_desktop_scheme(qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ui_app, "system_is_dark", lambda _app: True)
    assert ui_app.theme_palette("system", qapp).window().color() == QColor(53, 53, 53)
    monkeypatch.setattr(ui_app, "system_is_dark", lambda _app: False)
    assert ui_app.theme_palette("system", qapp).window().color() == qapp.style().standardPalette().window().color()


def test_inspector_shows_and_takes_link_lengths_in_feet(qtbot: QtBot) -> None:
    doc = Document(CATALOG, copy.deepcopy(DEFAULT), analyzer=lambda *_: None)
    ui_app.apply_preferences(Preferences(length_units="imperial"))
    inspector = Inspector(doc)
    qtbot.addWidget(inspector)
    link_id = next(iter(doc.design.links))
    doc.select([link_id])
    line = inspector.pages["link"].findChild(QLineEdit, "field_length_m")
    metres = doc.design.links[link_id].length_m
    assert float(line.text()) == pytest.approx(metres / 0.3048, rel=1e-5)
    label = inspector.pages["link"].form.labelForField(line)
    assert isinstance(label, QLabel) and label.text() == "Length (ft)"
    line.selectAll()
    qtbot.keyClicks(line, "100")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert doc.design.links[link_id].length_m == pytest.approx(30.48)  # 100 ft, stored in metres


def test_inspector_shows_the_catalog_price_in_the_design_currency(qtbot: QtBot) -> None:
    design = copy.deepcopy(DEFAULT)
    device_id, entry = next((d.id, CATALOG.get(d.catalog_id)) for d in design.devices.values()
                            if CATALOG.get(d.catalog_id) is not None and CATALOG.get(d.catalog_id).get("price_usd"))
    design.cost.cny_per_usd = 7.0
    doc = Document(CATALOG, design, analyzer=lambda *_: None)
    inspector = Inspector(doc)
    qtbot.addWidget(inspector)
    doc.select([device_id])
    price = inspector.pages["device"].findChild(QLabel, "field_price").text()
    usd = float(entry.get("price_usd"))
    expected = f"¥{usd * 7.0:,.0f}" if str(design.meta.currency) == "CNY" else f"${usd:,.0f}"
    assert price == expected


def test_export_paper_defaults_to_the_preference(qtbot: QtBot) -> None:
    assert export_pdf.default_paper(QLocale("zh_CN"), preference="Letter") == "letter"
    assert export_pdf.default_paper(QLocale("en_US"), preference="A4") == "a4"
    assert export_pdf.default_paper(QLocale("en_US"), preference="system") == "letter"  # by the territory
    save_preferences(Preferences(paper_size="Letter", theme="dark"))  # the test's own config dir (conftest.py)
    _app, window = build(["cluster-planner"])
    qtbot.addWidget(window)
    window.document.live.wait_idle()
    exporter = window.findChild(export_pdf.PdfExporter, "pdfExporter")
    assert exporter.defaults().paper == "letter"
    assert QWidget.palette(window).color(QPalette.ColorRole.Window) == QColor(53, 53, 53)  # theme at start-up


def test_changing_units_in_preferences_reformats_the_open_window(qtbot: QtBot,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """OK in Preferences with imperial lengths: the selected link's length turns to feet without a restart."""
    from planner_gui.ui.dialogs import preferences as preferences_dialog

    _app, window = build(["cluster-planner"])
    qtbot.addWidget(window)
    window.document.live.wait_idle()
    link_id = next(iter(window.document.design.links))
    window.document.select([link_id])
    line = window.inspector.pages["link"].findChild(QLineEdit, "field_length_m")
    metres = window.document.design.links[link_id].length_m
    assert float(line.text()) == pytest.approx(metres)
    monkeypatch.setattr(preferences_dialog.PreferencesDialog, "exec", lambda _self: 1)  # QDialog.Accepted
    monkeypatch.setattr(preferences_dialog.PreferencesDialog, "chosen",
                        lambda _self: Preferences(length_units="imperial", language="en"))
    assert preferences_dialog.open_preferences(window) is not None
    assert float(line.text()) == pytest.approx(metres / 0.3048, rel=1e-5)


def test_the_curves_follow_a_theme_change(qtbot: QtBot, qapp: QApplication) -> None:
    """pyqtgraph keeps the colours it was built with; the curves view hands it the dark theme's."""
    from planner_gui.ui.results.curves import CurvesView

    view = CurvesView()
    qtbot.addWidget(view)
    view.show()
    ui_app.apply_theme("dark", qapp)
    qapp.processEvents()  # Qt posts the palette change to each widget
    assert view.plot_widget.backgroundBrush().color() == ui_app.DARK_BASE
    assert view.plot_widget.getPlotItem().getAxis("left").textPen().color() == ui_app.DARK_TEXT


def test_the_proposal_branding_is_edited_in_preferences(qtbot: QtBot) -> None:
    from planner_gui.preferences import Preferences
    from planner_gui.ui.dialogs.preferences import PreferencesDialog

    dialog = PreferencesDialog(Preferences(proposal_company="Old Co"))
    qtbot.addWidget(dialog)
    assert dialog.proposal["company"].text() == "Old Co" and dialog.validity.value() == 30
    dialog.proposal["company"].setText("  ACME Computing ")
    dialog.proposal["document_number"].setText("P-17")
    dialog.validity.setValue(0)
    chosen = dialog.chosen()
    assert (chosen.proposal_company, chosen.proposal_document_number, chosen.proposal_validity_days) == (
        "ACME Computing", "P-17", 0)


def test_the_bundled_chinese_face_is_the_ui_fallback(qtbot: QtBot) -> None:
    from planner_gui.i18n.fonts import BUNDLED_CJK_FAMILY, use_as_ui_fallback

    app = QApplication.instance()
    before = app.font()
    try:
        assert use_as_ui_fallback(app) is True
        assert app.font().families()[-1] == BUNDLED_CJK_FAMILY  # after the system's own family, for what it lacks
        label = QLabel("数据中心")
        qtbot.addWidget(label)
        assert label.fontMetrics().inFontUcs4(ord("数"))  # drawable on a machine without any Chinese font
    finally:
        app.setFont(before)
