"""analyze_design: every section on every example, graceful degradation, headline consistency, the cache.

Hand checks (docstrings) use the collective model directly: the analysis must report what the model
predicts for the design's own FabricProfile, never a number of its own.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import planner_gui.engine.analysis as analysis_module
from planner_gui.catalog import bundled_catalog
from planner_gui.document.changes import SetSettings
from planner_gui.document.snapshot import SnapshotBuilder
from planner_gui.engine.analysis import Analysis, AnalysisCache, analyze_design
from planner_gui.engine.collectives import DEFAULT_SIZES, predict
from planner_gui.engine.collectives.fabric_profile import fabric_profile_from_design
from planner_gui.engine.facility.power import power_report
from planner_gui.engine.sections.curves_notes import design_notes
from planner_gui.engine.sections.results import CURVE_OPS, GIB, MIB
from planner_gui.engine.topology.report import analyze_topology
from planner_gui.examples import default_example_path, example_paths
from planner_gui.io import load_design
from planner_gui.model import CoolingType, Design, Device, Feed, Link, Medium, Rack, Workload

TOP_KEYS = {"topology", "collectives", "checks", "nccl_env", "acceptance", "power", "cooling", "facility", "cost",
            "training", "storage", "link_utilisation", "summary"}
DOC = Path(__file__).resolve().parents[1] / "docs" / "analyze-json.md"
# Maps whose keys are data (catalog ids, cooling types, option names), not part of the documented shape.
FREE_FORM = ("servers_per_rack_air", "servers_per_rack_liquid", "it_kw_by_cooling", "unpriced", "lines",
             "unavailable")
CATALOG = bundled_catalog()


def _load(path: Path) -> Design:
    return load_design(path, CATALOG).design


def _dump(analysis: Any) -> str:
    return json.dumps(analysis.to_json(), sort_keys=True, allow_nan=False)


def _keys(value: Any, found: set[str]) -> set[str]:
    if isinstance(value, dict):
        for key, inner in value.items():
            found.add(key)
            if key not in FREE_FORM:
                _keys(inner, found)
    elif isinstance(value, list):
        for inner in value:
            _keys(inner, found)
    return found


@pytest.fixture(scope="module")
def examples() -> dict[str, tuple[Design, Any]]:
    out = {}
    for path in example_paths():
        design = _load(path)
        out[path.name] = (design, analyze_design(design, CATALOG))
    return out


def test_every_example_analyses_to_complete_strict_json(examples: dict[str, tuple[Design, Any]]) -> None:
    assert len(examples) >= 10
    for name, (_, analysis) in examples.items():
        data = analysis.to_json()
        assert set(data) == TOP_KEYS, name
        json.dumps(data, allow_nan=False)  # raises on NaN or infinity
        for section in ("topology", "collectives", "power", "cooling", "facility", "cost"):
            assert data[section] is not None, (name, section, data["summary"]["unavailable"])
        codes = {c["code"] for c in data["checks"]}
        assert not codes & {"analysis-internal-error", "analysis-section-failed"}, (name, codes)


def test_every_json_key_is_documented(examples: dict[str, tuple[Design, Any]]) -> None:
    doc = DOC.read_text(encoding="utf-8")
    documented = set(re.findall(r"`([A-Za-z0-9_]+)`", doc))
    keys: set[str] = set()
    for _, analysis in examples.values():
        _keys(analysis.to_json(), keys)
    assert keys - documented == set()


def test_default_example_headline_matches_the_model() -> None:
    """The summary's AllReduce figure is the curve's 1 GiB point, which is predict() on the design's own
    profile; 32 x 8 H100 with 8 x 400G NDR per node must land between one NIC's share (8 x 50 GB/s / 8 GPUs
    x 2(n-1)/n ~ 100 GB/s) and the NVLS intra-node ceiling ~480 GB/s (nccl-tests#212)."""
    design = _load(default_example_path())
    analysis = analyze_design(design, CATALOG)
    profile = fabric_profile_from_design(design, CATALOG)
    assert analysis.profile == profile and profile.nodes == 32 and profile.gpus_per_node == 8
    direct = predict(profile, "allreduce", GIB)
    assert analysis.summary.allreduce_busbw_1gib_gbps == direct.busbw_GBps
    assert analysis.collectives.point("allreduce", GIB) == direct
    assert analysis.collectives.allreduce_time_128mib_us == predict(profile, "allreduce", 128 * MIB).time_us
    assert analysis.collectives.alltoall_busbw_1gib_gbps == predict(profile, "alltoall", GIB).busbw_GBps
    assert 100.0 < direct.busbw_GBps < 480.0
    for op in CURVE_OPS:
        assert [p.bytes for p in analysis.collectives.curves[op]] == list(DEFAULT_SIZES)
    s = analysis.summary
    assert (s.gpus, s.nodes, s.job_gpus, s.job_nodes, s.racks) == (256, 32, 256, 32, len(design.racks))
    power = power_report(design, CATALOG)
    assert s.it_kw == pytest.approx(power.training_w / 1000.0)  # energy counts the draw under training load
    assert s.it_typical_kw == pytest.approx(power.typical_w / 1000.0)  # kept as the labelled alternative
    assert s.facility_kw == pytest.approx(s.it_kw * s.pue)
    assert s.rent_monthly == analysis.cost.options["rent"].monthly
    assert sum(s.checks.values()) == len(analysis.checks)


def test_default_example_training_uses_the_workload_layout() -> None:
    """Llama-2-70B, tp 8 x pp 4 x dp 8 = 256 GPUs: the estimate covers all 256 and the scaling curve doubles
    one replica (tp·pp = 32 GPUs) up to the design's 256: 32, 64, 128, 256 with efficiency 1 at the start."""
    analysis = analyze_design(_load(default_example_path()), CATALOG)
    training = analysis.training
    assert training is not None and training.gpus == 256 and training.estimate.gpus == 256
    assert [p.gpus for p in training.scaling] == [32, 64, 128, 256]
    assert training.scaling[0].efficiency == 1.0 and 0.5 < training.scaling[-1].efficiency <= 1.0
    assert training.scaling[-1].step_time_s == pytest.approx(training.estimate.step_time_s)
    assert analysis.summary.training_step_time_s == training.estimate.step_time_s
    assert analysis.storage is not None and analysis.storage.source == "1 x nfs-nvme-2u"  # sized from the workload


def test_gdr_off_lowers_two_node_bandwidth() -> None:
    """S1 (2 x 8 H100 on NDR): without GPUDirect RDMA the NIC traffic is staged through host memory, so the
    1 GiB AllReduce bus bandwidth must fall (NVIDIA/nccl#465: GDR)."""
    design = _load(Path(default_example_path()).with_name("s1-h100-2x8-ndr.cluster"))
    with_gdr = analyze_design(design, CATALOG).summary.allreduce_busbw_1gib_gbps
    design.fabric.gpudirect_rdma = False
    without = analyze_design(design, CATALOG)
    assert without.profile is not None and not without.profile.gdr
    assert without.summary.allreduce_busbw_1gib_gbps < 0.9 * with_gdr
    assert "gdr-off" in {c.code for c in without.checks}


def _one_server(catalog_id: str = "dgx-h100", placed: bool = True) -> Design:
    design = Design()
    if placed:
        design.add_rack(Rack("r1", power_budget_kw=40))
    design.add_device(Device("s1", catalog_id, rack_id="r1" if placed else None, u=1 if placed else None),
                      CATALOG)
    return design


@pytest.mark.parametrize("name", ["empty", "unplaced", "unknown", "switch-only", "two-unlinked"])
def test_edge_designs_analyse_with_reasons(name: str) -> None:
    design = {
        "empty": Design,
        "unplaced": lambda: _one_server(placed=False),
        "unknown": lambda: _one_server("nope-9000"),
        "switch-only": lambda: _one_server("qm9700"),
        "two-unlinked": lambda: _two_servers(linked=False),
    }[name]()
    design.workload = Workload(dp=8)
    analysis = analyze_design(design, CATALOG)
    data = json.loads(_dump(analysis))
    assert set(data) == TOP_KEYS
    codes = {c.code for c in analysis.checks}
    assert not codes & {"analysis-internal-error", "analysis-section-failed"}, codes
    servers = name in ("unplaced", "two-unlinked")
    assert (analysis.collectives is not None) == servers
    if not servers:
        assert "GPU servers" in analysis.unavailable["collectives"]
        assert analysis.training is None and "training" in analysis.unavailable
    assert analysis.power is not None and analysis.cost is not None
    if name == "unplaced":
        assert "device-unplaced" in codes
    if name == "unknown":
        assert "unknown-hardware" in codes and analysis.summary.nodes == 0


def _two_servers(linked: bool) -> Design:
    design = _one_server()
    design.add_device(Device("s2", "dgx-h100", rack_id="r1", u=20), CATALOG)
    if linked:
        design.add_link(Link("l1", "s1/cx0", "s2/cx0"), CATALOG)
    return design


def test_layout_problems_are_error_checks_not_exceptions() -> None:
    """One DGX has 8 GPUs: dp 64 needs 64, and tp 3 does not divide 32 heads."""
    design = _one_server()
    design.workload = Workload(dp=64)
    too_many = analyze_design(design, CATALOG)
    assert too_many.training is None and too_many.checks[0].code == "training-invalid-layout"
    assert "64 GPUs" in too_many.checks[0].message and "has 8" in too_many.checks[0].message
    design.workload = Workload(tp=3, dp=1, heads=32)
    bad_tp = analyze_design(design, CATALOG)
    assert bad_tp.checks[0].code == "training-invalid-layout" and "not divisible by tp 3" in bad_tp.checks[0].message
    assert bad_tp.storage is None


def test_a_bad_value_fails_only_its_sections() -> None:
    design = _one_server()
    design.racks["r1"].feed_a = Feed(phases=2)
    analysis = analyze_design(design, CATALOG)
    assert analysis.power is None and analysis.cooling is None and analysis.cost is None
    assert analysis.collectives is not None and analysis.topology is not None
    failed = [c for c in analysis.checks if c.code == "analysis-section-failed"]
    assert len(failed) == 1 and "phases 2" in failed[0].message
    assert "power" in analysis.unavailable["cooling"]


def test_fast_notes_equal_the_model_notes() -> None:
    """The notes read off the topology arrays are exactly Design.notes(), speed steps included."""
    for path in example_paths()[:4]:
        design = _load(path)
        design.add_device(Device("loose", "dgx-h100"), CATALOG)
        design.add_device(Device("mystery", "not-in-catalog"), CATALOG)
        assert design_notes(design, CATALOG, analyze_topology(design, CATALOG)) == design.notes(CATALOG)


def test_many_speed_steps_become_one_check() -> None:
    design = _load(default_example_path())
    notes = design.notes(CATALOG)
    steps = [n for n in notes if n.code == "link-speed-mismatch"]
    checks = [c for c in analyze_design(design, CATALOG).checks if c.code == "link-speed-mismatch"]
    assert len(checks) == (1 if len(steps) > 10 else len(steps))


def _edits(design: Design) -> list[tuple[str, Any]]:
    link = next(iter(design.links.values()))
    rack = next(iter(design.racks.values()))
    removed: list[Link] = []

    def remove() -> None:
        removed.append(design.remove_link(link.id))

    def add_back() -> None:
        design.add_link(removed.pop(), CATALOG)

    def lengthen() -> None:
        link.length_m = 250.0

    def remedium() -> None:
        link.medium = Medium.DAC if link.medium != Medium.DAC else Medium.AOC

    def workload() -> None:
        assert design.workload is not None
        design.workload = dataclasses.replace(design.workload, dp=design.workload.dp // 2)

    def workload_in_place() -> None:
        assert design.workload is not None
        design.workload.global_batch *= 2

    def budget() -> None:
        rack.power_budget_kw += 5

    def feed() -> None:
        rack.feed_a.amps = 16.0

    def gdr() -> None:
        design.fabric.gpudirect_rdma = False

    def price() -> None:
        design.cost.electricity_per_kwh = 1.5

    def move() -> None:
        device = next(d for d in design.devices.values() if d.rack_id == rack.id)
        design.place_device(device.id, None, None, CATALOG)

    return [("remove link", remove), ("add link back", add_back), ("length", lengthen), ("medium", remedium),
            ("workload", workload), ("workload in place", workload_in_place), ("budget", budget), ("feed", feed),
            ("gdr", gdr), ("price", price), ("unplace", move)]


def test_cache_matches_an_uncached_run_after_every_edit() -> None:
    design = _load(Path(default_example_path()).with_name("s5-a100-8x8-ib.cluster"))
    cache = AnalysisCache()
    assert _dump(analyze_design(design, CATALOG, cache)) == _dump(analyze_design(design, CATALOG))
    for label, edit in _edits(design):
        edit()
        cached = analyze_design(design, CATALOG, cache)
        assert _dump(cached) == _dump(analyze_design(design, CATALOG)), label


def test_cache_reuses_what_an_edit_does_not_touch() -> None:
    """The Document's snapshot says what each edit changed (model/snapshot.py revisions): a section whose
    aspects were not renumbered is last time's object; a live design, which carries none, reuses nothing."""
    design = _load(default_example_path())
    builder, cache = SnapshotBuilder(design), AnalysisCache()

    def edit(section: str, **values: Any) -> Analysis:
        change = SetSettings(section, getattr(design, section), dataclasses.replace(getattr(design, section),
                                                                                    **values))
        change.apply(design, CATALOG)
        builder.record([change], applied=True)
        return analyze_design(builder.snapshot(), CATALOG, cache)

    first = analyze_design(builder.snapshot(), CATALOG, cache)
    again = analyze_design(builder.snapshot(), CATALOG, cache)
    assert again.topology is first.topology and again.power is first.power and again.training is first.training
    assert design.workload is not None
    after = edit("workload", global_batch=design.workload.global_batch * 2)
    assert after.topology is first.topology and after.power is first.power
    assert after.training is not first.training
    assert after.training.estimate.step_time_s > first.training.estimate.step_time_s
    priced = edit("cost", electricity_per_kwh=design.cost.electricity_per_kwh * 2)
    assert priced.power is first.power and priced.collectives is first.collectives
    assert priced.facility.annual_energy_cost == pytest.approx(2 * first.facility.annual_energy_cost)
    live = analyze_design(design, CATALOG, cache)
    assert live.power is not first.power and _dump(live) == _dump(priced)


def test_cache_forgets_results_of_another_catalog() -> None:
    design = _load(default_example_path())
    cache = AnalysisCache()
    first = analyze_design(design, CATALOG, cache)
    other = dataclasses.replace(CATALOG)
    second = analyze_design(design, other, cache)
    assert second.topology is not first.topology and _dump(second) == _dump(first)


def test_a_run_that_races_an_edit_is_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """The GUI analyses large designs in a worker thread while the user edits: a section computed on a
    design that changed after its key was taken must not be served later under that key."""
    design = _load(Path(default_example_path()).with_name("s5-a100-8x8-ib.cluster"))
    rack = next(iter(design.racks.values()))
    cache = AnalysisCache()
    analyze_design(design, CATALOG, cache)
    real = analysis_module.power_report

    def racing(d: Design, c: Any) -> Any:
        rack.power_budget_kw += 10  # the user's edit lands while power is being computed
        return real(d, c)

    rack.power_budget_kw += 1  # an edit that makes power recompute
    monkeypatch.setattr(analysis_module, "power_report", racing)
    analyze_design(design, CATALOG, cache)
    monkeypatch.undo()
    rack.power_budget_kw -= 10  # undo the racing edit: back to the state the stale run's key describes
    assert _dump(analyze_design(design, CATALOG, cache)) == _dump(analyze_design(design, CATALOG))


def test_cache_stays_exact_over_a_random_edit_session() -> None:
    """40 random edits of every kind the GUI makes; after each, cached and uncached JSON are identical."""
    rng = random.Random(20260)
    design = _load(Path(default_example_path()).with_name("s1-h100-2x8-ndr.cluster"))
    cache = AnalysisCache()
    removed: list[Link] = []
    unplaced: list[tuple[str, str, int]] = []

    def unplace() -> None:
        device = rng.choice([d for d in design.devices.values() if d.placed])
        unplaced.append((device.id, device.rack_id or "", device.u or 0))
        design.place_device(device.id, None, None, CATALOG)

    def replace_device() -> None:
        if unplaced:
            device_id, rack_id, u = unplaced.pop()
            design.place_device(device_id, rack_id, u, CATALOG)

    def edit_link() -> None:
        link = rng.choice(list(design.links.values()))
        if rng.random() < 0.5:
            link.length_m = rng.choice([1.0, 3.0, 40.0, 300.0])
        else:
            link.medium = rng.choice(list(Medium))

    def relink() -> None:
        if removed and rng.random() < 0.5:
            design.add_link(removed.pop(), CATALOG)
        else:
            removed.append(design.remove_link(rng.choice(list(design.links))))

    def workload() -> None:
        assert design.workload is not None
        design.workload.dp = rng.choice([1, 2, 4])
        design.workload.global_batch = rng.choice([64, 128, 1024])

    def settings() -> None:
        design.fabric.gpudirect_rdma = rng.random() < 0.5
        design.fabric.sharp = rng.random() < 0.5
        design.cost.electricity_per_kwh = rng.choice([0.5, 0.8, 1.2])

    def rack() -> None:
        target = rng.choice(list(design.racks.values()))
        target.power_budget_kw = rng.choice([20.0, 25.0, 60.0])
        target.cooling = rng.choice(list(CoolingType))

    edits = [unplace, replace_device, edit_link, relink, workload, settings, rack]
    for step in range(40):
        edit = rng.choice(edits)
        edit()
        assert _dump(analyze_design(design, CATALOG, cache)) == _dump(analyze_design(design, CATALOG)), \
            (step, edit.__name__)
    assert sum(cache.hits.values()) > 0
