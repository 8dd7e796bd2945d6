"""``cluster-planner plan-training``: the ranked table, the JSON list best-first, and bad input as one line."""

from __future__ import annotations

import json

import pytest

from planner_gui.cli import main

ARGS = ("plan-training", "--gpu", "dgx-h100", "--gpus", "32", "--model", "Llama-2-7B", "--global-batch", "64",
        "--top", "4")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_is_a_list_sorted_best_first_with_layout_time_mfu_memory(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *ARGS, "--json")
    assert code == 0
    entries = json.loads(out)
    assert len(entries) == 4
    times = [e["step_time_s"] for e in entries]
    assert times == sorted(times)
    for entry in entries:
        layout = entry["layout"]
        assert layout["tp"] * layout["pp"] * layout["cp"] * layout["dp"] == 32
        assert 0 < entry["mfu"] < 1 and 0 < entry["memory_per_gpu_gb"] <= 80
        assert entry["tokens_per_s"] == pytest.approx(64 * 4096 / entry["step_time_s"])


def test_text_table_lists_the_same_best_layout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *ARGS)
    assert code == 0
    lines = out.splitlines()
    assert "consistent layouts" in lines[0] and "MFU %" in lines[1]
    assert len(lines) == 2 + 4 and lines[2].split()[0] == "1"


@pytest.mark.parametrize(("extra", "fragment"), [
    (("--gpu", "dgx-h100", "--gpus", "8", "--model", "nope", "--global-batch", "8"), "not a known preset"),
    (("--gpu", "dgx-h100", "--gpus", "8", "--layers", "4", "--global-batch", "8"), "--hidden, --heads, --seq"),
    (("--gpu", "dgx-h100", "--gpus", "0", "--model", "Llama-2-7B", "--global-batch", "8"), "must be at least 1"),
])
def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], extra: tuple[str, ...], fragment: str) -> None:
    code, _, err = run(capsys, "plan-training", *extra)
    lines = err.strip().splitlines()
    assert code == 1 and len(lines) == 1 and fragment in lines[0], err
