"""Sizes between doublings: the scale unit fills every leaf, the binary search asks few designs and stops at
the boundary, and the cluster search's answer is the smallest (deadline) or largest (budget) unit multiple
that the same evaluation accepts, never bigger than the doubling answer."""

from __future__ import annotations

import dataclasses
import math
from collections import Counter

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.cost.tco import cost_report
from planner_gui.engine.planning import ClusterRequest, plan_clusters, plan_design
from planner_gui.engine.planning.sizes import (
    first_meeting,
    last_meeting,
    multiples_between,
    next_smaller,
    splits_batch,
)
from planner_gui.engine.training.planner import PlanSpace
from planner_gui.engine.training.shape import find_preset
from planner_gui.model.settings import CostSettings, Currency
from planner_gui.templates import TemplateSpec
from planner_gui.templates.generator import generate_design, servers_per_unit

CATALOG = bundled_catalog()
SHAPE = find_preset("Llama-2-7B").shape  # type: ignore[union-attr]
SPACE = PlanSpace(tp=(1, 2, 4), pp=(1, 2, 4), vpp=(1,), cp=(1, 2), micro_batch=(1, 2))
SERVER = "hgx-a100-80gb"  # 20 servers per HDR rail group: 20, 40, 60 lie between the doublings up to 64
BATCH = 960  # 2^6 x 15: a layout splits it over 20, 40 and 60 servers (160, 320, 480 GPUs), and over 2^k
GOAL = ClusterRequest(SHAPE, BATCH, 1e11, servers=(SERVER,), max_nodes=64, model_name="Llama-2-7B", space=SPACE)


def _node_links_per_leaf(server: str, nodes: int, topology: str) -> Counter[str]:
    design = generate_design(CATALOG, TemplateSpec(server, nodes, topology=topology))
    return Counter(link.b.split("/")[0] for link in design.links.values()
                   if link.a.startswith("node-") and link.b.startswith("fab-leaf"))


@pytest.mark.parametrize(("server", "topology", "unit", "per_leaf"), [
    ("dgx-h100", "rail-optimized", 32, 32),  # a 64-port NDR leaf at 1:1: 32 down (DGX SuperPOD: 32-node SU)
    (SERVER, "rail-optimized", 20, 20),  # a 40-port HDR leaf at 1:1: 20 down (DGX A100 SuperPOD: 20-node SU)
    ("dgx-h100", "leaf-spine", 4, 32),  # 32 downlinks take 4 whole nodes of 8 NICs
])
def test_a_unit_multiple_fills_every_leaf_and_one_more_server_does_not(server: str, topology: str, unit: int,
                                                                       per_leaf: int) -> None:
    assert servers_per_unit(CATALOG, TemplateSpec(server, 1, topology=topology)) == unit
    assert set(_node_links_per_leaf(server, 2 * unit, topology).values()) == {per_leaf}
    assert min(_node_links_per_leaf(server, 2 * unit + 1, topology).values()) < per_leaf


def test_a_rack_scale_unit_is_one_nvlink_domain() -> None:
    assert servers_per_unit(CATALOG, TemplateSpec("gb200-nvl72", 18)) == 18


def test_sizes_between_and_next_smaller() -> None:
    assert multiples_between(32, 64, 20) == [40, 60] and multiples_between(16, 32, 32) == []
    assert multiples_between(64, 128, 32) == [96]
    assert [next_smaller(n, 1, 20) for n in (1, 2, 20, 32, 40, 60, 64)] == [0, 1, 16, 20, 32, 40, 60]
    assert [next_smaller(n, 18, 18) for n in (18, 36, 54, 72)] == [0, 18, 36, 54]


def test_the_batch_test_is_the_divisibility_a_layout_needs() -> None:
    assert splits_batch(480, 8, BATCH, SPACE) and splits_batch(512, 8, BATCH, SPACE)
    assert not splits_batch(480, 8, 1024, SPACE)  # 480 GPUs = 15 x 32: no power-of-two batch splits over them
    assert not splits_batch(384, 8, 1024, SPACE) and splits_batch(384, 8, 1536, SPACE)


@pytest.mark.parametrize("count", [0, 1, 2, 3, 7, 31])
def test_the_binary_search_finds_the_boundary_in_log_steps(count: int) -> None:
    sizes = list(range(count))
    for boundary in range(count + 1):
        asked: list[int] = []

        def meets(size: int, edge: int = boundary, seen: list[int] = asked) -> str | None:
            seen.append(size)
            return "yes" if size >= edge else None

        index, found = first_meeting(sizes, meets)
        assert index == boundary and (found is None) == (boundary == count)
        assert len(asked) <= math.ceil(math.log2(count + 1))
        assert boundary == 0 or boundary - 1 in asked  # the size next to the answer was asked
        index, found = last_meeting(sizes, lambda size, edge=boundary: "yes" if size < edge else None)
        assert index == boundary - 1 and (found is None) == (boundary == 0)


def _days(nodes: int) -> float:
    """The same evaluation the search runs: the design's best layout; no layout: it cannot train."""
    design = generate_design(CATALOG, TemplateSpec(SERVER, nodes))
    plan = plan_design(design, CATALOG, SHAPE, BATCH, space=SPACE, top=1, train_tokens=1e11)
    return plan.result.entries[0].estimate.days_to_train if plan.result.entries else math.inf


def _cost(nodes: int, months: int) -> float:
    design = generate_design(CATALOG, TemplateSpec(SERVER, nodes))
    design.meta = dataclasses.replace(design.meta, currency=Currency.USD)
    design.cost = CostSettings(project_months=months)
    return cost_report(design, CATALOG).options["buy"].total


@pytest.mark.parametrize("deadline", [1.0, 1.7])
def test_with_a_deadline_the_smallest_unit_multiple_that_meets_it(deadline: float) -> None:
    plan = plan_clusters(CATALOG, dataclasses.replace(GOAL, deadline_days=deadline))
    (chosen,) = plan.candidates
    doubling = 2 ** math.ceil(math.log2(chosen.nodes))
    assert chosen.nodes % 20 == 0 and chosen.nodes < doubling  # between the doublings, not the doubling
    assert chosen.days <= deadline and chosen.days == pytest.approx(_days(chosen.nodes), rel=1e-12)
    assert _days(next_smaller(chosen.nodes, 1, 20)) > deadline  # the next smaller unit multiple misses it
    assert _days(doubling // 2) > deadline  # so the doubling answer is at least ``doubling`` > the chosen size
    assert chosen.binds == "deadline"


def test_a_size_past_the_last_doubling_up_to_the_node_limit_is_searched() -> None:
    plan = plan_clusters(CATALOG, dataclasses.replace(GOAL, deadline_days=0.9, max_nodes=48))
    (chosen,) = plan.candidates
    assert chosen.nodes == 40 and _days(32) > 0.9 >= chosen.days


def test_with_a_budget_the_largest_unit_multiple_within_it_when_faster() -> None:
    """The budget lies between the costs of 60 and 64 servers: the doubling walk kept 32; 60 is faster."""
    budget = (_cost(60, 1) + _cost(64, 1)) / 2
    plan = plan_clusters(CATALOG, dataclasses.replace(GOAL, budget=budget))
    (chosen,) = plan.candidates
    assert chosen.nodes == 60 and chosen.months == 1 and chosen.cost == _cost(60, 1) <= budget
    assert chosen.binds == "budget" and _cost(64, 1) > budget
    assert chosen.days < _days(32)  # faster than the doubling answer


def test_between_the_doublings_few_sizes_are_bounded_or_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """Leaf-spine's unit is 4 servers and a batch of 20,160 (2^6 x 315) splits over 36, 40, 48, 56 and 60 of
    them: 5 sizes between 32 and 64, yet the binary search bounds and builds at most ⌈log2 6⌉ = 3 of them,
    each once, and keeps 40 under a deadline between the days 40 and 36 servers need (the same evaluation)."""
    from planner_gui.engine.planning import clusters
    from planner_gui.engine.planning.pairs import Pair

    request = dataclasses.replace(GOAL, servers=("dgx-h100",), topology="leaf-spine", global_batch=20_160,
                                  train_tokens=1e12, space=dataclasses.replace(SPACE, pp=(1,)))
    days = {n: clusters._build(CATALOG, request, Pair("dgx-h100", None), n) for n in (36, 40)}
    assert all(c is not None for c in days.values()) and days[36].days > days[40].days  # type: ignore[union-attr]
    request = dataclasses.replace(request, deadline_days=(days[36].days + days[40].days) / 2)  # type: ignore[union-attr]
    bounded: list[int] = []
    built: list[int] = []
    plan_bounds, build = clusters.plan_bounds, clusters._build
    monkeypatch.setattr(clusters, "plan_bounds", lambda shape, gpus, *rest: bounded.append(gpus // 8)
                        or plan_bounds(shape, gpus, *rest))
    monkeypatch.setattr(clusters, "_build", lambda catalog, request, pair, nodes: built.append(nodes)
                        or build(catalog, request, pair, nodes))
    plan = plan_clusters(CATALOG, request)
    between = [n for n in bounded if n & (n - 1)]  # not a power of two
    assert [c.nodes for c in plan.candidates] == [40] and plan.candidates[0].binds == "deadline"
    assert all(n % 4 == 0 for n in between) and len(between) <= 3
    assert len(built) == len(set(built)) and len([n for n in built if n & (n - 1)]) <= 3
