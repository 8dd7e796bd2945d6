"""The Document: every edit is one exact undo step; refused edits change nothing and say why."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document import Document
from planner_gui.examples import default_example_path
from planner_gui.io import LoadError, SaveError, load_design
from planner_gui.model import Design, Medium, Workload

CATALOG = bundled_catalog()
DEFAULT = load_design(default_example_path(), CATALOG).design
DGX_U = 8  # dgx-h100 is 8 U (catalog servers.json)


def _no_analysis(design: Design, catalog: object, cache: object) -> None:
    return None


@pytest.fixture
def doc(qtbot: QtBot) -> Document:
    """The default 256-GPU design in a Document whose live analysis is a no-op (these tests are about edits)."""
    return Document(CATALOG, copy.deepcopy(DEFAULT), analyzer=_no_analysis)


def _refusals(doc: Document) -> list[str]:
    messages: list[str] = []
    doc.edit_refused.connect(messages.append)
    return messages


def assert_indexes_consistent(design: Design) -> None:
    """The per-rack and per-port indexes (excluded from ==) match the objects."""
    by_rack = {rack_id: {d.id for d in design.devices.values() if d.rack_id == rack_id} for rack_id in design.racks}
    assert design._rack_devices == by_rack
    ports = {ref: link.id for link in design.links.values() for ref in (link.a, link.b)}
    assert design._port_link == ports


def test_add_device_lands_where_asked_and_undo_removes_it(doc: Document) -> None:
    rack = doc.add_rack()
    count = doc.undo_stack.count()
    device = doc.add_device("dgx-h100", rack, 10)
    assert device == "node-033"  # padded like the generated node-001..node-032
    assert (doc.design.devices[device].rack_id, doc.design.devices[device].u) == (rack, 10)
    assert doc.undo_stack.count() == count + 1
    doc.undo_stack.undo()
    assert device not in doc.design.devices


def test_dropping_onto_an_occupied_u_is_refused_and_changes_nothing(doc: Document) -> None:
    messages = _refusals(doc)
    before = copy.deepcopy(doc.design)
    # node-001 sits at U1-U8 of rack A01 in the default design
    assert doc.add_device("dgx-h100", "A01", 5) is None
    assert messages == ["device 'node-033': U5-U12 of rack 'A01' overlaps device 'node-001'"]
    assert doc.design == before and doc.undo_stack.count() == 0 and not doc.is_dirty


def test_n_copies_are_one_undo_step_and_fill_the_lowest_free_slots(doc: Document) -> None:
    rack = doc.add_rack()
    ids = doc.add_devices("dgx-h100", [(rack, None)] * 4)
    assert [doc.design.devices[i].u for i in ids] == [1, 1 + DGX_U, 1 + 2 * DGX_U, 1 + 3 * DGX_U]
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    assert not set(ids) & set(doc.design.devices)


def test_a_batch_that_does_not_fit_is_refused_whole(doc: Document) -> None:
    """A 42 U rack holds five 8 U servers (40 U); the sixth copy fails, so none is added."""
    rack = doc.add_rack()
    messages = _refusals(doc)
    assert doc.add_devices("dgx-h100", [(rack, None)] * 6) == []
    assert doc.design.devices_in_rack(rack) == [] and doc.undo_stack.count() == 1
    assert "has no free 8 U space" in messages[0]


def test_moving_many_devices_is_one_step_and_they_may_swap(doc: Document) -> None:
    a, b = doc.design.devices["node-001"], doc.design.devices["node-002"]
    assert (a.u, b.u) == (1, 9)
    assert doc.move_devices({"node-001": ("A01", 9), "node-002": ("A01", 1)})
    assert (a.u, b.u) == (9, 1) and doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert (a.u, b.u) == (1, 9)
    assert_indexes_consistent(doc.design)


def test_add_link_chooses_free_ports_of_the_same_speed(doc: Document) -> None:
    rack = doc.add_rack()
    server = doc.add_device("dgx-h100", rack, 1)
    switch = doc.add_device("qm9700", rack, 40)
    link_id = doc.add_link(server, switch)
    link = doc.design.links[link_id]
    assert (link.a, link.b) == (f"{server}/cx0", f"{switch}/p1")  # the lowest free NDR port at each end
    second = doc.design.links[doc.add_link(server, switch)]
    assert (second.a, second.b) == (f"{server}/cx1", f"{switch}/p2")


def test_add_link_refuses_with_a_message_when_no_port_matches(doc: Document) -> None:
    rack = doc.add_rack()
    ib_server = doc.add_device("dgx-h100", rack, 1)
    blank = doc.add_device("blank-1u", rack, 30)
    messages = _refusals(doc)
    assert doc.add_link(ib_server, blank) is None
    assert messages[-1] == f"link {ib_server} - {blank}: {blank} (blank-1u) has no network ports"
    assert doc.add_link(ib_server, ib_server) is None
    assert "two different devices" in messages[-1]


def test_removing_a_device_takes_its_links_and_undo_restores_them(doc: Document) -> None:
    links = {i for i, link in doc.design.links.items() if link.a.startswith("node-001/") or link.b.startswith("node-001/")}
    assert links
    before = copy.deepcopy(doc.design)
    assert doc.remove_items(["node-001"])
    assert "node-001" not in doc.design.devices and not links & set(doc.design.links)
    doc.undo_stack.undo()
    assert doc.design == before
    assert_indexes_consistent(doc.design)


def test_removing_a_rack_leaves_its_devices_unplaced(doc: Document) -> None:
    in_rack = [d.id for d in doc.design.devices_in_rack("A01")]
    assert doc.remove_items(["A01"])
    assert "A01" not in doc.design.racks
    assert all(not doc.design.devices[i].placed for i in in_rack)
    doc.undo_stack.undo()
    assert [d.id for d in doc.design.devices_in_rack("A01")] == in_rack


def test_set_properties_validates_and_applies_to_all_in_one_step(doc: Document) -> None:
    ids = ["link-001", "link-002", "link-003"]
    messages = _refusals(doc)
    assert not doc.set_properties(ids, length_m=-3.0)
    assert messages == ["link 'link-001': length_m -3.0 must be at least 0 and at most 100000"]
    assert doc.set_properties(ids, length_m=12.5, medium="smf")
    assert {(doc.design.links[i].length_m, doc.design.links[i].medium) for i in ids} == {(12.5, Medium.SMF)}
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert [doc.design.links[i].length_m for i in ids] == [DEFAULT.links[i].length_m for i in ids]


def test_rack_height_cannot_cut_off_a_device(doc: Document) -> None:
    messages = _refusals(doc)
    top = max((d.u or 0) + DGX_U - 1 for d in doc.design.devices_in_rack("A01"))  # highest U in use
    assert not doc.set_properties(["A01"], height_u=top - 1, name="shrunk")
    assert "cannot shrink" in messages[0]
    assert doc.design.racks["A01"].name == DEFAULT.racks["A01"].name  # the whole edit refused


def test_two_racks_cannot_share_a_place_in_a_row(doc: Document) -> None:
    messages = _refusals(doc)
    assert not doc.set_properties(["A02"], position=1)
    assert messages == ["racks 'A01' and 'A02' would both stand at position 1 of row A; give each its own position"]
    assert doc.set_properties(["A02"], row="B", position=1) and doc.design.racks["A02"].row == "B"
    assert doc.add_rack(row="B", position=1) is None and "already holds rack 'A02'" in messages[-1]


def test_nic_change_that_would_orphan_a_link_is_refused(doc: Document) -> None:
    messages = _refusals(doc)
    assert not doc.set_properties(["node-001"], nic_count=4)  # cx4..cx7 carry links in the default design
    assert "carries link" in messages[0]
    assert not doc.set_properties(["node-001"], nic_id="roce-400")  # Ethernet NICs on InfiniBand links
    assert doc.design.devices["node-001"].nic_id == "ib-ndr-400"


def test_settings_are_checked_and_workload_can_be_set_and_cleared(doc: Document) -> None:
    messages = _refusals(doc)
    assert not doc.set_settings("cost", project_months=0)
    assert not doc.set_settings("fabric", sharp="yes")
    assert not doc.set_settings("meta", colour="red")
    assert len(messages) == 3 and "project_months 0" in messages[0]
    assert doc.set_settings("workload", workload=None)
    assert doc.design.workload is None
    assert doc.set_settings("workload", layers=80, precision="fp8")
    assert doc.design.workload == Workload(layers=80, precision="fp8")
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.design.workload == DEFAULT.workload


def test_signals_name_exactly_what_changed(doc: Document, qtbot: QtBot) -> None:
    seen: dict[str, list] = {"racks": [], "devices": [], "links": [], "settings": []}
    doc.racks_changed.connect(seen["racks"].append)
    doc.devices_changed.connect(seen["devices"].append)
    doc.links_changed.connect(seen["links"].append)
    doc.settings_changed.connect(seen["settings"].append)
    doc.remove_items(["A01"])
    assert seen["racks"] == [["A01"]] and sorted(seen["devices"][0]) == sorted(d.id for d in DEFAULT.devices_in_rack("A01"))
    doc.set_settings("meta", name="Renamed")
    assert seen["settings"] == ["meta"] and seen["links"] == []


def test_selection_drops_ids_that_are_removed(doc: Document, qtbot: QtBot) -> None:
    doc.select(["node-001", "nonexistent", "link-001"])
    assert doc.selection == ["node-001", "link-001"]
    with qtbot.waitSignal(doc.selection_changed) as signal:
        doc.remove_items(["link-001"])
    assert signal.args == [["node-001"]]


def test_dirty_follows_the_undo_stack_and_save_clears_it(doc: Document, tmp_path: Path, qtbot: QtBot) -> None:
    states: list[bool] = []
    doc.dirty_changed.connect(states.append)
    doc.set_settings("meta", name="Edited")
    assert doc.is_dirty and states == [True]
    doc.undo_stack.undo()
    assert not doc.is_dirty and states == [True, False]
    doc.undo_stack.redo()
    with pytest.raises(SaveError, match="Save As"):
        doc.save()
    doc.save(tmp_path / "edited.cluster")
    assert not doc.is_dirty and doc.path == tmp_path / "edited.cluster"


def test_save_then_reopen_gives_an_equal_design(doc: Document, tmp_path: Path, qtbot: QtBot) -> None:
    rack = doc.add_rack()
    server = doc.add_device("dgx-h100", rack, 1)
    switch = doc.add_device("qm9700", rack, 40)
    assert doc.add_link(server, switch) is not None
    doc.set_properties([rack], power_budget_kw=55.0, cooling="liquid")
    path = tmp_path / "round.cluster"
    doc.save(path)
    reopened = Document(CATALOG, analyzer=_no_analysis)
    with qtbot.waitSignal(reopened.design_replaced):
        reopened.open(path)
    assert reopened.design == doc.design and reopened.path == path and not reopened.is_dirty
    assert_indexes_consistent(reopened.design)


def test_open_of_a_broken_file_raises_and_keeps_the_design(doc: Document, tmp_path: Path) -> None:
    bad = tmp_path / "bad.cluster"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(LoadError, match="is not valid JSON"):
        doc.open(bad)
    assert doc.design == DEFAULT


# ----- undo/redo exactness over random edit sequences ------------------------------------------
def _random_edit(doc: Document, rng: random.Random) -> None:
    design = doc.design
    racks, devices, links = sorted(design.racks), sorted(design.devices), sorted(design.links)
    device_ids = ["dgx-h100", "qm9700", "sn2201", "nfs-nvme-2u", "blank-1u", "pcie-l40s-8"]
    edits: list[Callable[[], object]] = [
        lambda: doc.add_device(rng.choice(device_ids), rng.choice(racks) if racks else None, None),
        lambda: doc.add_devices(rng.choice(device_ids), [(rng.choice(racks), None) for _ in range(rng.randint(1, 3))]),
        lambda: doc.add_rack(height_u=rng.choice([42, 48])),
        lambda: doc.move_devices({rng.choice(devices): (rng.choice(racks), rng.randint(1, 40))}),
        lambda: doc.move_devices({rng.choice(devices): (None, None)}),
        lambda: doc.add_link(rng.choice(devices), rng.choice(devices)),
        lambda: doc.remove_items(rng.sample(devices + links + racks, rng.randint(1, 3))),
        lambda: doc.set_properties(rng.sample(links, 2), length_m=rng.choice([-1.0, 2.5, 30.0])),
        lambda: doc.set_properties([rng.choice(racks)], height_u=rng.choice([20, 42, 48]), name="r"),
        lambda: doc.set_settings("workload", layers=rng.randint(1, 96)),
        lambda: doc.set_settings("workload", workload=None),
        lambda: doc.set_settings("fabric", sharp=rng.random() < 0.5),
    ]
    rng.choice(edits)()


@pytest.mark.parametrize("seed", range(6))
def test_random_edits_undo_to_the_original_and_redo_to_the_final(qtbot: QtBot, seed: int) -> None:
    doc = Document(CATALOG, copy.deepcopy(DEFAULT), analyzer=_no_analysis)
    rng = random.Random(seed)
    for _ in range(40):
        _random_edit(doc, rng)
    final = copy.deepcopy(doc.design)
    steps = doc.undo_stack.count()
    assert steps > 10  # most random edits are accepted
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.design == DEFAULT
    assert_indexes_consistent(doc.design)
    while doc.undo_stack.canRedo():
        doc.undo_stack.redo()
    assert doc.design == final and doc.undo_stack.count() == steps
    assert_indexes_consistent(doc.design)
