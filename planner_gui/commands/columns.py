"""Text laid out for a terminal: padding and wrapping by display width.

A terminal draws CJK characters two columns wide (Unicode East Asian Width W and F), so a Chinese
table padded with ``str.format`` widths would drift. :func:`pad` and :func:`wrap` count columns
instead; for text without wide characters they give exactly what ``f"{s:<8}"`` and the old
word-by-word wrapping gave, so the English output is unchanged byte for byte.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

WIDE = ("W", "F")  # East Asian Width classes a terminal draws two columns wide
# Chinese punctuation that must not begin a line, and that must not end one (GB/T 15834 line breaking).
NO_LINE_START = frozenset("，。、；：？！）》」』】〉”’…%℃·")
NO_LINE_END = frozenset("（《「『【〈“‘")


@lru_cache(maxsize=4096)
def _is_wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in WIDE


def display_width(text: str) -> int:
    """Terminal columns ``text`` takes: two per wide character, one per other character."""
    return sum(2 if _is_wide(char) else 1 for char in text)


def has_wide(text: str) -> bool:
    return any(_is_wide(char) for char in text)


def pad(text: str, width: int, align: str = "<") -> str:
    """``text`` filled with spaces to ``width`` columns: "<" left-aligned, ">" right-aligned, "^" centred."""
    fill = max(0, width - display_width(text))
    if align == ">":
        return " " * fill + text
    if align == "^":
        return " " * (fill // 2) + text + " " * (fill - fill // 2)
    return text + " " * fill


def row(*cells: tuple[str, int, str]) -> str:
    """Table cells ``(text, width, align)`` side by side, each padded by display width; a right-aligned
    cell as wide as its column (a long translated heading) keeps one space from its left neighbour."""
    parts = []
    for index, (text, width, align) in enumerate(cells):
        crowded = index and align == ">" and display_width(text) >= width
        parts.append(" " + text if crowded else pad(text, width, align))
    return "".join(parts)


def _pieces(word: str) -> list[str]:
    """A word cut where a line may break inside it: between wide characters (Chinese has no spaces),
    keeping punctuation with its neighbour and runs of narrow characters ("GPU", "1.5") whole."""
    pieces: list[str] = []
    previous_wide = False
    for char in word:
        wide = _is_wide(char)
        glued = char in NO_LINE_START or (pieces and pieces[-1][-1] in NO_LINE_END)
        if pieces and (glued or not (wide or previous_wide)):
            pieces[-1] += char
        else:
            pieces.append(char)
        previous_wide = wide
    return pieces


def wrap(text: str, limit: int, indent: str = "") -> list[str]:
    """``text`` in lines of fewer than ``limit`` columns, each starting with ``indent``; words are never
    split, and a line holds at least one piece however long. Breaks at spaces and between Chinese
    characters."""
    lines: list[str] = []
    line, used, empty = indent, display_width(indent), True
    for word in text.split():
        for index, piece in enumerate(_pieces(word)):
            gap = "" if empty or index else " "
            width = display_width(piece)
            if not empty and used + len(gap) + width + 1 > limit:
                lines.append(line)
                line, used, empty, gap = indent, display_width(indent), True, ""
            line += gap + piece
            used += len(gap) + width
            empty = False
    return lines if empty else [*lines, line]
