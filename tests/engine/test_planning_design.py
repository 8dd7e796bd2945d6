"""Layout search on a design: its best layout is the training estimate the design shows with that layout,
the list is sorted and fits, the overlap axes behave, and what the design cannot run is refused."""

from __future__ import annotations

import dataclasses

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine import analyze_design
from planner_gui.engine.planning import plan_design
from planner_gui.engine.training.planner import HSDP, PlanSpace
from planner_gui.engine.training.shape import find_preset
from planner_gui.model import Design
from planner_gui.model.settings import Precision
from planner_gui.templates import TemplateSpec
from planner_gui.templates.generator import generate_design

CATALOG = bundled_catalog()
SHAPE = find_preset("Llama-2-7B").shape  # type: ignore[union-attr]
SMALL = PlanSpace(tp=(1, 2, 4), pp=(1, 2), vpp=(1,), cp=(1, 2), micro_batch=(1, 2))


@pytest.fixture(scope="module")
def design() -> Design:
    return generate_design(CATALOG, TemplateSpec("dgx-h100", 2))  # 16 H100 on NDR, rail-optimized


def test_the_best_layout_is_what_the_design_estimates_with_it(design: Design) -> None:
    plan = plan_design(design, CATALOG, SHAPE, 64, space=SMALL, top=6, train_tokens=2e11)
    assert plan.gpus == plan.job_gpus == 16 and plan.server_id == "dgx-h100" and plan.throttle == 1.0
    times = [e.estimate.step_time_s for e in plan.result.entries]
    assert len(times) == 6 and times == sorted(times)
    entry = next(e for e in plan.result.entries if e.sharding != HSDP)  # HSDP is not a workload field
    variant = dataclasses.replace(design, workload=entry.workload(SHAPE, 64, Precision.BF16, 2e11, "Llama-2-7B"))
    estimate = analyze_design(variant, CATALOG).training.estimate  # type: ignore[union-attr]
    assert estimate.step_time_s == pytest.approx(entry.estimate.step_time_s, rel=1e-12)
    assert estimate.memory_per_gpu_gb == pytest.approx(entry.estimate.memory_per_gpu_gb, rel=1e-12)
    assert estimate.days_to_train == pytest.approx(entry.estimate.days_to_train, rel=1e-12)
    for e in plan.result.entries:
        assert e.estimate.fits and e.tp * e.pp * e.cp * e.dp == 16
        assert e.estimate.memory_per_gpu_gb <= 80.0


def test_fewer_gpus_than_the_design_has(design: Design) -> None:
    plan = plan_design(design, CATALOG, SHAPE, 64, gpus=8, space=SMALL, top=3)
    assert plan.gpus == 8 and all(e.tp * e.pp * e.cp * e.dp == 8 for e in plan.result.entries)


def test_overlap_axes_are_searched_once_per_layout_and_never_slower(design: Design) -> None:
    off = plan_design(design, CATALOG, SHAPE, 64, space=SMALL, top=40)
    both = plan_design(design, CATALOG, SHAPE, 64, space=dataclasses.replace(SMALL, tp_comm_overlap=(False, True)),
                       top=40)
    assert both.result.searched > off.result.searched
    assert all(not e.tp_comm_overlap or e.tp > 1 for e in both.result.entries)
    assert both.result.entries[0].estimate.step_time_s <= off.result.entries[0].estimate.step_time_s
    with_tp = [e for e in both.result.entries if e.tp_comm_overlap]
    twin = {(e.tp, e.pp, e.dp, e.cp, e.micro_batch, e.sharding, e.recompute): e for e in both.result.entries
            if not e.tp_comm_overlap}
    pairs = [(e, twin[k]) for e in with_tp if (k := (e.tp, e.pp, e.dp, e.cp, e.micro_batch, e.sharding,
                                                     e.recompute)) in twin]
    assert pairs and all(a.estimate.step_time_s <= b.estimate.step_time_s for a, b in pairs)


def test_what_the_design_cannot_run_is_refused(design: Design) -> None:
    with pytest.raises(ValueError, match="ask for 1 to 16"):
        plan_design(design, CATALOG, SHAPE, 64, gpus=32, space=SMALL)
    with pytest.raises(ValueError, match="no GPU fabric"):
        plan_design(Design(), CATALOG, SHAPE, 64, space=SMALL)
