"""A design the analysis may read while the user edits another: its parts are never edited in place.

The Document builds one (document/snapshot.py) and hands it to the analysis, on the worker thread for a
large design, while the live design goes on changing under the user's edits. Every rack, device, link
and settings object in it is a private copy, replaced between two analyses, never while one runs.

It also says *what changed*: ``revisions`` holds one number per aspect of the design (the devices'
hardware, their placement, the links' ends, media and lengths, the racks' layout and power, each
settings section), renumbered by the Document from the change records of every edit. A number is never
used twice (one counter for the whole process), so the engine's caches (engine/incremental/) key what
they keep on the numbers of the aspects they read: equal numbers mean the same values, and nothing is
compared or read again to find out. Any other design carries no numbers: to a cache, all of it is new.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from planner_gui.model.design import Design

SETTINGS = ("meta", "fabric", "cost", "workload")
# What an added or removed part changes. A link's medium and length are read only with the list of links
# (whose revision a link that came or went renews), so "media" and "lengths" are edits in place alone.
COLLECTION_ASPECTS = {"devices": ("devices", "placement"), "links": ("links",), "racks": ("racks", "rack_power")}
ASPECTS = ("devices", "placement", "links", "media", "lengths", "racks", "rack_power", *SETTINGS)
# The fields whose edit changes an aspect other than the collection's first; every other field (ends,
# hardware, names, rows...) changes the first.
FIELD_ASPECT = {("devices", "rack_id"): "placement", ("devices", "u"): "placement",
                ("links", "medium"): "media", ("links", "length_m"): "lengths",
                **{("racks", name): "rack_power" for name in ("power_budget_kw", "feed_a", "feed_b", "cooling",
                                                              "cooling_capacity_kw")}}
_NUMBERS = itertools.count(1)


def aspects_of(collection: str, fields: Iterable[str] | None = None) -> set[str]:
    """The aspects an edit of ``fields`` of a part of ``collection`` changes (None: the part came or went);
    for "settings", ``fields`` are the sections."""
    if collection == "settings":
        return set(fields or SETTINGS)
    if fields is None:
        return set(COLLECTION_ASPECTS[collection])
    return {FIELD_ASPECT.get((collection, name), collection) for name in fields}


def fresh_revisions(aspects: Iterable[str] = ASPECTS) -> dict[str, int]:
    return {aspect: next(_NUMBERS) for aspect in aspects}


class DesignSnapshot(Design):
    """A :class:`Design` whose parts are never edited in place, with the revision of each aspect."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.revisions = fresh_revisions()

    def renumber(self, aspects: Iterable[str]) -> None:
        self.revisions.update(fresh_revisions(aspects))


def revisions_of(design: object) -> dict[str, int]:
    """The design's revision per aspect; fresh numbers for a design that carries none (a live design may
    have been edited in place: nothing about it can be taken as unchanged)."""
    found = getattr(design, "revisions", None) if isinstance(design, DesignSnapshot) else None
    return found if found is not None else fresh_revisions()
