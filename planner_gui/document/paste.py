"""Copy, paste and duplicate: a fragment of a design (racks with their devices, devices, the links
among them) taken out of one design and added to this or another one. No Qt.

The fragment is a Design of its own, so it travels through the clipboard as the ``.cluster`` JSON
(io.design_to_data / design_from_data: the loader checks what comes back). Pasting gives every
object a fresh id: copied racks go to the end of their row (the last row if this design has no
row of that name) with their devices at the same U; a device copied without its rack goes into
the target rack's lowest free slot, or unplaced when there is no target or no room; a link comes
along when both its devices do.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from planner_gui.catalog import Catalog
from planner_gui.document.changes import AddDevice, AddLink, AddRack, Recorder
from planner_gui.document.edits import ID_PREFIX, _last_row, _rack_id
from planner_gui.document.naming import fresh_id
from planner_gui.model import Design, DesignError, Device, Link
from planner_gui.model.messages import QT_TRANSLATE_NOOP


def copy_fragment(design: Design, catalog: Catalog, ids: Iterable[str]) -> Design:
    """The selected racks (with everything in them), devices and the links among the devices."""
    wanted = list(ids)
    fragment = Design()
    for rack_id in (i for i in wanted if i in design.racks):
        fragment.add_rack(dataclasses.replace(design.racks[rack_id]))
    devices = [d.id for rack_id in fragment.racks for d in design.devices_in_rack(rack_id)]
    devices += [i for i in wanted if i in design.devices and i not in devices]
    for device_id in dict.fromkeys(devices):
        device = dataclasses.replace(design.devices[device_id])
        if device.rack_id not in fragment.racks:
            device.rack_id, device.u = None, None  # its rack stays behind: placed again on paste
        fragment.add_device(device, catalog)
    links = {i for i in wanted if i in design.links}
    links |= {link.id for link in design.links.values()
              if _device(link.a) in fragment.devices and _device(link.b) in fragment.devices}
    for link_id in sorted(links):
        link = design.links[link_id]
        if _device(link.a) in fragment.devices and _device(link.b) in fragment.devices:
            fragment.add_link(dataclasses.replace(link), catalog)
    if not (fragment.racks or fragment.devices):
        raise DesignError(QT_TRANSLATE_NOOP("Document", "nothing to copy: select racks or devices first").fill())
    return fragment


def paste_fragment(rec: Recorder, catalog: Catalog, fragment: Design, target_rack: str | None) -> list[str]:
    """Add a copy of ``fragment`` with fresh ids; returns the new racks' and devices' ids."""
    design = rec.design
    new_rack: dict[str, str] = {}
    for rack in fragment.racks.values():
        row = rack.row if any(r.row == rack.row for r in design.racks.values()) else _last_row(design)
        position = max((r.position for r in design.racks.values() if r.row == row), default=0) + 1
        rack_id = _rack_id(design, row, position)
        rec.do(AddRack(dataclasses.replace(rack, id=rack_id, row=row, position=position)))
        new_rack[rack.id] = rack_id
    new_device: dict[str, str] = {}
    for device in fragment.devices.values():
        entry = catalog.get(device.catalog_id)
        prefix = ID_PREFIX.get(entry.kind if entry is not None else "", "device")
        device_id = fresh_id(design, prefix, design.devices)
        rack_id, u = _placement(design, catalog, device, new_rack, target_rack)
        rec.do(AddDevice(dataclasses.replace(device, id=device_id, name=_copied_name(device, device_id),
                                             rack_id=rack_id, u=u)))
        new_device[device.id] = device_id
    for link in fragment.links.values():
        ends = [_mapped(ref, new_device) for ref in (link.a, link.b)]
        rec.do(AddLink(Link(design.new_id("link"), ends[0], ends[1], link.medium, link.length_m)))
    return [*new_rack.values(), *new_device.values()]


def _placement(design: Design, catalog: Catalog, device: Device, new_rack: dict[str, str],
               target_rack: str | None) -> tuple[str | None, int | None]:
    if device.rack_id in new_rack:
        return new_rack[device.rack_id], device.u
    if target_rack is None or target_rack not in design.racks:
        return None, None
    slots = _free_slots(design, catalog, device, target_rack)
    return (target_rack, slots[0]) if slots else (None, None)


def _free_slots(design: Design, catalog: Catalog, device: Device, rack_id: str) -> list[int]:
    entry = catalog.get(device.catalog_id)
    height = int(entry["height_u"]) if entry is not None else 1
    return design.free_u_slots(rack_id, height, catalog)


def _copied_name(device: Device, new_id: str) -> str:
    """A device named after its id keeps that habit; a name the user gave is kept as it is."""
    return new_id if not device.name or device.name == device.id else device.name


def _device(ref: str) -> str:
    return ref.partition("/")[0]


def _mapped(ref: str, new_device: dict[str, str]) -> str:
    device, _, port = ref.partition("/")
    return f"{new_device[device]}/{port}"
