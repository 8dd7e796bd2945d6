"""The CLI on a file with variants: compare --variants and FILE@NAME, --variant for validate/analyze/report."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.commands.report_cmd import _optional_sections
from planner_gui.engine.analysis import analyze_design
from planner_gui.engine.compare.designs import compare_designs
from planner_gui.examples import examples_folder
from planner_gui.io import load_design, save_design
from planner_gui.model import variants as V

CATALOG = bundled_catalog()
IB_FILE = examples_folder() / "s5-a100-8x8-ib.cluster"
ROCE_FILE = examples_folder() / "s5-a100-8x8-roce.cluster"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The S5 pair as one file: variant "IB" and the active variant "RoCE" (the RoCE example's design)."""
    design = load_design(ROCE_FILE, CATALOG).design
    V.new_variant(design, "RoCE", kept_state=load_design(IB_FILE, CATALOG).design)  # kept as "Base"
    V.rename(design, V.BASE_NAME, "IB")
    path = tmp_path_factory.mktemp("variants") / "s5.cluster"
    save_design(design, path)
    return path


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _direct() -> dict[str, object]:
    ib, roce = load_design(IB_FILE, CATALOG).design, load_design(ROCE_FILE, CATALOG).design
    return compare_designs(ib, roce, CATALOG).to_json()


def test_the_fixture_holds_both_designs(pair: Path) -> None:
    design = load_design(pair, CATALOG).design
    assert design.variants.names == ["IB", "RoCE"] and design.variants.active == "RoCE"
    assert design.meta.name == "S5: 8 x 8 A100 on RoCE"
    assert V.variant_design(design, "IB").meta.name == "S5: 8 x 8 A100 on InfiniBand"


def test_compare_two_variants_of_one_file_equals_comparing_the_two_files(pair: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "compare", str(pair), "--variants", "IB,RoCE", "--json")
    data, direct = json.loads(out), _direct()
    assert code == 0 and data["figures"] == direct["figures"] and data["bom"] == direct["bom"]
    assert (data["a"], data["b"]) == ("S5: 8 x 8 A100 on InfiniBand [IB]", "S5: 8 x 8 A100 on RoCE [RoCE]")


def test_compare_file_at_variant_on_each_side(pair: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "compare", f"{pair}@RoCE", f"{pair}@IB", "--json")
    data = json.loads(out)
    busbw = next(f for f in data["figures"] if f["key"] == "allreduce_busbw_1gib")
    direct = next(f for f in _direct()["figures"] if f["key"] == "allreduce_busbw_1gib")  # type: ignore[union-attr]
    assert code == 0 and (busbw["a"], busbw["b"]) == (direct["b"], direct["a"])


def test_analyze_and_validate_take_a_variant(pair: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "analyze", str(pair), "--variant", "RoCE", "--json")
    roce = analyze_design(load_design(ROCE_FILE, CATALOG).design, CATALOG)
    assert code == 0 and json.loads(out)["summary"] == json.loads(json.dumps(roce.to_json()))["summary"]
    code, out, _ = _run(capsys, "validate", str(pair), "--variant", "RoCE")
    assert code == 0 and f"{pair}@RoCE: valid (5 racks, 12 devices, 37 links)" in out


@pytest.mark.parametrize("args", [
    ("analyze", "{pair}", "--variant", "HDR"),
    ("validate", "{pair}@HDR"),
    ("compare", "{pair}", "--variants", "IB,HDR"),
])
def test_an_unknown_variant_is_one_line_listing_the_names(pair: Path, capsys: pytest.CaptureFixture[str],
                                                          args: tuple[str, ...]) -> None:
    code, out, err = _run(capsys, *(a.format(pair=pair) for a in args))
    assert code == 1 and not out and len(err.strip().splitlines()) == 1
    assert "no variant 'HDR' in design 'S5: 8 x 8 A100 on RoCE'; its variants are: IB, RoCE" in err


@pytest.mark.parametrize(("args", "fragment"), [
    (("compare", "{pair}"), "compare needs two designs"),
    (("compare", "{pair}", "--variants", "IB"), "give one file and two variant names"),
    (("compare", "{pair}", "{pair}", "--variants", "IB,RoCE"), "give one file and two variant names"),
    (("analyze", "{pair}@IB", "--variant", "RoCE"), "already names a variant"),
])
def test_variant_syntax_errors_are_one_line(pair: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                            fragment: str) -> None:
    code, _, err = _run(capsys, *(a.format(pair=pair) for a in args))
    assert code == 1 and fragment in err and len(err.strip().splitlines()) == 1


def test_a_file_name_with_an_at_sign_still_opens(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "team@site.cluster"
    save_design(load_design(IB_FILE, CATALOG).design, path)
    code, out, _ = _run(capsys, "validate", str(path))
    assert code == 0 and "valid (5 racks" in out


def test_report_compares_another_variant_of_the_same_file(pair: Path) -> None:
    """``report FILE --variant IB --compare @RoCE``: the proposal's comparison section gets IB against RoCE."""
    args = argparse.Namespace(file=f"{pair}@IB", compare="@RoCE", accept=None)
    design = V.variant_design(load_design(pair, CATALOG).design, "IB")
    comparison, _ = _optional_sections(args, design, CATALOG)
    assert comparison is not None and comparison.to_json()["figures"] == _direct()["figures"]  # type: ignore[attr-defined]
    assert comparison.name_b == "S5: 8 x 8 A100 on RoCE [RoCE]"  # type: ignore[attr-defined]
