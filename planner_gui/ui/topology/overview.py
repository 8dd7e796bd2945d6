"""The fabric overview's picture: which groups are drawn, where, and the link bundles between them.
Pure numpy, no Qt (the drawing is :mod:`planner_gui.ui.topology.overview_item`).

The drawn nodes are the frontier of the open tree nodes (:mod:`planner_gui.ui.topology.fabric`),
tier by tier in rows, top tier first; an open device shows its linked ports instead of itself.
Every link between two drawn nodes joins the bundle of that pair: its link count, slowest and
fastest speed, highest and mean load, and rail (when all its links use one NIC index).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from planner_gui.ui.topology import fabric as fb
from planner_gui.ui.topology import layout as tl
from planner_gui.ui.topology.data import TopologyData
from planner_gui.ui.topology.grouped import Grouping

# Sizes in scene units (1 unit = 1 px at 100 %): a group is wide enough for "1,024 × DGX H100"
# in the 11 px title font, a device as in the full view, a port for "nic7".
GROUP_W, GROUP_H = 168.0, 46.0
DEVICE_W, DEVICE_H = tl.NODE_W, tl.NODE_H
PORT_W, PORT_H = 52.0, 20.0
GAP = 14.0  # between neighbours in a row
PARENT_GAP = 36.0  # between the children of different parents: the groups read apart
FRAME_PAD = 10.0  # an open group's frame around its children, per level of nesting
FRAME_HEADER = 16.0  # room for the open group's name above its children
ROW_PITCH = 230.0  # between tier rows: room for frames, bundles and their labels
PORT_KIND = "port"


@dataclass(frozen=True, slots=True)
class Spot:
    """One drawn node: a tree node, or (tree node of a device, port name) for a port."""

    node: int
    port: str | None
    x: float  # centre
    y: float
    w: float
    h: float


@dataclass(frozen=True, slots=True)
class Frame:
    node: int  # the open tree node it stands for
    left: float
    top: float
    right: float
    bottom: float


@dataclass(eq=False)
class Picture:
    spots: list[Spot]
    frames: list[Frame]
    bundle_a: np.ndarray  # spot index per bundle
    bundle_b: np.ndarray
    count: np.ndarray  # links per bundle
    gbps_min: np.ndarray
    gbps_max: np.ndarray
    load_max: np.ndarray  # NaN: no load data
    load_mean: np.ndarray
    rail: np.ndarray  # NIC index all the bundle's links use, else fabric.NO_RAIL
    fabric: np.ndarray  # bool: every link of the bundle is on the compute fabric
    rows: list[tuple[int, float, float, int]] = field(default_factory=list)  # (band, top, bottom, devices)

    @property
    def n_bundles(self) -> int:
        return int(self.count.size)

    def rect(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of everything drawn."""
        if not self.spots:
            return 0.0, 0.0, 0.0, 0.0
        xs = [(s.x - s.w / 2, s.x + s.w / 2) for s in self.spots] + [(f.left, f.right) for f in self.frames]
        ys = [(s.y - s.h / 2, s.y + s.h / 2) for s in self.spots] + [(f.top, f.bottom) for f in self.frames]
        return min(a for a, _ in xs), min(a for a, _ in ys), max(b for _, b in xs), max(b for _, b in ys)

    def spot_at(self, x: float, y: float) -> int:
        for i, s in enumerate(self.spots):
            if abs(x - s.x) <= s.w / 2 and abs(y - s.y) <= s.h / 2:
                return i
        return -1

    def frame_at(self, x: float, y: float) -> int:
        """The innermost frame whose header strip holds (x, y), else -1."""
        hits = [i for i, f in enumerate(self.frames)
                if f.left <= x <= f.right and f.top <= y <= f.top + FRAME_HEADER + FRAME_PAD]
        return min(hits, key=lambda i: self.frames[i].right - self.frames[i].left) if hits else -1


PortsOf = Callable[[int], list[tuple[int, str]]]  # device index -> (link index, port name) of its links


def frontier(tree: fb.FabricTree, opened: set[int]) -> list[int]:
    """The drawn tree nodes, band by band in tree order: open nodes give way to their children."""
    out: list[int] = []
    for code in sorted(tree.roots, key=tl._band_sort_key):
        stack = [tree.roots[code]]
        while stack:
            node = stack.pop()
            children = tree.children(node) if node in opened else []  # closed: its devices stay unmade
            if children:
                stack.extend(reversed(children))
            else:
                out.append(node)
    return out


def build_picture(data: TopologyData, tree: fb.FabricTree, opened: set[int], ports_of: PortsOf) -> Picture:
    shown = frontier(tree, opened)
    entries: list[tuple[int, str | None]] = []
    port_index: dict[tuple[int, str], int] = {}
    port_links: list[tuple[int, int, int]] = []  # (link index, device, entry)
    for node in shown:
        n = tree.nodes[node]
        ports = ports_of(n.number) if n.kind == fb.DEVICE and node in opened else []
        for link, port in sorted(ports, key=lambda lp: _port_order(lp[1])):  # an open device: its ports
            key = (n.number, port)
            if key not in port_index:
                port_index[key] = len(entries)
                entries.append((node, port))
            port_links.append((link, n.number, port_index[key]))
        if not ports:
            entries.append((node, None))
    spots, rows = _place(tree, entries)
    frames = _frames(tree, opened, spots)
    bundles = _bundles(data, tree, entries, port_links)
    return Picture(spots, frames, *bundles, rows=rows)


def _port_order(name: str) -> tuple[str, int]:
    """"nic2" before "nic10": names sort by their text, then their number."""
    stem = name.rstrip("0123456789")
    digits = name[len(stem):]
    return stem, int(digits) if digits else -1


def _size(tree: fb.FabricTree, node: int, port: str | None) -> tuple[float, float]:
    if port is not None:
        return PORT_W, PORT_H
    return (DEVICE_W, DEVICE_H) if tree.nodes[node].kind == fb.DEVICE else (GROUP_W, GROUP_H)


def _place(tree: fb.FabricTree, entries: list[tuple[int, str | None]],
           ) -> tuple[list[Spot], list[tuple[int, float, float, int]]]:
    """Rows top to bottom by band, nodes left to right in tree order, each row centred on x = 0."""
    by_band: dict[int, list[int]] = {}
    for i, (node, _) in enumerate(entries):
        by_band.setdefault(tree.nodes[node].band, []).append(i)
    xs = np.zeros(len(entries))
    ys = np.zeros(len(entries))
    rows = []
    for row, code in enumerate(sorted(by_band, key=tl._band_sort_key)):
        members = by_band[code]
        x, last_parent = 0.0, None
        for i in members:
            node, port = entries[i]
            parent = node if port is not None else tree.nodes[node].parent
            w, _ = _size(tree, node, port)
            if last_parent is not None:
                x += PARENT_GAP if parent != last_parent else GAP
            xs[i] = x + w / 2
            x += w
            last_parent = parent
        xs[members] -= x / 2
        ys[members] = row * ROW_PITCH
        root = tree.nodes[tree.roots[code]]
        rows.append((code, row * ROW_PITCH - GROUP_H / 2, row * ROW_PITCH + GROUP_H / 2, root.count))
    spots = [Spot(node, port, float(xs[i]), float(ys[i]), *_size(tree, node, port))
             for i, (node, port) in enumerate(entries)]
    return spots, rows


def _frames(tree: fb.FabricTree, opened: set[int], spots: list[Spot]) -> list[Frame]:
    """A frame around the drawn descendants of every open node that is not a tier's root."""
    roots = set(tree.roots.values())
    ancestors_of: dict[int, list[int]] = {}
    for i, spot in enumerate(spots):
        chain = [spot.node] if spot.port is not None else []  # a port's device is open: it has a frame
        parent = tree.nodes[spot.node].parent
        while parent >= 0:
            chain.append(parent)
            parent = tree.nodes[parent].parent
        for ancestor in chain:
            if ancestor in opened and ancestor not in roots:
                ancestors_of.setdefault(ancestor, []).append(i)
    depth = {node: _open_height(tree, node, opened) for node in ancestors_of}
    frames = []
    for node, members in ancestors_of.items():
        pad = FRAME_PAD * depth[node]
        left = min(spots[i].x - spots[i].w / 2 for i in members) - pad
        right = max(spots[i].x + spots[i].w / 2 for i in members) + pad
        top = min(spots[i].y - spots[i].h / 2 for i in members) - pad - FRAME_HEADER
        bottom = max(spots[i].y + spots[i].h / 2 for i in members) + pad
        frames.append(Frame(node, left, top, right, bottom))
    return sorted(frames, key=lambda f: f.left - f.right)  # outermost first: inner ones draw on top


def _open_height(tree: fb.FabricTree, node: int, opened: set[int]) -> int:
    """1 for an open node whose children are all closed, one more per open level below it."""
    children = [c for c in tree.children(node) if c in opened]
    return 1 + max((_open_height(tree, c, opened) for c in children), default=0)


def _bundles(data: TopologyData, tree: fb.FabricTree, entries: list[tuple[int, str | None]],
             port_links: list[tuple[int, int, int]]) -> tuple[np.ndarray, ...]:
    n = data.band.size
    shown = np.full(n, -1, dtype=np.int64)
    for i, (node, port) in enumerate(entries):
        if port is None:
            shown[tree.devices(node)] = i
    links = data.live_links()
    da, db = shown[data.link_a[links]], shown[data.link_b[links]]
    if port_links:
        where = np.searchsorted(links, np.array([p[0] for p in port_links], dtype=np.int64))
        for (link, device, entry), k in zip(port_links, where.tolist(), strict=True):
            if k < links.size and links[k] == link:
                if data.link_a[link] == device:
                    da[k] = entry
                else:
                    db[k] = entry
    keep = (da >= 0) & (db >= 0) & (da != db)
    links, da, db = links[keep], da[keep], db[keep]
    lo, hi = np.minimum(da, db), np.maximum(da, db)
    pair, inverse = np.unique(lo * (len(entries) + 1) + hi, return_inverse=True)
    inverse = inverse.ravel()
    m = pair.size
    count = np.bincount(inverse, minlength=m)
    gbps = np.nan_to_num(data.link_gbps[links], nan=0.0)
    gbps_min, gbps_max = np.full(m, np.inf), np.zeros(m)
    by_bundle = Grouping(inverse)
    by_bundle.into(np.minimum, gbps_min, gbps)
    by_bundle.into(np.maximum, gbps_max, gbps)
    load = data.utilisation[links] if data.utilisation is not None else np.full(links.size, np.nan)
    known = ~np.isnan(load)
    load_max = np.full(m, -np.inf)
    Grouping(inverse[known]).into(np.maximum, load_max, load[known])
    load_sum = np.bincount(inverse[known], weights=load[known], minlength=m)
    load_n = np.bincount(inverse[known], minlength=m)
    with np.errstate(invalid="ignore", divide="ignore"):
        load_mean = np.where(load_n > 0, load_sum / np.maximum(load_n, 1), np.nan)
    load_max = np.where(load_n > 0, load_max, np.nan)
    nic = data.link_nic[links].astype(np.int64)
    nic_lo, nic_hi = np.full(m, np.iinfo(np.int64).max), np.full(m, -2, dtype=np.int64)
    by_bundle.into(np.minimum, nic_lo, nic)
    by_bundle.into(np.maximum, nic_hi, nic)
    rail = np.where((nic_lo == nic_hi) & (nic_lo >= 0), nic_lo, fb.NO_RAIL)
    on_fabric = np.bincount(inverse, weights=data.link_fabric[links].astype(float), minlength=m) == count
    width = len(entries) + 1
    return pair // width, pair % width, count, gbps_min, gbps_max, load_max, load_mean, rail, on_fabric
