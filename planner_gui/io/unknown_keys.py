"""Keys a file holds that this version does not read: named with their JSON path, never dropped in silence.

A misspelt key (``Power_Budget_KW``, ``heightU``) used to fall back to the default quietly, and every
unknown key vanished at the next save. Now each gets a warning naming its path and the key it most
likely means. Unknown keys are kept in ``Design.unknown_keys`` and written back as they were, so a
newer minor version's settings survive a round trip through this one:

- of the file's top level and of its settings sections, under the section's name ("" for the top);
- of a rack, device or link, under ``racks/<id>``, ``devices/<id>`` or ``links/<id>``, and of a rack's
  feed under ``racks/<id>/feed_a`` (``feed_b``). They stay with the part's id: a part deleted is not
  written, so its keys go with it (and come back with an undo).

A file where more than MAX_KEPT_PARTS parts hold unknown keys is damage, not a newer version: the
rest are warned about and not kept.
"""

from __future__ import annotations

import difflib
from dataclasses import fields
from typing import Any

from planner_gui.io.reader import Reader
from planner_gui.model import CostSettings, DesignMeta, FabricSettings, Feed, Rack, Workload
from planner_gui.model.messages import QT_TRANSLATE_NOOP

TOP_LEVEL = frozenset(("format", "schema_version", "meta", "fabric", "cost", "workload", "racks", "unplaced", "links",
                       "variants"))
SECTIONS: dict[str, frozenset[str]] = {
    name: frozenset(f.name for f in fields(kind))
    for name, kind in (("meta", DesignMeta), ("fabric", FabricSettings), ("cost", CostSettings),
                       ("workload", Workload))}
RACK_KEYS = frozenset(f.name for f in fields(Rack)) | {"devices"}
FEED_KEYS = frozenset(f.name for f in fields(Feed))
LINK_KEYS = frozenset(("id", "a", "b", "medium", "length_m"))
MAX_KEPT_PER_SECTION = 100  # a section with more unknown keys than this is damage: warn, keep none
# A kept value is written back, so it must be something a newer version's setting could be: a few thousand
# values at most, nested no deeper than a design itself. Junk beyond that (megabytes, 900 levels deep) is
# warned about and dropped, as before, instead of being carried along and re-saved.
MAX_KEPT_VALUES = 10_000
MAX_KEPT_DEPTH = 32
MAX_KEPT_PARTS = 10_000  # parts (racks, devices, feeds, links) whose unknown keys are kept, per file


def part_key(collection: str, part_id: str, feed: str = "") -> str:
    """Where a part's unknown keys are kept in ``Design.unknown_keys``: ``racks/r1``, ``racks/r1/feed_a``."""
    return f"{collection}/{part_id}/{feed}" if feed else f"{collection}/{part_id}"


def keep_unknown(reader: Reader, known: frozenset[str]) -> dict[str, Any]:
    """The unknown keys of a top-level or settings object, each warned about; they are written back."""
    unknown = [key for key in reader.data if key not in known]
    kept: dict[str, Any] = {}
    for key in unknown:
        if len(unknown) > MAX_KEPT_PER_SECTION or not _small_and_shallow(reader.data[key]):
            _warn(reader, key, known, QT_TRANSLATE_NOOP("Load", "unknown key, ignored and not kept (too large, too "
                                                                "deep or too many here){hint}"))
            continue
        kept[key] = reader.data[key]
        _warn(reader, key, known, QT_TRANSLATE_NOOP("Load", "unknown key, ignored here but kept in the file{hint}"))
    return kept


def _small_and_shallow(value: Any) -> bool:
    """True when ``value`` holds at most MAX_KEPT_VALUES values nested at most MAX_KEPT_DEPTH deep."""
    stack, seen = [(value, 1)], 0
    while stack:
        node, depth = stack.pop()
        seen += 1
        if seen > MAX_KEPT_VALUES or depth > MAX_KEPT_DEPTH:
            return False
        if isinstance(node, dict | list):
            if seen + len(stack) + len(node) > MAX_KEPT_VALUES:
                return False  # too many values, known before walking them (a 6,000,000-item list)
            children = node.values() if isinstance(node, dict) else node
            stack.extend((child, depth + 1) for child in children)
    return True


def keep_part_unknown(reader: Reader, known: frozenset[str]) -> dict[str, Any]:
    """The unknown keys of a rack, device, feed or link, each warned about; kept up to MAX_KEPT_PARTS parts."""
    if all(key in known for key in reader.data):
        return {}
    if reader.problems.parts_with_kept_keys >= MAX_KEPT_PARTS:
        for key in reader.data:
            if key not in known:
                _warn(reader, key, known, QT_TRANSLATE_NOOP(
                    "Load", "unknown key, ignored and not kept (too many parts of this file hold unknown keys){hint}"))
        return {}
    kept = keep_unknown(reader, known)
    reader.problems.parts_with_kept_keys += bool(kept)
    return kept


def _warn(reader: Reader, key: str, known: frozenset[str], template: Any, **values: Any) -> None:
    close = difflib.get_close_matches(key.lower().replace("-", "_"), sorted(known), n=1, cutoff=0.75)
    hint = QT_TRANSLATE_NOOP("Load", "; did you mean {key!r}?").fill(key=close[0]) if close else ""
    reader.problems.warn(reader.at(str(key)[:80]), template.fill(hint=hint, **values))
