"""Issue 20 item 8: ``accept`` (and the acceptance dialog) read results files under the design files' rules."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from planner_gui.cli import main
from planner_gui.engine.acceptance.nccl_results import parse_nccl_tests
from planner_gui.examples import default_example_path
from planner_gui.io.results_file import MAX_RESULTS_BYTES, read_results_file

DATA = Path(__file__).parents[1] / "data" / "nccl"
DESIGN = str(default_example_path())


pytestmark = pytest.mark.usefixtures("no_hang")  # tests/reliability/conftest.py


def _one_line_error(capsys: pytest.CaptureFixture[str], results: Path | str) -> str:
    assert main(["accept", DESIGN, str(results)]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    return err


def test_a_named_pipe_is_refused_without_hanging(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pipe = tmp_path / "results.txt"
    os.mkfifo(pipe)
    assert "is not a regular file" in _one_line_error(capsys, pipe)


def test_the_zero_device_is_refused_without_reading_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert "is not a regular file" in _one_line_error(capsys, "/dev/zero")


def test_an_oversized_results_file_is_refused_by_its_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "big.txt"
    with big.open("wb") as file:
        file.truncate(MAX_RESULTS_BYTES + 1)  # sparse: nothing is written
    assert "MiB; nccl-tests output is a few kB" in _one_line_error(capsys, big)


def test_a_five_thousand_digit_number_skips_its_line_with_a_note() -> None:
    text = (DATA / "all_reduce_perf_1x8_h100.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    first_row = next(i for i, line in enumerate(lines) if line.split() and line.split()[0].isdigit())
    damaged = lines[first_row].split()
    damaged[0] = "9" * 5000
    lines.insert(first_row, "  ".join(damaged))
    lines.insert(first_row, "#  Rank " + "1" * 5000 + " Group  0 Pid  1 on node device  0 [0x1b] NVIDIA H100")
    results = parse_nccl_tests("\n".join(lines))
    clean = parse_nccl_tests(text)
    def measured(parsed: object) -> list[list[tuple[int, object, object]]]:
        return [[(r.bytes, r.out_of_place, r.in_place) for r in run.rows] for run in parsed.runs]  # type: ignore[attr-defined]
    assert measured(results) == measured(clean)
    assert any(p.line == first_row + 2 and "size and count must be whole numbers" in p.message
               for p in results.problems)


def test_the_dialogs_reader_gives_the_same_refusal(tmp_path: Path) -> None:
    pipe = tmp_path / "results.txt"
    os.mkfifo(pipe)
    with pytest.raises(ValueError, match="is not a regular file"):
        read_results_file(pipe)
