"""The command line: each command works, and bad input is one line on stderr with exit code 1."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from planner_gui import __version__
from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.examples import default_example_path
from planner_gui.io import load_design


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, err: str, fragment: str) -> None:
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cluster-planner: error: ") and fragment in lines[0], err
    assert "Traceback" not in err


def test_new_builds_a_valid_design(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "c.cluster"
    code, out, _ = run(capsys, "new", "--server", "hgx-h100", "--nodes", "16", "--fabric", "ib-ndr-400",
                       "--topology", "leaf-spine", "--cooling", "liquid", "--rack-kw", "45", "-o", str(out_file))
    assert code == 0 and "16 servers" in out
    design = load_design(out_file, bundled_catalog()).design
    assert {r.cooling.value for r in design.racks.values()} == {"liquid"}
    assert sum(1 for d in design.devices.values() if d.catalog_id == "hgx-h100") == 16
    code, out, _ = run(capsys, "validate", str(out_file))
    assert code == 0 and "valid (" in out


def test_catalog_lists_by_kind_and_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "catalog", "--kind", "switch")
    assert code == 0 and "qm9700" in out and "64 x 400G" in out and "h100-sxm5-80gb" not in out
    code, out, _ = run(capsys, "catalog", "--kind", "gpu", "--json")
    entries = json.loads(out)["entries"]
    h100 = next(e for e in entries if e["id"] == "h100-sxm5-80gb")
    assert h100["bf16_tflops"] == 989 and h100["source"]


def test_validate_lists_every_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(default_example_path().read_text(encoding="utf-8"))
    data["racks"][0]["devices"][0]["u"] = 47
    data["links"][0]["length_m"] = -1
    path = tmp_path / "bad.cluster"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "validate", str(path))
    assert code == 1
    assert "racks[0].devices[0].u: 47 is above the rack height 42" in err
    assert "links[0].length_m: -1 is outside 0..100000" in err
    assert "links: 11 links could not be loaded because a device they connect is invalid" in err
    assert err.strip().splitlines()[-1].endswith("3 problems; the file is invalid")


@pytest.mark.parametrize(("args", "fragment"), [
    (("validate", "missing.cluster"), "missing.cluster: no such file"),
    (("new", "--server", "nope", "--nodes", "2", "-o", "x.cluster"), "--server: unknown server id 'nope'"),
    (("new", "--server", "dgx-h100", "--nodes", "two", "-o", "x.cluster"), "argument --nodes: invalid int value"),
    (("new", "--nodes", "2", "-o", "x.cluster"), "the following arguments are required: --server"),
    (("catalog", "--kind", "toaster"), "argument --kind: invalid choice: 'toaster'"),
    (("frobnicate",), "invalid choice: 'frobnicate'"),
])
def test_bad_input_is_one_line_and_exit_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                          fragment: str) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, *args)
    assert_one_line_error(code, err, fragment)


def test_bad_files_are_one_line_and_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = {
        "malformed.cluster": b"{ nope",
        "latin1.cluster": b'{"name": "caf\xe9"}',
        "huge.cluster": b'{"format": "cluster-planner", "schema_version": 1, "racks": [{"id": "r", "height_u": 1e999}]}',
    }
    for name, content in cases.items():
        (tmp_path / name).write_bytes(content)
        code, _, err = run(capsys, "validate", str(tmp_path / name))
        assert code == 1 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, (name, err)
    code, _, err = run(capsys, "validate", str(tmp_path))
    assert_one_line_error(code, err, "is a folder, not a .cluster file")
    code, _, err = run(capsys, "new", "--server", "dgx-h100", "--nodes", "2", "-o", str(tmp_path / "no" / "x.cluster"))
    assert_one_line_error(code, err, "could not save (No such file or directory)")


def test_installed_entry_point_runs(tmp_path: Path) -> None:
    script = Path(sys.executable).with_name("cluster-planner")
    result = subprocess.run([str(script), "--version"], capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0 and result.stdout.strip() == f"cluster-planner {__version__}"
