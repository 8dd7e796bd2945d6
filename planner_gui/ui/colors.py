"""Colours of the rack and topology views: device kinds, load levels, link speeds. Pure data, no Qt.

Colours are hex strings so that the layout code and tests can use them without a QApplication;
the views turn them into QColor once. The traffic-light scheme is issue 5's ("green / amber /
red"); the same Tailwind shades as ``ui/results/style.py`` so a rack's bar in the elevation and in
the results panel look alike.
"""

from __future__ import annotations

import math

# Load thresholds (issue 5 brief: green < 80 %, amber < 100 %, red at or above 100 %). 80 % is the
# continuous-load rule electrical practice applies to circuits (the NEC continuous-load rule,
# [S48]); at 100 % the rack trips its budget or cannot reject its heat.
AMBER_FROM = 0.8
RED_FROM = 1.0

# Tailwind green-600 / amber-500 / red-600 / gray-400: distinguishable for the common red-green
# colour deficiencies and on light and dark backgrounds (same choice as ui/results/style.py).
GREEN = "#16a34a"
AMBER = "#f59e0b"
RED = "#dc2626"
NO_DATA = "#9ca3af"
# Material Design's "error" red for messages (6.5:1 on white); text colours go through readable(),
# which shades it lighter on the dark theme's grey, where it is 1.9:1 as it is.
ERROR_RED = "#b3261e"

# Device faces by model kind (model.specs.DeviceKind values). Dark fills so white labels read at
# 10 px; servers teal, switches blue, storage orange, power grey, passive parts light.
KIND_FILL = {
    "gpu_server": "#0f766e",
    "switch": "#1d4ed8",
    "storage": "#c2410c",
    "pdu": "#4b5563",
    "power_shelf": "#374151",
    "patch_panel": "#6b7280",
    "blank": "#d1d5db",
    "unknown": "#a21caf",
}
KIND_TEXT = {"blank": "#111827"}  # light faces need dark text; every other face takes LABEL_ON_DARK
LABEL_ON_DARK = "#ffffff"

SELECTION = "#f97316"  # orange-500: the selection outline, distinct from every kind fill
HOVER = "#facc15"  # yellow-400: the link under the cursor
GHOST_OK = "#22c55e"  # green-500, translucent while dragging over a free spot
GHOST_REFUSED = "#ef4444"  # red-500, translucent while dragging over a refused spot
GHOST_ALPHA = 110  # 0..255: the rack stays visible through the ghost

RACK_FRAME = "#374151"
RACK_INTERIOR = "#f9fafb"
U_GRID = "#e5e7eb"
# U numbers sit on the dark frame in both themes: gray-300 on the gray-700 frame is 6.9:1 (gray-500
# was 2.1:1, unreadable in either theme); WCAG 2 asks 4.5:1 for text (success criterion 1.4.3).
U_LABEL = "#d1d5db"
ROW_LABEL = "#111827"
LABEL_BACKDROP = "#dde5e7eb"  # grey-200 at 87 % opacity (Qt reads #AARRGGBB): pinned labels over the drawing
TRAY_FILL = "#eef2ff"
TRAY_BORDER = "#6366f1"
GROUP_FILL_ALPHA = 200  # grouped nodes (overview) are drawn slightly translucent over their links

# Link colours by line rate (Gb/s): one hue per common Ethernet/InfiniBand generation, so a
# speed step (a 200G link among 400G ones, topology_cabling "speed mismatch") stands out. The
# speeds are the catalog's port speeds (resources/catalog): 1G BMC, 25/100G Ethernet, HDR
# 200G, NDR 400G, XDR/800G.
SPEED_COLOURS = (
    (1.0, "#d1d5db"),  # management (grey-300): many, thin, in the background
    (25.0, "#a3a3a3"),
    (100.0, "#22d3ee"),  # cyan-400
    (200.0, "#a78bfa"),  # violet-400
    (400.0, "#60a5fa"),  # blue-400: lighter than the switch fill so links and switches stay apart
    (800.0, "#f472b6"),  # pink-400
)
UNKNOWN_SPEED_COLOUR = "#737373"
# Cosmetic pen widths (device pixels) by line rate: wider for faster links, as issue 5 asks
# ("colour/width by speed"); a 1 px floor keeps 120k management links from flooding the picture.
SPEED_WIDTHS = ((100.0, 1.0), (400.0, 1.5), (math.inf, 2.0))


def load_colour(fraction: float | None) -> str:
    """Green below 80 %, amber below 100 %, red from 100 % (None or NaN: no data yet)."""
    if fraction is None or math.isnan(fraction):
        return NO_DATA
    if fraction >= RED_FROM:
        return RED
    return AMBER if fraction >= AMBER_FROM else GREEN


def speed_colour(gbps: float) -> str:
    """The colour of the fastest listed speed not above ``gbps``."""
    if math.isnan(gbps):
        return UNKNOWN_SPEED_COLOUR
    chosen = UNKNOWN_SPEED_COLOUR
    for speed, colour in SPEED_COLOURS:
        if gbps >= speed:
            chosen = colour
    return chosen


def speed_width(gbps: float) -> float:
    if math.isnan(gbps):
        return SPEED_WIDTHS[0][1]
    return next(width for limit, width in SPEED_WIDTHS if gbps <= limit)


def kind_fill(kind: str) -> str:
    return KIND_FILL.get(kind, KIND_FILL["unknown"])


def kind_text(kind: str) -> str:
    return KIND_TEXT.get(kind, LABEL_ON_DARK)

# Rails (the NIC index a link leaves its server from, in a rail-optimized fabric): the Tableau 10
# categorical palette's first eight hues (Tableau's published default), distinct from each other and
# readable on light and dark backgrounds; a rail beyond the eighth reuses them in order.
RAIL_COLOURS = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7")
NO_RAIL_COLOUR = NO_DATA
DARK_TEXT = "#111827"  # on the light rail hues (yellow, pink), whose white text would not read


def rail_colour(rail: int) -> str:
    return NO_RAIL_COLOUR if rail < 0 else RAIL_COLOURS[rail % len(RAIL_COLOURS)]


MIN_TEXT_CONTRAST = 4.5  # WCAG 2 success criterion 1.4.3 (contrast minimum) for body text
_STEPS = 20  # readable() moves a colour toward black or white in twentieths


def _channels(colour: str) -> tuple[int, int, int, int]:
    """(r, g, b, a) of "#rrggbb" or Qt's "#aarrggbb"."""
    digits = colour.lstrip("#")
    if len(digits) == 8:
        return int(digits[2:4], 16), int(digits[4:6], 16), int(digits[6:8], 16), int(digits[0:2], 16)
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16), 255


def luminance(colour: str) -> float:
    """Relative luminance (WCAG 2 definition, sRGB), 0 for black to 1 for white; alpha is ignored."""
    r, g, b, _ = (c / 255.0 for c in _channels(colour))
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(first: str, second: str) -> float:
    """The WCAG 2 contrast ratio of two opaque colours, 1 (same) to 21 (black on white)."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def mix(top: str, bottom: str, share: float) -> str:
    """``top`` laid over ``bottom`` at opacity ``share`` (0..1): the opaque colour the eye sees."""
    a, b = _channels(top), _channels(bottom)
    return "#" + "".join(f"{round(x * share + y * (1.0 - share)):02x}" for x, y in zip(a[:3], b[:3], strict=True))


def over(colour: str, background: str) -> str:
    """A translucent "#aarrggbb" colour as it shows over an opaque background."""
    return mix(colour, background, _channels(colour)[3] / 255.0)


def readable(colour: str, background: str, minimum: float = MIN_TEXT_CONTRAST, also: tuple[str, ...] = ()) -> str:
    """``colour`` itself if it reads on ``background`` (and on each of ``also``, e.g. a list's alternate
    rows), else the least shift of it toward white (on a dark background) or black (on a light one) that
    reaches ``minimum``: the hue stays recognisable."""
    target = "#ffffff" if luminance(background) < 0.18 else "#000000"  # 0.18: where white and black tie
    for step in range(_STEPS + 1):
        shifted = mix(target, colour, step / _STEPS)
        if min(contrast(shifted, ground) for ground in (background, *also)) >= minimum:
            return shifted
    return target


def bar_fill(colour: str, track: str, alpha: float) -> str:
    """A load colour laid over a bar's track at ``alpha``, made more opaque where neither white nor dark
    text would read on it (amber at 59 % over the dark theme's grey reads with neither, 4.3:1 at best)."""
    for step in range(_STEPS + 1):
        share = alpha + (1.0 - alpha) * step / _STEPS
        fill = mix(colour, track, share)
        if contrast(text_on(fill), fill) >= MIN_TEXT_CONTRAST:
            return fill
    return colour


def text_on(fill: str) -> str:
    """White or near-black, whichever reads on ``fill`` (relative luminance, WCAG 2 formula)."""
    return LABEL_ON_DARK if contrast(LABEL_ON_DARK, fill) >= contrast(DARK_TEXT, fill) else DARK_TEXT
