"""Findings feed the numbers (issue 16 item 4): a rack over its power or cooling limit slows the training
estimate by the power check's own factor, and the estimate says so."""

from __future__ import annotations

import copy

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine import analyze_design
from planner_gui.examples import default_example_path
from planner_gui.io import load_design

CATALOG = bundled_catalog()
DESIGN = load_design(default_example_path(), CATALOG).design


def test_a_throttled_rack_slows_the_training_estimate_and_says_so() -> None:
    full = analyze_design(DESIGN, CATALOG)
    assert full.training is not None and full.training.throttle == 1.0
    assert "training-throttled" not in {c.code for c in full.checks}
    starved = copy.deepcopy(DESIGN)
    rack_id = next(r for r in sorted(starved.racks)
                   if any(d.rack_id == r and d.catalog_id == "dgx-h100" for d in starved.devices.values()))
    starved.racks[rack_id].power_budget_kw = 20.0  # 4 x 10.2 kW DGX H100 on 20 kW: about half speed
    slow = analyze_design(starved, CATALOG)
    assert slow.cooling is not None and slow.training is not None
    factor = slow.cooling.gpu_throttle_factor
    assert factor < 1.0 and slow.training.throttle == pytest.approx(factor)
    assert slow.training.throttle_rack == rack_id
    before, after = full.training.estimate.breakdown, slow.training.estimate.breakdown
    # hand: the math rate times the speed; memory-bound parts (optimizer step, norms) are not clocked down,
    # so compute grows by a little less than 1 / speed
    assert before["compute_s"] / factor * 0.9 <= after["compute_s"] <= before["compute_s"] / factor * 1.001
    assert slow.training.estimate.days_to_train > full.training.estimate.days_to_train
    check = next(c for c in slow.checks if c.code == "training-throttled")
    assert f"{factor:.0%} speed" in check.message and rack_id in check.message
    assert slow.to_json()["training"]["throttle"] == pytest.approx(factor)


def test_a_job_mixing_gpu_models_is_refused_by_name() -> None:
    """s3 mixes 8 A100 PCIe and 8 RTX 3090 servers' GPUs: every figure would be the A100's (issue 16 item 4)."""
    mixed = load_design(default_example_path().with_name("s3-cloud-a100-3090.cluster"), CATALOG).design
    check = next(c for c in analyze_design(mixed, CATALOG).checks if c.code == "mixed-gpu-models")
    assert check.severity == "error" and "a100-pcie-80gb" in check.message and "rtx-3090" in check.message
    assert "mixed-gpu-models" not in {c.code for c in analyze_design(DESIGN, CATALOG).checks}
