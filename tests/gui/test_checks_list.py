"""The checks list on the bundled 256-GPU design, its racks put back on plain air cooling so that it has
errors to show: every engine check listed, filterable by severity, and a click selects the objects involved."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from planner_gui.document.document import Document
from planner_gui.engine.checks.base import Check, Severity
from planner_gui.ui.panels.checks_groups import check_fields, sentence, tooltip_html
from planner_gui.ui.panels.checks_list import (
    ALL_HIDDEN,
    CODE_ROLE,
    IDS_ROLE,
    NOT_COMPUTED,
    SEVERITY_ROLE,
    ChecksList,
    ChecksModel,
    count_text,
)
from planner_gui.ui.results.style import SEVERITIES, severity_icon
from tests.gui.support import shown

WAIT_MS = 10_000


@pytest.fixture
def document(air_cooled_document: Document) -> Document:
    return air_cooled_document


@pytest.fixture
def checks(qtbot: QtBot, document: Document) -> ChecksList:
    widget = shown(qtbot, ChecksList(document), 560, 420)
    assert document.live.wait_idle(WAIT_MS)
    return widget


def test_not_computed_before_the_first_result(qtbot: QtBot, document: Document) -> None:
    widget = ChecksList(document)
    qtbot.addWidget(widget)
    assert widget.model.rowCount() == 0 and widget.findChild(QLabel, "checksEmpty").text() == NOT_COMPUTED
    assert not widget.view.isVisibleTo(widget)


def test_every_check_is_listed_in_the_engine_order(checks: ChecksList, document: Document) -> None:
    engine = document.analysis.checks
    model = checks.model
    assert model.rowCount() == len(engine) > 0
    for row, check in enumerate(engine):
        index = model.index(row, 0)
        assert index.data() == sentence(check.message)
        assert (index.data(SEVERITY_ROLE), index.data(CODE_ROLE)) == (str(check.severity), check.code)
        assert index.data(IDS_ROLE) == list(check.ids)


def test_header_counts_match_the_summary(checks: ChecksList, document: Document) -> None:
    """The default design on air cooling: 16 errors (8 racks throttled and over their 25 kW air cooling; the
    network rack, holding one file server sized from the workload, stays within it), 1 warning (the training
    estimate slowed by the throttled racks: training-throttled), 5 notes (two of them the file server's 100G
    links on the 400G storage leaf) (engine/analysis Summary.checks)."""
    expected = document.analysis.summary.checks
    assert checks.counts() == {s: expected[s] for s in SEVERITIES}
    assert [checks.filter_button(s).text() for s in SEVERITIES] == ["16 errors", "1 warning", "5 notes"]
    assert (count_text("error", 1), count_text("info", 1)) == ("1 error", "1 note")


def test_filter_hides_a_severity_and_says_when_nothing_is_left(checks: ChecksList) -> None:
    checks.filter_button("error").setChecked(False)
    shown = [checks.proxy.index(r, 0).data(SEVERITY_ROLE) for r in range(checks.proxy.rowCount())]
    assert shown == ["warning", "info", "info", "info", "info", "info"]
    checks.filter_button("warning").setChecked(False)
    checks.filter_button("info").setChecked(False)
    assert checks.proxy.rowCount() == 0 and checks.empty.text() == ALL_HIDDEN and checks.empty.isVisibleTo(checks)
    checks.filter_button("error").setChecked(True)
    assert checks.proxy.rowCount() == 16 and not checks.empty.isVisibleTo(checks)


def test_clicking_a_check_selects_its_objects(checks: ChecksList, document: Document, qtbot: QtBot) -> None:
    view = checks.view
    first = checks.proxy.index(0, 0)
    wanted = list(document.analysis.checks[0].ids)
    assert wanted == ["A01"]
    with qtbot.waitSignal(document.selection_changed, timeout=WAIT_MS) as signal:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(first).center())
    assert signal.args == [wanted] and document.selection == wanted


def test_clicking_through_the_filter_selects_the_visible_row(checks: ChecksList, document: Document,
                                                             qtbot: QtBot) -> None:
    """With errors and warnings hidden the first row is the first note: 32 servers whose PSUs derate on one feed."""
    checks.filter_button("error").setChecked(False)
    checks.filter_button("warning").setChecked(False)
    view = checks.view
    rect = view.visualRect(checks.proxy.index(0, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    note = document.analysis.checks_of("info")[0]
    assert document.selection == list(note.ids) and len(note.ids) == 32


def test_tooltip_gives_the_fix(checks: ChecksList, document: Document) -> None:
    check = document.analysis.checks[0]
    tip = checks.model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert f"<b>Fix:</b> {sentence(check.fix)}" in tip and check.code in tip


def test_the_list_follows_edits(checks: ChecksList, document: Document) -> None:
    codes = {checks.model.index(r, 0).data(CODE_ROLE) for r in range(checks.model.rowCount())}
    assert "gdr-off" not in codes
    assert document.set_settings("fabric", gpudirect_rdma=False)
    assert document.live.wait_idle(WAIT_MS)
    codes = {checks.model.index(r, 0).data(CODE_ROLE) for r in range(checks.model.rowCount())}
    assert "gdr-off" in codes


def test_severity_icons_are_red_amber_grey() -> None:
    centre = 7  # the middle of the 14 px disc is the white glyph; sample beside it, inside the disc
    colours = {s: QColor(severity_icon(s).pixmap(14, 14).toImage().pixel(3, centre)) for s in SEVERITIES}
    assert colours["error"].red() > 200 and colours["error"].green() < 80
    assert colours["warning"].red() > 200 and 120 < colours["warning"].green() < 200
    assert abs(colours["info"].red() - colours["info"].blue()) < 30  # grey


def test_json_checks_are_accepted_and_malformed_ones_rejected() -> None:
    check = Check("rack-over-power", Severity.ERROR, "rack A01 draws 45 kW", ("A01",), "move a server")
    assert check_fields(check.to_json()) == check_fields(check)
    model = ChecksModel()
    model.set_checks([check.to_json()])
    assert model.index(0, 0).data() == "Rack A01 draws 45 kW"
    assert "Involves:</i> A01" in tooltip_html(check_fields(check))
    with pytest.raises(KeyError, match="lacks severity, message"):
        check_fields({"code": "x"})


def _over_cooling(rack: str) -> Check:
    return Check("rack-over-cooling", Severity.ERROR, f"rack {rack} gives off 41.1 kW but its air cooling removes 25.0 kW",
                 (rack,), "move servers to another rack")


def test_a_finding_repeated_on_many_objects_is_one_expandable_row(checks: ChecksList, document: Document,
                                                                  qtbot: QtBot) -> None:
    """Twelve racks over their cooling (as a 4,096-GPU design reports ~1,500) read as one row."""
    racks = [f"R{i:02d}" for i in range(12)]
    lone = Check("nccl-env-defaults", Severity.INFO, "NCCL defaults suit this fabric")
    model = ChecksModel()
    model.set_checks([*(_over_cooling(r) for r in racks), lone])
    assert model.rowCount() == 2 and len(model.checks()) == 13
    group = model.index(0, 0)
    assert model.rowCount(group) == 12 and model.index(11, 0, group).data(IDS_ROLE) == ["R11"]
    assert model.parent(model.index(3, 0, group)) == group
    assert group.data() == "Rack R00 gives off 41.1 kW but its air cooling removes 25.0 kW — and 11 more like it"
    assert group.data(IDS_ROLE) == racks and model.rowCount(model.index(1, 0)) == 0
    # Through the widget: clicking the group selects every rack involved.
    servers = sorted(document.design.devices)[:12]
    document.results_updated.emit({"checks": [_over_cooling(s) for s in servers]})
    assert checks.filter_button("error").text() == "12 errors" and checks.proxy.rowCount() == 1
    rect = checks.view.visualRect(checks.proxy.index(0, 0))
    qtbot.mouseClick(checks.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert document.selection == servers


def test_long_messages_wrap_to_the_width_of_the_list(checks: ChecksList) -> None:
    """The first message is ~150 characters: on a 560 px list it takes more than one line, and more
    lines again when the dock is made narrower."""
    line = checks.view.fontMetrics().height()
    first = checks.proxy.index(0, 0)
    wide = checks.view.visualRect(first).height()
    assert wide >= 2 * line
    checks.resize(300, 420)
    QApplication.processEvents()
    assert checks.view.visualRect(first).height() > wide
    assert count_text("error", 2889) == "2,889 errors"


def test_thousands_of_one_finding_are_one_row_whose_ids_come_when_asked() -> None:
    """8,000 racks over their cooling (a 100,000-GPU design on air) and one JSON note: two rows, the
    header counts every check, and the group's tooltip and selection name all 8,000 racks in order."""
    racks = [f"R{i:05d}" for i in range(8000)]
    model = ChecksModel()
    note = Check("nccl-env-defaults", Severity.INFO, "NCCL defaults suit this fabric").to_json()
    model.set_checks([*(_over_cooling(r) for r in racks), note])
    assert model.rowCount() == 2 and model.severity_counts() == {"error": 8000, "info": 1}
    group = model.index(0, 0)
    assert group.data().endswith("— and 7,999 more like it") and model.rowCount(group) == 8000
    assert group.data(IDS_ROLE) == racks and "R00011 and 7988 more" in group.data(Qt.ItemDataRole.ToolTipRole)
    assert model.index(1, 0).data(SEVERITY_ROLE) == "info" and model.index(7999, 0, group).data() == sentence(
        _over_cooling("R07999").message)


def test_in_chinese_the_rows_and_tooltips_read_in_chinese(qtbot: QtBot, document: Document) -> None:
    """The engine keeps its English sentence (CLI JSON); the list shows i18n's zh sentence and severity word."""
    from planner_gui.i18n import install_language
    from planner_gui.i18n.checks_zh import check_message

    document.live.wait_idle()
    error = next(c for c in document.analysis.checks if c.severity == Severity.ERROR)  # type: ignore[union-attr]
    install_language("zh_CN")
    try:
        fields = check_fields(error)
        assert fields["message"] == check_message(error, "zh_CN") != error.message
        assert any("\u4e00" <= ch <= "\u9fff" for ch in fields["message"])  # CJK ideographs
        assert tooltip_html(fields).startswith("<p><b>错误</b>: ")
    finally:
        install_language("en")
