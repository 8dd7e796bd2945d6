"""Collective model against published nccl-tests measurements (nccl_calibration.csv).

The CSV is kept in the repository (benchmarks/data/, each row with its source). Targets from the issue, on healthy rows, absolute % error of the measured
quantity (time where the row has it, else busbw):
messages >= 64 MiB: median <= 5 %, p90 <= 15 %; below 64 MiB: median <= 20 %, p90 <= 40 %.
Seven large rows stay above 15 % and are explained in docs/models/collectives.md ("Calibration"):
two runs of the same AWS p5 pair disagree by up to 2.2x (R180-R184 vs R189-R193), nccl-tests#169's
6-node point loses bandwidth beyond any stated fabric fact, and nccl#812's 60 GB/s is itself called
low by NVIDIA. With 76 large rows, p90 sits between the 8th and 9th worst, so the target holds.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from planner_gui.engine.collectives import predict

REPO_ROOT = Path(__file__).resolve().parents[2]
BENCHMARK = REPO_ROOT / "benchmarks" / "fidelity_collectives.py"
LARGE_MEDIAN_BOUND = 4.8  # % ; target 5, achieved 4.58 when written


def _benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fidelity_collectives", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("fidelity_collectives", module)
    spec.loader.exec_module(module)
    return module


bench = _benchmark()


@pytest.fixture(scope="module")
def summary() -> dict[str, tuple[int, float, float]]:
    return bench.summary(bench.evaluate(bench.load_rows()))


def test_every_healthy_row_is_predicted(summary: dict[str, tuple[int, float, float]]) -> None:
    rows = bench.load_rows()
    healthy = [r for r in rows if not bench.is_degraded(r) and (r["time_us"] or r["busbw_GBps"])]
    assert summary["large"][0] + summary["small"][0] == len(healthy)


def test_large_message_median(summary: dict[str, tuple[int, float, float]]) -> None:
    """The target is 5 %; keep a margin, the median was 4.96 % before the ECMP/NVLSTree mechanisms."""
    assert summary["large"][1] <= LARGE_MEDIAN_BOUND


def test_small_message_median_and_p90(summary: dict[str, tuple[int, float, float]]) -> None:
    assert summary["small"][1] <= 20.0
    assert summary["small"][2] <= 40.0


def test_large_message_p90_target(summary: dict[str, tuple[int, float, float]]) -> None:
    """The issue's target; SimAI's analytical model scores 28 % on the hidden set, a line-rate model 34 %."""
    assert summary["large"][2] <= 15.0


def test_gdr_off_row_matches_its_fault_setting() -> None:
    """R340 (nccl#465, degraded: no GPUDirect RDMA): mapped with gdr=False it is predicted within
    15 %; the same profile with GDR on predicts twice the bandwidth, the reporter's expectation."""
    row = next(r for r in bench.load_rows() if r["id"] == "R340")
    outcome = bench.evaluate_row(row)
    assert outcome is not None and not outcome.case.profile.gdr
    assert outcome.error_pct < 15.0
    healthy = predict(dataclasses.replace(outcome.case.profile, gdr=True), "allreduce", outcome.case.nbytes)
    assert healthy.busbw_GBps == pytest.approx(2 * outcome.predicted, rel=0.1)


def test_row_mapping_reads_stated_facts() -> None:
    rows = {r["id"]: r for r in bench.load_rows()}
    p5 = bench.row_to_profile(rows["R188"])
    assert (p5.nodes, p5.gpus_per_node, p5.nics_per_node, p5.nic_gbps, p5.technology) == (2, 8, 32, 100.0, "efa")
    assert p5.nvls and p5.intra == "nvswitch" and p5.nvlink_bidir_gbs == 900.0
    azure_a100 = bench.row_to_profile(rows["R024"])
    assert azure_a100.nodes == 1 and not azure_a100.nvls and azure_a100.nvlink_bidir_gbs == 600.0
    assert bench.row_to_case(rows["R310"]).algo == "ring"  # NCCL_ALGO=Ring in the source
    assert bench.row_to_case(rows["R335"]).algo == "auto"  # NVLSTree is ignored on one node
