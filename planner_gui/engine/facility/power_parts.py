"""The power model's parts: cached catalog look-ups and the count of link ends per device.

One :class:`PartsCache` lives for one engine call: it turns a catalog id (plus NIC choice) into the
figures the power, cooling and cost models need. Which cable or optic a link uses is the cable
schedule's choice (engine/cost/parts.py), the same for the bill and for module power (power_ends.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from planner_gui.catalog import Catalog, CatalogEntry

MM_PER_M = 1000.0  # unit conversion


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
        self._frames: dict[str, RackFrame] = {}

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


def _opt_float(value: Any) -> float | None:
    return None if value is None else float(value)


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)
