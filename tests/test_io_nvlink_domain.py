"""Schema 4: devices name the NVLink domain they belong to; schema-3 files migrate unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planner_gui.io import LoadError, design_to_json, load_design, save_design
from planner_gui.io.migrations import migrate
from planner_gui.model import Design, DesignError, Device, Rack
from tests.fakes import FakeSpecs

DATA = Path(__file__).parent / "data"
SPECS = FakeSpecs()


def _plain(path: Path) -> dict:  # type: ignore[type-arg]
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_schema_3_file_migrates_to_4_and_on_with_its_data_unchanged() -> None:
    before = _plain(DATA / "schema-v3.cluster")
    data, passed = migrate(_plain(DATA / "schema-v3.cluster"))
    assert passed == [4, 5]  # 4 -> 5 adds optional workload settings: nothing to change either
    assert {k: v for k, v in data.items() if k != "schema_version"} == {
        k: v for k, v in before.items() if k != "schema_version"}
    for old in ("schema-v1.cluster", "schema-v2.cluster", "schema-v3.cluster"):
        design = load_design(DATA / old, SPECS).design
        assert all(d.nvlink_domain is None for d in design.devices.values()), old


def test_schema_3_and_4_golden_files_are_the_same_design_but_the_domain() -> None:
    old = load_design(DATA / "schema-v3.cluster", SPECS)
    new = load_design(DATA / "schema-v4.cluster", SPECS)
    assert old.migrated_from == 3 and new.design.devices["s1"].nvlink_domain == "nvl-r1"
    new.design.devices["s1"].nvlink_domain = None
    assert design_to_json(new.design) == design_to_json(old.design)


def test_the_domain_round_trips_for_placed_and_unplaced_devices(tmp_path: Path) -> None:
    design = Design()
    design.add_rack(Rack("r1"))
    design.add_device(Device("t1", "server-4u", rack_id="r1", u=1, nvlink_domain="nvl-r1"), SPECS)
    design.add_device(Device("t2", "server-4u", nvlink_domain="nvl-r1"), SPECS)
    save_design(design, tmp_path / "d.cluster")
    loaded = load_design(tmp_path / "d.cluster", SPECS).design
    assert [loaded.devices[i].nvlink_domain for i in ("t1", "t2")] == ["nvl-r1", "nvl-r1"]
    assert loaded == design


@pytest.mark.parametrize("bad", ["", "has space", 7, "x" * 200])
def test_a_bad_domain_is_one_problem_with_its_path(tmp_path: Path, bad: object) -> None:
    data = _plain(DATA / "schema-v4.cluster")
    data["racks"][0]["devices"][0]["nvlink_domain"] = bad
    path = tmp_path / "bad.cluster"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LoadError) as caught:
        load_design(path, SPECS)
    assert "racks[0].devices[0]" in str(caught.value)


def test_the_model_refuses_a_domain_that_is_not_an_id() -> None:
    design = Design()
    with pytest.raises(DesignError, match="nvlink_domain"):
        design.add_device(Device("t1", "server-4u", nvlink_domain="two words"), SPECS)
