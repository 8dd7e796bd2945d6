"""The palette: catalog grouped by kind, searchable, tooltips with key specs, drags carry the id."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.ui.panels.palette import CATALOG_ID_ROLE, CATALOG_MIME, GROUPS, Palette

CATALOG = bundled_catalog()


def _palette(qtbot: QtBot) -> Palette:
    palette = Palette(CATALOG)
    qtbot.addWidget(palette)
    return palette


def test_groups_hold_every_placeable_kind_of_the_catalog(qtbot: QtBot) -> None:
    palette = _palette(qtbot)
    assert palette.objectName() == "palette"
    titles = [palette.model.item(row).text() for row in range(palette.model.rowCount())]
    servers = len(CATALOG.of_kind("server"))
    assert titles[0] == f"GPU servers ({servers})"
    assert [t.rsplit(" (", 1)[0] for t in titles] == [title for title, _ in GROUPS]
    shown = set(palette.visible_ids())
    kinds = {kind for _, group in GROUPS for kind in group}
    assert shown == {e.id for e in CATALOG if e.kind in kinds}
    assert "h100-sxm5-80gb" not in shown and "ib-ndr-400" not in shown  # GPUs and NICs are parts, not drops


def test_search_filters_recursively_and_case_insensitively(qtbot: QtBot) -> None:
    palette = _palette(qtbot)
    palette.search.setText("QM97")
    assert palette.visible_ids() == ["qm9700"]
    palette.search.setText("h100-sxm5")  # matches the GPU id of the H100 servers, not only names
    assert "dgx-h100" in palette.visible_ids() and "dgx-a100" not in palette.visible_ids()
    palette.search.setText("no such hardware")
    assert palette.visible_ids() == [] and palette.proxy.rowCount() == 0
    palette.search.clear()
    assert len(palette.visible_ids()) > 50


def test_mime_data_carries_the_catalog_id_under_the_contract_type(qtbot: QtBot) -> None:
    palette = _palette(qtbot)
    index = palette.index_of("dgx-h100")
    assert index.isValid()
    mime = palette.proxy.mimeData([index])
    assert mime.hasFormat(CATALOG_MIME) and CATALOG_MIME == "application/x-cluster-planner-catalog-id"
    assert bytes(mime.data(CATALOG_MIME)).decode("utf-8") == "dgx-h100"
    rack = palette.proxy.mimeData([palette.index_of("rack-48u")])
    assert bytes(rack.data(CATALOG_MIME)).decode("utf-8") == "rack-48u"


def test_groups_are_not_draggable_entries_are(qtbot: QtBot) -> None:
    palette = _palette(qtbot)
    group = palette.model.item(0)
    assert not group.isDragEnabled() and group.data(CATALOG_ID_ROLE) is None
    assert group.child(0).isDragEnabled()
    assert not palette.model.mimeData([palette.model.indexFromItem(group)]).hasFormat(CATALOG_MIME)


def test_tooltips_show_key_specs_from_the_catalog(qtbot: QtBot) -> None:
    palette = _palette(qtbot)
    dgx = palette.index_of("dgx-h100").data(3)  # Qt.ToolTipRole
    # servers.json dgx-h100: 8 x h100-sxm5-80gb, 8 U, 7,340 W typical, 10,200 W max, 8 x ConnectX-7 NDR
    assert "8 × NVIDIA H100 SXM5 80GB, 8 U" in dgx
    assert "7.3 kW typical, 10.2 kW max" in dgx and "8 × NVIDIA ConnectX-7 NDR 400G" in dgx
    assert "$270,000" in dgx
    switch = palette.index_of("qm9700").data(3)
    assert "64 × 400G OSFP" in switch and "1.72 kW max" in switch and "infiniband switch, 1 U" in switch


def test_double_click_reports_the_entry(qtbot: QtBot) -> None:
    palette = _palette(qtbot)
    with qtbot.waitSignal(palette.entry_activated) as signal:
        palette.tree.doubleClicked.emit(palette.index_of("qm9700"))
    assert signal.args == ["qm9700"]
    palette.tree.doubleClicked.emit(QModelIndex())  # nothing under the mouse: no signal, no error


def test_focus_search_selects_the_query(qtbot: QtBot) -> None:
    palette = _palette(qtbot)
    palette.show()
    palette.activateWindow()
    qtbot.waitActive(palette)
    palette.tree.setFocus()
    palette.search.setText("dgx")
    palette.focus_search()
    qtbot.waitUntil(palette.search.hasFocus, timeout=1000)
    assert palette.search.selectedText() == "dgx"


def test_prices_follow_the_open_designs_currency(qtbot: QtBot) -> None:
    """In the main window a catalog price reads in the design's currency at its rate (servers.json dgx-h100:
    $270,000; the default design is in CNY at its own cny_per_usd), and switches when the currency does."""
    from planner_gui.app import build
    from planner_gui.model import Currency

    _app, window = build(["cluster-planner"])
    qtbot.addWidget(window)
    design = window.document.design
    cny = f"¥{270_000 * design.cost.cny_per_usd:,.0f}"
    assert cny in window.palette.index_of("dgx-h100").data(3)
    design.meta.currency = Currency.USD  # the tooltip is written when shown: no rebuild needed
    assert "$270,000" in window.palette.index_of("dgx-h100").data(3)
    design.meta.currency = Currency.CNY
    window.document.undo_stack.setClean()
    window.close()
