"""Training-model fidelity: predicted vs published TFLOP/s per GPU (or MFU) for every calibration row.

Usage: ``.venv/bin/python benchmarks/fidelity_training.py [path/to/training_calibration.csv]``
(default: ``benchmarks/data/training_calibration.csv``, published rows each with its source), then the
fully sharded runs of ``benchmarks/data/fsdp_calibration.csv`` (tokens/s per GPU). Each table also reports
the error on every 4th row (held out: no constant of the model was chosen by looking at them) beside
the other rows. Exit status 1 when the Megatron/NeMo targets (median ≤ 8 %, worst ≤ 30 %) are missed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from planner_gui.catalog.loader import bundled_catalog
from planner_gui.engine import CalibrationResult, calibrate, calibrate_fsdp, comm_source, error_summary, load_rows

DEFAULT_CSV = Path(__file__).resolve().parent / "data" / "training_calibration.csv"

MEDIAN_TARGET = 0.08  # issue 17: median absolute error ≤ 8 %
WORST_TARGET = 0.30  # issue 17: no case worse than 30 %
HOLD_OUT_EVERY = 4  # every 4th row of each file is held out
FSDP_CSV = DEFAULT_CSV.with_name("fsdp_calibration.csv")
UNITS = {"hardware_tflops": "TFLOP/s (hw)", "model_tflops": "TFLOP/s (model)", "mfu_pct": "MFU %",
         "tokens_per_gpu": "tokens/s/GPU"}


def _line(result: CalibrationResult) -> str:
    est = result.estimate
    return (f"{result.row_id:<4} {result.model[:14]:<14} {UNITS[result.metric]:<16} {result.published:8.1f} "
            f"{result.predicted:8.1f} {result.error:+7.1%}   {est.dominant:<8} "
            f"bubble {est.breakdown['bubble_fraction']:4.0%}  mem {est.memory_per_gpu_gb:5.1f} GB")


def _table(results: list[CalibrationResult], skipped: list[str]) -> tuple[float, float]:
    print(f"{'row':<4} {'model':<14} {'metric':<16} {'published':>8} {'ours':>8} {'error':>7}   dominant")
    for result in results:
        print(_line(result))
    for reason in skipped:
        print(f"skipped: {reason}")
    held = [r for i, r in enumerate(results) if i % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1]
    rest = [r for i, r in enumerate(results) if i % HOLD_OUT_EVERY != HOLD_OUT_EVERY - 1]
    for name, part in (("other rows", rest), (f"held out (every {HOLD_OUT_EVERY}th)", held)):
        if part:
            median, worst = error_summary(part)
            print(f"  {name:<22} {len(part):3d} rows: median |error| {median:5.1%}, worst {worst:5.1%}")
    return error_summary(results)


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else DEFAULT_CSV
    catalog = bundled_catalog()
    started = time.process_time()
    results, skipped = calibrate(load_rows(path), catalog)
    elapsed = time.process_time() - started
    print(f"communication timed by: {comm_source()}")
    median, worst = _table(results, skipped)
    ok = median <= MEDIAN_TARGET and worst <= WORST_TARGET
    print(f"{len(results)} rows in {elapsed * 1000:.0f} ms CPU: median |error| {median:.1%} "
          f"(target ≤ {MEDIAN_TARGET:.0%}), worst {worst:.1%} (target ≤ {WORST_TARGET:.0%}) "
          f"-> {'PASS' if ok else 'FAIL'}")
    print("\n--- Fully sharded runs (fsdp_calibration.csv), tokens/s per GPU\n")
    fsdp, fsdp_skipped = calibrate_fsdp(load_rows(FSDP_CSV), catalog)
    median, worst = _table(fsdp, fsdp_skipped)
    print(f"{len(fsdp)} rows: median |error| {median:.1%}, worst {worst:.1%} (reported; the targets above are "
          f"stated for the Megatron/NeMo table)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
