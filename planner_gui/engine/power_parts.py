"""The power model's parts: cached catalog look-ups and the count of link ends per device.

One :class:`PartsCache` lives for one engine call: it turns a catalog id (plus NIC choice) into the
figures the power, cooling and cost models need, and picks the cable entry for a link end.
:func:`count_link_ends` and :func:`module_power` turn a design's links into module watts per device
and into groups of cable ends for pricing, without a Python loop per link.
"""

from __future__ import annotations

import threading
from collections.abc import Collection
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

import numpy as np

from planner_gui.catalog import Catalog, CatalogEntry
from planner_gui.model import Design, Link, Medium

RJ45 = "RJ45"  # management ports: twisted-pair cords, no module (hardware_power.md §4: only modules draw)
RJ45_PATCH_ID = "rj45-patch"  # pseudo cable id for those cords; priced only if the catalog has this id
MM_PER_M = 1000.0  # unit conversion
_DIGITS = "0123456789"
_REF_CACHE_LIMIT = 500_000  # port refs remembered between calls (~4 designs of 65k links); then restarted


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


class _EndCodes(dict[str, int]):
    """Port ref -> integer code of its (device, port-name prefix).

    A pure function of the string, so it is remembered between calls: after the first call on a design,
    turning its ~130,000 port refs into codes is one C-level ``map`` over ``dict.__getitem__``.
    """

    def __init__(self) -> None:
        super().__init__()
        self.keys_by_code: list[tuple[str, str]] = []
        self._code_of_key: dict[tuple[str, str], int] = {}

    def __missing__(self, ref: str) -> int:
        device_id, _, port = ref.partition("/")
        key = (device_id, port.rstrip(_DIGITS))
        code = self._code_of_key.get(key)
        if code is None:
            code = self._code_of_key[key] = len(self.keys_by_code)
            self.keys_by_code.append(key)
        self[ref] = code
        return code


_END_CODES = _EndCodes()
_END_CODES_LOCK = threading.Lock()  # the engine may run in a worker thread; codes must not interleave
_MEDIA: tuple[str, ...] = tuple(m.value for m in Medium)
# Keyed by the enum members: a link's medium is one, so look-ups hit on identity (plain strings still match).
_MEDIUM_CODES: dict[str, int] = {m: i for i, m in enumerate(Medium)}
_DENSE_FACTOR = 4  # count with bincount while the code range is at most this many times the number of ends


def count_link_ends(links: Collection[Link]) -> list[tuple[str, str, str, int]]:
    """Link ends counted by (medium, device id, port-name prefix): numpy over integer codes, no loop."""
    global _END_CODES
    count = len(links)
    with _END_CODES_LOCK:
        if len(_END_CODES) > _REF_CACHE_LIMIT:
            _END_CODES = _EndCodes()
        codes = _END_CODES
        try:
            mediums = map(attrgetter("medium"), links)
            media = np.fromiter(map(_MEDIUM_CODES.__getitem__, mediums), np.int64, count)
        except KeyError as error:
            raise ValueError(f"a link has medium {error.args[0]!r}; use one of {', '.join(_MEDIA)}") from None
        ends_a = np.fromiter(map(codes.__getitem__, map(attrgetter("a"), links)), np.int64, count)
        ends_b = np.fromiter(map(codes.__getitem__, map(attrgetter("b"), links)), np.int64, count)
        keys = codes.keys_by_code
    n_media = len(_MEDIA)
    combined = np.concatenate((ends_a * n_media + media, ends_b * n_media + media))
    unique, counts = _count(combined)
    return [(_MEDIA[code % n_media], *keys[code // n_media], ends)
            for code, ends in zip(unique.tolist(), counts.tolist(), strict=True)]


def _count(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(distinct values, how often each occurs): bincount when the values are dense, else a sort."""
    if values.size == 0:
        return values, values
    top = int(values.max()) + 1
    if top <= _DENSE_FACTOR * values.size:
        counts = np.bincount(values, minlength=top)
        present = np.flatnonzero(counts)
        return present, counts[present]
    return np.unique(values, return_counts=True)


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


def module_power(design: Design, parts: PartsCache) -> tuple[dict[str, float], tuple[PortEnds, ...]]:
    """Module power per device, and the design's link ends grouped by medium, speed and cable entry."""
    module_w: dict[str, float] = {}
    groups: dict[tuple[str, float, str | None, float, bool], int] = {}
    for medium, device_id, prefix, ends in count_link_ends(design.links.values()):
        device = design.devices.get(device_id)
        if device is None:
            continue
        port = parts.port_group(device.catalog_id, device.nic_id, device.nic_count, prefix)
        if port is None:  # unknown hardware or port: nothing to power or price
            continue
        cable = parts.cable_end(medium, port)
        module_w[device_id] = module_w.get(device_id, 0.0) + ends * cable.w_per_end
        key = (medium, port.speed_gbps, cable.cable_id, cable.w_per_end, cable.exact)
        groups[key] = groups.get(key, 0) + ends
    port_ends = tuple(
        PortEnds(medium, speed, cable_id, ends, w, exact)
        for (medium, speed, cable_id, w, exact), ends in sorted(groups.items(), key=lambda kv: str(kv[0]))
    )
    return module_w, port_ends


def _nearest_speed(candidates: list[CatalogEntry], speed: float) -> list[CatalogEntry]:
    """Entries at the slowest speed at or above ``speed``; failing that, the fastest below it."""
    above = sorted({float(c["speed_gbps"]) for c in candidates if float(c["speed_gbps"]) >= speed})
    chosen = above[0] if above else max(float(c["speed_gbps"]) for c in candidates)
    return [c for c in candidates if float(c["speed_gbps"]) == chosen]


def _opt_float(value: Any) -> float | None:
    return None if value is None else float(value)


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)
