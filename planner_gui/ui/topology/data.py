"""The topology view's own picture of the design: arrays of devices and links, kept in step with edits.

Built once per design from the engine's vectorised link parse (``build_fabric_graph``: no Python
loop per link), then patched per edit: added links and devices are appended, removed ones are
masked out, so a one-link edit on a 120,000-link design costs microseconds. Positions come from
:mod:`planner_gui.ui.topology.layout`; a device the user moved by hand keeps its place for the
session. Pure numpy, no Qt.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from planner_gui.engine import build_fabric_graph
from planner_gui.model import Design, DeviceKind, PortRole
from planner_gui.ui.topology import layout as tl

HIDDEN_KINDS = (DeviceKind.PDU, DeviceKind.BLANK)  # no network ports: nothing to draw in a topology
FABRIC_SWITCH_ROLE = "fabric"  # catalog switch "role" of compute-fabric switches (catalog/schema.py)
_FABRIC_PORT_ROLES = (PortRole.COMPUTE, PortRole.SWITCH)
# Edits of more links than this infer the tiers again (one breadth-first search: 8 ms at 390,000
# links) instead of checking link by link (0.2-0.4 ms each there; measured on benchmarks/scale.py's
# 100,000-GPU design).
TIER_CHECK_MAX_LINKS = 16
_GROW = 64  # arrays grow in chunks so a burst of single-item edits does not copy every time


@dataclass(eq=False)
class TopologyData:
    device_ids: list[str]
    index: dict[str, int]
    device_class: np.ndarray  # int8: topology_layout CLASS_*
    kinds: list[str]  # DeviceKind value per device
    model: np.ndarray  # int32 code of the device's catalog id (grouping key)
    model_ids: list[str]  # catalog id per model code
    alive: np.ndarray  # bool: still in the design
    drawn: np.ndarray  # bool: alive and shown (not a PDU or blank)
    link_ids: list[str]
    link_index: dict[str, int]
    link_a: np.ndarray  # int32 device index of each link's ``a`` end
    link_b: np.ndarray
    link_gbps: np.ndarray  # the speed the link runs at (slower end), NaN when unknown
    link_fabric: np.ndarray  # bool: on the compute fabric (what tiers are inferred from)
    link_alive: np.ndarray
    # int16: the NIC index at the server end (its rail in a rail-optimized fabric), -1 between switches
    link_nic: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int16))
    band: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int16))
    x: np.ndarray = field(default_factory=lambda: np.empty(0))
    y: np.ndarray = field(default_factory=lambda: np.empty(0))
    manual: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=bool))  # moved by hand
    layout: tl.Layout | None = None
    utilisation: np.ndarray | None = None  # per link, 0..1+ (NaN unknown); None: no load data
    # Where removed devices stood, so that undoing a delete puts them back where they were.
    last_position: dict[str, tuple[float, float, bool, int]] = field(default_factory=dict)
    # The ids of the links in the design, in the design's order (removed ones leave, added ones are
    # appended, as the design does): engine arrays in that order are read without a lookup per link.
    live_link_ids: list[str] = field(default_factory=list)

    # ----- building ------------------------------------------------------------------------------
    @classmethod
    def from_design(cls, design: Design, catalog: Any) -> TopologyData:
        graph = build_fabric_graph(design, catalog)
        device_ids = list(graph.device_ids)
        kinds = [design.spec_of(d, catalog).kind.value for d in device_ids]
        model_ids = sorted({design.devices[d].catalog_id for d in device_ids})
        model_code = {m: i for i, m in enumerate(model_ids)}
        fabric = np.zeros(len(graph.link_ids), dtype=bool)
        fabric[graph.fab_link] = True
        alive = np.ones(len(device_ids), dtype=bool)
        data = cls(
            device_ids=device_ids, index={d: i for i, d in enumerate(device_ids)},
            device_class=np.array([_device_class(k) for k in kinds], dtype=np.int8),
            kinds=kinds,
            model=np.array([model_code[design.devices[d].catalog_id] for d in device_ids], dtype=np.int32),
            model_ids=model_ids, alive=alive, drawn=alive & ~np.isin(kinds, HIDDEN_KINDS),
            link_ids=list(graph.link_ids), link_index={lid: i for i, lid in enumerate(graph.link_ids)},
            link_a=graph.end_dev[0].astype(np.int32), link_b=graph.end_dev[1].astype(np.int32),
            link_gbps=np.fmin(graph.end_speed[0], graph.end_speed[1]), link_fabric=fabric,
            link_alive=np.ones(len(graph.link_ids), dtype=bool), live_link_ids=list(graph.link_ids),
            link_nic=np.max(graph.end_nic, axis=0).astype(np.int16) if len(graph.link_ids)
            else np.empty(0, dtype=np.int16),
        )
        data.relayout(reset_manual=True)
        return data

    # ----- tiers and layout ----------------------------------------------------------------------
    def inferred_bands(self) -> np.ndarray:
        use = self.link_alive & self.link_fabric
        levels = tl.infer_levels(np.where(self.alive, self.device_class, tl.CLASS_OTHER),
                                 self.link_a[use], self.link_b[use])
        return tl.bands_from_levels(self.device_class, levels)

    def relayout(self, reset_manual: bool = False, bands: np.ndarray | None = None) -> None:
        """Lay every device out again by tier; hand-moved devices keep their place unless reset."""
        self.band = self.inferred_bands() if bands is None else bands
        use = self.link_alive
        self.layout = tl.compute_layout(self.band, self.link_a[use], self.link_b[use], self.drawn)
        keep = np.zeros(self.band.size, dtype=bool) if reset_manual else self.manual[: self.band.size]
        self.x = np.where(keep, self.x[: keep.size] if self.x.size else np.nan, self.layout.x)
        self.y = np.where(keep, self.y[: keep.size] if self.y.size else np.nan, self.layout.y)
        self.manual = keep.copy()

    def bands_from_tiers(self, tiers: Mapping[str, int]) -> np.ndarray:
        """Bands with the switches' tiers taken from the engine (tier < 1: not on the fabric)."""
        band = self.band.copy()
        for device_id, tier in tiers.items():
            i = self.index.get(device_id)
            if i is not None and self.device_class[i] == tl.CLASS_SWITCH:
                band[i] = tier if tier >= 1 else tl.BAND_OFF_FABRIC
        return band

    def move_to_bands(self, bands: np.ndarray) -> list[int]:
        """Devices whose tier changed join their new band at a free place (hand-placed ones stay put).
        Returns the devices whose band changed."""
        changed = np.flatnonzero(self.drawn & (bands != self.band)).tolist()
        movers = [i for i in changed if not self.manual[i]]
        self.band[changed] = bands[changed]
        self.x[movers], self.y[movers] = np.nan, np.nan  # a mover is not yet a member of its new band
        for i in movers:
            self.x[i], self.y[i] = self.free_slot(int(bands[i]))
        return changed

    def bands_overlap(self) -> bool:
        """Whether two bands' rows (of the devices the layout placed, not hand-moved ones) overlap, as
        when a band grew a row into the band under it: then the layout is made again."""
        n = self.band.size
        placed = self.drawn[:n] & ~self.manual[:n] & ~np.isnan(self.y[:n])
        spans = []
        for code in np.unique(self.band[placed]).tolist():
            ys = self.y[placed & (self.band == code)]
            spans.append((float(ys.min()), float(ys.max())))
        spans.sort()
        return any(low <= high_above for (_, high_above), (low, _) in itertools.pairwise(spans))

    def move(self, device_id: str, x: float, y: float) -> None:
        i = self.index[device_id]
        self.x[i], self.y[i] = x, y
        self.manual[i] = True

    # ----- incremental edits ---------------------------------------------------------------------
    def add_devices(self, ids: Iterable[str], design: Design, catalog: Any) -> list[int]:
        added = []
        for device_id in ids:
            device = design.devices[device_id]
            kind = design.spec_of(device_id, catalog).kind.value
            if device.catalog_id not in self.model_ids:
                self.model_ids.append(device.catalog_id)
            i = len(self.device_ids)
            self._grow_devices(i + 1)
            self.device_ids.append(device_id)
            self.index[device_id] = i
            self.kinds.append(kind)
            self.device_class[i] = _device_class(kind)
            self.model[i] = self.model_ids.index(device.catalog_id)
            self.alive[i] = True
            self.drawn[i] = kind not in HIDDEN_KINDS
            old = self.last_position.pop(device_id, None)
            if old is None:
                band = _initial_band(self.device_class[i])
                old = (*self.free_slot(band), False, band)
            self.x[i], self.y[i], self.manual[i], self.band[i] = old
            added.append(i)
        return added

    def remove_devices(self, ids: Iterable[str]) -> list[int]:
        gone = [self.index.pop(d) for d in ids if d in self.index]
        for i in gone:
            where = (float(self.x[i]), float(self.y[i]), bool(self.manual[i]), int(self.band[i]))
            self.last_position[self.device_ids[i]] = where
        self.alive[gone] = False
        self.drawn[gone] = False
        self.x[gone] = np.nan
        self.y[gone] = np.nan
        return gone

    def add_links(self, ids: Iterable[str], design: Design, catalog: Any) -> list[int]:
        added = []
        for link_id in ids:
            link = design.links[link_id]
            ends = [ref.partition("/")[0] for ref in (link.a, link.b)]
            if any(end not in self.index for end in ends):
                continue  # an end the view does not know yet (added in the same edit): rebuild fixes it
            j = len(self.link_ids)
            self._grow_links(j + 1)
            self.link_ids.append(link_id)
            self.link_index[link_id] = j
            self.link_a[j], self.link_b[j] = self.index[ends[0]], self.index[ends[1]]
            self.link_gbps[j], self.link_fabric[j] = _link_facts(design, catalog, link.a, link.b)
            self.link_nic[j] = max(_nic_index(design, catalog, ref) for ref in (link.a, link.b))
            self.link_alive[j] = True
            self.live_link_ids.append(link_id)
            added.append(j)
        return added

    def remove_links(self, ids: Iterable[str]) -> list[int]:
        gone = [self.link_index.pop(lid) for lid in ids if lid in self.link_index]
        if not gone:
            return gone
        # live_link_ids holds the live links in index order (added links are appended with the next index):
        # a removed link's place there is the number of live links before it. Cutting those places out is
        # a few list slices, where looking up every live id again took ~30 ms for a spine's 65 links at
        # 4,096 nodes (118,000 links), inside the delete.
        places = (np.cumsum(self.link_alive[: self.n_links]) - 1)[sorted(gone)].tolist()
        self.link_alive[gone] = False
        live, kept, start = self.live_link_ids, [], 0
        for place in places:
            kept += live[start:place]
            start = place + 1
        kept += live[start:]
        self.live_link_ids = kept
        return gone

    def free_slot(self, band: int) -> tuple[float, float]:
        """Where a device joining ``band`` goes: right of the band's last row, or a new row under it."""
        members = np.flatnonzero(self.drawn[: self.band.size] & (self.band == band) & ~np.isnan(self.x))
        if members.size == 0:
            return self._new_band_slot(band)
        last_y = float(np.max(self.y[members]))
        in_row = members[self.y[members] == last_y]
        right = float(np.max(self.x[in_row])) + tl.PITCH_X
        width = self.layout.width if self.layout is not None else 0.0
        if right <= max(width, tl.PITCH_X * tl.MIN_PER_ROW):
            return right, last_y
        return float(np.min(self.x[members])), last_y + tl.ROW_PITCH

    def _new_band_slot(self, band: int) -> tuple[float, float]:
        placed = self.drawn & ~np.isnan(self.y)
        if not placed.any():
            return tl.PITCH_X / 2.0, tl.NODE_H / 2.0
        above = band >= 1  # a new switch tier goes above everything, other networks below
        y = (np.min(self.y[placed]) - tl.BAND_GAP - tl.NODE_H if above
             else np.max(self.y[placed]) + tl.BAND_GAP + tl.NODE_H)
        return float(np.nanmin(self.x[placed])), float(y)

    def _grow_devices(self, size: int) -> None:
        if size <= self.alive.size:
            return
        extra = max(_GROW, size - self.alive.size)
        self.device_class = _extend(self.device_class, extra, tl.CLASS_OTHER)
        self.model = _extend(self.model, extra, 0)
        self.alive = _extend(self.alive, extra, False)
        self.drawn = _extend(self.drawn, extra, False)
        self.band = _extend(self.band, extra, tl.BAND_OTHER)
        self.x = _extend(self.x, extra, np.nan)
        self.y = _extend(self.y, extra, np.nan)
        self.manual = _extend(self.manual, extra, False)

    def _grow_links(self, size: int) -> None:
        if size <= self.link_alive.size:
            return
        extra = max(_GROW, size - self.link_alive.size)
        self.link_a = _extend(self.link_a, extra, 0)
        self.link_b = _extend(self.link_b, extra, 0)
        self.link_gbps = _extend(self.link_gbps, extra, np.nan)
        self.link_fabric = _extend(self.link_fabric, extra, False)
        self.link_alive = _extend(self.link_alive, extra, False)
        self.link_nic = _extend(self.link_nic, extra, -1)
        if self.utilisation is not None:
            self.utilisation = _extend(self.utilisation, extra, np.nan)

    # ----- reading -------------------------------------------------------------------------------
    @property
    def n_links(self) -> int:
        return len(self.link_ids)

    def live_links(self) -> np.ndarray:
        """Indices of links in the design whose both ends are drawn."""
        n = self.n_links
        alive = self.link_alive[:n]
        return np.flatnonzero(alive & self.drawn[self.link_a[:n]] & self.drawn[self.link_b[:n]])

    def segments(self, links: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        a, b = self.link_a[links], self.link_b[links]
        return self.x[a], self.y[a], self.x[b], self.y[b]

    def links_of(self, devices: np.ndarray) -> np.ndarray:
        """Live links touching any of ``devices``."""
        mask = np.zeros(self.alive.size, dtype=bool)
        mask[devices] = True
        live = self.live_links()
        return live[mask[self.link_a[live]] | mask[self.link_b[live]]]

    def set_utilisation(self, by_link: Mapping[str, float] | None) -> np.ndarray | None:
        """Loads per link id. Returns the indices of the links whose load changed, or None when the
        whole picture changes (loads appeared or went). The engine's LinkUtilisation (arrays in design
        order) is read without a Python loop when the view's live links are the design's, in order:
        removed links are masked out here and links added back are appended, as the design does."""
        old = self.utilisation
        if not by_link:
            self.utilisation = None
            return None if old is not None else np.empty(0, dtype=np.int64)
        values = np.full(self.link_alive.size, np.nan)
        ids, loads = getattr(by_link, "link_ids", None), getattr(by_link, "loads", None)
        where = self._design_order(ids) if loads is not None else None
        if where is not None:
            values[where] = loads
        else:
            index = np.fromiter((self.link_index.get(lid, -1) for lid in by_link), dtype=np.int64,
                                count=len(by_link))
            known = index >= 0
            values[index[known]] = np.asarray(loads if loads is not None else list(by_link.values()))[known]
        self.utilisation = values
        if old is None:
            return None
        same = (old == values) | (np.isnan(old) & np.isnan(values))
        return np.flatnonzero(~same)

    def _design_order(self, ids: Sequence[str] | None) -> np.ndarray | None:
        """Link indices of ``ids`` when they are exactly the view's live links in order, else None."""
        if ids is None or len(ids) != len(self.live_link_ids):
            return None
        same = (ids if isinstance(ids, list) else list(ids)) == self.live_link_ids  # C-level, a few ms
        return np.flatnonzero(self.link_alive[: self.n_links]) if same else None

    def tiers_unchanged(self, removed: list[int], added: list[int]) -> bool:
        """Whether the fabric tiers inferred from the links (hop distance from the servers) surely stay
        as they are after these links came or went, judged from the bands (no breadth-first search):
        a new link between adjacent or equal tiers of linked devices shortens no path; a removed one
        leaves its upper end's tier alone when that end has another link down to the tier below."""
        if len(removed) + len(added) > TIER_CHECK_MAX_LINKS:
            return False
        for j in added + removed:
            if not self.link_fabric[j]:
                continue
            a, b = int(self.link_a[j]), int(self.link_b[j])
            if self.band[a] < 0 or self.band[b] < 0 or abs(int(self.band[a]) - int(self.band[b])) > 1:
                return False
            upper, lower = (a, b) if self.band[a] > self.band[b] else (b, a)
            if j in added and not all(self._reached(end, j) for end in (upper, lower)):
                return False  # a switch linked for the first time: its band is a guess, not a distance
            if j in removed and self.band[a] != self.band[b] and not self._fabric_neighbours(upper).size:
                return False
        return True

    def _reached(self, device: int, new_link: int) -> bool:
        """A server, or a device with a fabric link other than ``new_link`` down to the band below it
        (so its band is its hop distance from the servers, not a new device's first guess)."""
        return self.band[device] == 0 or bool(self._fabric_neighbours(device, skip=new_link).size)

    def _fabric_neighbours(self, device: int, band: int | None = None, skip: int = -1) -> np.ndarray:
        """Live devices linked to ``device`` over the fabric in ``band`` (default: the band below)."""
        n = self.n_links
        use = self.link_alive[:n] & self.link_fabric[:n]
        if 0 <= skip < n:
            use[skip] = False
        a, b = self.link_a[:n], self.link_b[:n]
        other = np.concatenate((b[use & (a == device)], a[use & (b == device)]))
        wanted = self.band[device] - 1 if band is None else band
        return other[self.alive[other] & (self.band[other] == wanted)]


def _device_class(kind: str) -> int:
    if kind == DeviceKind.GPU_SERVER:
        return tl.CLASS_SERVER
    return tl.CLASS_SWITCH if kind == DeviceKind.SWITCH else tl.CLASS_OTHER


def _initial_band(device_class: int) -> int:
    """A new device's band before results say otherwise: servers 0, a lone switch is a leaf."""
    return {tl.CLASS_SERVER: 0, tl.CLASS_SWITCH: 1}.get(device_class, tl.BAND_OTHER)


def _link_facts(design: Design, catalog: Any, ref_a: str, ref_b: str) -> tuple[float, bool]:
    """(speed the link runs at, on the compute fabric?) for one new link, as build_fabric_graph decides."""
    ends = [(ref, design.port_spec(ref, catalog)) for ref in (ref_a, ref_b)]
    if any(spec is None for _, spec in ends):
        return float("nan"), False
    speed = min(spec.speed_gbps for _, spec in ends)  # type: ignore[union-attr]
    fabric = all(spec.role in _FABRIC_PORT_ROLES  # type: ignore[union-attr]
                 and _on_fabric_device(design, catalog, ref) for ref, spec in ends)
    return speed, fabric


def _nic_index(design: Design, catalog: Any, ref: str) -> int:
    """The port's index among its server's compute ports (as build_fabric_graph's end_nic), else -1."""
    device_id, _, port = ref.partition("/")
    spec = design.spec_of(device_id, catalog)
    if spec.kind is not DeviceKind.GPU_SERVER:
        return -1
    names = [p.name for p in spec.ports if p.role is PortRole.COMPUTE]
    return names.index(port) if port in names else -1


def _on_fabric_device(design: Design, catalog: Any, ref: str) -> bool:
    device = design.devices[ref.partition("/")[0]]
    kind = design.spec_of(device.id, catalog).kind
    if kind is DeviceKind.GPU_SERVER:
        return True
    entry = catalog.get(device.catalog_id)
    return kind is DeviceKind.SWITCH and entry is not None and entry.get("role") == FABRIC_SWITCH_ROLE


def _extend(values: np.ndarray, extra: int, fill: object) -> np.ndarray:
    return np.concatenate((values, np.full(extra, fill, dtype=values.dtype)))

