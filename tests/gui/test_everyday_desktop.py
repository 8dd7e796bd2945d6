"""Issue 19: the editor in everyday hands — undo from a field, first focus, fresh tiers after edits,
drops on the topology, a window that fits the screen, the compare dialog, start-up and menus.
Keys and drops are sent as events to the widgets and viewports, never QDrag.exec()."""

from __future__ import annotations

import itertools
import re
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, QRect, Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QMenu, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from planner_gui.app import build
from planner_gui.i18n import install_language
from planner_gui.ui.dialogs.compare import open_compare
from planner_gui.ui.dialogs.recovery import local_time
from planner_gui.ui.panels.palette import CATALOG_MIME
from planner_gui.ui.rack.items import LABEL_PX
from planner_gui.ui.topology.legend import DEVICES
from planner_gui.ui.window import main_window
from planner_gui.ui.window.main_window import MainWindow
from tests.gui.support import drop

LEFT, NONE = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier


def _settle(window: MainWindow) -> None:
    window.document.live.wait_idle()
    QApplication.processEvents()
    QApplication.processEvents()


def _catalog_mime(catalog_id: str) -> QMimeData:
    mime = QMimeData()
    mime.setData(CATALOG_MIME, catalog_id.encode("utf-8"))
    return mime


# ----- item 1: undo follows the user ------------------------------------------------------------------
def test_ctrl_z_in_a_committed_field_undoes_the_design_and_focus_starts_in_the_design_view(
        window: MainWindow, qtbot: QtBot) -> None:
    assert window.focusWidget() is window.rack_view  # not the palette's search box
    doc = window.document
    field = window.inspector.pages["design"].findChild(QLineEdit, "field_meta_name")
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, "Customer X")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert doc.design.meta.name == "Customer X" and doc.undo_stack.count() == 1
    qtbot.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # the field still has focus
    assert doc.undo_stack.index() == 0 and doc.design.meta.name != "Customer X"
    qtbot.keyClick(field, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert doc.design.meta.name == "Customer X"
    qtbot.keyClicks(field, " typed")  # text not yet committed: Ctrl+Z is the field's own undo
    qtbot.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert doc.undo_stack.index() == 1 and doc.design.meta.name == "Customer X"


# ----- item 2: tiers recomputed after every edit ------------------------------------------------------
def _spans(window: MainWindow) -> dict[str, tuple[float, float]]:
    return {text: (top, bottom) for text, top, bottom in window.topology_view.bands.spans}


def test_a_new_leaf_joins_the_leaves_and_no_band_overlaps_another(window: MainWindow) -> None:
    doc, view = window.document, window.topology_view
    leaf_model = doc.design.devices["fab-leaf-1"].catalog_id
    server_model = doc.design.devices["node-001"].catalog_id
    leaf = doc.add_device(leaf_model)
    _settle(window)
    servers = [doc.add_device(server_model) for _ in range(17)]  # a new row of servers, then some
    for server in servers:
        assert doc.add_link(server, leaf) is not None
    _settle(window)
    spans = _spans(window)
    assert "Leaves (9)" in spans and "Servers (49)" in spans
    assert view.data.band[view.data.index[leaf]] == 1  # not "Other switches"
    ordered = sorted(spans.values())
    assert all(low > high for (_, high), (low, _) in itertools.pairwise(ordered)), ordered
    doc.undo_stack.setIndex(0)
    _settle(window)
    assert "Leaves (8)" in _spans(window) and "Servers (32)" in _spans(window)


# ----- item 3: palette drops on the topology ----------------------------------------------------------
def test_a_switch_dropped_on_the_topology_is_added_unplaced_where_it_fell(window: MainWindow) -> None:
    doc, view = window.document, window.topology_view
    window.central.set_layout("topology")
    point = QPoint(view.viewport().width() // 2, view.viewport().height() // 2)
    before = set(doc.design.devices)
    assert drop(view, _catalog_mime("qm9700"), point)
    (added,) = set(doc.design.devices) - before
    assert doc.design.devices[added].rack_id is None  # shown in the rack view's Unplaced tray
    assert added in window.rack_view.device_items
    where = view.mapToScene(point)
    i = view.data.index[added]
    assert (view.data.x[i], view.data.y[i]) == pytest.approx((where.x(), where.y()))
    assert doc.undo_stack.text(doc.undo_stack.count() - 1).startswith("Add ")


def test_a_rack_dropped_on_the_topology_is_refused_with_the_reason(window: MainWindow) -> None:
    doc, view = window.document, window.topology_view
    rack_entry = next(e.id for e in doc.catalog if e.kind == "rack")
    count = doc.undo_stack.count()
    assert drop(view, _catalog_mime(rack_entry), QPoint(40, 40))
    assert doc.undo_stack.count() == count
    assert "drop it on a row of the rack elevation" in window.statusBar().currentMessage()


# ----- item 6: a window that fits the screen ----------------------------------------------------------
def test_a_fresh_window_fits_a_small_screen(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """150 % scaling on 1920 x 1080: 1280 x 720 logical pixels, less a 40 px panel."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setattr(main_window, "available_area", lambda _window: QRect(0, 0, 1280, 680))
    _app, built = build(["cluster-planner"])
    qtbot.addWidget(built)
    frame = built.frameGeometry()
    assert frame.width() <= 1280 and frame.height() <= 680 and frame.left() >= 0 and frame.top() >= 0
    assert built.docks["inspectorDock"].geometry().right() <= built.width()
    qtbot.waitUntil(lambda: built.rack_view._fitted)
    rack = built.rack_view
    assert rack.navigator.scale * LABEL_PX >= 7  # device names readable on the opening view
    assert rack.mapToScene(0, 0).x() <= 0.0  # from the first rack on
    built.close()


# ----- item 9: the compare dialog -----------------------------------------------------------------------
def test_compare_opens_filled_and_enter_compares(window: MainWindow, qtbot: QtBot) -> None:
    doc = window.document
    doc.new_variant("RoCE")
    doc.set_settings("meta", name="Changed")
    dialog = open_compare(window)
    qtbot.addWidget(dialog)
    assert dialog.comparison is not None and dialog.figures.rowCount() > 0  # filled at once
    assert dialog.side_a.currentData() != dialog.side_b.currentData()
    run, keep = dialog.findChild(QPushButton, "compareRun"), dialog.findChild(QPushButton, "compareKeepVariant")
    assert run.isDefault() and not keep.autoDefault()
    dialog.comparison = None
    names = list(doc.design.variants.names)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert dialog.comparison is not None and list(doc.design.variants.names) == names  # no new variant
    dialog.close()


def test_compare_on_a_single_design_says_how_to_get_a_second(window: MainWindow, qtbot: QtBot) -> None:
    dialog = open_compare(window)  # no variant, no file: A and B are the same design
    qtbot.addWidget(dialog)
    assert dialog.comparison is None and "New Variant" in dialog.status.text()
    dialog.close()


# ----- item 10: start-up, recovery time, menus ---------------------------------------------------------
def test_a_bad_file_opens_the_window_with_the_error(qtbot: QtBot, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    shown: list[bool] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, *_: shown.append(parent.isVisible()))
    bad = tmp_path / "bad.cluster"
    bad.write_text("{", encoding="utf-8")
    _app, built = build(["cluster-planner", str(bad)])
    qtbot.addWidget(built)
    assert shown == [True] and built.isVisible() and built.startup_failed
    assert "is not valid JSON" in built.statusBar().currentMessage()
    built.close()


def test_the_recovery_prompt_shows_local_time() -> None:
    stamp = "2026-12-02T03:14:00+00:00"
    local = datetime.fromisoformat(stamp).astimezone()
    text = local_time(stamp)
    assert local.strftime("%H:%M") in text and "+00:00" not in text and "T03" not in text
    assert local_time("not a time") == ""


def _mnemonic(text: str) -> str | None:
    found = re.search(r"&([^&])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_menu_mnemonics_are_unique(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   language: str) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    install_language(language)
    try:
        _app, built = build(["cluster-planner"])
        qtbot.addWidget(built)
        menus = [a.menu() for a in built.menuBar().actions() if a.menu() is not None]
        bar = [_mnemonic(a.text()) for a in built.menuBar().actions()]
        assert len(bar) == len(set(bar)) and None not in bar, bar
        for menu in menus:
            assert isinstance(menu, QMenu)
            keys = [k for a in menu.actions() if not a.isSeparator() and (k := _mnemonic(a.text()))]
            assert len(keys) == len(set(keys)), (menu.title(), keys)
        built.close()
    finally:
        install_language("en")


def test_one_rack_is_not_racks(window: MainWindow) -> None:
    doc = window.document
    doc.remove_items([r for r in list(doc.design.racks)[1:]])
    _settle(window)
    assert window.status.labels["racks"].text() == "1 rack"
    doc.undo_stack.setIndex(0)
    _settle(window)
    assert window.status.labels["racks"].text().endswith(" racks")


# ----- item 7: context menus, copy/paste, keyboard zoom ---------------------------------------------
def _menu_texts(window: MainWindow) -> list[str]:
    menu = window.clipboard.menu
    assert menu is not None and menu.isVisible()
    return [a.text().replace("&", "") for a in menu.actions() if not a.isSeparator()]


def _trigger(window: MainWindow, name: str) -> None:
    menu = window.clipboard.menu
    action = next(a for a in menu.actions() if a.objectName() == name)
    menu.close()
    action.trigger()


def test_a_right_click_on_a_device_offers_the_edits_and_duplicate_is_one_undo_step(window: MainWindow) -> None:
    doc, view = window.document, window.rack_view
    item = view.device_items["node-001"]
    view.centerOn(item)
    point = view.mapFromScene(item.sceneBoundingRect().center())
    view.customContextMenuRequested.emit(point)  # what a right click on the viewport emits
    assert doc.selection == ["node-001"]
    assert _menu_texts(window) == ["Delete", "Duplicate", "Copy", "Paste", "Properties"]
    before = set(doc.design.devices)
    _trigger(window, "actionDuplicate")
    (copy_id,) = set(doc.design.devices) - before
    assert doc.design.devices[copy_id].rack_id == doc.design.devices["node-001"].rack_id  # beside it
    assert doc.design.devices[copy_id].catalog_id == doc.design.devices["node-001"].catalog_id
    assert doc.selection == [copy_id] and doc.undo_stack.text(doc.undo_stack.index() - 1) == "Duplicate 1 item"
    doc.undo_stack.undo()
    assert copy_id not in doc.design.devices


def test_a_right_click_on_a_link_and_on_empty_space(window: MainWindow) -> None:
    doc, view = window.document, window.topology_view
    window.central.set_layout("topology")
    view.set_fabric_detail(DEVICES)  # the default design opens as its groups: a link is one line only device by device
    view.navigator.set_scale(1.0)
    data = view.data
    j = data.link_index[next(iter(doc.design.links))]
    x, y = (data.x[data.link_a[j]] + data.x[data.link_b[j]]) / 2, (data.y[data.link_a[j]] + data.y[data.link_b[j]]) / 2
    view.centerOn(float(x), float(y))
    point = view.mapFromScene(QPointF(float(x), float(y)))
    link_id = view.object_at(point)
    assert link_id in doc.design.links
    view.customContextMenuRequested.emit(point)
    assert doc.selection == [link_id] and _menu_texts(window) == ["Delete", "Paste", "Properties"]
    _trigger(window, "actionDelete")
    assert link_id not in doc.design.links
    view.customContextMenuRequested.emit(QPoint(2, view.viewport().height() - 2))
    assert _menu_texts(window) == ["Paste"]
    window.clipboard.menu.close()


def test_copy_a_rack_and_paste_it_into_another_window(window: MainWindow, qtbot: QtBot) -> None:
    doc = window.document
    rack = next(iter(doc.design.racks))
    inside = [d.catalog_id for d in doc.design.devices_in_rack(rack)]
    ids = {d.id for d in doc.design.devices_in_rack(rack)}
    among = [k for k in doc.design.links.values() if k.a.partition("/")[0] in ids and k.b.partition("/")[0] in ids]
    doc.select([rack])
    assert window.clipboard.copy()
    _other_app, other = build(["cluster-planner"])
    qtbot.addWidget(other)
    other.document.new()  # an empty design in the second window
    other.document.add_rack()
    added = other.clipboard.paste()
    racks = [i for i in added if i in other.document.design.racks]
    assert len(racks) == 1 and other.document.undo_stack.count() == 2
    pasted = [d.catalog_id for d in other.document.design.devices_in_rack(racks[0])]
    assert pasted == inside
    links = other.document.design.links.values()
    assert len(links) == len(among)
    assert all(link.a.partition("/")[0] in added and link.b.partition("/")[0] in added for link in links)
    other.document.undo_stack.undo()
    assert len(other.document.design.racks) == 1 and not other.document.design.devices
    other.document.undo_stack.setClean()
    other.close()


def test_paste_of_something_else_says_why(window: MainWindow) -> None:
    QApplication.clipboard().setText("not a design")
    count = window.document.undo_stack.count()
    assert window.clipboard.paste() == []
    assert window.document.undo_stack.count() == count
    assert "Nothing to paste" in window.statusBar().currentMessage()


def test_keyboard_zoom_in_out_and_fit(window: MainWindow, qtbot: QtBot) -> None:
    view = window.rack_view
    view.setFocus()
    view.fit_all()
    fitted = view.navigator.scale
    qtbot.keyClick(view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert view.navigator.scale == pytest.approx(fitted * 1.25)
    qtbot.keyClick(view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert view.navigator.scale == pytest.approx(fitted / 1.25)
    qtbot.keyClick(view, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert view.navigator.scale == pytest.approx(fitted, rel=0.01)
