"""The Document's snapshot (document/snapshot.py): what the analysis reads, never the live design, patched
from the change list of every edit, undo and redo."""

from __future__ import annotations

import copy
import dataclasses
import threading
import time
from typing import Any

from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document import Document
from planner_gui.document.snapshot import SnapshotBuilder, copy_device, copy_link, copy_rack, snapshot_of
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.model import CoolingType, Design, Device, Feed, Link, Medium, Rack
from planner_gui.model.snapshot import DesignSnapshot
from tests.gui.test_document_live import _large_design

CATALOG = bundled_catalog()
DEFAULT = load_design(default_example_path(), CATALOG).design


def test_a_copy_has_every_field_and_shares_no_part() -> None:
    """The copies are positional (fast at 400,000 links): each must carry every field of its class, and a
    rack's feeds are copies too (a feed edited in place on the live design must not reach the snapshot)."""
    rack = Rack("r1", "Rack 1", "B", 3, 48, 33.0, Feed(230.0, 16.0, 1), None, CoolingType.LIQUID, 55.0, "rack-48u")
    device = Device("d1", "gb200-nvl72", "Tray 1", "r1", 7, "cx7-400", 4, "nvl-r1")  # every field set
    link = Link("l1", "d1/cx0", "d2/p1", Medium.SMF, 42.0)
    for part, copied in ((rack, copy_rack(rack)), (device, copy_device(device)), (link, copy_link(link))):
        assert copied == part and copied is not part
        # every field off its default, so that a field the copy leaves out shows (it once dropped nvlink_domain)
        assert all(getattr(part, f.name) != f.default for f in dataclasses.fields(part)), part
        assert all(getattr(copied, f.name) == getattr(part, f.name) for f in dataclasses.fields(part))
    assert copy_rack(rack).feed_a is not rack.feed_a


def test_the_analysis_reads_a_snapshot_that_later_edits_do_not_reach(qtbot: QtBot) -> None:
    """A large design is analysed in the worker: what it reads is a DesignSnapshot, not ``doc.design``, and an
    edit made while the run sleeps changes the live design only; the next run sees it."""
    seen: list[tuple[Any, str, bool]] = []

    def analyzer(design: Design, catalog: Any, cache: Any) -> str:
        name = design.meta.name
        time.sleep(0.2)
        seen.append((design, design.meta.name, threading.current_thread() is threading.main_thread()))
        return name

    doc = Document(CATALOG, _large_design(), analyzer=analyzer)
    qtbot.waitUntil(lambda: doc.live.busy and doc.live._running, timeout=5000)
    doc.set_settings("meta", name="renamed while the run sleeps")
    assert doc.live.wait_idle(10_000)
    first, second = seen[0], seen[-1]
    assert isinstance(first[0], DesignSnapshot) and first[0] is not doc.design and not first[2]
    assert first[1] != "renamed while the run sleeps"  # read after the edit: the name when the run started
    assert second[1] == "renamed while the run sleeps" and doc.analysis == "renamed while the run sleeps"


def test_edits_undo_and_redo_patch_the_snapshot_to_a_full_copy(qtbot: QtBot) -> None:
    """Every edit kind, undone and redone, patches the one snapshot object to what a full copy gives, in the
    live design's order (an undone delete puts a link at the end, as Design.add_link does)."""
    doc = Document(CATALOG, copy.deepcopy(DEFAULT), analyzer=lambda *_: None)
    builder: SnapshotBuilder = doc._snapshots
    first = builder.snapshot()
    link = next(iter(doc.design.links))
    rack = doc.add_rack()
    assert rack is not None
    server = doc.add_device("dgx-h100", rack, 1)
    assert server is not None
    doc.remove_items([link])
    doc.set_properties([rack], power_budget_kw=41.0)
    doc.move_devices({server: (None, None)})
    doc.set_settings("cost", electricity_per_kwh=0.5)
    for step in (doc.undo_stack.undo, doc.undo_stack.undo, doc.undo_stack.undo, doc.undo_stack.undo,
                 doc.undo_stack.redo, doc.undo_stack.redo):
        step()
        snapshot = builder.snapshot()
        assert snapshot is first
        full = snapshot_of(doc.design)
        for name in ("racks", "devices", "links"):
            assert list(getattr(snapshot, name).items()) == list(getattr(full, name).items()), name
        assert (snapshot.meta, snapshot.fabric, snapshot.cost, snapshot.workload) == (
            full.meta, full.fabric, full.cost, full.workload)
        assert not set(map(id, snapshot.devices.values())) & set(map(id, doc.design.devices.values()))
