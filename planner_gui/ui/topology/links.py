"""The topology view's links: batched paths, patched per edit instead of rebuilt.

Links are never one item each: a 100,000-GPU design has 390,000 of them. They are drawn as
pre-built QPainterPaths, one set per class (tier pair x speed, x load level when colouring by
load). Each class is cut into chunks of at most CHUNK_LINKS links, one path item per chunk, and
every link remembers its chunk and class. An edit therefore redraws only the chunks that hold the
links it touched: a removed link leaves its chunk, a new one joins its class's open chunk, a link
whose load level changed moves to the chunk of its new colour, a link whose end moved is redrawn
where it is. Links whose class did not change cost one vectorised comparison, no Qt work.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from PySide6.QtWidgets import QGraphicsItem

from planner_gui.ui import colors
from planner_gui.ui.topology import layout as tl
from planner_gui.ui.topology.data import TopologyData
from planner_gui.ui.topology.items import (
    AA_SEGMENT_LIMIT,
    LOAD_COLOURS,
    MAX_BANDS,
    Z_LINKS,
    PassivePathItem,
    cosmetic_pen,
    load_levels,
    segments_path,
)

# Links per path item. arrayToQPath streams ~8 million segments a second here (387,676 in 47 ms,
# benchmarks/gui_views.py at 100,000 GPUs), so rebuilding a full chunk takes ~1 ms, while a
# 4,096-node design (122,000 links) stays at a few dozen items.
CHUNK_LINKS = 8192
# Class key digits for speeds: codes are handed out per distinct link speed the view has seen (a
# design has a handful: 100/200/400/800 Gb/s and the management 1-25 Gb/s ports).
MAX_SPEEDS = 1024
# Colour slots per class key: the load levels (4) or the rails (8) and "no rail" in the last slot.
COLOUR_SLOTS = 16
NO_CLASS = -1  # key of a link that is not drawn
NO_CHUNK = -1


@dataclass(eq=False)
class _Chunk:
    key: int
    links: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64))
    item: PassivePathItem | None = None


class LinkLayer:
    """Class-and-chunk paths of every drawn link, kept up to date by :meth:`update` + :meth:`flush`."""

    def __init__(self, parent: QGraphicsItem) -> None:
        self._parent = parent
        self.by_load = False
        self.by_rail = False
        self._clear()

    # ----- whole picture ---------------------------------------------------------------------------
    def rebuild(self, data: TopologyData, links: np.ndarray, by_load: bool = True, by_rail: bool = False) -> None:
        """Draw ``links`` from scratch (a new design, or the colouring changed)."""
        for chunk in self._chunks:
            self._drop_item(chunk)
        self._clear()
        self.by_load = by_load and data.utilisation is not None
        self.by_rail = by_rail
        self.update(data, links.astype(np.int64), geometry=False)
        self.flush(data)

    # ----- patches ---------------------------------------------------------------------------------
    def update(self, data: TopologyData, links: np.ndarray, geometry: bool = True) -> None:
        """These links may have come, gone, changed class (tier, load level) or, with ``geometry``,
        moved: re-file those whose class changed and mark the chunks to redraw (see :meth:`flush`)."""
        self._grow(data.link_alive.size)
        links = distinct(np.asarray(links, dtype=np.int64), self.chunk_of.size)
        if links.size == 0:
            return
        keys = self._keys(data, links)
        moved = keys != self.link_key[links]
        if geometry:
            self._mark_dirty(self.chunk_of[links[~moved]])
        refile, keys = links[moved], keys[moved]
        self.discard(refile)
        drawn = keys != NO_CLASS
        self._file(refile[drawn], keys[drawn])

    def discard(self, links: np.ndarray) -> None:
        """Take links out of the drawing (gone, or following a dragged device live)."""
        links = np.asarray(links, dtype=np.int64)
        links = links[links < self.chunk_of.size]
        self._mark_dirty(self.chunk_of[links])
        self.chunk_of[links] = NO_CHUNK
        self.link_key[links] = NO_CLASS

    def flush(self, data: TopologyData) -> None:
        """Redraw the chunks that changed since the last flush."""
        dirty, self._dirty = sorted(self._dirty), set()
        for cid in dirty:
            chunk = self._chunks[cid]
            chunk.links = distinct(chunk.links[self.chunk_of[chunk.links] == cid], self.chunk_of.size)
            if chunk.links.size == 0:
                self._drop_item(chunk)
                if self._open.get(chunk.key) == cid:
                    del self._open[chunk.key]
                continue
            if chunk.item is None:
                colour, width = self._styles[chunk.key]
                chunk.item = PassivePathItem(cosmetic_pen(colour, width), Z_LINKS)
                chunk.item.setParentItem(self._parent)
            # Not cached: measured at 1,024 nodes, a small repaint (hover, selection) took 57-65 ms with
            # DeviceCoordinateCache (Qt re-renders the partially exposed cache) and 5-9 ms without.
            chunk.item.segments = int(chunk.links.size)
            chunk.item.setPath(segments_path(*data.segments(chunk.links)))
        for key in {self._chunks[cid].key for cid in dirty}:
            self._set_aliasing(key)

    # ----- reading ---------------------------------------------------------------------------------
    @property
    def segment_count(self) -> int:
        return sum(item.segments for item in self._items)

    @property
    def _items(self) -> list[PassivePathItem]:
        return [chunk.item for chunk in self._chunks if chunk.item is not None]

    def item_of(self, link: int) -> PassivePathItem | None:
        """The path item that draws link index ``link`` (None: not drawn)."""
        cid = int(self.chunk_of[link]) if link < self.chunk_of.size else NO_CHUNK
        return self._chunks[cid].item if cid >= 0 else None

    def colour_of(self, link: int) -> str | None:
        key = int(self.link_key[link]) if link < self.link_key.size else NO_CLASS
        return self._styles[key][0] if key != NO_CLASS else None

    # ----- internals -------------------------------------------------------------------------------
    def _clear(self) -> None:
        self._chunks: list[_Chunk] = []
        self._open: dict[int, int] = {}  # class key -> the chunk new links of that class join
        self._styles: dict[int, tuple[str, float]] = {}  # class key -> (colour, cosmetic width)
        self._speed_codes: dict[float, int] = {}
        self._dirty: set[int] = set()
        self.chunk_of = np.empty(0, dtype=np.int64)  # per link index
        self.link_key = np.empty(0, dtype=np.int64)

    def _grow(self, size: int) -> None:
        extra = size - self.chunk_of.size
        if extra > 0:
            self.chunk_of = np.concatenate((self.chunk_of, np.full(extra, NO_CHUNK, dtype=np.int64)))
            self.link_key = np.concatenate((self.link_key, np.full(extra, NO_CLASS, dtype=np.int64)))

    def _keys(self, data: TopologyData, links: np.ndarray) -> np.ndarray:
        """Class key per link (NO_CLASS for links not drawn); new classes get their style."""
        a, b = data.link_a[links], data.link_b[links]
        drawn = data.link_alive[links] & data.drawn[a] & data.drawn[b]
        shift = -tl.BAND_OTHER  # band codes start at BAND_OTHER (-2): shift them to 0
        lo = np.minimum(data.band[a], data.band[b]).astype(np.int64) + shift
        hi = np.maximum(data.band[a], data.band[b]).astype(np.int64) + shift
        by_load = self.by_load and data.utilisation is not None  # loads gone: a full redraw is on its way
        load = load_levels(data.utilisation[links]) if by_load else np.zeros(links.size, dtype=np.int64)
        if self.by_rail:  # the colour slot is the rail: the NIC index, or the last slot between switches
            nic = data.link_nic[links].astype(np.int64)
            load = np.where(nic >= 0, nic % len(colors.RAIL_COLOURS), COLOUR_SLOTS - 1)
        keys = ((lo * MAX_BANDS + hi) * MAX_SPEEDS + self._speed_code(data.link_gbps[links])) * COLOUR_SLOTS
        keys = np.where(drawn, keys + load, NO_CLASS)
        styled = np.fromiter(self._styles, dtype=np.int64, count=len(self._styles))
        for key in np.unique(keys[~np.isin(keys, styled)]).tolist():  # classes never seen: a few at most
            if key != NO_CLASS:
                self._styles[key] = self._style(key)
        return keys

    def _speed_code(self, gbps: np.ndarray) -> np.ndarray:
        """A small code per distinct speed (NaN: unknown), stable for the layer's life."""
        speed = np.nan_to_num(gbps, nan=-1.0)
        known = np.fromiter(self._speed_codes, dtype=float, count=len(self._speed_codes))
        for value in np.unique(speed[~np.isin(speed, known)]).tolist():
            self._speed_codes[value] = len(self._speed_codes)
        speeds = np.fromiter(self._speed_codes, dtype=float, count=len(self._speed_codes))
        codes = np.fromiter(self._speed_codes.values(), dtype=np.int64, count=len(self._speed_codes))
        order = np.argsort(speeds)
        return codes[order][np.searchsorted(speeds[order], speed)]

    def _mark_dirty(self, chunks: np.ndarray) -> None:
        self._dirty.update(distinct(chunks[chunks >= 0], len(self._chunks)).tolist())

    def _style(self, key: int) -> tuple[str, float]:
        code = (key // COLOUR_SLOTS) % MAX_SPEEDS
        speed = next(s for s, c in self._speed_codes.items() if c == code)
        gbps = float("nan") if speed < 0 else speed
        slot = key % COLOUR_SLOTS
        if self.by_rail:
            colour = colors.rail_colour(slot if slot < COLOUR_SLOTS - 1 else -1)
        else:
            colour = LOAD_COLOURS[slot] if self.by_load else colors.speed_colour(gbps)
        return colour, colors.speed_width(gbps)

    def _file(self, links: np.ndarray, keys: np.ndarray) -> None:
        """Put links into their class's open chunk, opening new chunks as they fill."""
        order = np.argsort(keys, kind="stable")
        links, keys = links[order], keys[order]
        bounds = np.flatnonzero(np.diff(keys)) + 1
        for part in np.split(np.arange(links.size), bounds):
            if part.size:
                self._file_class(int(keys[part[0]]), links[part])

    def _file_class(self, key: int, links: np.ndarray) -> None:
        self.link_key[links] = key
        while links.size:
            cid = self._open.get(key)
            if cid is None or self._chunks[cid].links.size >= CHUNK_LINKS:
                cid = len(self._chunks)
                self._chunks.append(_Chunk(key))
                self._open[key] = cid
            chunk = self._chunks[cid]
            take = links[: CHUNK_LINKS - chunk.links.size]
            chunk.links = np.concatenate((chunk.links, take))
            self.chunk_of[take] = cid
            self._dirty.add(cid)
            links = links[take.size:]

    def _set_aliasing(self, key: int) -> None:
        """A class drawn with many segments is drawn without antialiasing, in all its chunks alike."""
        chunks = [c for c in self._chunks if c.key == key and c.item is not None]
        aliased = sum(int(c.links.size) for c in chunks) > AA_SEGMENT_LIMIT
        for chunk in chunks:
            chunk.item.aliased = aliased  # type: ignore[union-attr]

    @staticmethod
    def _drop_item(chunk: _Chunk) -> None:
        item = chunk.item
        if item is not None:
            item.setParentItem(None)
            if item.scene() is not None:
                item.scene().removeItem(item)
            chunk.item = None


def distinct(values: np.ndarray, size: int) -> np.ndarray:
    """The distinct values (0 <= value < size), sorted: a mask pass, linear in ``size``, where
    np.unique's hashing took ~12 ms per call on 390,000 link indices."""
    mask = np.zeros(size, dtype=bool)
    mask[values] = True
    return np.flatnonzero(mask)
