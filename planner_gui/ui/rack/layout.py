"""Geometry of the rack elevation: racks to scale in rows, U positions, free space. Pure (Qt only to
translate the refusal messages).

Scale: one rack unit is 1.75 in = 44.45 mm and a device face is 19 in = 482.6 mm wide (EIA-310,
the standard every rack in the catalog follows); a rack is its catalog ``width_mm`` wide. The
drawing uses U_PX scene units per U, so everything else follows from PX_PER_MM. U1 is at the
bottom of a rack, as on the rails.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from planner_gui.model.rack_units import ABOVE, BELOW, fit_problem

MM_PER_U = 44.45  # EIA-310 rack unit (1.75 in)
FACE_MM = 482.6  # EIA-310 19-inch panel width
DEFAULT_RACK_U = 42  # the common rack height (EIA-310 cabinets are commonly 42U-48U), as Document uses
DEFAULT_RACK_MM = 600.0  # catalog rack-42u/rack-48u width; used when a rack's catalog entry is unknown
U_PX = 16.0  # scene units per U: a 1 U label of 10 px fits with 3 px to spare
PX_PER_MM = U_PX / MM_PER_U
FACE_W = FACE_MM * PX_PER_MM  # ~174 scene units
HEADER_H = 22.0  # rack name above the frame
FRAME_PAD = 4.0  # frame thickness above and below the U area
BAR_H = 14.0  # one power or cooling bar under the rack
BAR_GAP = 4.0
BARS_H = 2 * BAR_H + 3 * BAR_GAP  # power bar, cooling bar
RACK_GAP = 24.0  # between neighbouring racks of a row
ROW_GAP = 64.0  # between rows
ROW_LABEL_W = 72.0  # "Row A" left of the first rack
TRAY_TITLE_H = 24.0
TRAY_PAD = 8.0
TRAY_CHIP_H = U_PX * 1.5  # an unplaced device is a chip one and a half U high, whatever its height
TRAY_CHIP_GAP = 6.0
TRAY_MIN_COLUMNS = 4  # a tray narrower than four chips would wrap every few devices
# The narrowest tray: four chips side by side. A one-rack hall is widened to it, so the chips and the
# tray's one-line title ("Unplaced devices: none. Drop a device here ...", ~370 px) fit inside it.
TRAY_MIN_W = 2 * TRAY_PAD + TRAY_MIN_COLUMNS * FACE_W + (TRAY_MIN_COLUMNS - 1) * TRAY_CHIP_GAP
COLUMN_GAP = 160.0  # between two columns of rows in a large hall
ROWS_BEFORE_WRAP = 4  # up to four rows stay one above the other, as on a floor plan
TARGET_ASPECT = 16.0 / 9.0  # a hall of many rows is wrapped to about a screen's shape


@dataclass(frozen=True, slots=True)
class RackSpec:
    """What the layout needs to know about one rack."""

    rack_id: str
    row: str
    position: int
    height_u: int
    width_mm: float = DEFAULT_RACK_MM


@dataclass(frozen=True, slots=True)
class RackBox:
    """Where one rack is drawn: (x, y) is the top-left of its header, in scene units."""

    rack_id: str
    row: str
    x: float
    y: float
    width: float
    height_u: int

    @property
    def face_x(self) -> float:
        """Left edge of the device faces (centred in the frame)."""
        return self.x + (self.width - FACE_W) / 2.0

    @property
    def units_top(self) -> float:
        """Scene y of the top edge of the highest U."""
        return self.y + HEADER_H + FRAME_PAD

    @property
    def units_bottom(self) -> float:
        return self.units_top + self.height_u * U_PX

    @property
    def height(self) -> float:
        """Header, frame and bars."""
        return HEADER_H + 2 * FRAME_PAD + self.height_u * U_PX + BARS_H

    def u_at(self, y: float) -> int | None:
        """The U whose slot contains scene ``y`` (None above or below the U area)."""
        if not self.units_top <= y < self.units_bottom:
            return None
        return self.height_u - int((y - self.units_top) // U_PX)

    def device_top(self, u: int, height_u: int) -> float:
        """Scene y of the top edge of a device whose lowest U is ``u``."""
        return self.units_bottom - (u - 1 + height_u) * U_PX

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height


@dataclass(frozen=True, slots=True)
class RowBox:
    name: str
    x: float  # left edge of the row's label area
    y: float
    height: float
    width: float  # label area and every position up to the widest row's last
    pitch: float  # x distance between two positions

    def slot_x(self, position: int) -> float:
        """Left edge of the rack at ``position`` (1-based)."""
        return self.x + ROW_LABEL_W + (position - 1) * self.pitch


@dataclass(frozen=True, slots=True)
class ElevationLayout:
    racks: Mapping[str, RackBox]
    rows: tuple[RowBox, ...]
    tray_y: float
    tray_height: float
    width: float
    height: float
    slots: frozenset[tuple[str, int]] = frozenset()  # (row, position) holding a rack

    def row_at(self, x: float, y: float) -> RowBox | None:
        """The row whose band (with half the gaps around it) contains the point."""
        for row in self.rows:
            inside_x = row.x - COLUMN_GAP / 2 <= x < row.x + row.width + COLUMN_GAP / 2
            if inside_x and row.y - ROW_GAP / 2 <= y < row.y + row.height + ROW_GAP / 2:
                return row
        return None

    def position_at(self, row: RowBox, x: float) -> int:
        """The 1-based slot of a row under scene ``x``."""
        return max(1, int((x - row.x - ROW_LABEL_W) // row.pitch) + 1)

    def in_tray(self, y: float) -> bool:
        return self.tray_y <= y < self.tray_y + self.tray_height


def row_sort_key(name: str) -> tuple[int, str]:
    """Rows A..Z, then AA..: shorter names first (the generator names rows A, B, ..., Z, AA, ...)."""
    return len(name), name


def tray_columns(width: float) -> int:
    return max(TRAY_MIN_COLUMNS, int((width - 2 * TRAY_PAD + TRAY_CHIP_GAP) // (FACE_W + TRAY_CHIP_GAP)))


def tray_height(unplaced: int, columns: int) -> float:
    """The title line, then one line of chips per ``columns`` devices. An empty tray keeps one line free,
    so unplacing the first device (or placing the last) moves no rack: moving every rack of a
    100,000-GPU hall costs ~300 ms (benchmarks/gui_views.py --gpus)."""
    lines = max(1, -(-unplaced // columns))
    return TRAY_TITLE_H + lines * (TRAY_CHIP_H + TRAY_CHIP_GAP) + TRAY_PAD


def tray_chip_position(index: int, columns: int, tray_y: float) -> tuple[float, float]:
    """Top-left of the ``index``-th chip in the tray."""
    line, column = divmod(index, columns)
    return (ROW_LABEL_W + TRAY_PAD + column * (FACE_W + TRAY_CHIP_GAP),
            tray_y + TRAY_TITLE_H + line * (TRAY_CHIP_H + TRAY_CHIP_GAP))


def layout_elevation(racks: Iterable[RackSpec], unplaced: int) -> ElevationLayout:
    """Rows in name order, racks left to right by position (gaps kept), the tray on top.

    Up to ROWS_BEFORE_WRAP rows stack in one column; a data hall of many rows (a 4,096-node design
    has 126) is laid out in several columns so that the whole hall has about a screen's shape.
    """
    by_row: dict[str, list[RackSpec]] = {}
    for spec in racks:
        by_row.setdefault(spec.row, []).append(spec)
    pitch = max((s.width_mm for rows in by_row.values() for s in rows), default=DEFAULT_RACK_MM) * PX_PER_MM
    pitch += RACK_GAP
    widest = max((max(s.position for s in specs) for specs in by_row.values()), default=TRAY_MIN_COLUMNS)
    row_width = ROW_LABEL_W + widest * pitch
    names = sorted(by_row, key=row_sort_key)
    heights = {name: HEADER_H + 2 * FRAME_PAD + max(s.height_u for s in by_row[name]) * U_PX + BARS_H
               for name in names}
    columns = _hall_columns(len(names), row_width, max(heights.values(), default=0.0))
    width = max(columns * row_width + (columns - 1) * COLUMN_GAP, ROW_LABEL_W + TRAY_MIN_W)
    tray_h = tray_height(unplaced, tray_columns(width - ROW_LABEL_W))
    per_column = -(-len(names) // columns) if names else 0
    boxes: dict[str, RackBox] = {}
    rows: list[RowBox] = []
    bottom = tray_h
    for index, name in enumerate(names):
        column, line = divmod(index, per_column)
        x = column * (row_width + COLUMN_GAP)
        y = tray_h + ROW_GAP if line == 0 else rows[-1].y + rows[-1].height + ROW_GAP
        row = RowBox(name, x, y, heights[name], row_width, pitch)
        for spec in by_row[name]:
            boxes[spec.rack_id] = RackBox(spec.rack_id, name, row.slot_x(spec.position), y,
                                          spec.width_mm * PX_PER_MM, spec.height_u)
        rows.append(row)
        bottom = max(bottom, y + row.height)
    slots = frozenset((spec.row, spec.position) for specs in by_row.values() for spec in specs)
    return ElevationLayout(boxes, tuple(rows), 0.0, tray_h, width, bottom + ROW_GAP, slots)


def _hall_columns(rows: int, row_width: float, row_height: float) -> int:
    """Columns of rows giving the hall about TARGET_ASPECT (width / height), one for a few rows."""
    if rows <= ROWS_BEFORE_WRAP or row_width <= 0:
        return 1
    ideal = math.sqrt(rows * (row_height + ROW_GAP) / (row_width + COLUMN_GAP) * TARGET_ASPECT)
    return max(1, min(rows, round(ideal)))


# ----- U arithmetic (used to check a drop before the model is asked) -------------------------------
def refusal(occupied: Mapping[int, str], rack_height: int, u: int, height: int) -> str | None:
    """Why a ``height`` U device cannot sit at ``u`` (None: it fits), in the rack view's short words."""
    problem = fit_problem(occupied, rack_height, u, height)
    if problem is None:
        return None
    kind, device = problem
    top = u + height - 1
    if kind == BELOW:
        return QCoreApplication.translate("RackView", "U{u} is below the rack's first unit").format(u=u)
    if kind == ABOVE:
        return QCoreApplication.translate("RackView", "a {height} U device at U{u} reaches U{top}, above the "
                                          "{rack} U rack").format(height=height, u=u, top=top, rack=rack_height)
    return QCoreApplication.translate("RackView", "U{u}-U{top} overlaps {device}").format(u=u, top=top, device=device)


# 0 U devices (vertical PDUs) hang in the rack's side channel, between the 19-inch face and the
# cabinet's side ((600 - 482.6) / 2 ~ 59 mm, ~21 scene units on a 600 mm rack). The right channel:
# the left one carries the U numbers.
ZERO_U_STRIP_W = 8.0  # scene units: two strips fit a ~21-unit channel, with a 7 px upright label
ZERO_U_GAP = 1.5


def zero_u_slots(count: int, face_right: float, frame_right: float, top: float, height: float
                 ) -> list[tuple[float, float, float, float]]:
    """(x, y, w, h) of ``count`` 0 U strips side by side in the right channel; when it is full they
    share the height (two levels, then three...)."""
    if count <= 0:
        return []
    channel = frame_right - face_right
    per_level = max(1, int((channel - ZERO_U_GAP) // (ZERO_U_STRIP_W + ZERO_U_GAP)))
    levels = -(-count // per_level)
    level_h = height / levels
    slots = []
    for k in range(count):
        level, column = divmod(k, per_level)
        x = face_right + ZERO_U_GAP + column * (ZERO_U_STRIP_W + ZERO_U_GAP)
        slots.append((x, top + level * level_h, ZERO_U_STRIP_W, level_h - (ZERO_U_GAP if levels > 1 else 0.0)))
    return slots
