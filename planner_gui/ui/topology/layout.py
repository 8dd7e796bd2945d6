"""Where the topology view draws each device: tiers stacked top to bottom, pure numpy (Qt only to
mark the tier names for translation).

The picture is a layered (Sugiyama-style) drawing: the highest switch tier at the top, then the
lower tiers, the GPU servers, the switches of other networks (storage, management) and the other
devices (storage servers) at the bottom. A band wraps into rows so that a 4,096-node design
keeps a screen-like shape instead of one 300,000-pixel line. Within a band, switches are ordered
by the barycentre of their neighbours in the bands already placed (the classic crossing-reduction
heuristic), servers keep design order (the generator numbers them pod by pod).

Everything is vectorised over devices and links: the layout of a 7,000-device, 120,000-link
design takes a few milliseconds (benchmarks/gui_views.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP  # marks the tier names for lupdate; returns them as is

from planner_gui.engine import hop_levels

# Device classes the layout knows (the caller maps catalog kinds onto these).
CLASS_SERVER, CLASS_SWITCH, CLASS_OTHER = 0, 1, 2
# Band codes: a fabric tier (0 servers, 1 leaves, 2 spines, 3 cores...) or one of these two.
BAND_OFF_FABRIC = -1  # switches no server reaches over the compute fabric (storage, management)
BAND_OTHER = -2  # storage servers and other hosts

# Marked for translation (context TopologyView); the views translate them where they show them.
TIER_NAMES = {
    0: QT_TRANSLATE_NOOP("TopologyView", "GPU servers"), 1: QT_TRANSLATE_NOOP("TopologyView", "Leaf switches"),
    2: QT_TRANSLATE_NOOP("TopologyView", "Spine switches"), 3: QT_TRANSLATE_NOOP("TopologyView", "Core switches"),
    BAND_OFF_FABRIC: QT_TRANSLATE_NOOP("TopologyView", "Storage and management switches"),
    BAND_OTHER: QT_TRANSLATE_NOOP("TopologyView", "Storage and other devices")}
# Pinned over the drawing at the view's left edge: short, so a narrow view keeps room for the graph.
SHORT_TIER_NAMES = {
    0: QT_TRANSLATE_NOOP("TopologyView", "Servers"), 1: QT_TRANSLATE_NOOP("TopologyView", "Leaves"),
    2: QT_TRANSLATE_NOOP("TopologyView", "Spines"), 3: QT_TRANSLATE_NOOP("TopologyView", "Cores"),
    BAND_OFF_FABRIC: QT_TRANSLATE_NOOP("TopologyView", "Other switches"),
    BAND_OTHER: QT_TRANSLATE_NOOP("TopologyView", "Storage, other")}

# Geometry in scene units (1 unit = 1 px at 100 % zoom). A node is wide enough for a 12-character
# id at the view's 10 px label font; the gaps leave room for link fans between bands.
NODE_W = 76.0
NODE_H = 28.0
PITCH_X = 88.0  # NODE_W + a 12 px gutter
ROW_PITCH = 44.0  # NODE_H + a 16 px gutter
BAND_GAP = 140.0  # vertical room for the links between two bands
# At least 16 devices a row: a 32-server design wraps into two rows that fit a laptop screen at
# 100 % zoom, where the 10 px labels are legible (one row of 32 needs 2,432 px).
MIN_PER_ROW = 16
TARGET_ASPECT = 16.0 / 9.0  # a wrapped layout aims at a screen's shape so fit-all uses the screen
# Devices per group when zoomed out: small enough that a bundle's ends stay within four devices of
# the links it stands for, large enough that 4,096 servers become ~500 blocks.
GROUP_SIZE = 8


@dataclass(frozen=True, slots=True)
class Band:
    code: int
    label: str
    count: int
    top: float  # scene y of the band's first row (top edge of its nodes)
    bottom: float  # scene y of the bottom edge of its last row


@dataclass(frozen=True, slots=True, eq=False)
class Layout:
    x: np.ndarray  # float64 per device: centre x (NaN for devices not drawn)
    y: np.ndarray  # float64 per device: centre y
    band: np.ndarray  # int16 per device: band code
    row: np.ndarray  # int32 per device: global row number (top row 0)
    bands: tuple[Band, ...]
    per_row: int
    width: float
    height: float


def infer_levels(device_class: np.ndarray, fab_u: np.ndarray, fab_v: np.ndarray) -> np.ndarray:
    """Hop distance from the nearest server over the compute fabric (servers 0; -1 unreached): the
    engine's own rule (engine/topology/tiers.py hop_levels), so the view's bands are the engine's tiers."""
    return hop_levels(device_class == CLASS_SERVER, fab_u, fab_v)


def bands_from_levels(device_class: np.ndarray, level: np.ndarray) -> np.ndarray:
    """Band code per device: servers 0, reached switches their tier, the rest off-fabric or other."""
    band = np.where(device_class == CLASS_SERVER, 0, BAND_OTHER).astype(np.int16)
    switch = device_class == CLASS_SWITCH
    band[switch] = np.where(level[switch] > 0, level[switch], BAND_OFF_FABRIC)
    return band


def band_label(code: int) -> str:
    return TIER_NAMES.get(code, f"Tier {code} switches")


def short_band_label(code: int) -> str:
    return SHORT_TIER_NAMES.get(code, f"Tier {code}")


def rows_per_band_width(n_devices: int) -> int:
    """Devices per row: one row up to MIN_PER_ROW, then about TARGET_ASPECT wide overall."""
    wanted = math.sqrt(TARGET_ASPECT * max(n_devices, 1) * ROW_PITCH / PITCH_X)
    return max(MIN_PER_ROW, math.ceil(wanted))


def compute_layout(band: np.ndarray, link_a: np.ndarray, link_b: np.ndarray,
                   drawn: np.ndarray | None = None, per_row: int | None = None) -> Layout:
    """Positions of every device; ``drawn`` masks out devices the view does not show (PDUs).

    Bands are stacked top-down (cores ... servers, then the other networks) but ordered bottom-up:
    servers first, then each tier by its neighbours below, so every barycentre is known.
    """
    n = band.size
    drawn = np.ones(n, dtype=bool) if drawn is None else drawn
    per_row = per_row or rows_per_band_width(int(drawn.sum()))
    codes, counts = np.unique(band[drawn], return_counts=True)
    count_of = dict(zip(codes.tolist(), counts.tolist(), strict=True))
    stacked = sorted(count_of, key=_band_sort_key)
    width = min(per_row, max(count_of.values(), default=0)) * PITCH_X
    tops, bands, first_row = _stack_bands(stacked, count_of, per_row)
    x, y = np.full(n, np.nan), np.full(n, np.nan)
    row_of = np.full(n, -1, dtype=np.int32)
    for code in sorted(count_of, key=_placement_sort_key):
        members = np.flatnonzero(drawn & (band == code))
        order = _order_members(members, code, x, link_a, link_b)
        _place_band(order, per_row, tops[code], width, x, y)
        row_of[order] = first_row[code] + np.arange(order.size) // per_row
    height = bands[-1].bottom if bands else 0.0
    return Layout(x, y, band.astype(np.int16), row_of, tuple(bands), per_row, width, height)


def _stack_bands(stacked: list[int], count_of: dict[int, int], per_row: int,
                 ) -> tuple[dict[int, float], list[Band], dict[int, int]]:
    tops: dict[int, float] = {}
    first_row: dict[int, int] = {}
    bands: list[Band] = []
    top, next_row = 0.0, 0
    for code in stacked:
        rows = -(-count_of[code] // per_row)
        bottom = top + (rows - 1) * ROW_PITCH + NODE_H
        tops[code], first_row[code] = top, next_row
        bands.append(Band(code, band_label(code), count_of[code], top, bottom))
        top, next_row = bottom + BAND_GAP, next_row + rows
    return tops, bands, first_row


def _band_sort_key(code: int) -> tuple[int, int]:
    """Top to bottom: fabric tiers (cores first, servers last), then off-fabric switches, then others."""
    return (0, -code) if code >= 0 else (1, -code)


def _placement_sort_key(code: int) -> tuple[int, int]:
    """Servers first, each tier after the one below it, then the other networks."""
    return (0, code) if code >= 0 else (1, -code)


def _order_members(members: np.ndarray, code: int, x: np.ndarray, link_a: np.ndarray,
                   link_b: np.ndarray) -> np.ndarray:
    """Servers keep design order; everyone else sorts by the mean x of already-placed neighbours."""
    if code == 0 or members.size < 2:
        return members
    centre = _barycentres(members, x, link_a, link_b)
    centre[np.isnan(centre)] = np.inf  # unlinked devices go to the end of their band, in design order
    return members[np.lexsort((members, centre))]


def _barycentres(members: np.ndarray, x: np.ndarray, link_a: np.ndarray, link_b: np.ndarray) -> np.ndarray:
    n = x.size
    is_member = np.zeros(n, dtype=bool)
    is_member[members] = True
    placed = ~np.isnan(x)
    ends = np.concatenate((link_a, link_b))
    others = np.concatenate((link_b, link_a))
    use = is_member[ends] & placed[others]
    total = np.bincount(ends[use], weights=x[others[use]], minlength=n)
    count = np.bincount(ends[use], minlength=n)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (total / count)[members]


def _place_band(order: np.ndarray, per_row: int, top: float, width: float, x: np.ndarray,
                y: np.ndarray) -> None:
    """Fill rows left to right, each row centred in the layout's width."""
    k = np.arange(order.size)
    row, col = k // per_row, k % per_row
    in_row = np.minimum(per_row, order.size - row * per_row)
    offset = (width - in_row * PITCH_X) / 2.0
    x[order] = offset + col * PITCH_X + PITCH_X / 2.0
    y[order] = top + row * ROW_PITCH + NODE_H / 2.0


@dataclass(frozen=True, slots=True, eq=False)
class Groups:
    """Runs of identical devices in one row, drawn as one block when zoomed far out."""

    of_device: np.ndarray  # int32 per device: group index, -1 for devices not drawn
    x0: np.ndarray
    x1: np.ndarray
    y: np.ndarray  # centre y of each group
    count: np.ndarray
    key: np.ndarray  # int per group: the model key every member shares
    band: np.ndarray


def group_runs(x: np.ndarray, y: np.ndarray, band: np.ndarray, key: np.ndarray, max_size: int = GROUP_SIZE,
               ) -> Groups:
    """Devices side by side on one row (same y) with the same ``key`` (a catalog model code) form
    groups of at most ``max_size``; devices with NaN x are not drawn and belong to none."""
    of_device = np.full(x.size, -1, dtype=np.int32)
    drawn = np.flatnonzero(~np.isnan(x))
    if drawn.size == 0:
        none = np.empty(0, dtype=np.int64)
        return Groups(of_device, np.empty(0), np.empty(0), np.empty(0), none, none, none.astype(np.int16))
    order = drawn[np.lexsort((x[drawn], y[drawn]))]
    row, k = y[order], key[order]
    run_start = np.concatenate(([True], (row[1:] != row[:-1]) | (k[1:] != k[:-1])))
    run_first = np.maximum.accumulate(np.where(run_start, np.arange(order.size), 0))
    is_start = run_start | ((np.arange(order.size) - run_first) % max_size == 0)
    starts = np.flatnonzero(is_start)
    of_device[order] = np.cumsum(is_start) - 1
    ends = np.append(starts[1:], order.size) - 1
    half = NODE_W / 2.0
    first, last = order[starts], order[ends]
    return Groups(of_device, x[first] - half, x[last] + half, y[first], ends - starts + 1, k[starts],
                  band[first])


@dataclass(frozen=True, slots=True, eq=False)
class Bundles:
    """Links between two groups merged into one line (overview level of detail)."""

    group_a: np.ndarray
    group_b: np.ndarray
    links: np.ndarray  # links in the bundle
    gbps: np.ndarray  # total capacity
    load: np.ndarray | None = None  # the busiest member link's utilisation (NaN: none known)


def bundle_links(of_device: np.ndarray, link_a: np.ndarray, link_b: np.ndarray, gbps: np.ndarray,
                 load: np.ndarray | None = None) -> Bundles:
    """One bundle per pair of groups; ``load`` (per link) gives each bundle its members' maximum."""
    return BundleIndex(of_device, link_a, link_b, gbps, load).current()


class BundleIndex:
    """The bundles of a set of links, knowing each link's bundle, so that a link that comes, goes or
    changes load updates only its own bundle (the groups, which depend on devices only, stay).

    Arrays are per link slot (the view's link index); ``use`` masks the slots that are drawn."""

    def __init__(self, of_device: np.ndarray, link_a: np.ndarray, link_b: np.ndarray, gbps: np.ndarray,
                 load: np.ndarray | None = None, use: np.ndarray | None = None) -> None:
        self.of_device = of_device
        self.width = int(of_device.max()) + 1 if of_device.size and of_device.max() >= 0 else 1
        keep, lo, hi = self._ends(of_device, link_a, link_b, use)
        self.pair, inverse = np.unique(lo * self.width + hi, return_inverse=True)
        self.links = np.bincount(inverse, minlength=self.pair.size)
        self.gbps = np.bincount(inverse, weights=np.nan_to_num(gbps[keep]), minlength=self.pair.size)
        self.link_bundle = np.full(link_a.size, -1, dtype=np.int64)
        self.link_bundle[keep] = inverse
        self._sorted = self.pair.size  # bundles below this are in pair order; later ones were appended
        self._appended: dict[int, int] = {}
        self.load: np.ndarray | None = None
        if load is not None:
            self.load = np.full(self.pair.size, np.nan)
            self._refresh_load(np.arange(self.pair.size), load)

    def current(self) -> Bundles:
        """The bundles that still hold a link."""
        keep = self.links > 0
        pair = self.pair[keep]
        load = self.load[keep] if self.load is not None else None
        return Bundles(pair // self.width, pair % self.width, self.links[keep], self.gbps[keep], load)

    def update(self, links: np.ndarray, link_a: np.ndarray, link_b: np.ndarray, gbps: np.ndarray,
               use: np.ndarray, load: np.ndarray | None) -> None:
        """Re-file ``links`` (slots): drop what they gave their old bundles, add them to their new ones."""
        if link_a.size > self.link_bundle.size:
            grow = np.full(link_a.size - self.link_bundle.size, -1, dtype=np.int64)
            self.link_bundle = np.concatenate((self.link_bundle, grow))
        old = self.link_bundle[links]
        had = old >= 0
        np.subtract.at(self.links, old[had], 1)
        np.subtract.at(self.gbps, old[had], np.nan_to_num(gbps[links[had]]))
        self.link_bundle[links] = -1
        keep, lo, hi = self._ends(self.of_device, link_a[links], link_b[links], use[links])
        new = self._bundle_ids(lo * self.width + hi)
        np.add.at(self.links, new, 1)
        np.add.at(self.gbps, new, np.nan_to_num(gbps[links[keep]]))
        self.link_bundle[links[keep]] = new
        if load is not None and self.load is not None:
            mask = np.zeros(self.pair.size, dtype=bool)
            mask[old[had]] = True
            mask[new] = True
            self._refresh_load(np.flatnonzero(mask), load)

    def refresh_loads(self, links: np.ndarray, load: np.ndarray) -> None:
        """These links' loads changed: their bundles take their busiest member's load again."""
        if self.load is None:
            return
        bundles = self.link_bundle[links[links < self.link_bundle.size]]
        mask = np.zeros(self.pair.size, dtype=bool)
        mask[bundles[bundles >= 0]] = True
        self._refresh_load(np.flatnonzero(mask), load)

    def _bundle_ids(self, pairs: np.ndarray) -> np.ndarray:
        """Bundle index per pair code; pairs never seen before get new bundles."""
        at = np.minimum(np.searchsorted(self.pair[: self._sorted], pairs), max(self._sorted - 1, 0))
        found = self.pair[at] == pairs if self._sorted else np.zeros(pairs.size, dtype=bool)
        ids = np.where(found, at, -1)
        for k in np.flatnonzero(~found).tolist():  # links between groups never linked before: a few
            pair = int(pairs[k])
            ids[k] = self._appended.setdefault(pair, self.pair.size)
            if ids[k] == self.pair.size:
                self.pair = np.append(self.pair, pair)
                self.links, self.gbps = np.append(self.links, 0), np.append(self.gbps, 0.0)
                if self.load is not None:
                    self.load = np.append(self.load, np.nan)
        return ids

    def _refresh_load(self, bundles: np.ndarray, load: np.ndarray) -> None:
        """Each of ``bundles`` takes its busiest member's load (NaN: none known)."""
        assert self.load is not None
        slots = self.link_bundle[: load.size]
        inside = np.zeros(self.pair.size, dtype=bool)
        inside[bundles] = True
        members = np.flatnonzero((slots >= 0) & inside[slots])
        where = np.searchsorted(bundles, slots[members])
        most = np.full(bundles.size, -np.inf)
        np.maximum.at(most, where, np.nan_to_num(load[members], nan=-np.inf))
        self.load[bundles] = np.where(np.isneginf(most), np.nan, most)

    @staticmethod
    def _ends(of_device: np.ndarray, link_a: np.ndarray, link_b: np.ndarray, use: np.ndarray | None,
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        ga, gb = of_device[link_a], of_device[link_b]
        keep = (ga >= 0) & (gb >= 0) & (ga != gb)
        if use is not None:
            keep &= use
        return keep, np.minimum(ga, gb)[keep].astype(np.int64), np.maximum(ga, gb)[keep].astype(np.int64)


def nearest_link(px: float, py: float, x0: np.ndarray, y0: np.ndarray, x1: np.ndarray, y1: np.ndarray,
                 tolerance: float) -> int:
    """Index of the segment closest to (px, py) within ``tolerance``, or -1."""
    if x0.size == 0:
        return -1
    near = ((np.minimum(x0, x1) - tolerance <= px) & (px <= np.maximum(x0, x1) + tolerance)
            & (np.minimum(y0, y1) - tolerance <= py) & (py <= np.maximum(y0, y1) + tolerance))
    candidates = np.flatnonzero(near)
    if candidates.size == 0:
        return -1
    dx, dy = x1[candidates] - x0[candidates], y1[candidates] - y0[candidates]
    length2 = dx * dx + dy * dy
    with np.errstate(invalid="ignore", divide="ignore"):
        t = np.clip(((px - x0[candidates]) * dx + (py - y0[candidates]) * dy) / length2, 0.0, 1.0)
    t = np.nan_to_num(t)
    distance = np.hypot(x0[candidates] + t * dx - px, y0[candidates] + t * dy - py)
    best = int(np.argmin(distance))
    return int(candidates[best]) if distance[best] <= tolerance else -1
