"""Checks for rack-scale NVLink systems (GB200/GB300 NVL72): whole NVLink domains and their racks.

An NVL72 domain's trays reach each other only through the rack's NVLink backplane (DGX GB200 user guide:
passive copper cable cartridges), so a domain split over racks, or larger than its system's, cannot
run; a busbar-fed rack needs power shelves able to carry it (NVIDIA NVL72 RA: 8 x 33 kW shelves); a
liquid-cooled rack still sends part of its heat to room air, which the room must remove; and its cold
plates are specified for a warmest coolant supply, which the liquid loop (the ``liquid`` cooling entry's
``supply_c``, made by its CDU) must not exceed.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import compress, repeat
from operator import is_not
from typing import Any

from planner_gui.engine.checks.base import Check, Severity, params
from planner_gui.engine.facility.cooling import CoolingReport, RackCooling, cooling_figures
from planner_gui.engine.facility.power import W_PER_KW, PowerReport
from planner_gui.engine.incremental.store import RackRows
from planner_gui.model import CoolingType, Design
from planner_gui.present import counted

SHOWN_IDS = 20  # ids a message names before counting the rest


@dataclass(frozen=True, slots=True)
class RackScaleDevices:
    """What the rack-scale checks read from the devices and their placement alone, kept while those are
    unchanged: a rack's budget, feeds or cooling edit redoes only :func:`rack_scale_findings` (a walk over the
    racks, not over every device)."""

    domain_checks: tuple[Check, ...]  # every NVLink-domain finding, by domain
    shelves_w: dict[str, float]  # rack -> its power shelves' output, W
    busbar_racks: dict[str, tuple[str, ...]]  # rack -> its busbar-fed servers (no PSUs of their own)
    too_warm: dict[str, tuple[tuple[float, str], ...]]  # rack -> (cold-plate limit C, device) below the supply


def rack_scale_checks(design: Design, catalog: Any, power: PowerReport | None = None,
                      cooling: CoolingReport | None = None) -> list[Check]:
    """Every NVLink-domain, power-shelf and heat-to-air finding of the design."""
    return rack_scale_findings(design, catalog, rack_scale_devices(design, catalog), power, cooling)


def rack_scale_devices(design: Design, catalog: Any) -> RackScaleDevices:
    """The devices' share of the rack-scale checks: one walk over the devices, one catalog look-up per model."""
    domains: dict[str, list[str]] = defaultdict(list)
    shelves_w: dict[str, float] = defaultdict(float)
    busbar: dict[str, list[str]] = defaultdict(list)
    too_warm: dict[str, list[tuple[float, str]]] = defaultdict(list)
    supply = _loop_supply(catalog)
    roles: dict[str, tuple[float, bool, float | None]] = {}  # catalog id -> (shelf W, busbar-fed, limit C)
    for device in design.devices.values():
        if device.nvlink_domain is not None:
            domains[device.nvlink_domain].append(device.id)
        rack_id = device.rack_id
        if rack_id is None:
            continue
        role = roles.get(device.catalog_id)
        if role is None:
            role = roles[device.catalog_id] = _role(catalog.get(device.catalog_id), supply)
        shelf_w, busbar_fed, limit = role
        if shelf_w:
            shelves_w[rack_id] += shelf_w
        elif busbar_fed:
            busbar[rack_id].append(device.id)
        if limit is not None:
            too_warm[rack_id].append((limit, device.id))
    found = [check for name, ids in sorted(domains.items()) for check in _domain_checks(design, catalog, name, ids)]
    return RackScaleDevices(tuple(found), dict(shelves_w), {r: tuple(ids) for r, ids in busbar.items()},
                            {r: tuple(found) for r, found in too_warm.items()})


def _role(entry: Any, supply: float | None) -> tuple[float, bool, float | None]:
    """(power shelf output W, a busbar-fed server, its cold plates' limit when the loop's supply is above it)."""
    if entry is None:
        return 0.0, False, None
    limit = entry.get("max_coolant_supply_c")
    warm = float(limit) if supply is not None and limit is not None and supply > limit else None
    if entry.kind == "power_shelf":
        return float(entry["output_w"]), False, warm
    return 0.0, entry.kind == "server" and entry.get("psu_count") is None, warm


def rack_scale_findings(design: Design, catalog: Any, devices: RackScaleDevices, power: PowerReport | None = None,
                        cooling: CoolingReport | None = None) -> list[Check]:
    """The rack-scale findings from the devices' share and the racks' power and cooling."""
    found = list(devices.domain_checks)
    if power is not None:
        found.extend(_shelf_checks(power, devices.shelves_w, devices.busbar_racks))
    if cooling is not None:
        found.extend(_air_checks(design, catalog, cooling))
    found.extend(_coolant_checks(design, catalog, devices.too_warm))
    return found


def _domain_checks(design: Design, catalog: Any, name: str, ids: list[str]) -> list[Check]:
    devices = [design.devices[i] for i in ids]
    racks = sorted({d.rack_id or "-" for d in devices})
    found: list[Check] = []
    if len(racks) > 1:
        found.append(Check(
            "nvlink-domain-split", Severity.ERROR,
            f"NVLink domain {name} spans {len(racks)} racks ({', '.join(racks[:SHOWN_IDS])}): its trays reach each "
            f"other only through one rack's NVLink backplane, so it cannot run as one domain",
            tuple(ids[:SHOWN_IDS]), "Put every compute tray and NVLink switch tray of the domain in one rack, or give "
            "the trays in each rack a domain of their own.", params=params(domain=name, racks=racks[:SHOWN_IDS])))
    servers = [(d, catalog.get(d.catalog_id)) for d in devices]
    servers = [(d, e) for d, e in servers if e is not None and e.kind == "server"]
    if not servers:
        return found
    entry = servers[0][1]
    most = int(entry.get("nvlink_domain_gpus") or 0) // max(1, int(entry["gpu_count"]))
    if most < 1:
        found.append(Check(
            "nvlink-domain-unsupported", Severity.ERROR,
            f"NVLink domain {name} joins {len(servers)} x {entry.id}, whose NVLink does not reach beyond one "
            f"server; the collective model treats each as its own domain", tuple(d.id for d, _ in servers[:SHOWN_IDS]),
            "Clear the NVLink domain of these servers, or use a rack-scale system such as gb200-nvl72.",
            params=params(domain=name, server=entry.id, count=len(servers))))
    elif len(servers) > most:
        found.append(Check(
            "nvlink-domain-too-large", Severity.ERROR,
            f"NVLink domain {name} has {len(servers)} x {entry.id}; one {entry.id} domain holds at most {most} "
            f"({most * int(entry['gpu_count'])} GPUs)", tuple(d.id for d, _ in servers[:SHOWN_IDS]),
            "Split the trays into domains of at most one rack's worth each.",
            params=params(domain=name, server=entry.id, count=len(servers), most=most)))
    return found


def _shelf_checks(power: PowerReport, shelves_w: dict[str, float], busbar_racks: dict[str, tuple[str, ...]]
                  ) -> list[Check]:
    found: list[Check] = []
    for rack_id, servers in sorted(busbar_racks.items()):
        rack = power.racks.get(rack_id)
        if rack is None:
            continue
        capacity = shelves_w.get(rack_id, 0.0)
        if capacity <= 0.0:
            found.append(Check(
                "rack-no-power-shelves", Severity.ERROR,
                f"rack {rack_id} holds {counted(len(servers), '{n} busbar-fed tray', '{n} busbar-fed trays')} but no "
                "power shelves: nothing powers them",
                (rack_id,), "Add the system's power shelves to the rack (NVL72: 8 x 33 kW).",
                params=params(rack=rack_id, trays=len(servers))))
        elif rack.max_w > capacity:
            found.append(Check(
                "rack-over-power-shelves", Severity.ERROR,
                f"rack {rack_id} draws up to {rack.max_w / W_PER_KW:.1f} kW, more than its power shelves' "
                f"{capacity / W_PER_KW:.1f} kW", (rack_id,),
                "Add power shelves to the rack, or move trays to another rack.",
                params=params(rack=rack_id, max_w=rack.max_w, shelves_w=capacity)))
    return found


def _air_checks(design: Design, catalog: Any, cooling: CoolingReport) -> list[Check]:
    """A liquid-cooled rack's residual heat to air against what air cooling removes per rack (catalog "air")."""
    try:
        air = cooling_figures(catalog, CoolingType.AIR.value)
    except KeyError:
        return []
    ids, racks = list(cooling.racks), list(cooling.racks.values())
    # each rack's finding (or None) is kept while its (immutable) RackCooling is the same object: an edit of
    # one of 6,700 racks judges one (store.RackRows)
    found, todo = _AIR.reuse(ids, (racks,), catalog, air.capacity_w)
    for i in todo:
        found[i] = _air_check(ids[i], racks[i], air.capacity_w)
    _AIR.keep(ids, (racks,), found, catalog, air.capacity_w)
    return [check for _, check in sorted((ids[i], found[i]) for i in compress(range(len(ids)),
                                                                          map(is_not, found, repeat(None))))]


_AIR = RackRows("rack_scale_air")


def _air_check(rack_id: str, rack: RackCooling, room_w: float) -> Check | None:
    if rack.cooling != CoolingType.LIQUID or rack.air_w <= room_w:
        return None
    return Check(
        "rack-heat-to-air-over-room", Severity.WARNING,
        f"liquid-cooled rack {rack_id} still rejects {rack.air_w / W_PER_KW:.1f} kW to room air, more than the "
        f"{room_w / W_PER_KW:.0f} kW per rack the room's air cooling removes", (rack_id,),
        "Check the hall's air-side capacity for this rack (in-row cooling or a rear-door heat exchanger), "
        "or spread the air-cooled load.",
        params=params(rack=rack_id, air_w=rack.air_w, room_w=room_w))


def _loop_supply(catalog: Any) -> float | None:
    """The liquid loop's supply temperature, C (catalog ``liquid``: ``supply_c``); None when not stated."""
    loop = catalog.get(CoolingType.LIQUID.value)
    return None if loop is None or loop.kind != "cooling" else loop.get("supply_c")


def _coolant_checks(design: Design, catalog: Any, too_warm: dict[str, tuple[tuple[float, str], ...]]
                    ) -> list[Check]:
    """Liquid-cooled racks whose loop's supply temperature (catalog ``liquid``: ``supply_c``) is above what a
    device's cold plates take (``max_coolant_supply_c``; ``too_warm``: per rack, the devices whose limit is below
    the supply), or above what its CDU is quoted for. Devices without a known limit are not judged
    (docs/models/power-cooling.md §9)."""
    supply = _loop_supply(catalog)
    if supply is None:
        return []
    loop = catalog.get(CoolingType.LIQUID.value)
    found: list[Check] = []
    cdu = catalog.get(str(loop.get("cdu_id") or ""))
    if cdu is not None and cdu.get("max_supply_c") is not None and supply > cdu["max_supply_c"]:
        found.append(Check(
            "coolant-supply-above-cdu", Severity.WARNING,
            f"the liquid loop is planned at {supply:g} °C supply, above the {cdu['max_supply_c']:g} °C its CDU "
            f"{cdu.id} is quoted for", (), "Plan the loop within the CDU's range, or choose a CDU for that supply "
            "temperature.", params=params(supply_c=supply, cdu=cdu.id, cdu_max_c=cdu["max_supply_c"])))
    for rack_id, devices in sorted(too_warm.items()):
        rack = design.racks.get(rack_id)
        if rack is None or rack.cooling != CoolingType.LIQUID:
            continue
        coldest = min(limit for limit, _ in devices)
        ids = tuple(device_id for _, device_id in devices[:SHOWN_IDS])
        found.append(Check(
            "coolant-supply-too-warm", Severity.ERROR,
            f"rack {rack_id}: the liquid loop's {supply:g} °C supply is warmer than the {coldest:g} °C the cold "
            f"plates of {len(devices)} device(s) are specified for; they throttle or shut down", ids,
            "Lower the loop's supply temperature (the CDU setpoint) to the cold plates' limit, or choose hardware "
            "specified for warmer water.",
            params=params(rack=rack_id, supply_c=supply, limit_c=coldest, devices=len(devices))))
    return found
