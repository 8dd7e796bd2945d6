"""The power model's parts: cached catalog look-ups and the count of link ends per device.

One :class:`PartsCache` lives for one engine call: it turns a catalog id (plus NIC choice) into the
figures the power, cooling and cost models need, and picks the cable entry for a link end
(power_ends.py turns a design's links into module watts per device with it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from planner_gui.catalog import Catalog, CatalogEntry

RJ45 = "RJ45"  # management ports: twisted-pair cords, no module (only modules draw: NVIDIA LinkX specs)
RJ45_PATCH_ID = "rj45-patch"  # pseudo cable id for those cords; priced only if the catalog has this id
MM_PER_M = 1000.0  # unit conversion
_DIGITS = "0123456789"


@dataclass(frozen=True, slots=True)
class DeviceBase:
    """A device's catalog figures, before the modules on its connected ports are added."""

    catalog_id: str
    known: bool
    kind: str
    typical_w: float
    max_w: float
    nic_w: float
    gpu_count: int
    gpu_id: str | None
    psu_count: int | None
    psu_redundant: int | None
    psu_w: float | None
    liquid_cooled: bool
    weight_kg: float | None
    height_u: int


    @property
    def switch(self) -> bool:
        return self.kind == "switch"


def unknown_base(catalog_id: str) -> DeviceBase:
    return DeviceBase(catalog_id, False, "unknown", 0.0, 0.0, 0.0, 0, None, None, None, None, False, None, 1)


@dataclass(frozen=True, slots=True)
class PortGroup:
    speed_gbps: float
    technology: str
    form_factor: str


@dataclass(frozen=True, slots=True)
class CableEnd:
    cable_id: str | None
    w_per_end: float
    exact: bool
    price_usd: float | None  # of the whole cable or module pair (see docs/models/cost.md)


@dataclass(frozen=True, slots=True)
class RackFrame:
    weight_kg: float | None
    max_load_kg: float | None
    footprint_m2: float | None


@dataclass(frozen=True, slots=True)
class PortEnds:
    """How many link ends of one kind the design has, and what each draws (for power and pricing)."""

    medium: str
    speed_gbps: float
    cable_id: str | None  # the catalog cable entry used; None when the catalog has none for the medium
    ends: int
    w_per_end: float
    exact: bool  # False: no entry at this speed, the nearest one was used

    def to_json(self) -> dict[str, Any]:
        return {"medium": self.medium, "speed_gbps": self.speed_gbps, "cable_id": self.cable_id,
                "ends": self.ends, "w_per_end": self.w_per_end, "exact": self.exact}


class PartsCache:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._bases: dict[tuple[str, str | None, int | None], DeviceBase] = {}
        self._ports: dict[tuple[str, str | None, int | None], dict[str, PortGroup]] = {}
        self._cables: dict[tuple[str, float, str, str], CableEnd] = {}
        self._frames: dict[str, RackFrame] = {}
        self._by_medium: dict[str, list[CatalogEntry]] | None = None

    # ----- devices ---------------------------------------------------------------------------
    def base(self, catalog_id: str, nic_id: str | None, nic_count: int | None) -> DeviceBase:
        key = (catalog_id, nic_id, nic_count)
        found = self._bases.get(key)
        if found is None:
            found = self._bases[key] = self._build_base(catalog_id, nic_id, nic_count)
        return found

    def _build_base(self, catalog_id: str, nic_id: str | None, nic_count: int | None) -> DeviceBase:
        entry = self.catalog.get(catalog_id)
        if entry is None or not self.catalog.knows(catalog_id):
            return unknown_base(catalog_id)
        typical, maximum = float(entry["typical_power_w"]), float(entry["max_power_w"])
        nic_w = 0.0
        if entry.kind == "server":
            nic_w, default_w = self._nic_power(entry, nic_id, nic_count)
            # The vendor's system figures include the default NICs; add only the difference (docs/models).
            typical += nic_w - default_w
            maximum += nic_w - default_w
        return DeviceBase(
            catalog_id=catalog_id, known=True, kind=entry.kind, typical_w=typical,
            max_w=max(maximum, typical),
            nic_w=nic_w,
            gpu_count=int(entry.get("gpu_count", 0)) if entry.kind == "server" else 0,
            gpu_id=entry.get("gpu_id"),
            psu_count=_opt_int(entry.get("psu_count")), psu_redundant=_opt_int(entry.get("psu_redundant")),
            psu_w=_opt_float(entry.get("psu_w")), liquid_cooled=entry.get("cooling") == "liquid",
            weight_kg=_opt_float(entry.get("weight_kg")), height_u=int(entry["height_u"]),
        )

    def _nic_power(self, server: CatalogEntry, nic_id: str | None,
                   nic_count: int | None) -> tuple[float, float]:
        """(power of the NICs fitted, power of the server's default NIC complement)."""
        default = self.catalog.require(server["default_nic_id"], "nic")
        nic = self.catalog.get(nic_id) if nic_id else default
        if nic is None or nic.kind != "nic":
            nic = default  # same fallback as the catalog's port builder
        slots = int(server["compute_nic_slots"])
        count = slots if nic_count is None else nic_count
        return count * float(nic["power_w"]), slots * float(default["power_w"])

    def port_group(self, catalog_id: str, nic_id: str | None, nic_count: int | None,
                   prefix: str) -> PortGroup | None:
        key = (catalog_id, nic_id, nic_count)
        groups = self._ports.get(key)
        if groups is None:
            groups = self._ports[key] = self._build_port_groups(catalog_id, nic_id, nic_count)
        return groups.get(prefix)

    def _build_port_groups(self, catalog_id: str, nic_id: str | None,
                           nic_count: int | None) -> dict[str, PortGroup]:
        groups: dict[str, PortGroup] = {}
        for port in self.catalog.device_spec(catalog_id, nic_id, nic_count).ports:
            prefix = port.name.rstrip(_DIGITS)
            old = groups.get(prefix)
            # Two groups sharing a name prefix: keep the faster, so module power errs high.
            if old is None or port.speed_gbps > old.speed_gbps:
                groups[prefix] = PortGroup(port.speed_gbps, port.technology, port.form_factor)
        return groups

    # ----- cables ----------------------------------------------------------------------------
    def cable_end(self, medium: str, port: PortGroup) -> CableEnd:
        key = (medium, port.speed_gbps, port.technology, port.form_factor)
        found = self._cables.get(key)
        if found is None:
            found = self._cables[key] = self._pick_cable(medium, port)
        return found

    def _pick_cable(self, medium: str, port: PortGroup) -> CableEnd:
        if port.form_factor.upper() == RJ45:
            patch = self.catalog.get(RJ45_PATCH_ID)
            return CableEnd(RJ45_PATCH_ID, 0.0, True, _opt_float(patch.get("price_usd")) if patch else 0.0)
        candidates = self._cables_by_medium().get(medium, [])
        if not candidates:
            return CableEnd(None, 0.0, False, None)
        exact = [c for c in candidates if float(c["speed_gbps"]) == port.speed_gbps]
        pool = exact or _nearest_speed(candidates, port.speed_gbps)
        # Prefer the port's technology, then "any", then whatever is left; cheapest reach first for ties.
        rank = {port.technology: 0, "any": 1}
        best = min(pool, key=lambda c: (rank.get(c["technology"], 2), float(c["reach_m"]), c.id))
        price = _opt_float(best.get("price_usd"))
        return CableEnd(best.id, float(best["power_per_end_w"]), bool(exact), price)

    def _cables_by_medium(self) -> dict[str, list[CatalogEntry]]:
        if self._by_medium is None:
            self._by_medium = {}
            for entry in self.catalog.of_kind("cable"):
                self._by_medium.setdefault(entry["medium"], []).append(entry)
        return self._by_medium

    # ----- racks -----------------------------------------------------------------------------
    def rack_frame(self, catalog_id: str) -> RackFrame:
        found = self._frames.get(catalog_id)
        if found is None:
            entry = self.catalog.get(catalog_id)
            if entry is None or entry.kind != "rack":
                found = RackFrame(None, None, None)
            else:
                width, depth = _opt_float(entry.get("width_mm")), _opt_float(entry.get("depth_mm"))
                area = None if not width or not depth else (width / MM_PER_M) * (depth / MM_PER_M)
                weight, max_load = _opt_float(entry.get("weight_kg")), _opt_float(entry.get("max_load_kg"))
                found = RackFrame(weight, max_load, area)
            self._frames[catalog_id] = found
        return found


def _nearest_speed(candidates: list[CatalogEntry], speed: float) -> list[CatalogEntry]:
    """Entries at the slowest speed at or above ``speed``; failing that, the fastest below it."""
    above = sorted({float(c["speed_gbps"]) for c in candidates if float(c["speed_gbps"]) >= speed})
    chosen = above[0] if above else max(float(c["speed_gbps"]) for c in candidates)
    return [c for c in candidates if float(c["speed_gbps"]) == chosen]


def _opt_float(value: Any) -> float | None:
    return None if value is None else float(value)


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)
