"""Reading devices: the record the writer makes in one quick check, anything else through the Reader.

A 100,000-GPU design has ~20,000 devices. Most are exactly what design_to_data wrote (plain ASCII
text, whole numbers in range), and building a Reader for each costs more than the model's own
checks; those take the quick path. A record with anything unusual (a missing field, a wrong type,
non-ASCII text, a U above the rack) takes the Reader path, which names every problem. Both paths
accept and refuse the same records and hand the model the same Device.
"""

from __future__ import annotations

from typing import Any

from planner_gui.io.limits import FILE_BOUNDS, MAX_TEXT_CHARS
from planner_gui.io.reader import Reader, expected_list
from planner_gui.io.unknown_keys import keep_part_unknown, part_key
from planner_gui.model import Design, DesignError, Device, HardwareSpecs, Rack
from planner_gui.model.messages import QT_TRANSLATE_NOOP

# the keys codec._device_data writes
DEVICE_FIELDS = frozenset(("id", "catalog_id", "name", "u", "nic_id", "nic_count", "nvlink_domain"))
U_LOW, U_HIGH = (int(v) for v in FILE_BOUNDS["devices.u"])
NIC_LOW, NIC_HIGH = (int(v) for v in FILE_BOUNDS["devices.nic_count"])


def add_devices(design: Design, parent: Reader, key: str, specs: HardwareSpecs, rack: Rack | None,
                failed: set[str]) -> None:
    """Add the devices listed at ``parent.key`` (in ``rack``, or unplaced); ``failed`` gets every id refused."""
    raw = parent.data.get(key, [])
    path = parent.at(key)
    if not isinstance(raw, list):
        parent.problems.error(path, expected_list(raw))
        return
    # the rack's units taken so far, grown device by device: not a walk over the rack's devices for each
    occupied = design.occupied_units(rack.id, specs) if rack is not None else None
    for index, item in enumerate(raw):
        device = _plain_device(item, rack) if type(item) is dict else None
        if device is None:
            _add_checked(design, Reader(item, f"{path}[{index}]", parent.problems), specs, rack, failed, occupied)
            continue
        try:
            design.add_device(device, specs, occupied)
        except DesignError as error:
            parent.problems.refused(f"{path}[{index}]", error)
            failed.add(device.id)
            continue
        if not specs.knows(device.catalog_id):
            _warn_unknown(parent, f"{path}[{index}].catalog_id", device.catalog_id)
        if device.nic_id is not None and not specs.knows_nic(device.nic_id):
            _warn_unknown_nic(parent, f"{path}[{index}].nic_id", device.nic_id)


def _plain_device(item: dict[str, Any], rack: Rack | None) -> Device | None:
    """The Device for a record exactly as the writer makes it; None sends it down the checked path."""
    if not DEVICE_FIELDS.issuperset(item):
        return None
    device_id, catalog_id, name = item.get("id"), item.get("catalog_id"), item.get("name", "")
    nic_id, nic_count, domain = item.get("nic_id"), item.get("nic_count"), item.get("nvlink_domain")
    if not (_plain_text(device_id) and _plain_text(catalog_id) and _plain_text(name)
            and (nic_id is None or _plain_text(nic_id)) and (domain is None or _plain_text(domain))
            and (nic_count is None or (type(nic_count) is int and NIC_LOW <= nic_count <= NIC_HIGH))):
        return None
    if rack is None:  # an unplaced device: the checked path ignores any "u" too
        return Device(device_id, catalog_id, name, None, None, nic_id, nic_count, domain)
    u = item.get("u")
    if type(u) is not int or not U_LOW <= u <= min(U_HIGH, rack.height_u):
        return None
    return Device(device_id, catalog_id, name, rack.id, u, nic_id, nic_count, domain)


def _plain_text(value: Any) -> bool:
    return type(value) is str and value.isascii() and len(value) <= MAX_TEXT_CHARS


def _add_checked(design: Design, r: Reader, specs: HardwareSpecs, rack: Rack | None, failed: set[str],
                 occupied: dict[int, str] | None = None) -> None:
    """``occupied``: the rack's units taken so far (Design.add_device), None to let the model walk the rack."""
    errors_before = len(r.problems.errors)
    _add_device_checked(design, r, specs, rack, occupied)
    if len(r.problems.errors) > errors_before and isinstance(r.data.get("id"), str):
        failed.add(r.data["id"])


def _add_device_checked(design: Design, r: Reader, specs: HardwareSpecs, rack: Rack | None,
                        occupied: dict[int, str] | None = None) -> None:
    device_id, catalog_id = r.text("id", None, required=True), r.text("catalog_id", None, required=True)
    unknown = keep_part_unknown(r, DEVICE_FIELDS)  # what the writer writes is what it knows
    u = r.integer("u", None, U_LOW, U_HIGH, required=True) if rack is not None else None
    if device_id is None or catalog_id is None or (rack is not None and u is None):
        return
    if u is not None and rack is not None and u > rack.height_u:
        r.problems.error(r.at("u"), QT_TRANSLATE_NOOP("Load", "{u} is above the rack height {height}").fill(
            u=u, height=rack.height_u))
        return
    device = Device(
        id=device_id, catalog_id=catalog_id, name=r.text("name") or "", rack_id=rack.id if rack else None, u=u,
        nic_id=r.text("nic_id", None), nic_count=r.integer("nic_count", None, NIC_LOW, NIC_HIGH),
        nvlink_domain=r.text("nvlink_domain", None),
    )
    try:
        design.add_device(device, specs, occupied)
    except DesignError as error:
        r.problems.refused(r.path, error)
        return
    if unknown:
        design.unknown_keys[part_key("devices", device_id)] = unknown
    if not specs.knows(catalog_id):
        _warn_unknown(r, r.at("catalog_id"), catalog_id)
    if device.nic_id is not None and not specs.knows_nic(device.nic_id):
        _warn_unknown_nic(r, r.at("nic_id"), device.nic_id)


def _warn_unknown(r: Reader, path: str, catalog_id: str) -> None:
    r.problems.warn(path, QT_TRANSLATE_NOOP("Load", "unknown catalog id {catalog_id!r}; kept as an opaque 1 U device")
                    .fill(catalog_id=catalog_id))


def _warn_unknown_nic(r: Reader, path: str, nic_id: str) -> None:
    r.problems.warn(path, QT_TRANSLATE_NOOP("Load", "unknown NIC id {nic_id!r}: the server's default NIC is used in "
                                                    "the analysis, and the id is kept in the file").fill(nic_id=nic_id))
