"""The .cluster file: round trip, golden files, migrations, refusal of newer files, atomic saves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planner_gui.io import CURRENT_SCHEMA_VERSION, LoadError, design_to_json, load_design, save_design
from planner_gui.io.migrations import SchemaError, migrate
from planner_gui.model import CoolingType, Design, Device, Link, Medium, Rack, Workload
from tests.fakes import FakeSpecs

SPECS = FakeSpecs()
DATA = Path(__file__).parent / "data"


def small_design() -> Design:
    design = Design()
    design.meta.name = "测试设计 small"
    design.add_rack(Rack("r1", name="Rack 1", cooling=CoolingType.LIQUID, power_budget_kw=60.0))
    design.add_device(Device("s1", "server-4u", name="node 1", rack_id="r1", u=1), SPECS)
    design.add_device(Device("sw1", "switch-1u", rack_id="r1", u=10), SPECS)
    design.add_device(Device("spare", "server-4u"), SPECS)
    design.add_link(Link("l1", "s1/cx0", "sw1/p0", Medium.AOC, 7.5), SPECS)
    design.workload = Workload(layers=80, hidden=8192, tp=8, pp=4, dp=2)
    design.cost.rent_per_server_month = {"server-4u": 100000.0}
    design.fabric.nccl_env = {"NCCL_IB_HCA": "mlx5_0"}
    return design


def test_round_trip_keeps_everything(tmp_path: Path) -> None:
    original = small_design()
    path = tmp_path / "d.cluster"
    save_design(original, path)
    loaded = load_design(path, SPECS).design
    assert loaded == original
    assert design_to_json(loaded) == path.read_text(encoding="utf-8")


def test_file_is_sorted_indented_json(tmp_path: Path) -> None:
    path = tmp_path / "d.cluster"
    save_design(small_design(), path)
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["format"] == "cluster-planner" and data["schema_version"] == CURRENT_SCHEMA_VERSION
    assert list(data) == sorted(data) and "\n \"" in text and "测试设计" in text  # readable, not \\u-escaped


@pytest.mark.parametrize("golden", sorted(DATA.glob("schema-v*.cluster")), ids=lambda p: p.name)
def test_golden_files_of_every_schema_version_load(golden: Path) -> None:
    design = load_design(golden, SPECS).design
    assert design.meta.name == "Golden small design"
    assert sorted(design.devices) == ["s1", "spare", "sw1"] and design.devices["spare"].rack_id is None
    assert design.links["l1"].medium is Medium.AOC and design.links["l1"].length_m == 7.5
    assert design.racks["r1"].feed_b is None and design.racks["r1"].cooling is CoolingType.RDHX


def test_current_golden_file_is_written_back_byte_for_byte() -> None:
    golden = DATA / f"schema-v{CURRENT_SCHEMA_VERSION}.cluster"
    assert design_to_json(load_design(golden, SPECS).design) == golden.read_text(encoding="utf-8")


def test_newer_schema_is_refused_with_advice(tmp_path: Path) -> None:
    path = tmp_path / "future.cluster"
    path.write_text(json.dumps({"format": "cluster-planner", "schema_version": CURRENT_SCHEMA_VERSION + 1}))
    with pytest.raises(LoadError, match=r"written by a newer Cluster Planner .* update Cluster Planner"):
        load_design(path, SPECS)


def test_migrations_run_stepwise_in_order() -> None:
    steps = {
        1: lambda d: {**d, "racks": [{**r, "row": "B"} for r in d.get("racks", [])]},
        2: lambda d: {**d, "meta": {**d.get("meta", {}), "notes": "via v3"}},
    }
    data, passed = migrate({"schema_version": 1, "racks": [{"id": "r"}]}, current=3, steps=steps)
    assert passed == [2, 3] and data["schema_version"] == 3
    assert data["racks"][0]["row"] == "B" and data["meta"]["notes"] == "via v3"
    with pytest.raises(SchemaError, match=r"no migration from schema 1 to 2"):
        migrate({"schema_version": 1}, current=2, steps={})


def test_save_is_atomic_and_keeps_one_backup(tmp_path: Path) -> None:
    path = tmp_path / "d.cluster"
    first = small_design()
    save_design(first, path)
    second = small_design()
    second.meta.name = "second"
    save_design(second, path)
    backup = path.with_name("d.cluster.bak")
    assert load_design(backup, SPECS).design.meta.name == "测试设计 small"
    assert load_design(path, SPECS).design.meta.name == "second"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.cluster", "d.cluster.bak"]  # no temp files left


def test_failed_save_leaves_old_file_untouched(tmp_path: Path) -> None:
    path = tmp_path / "d.cluster"
    save_design(small_design(), path)
    before = path.read_bytes()
    folder = tmp_path / "missing-folder" / "d.cluster"
    with pytest.raises(OSError, match=r"could not save"):
        save_design(small_design(), folder)
    assert path.read_bytes() == before
