"""``cluster-planner sweep``: the documented range syntax, JSON per point, one-line errors."""

from __future__ import annotations

import json

import pytest

from planner_gui.cli import main
from planner_gui.examples import default_example_path


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_sweep_json_has_one_point_per_value(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "sweep", str(default_example_path()), "--param", "nodes=8..32", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["param"], data["values"], data["cancelled"]) == ("nodes", [8, 16, 32], False)
    assert [p["figures"]["gpus"] for p in data["points"]] == [64, 128, 256]
    assert data["base"]["server_id"] == "dgx-h100"


def test_sweep_text_table_with_chosen_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "sweep", str(default_example_path()), "--param", "rack_kw=5,40",
                        "--figure", "racks", "--figure", "gpus")
    assert code == 0
    lines = out.splitlines()
    assert lines[1].split() == ["rack_kw", "racks", "gpus"]
    assert "cannot be built: one 'dgx-h100' draws up to 10.2 kW" in lines[2] and lines[3].split()[-1] == "256"


@pytest.mark.parametrize(("args", "fragment"), [
    (("--param", "gpus=8..16"), "NAME one of nodes"),
    (("--param", "nodes=8..16", "--figure", "speed"), "--figure 'speed' is not a figure"),
])
def test_sweep_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], args: tuple[str, ...], fragment: str) -> None:
    code, _, err = _run(capsys, "sweep", str(default_example_path()), *args)
    assert code == 1 and len(err.strip().splitlines()) == 1 and fragment in err and "Traceback" not in err
