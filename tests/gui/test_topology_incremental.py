"""The topology view patches what an edit or new results touched, and nothing else.

Links are drawn in chunks (topology_links.CHUNK_LINKS per path item); here chunks hold a few links
so that the default design's 600-odd links spread over many items and "only the touched chunk was
redrawn" is observable: every path redraw goes through PassivePathItem.setPath, which is counted.
"""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import numpy as np
import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.ui import colors
from planner_gui.ui.topology import layout as tl
from planner_gui.ui.topology import links as topology_links
from planner_gui.ui.topology.items import LINK_RED_FROM, LOAD_COLOURS, Z_LINKS, PassivePathItem, load_levels
from planner_gui.ui.topology.legend import DEVICES
from planner_gui.ui.topology.view import TopologyView
from tests.gui.support import shown

SMALL_CHUNK = 8  # links per path item in these tests: the default design's links fill ~80 items


@pytest.fixture
def redraws(monkeypatch: pytest.MonkeyPatch) -> list[PassivePathItem]:
    """Every link path item whose path is set, in order (topology_links draws only through setPath);
    overlays (selection, hover) are not links."""
    seen: list[PassivePathItem] = []
    original = PassivePathItem.setPath

    def counting(item: PassivePathItem, path: object) -> None:
        if item.zValue() == Z_LINKS:
            seen.append(item)
        original(item, path)

    monkeypatch.setattr(PassivePathItem, "setPath", counting)
    return seen


@pytest.fixture
def view(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> TopologyView:
    monkeypatch.setattr(topology_links, "CHUNK_LINKS", SMALL_CHUNK)
    catalog = bundled_catalog()
    document = Document(catalog, load_design(default_example_path(), catalog).design)
    widget = shown(qtbot, TopologyView(document), 1000, 700)
    settle(widget)
    widget.set_fabric_detail(DEVICES)  # the default design opens as its groups; these tests move devices
    return widget


def settle(view: TopologyView) -> None:
    """Results in, deferred redraws done."""
    view.document.live.wait_idle()
    QApplication.processEvents()


def link_items(view: TopologyView) -> list[PassivePathItem]:
    return [item for item in view.links._items if item.scene() is view.scene()]


def uplink(view: TopologyView) -> str:
    return next(lid for lid, link in view.document.design.links.items()
                if link.a.startswith("fab-leaf-1/") and link.b.startswith("fab-spine-01/"))


def expected_colour(view: TopologyView, link_id: str) -> str:
    load = view.document.analysis.link_utilisation[link_id]
    return LOAD_COLOURS[int(load_levels(np.array([load]))[0])]


def test_removing_a_link_redraws_only_its_chunk_and_moves_nothing(view: TopologyView,
                                                                  redraws: list[PassivePathItem]) -> None:
    link_id = uplink(view)
    j = view.data.link_index[link_id]
    own = view.links.item_of(j)
    others = {id(item): item.path() for item in link_items(view) if item is not own}
    nodes = {i: (node, node.pos()) for i, node in view.nodes.items()}
    segments = view.links.segment_count
    assert len(others) > 10  # the links really are spread over many items
    redraws.clear()
    view.document.remove_items([link_id])
    settle(view)
    assert view.links.item_of(j) is None and link_id not in view.data.link_index  # its drawing is gone
    assert view.links.segment_count == segments - 1
    assert set(redraws) == {own}  # one chunk redrawn: the one that held it (results changed no level)
    for item in link_items(view):
        if item is not own:
            assert others[id(item)] == item.path()  # same item, same picture
    assert {i: (node, node.pos()) for i, node in view.nodes.items()} == nodes  # the layout stood still


def test_a_link_added_back_appears_with_its_load_colour(view: TopologyView, redraws: list[PassivePathItem]) -> None:
    link_id = uplink(view)
    before = view.links.segment_count
    view.document.remove_items([link_id])
    settle(view)
    redraws.clear()
    view.document.undo_stack.undo()
    settle(view)
    j = view.data.link_index[link_id]
    item = view.links.item_of(j)
    assert item is not None and view.links.segment_count == before
    assert item.pen().color().name() == expected_colour(view, link_id) == colors.GREEN  # rail-aligned: idle
    assert len(set(redraws)) <= 2  # the chunk it joined (and the one it left, if any)


def test_loads_are_read_right_after_links_came_and_went(view: TopologyView) -> None:
    """Removed links are masked out and links added back appended, as the design orders them: every
    drawn link still gets its own load from the engine's arrays."""
    design = view.document.design
    first, second = list(design.links)[:2]
    view.document.remove_items([first])
    settle(view)
    view.document.remove_items([second])
    settle(view)
    view.document.undo_stack.undo()
    settle(view)
    loads = view.document.analysis.link_utilisation
    mine = np.array([view.data.utilisation[view.data.link_index[lid]] for lid in design.links])
    theirs = np.array([loads[lid] for lid in design.links])
    np.testing.assert_array_equal(mine, theirs)


def test_new_results_redraw_only_links_whose_load_level_changed(view: TopologyView,
                                                               redraws: list[PassivePathItem]) -> None:
    analysis = view.document.analysis
    utilisation = analysis.link_utilisation
    hot, warm = (utilisation.link_ids[k] for k in np.argsort(utilisation.loads)[-2:])
    loads = utilisation.loads.copy()
    hot_index, warm_index = utilisation.link_ids.index(hot), utilisation.link_ids.index(warm)
    loads[hot_index] = LINK_RED_FROM + 0.05  # amber (82 %) to red
    loads[warm_index] *= 1.01  # still amber: same colour, nothing to redraw
    changed = SimpleNamespace(link_utilisation=dataclasses.replace(utilisation, loads=loads),
                              topology=analysis.topology)
    j = view.data.link_index[hot]
    old_item = view.links.item_of(j)
    warm_item = view.links.item_of(view.data.link_index[warm])
    redraws.clear()
    view.document.results_updated.emit(changed)
    QApplication.processEvents()
    new_item = view.links.item_of(j)
    assert new_item is not None and new_item.pen().color().name() == colors.RED
    assert set(redraws) <= {old_item, new_item} and old_item in redraws  # left one chunk, joined another
    assert warm_item not in redraws or warm_item is old_item


def test_a_tier_change_is_noticed_without_a_search_only_when_it_can_happen(view: TopologyView) -> None:
    """Removing one of a spine's several links down keeps every tier; removing its last makes the view
    infer the tiers again (the spine is no longer reached from the servers)."""
    data = view.data
    spine = data.index["fab-spine-01"]
    down = [int(j) for j in data.links_of(np.array([spine])) if data.band[data.link_a[j]] == 1
            or data.band[data.link_b[j]] == 1]
    assert len(down) > 1 and data.tiers_unchanged(removed=down[:1], added=[])
    data.remove_links([data.link_ids[j] for j in down])
    assert not data.tiers_unchanged(removed=down[-1:], added=[])
    leaf = data.index["fab-leaf-1"]
    assert data.band[leaf] == 1 and data.band[spine] == 2


def test_bundles_patched_per_link_equal_bundles_built_afresh() -> None:
    of_device = np.array([0, 0, 1, 1, 2, 2])
    a, b = np.array([0, 1, 0, 2, 4, 5]), np.array([2, 3, 4, 5, 1, 3])
    gbps = np.array([400.0, 400.0, 200.0, 400.0, 100.0, 800.0])
    load = np.array([0.2, 0.95, np.nan, 0.5, 0.1, 0.7])
    use = np.array([True, True, True, True, True, False])
    index = tl.BundleIndex(of_device, a, b, gbps, load, use)
    use = np.array([True, False, True, True, True, True])  # link 1 went, link 5 came (a new pair)
    load = load.copy()
    load[3] = 0.99  # and one load changed
    index.update(np.array([1, 5, 3]), a, b, gbps, use, load)
    fresh = tl.BundleIndex(of_device, a, b, gbps, load, use)
    for patched, built in zip(_sorted(index.current()), _sorted(fresh.current()), strict=True):
        np.testing.assert_array_equal(patched, built)


def _sorted(bundles: tl.Bundles) -> list[np.ndarray]:
    order = np.lexsort((bundles.group_b, bundles.group_a))
    assert bundles.load is not None
    return [bundles.group_a[order], bundles.group_b[order], bundles.links[order], bundles.gbps[order],
            bundles.load[order]]


def test_two_new_switches_linked_together_are_not_taken_for_leaves(view: TopologyView) -> None:
    """A new switch starts in the leaf band as a guess; a link between two such switches must not be
    read as a link between leaves: the view infers the tiers again and finds neither reaches a server."""
    document = view.document
    first, second = document.add_device("qm9700"), document.add_device("qm9700")
    assert first is not None and second is not None
    data = view.data
    assert data.band[data.index[first]] == data.band[data.index[second]] == 1
    assert document.add_link(first, second) is not None
    assert data.band[data.index[first]] == data.band[data.index[second]] == tl.BAND_OFF_FABRIC


def test_links_of_a_dragged_device_rejoin_their_chunks_where_it_now_is(view: TopologyView,
                                                                       redraws: list[PassivePathItem]) -> None:
    data = view.data
    spine = data.index["fab-spine-02"]
    links = data.links_of(np.array([spine]))
    untouched = set(link_items(view)) - {view.links.item_of(int(j)) for j in links}
    node = view.nodes[spine]
    redraws.clear()
    node.setPos(node.pos().x(), node.pos().y() - 60.0)  # as a mouse drag moves it
    view.interaction.finish_node_moves()
    QApplication.processEvents()
    assert not set(redraws) & untouched  # only chunks holding its links were drawn again
    x0, y0, x1, y1 = data.segments(links)
    ends = np.concatenate((np.c_[x0, y0], np.c_[x1, y1]))
    assert any(np.allclose(end, (node.pos().x(), node.pos().y())) for end in ends)
    assert all(view.links.item_of(int(j)) is not None for j in links)  # drawn again, none lost


def test_deleting_a_device_takes_its_links_out_and_undo_brings_them_back(view: TopologyView) -> None:
    data = view.data
    leaf = data.index["fab-leaf-2"]
    links = [int(j) for j in data.links_of(np.array([leaf]))]
    ids = [data.link_ids[j] for j in links]
    colours = {lid: view.links.colour_of(j) for lid, j in zip(ids, links, strict=True)}
    before = view.links.segment_count
    assert len(links) > SMALL_CHUNK  # spread over several chunks
    view.document.remove_items(["fab-leaf-2"])
    settle(view)
    assert view.links.segment_count == before - len(links)
    assert all(view.links.item_of(j) is None for j in links)
    view.document.undo_stack.undo()
    settle(view)
    assert view.links.segment_count == before
    back = {lid: view.links.colour_of(data.link_index[lid]) for lid in ids}
    assert back == colours  # the same classes as before the delete


def test_live_link_ids_stay_the_live_links_in_index_order_as_links_come_and_go() -> None:
    """The engine's loads are read without a lookup per link when its link order is the view's live ids
    (TopologyData._design_order): removing links (a few, or a spine's many) cuts exactly them out, and links
    added back are appended."""
    from planner_gui.ui.topology.data import TopologyData

    catalog = bundled_catalog()
    design = load_design(default_example_path(), catalog).design
    data = TopologyData.from_design(design, catalog)
    ids = list(design.links)

    def expected() -> list[str]:
        return [data.link_ids[j] for j in np.flatnonzero(data.link_alive[: data.n_links])]

    assert data.remove_links(["no such link", ids[3]]) == [3] and data.live_link_ids == expected()
    many = [*ids[100:180:2], ids[0], ids[-1]]  # out of order, the first and the last among them
    where = [data.link_index[i] for i in many]
    assert data.remove_links(many) == where
    assert data.live_link_ids == expected() and len(data.live_link_ids) == len(ids) - 1 - len(many)
    assert not set(many) & set(data.live_link_ids)
    assert data.add_links([ids[0], ids[3]], design, catalog) == [len(ids), len(ids) + 1]
    assert data.live_link_ids == expected() and data.live_link_ids[-2:] == [ids[0], ids[3]]
    assert data.remove_links([ids[0]]) == [len(ids)] and data.live_link_ids == expected()
    assert data.remove_links([]) == [] and data.live_link_ids == expected()
