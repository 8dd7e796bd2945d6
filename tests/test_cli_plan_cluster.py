"""``plan-training --design`` and ``plan-cluster``: JSON lists best-first that agree with the engines, and
hostile input as one line with a non-zero exit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.io import save_design
from planner_gui.templates import TemplateSpec
from planner_gui.templates.generator import generate_design

GOAL = ("plan-cluster", "--model", "Llama-2-7B", "--global-batch", "256", "--train-tokens", "1e11",
        "--servers", "dgx-h100,hgx-a100-80gb", "--max-nodes", "32")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def design_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("plan") / "two.cluster"
    save_design(generate_design(bundled_catalog(), TemplateSpec("dgx-h100", 2)), path)
    return path


def test_plan_training_on_a_design_uses_its_gpus(capsys: pytest.CaptureFixture[str], design_file: Path) -> None:
    code, out, _ = run(capsys, "plan-training", "--design", str(design_file), "--model", "Llama-2-7B",
                       "--global-batch", "64", "--top", "3", "--json")
    entries = json.loads(out)
    assert code == 0 and len(entries) == 3
    assert [e["step_time_s"] for e in entries] == sorted(e["step_time_s"] for e in entries)
    for e in entries:
        layout = e["layout"]
        assert layout["tp"] * layout["pp"] * layout["cp"] * layout["dp"] == 16 and e["memory_per_gpu_gb"] <= 80


def test_plan_cluster_json_is_cheapest_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *GOAL, "--deadline-days", "5", "--json")
    found = json.loads(out)
    assert code == 0 and found
    assert [c["cost"] for c in found] == sorted(c["cost"] for c in found)
    for c in found:
        assert c["days_to_train"] <= 5 and c["binds"] in {"deadline", "memory", "batch", "none"}
        assert c["gpus"] == c["nodes"] * 8 and 0 < c["mfu"] < 1 and c["cost"] == c["costs"]["buy"]


def test_plan_cluster_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *GOAL, "--budget", "3e6")
    lines = out.splitlines()
    assert code == 0 and "designs built" in lines[0] and "binds" in lines[1]
    assert lines[2].split()[0] == "1"


# A global batch of 960 sequences (2^6 x 15) splits over 20, 40 and 60 HDR servers, the A100's rail-group
# multiples between the doublings 16, 32 and 64.
BETWEEN = ("plan-cluster", "--model", "Llama-2-7B", "--global-batch", "960", "--train-tokens", "1e11",
           "--servers", "hgx-a100-80gb,dgx-h100", "--max-nodes", "64", "--json")
FIELDS = {"layout", "step_time_s", "mfu", "memory_per_gpu_gb", "cost", "days_to_train", "nodes", "binds"}


@pytest.mark.parametrize(("goal", "key"), [(("--deadline-days", "1"), "cost"), (("--budget", "1.5e7"),
                                                                                "days_to_train")])
def test_plan_cluster_json_between_doublings_is_best_first(capsys: pytest.CaptureFixture[str],
                                                           goal: tuple[str, ...], key: str) -> None:
    code, out, _ = run(capsys, *BETWEEN, *goal)
    found = json.loads(out)
    assert code == 0 and len(found) == 2 and [c[key] for c in found] == sorted(c[key] for c in found)
    for c in found:
        assert set(c) >= FIELDS and c["memory_per_gpu_gb"] <= 80 and 0 < c["mfu"] < 1
        layout = c["layout"]
        assert layout["tp"] * layout["pp"] * layout["cp"] * layout["dp"] == c["gpus"] == 8 * c["nodes"]
    a100 = next(c for c in found if c["server"] == "hgx-a100-80gb")
    assert a100["nodes"] in {40, 60}  # a 20-server multiple, not the doubling (64, or 32 for the budget)


@pytest.mark.parametrize(("extra", "fragment"), [
    (("--deadline-days", "0.01"), "allow"),
    (("--deadline-days", "-2"), "must be a number above 0"),
    (("--budget", "1e40"), "from 1 to 1e+12"),
    (("--budget", "1000"), "raise the budget"),
    ((), "a deadline in days, a budget"),
    (("--deadline-days", "5", "--pay", "cloud"), "needs a price"),
    (("--deadline-days", "5", "--train-tokens", "nan"), "above 0"),
])
def test_plan_cluster_refusals_are_one_line(capsys: pytest.CaptureFixture[str], extra: tuple[str, ...],
                                            fragment: str) -> None:
    code, out, err = run(capsys, *GOAL, *extra)
    lines = err.strip().splitlines()
    assert code != 0 and len(lines) == 1 and fragment in lines[0], err
    assert "Traceback" not in err and out == ""


def test_plan_training_design_refusals(capsys: pytest.CaptureFixture[str], design_file: Path) -> None:
    code, _, err = run(capsys, "plan-training", "--design", str(design_file), "--model", "Llama-2-7B",
                       "--global-batch", "64", "--gpus", "64")
    assert code == 1 and "ask for 1 to 16" in err and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "plan-training", "--design", str(design_file), "--global-batch", "64")
    assert code == 1 and "no training workload" in err
