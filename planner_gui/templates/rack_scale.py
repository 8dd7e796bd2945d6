"""Rack-scale NVLink systems (GB200/GB300 NVL72) in a template: whole racks of trays, switch trays, shelves.

A catalog server with ``nvlink_domain_gpus`` is one compute tray of such a system; ``--nodes`` counts trays
(as ``predict --nodes`` does), in whole domains. Each domain gets a rack of its own, of the system's cabinet
(``domain_rack_id``), holding its power shelves, the first half of its trays, its NVLink switch trays and
the second half (the NVL72 layout: switch trays in the middle, DGX GB200 user guide). Every tray and switch
tray carries the domain's name (``Device.nvlink_domain``); the scale-out, storage and management networks
are built as for any server.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from planner_gui.catalog import Catalog, CatalogEntry
from planner_gui.model import CoolingType, Device
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.templates.racks import RackPacker, RackProfile
from planner_gui.templates.spec import ResolvedSpec, TemplateError, TemplateSpec

KW_STEP = 5.0  # rack budgets and liquid-loop capacities are sized up to the next 5 kW
W_PER_KW = 1000.0
SWITCH_TRAY_ROLE = "nvlink"
SHELF_PREFIX, SWITCH_TRAY_PREFIX, DOMAIN_PREFIX = "shelf", "nvsw", "nvl"


@dataclass(frozen=True, slots=True)
class RackScale:
    """One domain's parts: its trays and the other devices of its rack."""

    trays: int
    switch: CatalogEntry | None
    switch_count: int
    shelf: CatalogEntry | None
    shelf_count: int
    rack_u: int
    rack_kw: float
    rack_id: str | None  # the system's cabinet (catalog rack id); None: the template's usual rack

    def place(self, packer: RackPacker, device: Device, index: int, reserve_u: int) -> None:
        """Place tray number ``index`` (0-based over the design): a new rack at each domain's first tray."""
        domain, position = divmod(index, self.trays)
        name = f"{DOMAIN_PREFIX}-{domain + 1:03d}"
        device.nvlink_domain = name
        if position == 0:
            packer.close()
        if position == 0 and self.rack_id is not None:
            packer.open_rack("compute")
            packer.design.racks[packer.current_rack].catalog_id = self.rack_id  # type: ignore[index]
        if position == 0:
            for i in range(self.shelf_count if self.shelf is not None else 0):
                shelf_id = f"{SHELF_PREFIX}-{domain + 1:03d}-{i + 1}"
                packer.place(Device(shelf_id, self.shelf.id, name=shelf_id), "compute")  # type: ignore[union-attr]
        if position == self.trays // 2 and self.switch is not None:
            for i in range(self.switch_count):
                switch_id = f"{SWITCH_TRAY_PREFIX}-{domain + 1:03d}-{i + 1}"
                packer.place(Device(switch_id, self.switch.id, name=switch_id, nvlink_domain=name), "compute")
        packer.place(device, "compute", top_reserve_u=reserve_u)
        if position == self.trays - 1:
            packer.close()  # the pod's leaves go beside the domain's rack, not into it


def rack_scale_for(catalog: Catalog, server: CatalogEntry) -> RackScale | None:
    """The domain facts of a rack-scale server entry; None for an ordinary server."""
    domain_gpus = server.get("nvlink_domain_gpus")
    if not domain_gpus:
        return None
    trays = max(1, int(domain_gpus) // int(server["gpu_count"]))
    switch = _entry(catalog, server.get("domain_switch_id"), "switch")
    shelf = _entry(catalog, server.get("domain_power_shelf_id"), "power_shelf")
    switches = int(server.get("domain_switch_count") or 0)
    shelves = int(server.get("domain_power_shelf_count") or 0)
    rack = _entry(catalog, server.get("domain_rack_id"), "rack")
    used_u = trays * int(server["height_u"]) + switches * _height(switch) + shelves * _height(shelf)
    rack_u = int(rack["height_u"]) if rack is not None else used_u + 1
    max_w = trays * float(server["max_power_w"]) + switches * _max_w(switch)
    return RackScale(trays, switch, switches, shelf, shelves, max(rack_u, used_u + 1),
                     math.ceil(max_w / W_PER_KW / KW_STEP) * KW_STEP, rack.id if rack is not None else None)


def rack_scale_spec(spec: TemplateSpec, resolved: ResolvedSpec, scale: RackScale) -> TemplateSpec:
    """The spec with whole domains checked and the rack sized for one domain: the system's cabinet, a
    budget for its whole draw and direct liquid cooling sized to match (NVL72 has no air-cooled option)."""
    if spec.nodes % scale.trays:
        low = max(scale.trays, spec.nodes // scale.trays * scale.trays)
        raise TemplateError(QT_TRANSLATE_NOOP(
            "Templates", "--nodes {nodes}: {server} is a rack-scale system of {trays} trays per NVLink domain; "
                         "--nodes counts trays, in whole racks (e.g. {low} or {high})").fill(
            nodes=spec.nodes, server=resolved.server.id, trays=scale.trays, low=low, high=low + scale.trays))
    cooling_kw = spec.cooling_kw if spec.cooling_kw is not None else scale.rack_kw
    return dataclasses.replace(spec, rack_u=scale.rack_u, rack_kw=max(spec.rack_kw, scale.rack_kw),
                               cooling="liquid", cooling_kw=cooling_kw)


def others_profile(catalog: Catalog, spec: TemplateSpec) -> RackProfile:
    """The racks beside the domains' (leaves, spines, storage, management): air-cooled switch racks of the
    template's height and budget (``spec`` as given, before rack_scale_spec), the budget no more than air
    removes (catalog ``air``); the generator then sizes each to the switches it holds (RackPacker.fit_budgets).
    The NVL72 rack's liquid loop and 130-145 kW budget are for its trays, not for the racks beside it."""
    air = catalog.get(str(CoolingType.AIR))
    ceiling = float(air["capacity_kw"]) if air is not None and air.kind == "cooling" else spec.rack_kw
    return RackProfile(spec.rack_u, min(spec.rack_kw, ceiling), CoolingType.AIR, None)


def _entry(catalog: Catalog, catalog_id: object, kind: str) -> CatalogEntry | None:
    entry = catalog.get(str(catalog_id)) if catalog_id else None
    return entry if entry is not None and entry.kind == kind else None


def _height(entry: CatalogEntry | None) -> int:
    return int(entry["height_u"]) if entry is not None else 0


def _max_w(entry: CatalogEntry | None) -> float:
    return float(entry["max_power_w"]) if entry is not None else 0.0
