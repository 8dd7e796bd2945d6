"""The compute fabric as a layered diagram: servers at the bottom, then leaves, spines and cores.

Each tier is a row of boxes. A tier with more devices than fit a row is drawn as groups of
consecutive devices (one box per group, labelled with its first and last id and the count), so a
4,096-node fabric draws as clearly as a 4-node one. A line joins two boxes when any link joins
their devices; its width grows with the number of links, and server uplinks take the colour of
their rail (NIC index): between two boxes that carry several rails, one line per rail side by side,
so rail-optimised cabling shows in colour at any size.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from planner_gui.report.content.blocks import Drawing, Label, Line, Rect, Shape
from planner_gui.report.content.context import shorten

WIDTH = 100.0  # drawing units across
LEFT = 15.0  # room for the tier names
ROW_STEP = 13.0  # vertical distance between tiers
BOX_H = 4.2
MAX_BOXES = 16  # boxes per tier before devices are grouped (wide enough for a "961–1024" label)
MIN_ID_BOX_W = 6.0  # narrower boxes show their position in the tier instead of device ids
TEXT = 1.25  # label height in drawing units
RAIL_COLORS = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7")
SWITCH_LINK = "#7f8c9a"
RAIL_SPREAD = 0.32  # drawing units between the lines of a bundle (one line per rail between two boxes)
BOX_FILL = {0: "#dce6f2"}
SWITCH_FILL = "#fbe3cc"
BOX_STROKE = "#4a5663"


def topology_drawing(topo: Any, tier_names: dict[int, str]) -> Drawing | None:
    """The layered diagram of ``topo`` (a TopologyReport), or None when it has no fabric to draw."""
    graph, tiers = topo.graph, topo.tier_data
    if graph is None or tiers is None or topo.servers == 0 or topo.fabric_switches == 0:
        return None  # nothing to draw: no server, or servers without a switched fabric
    levels = [lvl for lvl in range(0, int(tiers.top) + 1) if np.any(tiers.level == lvl)]
    rows = {lvl: _groups(np.flatnonzero(tiers.level == lvl)) for lvl in levels}
    height = ROW_STEP * (len(levels) - 1) + BOX_H + 2 * TEXT + 2.0
    box_of, centers, shapes = _place_boxes(graph, rows, levels, height, tier_names)
    lines = _links(graph, box_of, centers)
    return Drawing(WIDTH, height, tuple(lines + shapes))


def _groups(members: np.ndarray) -> list[np.ndarray]:
    if members.size <= MAX_BOXES:
        return [members[i : i + 1] for i in range(members.size)]
    size = math.ceil(members.size / MAX_BOXES)
    return [members[i : i + size] for i in range(0, members.size, size)]


def _place_boxes(
    graph: Any,
    rows: dict[int, list[np.ndarray]],
    levels: list[int],
    height: float,
    tier_names: dict[int, str],
) -> tuple[np.ndarray, dict[int, tuple[float, float]], list[Shape]]:
    box_of = np.full(graph.n_devices, -1, dtype=np.int64)
    centers: dict[int, tuple[float, float]] = {}
    shapes: list[Shape] = []
    serial = 0
    for lvl in levels:
        groups = rows[lvl]
        y = height - TEXT - BOX_H - ROW_STEP * levels.index(lvl)
        span = (WIDTH - LEFT) / len(groups)
        box_w = min(span * 0.8, 16.0)
        count = sum(g.size for g in groups)
        shapes.append(
            Label(
                0.5,
                y + BOX_H / 2,
                f"{tier_names.get(lvl, str(lvl))} × {count:,}",
                TEXT,
                "#1d1d1f",
                max_w=LEFT - 1.0,
                bold=True,
            )
        )
        position = 1
        for index, members in enumerate(groups):
            x = LEFT + span * index + (span - box_w) / 2
            box_of[members] = serial
            centers[serial] = (x + box_w / 2, y)
            shapes.append(Rect(x, y, box_w, BOX_H, BOX_FILL.get(lvl, SWITCH_FILL), BOX_STROKE, 0.12))
            shapes.append(
                Label(
                    x + box_w / 2,
                    y + BOX_H / 2,
                    _box_label(graph, members, position, box_w),
                    TEXT * (0.8 if members.size == 1 else 0.7),
                    "#1d1d1f",
                    "center",
                    box_w - 0.4,
                )
            )
            serial += 1
            position += members.size
    return box_of, centers, shapes


def _box_label(graph: Any, members: np.ndarray, first_position: int, box_w: float) -> str:
    """Device id (or first … last id of a group); a narrow box shows positions in the tier instead."""
    last_position = first_position + members.size - 1
    if box_w < MIN_ID_BOX_W:
        return str(first_position) if members.size == 1 else f"{first_position}–{last_position}"
    if members.size > 1:
        first, last = graph.device_ids[int(members[0])], graph.device_ids[int(members[-1])]
        return f"{shorten(first, 24)} … {shorten(last, 24)} ({members.size})"
    return shorten(graph.device_ids[int(members[0])], 40)


def _links(graph: Any, box_of: np.ndarray, centers: dict[int, tuple[float, float]]) -> list[Shape]:
    u, v = box_of[graph.fab_u], box_of[graph.fab_v]
    keep = (u >= 0) & (v >= 0) & (u != v)
    if not keep.any():
        return []
    low, high = np.minimum(u[keep], v[keep]), np.maximum(u[keep], v[keep])
    rail = np.asarray(graph.fab_nic)[keep]
    pairs, inverse, counts = np.unique(np.stack([low, high]), axis=1, return_inverse=True, return_counts=True)
    rails = _rails_per_pair(inverse.ravel(), rail)
    shapes: list[Shape] = []
    for k in range(pairs.shape[1]):
        a, b = centers[int(pairs[0, k])], centers[int(pairs[1, k])]
        if a[1] == b[1]:
            continue  # links within a tier (server to server) are counted in the text, not drawn
        upper, lower = (a, b) if a[1] < b[1] else (b, a)
        bundle = rails.get(k) or [(-1, int(counts[k]))]
        for index, (nic, n) in enumerate(bundle):  # one line per rail, side by side: colours at any size
            dx = (index - (len(bundle) - 1) / 2) * RAIL_SPREAD
            color = RAIL_COLORS[nic % len(RAIL_COLORS)] if nic >= 0 else SWITCH_LINK
            width = 0.08 + 0.06 * math.log2(1 + n)
            shapes.append(Line(upper[0] + dx, upper[1] + BOX_H, lower[0] + dx, lower[1], color, width))
    return shapes


def _rails_per_pair(inverse: np.ndarray, rail: np.ndarray) -> dict[int, list[tuple[int, int]]]:
    """Box pair -> [(NIC index, links)] of its server links, by rail (pairs with no server link absent)."""
    server = rail >= 0
    out: dict[int, list[tuple[int, int]]] = {}
    if not server.any():
        return out
    combos, counts = np.unique(np.stack([inverse[server], rail[server]]), axis=1, return_counts=True)
    for pair, nic, n in zip(combos[0].tolist(), combos[1].tolist(), counts.tolist(), strict=True):
        out.setdefault(pair, []).append((nic, n))
    return out
