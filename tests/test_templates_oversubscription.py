"""The oversubscription a template builds is the one asked for, or the generator says what it built and why
(issue 16 item 4): the leaves' wired ports, the engine's topology report and the note agree."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.engine import analyze_design
from planner_gui.io import load_design
from planner_gui.templates import TemplateSpec, build_design

CATALOG = bundled_catalog()


def _leaf_worst(design: object) -> float:
    tiers = {t.name: t for t in analyze_design(design, CATALOG).topology.tiers}
    return tiers["leaf"].oversubscription_worst


def test_three_to_one_is_built_exactly() -> None:
    """64 DGX H100, leaf-spine, 3:1 on 64-port NDR leaves: 48 down (6 nodes) and 16 up per leaf, 11 leaves
    (the last with 16 NICs). 11 × 16 = 176 uplinks on 64-port spines: 3 spines would take 5 each (15 of 16,
    3.2:1, what was built before); 4 spines take all 16 (4 each), so every full leaf is 48:16 = 3:1."""
    design, notes = build_design(CATALOG, TemplateSpec("dgx-h100", 64, topology="leaf-spine", oversubscription=3))
    assert notes == ()
    assert _leaf_worst(design) == pytest.approx(3.0)
    assert sum(1 for d in design.devices if d.startswith("fab-spine")) == 4


def test_a_ratio_that_cannot_be_built_says_what_was_built_and_why(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """32 nodes, rail-optimized, 3:1: a rail leaf carries one NIC of each of the 32 nodes; 32 / 3 = 10.67
    uplinks is no whole number, 11 do not spread evenly over the 64-port spines (8 leaves × 11 = 88: 2 spines
    would take 5 each), 12 do (2 spines × 6): 32:12 = 2.67:1, never worse than asked."""
    design, (note,) = build_design(CATALOG, TemplateSpec("dgx-h100", 32, oversubscription=3))
    assert _leaf_worst(design) == pytest.approx(32 / 12)
    assert note.startswith("Oversubscription 3:1 was asked for; the leaves were built at 2.67:1")
    assert "32 NICs, which would need 10.7 uplinks; 12 are wired" in note
    assert note in design.meta.notes  # the file says it too
    path = tmp_path / "x.cluster"
    assert main(["new", "--server", "dgx-h100", "--nodes", "32", "--oversubscription", "3", "-o", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"note: {note}" in out
    assert note in load_design(path, CATALOG).design.meta.notes
    assert main(["--lang", "zh_CN", "new", "--server", "dgx-h100", "--nodes", "32", "--oversubscription", "3",
                 "-o", str(path)]) == 0
    zh = capsys.readouterr().out.splitlines()[-1]
    assert re.search(r"[\u4e00-\u9fff]", zh) and "2.67:1" in zh and "10.7" in zh and "Oversubscription" not in zh


def test_one_leaf_is_non_blocking_and_says_so() -> None:
    _design, (note,) = build_design(CATALOG, TemplateSpec("dgx-h100", 2, oversubscription=4))
    assert "non-blocking: one leaf switch holds all 16 NICs" in note
    assert build_design(CATALOG, TemplateSpec("dgx-h100", 2))[1] == ()  # 1:1 asked, 1:1 built: nothing to say


@pytest.mark.parametrize("value", ["0", "-3", "nan", "inf", "17", "three"])
def test_bad_oversubscription_is_one_line(value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["new", "--server", "dgx-h100", "--nodes", "4", f"--oversubscription={value}",
                 "-o", str(tmp_path / "x.cluster")]) if value != "three" else _argparse_code(value, tmp_path)
    err = capsys.readouterr().err
    assert code != 0 and err.count("\n") == 1 and "oversubscription" in err and "Traceback" not in err
    assert not (tmp_path / "x.cluster").exists()


def _argparse_code(value: str, tmp_path: Path) -> int:
    try:
        return main(["new", "--server", "dgx-h100", "--nodes", "4", f"--oversubscription={value}",
                     "-o", str(tmp_path / "x.cluster")])
    except SystemExit as exit_:
        return int(exit_.code or 0)
