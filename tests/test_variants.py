"""Named variants in one .cluster file: the model's steps, the file format, and the hostile-file limits."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from planner_gui.io import CURRENT_SCHEMA_VERSION, LoadError, design_to_json, load_design, save_design
from planner_gui.io.migrations import migrate
from planner_gui.model import CoolingType, Design, DesignError, Device, Link, Medium, Rack
from planner_gui.model import variants as V
from tests.fakes import FakeSpecs

SPECS = FakeSpecs()
DATA = Path(__file__).parent / "data"


def small_design() -> Design:
    design = Design()
    design.meta.name = "Variants test"
    design.add_rack(Rack("r1", name="Rack 1"))
    design.add_device(Device("s1", "server-4u", rack_id="r1", u=1), SPECS)
    design.add_device(Device("sw1", "switch-1u", rack_id="r1", u=10), SPECS)
    design.add_link(Link("l1", "s1/cx0", "sw1/p0", Medium.AOC, 7.5), SPECS)
    return design


def ib_and_roce() -> Design:
    """Variant "IB" (the switch as built) and the active "RoCE" (a second server, no link)."""
    design = small_design()
    assert V.new_variant(design, "RoCE") == V.BASE_NAME
    V.rename(design, V.BASE_NAME, "IB")
    design.remove_link("l1")
    design.add_device(Device("s2", "server-4u", rack_id="r1", u=20), SPECS)
    return design


# ----- model -------------------------------------------------------------------------------------
def test_a_new_variant_keeps_the_state_so_far_and_goes_on_as_the_new_one() -> None:
    design = ib_and_roce()
    v = design.variants
    assert v.names == ["IB", "RoCE"] and v.active == "RoCE"
    assert sorted(design.devices) == ["s1", "s2", "sw1"] and not design.links
    kept = V.variant_design(design, "IB")
    assert sorted(kept.devices) == ["s1", "sw1"] and list(kept.links) == ["l1"]
    assert kept.link_on_port("s1/cx0") == "l1" and not kept.variants  # indexes copied; no nesting


def test_switching_moves_designs_without_copying_and_back() -> None:
    design = ib_and_roce()
    roce_devices = design.devices
    assert V.switch_to(design, "IB") == "RoCE"
    assert list(design.links) == ["l1"] and design.variants.active == "IB"
    assert design.variants.stored["RoCE"].devices is roce_devices  # moved, not copied
    V.switch_to(design, "RoCE")
    assert design.devices is roce_devices and design.variants.names == ["IB", "RoCE"]


def test_rename_delete_and_restore() -> None:
    design = ib_and_roce()
    assert V.rename(design, "RoCE", "  RoCE   400G ") == "RoCE 400G" and design.variants.active == "RoCE 400G"
    with pytest.raises(DesignError, match="is the one being edited"):
        V.delete(design, "RoCE 400G")
    index, stored = V.delete(design, "IB")
    assert design.variants.names == ["RoCE 400G"] and index == 0
    V.restore(design, "IB", index, stored)
    assert design.variants.names == ["IB", "RoCE 400G"] and V.variant_design(design, "IB") is stored


@pytest.mark.parametrize(("name", "message"), [
    ("   ", "needs a name"), ("x" * (V.MAX_NAME_CHARS + 1), "at most 80 characters"),
    ("ib", "already a variant named 'ib'"), ("A,B", "contains ','"), ("x@y", "contains '@'"),
    ("tab\u0007", "contains '\\\\x07'"), (42, "must be text"),
])
def test_bad_names_are_refused_with_the_reason(name: object, message: str) -> None:
    design = ib_and_roce()
    with pytest.raises(DesignError, match=message):
        V.new_variant(design, name)  # type: ignore[arg-type]
    assert design.variants.names == ["IB", "RoCE"]  # nothing changed


def test_unknown_variant_lists_the_names() -> None:
    with pytest.raises(DesignError, match=r"no variant 'HDR' in design 'Variants test'; its variants are: IB, RoCE"):
        V.variant_design(ib_and_roce(), "HDR")
    with pytest.raises(DesignError, match="it has no variants"):
        V.variant_design(small_design(), "IB")


def test_at_most_max_variants() -> None:
    design = small_design()
    for i in range(V.MAX_VARIANTS - 1):  # the first also names the base: MAX_VARIANTS in all
        V.new_variant(design, f"v{i}")
    assert len(design.variants.names) == V.MAX_VARIANTS
    with pytest.raises(DesignError, match=f"at most {V.MAX_VARIANTS} variants"):
        V.new_variant(design, "one more")


def test_undo_of_the_first_variant_leaves_none() -> None:
    design = small_design()
    V.new_variant(design, "RoCE")
    V.undo_new_variant(design, "RoCE", V.BASE_NAME, was_empty=True)
    assert not design.variants and design.variants.active == "" and not design.variants.stored


# ----- file format -------------------------------------------------------------------------------
def test_variants_round_trip_through_the_file(tmp_path: Path) -> None:
    design = ib_and_roce()
    path = tmp_path / "v.cluster"
    save_design(design, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["schema_version"] == CURRENT_SCHEMA_VERSION == 5
    assert [(v["name"], v["design"] is None) for v in data["variants"]] == [("IB", False), ("RoCE", True)]
    assert "variants" not in data["variants"][0]["design"] and "format" not in data["variants"][0]["design"]
    loaded = load_design(path, SPECS).design
    assert loaded == design and loaded.variants.names == ["IB", "RoCE"] and loaded.variants.active == "RoCE"
    assert loaded.variants.stored["IB"] == design.variants.stored["IB"]
    assert design_to_json(loaded) == path.read_text(encoding="utf-8")


def test_a_schema_1_file_loads_with_no_variants_and_saves_as_the_current_schema(tmp_path: Path) -> None:
    result = load_design(DATA / "schema-v1.cluster", SPECS)
    assert result.migrated_from == 1 and not result.design.variants
    data, passed = migrate(json.loads((DATA / "schema-v1.cluster").read_text(encoding="utf-8")))
    assert passed == [2, 3, 4, 5] and data["variants"] == []
    save_design(result.design, tmp_path / "up.cluster")
    assert json.loads((tmp_path / "up.cluster").read_text(encoding="utf-8"))["schema_version"] == CURRENT_SCHEMA_VERSION


def test_the_schema_2_golden_file_holds_a_variant() -> None:
    design = load_design(DATA / "schema-v2.cluster", SPECS).design
    assert design.variants.names == ["Liquid", "RDHX"] and design.variants.active == "RDHX"
    assert design.racks["r1"].cooling is CoolingType.RDHX
    assert V.variant_design(design, "Liquid").racks["r1"].cooling is CoolingType.LIQUID


def test_a_newer_schema_is_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.cluster"
    path.write_text(json.dumps({"format": "cluster-planner", "schema_version": 6, "variants": []}))
    with pytest.raises(LoadError, match="schema 6; this version reads up to 5"):
        load_design(path, SPECS)


def _file_with(tmp_path: Path, variants: object) -> Path:
    data = json.loads(design_to_json(small_design()))
    data["variants"] = variants
    path = tmp_path / "bad.cluster"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _body() -> dict[str, object]:
    data = json.loads(design_to_json(small_design()))
    return {k: v for k, v in data.items() if k not in ("format", "schema_version", "variants")}


@pytest.mark.parametrize(("variants", "message"), [
    ("IB", "variants: expected a list, got text"),
    ([{"name": "A", "design": None}, {"name": "a", "design": None}], r"variants\[1\].name: .*already a variant"),
    ([{"name": "A", "design": None}, {"name": "B", "design": None}], r"variants\[1\].design: .*both say"),
    ([{"name": "A", "design": {}}], "variants: no variant is the file's own design"),
    ([{"name": "", "design": None}], r"variants\[0\].name: a variant needs a name"),
    ([{"name": "A", "design": None}, {"name": "B", "design": {"racks": [{"id": "r1", "height_u": 99}]}}],
     r"variants\[1\].design.racks\[0\].height_u"),
    ([{"name": "A", "design": None}, {"name": "B", "design": {"variants": [{"name": "C", "design": None}]}}],
     r"variants\[1\].design.variants: a variant cannot hold variants"),
])
def test_bad_variants_are_refused_with_their_path(tmp_path: Path, variants: object, message: str) -> None:
    with pytest.raises(LoadError) as error:
        load_design(_file_with(tmp_path, variants), SPECS)
    assert any(re.search(message, p) for p in error.value.problems), error.value.problems


def test_hostile_files_cannot_hide_size_in_variants(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The count limits hold over every variant together, and the number of variants is capped."""
    too_many = [{"name": f"v{i}", "design": None if i == 0 else {}} for i in range(V.MAX_VARIANTS + 1)]
    with pytest.raises(LoadError, match=f"variants: 33 variants is more than the {V.MAX_VARIANTS}"):
        load_design(_file_with(tmp_path, too_many), SPECS)
    monkeypatch.setattr("planner_gui.io.codec.MAX_LINKS", 2)  # one link per design, three designs
    spread = [{"name": "A", "design": None}, {"name": "B", "design": _body()}, {"name": "C", "design": _body()}]
    with pytest.raises(LoadError, match=r"links \(all variants\): 3 links is more than the 2"):
        load_design(_file_with(tmp_path, spread), SPECS)
