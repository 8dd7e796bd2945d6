"""Checks on power, cooling, weight and cost: stable codes, a severity, a message and the ids involved."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from functools import lru_cache
from itertools import chain
from operator import is_

from planner_gui.engine.checks.base import Check, Severity, params, sort_checks
from planner_gui.engine.cost.tco import CostReport
from planner_gui.engine.facility.cooling import (
    BTU_PER_H_PER_W,
    CoolingReport,
    RackCooling,
    rack_limit,
    throttle_factor,
)
from planner_gui.engine.facility.power import W_PER_KW, DevicePowers, PowerReport, RackPower
from planner_gui.engine.incremental.store import RackRows, kept
from planner_gui.model import CoolingType
from planner_gui.present import plural

LIMIT_WORDS = {"power-budget": "power budget", "feeds": "pair of feeds", "cooling": "cooling"}


def facility_checks(power: PowerReport, cooling: CoolingReport, cost: CostReport | None = None,
                    floor_rating_kg_m2: float | None = None) -> list[Check]:
    """Every power, cooling, weight and cost finding, most severe first.

    ``floor_rating_kg_m2`` is the floor's rated load; the model has no field for it yet, so callers pass it.
    """
    ids, racks = list(power.racks), list(power.racks.values())
    coolings = list(map(cooling.racks.__getitem__, ids))
    # the same (immutable) rack figures give the same findings: only racks with new figures are checked
    checks, todo = _LAST_RACKS.reuse(ids, (racks, coolings), None, floor_rating_kg_m2)
    for i in todo:
        checks[i] = _rack_checks(racks[i], coolings[i], floor_rating_kg_m2)
    _LAST_RACKS.keep(ids, (racks, coolings), checks, None, floor_rating_kg_m2)
    found: list[Check] = list(chain.from_iterable(checks))
    found.extend(_kept_device_checks(power))
    if cost is not None:
        found.extend(_cost_checks(cost))
    return sort_checks(found)


_LAST_RACKS = RackRows("facility_check_racks")  # the last call's findings per rack, with the figures they came from


def _rack_checks(rack: RackPower, rack_cooling: RackCooling, floor_rating_kg_m2: float | None
                 ) -> tuple[Check, ...]:
    found: list[Check] = []
    if _may_power(rack):
        found.extend(_rack_power_checks(rack))
    max_load = rack.max_load_kg
    if floor_rating_kg_m2 is not None or (max_load is not None and not rack.device_weight_kg <= max_load):
        found.extend(_rack_weight_checks(rack, floor_rating_kg_m2))
    if _may_cooling(rack_cooling):
        found.extend(_rack_cooling_checks(rack_cooling, rack))
    return tuple(found)


def _may_power(rack: RackPower) -> bool:
    """False only when no power check can fire: two feeds, each carrying the draw, within budget (a
    cheap test per rack: at 100,000 GPUs there are ~4,500 racks)."""
    feed_b = rack.feed_b_w
    return feed_b is None or not rack.max_w <= min(rack.budget_w, rack.feed_a_w, feed_b)  # NaN: check


def _may_cooling(rack: RackCooling) -> bool:
    """False only when no cooling check can fire: heat within capacity and supply, catalog capacity, air
    or rear-door cooling."""
    return (not rack.heat_w <= min(rack.capacity_w, rack.supply_w) or rack.capacity_source == "override"
            or rack.cooling == CoolingType.LIQUID)


@lru_cache(maxsize=4096)  # designs repeat a few rack loads thousands of times
def _kw(watts: float) -> str:
    return f"{watts / W_PER_KW:.1f} kW"


def _rack_power_checks(rack: RackPower) -> Iterable[Check]:
    ids = (rack.rack_id,)
    if rack.over_budget:
        yield Check("rack-over-power", Severity.ERROR,
                    f"rack {rack.rack_id} draws up to {_kw(rack.max_w)}, "
                    f"{_kw(rack.max_w - rack.budget_w)} over its {_kw(rack.budget_w)} power budget", ids,
                    "move servers to another rack, or raise the rack's power budget with the facility",
                    params=params(rack=rack.rack_id, max_w=rack.max_w, over_w=rack.max_w - rack.budget_w,
                                  budget_w=rack.budget_w))
    if rack.max_w > rack.feeds_w:
        yield Check("rack-over-feed", Severity.ERROR,
                    f"rack {rack.rack_id} draws up to {_kw(rack.max_w)} but its feeds carry only "
                    f"{_kw(rack.feeds_w)} continuously (80 % of the breaker rating); breakers would trip",
                    ids,
                    "use larger feeds (more amps, or three phase) or move load to another rack",
                    params=params(rack=rack.rack_id, max_w=rack.max_w, feeds_w=rack.feeds_w))
    if rack.feed_b_w is None:
        if rack.max_w > 0.0:
            yield Check("rack-feed-not-redundant", Severity.WARNING,
                        f"rack {rack.rack_id} has a single feed: losing it powers the rack off", ids,
                        "add a B feed from a second power path", key="rack-feed-not-redundant.single",
                        params=params(rack=rack.rack_id))
    elif not rack.feed_redundant:
        yield Check("rack-feed-not-redundant", Severity.WARNING,
                    f"rack {rack.rack_id} draws up to {_kw(rack.max_w)}, more than one feed carries "
                    f"({_kw(min(rack.feed_a_w, rack.feed_b_w))}): losing feed A or B would trip the other",
                    ids,
                    "size each feed for the whole rack (2N), or lower the rack's load",
                    params=params(rack=rack.rack_id, max_w=rack.max_w, feed_w=min(rack.feed_a_w, rack.feed_b_w)))


def _rack_weight_checks(rack: RackPower, floor_rating_kg_m2: float | None) -> Iterable[Check]:
    ids = (rack.rack_id,)
    if rack.max_load_kg is not None and rack.device_weight_kg > rack.max_load_kg:
        yield Check("rack-too-heavy", Severity.ERROR,
                    f"rack {rack.rack_id} holds {rack.device_weight_kg:.0f} kg of equipment, over its rated "
                    f"{rack.max_load_kg:.0f} kg", ids,
                    "spread the servers over more racks or use a heavier-duty rack",
                    params=params(rack=rack.rack_id, kg=rack.device_weight_kg, max_kg=rack.max_load_kg))
    floor = rack.floor_load_kg_m2
    if floor_rating_kg_m2 is not None and floor is not None and floor > floor_rating_kg_m2:
        yield Check("rack-floor-overload", Severity.ERROR,
                    f"rack {rack.rack_id} loads the floor with {floor:.0f} kg/m², over its rating of "
                    f"{floor_rating_kg_m2:.0f} kg/m²", ids,
                    "spread the load over more racks or ask the facility for a load-spreading plinth",
                    params=params(rack=rack.rack_id, load=floor, rating=floor_rating_kg_m2))


def _rack_cooling_checks(rack: RackCooling, power: RackPower) -> Iterable[Check]:
    ids = (rack.rack_id,)
    if rack.over_capacity:
        yield Check("rack-over-cooling", Severity.ERROR,
                    f"rack {rack.rack_id}{_over_cooling_text(rack.heat_w, rack.cooling, rack.capacity_w)}",
                    ids,
                    "move servers to another rack or use a denser cooling type (rear door or liquid)",
                    params=params(rack=rack.rack_id, heat_w=rack.heat_w, btu_h=rack.heat_w * BTU_PER_H_PER_W,
                                  cooling=str(rack.cooling), capacity_w=rack.capacity_w))
    if rack.ceiling_w is not None and rack.capacity_source == "override" and rack.capacity_w > rack.ceiling_w:
        yield Check("rack-cooling-override-high", Severity.WARNING,
                    f"rack {rack.rack_id} claims {_kw(rack.capacity_w)} of {rack.cooling} cooling, above the "
                    f"{_kw(rack.ceiling_w)} that type reaches in practice", ids,
                    "check the figure with the facility, or choose a denser cooling type",
                    params=params(rack=rack.rack_id, capacity_w=rack.capacity_w, cooling=str(rack.cooling),
                                  ceiling_w=rack.ceiling_w))
    throttled = (_throttle_text(rack.heat_w, rack.capacity_w, rack.supply_w, rack.budget_w)
                 if rack.gpu_count else None)
    if throttled is not None:
        yield Check("gpu-throttled", Severity.ERROR,
                    f"the {rack.gpu_count} GPUs in rack {rack.rack_id} would run at about {throttled}", ids,
                    "bring the rack's draw under its power and cooling limits",
                    params=params(gpus=rack.gpu_count, rack=rack.rack_id,
                                  limit=rack_limit(rack.heat_w, rack.capacity_w, rack.supply_w, rack.budget_w) or "",
                                  speed=throttle_factor(min(rack.supply_w, rack.capacity_w), rack.heat_w),
                                  heat_w=rack.heat_w, available_w=min(rack.supply_w, rack.capacity_w)))
    if rack.cooling == CoolingType.LIQUID and power.gpu_count and power.liquid_cooled_max_w == 0.0:
        yield Check("rack-liquid-without-cold-plates", Severity.WARNING,
                    f"rack {rack.rack_id} is liquid-cooled but its servers are air-cooled models: all "
                    f"{_kw(rack.heat_w)} goes to room air", ids,
                    "choose liquid-cooled server models, or set the rack's cooling to air or rear door",
                    params=params(rack=rack.rack_id, heat_w=rack.heat_w))


@lru_cache(maxsize=1024)
def _over_cooling_text(heat_w: float, cooling: str, capacity_w: float) -> str:
    return (f" gives off up to {_kw(heat_w)} ({heat_w * BTU_PER_H_PER_W:,.0f} BTU/h) "
            f"but its {cooling} cooling removes {_kw(capacity_w)}")


@lru_cache(maxsize=1024)
def _throttle_text(heat_w: float, capacity_w: float, supply_w: float, budget_w: float) -> str | None:
    """The end of the gpu-throttled message, None when the rack runs at full speed (RackCooling's own
    ``throttle_factor``, ``limit`` and ``available_w``, from the four figures they read)."""
    available = min(supply_w, capacity_w)
    factor = throttle_factor(available, heat_w)
    if not factor < 1.0:
        return None
    limit = rack_limit(heat_w, capacity_w, supply_w, budget_w)
    return (f"{factor:.0%} speed: the rack needs {_kw(heat_w)} but its "
            f"{LIMIT_WORDS.get(limit or '', limit)} allows {_kw(available)}; "
            "synchronous training runs at the slowest rack's pace")


def _kept_device_checks(power: PowerReport) -> list[Check]:
    """The devices' findings, kept while the report's device share is the same objects (power.DeviceDraw: a
    rack's budget, feeds or cooling edit keeps it), so such an edit does not test every device's PSUs again."""
    parts = (power.devices, power.port_ends, power.unknown_ids, power.unweighed_ids)
    store = kept()
    last = store.get(_DEVICE_CHECKS)
    if last is not None and all(map(is_, last[0], parts)):
        return last[1]  # type: ignore[no-any-return]
    found = list(_device_checks(power))
    store[_DEVICE_CHECKS] = (parts, found)
    return found


_DEVICE_CHECKS = "facility_device_checks"


def _device_checks(power: PowerReport) -> Iterable[Check]:
    no_psu_spare, feed_derate = _psu_shortfalls(power)
    for catalog_id, ids in sorted(no_psu_spare.items()):
        yield Check("device-psu-not-redundant", Severity.WARNING,
                    f"{len(ids)} {catalog_id} {plural(len(ids), 'device', 'devices')} cannot carry their maximum draw "
                    "after losing one PSU",
                    tuple(ids),
                    "fit all PSUs, or cap the devices' power", params=params(devices=len(ids), model=catalog_id))
    for catalog_id, ids in sorted(feed_derate.items()):
        yield Check("device-feed-loss-derate", Severity.INFO,
                    f"{len(ids)} {catalog_id} {plural(len(ids), 'device draws', 'devices draw')} more at peak "
                    f"than the PSUs "
                    f"on one feed supply: if a feed fails {plural(len(ids), 'it keeps', 'they keep')} running at "
                    "reduced performance", tuple(ids),
                    "accept the slowdown on a feed failure, or cap GPU power to the one-feed PSU capacity",
                    params=params(devices=len(ids), model=catalog_id))
    if power.unknown_ids:
        yield Check("power-unknown-hardware", Severity.WARNING,
                    plural(len(power.unknown_ids), "{n} device names hardware the catalog does not know; it counts "
                           "as 0 W", "{n} devices name hardware the catalog does not know; they count as 0 W"
                           ).format(n=len(power.unknown_ids)),
                    power.unknown_ids, "pick catalog hardware or add the device to the user catalog",
                    params=params(devices=len(power.unknown_ids)))
    if power.unweighed_ids:
        yield Check("weight-unknown", Severity.INFO,
                    plural(len(power.unweighed_ids), "{n} device has no catalog weight; rack loads leave it out",
                           "{n} devices have no catalog weight; rack loads leave them out").format(
                        n=len(power.unweighed_ids)),
                    power.unweighed_ids, "add weight_kg to their catalog entries",
                    params=params(devices=len(power.unweighed_ids)))
    for group in power.port_ends:
        if group.cable_id is None:
            yield Check("cable-power-unknown", Severity.INFO,
                        f"{group.ends} {group.medium} {plural(group.ends, 'link end', 'link ends')} at "
                        f"{group.speed_gbps:g}G "
                        f"{plural(group.ends, 'has', 'have')} no catalog cable entry; their module power counts "
                        "as 0 W", (),
                        "add a cable entry for that medium and speed",
                        params=params(ends=group.ends, medium=str(group.medium), speed_gbps=group.speed_gbps))


def _psu_shortfalls(power: PowerReport) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """catalog id -> devices without a spare PSU, and -> placed devices slowed by losing a feed."""
    devices = power.devices
    if isinstance(devices, DevicePowers):  # the power model's own table: one numpy pass, no objects
        return devices.psu_shortfalls()
    no_psu_spare: dict[str, list[str]] = defaultdict(list)
    feed_derate: dict[str, list[str]] = defaultdict(list)
    for device in devices.values():
        if device.survives_psu_loss is False:
            no_psu_spare[device.catalog_id].append(device.device_id)
        elif device.survives_feed_loss is False and device.rack_id is not None:
            feed_derate[device.catalog_id].append(device.device_id)
    return no_psu_spare, feed_derate


def _cost_checks(cost: CostReport) -> Iterable[Check]:
    for option, ids in sorted(cost.unpriced.items()):
        if ids:
            yield Check("cost-unpriced", Severity.WARNING,
                        f"the {option} option has no price for {', '.join(ids)}; they count as zero", ids,
                        "add price_usd to the catalog entry, or a price in the design's cost settings",
                        params=params(option=str(option), models=tuple(ids)))
    for switch in cost.switches:
        if switch.months is not None and cost.project_months > switch.months:
            yield Check("switch-buy-pays-back", Severity.INFO,
                        f"buying {switch.catalog_id} pays back after {switch.months:.1f} months, inside the "
                        f"{cost.project_months}-month project", (switch.catalog_id,),
                        "consider buying these switches instead of renting them",
                        params=params(model=switch.catalog_id, months=switch.months,
                                      project_months=cost.project_months))
