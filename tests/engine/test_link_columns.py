"""engine/incremental/link_columns.py: the per-link arrays kept across analyses equal freshly read ones after any edit."""

from __future__ import annotations

import operator

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planner_gui.catalog import bundled_catalog
from planner_gui.document.changes import PlaceDevice, SetFields
from planner_gui.document.snapshot import SnapshotBuilder
from planner_gui.engine.incremental.link_columns import LinkColumns
from planner_gui.engine.util.arrays import common_prefix, list_change
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.model import Design
from planner_gui.model.parts import Feed
from tests.engine.conftest import cold_start

pytestmark = pytest.mark.usefixtures("kept_store")  # the columns are kept as in a cached run

CATALOG = bundled_catalog()


def _arrays(design: Design) -> tuple[np.ndarray, np.ndarray]:
    columns = LinkColumns(design)
    return columns.media, columns.lengths


def _fresh(design: Design) -> tuple[np.ndarray, np.ndarray]:
    cold_start()
    return _arrays(design)


@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_removing_one_link_drops_exactly_its_values(where: str) -> None:
    design = load_design(default_example_path(), CATALOG).design
    media, lengths = _fresh(design)
    ids = list(design.links)
    index = {"first": 0, "middle": len(ids) // 2, "last": len(ids) - 1}[where]
    design.remove_link(ids[index])
    kept_media, kept_lengths = _arrays(design)  # built from last time's arrays
    assert np.array_equal(kept_media, np.delete(media, index))
    assert np.array_equal(kept_lengths, np.delete(lengths, index))
    fresh_media, fresh_lengths = _fresh(design)
    assert np.array_equal(kept_media, fresh_media) and np.array_equal(kept_lengths, fresh_lengths)


def test_a_changed_length_after_a_removal_is_read_again() -> None:
    design = load_design(default_example_path(), CATALOG).design
    _fresh(design)
    ids = list(design.links)
    design.remove_link(ids[10])
    design.links[ids[20]].length_m = 42.5  # a second edit in the same step: not a single removal
    _, kept_lengths = _arrays(design)
    assert kept_lengths[19] == 42.5
    assert np.array_equal(kept_lengths, _fresh(design)[1])


@settings(max_examples=80, deadline=None, derandomize=True)
@given(size=st.integers(0, 40), edit=st.sampled_from(["same", "remove", "append", "replace", "insert"]),
       where=st.floats(0, 1), count=st.integers(1, 3))
def test_list_change_finds_the_edit_without_changing_the_new_list(size: int, edit: str, where: float,
                                                                  count: int) -> None:
    """array_ops.list_change on lists of distinct objects (a design's links): the common prefix, and the
    place of the one item removed; the new list it inspects (and briefly changes) is as it was."""
    old = [object() for _ in range(size)]
    at = min(int(where * size), max(size - 1, 0))
    new = list(old)
    if edit == "remove" and size:
        del new[at]
    elif edit == "append":
        new += [object() for _ in range(count)]
    elif edit == "replace" and size:
        new[at] = object()
    elif edit == "insert":
        new.insert(at, object())
    before = list(new)
    keep, dropped = list_change(old, new)
    assert len(new) == len(before) and all(map(operator.is_, new, before))
    assert keep == common_prefix(old, new)
    removed_one = edit == "remove" and size > 0
    assert (dropped is not None) == removed_one
    if removed_one:
        assert dropped == keep == at and new == old[:at] + old[at + 1:]


def test_value_columns_follow_the_link_change_and_notice_an_edit_in_the_same_step() -> None:
    """Media and lengths are read again every analysis; after a removal their arrays are last time's
    without the removed link's value, unless a value also changed in place (then read afresh)."""
    design = load_design(default_example_path(), CATALOG).design
    media, lengths = _fresh(design)
    ids = list(design.links)
    design.remove_link(ids[40])
    columns = LinkColumns(design)
    assert columns.change is None  # set when the links are read
    assert len(columns.links) == len(ids) - 1 and columns.change is not None and columns.change.dropped == 40
    assert np.array_equal(columns.media, np.delete(media, 40)) and np.array_equal(columns.lengths,
                                                                                   np.delete(lengths, 40))
    design.links.pop(ids[41])  # one more removal (past the model's checks: only the list matters here)
    design.links[ids[0]].medium = design.links[ids[0]].medium  # the same value: nothing to see
    design.links[ids[1]].length_m = 9.5
    kept_media, kept_lengths = _arrays(design)
    fresh_media, fresh_lengths = _fresh(design)
    assert np.array_equal(kept_media, fresh_media) and np.array_equal(kept_lengths, fresh_lengths)
    assert kept_lengths[1] == 9.5


def test_a_snapshot_s_columns_follow_the_document_s_revisions() -> None:
    """The Document renumbers the aspects each change record changed (model/snapshot.py): while a snapshot's
    devices' revisions are the same, their columns are last time's, unread; a rename renews "devices", a move
    "placement", a feed "rack_power" alone (the device columns stay). A live design is read every time."""
    live = load_design(default_example_path(), CATALOG).design
    builder = SnapshotBuilder(live)
    snapshot = builder.snapshot()

    def edit(change: object) -> dict[str, int]:
        before = dict(snapshot.revisions)
        change.apply(live, CATALOG)  # type: ignore[attr-defined]
        builder.record([change], applied=True)  # type: ignore[list-item]
        assert builder.snapshot() is snapshot  # patched in place: one snapshot object per document
        return {a for a, n in snapshot.revisions.items() if before[a] != n}  # type: ignore[return-value]

    first = LinkColumns(snapshot).devices
    assert LinkColumns(snapshot).devices is first
    device = next(d for d in live.devices.values() if d.u is not None)
    assert edit(SetFields("devices", device.id, {"name": device.name}, {"name": "renamed"})) == {"devices"}
    again = LinkColumns(snapshot).devices
    assert again is not first and again == first  # read again: the names are not among the columns
    assert edit(PlaceDevice(device.id, (device.rack_id, device.u), (None, None))) == {"placement"}
    assert LinkColumns(snapshot).devices[5][list(live.devices).index(device.id)] is None
    rack = next(iter(live.racks.values()))
    kept = LinkColumns(snapshot).devices
    assert edit(SetFields("racks", rack.id, {"feed_a": rack.feed_a}, {"feed_a": Feed(230.0, 16.0, 1)})) == {
        "rack_power"}
    assert LinkColumns(snapshot).devices is kept
    at, placed = next((i, d) for i, d in enumerate(live.devices.values()) if d.u is not None)
    assert LinkColumns(live).devices[5][at] == placed.u
    placed.u = None  # in place, on a live design: seen at once
    assert LinkColumns(live).devices[5][at] is None
