"""Sweeps: the range syntax, the spec read off a design, sane trends, progress and cancellation.

The base design is the bundled default (32 x DGX H100, 8 x NDR 400G, rail-optimized, 42 kW racks
with 45 kW rear-door cooling, LLaMA-2-70B on tp 8 · pp 4 · dp 8).
"""

from __future__ import annotations

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.analysis import analyze_design
from planner_gui.engine.compare.designs import headline_figures
from planner_gui.engine.compare.sweep import EFFICIENCY_KEY, MAX_POINTS, SweepRange, parse_range, run_sweep
from planner_gui.engine.compare.sweep_variant import base_spec, make_variant
from planner_gui.examples import default_example_path, examples_folder
from planner_gui.io import load_design
from planner_gui.model import Design
from planner_gui.templates import TemplateSpec
from planner_gui.templates.spec import MAX_NODES

CATALOG = bundled_catalog()
DESIGN = load_design(default_example_path(), CATALOG).design
ANALYSIS = analyze_design(DESIGN, CATALOG)
GPUS_PER_SERVER = 8  # DGX H100 (NVIDIA DGX H100 user guide)


def _sweep(text: str, design: Design = DESIGN):  # type: ignore[no-untyped-def]
    return run_sweep(design, CATALOG, parse_range(text), analysis=ANALYSIS if design is DESIGN else None)


def _series(result, key: str) -> list[float]:  # type: ignore[no-untyped-def]
    return [value for _, value in result.series(key)]


# ----- range syntax ------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "param", "values"), [
    ("nodes=8..256", "nodes", (8, 16, 32, 64, 128, 256)),
    ("nodes=8..100", "nodes", (8, 16, 32, 64, 100)),  # the end is always included
    ("nodes=8..1024:x4", "nodes", (8, 32, 128, 512, 1024)),
    ("nodes=8,16,32,16", "nodes", (8, 16, 32)),  # duplicates dropped
    ("rack_kw=20..60:10", "rack_kw", (20.0, 30.0, 40.0, 50.0, 60.0)),
    ("rack-kw=20..35:7.5", "rack_kw", (20.0, 27.5, 35.0)),
    ("oversubscription=1..3:0.5", "oversubscription", (1.0, 1.5, 2.0, 2.5, 3.0)),
    ("nic_speed=200,400", "nic_gbps", (200, 400)),
    ("nic=ib-ndr-400,roce-400", "nic", ("ib-ndr-400", "roce-400")),
])
def test_range_syntax(text: str, param: str, values: tuple[object, ...]) -> None:
    assert parse_range(text) == SweepRange(param, values)


@pytest.mark.parametrize(("text", "message"), [
    ("gpus=8..64", "write NAME=RANGE with NAME one of nodes, nic_gbps"),
    ("nodes", "write NAME=RANGE"),
    ("nodes=8.5,16", "nodes: '8.5' must be a whole number"),
    ("nodes=64..8", "the range must go up (64 is above 8)"),
    ("nodes=0..8", f"nodes: 0 is outside 1..{MAX_NODES}"),
    ("rack_kw=20..60:ten", "step 'ten' must be a number"),
    ("nodes=1..8192:1", f"the range gives 8192 values; at most {MAX_POINTS}"),
    ("nodes=" + ",".join(str(n) for n in range(1, 100)), f"gives 99 values; at most {MAX_POINTS}"),
    ("nic=ib-ndr-400..roce-400", "nic takes a list of catalog ids"),
    ("nodes=", "no values"),
])
def test_bad_ranges_say_what_to_write(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=None) as error:
        parse_range(text)
    assert message in str(error.value)


# ----- the spec read off a design ----------------------------------------------------------------
def test_base_spec_of_the_default_design() -> None:
    spec = base_spec(DESIGN, CATALOG, ANALYSIS)
    assert spec == TemplateSpec(server_id="dgx-h100", nodes=32, nic_id="ib-ndr-400", nics_per_node=8,
                                topology="rail-optimized", oversubscription=1.0, rack_kw=42.0, rack_u=42,
                                cooling="rdhx", cooling_kw=45.0, storage=True, management=True, name=DESIGN.meta.name)


def test_the_designs_own_value_reproduces_its_figures() -> None:
    """Regenerating at nodes=32 gives the default design's racks, price, busbw and days to train."""
    point = _sweep("nodes=32").points[0]
    direct = headline_figures(ANALYSIS)
    for key in ("gpus", "racks", "buy_upfront", "allreduce_busbw_1gib", "training_days", "checks_error"):
        assert point.figures[key] == pytest.approx(direct[key]), key


def test_variant_keeps_the_designs_settings_and_fills_the_cluster() -> None:
    spec = base_spec(DESIGN, CATALOG, ANALYSIS)
    variant, note = make_variant(DESIGN, CATALOG, spec, "nodes", 8)
    assert note == "" and variant.meta.name == f"{DESIGN.meta.name} — nodes = 8"
    assert variant.cost == DESIGN.cost and variant.fabric == DESIGN.fabric
    assert variant.meta.currency == DESIGN.meta.currency
    w = variant.workload
    assert w is not None and (w.tp, w.pp, w.dp, w.global_batch) == (8, 4, 2, 1024)  # 64 GPUs / (8 x 4) = 2


# ----- trends ------------------------------------------------------------------------------------
def test_more_nodes_more_gpus_cost_and_racks_fewer_days() -> None:
    result = _sweep("nodes=8..128")
    assert _series(result, "gpus") == [GPUS_PER_SERVER * n for n in (8, 16, 32, 64, 128)]
    cost, racks, days = (_series(result, k) for k in ("buy_upfront", "racks", "training_days"))
    assert cost == sorted(cost) and len(set(cost)) == len(cost)
    assert racks == sorted(racks) and days == sorted(days, reverse=True)
    efficiency = _series(result, EFFICIENCY_KEY)
    assert efficiency[0] == 1.0 and efficiency == sorted(efficiency, reverse=True) and efficiency[-1] < 1.0


def test_faster_nics_never_lower_busbw() -> None:
    busbw = _series(_sweep("nic_gbps=200,400,800"), "allreduce_busbw_1gib")
    assert busbw == sorted(busbw) and busbw[0] < busbw[1]


def test_more_oversubscription_never_costs_more() -> None:
    cost = _series(_sweep("oversubscription=1..4:1"), "buy_upfront")
    assert cost == sorted(cost, reverse=True) and cost[-1] < cost[0]


def test_bigger_rack_budgets_need_no_more_racks() -> None:
    racks = _series(_sweep("rack_kw=20..60:20"), "racks")
    assert racks == sorted(racks, reverse=True) and racks[-1] < racks[0]


# ----- points that cannot be built ----------------------------------------------------------------
def test_a_value_the_generator_refuses_is_an_error_point() -> None:
    result = _sweep("rack_kw=5,40")
    bad, good = result.points
    assert "--rack-kw" in bad.error and bad.figures == {}
    assert good.error == "" and good.figures["gpus"] == 256


def test_a_nic_speed_the_catalog_lacks_lists_the_speeds() -> None:
    point = _sweep("nic_gbps=300").points[0]
    assert point.error == "the catalog has no infiniband NIC at 300 Gb/s; available: 200, 400, 800 Gb/s"


def test_single_switch_designs_grow_into_a_rail_optimized_fabric() -> None:
    s1 = load_design(examples_folder() / "s1-h100-2x8-ndr.cluster", CATALOG).design
    small, large = _sweep("nodes=2,64", s1).points
    assert small.note == "" and small.figures["gpus"] == 16
    assert large.note.startswith("built as rail-optimized") and large.figures["gpus"] == 512


def test_a_design_without_servers_cannot_be_swept() -> None:
    with pytest.raises(ValueError, match="has no GPU servers the catalog knows"):
        run_sweep(Design(), CATALOG, parse_range("nodes=8,16"))


# ----- progress and cancel ------------------------------------------------------------------------
def test_progress_is_reported_per_value_and_cancel_stops_between_values() -> None:
    seen: list[tuple[int, int, str]] = []
    result = run_sweep(DESIGN, CATALOG, parse_range("nodes=8,16,32,64"), progress=lambda *a: seen.append(a),
                       cancelled=lambda: len(seen) >= 2, analysis=ANALYSIS)
    assert result.cancelled and [p.value for p in result.points] == [8, 16]
    assert seen == [(0, 4, "nodes = 8"), (1, 4, "nodes = 16")]
    done: list[tuple[int, int, str]] = []
    run_sweep(DESIGN, CATALOG, parse_range("nodes=8"), progress=lambda *a: done.append(a), analysis=ANALYSIS)
    assert done == [(0, 1, "nodes = 8"), (1, 1, "done")]
