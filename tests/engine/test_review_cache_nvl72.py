"""The cache review of test_review_cache.py on a rack-scale design: GB200 NVL72 racks (busbar-fed trays,
power shelves, a liquid loop, NVLink domains), edited through the Document with undo and redo. The
rack-scale checks keep their devices' share across a rack's budget, feeds or cooling edit
(engine/analysis.py); after every edit the cached analysis of the live design and of the Document's
snapshot each equal a cold run."""

from __future__ import annotations

import random

from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document import Document
from planner_gui.engine.analysis import AnalysisCache, analyze_design
from planner_gui.engine.training import MODEL_PRESETS, workload_for_preset
from planner_gui.model import CoolingType, Medium
from planner_gui.templates import TemplateSpec, generate_design
from tests.engine.test_review_cache import _mismatch, _no_analysis, edit_session

CATALOG = bundled_catalog()
TRAYS = 36  # two NVL72 racks: two NVLink domains, NCCL nodes over the scale-out fabric
SERVER, SHELF = "gb200-nvl72", "power-shelf-33kw"
STEPS = 50


def test_random_nvl72_document_edits_keep_both_caches_exact(qtbot: QtBot) -> None:
    rng = random.Random(72)
    design = generate_design(CATALOG, TemplateSpec(SERVER, TRAYS))
    design.workload = workload_for_preset(MODEL_PRESETS[0], tp=4, pp=1, dp=TRAYS, global_batch=144)
    doc = Document(CATALOG, design, analyzer=_no_analysis)
    cache, snapshot_cache = AnalysisCache(), AnalysisCache()
    assert _mismatch(doc.design, CATALOG, cache) is None
    codes = {c.code for c in analyze_design(doc.design, CATALOG).checks}

    def of(catalog_id: str, rack_id: str | None = None) -> list[str]:
        return [d.id for d in doc.design.devices.values()
                if d.catalog_id == catalog_id and rack_id in (None, d.rack_id)]

    def nvl_racks() -> list[str]:
        return sorted({doc.design.devices[d].rack_id or "" for d in of(SERVER)} - {""}) or list(doc.design.racks)

    edits = [
        # a rack's budget, cooling and capacity: what the rack-scale findings read apart from the devices
        (3, lambda: doc.set_properties([rng.choice(nvl_racks())], power_budget_kw=rng.choice([60.0, 120.0, 150.0]))),
        (2, lambda: doc.set_properties([rng.choice(nvl_racks())], cooling=rng.choice(list(CoolingType)))),
        (1, lambda: doc.set_properties([rng.choice(nvl_racks())], cooling_capacity_kw=rng.choice([None, 40.0, 110.0]))),
        # the devices' share: shelves taken out or added, a tray out of its rack (its domain then spans two places)
        (2, lambda: doc.remove_items(rng.sample(shelves, min(len(shelves), rng.choice([1, 3, 6]))) if (
            shelves := of(SHELF, rng.choice(nvl_racks()))) else [])),
        (1, lambda: doc.add_devices(SHELF, [(None, None)])),
        (2, lambda: doc.move_devices({rng.choice(of(SERVER)): (None, None)})),
        (1, lambda: doc.set_properties(rng.sample(of(SERVER), 1), nic_count=rng.choice([None, 2]))),
        (2, lambda: doc.remove_items(rng.sample(list(doc.design.links), rng.choice([1, 2])))),
        (1, lambda: doc.set_properties([rng.choice(list(doc.design.links))], **rng.choice(
            [{"length_m": 140.0}, {"length_m": 3.0}, {"medium": Medium.SMF}]))),
        (1, lambda: doc.set_settings("workload", global_batch=rng.choice([72, 144, 288]))),
        (4, doc.undo_stack.undo),
        (2, doc.undo_stack.redo),
    ]
    # every field of every part, the trays' NVLink domains included, equal to the live design's
    for snapshot in edit_session(doc, edits, STEPS, rng, (cache, snapshot_cache), lambda design: design):
        codes |= {c.code for c in analyze_design(snapshot, CATALOG, snapshot_cache).checks}
    # the session reached the rack-scale findings it is here for, each computed from kept shares
    assert {"rack-over-power-shelves", "nvlink-domain-split", "rack-over-power"} <= codes, sorted(codes)
    assert snapshot_cache.hits["rack_scale_devices"] > 0
