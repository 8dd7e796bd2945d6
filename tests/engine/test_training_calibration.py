"""Fidelity against published training throughput (training_calibration.csv): the brief's targets."""

from __future__ import annotations

from pathlib import Path

from planner_gui.catalog.loader import bundled_catalog
from planner_gui.engine.training.calibration import calibrate, error_summary, load_rows, map_row
from planner_gui.model.settings import Precision, Recompute

MEDIAN_TARGET = 0.06  # brief: median |error| ≤ 6 %
WORST_TARGET = 0.35  # brief: no case worse than 35 %

CSV = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "training_calibration.csv"


def test_published_throughput_is_reproduced_within_targets() -> None:
    """24 mappable rows (Megatron 2021 weak scaling, Korthikanti 2022, NeMo 24.12 FP8); C9/C10 give no
    shape and are skipped. Median and worst |predicted/published − 1| must meet the brief's targets."""
    results, skipped = calibrate(load_rows(CSV), bundled_catalog())
    assert len(results) >= 20 and len(skipped) <= 4
    median, worst = error_summary(results)
    assert median <= MEDIAN_TARGET, f"median error {median:.1%}"
    assert worst <= WORST_TARGET, f"worst error {worst:.1%}"


def test_row_mapping_follows_the_stated_rules() -> None:
    """Narayanan 2021 rows: full recompute, hardware TFLOP/s; NeMo rows: FP8, cp kept, presets fill shape."""
    rows = {row["id"]: row for row in load_rows(CSV)}
    catalog = bundled_catalog()
    a1 = map_row(rows["A1"], catalog)
    assert (a1.workload.recompute, a1.metric, a1.server_id) == (Recompute.FULL, "hardware_tflops", "dgx-a100")
    k4 = map_row(rows["K4"], catalog)
    assert (k4.workload.precision, k4.workload.cp, k4.server_id) == (Precision.FP8, 2, "dgx-h100")
    assert (k4.shape.vocab, k4.shape.kv_heads, k4.shape.gated_mlp) == (128256, 8, True)
    k6 = map_row(rows["K6"], catalog)  # Nemotron-340B: no layers/hidden in the row, from the preset
    assert (k6.shape.layers, k6.shape.hidden) == (96, 18432)
