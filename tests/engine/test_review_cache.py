"""Review of the cache reuse across edits (engine/incremental/link_columns.py, topology_reuse.py, tiers.py,
failure_layout.py, and the Document's snapshot, document/snapshot.py): after every edit sequence, the
analysis made with an AnalysisCache equals a cold analysis of a copy of the design. Live designs edited in
place take the path that reads every field again; the Document's snapshots (patched from its change list)
take the path that keeps unchanged devices' and racks' fields unread.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from planner_gui.catalog import Catalog, bundled_catalog
from planner_gui.document import Document
from planner_gui.document.changes import RemoveLink
from planner_gui.document.snapshot import SnapshotBuilder, snapshot_of
from planner_gui.engine import analysis as analysis_module
from planner_gui.engine.analysis import Analysis, AnalysisCache, analyze_design
from planner_gui.engine.training import MODEL_PRESETS, workload_for_preset
from planner_gui.engine.util.arrays import list_change
from planner_gui.model import CoolingType, Design, DesignError, Device, Link, Medium, variants
from planner_gui.model.parts import Feed
from planner_gui.templates import TemplateSpec, generate_design
from tests.engine.test_topology_kit import add_cores, make_catalog, rail_fabric, tor_fabric

CATALOG = bundled_catalog()
KIT = make_catalog()


def _cold(design: Design, catalog: Catalog) -> Analysis:
    """A cold analysis of a plain copy."""
    return analyze_design(copy.deepcopy(design), catalog)


def _mismatch(design: Design, catalog: Catalog, cache: AnalysisCache) -> str | None:
    """Where the cached analysis differs from a cold one (the first differing JSON path), or None. NumPy's
    RuntimeWarnings are not errors here, as in the app (see test_a_nic_index_no_cable_uses...)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        cached, cold = analyze_design(design, catalog, cache), _cold(design, catalog)
    got, want = cached.to_json(), cold.to_json()
    if json.dumps(got, sort_keys=True, default=str) != json.dumps(want, sort_keys=True, default=str):
        return _first_difference(got, want)
    if cached.topology is not None and cold.topology is not None:  # what the JSON only summarises
        mine, theirs = cached.topology.tier_data, cold.topology.tier_data
        for name in ("level", "lo", "hi", "up_cap", "down_cap", "peer_cap", "up_links", "down_links"):
            x, y = getattr(mine, name), getattr(theirs, name)
            if x.dtype != y.dtype or not np.array_equal(x, y):
                return f"tier_data.{name}"
        if len(mine.switch_pods) != len(theirs.switch_pods) or not all(
                map(np.array_equal, (*mine.switch_pods, *mine.reach), (*theirs.switch_pods, *theirs.reach))):
            return "tier_data pods"
    a, b = cached.link_utilisation, cold.link_utilisation
    if (a is None) != (b is None) or (a is not None and b is not None and not (
            np.array_equal(a.loads, b.loads, equal_nan=True) and np.array_equal(a.tier, b.tier)
            and list(a.link_ids) == list(b.link_ids))):
        return "link_utilisation arrays"
    return None


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return f"{path}: cached {str(a)[:200]} != cold {str(b)[:200]}"


def _same(design: Design, catalog: Catalog, cache: AnalysisCache) -> None:
    problem = _mismatch(design, catalog, cache)
    assert problem is None, problem


def _link_on(design: Design, ref: str) -> Link:
    return next(link for link in design.links.values() if ref in (link.a, link.b))


def _three_tier() -> Design:
    """Rail-optimized leaves and spines under two cores, a switch pair no server reaches, a spare server."""
    b = rail_fabric(KIT, 16, per_su=4, nics=2, spines_per_rail=2, uplinks_per_leaf=2)
    add_cores(b)
    b.switch("stor-0")
    b.switch("stor-1")
    b.link("stor-0", "stor-1")
    b.server("extra-0", "t-dgx-a100")
    b.switch("mgmt-0", "t-mgmt")
    return b.design


def _tor_with_cores() -> Design:
    """Top-of-rack leaves with parallel uplinks, dual-homed servers, a leaf pair joined by peer links, cores."""
    b = tor_fabric(KIT, 12, per_leaf=4, spines=2, uplinks_per_leaf=4, nics=4)
    b.link("node-0/cx5", "leaf-1")  # node-0 on two leaves
    b.link("leaf-0", "leaf-1")  # an MLAG-style peer pair
    b.link("leaf-0", "leaf-1")
    for c in range(2):
        b.switch(f"core-{c}")
        for s in range(2):
            b.link(f"spine-{s}", f"core-{c}", Medium.SMF, 80.0)
    return b.design


# ----- a NIC cable moved to another NIC in the step a switch cable changes -----------------------------
BUG_1 = ("regression (review R1 bug 1, fixed): topology_reuse.updated_part_tiers keeps the NIC fields (rails, hops, unconnected NICs) "
         "when a NIC index changed at an unchanged fabric entry (topology_incremental._single_change compares the "
         "fabric entries' ends and speeds, not the NIC index at either end)")



@pytest.mark.parametrize("fabric", ["rail", "tor", "server-to-server"])
def test_a_nic_cable_moved_to_another_nic_while_a_switch_cable_goes(fabric: str) -> None:
    """The last cable moves to another NIC of the same server, its other end unchanged, and a leaf uplink goes,
    in one step: the fabric arrays differ from the last analysis' by the uplink alone (same ends and speed at
    every other entry); only a NIC index changed, at the entry's server end (``fab_nic``) or, for a cable
    between two servers, at its other end (which no fabric array holds)."""
    if fabric != "tor":
        design = rail_fabric(KIT, 8, per_su=4, nics=2, spines_per_rail=2, uplinks_per_leaf=2).design
        leaf, old_ref, new_ref = "leaf-1-0/", "node-0/cx0", "node-0/cx1"
    else:
        design = tor_fabric(KIT, 8, per_leaf=4, spines=2, uplinks_per_leaf=4).design
        leaf, old_ref, new_ref = "leaf-1/", "node-0/cx0", "node-0/cx1"
    if fabric == "server-to-server":
        design.add_link(Link("direct", "node-2/cx7", "node-5/cx6", Medium.DAC, 1.0), KIT)
        old_ref, new_ref = "node-5/cx6", "node-5/cx5"
    else:
        design.remove_link(_link_on(design, new_ref).id)
    cache = AnalysisCache()
    moved = design.remove_link(_link_on(design, old_ref).id)
    design.add_link(moved, KIT)  # the last link of the list, and the last fabric entry
    _same(design, KIT, cache)
    uplink = next(link for link in design.links.values() if link.a.startswith(leaf) and "spine" in link.b)
    design.remove_link(uplink.id)
    design.remove_link(moved.id)
    ends = (new_ref, moved.b) if moved.a == old_ref else (moved.a, new_ref)
    design.add_link(Link("moved", *ends, moved.medium, moved.length_m), KIT)
    _same(design, KIT, cache)  # rail: rail-optimized (cached) vs rail-miscabled; else: which NIC is unconnected


# ----- link-list edits list_change must classify --------------------------------------------------------
def test_link_list_edits_of_every_shape() -> None:
    """A link replaced by an equal copy, the same object re-added (a reorder), a removal plus an append,
    two removals, a removal and an in-place edit of its neighbour, equal neighbours removed."""
    design, cache = _three_tier(), AnalysisCache()
    _same(design, KIT, cache)
    ids = list(design.links)
    last = design.remove_link(ids[-1])
    design.add_link(dataclasses.replace(last), KIT)  # an equal link, another object, same place
    _same(design, KIT, cache)
    middle = design.remove_link(ids[len(ids) // 2])
    design.add_link(middle, KIT)  # the same object, now at the end
    _same(design, KIT, cache)
    first = design.remove_link(ids[0])
    design.add_link(dataclasses.replace(first, id="again"), KIT)  # a removal and an append in one step
    _same(design, KIT, cache)
    design.remove_link(ids[3])
    design.remove_link(ids[7])
    _same(design, KIT, cache)
    design.remove_link(ids[10])
    design.links[ids[11]].length_m = 7.0  # the link now in its place, edited in the same step
    design.links[ids[11]].medium = Medium.AOC
    _same(design, KIT, cache)
    twins = [link for link in design.links.values() if link.a.startswith("stor-0/")]
    design.remove_link(twins[0].id)  # a cable no server reaches
    _same(design, KIT, cache)


def test_list_change_against_its_definition() -> None:
    """Random old and new lists (equal values as other objects, repeats, reorders, one or several items in or
    out): ``keep`` leading items equal, ``dropped`` only where ``new`` is ``old`` without that item, and ``new``
    as it was. (``dropped`` is not always found: ['33', '1', '0'] to ['33', <an equal '1'>] gives None, where
    the docstring promises 2; the callers then take the general path, which is exact, only slower.)"""
    rng = random.Random(3)
    for _ in range(3000):
        old = [str(rng.randrange(4)) * rng.randrange(1, 3) for _ in range(rng.randrange(8))]
        new = [x if rng.random() < 0.5 else "".join(list(x)) for x in old]  # equal items, other objects
        for _ in range(rng.randrange(3)):
            if new and rng.random() < 0.6:
                del new[rng.randrange(len(new))]
            else:
                new.append(rng.choice(["0", "1", "22", *old[:1]]))
        if rng.random() < 0.1:
            rng.shuffle(new)
        before = list(new)
        keep, dropped = list_change(old, new)
        assert new == before and all(a is b for a, b in zip(new, before, strict=True))
        assert keep <= min(len(old), len(new)) and old[:keep] == new[:keep]
        assert dropped is None or (dropped == keep and old[:dropped] + old[dropped + 1:] == new)
        if len(new) == len(old) - 1 and all(a is b for a, b in zip(old, new, strict=False)):
            assert dropped == len(new)  # the last link removed, every other the same object


@pytest.mark.parametrize("pair", [("leaf-0-0", "leaf-1-0"), ("spine-0-0", "spine-0-1"), ("core-0", "core-1"),
                                  ("node-0", "spine-0-0"), ("node-0", "node-1"), ("leaf-0-0", "core-0"),
                                  ("stor-0", "leaf-0-0"), ("extra-0", "leaf-2-0")],
                         ids=lambda pair: "-".join(pair))
def test_one_fabric_cable_of_every_kind_added_and_removed(pair: tuple[str, str]) -> None:
    """Peer links at every tier (the top one adds a pod tier), a server to a spine, two servers directly,
    a leaf to a core (two tiers apart), a switch no server reached joined to the fabric, a new server."""
    design, cache = _three_tier(), AnalysisCache()
    _same(design, KIT, cache)
    refs = [f"{end}/cx7" if end.startswith(("node", "extra")) else f"{end}/p40" for end in pair]
    design.add_link(Link("added", *refs, Medium.AOC, 10.0), KIT)
    _same(design, KIT, cache)
    removed = design.remove_link("added")
    _same(design, KIT, cache)
    design.add_link(removed, KIT)
    _same(design, KIT, cache)
    uplinks = [link for link in design.links.values() if link.a.startswith("leaf-0-0/") and "spine" in link.b]
    for uplink in uplinks:  # the leaf's last uplink too: its pod splits off
        design.remove_link(uplink.id)
        _same(design, KIT, cache)
    for uplink in uplinks:
        design.add_link(uplink, KIT)
        _same(design, KIT, cache)


# ----- devices, racks and feeds -----------------------------------------------------------------------
def test_device_rack_and_feed_edits_by_every_path() -> None:
    design = generate_design(CATALOG, TemplateSpec("dgx-a100", 24))
    design.workload = workload_for_preset(MODEL_PRESETS[0], tp=8, pp=1, dp=24, global_batch=96)
    cache = AnalysisCache()
    _same(design, CATALOG, cache)
    rack = next(iter(design.racks.values()))
    rack.feed_b = None
    _same(design, CATALOG, cache)
    rack.feed_b = Feed(230.0, 16.0, 1)
    _same(design, CATALOG, cache)
    rack.feed_b.amps = 63.0  # the new feed's own field
    _same(design, CATALOG, cache)
    shared = rack.feed_a
    other = list(design.racks.values())[1]
    other.feed_a = shared  # one Feed object in two racks
    _same(design, CATALOG, cache)
    shared.voltage_v = 230.0
    _same(design, CATALOG, cache)
    server = next(d for d in design.devices.values() if d.catalog_id == "dgx-a100")
    server.nic_count = server.nic_count  # a write of the same value
    _same(design, CATALOG, cache)
    links = design.remove_device(server.id)
    _same(design, CATALOG, cache)
    design.add_device(dataclasses.replace(server), CATALOG)  # an equal device, another object, at the end
    design.add_links(links, CATALOG)
    _same(design, CATALOG, cache)
    orphans = design.remove_rack(rack.id)
    assert orphans
    _same(design, CATALOG, cache)
    other_design = copy.deepcopy(design)  # writes to another design's objects only
    next(iter(other_design.devices.values())).u = 1
    _same(design, CATALOG, cache)


def test_variant_switches_and_side_analyses() -> None:
    """Switching variants swaps every object of the design (same Design object); an analysis without the
    cache, or with another one, between two cached ones moves the per-design state along."""
    design = _three_tier()
    cache = AnalysisCache()
    _same(design, KIT, cache)
    variants.new_variant(design, "B")
    design.remove_link(_link_on(design, "node-0/cx0").id)
    design.devices["node-1"].nic_count = 2
    _same(design, KIT, cache)
    variants.switch_to(design, "Base")
    _same(design, KIT, cache)
    analyze_design(design, KIT)
    variants.switch_to(design, "B")
    analyze_design(design, KIT, AnalysisCache())
    design.remove_link(_link_on(design, "leaf-0-1/p5").id)
    _same(design, KIT, cache)
    variants.switch_to(design, "Base")
    design.remove_link(_link_on(design, "leaf-0-1/p5").id)  # the same edit in the other variant
    _same(design, KIT, cache)


def test_another_catalog_object_then_back() -> None:
    """The cache and every per-design state follow the catalog object (one without the management switch and
    the spare server's default NIC: unknown hardware), and come back to the first catalog's results."""
    design, cache = _three_tier(), AnalysisCache()
    other = make_catalog(without=("t-mgmt", "t-hdr"))
    for catalog in (KIT, other, KIT, other):
        _same(design, catalog, cache)
        design.remove_link(next(iter(design.links)))


# ----- an edit while a run is under way (the app's worker thread) -----------------------------------------
BUG_4 = ("regression (review R1 bug 4, fixed): topology classifies devices from the run's snapshot (LinkColumns.devices, taken when "
         "the run starts) but unconnected_nics and main_server_at read design.devices as it is then; a device edit "
         "in between leaves a kept topology part (topology_reuse._KEPT) whose graph is the old design and whose "
         "fields the new one, and no stale-run path drops it: after an undo it is reused")
MID_RUN_EDITS = {
    "place": lambda d: d.place_device("node-1", None, None, KIT),
    "nic": lambda d: setattr(d.devices["node-2"], "nic_count", 4),
    "nic model": lambda d: setattr(d.devices["node-2"], "nic_id", "t-hdr"),
    "add device": lambda d: d.add_device(Device("late", "t-dgx-h100"), KIT),
    "remove link": lambda d: d.remove_link(_link_on(d, "leaf-1-0/p5").id),
    "remove device": lambda d: d.remove_device("node-3"),
    "length": lambda d: setattr(_link_on(d, "node-4/cx0"), "length_m", 300.0),
    "medium": lambda d: setattr(_link_on(d, "leaf-2-1/p5"), "medium", Medium.DAC),
    "workload": lambda d: setattr(d, "workload", None),
}


@pytest.mark.parametrize("undone", [True, False], ids=["undone", "kept"])
@pytest.mark.parametrize("edit", list(MID_RUN_EDITS))
@pytest.mark.parametrize("where", ["topology_structure", "power_report", "design_notes"])
def test_an_edit_during_a_run_reaches_neither_the_run_nor_its_cache(monkeypatch: pytest.MonkeyPatch,
                                                                     edit: str, where: str, undone: bool) -> None:
    """The live design changes while a section computes (the app's worker thread): the run reads the
    Document's snapshot (document/snapshot.py), so its results are the snapshot's, and what it cached stays
    exact whether the edit is then undone or kept."""
    design = _three_tier()
    design.workload = workload_for_preset(MODEL_PRESETS[0], tp=8, pp=1, dp=16, global_batch=64)
    builder, cache = SnapshotBuilder(design), AnalysisCache()
    _same(builder.snapshot(), KIT, cache)
    removed = design.remove_link(_link_on(design, "node-5/cx1").id)  # every section has something to recompute
    builder.record([RemoveLink(removed)], applied=True)
    snapshot, before = builder.snapshot(), copy.deepcopy(design)
    real = getattr(analysis_module, where)

    def edited_midway(*args: Any, **kwargs: Any) -> Any:
        MID_RUN_EDITS[edit](design)
        return real(*args, **kwargs)

    monkeypatch.setattr(analysis_module, where, edited_midway)
    seen = analyze_design(snapshot, KIT, cache)  # a stale run: the app would not show it
    monkeypatch.setattr(analysis_module, where, real)
    assert json.dumps(seen.to_json(), default=str) == json.dumps(_cold(before, KIT).to_json(), default=str)
    if undone:
        variants._move_state(copy.deepcopy(before), design)  # the state the run started from
    builder.reset(design)  # the edit bypassed the change list: the Document would have replaced the contents
    _same(builder.snapshot(), KIT, cache)


# ----- sections computed while the topology is unavailable ---------------------------------------------
BUG_2 = ("regression (review R1 bug 2, fixed): the notes section is keyed (devices, topology generation); with the topology "
         "unavailable it falls back to design.notes, which reads the links, under a key no link edit changes")


def test_link_notes_follow_link_edits_while_the_topology_is_unavailable() -> None:
    design, cache = _three_tier(), AnalysisCache()
    _same(design, KIT, cache)
    next(iter(design.links.values())).medium = "copper"  # type: ignore[assignment]  # topology fails on it
    _same(design, KIT, cache)
    design.add_link(Link("step", "extra-0/cx0", "leaf-0-0/p50", Medium.DAC, 2.0), KIT)  # 200G to 400G
    _same(design, KIT, cache)  # cold: a link-speed-mismatch note on "step"; cached: the notes before it


BUG_3 = ("regression (review R1 bug 3, fixed) (not the cache): topology_metrics.collective_oversubscription divides by the NICs "
         "of each index; an index below the highest with no cable gives 0/0, NaN for every pod, and 1.0")


def test_a_nic_index_no_cable_uses_keeps_the_oversubscription() -> None:
    """Oversubscribed leaves (3.0 for rail-matched traffic). One more cable, on NIC 7 of one server (indices
    2-6 have none), cannot make it better; the analysis says 1.0 (and NumPy warns of 0/0)."""
    design = tor_fabric(KIT, 16, per_leaf=4, spines=2, uplinks_per_leaf=2, nics=2).design
    before = analyze_design(design, KIT).topology.collective_oversubscription
    design.add_link(Link("stray", "node-0/cx7", "leaf-0/p60", Medium.DAC, 2.0), KIT)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        after = analyze_design(design, KIT).topology.collective_oversubscription
    assert before > 1.0
    assert after >= before


# ----- random edit sequences ------------------------------------------------------------------------------
class _Edits:
    """Random edits of one design through the model (each returns what it did, or None)."""

    def __init__(self, design: Design, catalog: Catalog, rng: random.Random) -> None:
        self.design, self.catalog, self.rng = design, catalog, rng
        self.removed: list[Link] = []
        self.gone: list[Device] = []
        self.count = 0

    def _pick(self, collection: dict[str, Any], last: bool = False) -> Any:
        return collection[list(collection)[-1] if last else self.rng.choice(list(collection))]

    def _add(self, link: Link) -> bool:
        try:
            self.design.add_link(link, self.catalog)
        except DesignError:
            return False
        return True

    def remove_link(self, last: bool = False) -> str:
        self.removed.append(self.design.remove_link(self._pick(self.design.links, last).id))
        return f"remove {self.removed[-1].id}"

    def readd_link(self) -> str | None:  # the same object, an equal copy, or a copy under a new id
        if not self.removed:
            return None
        link = self.removed.pop(self.rng.randrange(len(self.removed)))
        self.count += 1
        new = self.rng.choice([link, link, dataclasses.replace(link), dataclasses.replace(link, id=f"r{self.count}")])
        return f"add back {new.id}" if self._add(new) else None

    def new_link(self, switches: bool = False) -> str | None:
        kinds = ("switch",) if switches else ("switch", "server")
        devices = [d.id for d in self.design.devices.values()
                   if getattr(self.catalog.get(d.catalog_id), "kind", None) in kinds]
        a, b = self.rng.sample(devices, 2)
        ports = [self.design.free_ports(a, self.catalog), self.design.free_ports(b, self.catalog)]
        for p in self.rng.sample(ports[0], min(3, len(ports[0]))):
            for q in self.rng.sample(ports[1], min(3, len(ports[1]))):
                self.count += 1
                link = Link(f"n{self.count}", f"{a}/{p.name}", f"{b}/{q.name}", self.rng.choice(list(Medium)),
                            self.rng.choice([1.0, 3.0, 20.0, 90.0]))
                if self._add(link):
                    return f"new {link.a} {link.b}"
        return None

    def recable(self, last: bool = False) -> str | None:
        """One end of a cable moved to another free port of its device (the new cable goes at the end)."""
        link, end = self._pick(self.design.links, last), self.rng.randrange(2)
        device = (link.a, link.b)[end].split("/")[0]
        free = self.design.free_ports(device, self.catalog)
        if not free:
            return None
        ref, self.count = f"{device}/{self.rng.choice(free).name}", self.count + 1
        self.design.remove_link(link.id)
        if not self._add(Link(f"c{self.count}", ref if end == 0 else link.a, link.b if end == 0 else ref,
                              link.medium, link.length_m)):
            self.design.add_link(link, self.catalog)
            return None
        self.removed.append(link)
        return f"recable {link.id} to {ref}"

    def link_field(self) -> str:
        link = self._pick(self.design.links)
        if self.rng.random() < 0.5:
            link.length_m = self.rng.choice([0.5, 2.0, 3.0, 20.0, 40.0, 80.0, 140.0, 600.0])
        else:
            link.medium = self.rng.choice(list(Medium))
        return f"field of {link.id}"

    def place(self) -> str | None:
        device = self._pick(self.design.devices)
        if device.placed or not self.design.racks:
            self.design.place_device(device.id, None, None, self.catalog)
            return f"unplace {device.id}"
        rack = self.rng.choice(list(self.design.racks))
        slots = self.design.free_u_slots(rack, self.design.spec_of(device.id, self.catalog).height_u, self.catalog)
        if slots:
            self.design.place_device(device.id, rack, self.rng.choice(slots), self.catalog)
        return f"place {device.id}" if slots else None

    def remove_device(self) -> str:
        device = self._pick(self.design.devices)
        self.removed += self.design.remove_device(device.id)
        self.gone.append(device)
        return f"remove {device.id}"

    def readd_device(self) -> str | None:
        if not self.gone:
            return None
        device = self.gone.pop(self.rng.randrange(len(self.gone)))
        device = self.rng.choice([device, device, dataclasses.replace(device)])
        try:
            self.design.add_device(device, self.catalog)
        except DesignError:  # its place was taken meanwhile
            device.rack_id, device.u = None, None
            self.design.add_device(device, self.catalog)
        back = [link for link in self.removed if device.id in (link.a.split("/")[0], link.b.split("/")[0])]
        for link in back:
            if self._add(link):
                self.removed.remove(link)
        return f"add back {device.id} and its cables"

    def nic(self) -> str | None:
        device = self.rng.choice([d for d in self.design.devices.values()
                                  if getattr(self.catalog.get(d.catalog_id), "kind", None) == "server"])
        slots = int(self.catalog.get(device.catalog_id)["compute_nic_slots"])
        nic_id = self.rng.choice([None, device.nic_id, *(e.id for e in self.catalog.of_kind("nic"))])
        count = self.rng.choice([None, device.nic_count, 1, 2, slots])
        new = self.catalog.device_spec(device.catalog_id, nic_id, count)
        for port in self.design.spec_of(device.id, self.catalog).ports:  # document/edits.py's rule
            if self.design.link_on_port(f"{device.id}/{port.name}") is not None and (
                    new.port(port.name) is None or new.port(port.name).technology != port.technology):
                return None
        device.nic_id, device.nic_count = nic_id, count
        return f"nic of {device.id}: {nic_id} x {count}"

    def rack_or_settings(self) -> str:
        d, rng = self.design, self.rng
        rack = self._pick(d.racks) if d.racks else None
        edits = [lambda: setattr(d, "fabric", dataclasses.replace(d.fabric, sharp=not d.fabric.sharp)),
                 lambda: setattr(d.fabric, "gpudirect_rdma", not d.fabric.gpudirect_rdma),
                 lambda: setattr(d.cost, "electricity_per_kwh", rng.choice([0.5, 0.8, 1.2]))]
        if d.workload is not None:
            edits.append(lambda: setattr(d, "workload", dataclasses.replace(d.workload, dp=rng.choice([1, 2, 8]))))
        if rack is not None:
            edits += [lambda: setattr(rack, "power_budget_kw", rng.choice([5.0, 9.0, 25.0, 60.0])),
                      lambda: setattr(rack.feed_a, "amps", rng.choice([16.0, 32.0, 63.0])),
                      lambda: setattr(rack, "feed_b", None if rack.feed_b else Feed(230.0, 32.0, 1)),
                      lambda: setattr(rack, "cooling", rng.choice(list(CoolingType))),
                      lambda: setattr(rack, "cooling_capacity_kw", rng.choice([None, 10.0, 40.0]))]
        choice = rng.randrange(len(edits))
        edits[choice]()
        return f"rack or settings #{choice}"

    def step(self) -> list[str]:
        edits = [(self.remove_link, 6), (lambda: self.remove_link(last=True), 2), (self.readd_link, 8),
                 (self.new_link, 3), (lambda: self.new_link(switches=True), 3), (self.recable, 2),
                 (lambda: self.recable(last=True), 2), (self.link_field, 4), (self.place, 2),
                 (self.remove_device, 1), (self.readd_device, 2), (self.nic, 2), (self.rack_or_settings, 3)]
        done = [self.rng.choices([e for e, _ in edits], [w for _, w in edits])[0]()
                for _ in range(self.rng.choice([1, 1, 1, 2, 2, 3]))]
        return [d for d in done if d]


def _random_run(design: Design, catalog: Catalog, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    edits, cache = _Edits(design, catalog, rng), AnalysisCache()
    history: list[list[str]] = []
    _same(design, catalog, cache)
    for n in range(steps):
        history.append(edits.step())
        if rng.random() < 0.05:  # an export or a comparison analyses the same design object meanwhile
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                analyze_design(design, catalog, None if rng.random() < 0.5 else AnalysisCache())
        problem = _mismatch(design, catalog, cache)
        assert problem is None, f"seed {seed}, step {n}: {problem}; last steps {history[-4:]}"


@pytest.mark.parametrize("seed", range(3))
def test_random_edits_of_a_three_tier_fabric(seed: int) -> None:
    _random_run(_three_tier(), KIT, seed, 60)


@pytest.mark.parametrize("seed", range(2))
def test_random_edits_of_a_top_of_rack_fabric(seed: int) -> None:
    _random_run(_tor_with_cores(), KIT, 50 + seed, 60)


@pytest.mark.parametrize("seed", range(2))
def test_random_edits_of_a_generated_design(seed: int) -> None:
    design = generate_design(CATALOG, TemplateSpec("dgx-a100", 24))
    design.workload = workload_for_preset(MODEL_PRESETS[0], tp=8, pp=1, dp=24, global_batch=96)
    _random_run(design, CATALOG, 100 + seed, 50)


def _no_analysis(design: Design, catalog: object, cache: object) -> None:
    return None


def _parts(design: Design) -> list[Any]:
    """Every part (in order) and settings section of ``design``, as comparable values."""
    return [*(list(getattr(design, name).items()) for name in ("racks", "devices", "links")),
            design.meta, design.fabric, design.cost, design.workload]


def test_random_document_edits_with_undo_redo_and_variants(qtbot: QtBot) -> None:
    """Document edits of every kind (one undo step each), undone and redone at random, and variant switches:
    the live design analysed with a cache, and the Document's snapshot (patched from its change list, the
    app's path) analysed with another, each equal to a cold run; the snapshot equals a full copy, in order."""
    rng = random.Random(7)
    design = generate_design(CATALOG, TemplateSpec("dgx-a100", 24))
    design.workload = workload_for_preset(MODEL_PRESETS[0], tp=8, pp=1, dp=24, global_batch=96)
    doc = Document(CATALOG, design, analyzer=_no_analysis)
    cache, snapshot_cache = AnalysisCache(), AnalysisCache()
    _same(doc.design, CATALOG, cache)
    doc.new_variant("B")

    def servers() -> list[str]:
        return [d.id for d in doc.design.devices.values() if d.catalog_id == "dgx-a100"][:1]

    edits = [
        (5, lambda: doc.remove_items(rng.sample(list(doc.design.links), rng.choice([1, 1, 2, 3])))),
        (2, lambda: doc.remove_items([rng.choice(list(doc.design.devices))])),
        (2, lambda: doc.add_link(*rng.sample(list(doc.design.devices), 2))),
        (2, lambda: doc.set_properties([rng.choice(list(doc.design.links))], **rng.choice(
            [{"length_m": 140.0}, {"length_m": 3.0}, {"medium": Medium.SMF}, {"medium": Medium.DAC}]))),
        (1, lambda: doc.set_properties(rng.sample(list(doc.design.racks), 1), power_budget_kw=rng.choice([9.0, 30.0]))),
        (1, lambda: doc.set_properties(servers(), nic_count=rng.choice([None, 8]))),
        (1, lambda: doc.move_devices({rng.choice(servers() or [""]): (None, None)})),
        (1, lambda: doc.add_devices("dgx-a100", [(None, None)])),
        (1, lambda: doc.add_rack()),
        (1, lambda: doc.set_settings("fabric", sharp=rng.choice([True, False]))),
        # every other aspect a change record renumbers (model/snapshot.py): rack power and layout, names,
        # the other settings sections
        (1, lambda: doc.set_properties(rng.sample(list(doc.design.racks), 1), **rng.choice(
            [{"cooling": rng.choice(list(CoolingType))}, {"cooling_capacity_kw": rng.choice([None, 12.0, 60.0])},
             {"name": "renamed"}, {"row": rng.choice(["A", "Z"])}, {"position": rng.choice([1, 30])},
             {"height_u": rng.choice([42, 48, 52])}]))),
        (1, lambda: doc.set_properties([rng.choice(list(doc.design.devices))], name=f"d{rng.randrange(99)}")),
        (1, lambda: doc.set_settings("cost", electricity_per_kwh=rng.choice([0.5, 1.2]))),
        (1, lambda: doc.set_settings("meta", currency=rng.choice(["USD", "CNY"]))),
        (1, lambda: doc.set_settings("workload", global_batch=rng.choice([48, 96, 192]))),
        (1, lambda: doc.switch_variant(rng.choice(doc.design.variants.names))),
        (4, doc.undo_stack.undo),
        (2, doc.undo_stack.redo),
    ]
    for _snapshot in edit_session(doc, edits, 100, rng, (cache, snapshot_cache), snapshot_of):
        pass


Edit = tuple[int, Callable[[], object]]  # (weight of the draw, the Document edit)


def edit_session(doc: Document, edits: list[Edit], steps: int, rng: random.Random,
                 caches: tuple[AnalysisCache, AnalysisCache],
                 reference: Callable[[Design], Design]) -> Iterator[Design]:
    """``steps`` edits drawn from ``edits`` by weight. After each, the live design analysed with the first
    cache and the Document's snapshot (what LiveAnalysis hands the engine) with the second each equal a
    cold run, and the snapshot's parts equal those of ``reference(live design)``; yields each snapshot."""
    cache, snapshot_cache = caches
    history: list[int] = []
    for n in range(steps):
        choice = rng.choices(range(len(edits)), [w for w, _ in edits])[0]
        edits[choice][1]()
        history.append(choice)
        problem = _mismatch(doc.design, CATALOG, cache)
        assert problem is None, f"step {n}: {problem}; last edits (numbers in the list above) {history[-4:]}"
        snapshot = doc._snapshots.snapshot()
        assert _parts(snapshot) == _parts(reference(doc.design)), f"step {n}: snapshot; edits {history[-4:]}"
        problem = _mismatch(snapshot, CATALOG, snapshot_cache)
        assert problem is None, f"step {n}, snapshot: {problem}; last edits {history[-4:]}"
        yield snapshot
