"""The design as the analysis sees it: a snapshot, patched from the Document's change list. No Qt.

The worker thread never reads the live design (the user keeps editing it); it reads a
:class:`~planner_gui.model.snapshot.DesignSnapshot` whose racks, devices, links and settings are
private copies. The first snapshot copies every part (~0.25 s at 100,000 GPUs, once per file or
variant). After that the Document records every change list it applies or reverts (document/
changes.py), and the next snapshot is the last one patched with them: the parts they touched are
copied afresh, added ones appended and removed ones dropped, in the order the live design has them.

The snapshot is one object, patched in place, between two analyses only: LiveAnalysis asks for it
when no run is under way (one run at a time), so a run never sees it change. Each patch also tells
the engine what changed: the aspects the change records touched are renumbered in the snapshot's
``revisions`` (model/snapshot.py), the one "what changed" signal the engine's caches read. A link
whose medium or length changed keeps its (private) object, with the new values (its "media" or
"lengths" revision says so): the same link objects for the same ends let the engine keep what it
built per link.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from planner_gui.document.changes import (
    SETTINGS_SECTIONS,
    AddDevice,
    AddLink,
    AddRack,
    Change,
    PlaceDevice,
    RemoveDevice,
    RemoveLink,
    RemoveRack,
    SetFields,
)
from planner_gui.engine import gc_paused
from planner_gui.model import Design, Device, Feed, Link, Rack
from planner_gui.model.snapshot import DesignSnapshot, aspects_of

COLLECTIONS = ("racks", "devices", "links")
_ADDS = (AddRack, AddDevice, AddLink)  # put a part at the end of its collection (Design.add_*)
_REMOVES = (RemoveRack, RemoveDevice, RemoveLink)  # take a part out of its collection


def copy_link(link: Link) -> Link:
    return Link(link.id, link.a, link.b, link.medium, link.length_m)  # positional: ~1 us a link, 400,000 at 100k


def copy_device(device: Device) -> Device:
    return Device(device.id, device.catalog_id, device.name, device.rack_id, device.u, device.nic_id,
                  device.nic_count, device.nvlink_domain)


def copy_rack(rack: Rack) -> Rack:
    return Rack(rack.id, rack.name, rack.row, rack.position, rack.height_u, rack.power_budget_kw,
                _copy_feed(rack.feed_a), _copy_feed(rack.feed_b), rack.cooling, rack.cooling_capacity_kw,
                rack.catalog_id)


def _copy_feed(feed: Any) -> Any:
    # a malformed feed (a hand-made design) is kept as it is: the power model reports it
    return Feed(feed.voltage_v, feed.amps, feed.phases) if isinstance(feed, Feed) else copy.deepcopy(feed)


_COPY: dict[str, Callable[[Any], Any]] = {"racks": copy_rack, "devices": copy_device, "links": copy_link}


def snapshot_of(design: Design) -> DesignSnapshot:
    """A full copy of ``design``'s parts and settings (its variants are not part of it). The collector is
    paused meanwhile: ~400,000 new objects at 100,000 GPUs would set off its passes over everything alive
    (0.86 s of CPU for the copy with them, 0.25 s without)."""
    with gc_paused():
        settings = {section: copy.deepcopy(getattr(design, section)) for section in SETTINGS_SECTIONS}
        parts = {name: {key: _COPY[name](part) for key, part in getattr(design, name).items()}
                 for name in COLLECTIONS}
        return DesignSnapshot(**settings, **parts)


class SnapshotBuilder:
    """The snapshot of one live design, kept up to date from the change lists applied to it."""

    def __init__(self, design: Design) -> None:
        self.live = design
        self._snapshot: DesignSnapshot | None = None
        self._pending: list[tuple[list[Change], bool]] = []

    def reset(self, design: Design) -> None:
        """Another design, or new contents (a variant switch): the next snapshot is a full copy."""
        self.live, self._snapshot, self._pending = design, None, []

    def record(self, changes: list[Change], applied: bool) -> None:
        """``changes`` were applied to the live design (``applied``) or reverted from it."""
        if self._snapshot is not None:
            self._pending.append((changes, applied))

    def snapshot(self) -> DesignSnapshot:
        """The live design as it is now. Call it only while no analysis reads the last one."""
        if self._snapshot is None:
            self._snapshot = snapshot_of(self.live)
        elif self._pending and not _patch(self._snapshot, self.live, self._pending):
            self._snapshot = snapshot_of(self.live)  # a change of a kind this does not know: copy all
        self._pending = []
        return self._snapshot


def _patch(snapshot: DesignSnapshot, live: Design, pending: list[tuple[list[Change], bool]]) -> bool:
    """Bring ``snapshot`` to ``live`` by the changes in ``pending``; False when the result does not hold
    as many parts as the live design (then the caller copies everything)."""
    touched: dict[str, dict[str, None]] = {name: {} for name in COLLECTIONS}
    sections: set[str] = set()
    aspects: set[str] = set()
    for changes, applied in pending:
        for change in changes if applied else reversed(changes):
            collection, ids = change.touched()
            aspects |= _aspects(change, collection, ids)
            if collection == "settings":
                sections.update(ids)
                continue
            _move(getattr(snapshot, collection), change, applied, ids)
            touched[collection].update(dict.fromkeys(ids))
    for collection, ids in touched.items():
        target, source, copy_part = getattr(snapshot, collection), getattr(live, collection), _COPY[collection]
        for key in ids:
            part = source.get(key)
            if part is None:
                target.pop(key, None)
            elif not (collection == "links" and _same_ends(target.get(key), part)):
                target[key] = copy_part(part)  # a fresh object, at the place _move gave it
    for section in sections:
        setattr(snapshot, section, copy.deepcopy(getattr(live, section)))
    snapshot.renumber(aspects)
    return all(len(getattr(snapshot, name)) == len(getattr(live, name)) for name in COLLECTIONS)


def _aspects(change: Change, collection: str, ids: tuple[str, ...]) -> set[str]:
    """What ``change`` changed, for the engine's caches (model/snapshot.py): the fields a SetFields names, the
    placement a PlaceDevice moves; everything of its collection for a part that came or went."""
    if isinstance(change, SetFields):
        return aspects_of(collection, {*change.before, *change.after})
    if isinstance(change, PlaceDevice):
        return {"placement"}
    return aspects_of(collection, ids if collection == "settings" else None)


def _same_ends(mine: Link | None, live: Link) -> bool:
    """Whether the snapshot's own copy ``mine`` joins the ports ``live`` joins; if so, it takes the live
    link's medium and length in place. The engine reads every link's medium and length afresh on each
    run (engine/incremental/link_columns.py), and only the ends tell it the fabric is as it was: a cable's
    new length then recomputes the lengths, not the parse of 400,000 links."""
    if mine is None or mine.a != live.a or mine.b != live.b:
        return False
    mine.medium, mine.length_m = live.medium, live.length_m
    return True


def _move(target: dict[str, Any], change: Change, applied: bool, ids: tuple[str, ...]) -> None:
    """Follow where ``change`` put its parts: an add (or a reverted remove) appends, as Design.add_*
    does; a remove (or a reverted add) drops. An edit in place keeps the part where it is."""
    if isinstance(change, _ADDS):
        adds = applied
    elif isinstance(change, _REMOVES):
        adds = not applied
    else:
        return
    for key in ids:
        target.pop(key, None)
        if adds:
            target[key] = None  # its copy is filled in once every change is followed
