"""Reading the ``links`` list: a 100,000-GPU design has ~390,000 links, so the common case is one tight loop.

A link record that is exactly what the writer produces (five keys, right types, a known medium, a
length in range) is turned into a :class:`Link` without building a Reader; anything else takes
the slow path, which reports each problem with its JSON path. Both paths accept and refuse the same
records: the fast one only skips the bookkeeping a good record never needs.
"""

from __future__ import annotations

from typing import Any

from planner_gui.io.limits import FILE_BOUNDS
from planner_gui.io.reader import Reader, expected_list
from planner_gui.io.unknown_keys import LINK_KEYS, keep_part_unknown, part_key
from planner_gui.model import Link, Medium

LINK_FIELDS = 5  # id, a, b, medium, length_m: what codec.design_to_data writes for every link
MAX_LENGTH_M = FILE_BOUNDS["links.length_m"][1]  # the model's own bound (model/design.py add_link)
DEFAULT_LENGTH_M = 1.0  # the model's default (model/parts.py Link)
_MEDIA: dict[str, Medium] = {m.value: m for m in Medium}


def read_links(root: Reader, unknown_keys: dict[str, dict[str, Any]] | None = None) -> tuple[list[Link], list[int]]:
    """Every readable link and its index in the file's ``links`` list (for error paths).

    A link's unknown keys go into ``unknown_keys`` under ``links/<id>`` (io/unknown_keys.py).
    """
    kept: dict[str, dict[str, Any]] = {} if unknown_keys is None else unknown_keys
    raw = root.data.get("links", [])
    if not isinstance(raw, list):
        root.problems.error(root.at("links"), expected_list(raw))
        return [], []
    links: list[Link] = []
    positions: list[int] = []
    keep, mark = links.append, positions.append
    media, make = _MEDIA, Link
    for index, item in enumerate(raw):
        # Five keys, all present and well typed, means exactly the five expected keys.
        if type(item) is dict and len(item) == LINK_FIELDS:
            try:
                link_id, a, b, medium, length = item["id"], item["a"], item["b"], item["medium"], item["length_m"]
            except KeyError:
                pass
            else:
                kind = type(length)
                if (type(link_id) is str and type(a) is str and type(b) is str and type(medium) is str
                        and (kind is float or kind is int) and 0.0 <= length <= MAX_LENGTH_M):
                    known = media.get(medium)
                    if known is not None:
                        keep(make(link_id, a, b, known, length if kind is float else float(length)))
                        mark(index)
                        continue
        link = _read_link_slowly(Reader(item, f"{root.at('links')}[{index}]", root.problems), kept)
        if link is not None:
            keep(link)
            mark(index)
    return links, positions


def _read_link_slowly(r: Reader, kept: dict[str, dict[str, Any]]) -> Link | None:
    link_id, a, b = r.text("id", None, True), r.text("a", None, True), r.text("b", None, True)
    if link_id is None or a is None or b is None:
        return None
    unknown = keep_part_unknown(r, LINK_KEYS)
    if unknown:
        kept[part_key("links", link_id)] = unknown
    length = r.number("length_m", DEFAULT_LENGTH_M, 0.0, MAX_LENGTH_M)
    return Link(id=link_id, a=a, b=b, medium=r.choice("medium", Medium, Medium.DAC),
                length_m=DEFAULT_LENGTH_M if length is None else length)


def links_to_skip(links: list[Link], failed: set[str]) -> set[int]:
    """Positions of links that touch a device that failed to load (reported as one count, not each)."""
    if not failed:
        return set()
    return {i for i, link in enumerate(links)
            if link.a.partition("/")[0] in failed or link.b.partition("/")[0] in failed}
