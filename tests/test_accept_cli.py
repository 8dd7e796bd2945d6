"""``cluster-planner accept``: verdicts, skipped lines with their numbers, the fit, one-line errors."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.engine.analysis import analyze_design
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.present import format_days

DATA = Path(__file__).parent / "data" / "nccl"
DESIGN = str(default_example_path())


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_accept_json_of_the_broken_sample(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "accept", DESIGN, str(DATA / "all_reduce_perf_broken.txt"), "--json")
    assert code == 0
    data = json.loads(out)
    # 'Test NCCL failure ... unhandled system error' at line 39: the run fails whatever its bandwidth
    assert data["verdict"] == "fail" and data["tests"][0]["verdict"] == "fail"
    assert "failure at line 39" in data["tests"][0]["reason"]
    assert [p["line"] for p in data["problems"]] == [22, 23, 24, 25, 39, 40]


def test_accept_text_shows_the_failing_sizes_and_diagnoses(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    v100 = DATA / "reduce_scatter_perf_v100_old_layout.txt"
    code, out, _ = _run(capsys, "accept", DESIGN, str(v100))
    assert code == 0 and out.startswith("Acceptance of 256 x H100 NDR rail-optimized: MISMATCH")  # a V100 log
    assert "measured on Tesla V100-SXM2-32GB, but the design has NVIDIA H100 SXM5 80GB" in out
    as_h100 = tmp_path / "reduce_scatter_perf.txt"  # the same numbers as if measured on the design's GPUs
    as_h100.write_text(v100.read_text().replace("Tesla V100-SXM2-32GB", "NVIDIA H100 80GB HBM3"))
    code, out, _ = _run(capsys, "accept", DESIGN, str(as_h100))
    assert out.startswith("Acceptance of 256 x H100 NDR rail-optimized: FAIL")
    assert "FAIL" in out.split("16 MiB")[1].splitlines()[0]
    assert "[warning] bandwidth-low" in out


def test_accept_fit_shows_the_training_change(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "accept", DESIGN, str(DATA / "all_reduce_perf_4x8_openmpi.txt"), "--fit")
    # The link the fit scales is the model's bottleneck for this 4-node run: NICs or NVLink, both fit.
    assert code == 0 and re.search(r"Calibration on all_reduce_perf \(line 2\): the (nic|nvlink) delivers", out)
    catalog = bundled_catalog()
    before = analyze_design(load_design(default_example_path(), catalog).design, catalog).training.estimate
    assert f"training: {format_days(before.days_to_train)} -> " in out  # the engine's estimate before the fit


def test_accept_reads_standard_input_with_a_test_name(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    text = (DATA / "alltoall_perf_2x8_rows_only.txt").read_text()
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code, out, _ = _run(capsys, "accept", DESIGN, "-", "--test", "alltoall_perf", "--json")
    assert code == 0 and json.loads(out)["tests"][0]["test"] == "alltoall_perf"


@pytest.mark.parametrize(("args", "fragment"), [
    (("missing.txt",), "missing.txt"),
    ((str(DATA),), "is a folder"),
    ((str(DATA / "two_tests_1x8.txt"), "--test", "allreduce_perf"), "unknown nccl-tests test 'allreduce_perf'"),
])
def test_accept_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], args: tuple[str, ...], fragment: str) -> None:
    code, _, err = _run(capsys, "accept", DESIGN, *args)
    assert code == 1 and len(err.strip().splitlines()) == 1 and fragment in err and "Traceback" not in err
