"""What each Document edit does, as a sequence of reversible changes. No Qt here.

Each function works on a :class:`Recorder`: it applies its changes one by one (so a later step
sees what an earlier one did) and raises a DesignError, naming what and where, as soon as a step is
refused; the Document then rolls the recorder back, so a refused edit changes nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from planner_gui.catalog import Catalog, CatalogEntry
from planner_gui.catalog.loader import DEVICE_KINDS
from planner_gui.document.changes import (
    AddDevice,
    AddLink,
    AddRack,
    PlaceDevice,
    Placement,
    Recorder,
    RemoveDevice,
    RemoveLink,
    RemoveRack,
    SetFields,
    SetSettings,
)
from planner_gui.document.naming import fresh_id
from planner_gui.document.ports import choose_ports, new_link
from planner_gui.document.properties import check_object_value, check_setting, settings_where
from planner_gui.model import Design, DesignError, Device, Rack, Workload
from planner_gui.model.errors import device_where
from planner_gui.model.ids import check_id
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.templates.racks import rack_catalog_id as rack_catalog_id  # the generator's own choice

# Id prefixes of new devices, by catalog kind (servers follow the generator's "node-001" naming).
ID_PREFIX = {"server": "node", "switch": "switch", "storage": "storage", "pdu": "pdu", "power_shelf": "shelf",
             "patch_panel": "patch", "blank": "blank"}
DEFAULT_ROW = "A"
UNPLACED: Placement = (None, None)


# ----- devices -------------------------------------------------------------------------------
def add_devices(rec: Recorder, catalog: Catalog, catalog_id: str,
                placements: Iterable[tuple[str | None, int | None]]) -> list[str]:
    """One new device per placement; a rack without a U takes the lowest free slot that fits."""
    entry = _device_entry(catalog, catalog_id)
    height = int(entry["height_u"])
    added: list[str] = []
    for rack_id, u in placements:
        device_id = fresh_id(rec.design, ID_PREFIX.get(entry.kind, "device"), rec.design.devices)
        if rack_id is not None and u is None:
            u = _lowest_free_u(rec.design, catalog, rack_id, height, entry.name)
        rec.do(AddDevice(Device(device_id, catalog_id, name=device_id, rack_id=rack_id, u=u)))
        added.append(device_id)
    return added


def _device_entry(catalog: Catalog, catalog_id: str) -> CatalogEntry:
    entry = catalog.get(catalog_id)
    if entry is None:
        raise DesignError(QT_TRANSLATE_NOOP(
            "Document", "the catalog has no entry {id!r}; pick one from the palette").fill(id=catalog_id))
    if entry.kind not in DEVICE_KINDS:
        if entry.kind == "rack":
            raise DesignError(QT_TRANSLATE_NOOP(
                "Document", "{name} ({id}) is a {kind}, not a device for a rack (drop it on a row to add a rack)").fill(
                name=entry.name, id=catalog_id, kind=entry.kind))
        raise DesignError(QT_TRANSLATE_NOOP("Document", "{name} ({id}) is a {kind}, not a device for a rack").fill(
            name=entry.name, id=catalog_id, kind=entry.kind))
    return entry


def _lowest_free_u(design: Design, catalog: Catalog, rack_id: str, height: int, what: str) -> int:
    if rack_id not in design.racks:
        raise DesignError(QT_TRANSLATE_NOOP("Document", "no rack {rack!r} in this design").fill(rack=rack_id))
    slots = design.free_u_slots(rack_id, height, catalog)
    if not slots:
        raise DesignError(QT_TRANSLATE_NOOP(
            "Document", "rack {rack!r} has no free {height} U space for {what}; use another rack or add one").fill(
            rack=rack_id, height=height, what=what))
    return slots[0]


def _no_device(device_id: str) -> DesignError:
    return DesignError(QT_TRANSLATE_NOOP("Document", "no device {device!r} in this design").fill(device=device_id))


def _no_object(object_id: str) -> DesignError:
    return DesignError(QT_TRANSLATE_NOOP("Document", "no rack, device or link {id!r} in this design").fill(
        id=object_id))


def move_devices(rec: Recorder, catalog: Catalog, moves: Mapping[str, Placement]) -> None:
    """Move many devices at once: all leave their slots first, so two devices may swap places.

    A rack without a U means the lowest free slot of that rack; (None, None) takes a device out.
    """
    design = rec.design
    wanted = {}
    for device_id, target in moves.items():
        device = design.devices.get(device_id)
        if device is None:
            raise _no_device(device_id)
        if (device.rack_id, device.u) != tuple(target):
            wanted[device_id] = ((device.rack_id, device.u), (target[0], target[1]))
    for device_id, (before, _) in wanted.items():
        if before != UNPLACED:
            rec.do(PlaceDevice(device_id, before, UNPLACED))
    for device_id, (_, (rack_id, u)) in wanted.items():
        if rack_id is not None and u is None:
            entry = catalog.get(design.devices[device_id].catalog_id)
            height = design.spec_of(device_id, catalog).height_u
            u = _lowest_free_u(design, catalog, rack_id, height, entry.name if entry else device_id)
        if (rack_id, u) != UNPLACED:
            rec.do(PlaceDevice(device_id, UNPLACED, (rack_id, u)))


# ----- racks ---------------------------------------------------------------------------------
def add_rack(rec: Recorder, catalog: Catalog, row: str | None, position: int | None, height_u: int) -> str:
    """A new rack at the end of a row (or at ``position``), set up like its neighbours."""
    design = rec.design
    row = check_object_value("racks", "new", "row", row) if row is not None else _last_row(design)
    if position is None:
        position = max((r.position for r in design.racks.values() if r.row == row), default=0) + 1
    position = check_object_value("racks", "new", "position", position)
    taken = next((r.id for r in design.racks.values() if r.row == row and r.position == position), None)
    if taken is not None:
        raise DesignError(QT_TRANSLATE_NOOP(
            "Document", "position {position} of row {row} already holds rack {rack!r}; drop the rack on a free place"
        ).fill(position=position, row=row, rack=taken))
    rack_id = _rack_id(design, row, position)
    neighbour = _neighbour(design, row)
    rack = Rack(rack_id, name=f"Row {row} rack {position:02d}", row=row, position=position, height_u=height_u,
                catalog_id=rack_catalog_id(catalog, height_u))
    if neighbour is not None:  # same budget, feeds and cooling as the rest of the hall
        rack.power_budget_kw, rack.cooling = neighbour.power_budget_kw, neighbour.cooling
        rack.cooling_capacity_kw = neighbour.cooling_capacity_kw
        rack.feed_a = dataclasses.replace(neighbour.feed_a)
        rack.feed_b = dataclasses.replace(neighbour.feed_b) if neighbour.feed_b else None
    rec.do(AddRack(rack))
    return rack_id


def _last_row(design: Design) -> str:
    rows = sorted({r.row for r in design.racks.values()}, key=lambda name: (len(name), name))
    return rows[-1] if rows else DEFAULT_ROW


def _neighbour(design: Design, row: str) -> Rack | None:
    in_row = [r for r in design.racks.values() if r.row == row]
    pool = in_row or list(design.racks.values())
    return max(pool, key=lambda r: r.position) if pool else None


def _rack_id(design: Design, row: str, position: int) -> str:
    """The generator's "A01" style when that id is free and valid, else "rack-N"."""
    candidate = f"{row}{position:02d}"
    try:
        check_id(candidate)
    except DesignError:
        return design.new_id("rack")
    taken = candidate in design.racks or candidate in design.devices or candidate in design.links
    return design.new_id("rack") if taken else candidate


# ----- links ---------------------------------------------------------------------------------
def add_link(rec: Recorder, catalog: Catalog, device_a: str, device_b: str) -> str:
    for device_id in (device_a, device_b):
        if device_id not in rec.design.devices:
            raise _no_device(device_id)
    ref_a, ref_b = choose_ports(rec.design, catalog, device_a, device_b)
    return add_link_between_ports(rec, catalog, ref_a, ref_b)


def add_link_between_ports(rec: Recorder, catalog: Catalog, port_a: str, port_b: str) -> str:
    link = new_link(rec.design, catalog, port_a, port_b)
    rec.do(AddLink(link))
    return link.id


# ----- removal -------------------------------------------------------------------------------
def remove_items(rec: Recorder, ids: Iterable[str]) -> list[str]:
    """Remove racks, devices and links; a device takes its links with it, a rack leaves its devices
    unplaced. Returns every id removed."""
    design = rec.design
    racks, devices, links = _classify(design, ids)
    for device_id in devices:  # the model's index of links per device: no scan of every link
        links.update(design.links_of(device_id))
    for link_id in sorted(links):
        rec.do(RemoveLink(design.links[link_id]))
    for device_id in sorted(devices):
        rec.do(RemoveDevice(design.devices[device_id]))
    for rack_id in sorted(racks):
        for device in design.devices_in_rack(rack_id):
            rec.do(PlaceDevice(device.id, (device.rack_id, device.u), UNPLACED))
        rec.do(RemoveRack(design.racks[rack_id]))
    return sorted(racks) + sorted(devices) + sorted(links)


def _classify(design: Design, ids: Iterable[str]) -> tuple[set[str], set[str], set[str]]:
    racks, devices, links = set(), set(), set()
    for object_id in ids:
        group = racks if object_id in design.racks else devices if object_id in design.devices else (
            links if object_id in design.links else None)
        if group is None:
            raise _no_object(object_id)
        group.add(object_id)
    return racks, devices, links


# ----- properties and settings ---------------------------------------------------------------
def set_properties(rec: Recorder, catalog: Catalog, ids: list[str], values: Mapping[str, Any]) -> None:
    """The same values on every object in ``ids`` (each checked for its kind), as one edit."""
    design = rec.design
    for object_id in ids:
        collection = next((c for c in ("racks", "devices", "links") if object_id in getattr(design, c)), None)
        if collection is None:
            raise _no_object(object_id)
        target = getattr(design, collection)[object_id]
        after = {name: check_object_value(collection, object_id, name, value)
                 for name, value in values.items()}
        if collection == "devices":
            _check_nic_change(design, catalog, target, after)
        after = {name: value for name, value in after.items() if getattr(target, name) != value}
        if after:
            rec.do(SetFields(collection, object_id, {n: getattr(target, n) for n in after}, after))
    if "row" in values or "position" in values:
        _check_rack_places(design, set(ids))


def _check_rack_places(design: Design, edited: set[str]) -> None:
    """An edited rack cannot stand where another does (the floor plan would draw one over the other)."""
    seen: dict[tuple[str, int], str] = {}
    for rack in design.racks.values():
        other = seen.setdefault((rack.row, rack.position), rack.id)
        if other != rack.id and (other in edited or rack.id in edited):
            raise DesignError(QT_TRANSLATE_NOOP(
                "Document", "racks {a!r} and {b!r} would both stand at position {position} of row {row}; give each "
                            "its own position").fill(a=other, b=rack.id, position=rack.position, row=rack.row))


def _check_nic_change(design: Design, catalog: Catalog, device: Device, after: dict[str, Any]) -> None:
    """A NIC change must keep every linked port, with the technology its link needs."""
    if "nic_id" not in after and "nic_count" not in after:
        return
    where = device_where(device.id)
    entry = catalog.get(device.catalog_id)
    if entry is None or entry.kind != "server":
        raise DesignError(QT_TRANSLATE_NOOP("Document", "only GPU servers take a compute NIC choice").fill(), where)
    nic_id = after.get("nic_id", device.nic_id)
    if nic_id is not None:
        catalog_nic = catalog.get(nic_id)
        if catalog_nic is None or catalog_nic.kind != "nic":
            known = ", ".join(e.id for e in catalog.of_kind("nic"))
            raise DesignError(QT_TRANSLATE_NOOP("Document", "nic_id {nic!r} is not a NIC in the catalog (NICs: {known})"
                                                ).fill(nic=nic_id, known=known), where)
    count = after.get("nic_count", device.nic_count)
    slots = int(entry["compute_nic_slots"])
    if count is not None and count > slots:
        raise DesignError(QT_TRANSLATE_NOOP(
            "Document", "nic_count {count} is more than the {slots} compute NIC slots of {name}").fill(
            count=count, slots=slots, name=entry.name), where)
    new_spec = catalog.device_spec(device.catalog_id, nic_id, count)
    for port in design.spec_of(device.id, catalog).ports:
        link_id = design.link_on_port(f"{device.id}/{port.name}")
        if link_id is None:
            continue
        replacement = new_spec.port(port.name)
        if replacement is None or replacement.technology != port.technology:
            raise DesignError(QT_TRANSLATE_NOOP(
                "Document", "port {port} carries link {link!r}, which the new NIC setting would break; remove the "
                            "link first").fill(port=port.name, link=link_id), where)


def set_settings(rec: Recorder, section: str, values: Mapping[str, Any]) -> None:
    """New values for one settings section; ``workload=None`` clears the workload."""
    design = rec.design
    if section not in ("meta", "fabric", "cost", "workload"):
        raise DesignError(QT_TRANSLATE_NOOP(
            "Document", "unknown settings section {section!r}; use meta, fabric, cost or workload").fill(
            section=section))
    current = getattr(design, section)
    if section == "workload" and "workload" in values:
        replacement = values["workload"]
        if replacement is not None and not isinstance(replacement, Workload):
            raise DesignError(QT_TRANSLATE_NOOP(
                "Document", "workload must be a Workload or None (None clears it)").fill(), settings_where("workload"))
        if replacement is not None:
            _check_all_fields("workload", replacement)
        if replacement != current:
            rec.do(SetSettings(section, current, replacement))
        return
    base = current if current is not None else Workload()
    converted = {name: check_setting(section, name, value, base) for name, value in values.items()}
    updated = dataclasses.replace(base, **converted)
    if updated != current:
        rec.do(SetSettings(section, current, updated))


def _check_all_fields(section: str, settings: object) -> None:
    for item in dataclasses.fields(settings):  # type: ignore[arg-type]
        check_setting(section, item.name, getattr(settings, item.name), settings)
