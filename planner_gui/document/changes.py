"""Reversible primitive changes to a Design: the vocabulary every undo command is written in.

Each change applies through the Design's own methods (so every invariant is checked) and knows its
exact inverse. A command is a list of changes applied in order and reverted in reverse order; as
the undo stack is strictly last-in first-out, a change always reverts the state it produced, so
keeping references to the model objects (instead of copies) is exact. No Qt here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from planner_gui.model import Design, Device, HardwareSpecs, Link, Rack

# What a change touched, for the Document's signals: ("racks" | "devices" | "links", ids) or
# ("settings", section).
Touched = tuple[str, tuple[str, ...]]
Placement = tuple[str | None, int | None]  # (rack id, U); (None, None) is unplaced
SETTINGS_SECTIONS = ("meta", "fabric", "cost", "workload")


class Change(Protocol):
    def apply(self, design: Design, specs: HardwareSpecs) -> None: ...

    def revert(self, design: Design, specs: HardwareSpecs) -> None: ...

    def touched(self) -> Touched: ...


@dataclass(frozen=True, slots=True)
class AddRack:
    rack: Rack

    def apply(self, design: Design, specs: HardwareSpecs) -> None:
        design.add_rack(self.rack)

    def revert(self, design: Design, specs: HardwareSpecs) -> None:
        design.remove_rack(self.rack.id)  # empty again: later changes that filled it were reverted first

    def touched(self) -> Touched:
        return ("racks", (self.rack.id,))


@dataclass(frozen=True, slots=True)
class RemoveRack:
    """Remove an empty rack (a command unplaces its devices with :class:`PlaceDevice` first)."""

    rack: Rack

    def apply(self, design: Design, specs: HardwareSpecs) -> None:
        orphans = design.remove_rack(self.rack.id)
        assert not orphans, "RemoveRack needs an empty rack"

    def revert(self, design: Design, specs: HardwareSpecs) -> None:
        design.add_rack(self.rack)

    def touched(self) -> Touched:
        return ("racks", (self.rack.id,))


@dataclass(frozen=True, slots=True)
class AddDevice:
    device: Device

    def apply(self, design: Design, specs: HardwareSpecs) -> None:
        design.add_device(self.device, specs)

    def revert(self, design: Design, specs: HardwareSpecs) -> None:
        design.remove_device(self.device.id)

    def touched(self) -> Touched:
        return ("devices", (self.device.id,))


@dataclass(frozen=True, slots=True)
class RemoveDevice:
    """Remove a device with no links (a command removes its links with :class:`RemoveLink` first)."""

    device: Device

    def apply(self, design: Design, specs: HardwareSpecs) -> None:
        removed = design.remove_device(self.device.id)
        assert not removed, "RemoveDevice needs a device without links"

    def revert(self, design: Design, specs: HardwareSpecs) -> None:
        design.add_device(self.device, specs)

    def touched(self) -> Touched:
        return ("devices", (self.device.id,))


@dataclass(frozen=True, slots=True)
class AddLink:
    link: Link

    def apply(self, design: Design, specs: HardwareSpecs) -> None:
        design.add_link(self.link, specs)

    def revert(self, design: Design, specs: HardwareSpecs) -> None:
        design.remove_link(self.link.id)

    def touched(self) -> Touched:
        return ("links", (self.link.id,))


@dataclass(frozen=True, slots=True)
class RemoveLink:
    link: Link

    def apply(self, design: Design, specs: HardwareSpecs) -> None:
        design.remove_link(self.link.id)

    def revert(self, design: Design, specs: HardwareSpecs) -> None:
        design.add_link(self.link, specs)

    def touched(self) -> Touched:
        return ("links", (self.link.id,))


@dataclass(frozen=True, slots=True)
class PlaceDevice:
    device_id: str
    before: Placement
    after: Placement

    def apply(self, design: Design, specs: HardwareSpecs) -> None:
        design.place_device(self.device_id, *self.after, specs)

    def revert(self, design: Design, specs: HardwareSpecs) -> None:
        design.place_device(self.device_id, *self.before, specs)

    def touched(self) -> Touched:
        return ("devices", (self.device_id,))


@dataclass(frozen=True, slots=True)
class SetFields:
    """Plain attribute edits of one rack, device or link (values validated by the caller).

    A rack's height goes through :meth:`Design.resize_rack`, which refuses to cut off a device.
    """

    collection: str  # "racks" | "devices" | "links"
    object_id: str
    before: dict[str, Any] = field(default_factory=dict)
    after: dict[str, Any] = field(default_factory=dict)

    def apply(self, design: Design, specs: HardwareSpecs) -> None:
        self._set(design, specs, self.after)

    def revert(self, design: Design, specs: HardwareSpecs) -> None:
        self._set(design, specs, self.before)

    def _set(self, design: Design, specs: HardwareSpecs, values: dict[str, Any]) -> None:
        target = getattr(design, self.collection)[self.object_id]
        # The height is the only value that can be refused: set it first so a refusal leaves no half edit.
        for name, value in sorted(values.items(), key=lambda item: item[0] != "height_u"):
            if self.collection == "racks" and name == "height_u":
                design.resize_rack(self.object_id, value, specs)
            else:
                setattr(target, name, value)

    def touched(self) -> Touched:
        return (self.collection, (self.object_id,))


@dataclass(frozen=True, slots=True)
class SetSettings:
    """Swap one settings section for another object (``workload`` may be None)."""

    section: str
    before: Any
    after: Any

    def apply(self, design: Design, specs: HardwareSpecs) -> None:
        setattr(design, self.section, self.after)

    def revert(self, design: Design, specs: HardwareSpecs) -> None:
        setattr(design, self.section, self.before)

    def touched(self) -> Touched:
        return ("settings", (self.section,))


def apply_all(changes: list[Change], design: Design, specs: HardwareSpecs) -> None:
    """Apply in order; if one fails, revert the ones already applied and re-raise (nothing changes)."""
    done: list[Change] = []
    try:
        for change in changes:
            change.apply(design, specs)
            done.append(change)
    except BaseException:
        revert_all(done, design, specs)
        raise


def revert_all(changes: list[Change], design: Design, specs: HardwareSpecs) -> None:
    for change in reversed(changes):
        change.revert(design, specs)


class Recorder:
    """Applies changes one at a time as an edit is worked out, remembering them for the undo command.

    Applying as we go lets a later step see the state an earlier one made (the next free U after the
    previous copy was placed); :meth:`rollback` undoes them all when a step is refused.
    """

    def __init__(self, design: Design, specs: HardwareSpecs) -> None:
        self.design, self.specs = design, specs
        self.changes: list[Change] = []

    def do(self, change: Change) -> None:
        change.apply(self.design, self.specs)
        self.changes.append(change)

    def rollback(self) -> None:
        revert_all(self.changes, self.design, self.specs)
        self.changes = []


def touched_ids(changes: list[Change]) -> dict[str, list[str]]:
    """Ids per collection (and sections under "settings"), each once, in first-touched order."""
    found: dict[str, dict[str, None]] = {}
    for change in changes:
        collection, ids = change.touched()
        found.setdefault(collection, {}).update(dict.fromkeys(ids))
    return {collection: list(ids) for collection, ids in found.items()}
