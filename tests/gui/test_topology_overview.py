"""Issue 19 item 4: the topology view for real fabrics — tiers, pods and rails as groups with link
bundles, opened by clicks down to single ports, rail colours at every size, kept up to date by edits.
Clicks are sent as events to the viewport."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.templates import TemplateSpec, generate_design
from planner_gui.ui import colors
from planner_gui.ui.topology import fabric as fb
from planner_gui.ui.topology.legend import DEVICES, GROUPS
from planner_gui.ui.topology.view import TopologyView
from tests.gui.support import shown

CATALOG = bundled_catalog()
NODES = 64  # two 32-server pods of a rail-optimized fabric: 8 rails x 2 leaves


@pytest.fixture(scope="module")
def two_pods() -> object:
    return generate_design(CATALOG, TemplateSpec("dgx-h100", NODES))


@pytest.fixture
def view(qtbot: QtBot, two_pods: object) -> Iterator[TopologyView]:
    import copy

    document = Document(CATALOG, copy.deepcopy(two_pods))
    widget = shown(qtbot, TopologyView(document), 1200, 800)
    _settle(widget)
    yield widget
    document.live.shutdown()


def _settle(view: TopologyView) -> None:
    view.document.live.wait_idle()
    QApplication.processEvents()
    QApplication.processEvents()


def _spot(view: TopologyView, text: str) -> int:
    """The drawn node whose title or group name starts with ``text``."""
    texts = view.overview.item.texts
    return next(i for i, (title, sub) in enumerate(texts) if title.startswith(text) or sub.startswith(text))


def _click(view: TopologyView, scene: QPointF, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
           ) -> None:
    view.centerOn(scene)
    point = QPointF(view.mapFromScene(scene))
    for kind in (QMouseEvent.Type.MouseButtonPress, QMouseEvent.Type.MouseButtonRelease):
        event = QMouseEvent(kind, point, view.viewport().mapToGlobal(point), Qt.MouseButton.LeftButton,
                            Qt.MouseButton.LeftButton, modifiers)
        QApplication.sendEvent(view.viewport(), event)


def _click_spot(view: TopologyView, i: int, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
                ) -> None:
    spot = view.overview.picture.spots[i]
    _click(view, QPointF(spot.x, spot.y), modifiers)


def test_the_default_design_and_a_bigger_one_open_as_their_groups_a_small_one_device_by_device(
        view: TopologyView, qtbot: QtBot) -> None:
    document = Document(CATALOG, load_design(default_example_path(), CATALOG).design)
    default = TopologyView(document)
    qtbot.addWidget(default)
    assert default.fabric_detail == GROUPS and not default.nodes  # 32 servers: a hairball drawn one by one
    assert ("32 × NVIDIA DGX H100", "Servers") in default.overview.item.texts
    document.live.shutdown()
    small = TopologyView(Document(CATALOG, generate_design(CATALOG, TemplateSpec("dgx-h100", 8)),
                                  analyzer=lambda *_: None))
    qtbot.addWidget(small)
    assert small.fabric_detail == DEVICES and len(small.nodes) == 14  # 8 servers: every link can be followed
    assert view.fabric_detail == GROUPS and not view.node_layer.isVisible()
    texts = view.overview.item.texts
    assert ("64 × NVIDIA DGX H100", "Pod 1") not in texts  # two pods, shown as pods
    assert [sub for _, sub in texts if sub.startswith("Pod ")] == ["Pod 1", "Pod 2"]
    rails = [i for i, (_, sub) in enumerate(texts) if sub.startswith("Rail ")]
    assert len(rails) == 8  # the leaves, one group per rail
    fills = {view.overview.item.fills[i] for i in rails}
    assert fills == set(colors.RAIL_COLOURS)  # rails in their colours


def test_bundles_count_every_link_between_the_groups_and_agree_with_the_loads(view: TopologyView) -> None:
    picture, data, tree = view.overview.picture, view.data, view.overview.tree
    shown = np.full(data.band.size, -1)
    for i, spot in enumerate(picture.spots):
        shown[tree.devices(spot.node)] = i
    live = data.live_links()
    inside = int((shown[data.link_a[live]] == shown[data.link_b[live]]).sum())  # within one drawn group
    assert int(picture.count.sum()) == live.size - inside  # every other link in exactly one bundle
    pods = [_spot(view, "Pod 1"), _spot(view, "Pod 2")]
    rail_1 = _spot(view, "Rail 1")
    k = next(k for k in range(picture.n_bundles)
             if {int(picture.bundle_a[k]), int(picture.bundle_b[k])} == {pods[0], rail_1})
    assert picture.count[k] == 32 and picture.rail[k] == 0  # one NIC of each of the pod's 32 servers
    assert view.overview.item.bundle_labels[k].startswith("32 × 400G")
    members = set(tree.devices(picture.spots[pods[0]].node).tolist())
    leaves = set(tree.devices(picture.spots[rail_1].node).tolist())
    links = [j for j in data.live_links().tolist()
             if {int(data.link_a[j]), int(data.link_b[j])} & members and {int(data.link_a[j]), int(data.link_b[j])}
             & leaves]
    assert len(links) == 32
    assert picture.load_max[k] == pytest.approx(np.nanmax(data.utilisation[links]))
    assert f"{round(100 * picture.load_max[k])}" in view.overview.item.bundle_labels[k]


def test_clicks_open_a_rail_a_device_and_its_ports_and_close_them_again(view: TopologyView) -> None:
    _click_spot(view, _spot(view, "Rail 1"))
    texts = view.overview.item.texts
    assert "fab-leaf-p1-r1" in [t for t, _ in texts] or sum(1 for t, _ in texts if t.startswith("fab-leaf")) == 2
    assert len(view.overview.picture.frames) == 1
    leaf = next(i for i, (title, _) in enumerate(texts) if title.startswith("fab-leaf"))
    leaf_id = view.overview.item.texts[leaf][0]
    _click_spot(view, leaf)
    assert view.document.selection == [next(d for d in view.document.design.devices
                                             if (view.document.design.devices[d].name or d) == leaf_id)]
    _click_spot(view, _spot(view, leaf_id))  # again: its ports
    ports = [s for s in view.overview.picture.spots if s.port is not None]
    device = view.document.selection[0]
    linked = [link for link in view.document.design.links.values()
              if link.a.startswith(device + "/") or link.b.startswith(device + "/")]
    assert len(ports) == len(linked)
    port_spots = {i for i, s in enumerate(view.overview.picture.spots) if s.port is not None}
    picture = view.overview.picture
    from_ports = sum(int(picture.count[k]) for k in range(picture.n_bundles)
                     if int(picture.bundle_a[k]) in port_spots or int(picture.bundle_b[k]) in port_spots)
    assert from_ports == len(linked)  # one link per port
    first_port = next(iter(port_spots))
    _click_spot(view, first_port, Qt.KeyboardModifier.ShiftModifier)  # Shift-click: close what holds it
    assert not any(s.port for s in view.overview.picture.spots)
    frame = view.overview.picture.frames[0]
    _click(view, QPointF((frame.left + frame.right) / 2, frame.top + 4))  # the frame's name closes it
    assert not view.overview.picture.frames and len(
        [sub for _, sub in view.overview.item.texts if sub.startswith("Rail ")]) == 8


def test_an_edit_regroups_and_keeps_what_is_open(view: TopologyView) -> None:
    _click_spot(view, _spot(view, "Pod 1"))
    doc = view.document
    assert doc.remove_items([f"node-{NODES:03d}"])  # a server of pod 2 and its links go
    _settle(view)
    spans = [text for text, _, _ in view.bands.spans]
    assert f"Servers ({NODES - 1})" in spans
    picture = view.overview.picture
    pod_2 = _spot(view, "Pod 2")
    assert view.overview.item.texts[pod_2][0] == "31 × NVIDIA DGX H100"
    assert sum(int(picture.count[k]) for k in range(picture.n_bundles)
               if pod_2 in (int(picture.bundle_a[k]), int(picture.bundle_b[k])) and picture.fabric[k]) == 31 * 8
    assert any(sub.startswith("node-001") for _, sub in view.overview.item.texts)  # Pod 1 is still open


def test_the_show_switch_and_rail_colours_in_the_full_view(view: TopologyView) -> None:
    view.set_fabric_detail(DEVICES)
    assert view.fabric_detail == DEVICES and view.node_layer.isVisible() and not view.overview.item.isVisible()
    combo = view.colouring.combo  # the user picks "rail"
    combo.setCurrentIndex(combo.findData("rail"))
    _settle(view)
    data = view.data
    server_links = [j for j in data.live_links().tolist() if data.link_nic[j] >= 0]
    for j in server_links[:20]:
        assert view.links.colour_of(j) == colors.rail_colour(int(data.link_nic[j]))
    view.set_fabric_detail(GROUPS)
    assert view.overview.item.isVisible() and view.overview.item.bundle_colours  # bundles by rail too
    picture = view.overview.picture
    for k in range(picture.n_bundles):
        assert view.overview.item.bundle_colours[k] == colors.rail_colour(int(picture.rail[k]))


def test_the_tree_never_shows_more_than_fanout_children(two_pods: object) -> None:
    from planner_gui.ui.topology.data import TopologyData

    data = TopologyData.from_design(generate_design(CATALOG, TemplateSpec("dgx-h100", 300)), CATALOG)
    tree = fb.build_tree(data)
    for i, _ in enumerate(tree.nodes):  # every group's devices made (the list grows meanwhile)
        tree.children(i)
    assert all(len(node.children) <= fb.FANOUT for node in tree.nodes) and not any(n.pending for n in tree.nodes)
    for code, root in tree.roots.items():  # every device of a band is under its root, once
        assert tree.nodes[root].count == int((data.drawn & (data.band == code)).sum())
    assert fb.chunk_size(300) == 20 and fb.chunk_size(20) == 8


def test_each_group_holds_the_devices_of_one_key_and_its_neighbours_differ() -> None:
    """The groups are cut where a partition key changes (fabric._split finds the cuts by bisection over
    each band's change positions, when a group is first looked into): every device of a group shares each
    key down to the group's level, siblings under one parent differ at that level, and a group left pending
    (its single devices not made) has one value of every key and the rail of its devices when they share one."""
    from planner_gui.ui.topology.data import TopologyData

    data = TopologyData.from_design(generate_design(CATALOG, TemplateSpec("dgx-h100", 300)), CATALOG)
    tree = fb.build_tree(data)
    levels = {fb.POD, fb.RAIL, fb.GROUP, fb.MODEL}

    def check(node: fb.Node) -> bool:
        if node.kind not in levels and not node.pending:
            return False
        band = tree.bands[node.band]
        lo, hi = node.lo - band.base, node.hi - band.base
        depth = len(band.keys) if node.pending else band.kinds.index(node.kind) + 1
        for key in band.keys[:depth]:
            assert len(set(key[lo:hi])) == 1, (node, key[lo:hi])
        rails = set(band.rail[lo:hi].tolist())  # a group's rail is its devices' (a rail's: its number)
        assert node.rail == (node.number - 1 if node.kind == fb.RAIL else
                             rails.pop() if len(rails) == 1 else fb.NO_RAIL)
        return True

    made = len(tree.nodes)
    pending = sum(check(node) and node.pending for node in tree.nodes)
    for i, _ in enumerate(tree.nodes):  # every group made (the list grows meanwhile)
        tree.children(i)
    assert made < len(tree.nodes) / 10  # a regroup makes the tiers' first level, not every group
    checked = sum(check(node) for node in tree.nodes)
    for parent in tree.nodes:  # siblings that are groups of one kind differ in that kind's key
        kids = [tree.nodes[c] for c in parent.children if tree.nodes[c].kind in levels]
        for left, right in itertools.pairwise(kids):
            if left.kind == right.kind:
                band = tree.bands[left.band]
                key = band.keys[band.kinds.index(left.kind)]
                assert key[left.lo - band.base] != key[right.lo - band.base]
    assert checked > 20 and pending > 0, (checked, pending)


def test_grouped_minima_and_maxima_equal_ufunc_at() -> None:
    from planner_gui.ui.topology.grouped import Grouping

    rng = np.random.default_rng(7)
    index = rng.integers(0, 40, 500)
    values = rng.integers(-5, 100, 500)
    for ufunc, fill in ((np.minimum, 10**9), (np.maximum, -(10**9))):
        expected, found = np.full(50, fill), np.full(50, fill)
        ufunc.at(expected, index, values)
        Grouping(index).into(ufunc, found, values)
        assert np.array_equal(found, expected)
    untouched = np.arange(3)
    Grouping(np.empty(0, dtype=np.int64)).into(np.minimum, untouched, np.empty(0, dtype=np.int64))
    assert untouched.tolist() == [0, 1, 2]
