"""Pieces of the analysis that are not another engine module's own report: the collective curves and
the design's notes, turned into checks.

The notes are the model's ``Design.notes`` (unplaced devices, unknown hardware, speed steps), but
the speed steps are read off the topology's port-speed arrays instead of two ``port_spec`` calls per
link: on a 120,000-link design that is ~150 ms against ~1 ms, which decides whether live analysis
keeps up. ``tests/test_analysis.py`` checks that both give the same notes.
"""

from __future__ import annotations

import re
from itertools import compress, repeat
from operator import and_, attrgetter, is_not, not_
from typing import Any

import numpy as np

from planner_gui.engine.checks.base import Check, Severity, params
from planner_gui.engine.collectives import FabricProfile, curve
from planner_gui.engine.sections.results import CURVE_OPS, CollectivesSection
from planner_gui.engine.topology.report import TopologyReport
from planner_gui.engine.topology.results import MAX_LISTED_IDS
from planner_gui.model import Design, Note
from planner_gui.present import plural

_ID, _RACK_ID, _U, _CATALOG_ID = (attrgetter(name) for name in ("id", "rack_id", "u", "catalog_id"))
# Beyond this many speed-step notes, they become one check: a 4,096-node design cabled to slower
# switches would otherwise list tens of thousands of identical lines.
MAX_LINK_NOTE_CHECKS = 10
NOTE_FIXES = {
    "device-unplaced": "Place each device in a rack at a free U: an unplaced device counts for power and "
                       "cost but for no rack's budget, cooling or weight.",
    "unknown-hardware": "Add the model to your catalog.json (docs/catalog.md) or swap the device for a "
                        "catalog model; until then it draws 0 W, costs nothing and is left out of the "
                        "fabric.",
    "link-speed-mismatch": "Use ports of the same speed at both ends, or accept that the link runs at the "
                           "slower speed.",
}


def collectives_section(profile: FabricProfile) -> CollectivesSection:
    """nccl-tests curves (8 B .. 16 GiB, powers of two) for the ops training traffic uses."""
    return CollectivesSection(profile, {op: tuple(curve(profile, op)) for op in CURVE_OPS})


def design_notes(design: Design, catalog: Any, topo: TopologyReport | None,
                 devices: list[Note] | None = None) -> list[Note]:
    """``design.notes(catalog)``, with the per-link speed steps taken from ``topo`` when given;
    ``devices``: :func:`device_notes` of the design when the caller keeps them (a cable edit leaves
    them as they were)."""
    graph = topo.graph if topo is not None else None
    if graph is None or len(graph.link_ids) != len(design.links):
        return design.notes(catalog)
    found = device_notes(design, catalog) if devices is None else list(devices)
    a_speed, b_speed = graph.end_speed
    steps = np.flatnonzero(np.isfinite(a_speed) & np.isfinite(b_speed) & (a_speed != b_speed))
    for i in steps.tolist():
        a, b = float(a_speed[i]), float(b_speed[i])
        link_id = graph.link_ids[i]
        found.append(Note("link-speed-mismatch", f"link {link_id} joins a {a:g}G port to a {b:g}G port; "
                                                 f"it runs at {min(a, b):g}G", (link_id,)))
    return found


def device_notes(design: Design, catalog: Any) -> list[Note]:
    """The notes on devices (unplaced, unknown hardware) of ``design.notes``, in its order."""
    found: list[Note] = []
    devices = list(design.devices.values())
    ids = list(map(_ID, devices))
    # Device.placed, as C-level passes (a property call per device costs ~5 ms at 100,000 GPUs)
    racked = map(is_not, map(_RACK_ID, devices), repeat(None))
    placed = map(and_, racked, map(is_not, map(_U, devices), repeat(None)))
    unplaced = sorted(compress(ids, map(not_, placed)))
    if unplaced:
        found.append(Note("device-unplaced", plural(len(unplaced), "{n} device is not in a rack yet",
                                                   "{n} devices are not in a rack yet").format(n=len(unplaced)),
                          tuple(unplaced)))
    catalog_ids = list(map(_CATALOG_ID, devices))
    known = {cid: bool(catalog.knows(cid)) for cid in dict.fromkeys(catalog_ids)}
    unknown = sorted(compress(ids, map(not_, map(known.__getitem__, catalog_ids))))
    if unknown:
        found.append(Note("unknown-hardware", plural(len(unknown), "{n} device names hardware not in the catalog",
                                                     "{n} devices name hardware not in the catalog").format(
                                                  n=len(unknown)),
                          tuple(unknown)))
    return found


def note_checks(notes: list[Note]) -> list[Check]:
    """Each note as an info check; many speed-step notes become one."""
    steps = [n for n in notes if n.code == "link-speed-mismatch"]
    others = [n for n in notes if n.code != "link-speed-mismatch"]
    checks = [_note_check(n) for n in others]
    if len(steps) <= MAX_LINK_NOTE_CHECKS:
        return checks + [_note_check(n) for n in steps]
    ids = tuple(n.ids[0] for n in steps[:MAX_LISTED_IDS])
    message = (f"{len(steps)} links join ports of different speeds and run at the slower one, e.g. "
               f"{steps[0].message}")
    fix = NOTE_FIXES["link-speed-mismatch"]
    return [*checks, Check("link-speed-mismatch", Severity.INFO, message, ids, fix, key="link-speed-mismatch.many",
                           params=params(links=len(steps), **_note_values(steps[0])))]


def _note_check(note: Note) -> Check:
    return Check(note.code, Severity.INFO, note.message, note.ids[:MAX_LISTED_IDS],
                 NOTE_FIXES.get(note.code, ""), params=params(**_note_values(note)))


# The numbers of a speed-step note ("link L1 joins a 400G port to a 200G port; ..."): model.Note
# carries only its English sentence (design.py writes it), so its figures are read back from it.
_SPEED_STEP = re.compile(r"joins a ([\d.]+)G port to a ([\d.]+)G port")


def _note_values(note: Note) -> dict[str, Any]:
    """The parameters of a note's sentence in other languages: the count, or the link and its two speeds."""
    values: dict[str, Any] = {"devices": len(note.ids)}
    step = _SPEED_STEP.search(note.message) if note.code == "link-speed-mismatch" else None
    if step is not None:
        values = {"link": note.ids[0] if note.ids else "", "a_gbps": float(step.group(1)),
                  "b_gbps": float(step.group(2))}
    return values
