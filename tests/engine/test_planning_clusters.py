"""The cluster search: each candidate's time and cost are the training and cost engines' own figures for
the design it names, the list is ranked, the binding constraint is true, and infeasible goals say why."""

from __future__ import annotations

import dataclasses
import math

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.cost.tco import cost_report
from planner_gui.engine.planning import ClusterRequest, SearchCancelled, plan_clusters, plan_design
from planner_gui.engine.planning.clusters import DAYS_PER_MONTH
from planner_gui.engine.training.planner import PlanSpace
from planner_gui.engine.training.shape import find_preset
from planner_gui.model.settings import CostSettings, Currency
from planner_gui.templates import TemplateSpec
from planner_gui.templates.generator import generate_design

CATALOG = bundled_catalog()
SHAPE = find_preset("Llama-2-7B").shape  # type: ignore[union-attr]
SPACE = PlanSpace(tp=(1, 2, 4), pp=(1, 2, 4), vpp=(1,), cp=(1, 2), micro_batch=(1, 2))
BASE = ClusterRequest(SHAPE, 256, 1e11, servers=("dgx-h100", "hgx-a100-80gb"), max_nodes=64,
                      model_name="Llama-2-7B", space=SPACE)


def _design_days(server: str, nodes: int) -> float:
    design = generate_design(CATALOG, TemplateSpec(server, nodes))
    plan = plan_design(design, CATALOG, SHAPE, 256, space=SPACE, top=1, train_tokens=1e11)
    return plan.result.entries[0].estimate.days_to_train


@pytest.fixture(scope="module")
def deadline_plan():
    return plan_clusters(CATALOG, dataclasses.replace(BASE, deadline_days=5.0))


def test_deadline_candidates_are_cheapest_first_and_meet_it(deadline_plan) -> None:
    found = deadline_plan.candidates
    assert [c.server_id for c in found] and deadline_plan.reason == ""
    assert [c.cost for c in found] == sorted(c.cost for c in found)
    for c in found:
        assert c.days <= 5.0 and c.days == c.entry.estimate.days_to_train
        assert c.gpus == c.nodes * 8 == c.entry.tp * c.entry.pp * c.entry.cp * c.entry.dp
        assert c.months == max(1, math.ceil(c.days / DAYS_PER_MONTH))


def test_a_candidate_is_the_design_it_names(deadline_plan) -> None:
    """Rebuilt from the template, the design's best layout and its cost engine give the same figures."""
    c = deadline_plan.candidates[0]
    assert c.days == pytest.approx(_design_days(c.server_id, c.nodes), rel=1e-12)
    design = generate_design(CATALOG, TemplateSpec(c.server_id, c.nodes))
    design.meta = dataclasses.replace(design.meta, currency=Currency.USD)
    design.cost = CostSettings(project_months=c.months)
    buy = cost_report(design, CATALOG).options["buy"]
    assert c.cost == buy.total and c.upfront == buy.upfront and c.cost > c.upfront


def test_the_deadline_binds_where_it_says(deadline_plan) -> None:
    """binds = deadline: half the servers would miss it (the smallest that meets it is the cheapest)."""
    bound = [c for c in deadline_plan.candidates if c.binds == "deadline"]
    assert bound
    for c in bound:
        assert _design_days(c.server_id, c.nodes // 2) > 5.0


def test_budget_only_is_fastest_first_and_within_budget() -> None:
    plan = plan_clusters(CATALOG, dataclasses.replace(BASE, budget=3e6))
    found = plan.candidates
    assert found and [c.days for c in found] == sorted(c.days for c in found)
    for c in found:
        assert c.cost <= 3e6 and c.binds in {"budget", "size", "speed"}
        assert c.binds != "speed" or _design_days(c.server_id, c.nodes * 2) >= c.days
        design = generate_design(CATALOG, TemplateSpec(c.server_id, c.nodes * 2))
        design.meta = dataclasses.replace(design.meta, currency=Currency.USD)
        design.cost = CostSettings(project_months=1)
        assert c.months == 1  # so the doubled design's one-month total is at most what it would cost
        assert c.binds != "budget" or cost_report(design, CATALOG).options["buy"].total > 3e6


def test_renting_costs_the_rent_of_the_gpu_months() -> None:
    plan = plan_clusters(CATALOG, dataclasses.replace(BASE, deadline_days=5.0, pay="rent",
                                                      rent_per_gpu_month=2000.0))
    for c in plan.candidates:
        assert c.cost == pytest.approx(c.gpus * 2000.0 * c.months)


@pytest.mark.parametrize(("change", "fragment"), [
    ({"deadline_days": 0.01}, "allow"),
    ({"deadline_days": 5.0, "budget": 1000.0}, "raise the budget"),
    ({"budget": 1000.0}, "raise the budget"),
])
def test_infeasible_goals_say_why_and_what_would_do(change: dict, fragment: str) -> None:
    plan = plan_clusters(CATALOG, dataclasses.replace(BASE, **change))
    assert plan.candidates == () and fragment in plan.reason and "\n" not in plan.reason


@pytest.mark.parametrize(("change", "fragment"), [
    ({}, "deadline in days, a budget"),
    ({"deadline_days": 5.0, "train_tokens": 0.0}, "train tokens is 0.0"),
    ({"deadline_days": 5.0, "train_tokens": math.nan}, "train tokens is nan"),
    ({"deadline_days": -1.0}, "deadline (days) is -1.0"),
    ({"budget": 1e40}, "give a number from 1 to 1e+12"),
    ({"deadline_days": 5.0, "pay": "rent"}, "rent price"),
    ({"deadline_days": 5.0, "servers": ("nope",)}, "'nope' is not a catalog server"),
    ({"deadline_days": 5.0, "max_nodes": 0}, "max nodes 0"),
    ({"deadline_days": 5.0, "global_batch": -4}, "global batch is -4"),
])
def test_hostile_requests_are_refused_before_anything_is_built(change: dict, fragment: str) -> None:
    with pytest.raises(ValueError, match="^.*" + fragment.replace("(", r"\(").replace(")", r"\)")
                       .replace(".", r"\.").replace("+", r"\+")):
        plan_clusters(CATALOG, dataclasses.replace(BASE, **change))


def test_a_server_the_model_cannot_price_or_time_is_left_out_by_name() -> None:
    """The T4 has no BF16 figure: it is left out with the reason, the other server is still ranked."""
    plan = plan_clusters(CATALOG, dataclasses.replace(BASE, deadline_days=5.0, servers=("dgx-h100", "t4-4")))
    assert [c.server_id for c in plan.candidates] == ["dgx-h100"]
    assert len(plan.notes) == 1 and str(plan.notes[0]).startswith("t4-4: ") and "bf16" in str(plan.notes[0])


def test_stop_ends_the_search_between_two_designs() -> None:
    """The GUI's Cancel: ``stop`` is asked before each design is built; the search raises once it says so."""
    asked = []

    def stop_after_two() -> bool:
        asked.append(True)
        return len(asked) > 2

    request = dataclasses.replace(BASE, deadline_days=5.0)
    with pytest.raises(SearchCancelled):
        plan_clusters(CATALOG, request, stop=stop_after_two)
    assert len(asked) == 3  # two designs built, the third refused
    assert plan_clusters(CATALOG, request, stop=lambda: False).candidates  # a stop that never fires changes nothing
