"""Edits made through the Document (and undone and redone through its undo stack) leave an analysis
with an AnalysisCache equal to a cold one: removing a compute cable puts it back at the end of the link
list on undo, a property edit sets a link's medium or length in place, a device delete takes its
cables with it. Each shortcut the engine keeps across edits (engine/incremental/link_columns.py, the topology's
kept parts) must notice every one of them."""

from __future__ import annotations

import copy
import json

import numpy as np
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document import Document
from planner_gui.engine.analysis import AnalysisCache, analyze_design
from planner_gui.model import Design, Medium
from planner_gui.templates import TemplateSpec, generate_design

CATALOG = bundled_catalog()
NODES = 40  # DGX A100 on 40-port HDR switches: leaves and spines


def _no_analysis(design: Design, catalog: object, cache: object) -> None:
    return None


def _check(doc: Document, cache: AnalysisCache) -> dict[str, object]:
    cached = analyze_design(doc.design, CATALOG, cache)
    cold = analyze_design(copy.deepcopy(doc.design), CATALOG)
    assert json.dumps(cached.to_json(), sort_keys=True) == json.dumps(cold.to_json(), sort_keys=True)
    assert np.array_equal(cached.link_utilisation.loads, cold.link_utilisation.loads, equal_nan=True)
    return cached.to_json()  # type: ignore[no-any-return]


def test_document_edits_undo_and_redo_keep_the_cache_exact(qtbot: QtBot) -> None:
    doc = Document(CATALOG, generate_design(CATALOG, TemplateSpec("dgx-a100", NODES)), analyzer=_no_analysis)
    cache = AnalysisCache()
    before = _check(doc, cache)
    links = list(doc.design.links.values())
    nic = next(link for link in links[len(links) // 3:] if "/cx" in link.a)
    uplink = next(link for link in links[len(links) // 2:] if "leaf" in link.a and "spine" in link.b)
    assert doc.remove_items([nic.id])
    assert _check(doc, cache) != before
    doc.undo_stack.undo()  # the cable comes back at the end of the list
    assert _check(doc, cache) == before
    doc.undo_stack.redo()
    _check(doc, cache)
    doc.undo_stack.undo()
    assert doc.set_properties([uplink.id], length_m=180.0)  # beyond a copper or multimode reach
    _check(doc, cache)
    assert doc.set_properties([uplink.id], medium=Medium.SMF)
    _check(doc, cache)
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert _check(doc, cache) == before
    server = nic.a.split("/")[0]
    assert doc.remove_items([server])  # the server and every cable on it
    _check(doc, cache)
    doc.undo_stack.undo()  # back at the end of the devices (sums in another order: not == before)
    _check(doc, cache)
