"""Training-model fidelity: predicted vs published TFLOP/s per GPU (or MFU) for every calibration row.

Usage: ``.venv/bin/python benchmarks/fidelity_training.py [path/to/training_calibration.csv]``
(default: ``benchmarks/data/training_calibration.csv``, published rows each with its source).
Exit status 1 when the targets (median ≤ 6 %, worst ≤ 35 %) are missed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from planner_gui.catalog.loader import bundled_catalog
from planner_gui.engine.training.calibration import (
    CalibrationResult,
    calibrate,
    error_summary,
    load_rows,
)
from planner_gui.engine.training.fabric import comm_source

DEFAULT_CSV = Path(__file__).resolve().parent / "data" / "training_calibration.csv"

MEDIAN_TARGET = 0.06  # brief: median absolute error ≤ 6 %
WORST_TARGET = 0.35  # brief: no case worse than 35 %
UNITS = {"hardware_tflops": "TFLOP/s (hw)", "model_tflops": "TFLOP/s (model)", "mfu_pct": "MFU %"}


def _line(result: CalibrationResult) -> str:
    est = result.estimate
    return (f"{result.row_id:<4} {result.model:<14} {UNITS[result.metric]:<16} {result.published:8.1f} "
            f"{result.predicted:8.1f} {result.error:+7.1%}   {est.dominant:<8} "
            f"bubble {est.breakdown['bubble_fraction']:4.0%}  mem {est.memory_per_gpu_gb:5.1f} GB")


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else DEFAULT_CSV
    catalog = bundled_catalog()
    started = time.perf_counter()
    results, skipped = calibrate(load_rows(path), catalog)
    elapsed = time.perf_counter() - started
    print(f"communication timed by: {comm_source()}")
    print(f"{'row':<4} {'model':<14} {'metric':<16} {'published':>8} {'ours':>8} {'error':>7}   dominant")
    for result in results:
        print(_line(result))
    for reason in skipped:
        print(f"skipped: {reason}")
    median, worst = error_summary(results)
    ok = median <= MEDIAN_TARGET and worst <= WORST_TARGET
    print(f"{len(results)} rows in {elapsed * 1000:.0f} ms: median |error| {median:.1%} "
          f"(target ≤ {MEDIAN_TARGET:.0%}), worst {worst:.1%} (target ≤ {WORST_TARGET:.0%}) "
          f"-> {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
