"""``cluster-planner compare``: JSON equal to the engine's comparison, a readable table, one-line errors."""

from __future__ import annotations

import json

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.engine.analysis import analyze_design
from planner_gui.examples import examples_folder
from planner_gui.io import load_design
from planner_gui.present import format_figure

CATALOG = bundled_catalog()
IB = examples_folder() / "s5-a100-8x8-ib.cluster"
ROCE = examples_folder() / "s5-a100-8x8-roce.cluster"


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_compare_json_values_equal_direct_analysis(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "compare", str(IB), str(ROCE), "--json")
    assert code == 0
    data = json.loads(out)
    a = analyze_design(load_design(IB, CATALOG).design, CATALOG).to_json()["summary"]
    b = analyze_design(load_design(ROCE, CATALOG).design, CATALOG).to_json()["summary"]
    figures = {f["key"]: f for f in data["figures"]}
    for key, summary_key in (("allreduce_busbw_1gib", "allreduce_busbw_1GiB_GBps"), ("buy_upfront", "buy_upfront"),
                             ("it_kw", "it_kw"), ("training_days", "training_days"), ("gpus", "gpus")):
        assert (figures[key]["a"], figures[key]["b"]) == (a[summary_key], b[summary_key]), key
    assert (data["a"], data["b"]) == (a["name"], b["name"])
    assert {r["catalog_id"] for r in data["bom"] if r["changed"]} >= {"ib-hdr-200", "roce-100", "qm8700", "sn4600c"}


def test_compare_text_lists_figures_and_the_bom_changes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "compare", str(IB), str(ROCE))
    assert code == 0
    assert "Rent: cost per month" in out and "¥386,500" in out and "0.673x" in out and "1.003x" in out  # rent; IT power under training load
    assert "Bill of materials: 10 of 17 items differ" in out
    assert "qm8700" in out and "1 -> 0" in out


def test_compare_of_a_missing_file_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "compare", str(IB), "no-such.cluster")
    assert code == 1 and len(err.strip().splitlines()) == 1 and "no-such.cluster" in err


@pytest.mark.parametrize(("value", "unit", "text"), [
    (1234567.4, "money", "¥1,234,567"), (0.4567, "fraction", "45.7%"), (256.0, "", "256"),
    (325.78, "GB/s", "326 GB/s"), (None, "kW", "—"),
])
def test_figure_format(value: float | None, unit: str, text: str) -> None:
    assert format_figure(value, unit, "CNY") == text
