"""The Unplaced tray over a one-rack design: its hint used to be cut off after "Drop a device" (the
tray was one rack wide, ~240 scene units, for a ~370 px line); now the tray is at least four chips
wide, so the whole hint and four chips fit, in English and in Chinese."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.i18n import install_language
from planner_gui.templates import TemplateSpec
from planner_gui.templates.generator import generate_design
from planner_gui.ui.rack import layout as rl
from planner_gui.ui.rack.tray import title_fits, title_font
from planner_gui.ui.rack.view import RackView

CATALOG = bundled_catalog()


@pytest.fixture
def document() -> Iterator[Document]:
    design = generate_design(CATALOG, TemplateSpec("dgx-h100", 1))
    assert len(design.racks) == 1
    doc = Document(CATALOG, design, analyzer=lambda *_: None)
    yield doc
    doc.live.shutdown()


@pytest.fixture(params=("en", "zh_CN"))
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    install_language(request.param)
    yield request.param
    install_language("en")


def test_a_one_rack_hall_is_widened_to_four_chips() -> None:
    layout = rl.layout_elevation([rl.RackSpec("r1", "A", 1, 42)], 0)
    tray_width = layout.width - rl.ROW_LABEL_W
    assert tray_width >= rl.TRAY_MIN_W > 2 * layout.rows[0].width - rl.ROW_LABEL_W  # wider than the rack's row
    assert rl.tray_columns(tray_width) == rl.TRAY_MIN_COLUMNS
    last_x, _ = rl.tray_chip_position(rl.TRAY_MIN_COLUMNS - 1, rl.TRAY_MIN_COLUMNS, 0.0)
    assert last_x + rl.FACE_W <= layout.width - rl.TRAY_PAD + 1e-9  # the fourth chip ends inside the tray


def test_the_tray_hint_fits_its_rect_on_a_one_rack_design(qtbot: QtBot, document: Document, language: str) -> None:
    view = RackView(document)
    qtbot.addWidget(view)
    tray = view.tray
    for count in (0, 1):  # "none. Drop a device here ..." and "(1): drag them into a rack"
        tray.set_geometry(tray.rect, count)
        assert title_fits(tray), f"{tray.title()!r} in {tray.title_rect()}"
        needed = QFontMetricsF(title_font()).horizontalAdvance(tray.title())
        assert needed <= tray.title_rect().width()
        assert tray.rect.contains(tray.title_rect())
    assert ("拖" in tray.title()) == (language == "zh_CN")  # the hint is the language's


def test_title_fits_says_no_for_a_tray_too_narrow() -> None:
    from planner_gui.ui.rack.tray import TrayItem

    tray = TrayItem()
    tray.set_geometry(QRectF(0, 0, 120, rl.TRAY_TITLE_H + 40), 0)  # wrapped, the hint needs 3+ lines
    assert not title_fits(tray)
