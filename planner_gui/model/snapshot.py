"""A design the analysis may read while the user edits another: its parts are never edited in place.

The Document builds one (document/snapshot.py) and hands it to the analysis, on the worker thread for a
large design, while the live design goes on changing under the user's edits. Every rack, device, link
and settings object in it is a private copy; an edit that touches one replaces it with a fresh copy
between two analyses, never while one runs. So equal object lists mean equal values: the engine's
caches (engine/incremental/) may take a list of the same devices or racks as last time's for the same
fields, without reading them again.
"""

from __future__ import annotations

from planner_gui.model.design import Design


class DesignSnapshot(Design):
    """A :class:`Design` whose parts are never edited in place (see the module docstring)."""


def is_snapshot(design: object) -> bool:
    return isinstance(design, DesignSnapshot)
