"""`report --compare` and `--accept` add the comparison and acceptance sections to the proposal."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from planner_gui.cli import main
from planner_gui.examples import examples_folder

DATA = Path(__file__).parent / "data" / "nccl"


def _text(path: Path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)


def test_compare_and_accept_sections_are_added(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ib, roce = examples_folder() / "s5-a100-8x8-ib.cluster", examples_folder() / "s5-a100-8x8-roce.cluster"
    plain, extended = tmp_path / "plain.pdf", tmp_path / "extended.pdf"
    assert main(["report", str(ib), "-o", str(plain)]) == 0
    assert main(["report", str(ib), "-o", str(extended), "--compare", str(roce),
                 "--accept", str(DATA / "all_reduce_perf_1x8_h100.txt")]) == 0
    before, after = _text(plain), _text(extended)
    for heading in ("Comparison with an alternative", "Acceptance test results"):
        assert heading in after and heading not in before
    assert "A100 on RoCE" in after and "A100 on RoCE" not in before
    assert len(PdfReader(extended).pages) > len(PdfReader(plain).pages)
    capsys.readouterr()


def test_a_missing_comparison_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ib = examples_folder() / "s5-a100-8x8-ib.cluster"
    code = main(["report", str(ib), "-o", str(tmp_path / "x.pdf"), "--compare", str(tmp_path / "none.cluster")])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and len(err) == 1 and "none.cluster: no such file" in err[0]
    assert not (tmp_path / "x.pdf").exists()
