"""Hostile or broken files get one specific message naming the JSON path, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from planner_gui.io import LoadError, design_to_data, design_to_json, load_design
from planner_gui.io.duplicate_keys import _tally
from tests.fakes import FakeSpecs
from tests.test_io_files import small_design

SPECS = FakeSpecs()


def _write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "bad.cluster"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def _edited(edit: Any) -> dict[str, Any]:
    data = design_to_data(small_design())
    edit(data)
    return data


def _set(path: tuple[Any, ...], value: Any) -> Any:
    def edit(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return edit


CASES = [
    ("u above rack", _set(("racks", 0, "devices", 0, "u"), 47), r"racks\[0\]\.devices\[0\]\.u: 47 is above the rack height 42"),
    ("u wrong type", _set(("racks", 0, "devices", 0, "u"), "low"), r"racks\[0\]\.devices\[0\]\.u: expected a whole number, got 'low'"),
    ("negative height", _set(("racks", 0, "height_u"), -3), r"racks\[0\]\.height_u: -3 is outside 1\.\.60"),
    ("huge number", _set(("racks", 0, "power_budget_kw"), 1e300), r"racks\[0\]\.power_budget_kw: 1e\+300 is outside"),
    ("huge integer", _set(("cost", "project_months"), 10**300), r"cost\.project_months: .*digits\) is outside 1\.\.240"),
    ("wrong type list", _set(("racks",), {"r1": {}}), r"racks: expected a list, got an object"),
    ("bool as number", _set(("cost", "cny_per_usd"), True), r"cost\.cny_per_usd: expected a number, got true/false"),
    ("bad enum", _set(("racks", 0, "cooling"), "ice"), r"racks\[0\]\.cooling: 'ice' is not one of air, rdhx, liquid"),
    ("overlap", _set(("racks", 0, "devices", 1, "u"), 2), r"racks\[0\]\.devices\[1\]: U2-U2 of rack 'r1' overlaps device 's1'"),
    ("duplicate id", _set(("unplaced", 0, "id"), "s1"), r"unplaced\[0\]: id 's1' is already used"),
    ("missing port", _set(("links", 0, "b"), "sw1/p99"), r"links\[0\]: device 'sw1' has no port 'p99'"),
    ("dangling link", _set(("links", 0, "a"), "ghost/cx0"), r"links\[0\]: no device 'ghost'"),
    ("negative length", _set(("links", 0, "length_m"), -2), r"links\[0\]\.length_m: -2 is outside 0\.\.100000"),
    ("long string", _set(("meta", "name"), "x" * 20_000), r"meta\.name: text of 20000 characters is longer than 10000"),
    ("missing id", lambda d: d["racks"][0].pop("id"), r"racks\[0\]\.id: missing"),
]


@pytest.mark.parametrize(("label", "edit", "message"), CASES, ids=[c[0] for c in CASES])
def test_invalid_values_are_reported_with_their_path(tmp_path: Path, label: str, edit: Any, message: str) -> None:
    with pytest.raises(LoadError) as caught:
        load_design(_write(tmp_path, _edited(edit)), SPECS)
    assert any(__import__("re").search(message, p) for p in caught.value.problems), caught.value.problems


@pytest.mark.parametrize(("content", "message"), [
    ("", "is empty"),
    ("{ not json", r"is not valid JSON: Expecting property name .* line 1 column 3"),
    ('{"format": "cluster-planner", "schema_version": 1, "meta": {"x": NaN}}', "NaN is not a number JSON allows"),
    ("[" * 100_000 + "]" * 100_000, "nests far too deeply"),
    ('{"format": "something-else"}', "not a Cluster Planner design"),
    ('{"format": "cluster-planner", "schema_version": "1"}', "schema_version '1' must be a whole number"),
    ("%PDF-1.7\n1 0 obj", "is not valid JSON"),
])
def test_broken_files_get_one_clear_message(tmp_path: Path, content: str, message: str) -> None:
    with pytest.raises(LoadError, match=message):
        load_design(_write(tmp_path, content), SPECS)


def test_non_utf8_directory_and_missing_files(tmp_path: Path) -> None:
    path = tmp_path / "latin1.cluster"
    path.write_bytes(b'{"format": "cluster-planner", "meta": {"name": "caf\xe9"}}')
    with pytest.raises(LoadError, match=r"is not UTF-8 text .*offset 51"):
        load_design(path, SPECS)
    with pytest.raises(LoadError, match=r"is a folder, not a .cluster file"):
        load_design(tmp_path, SPECS)
    with pytest.raises(LoadError, match=r"no such file"):
        load_design(tmp_path / "nope.cluster", SPECS)


def test_every_problem_is_listed_not_just_the_first(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["racks"][0]["height_u"] = "tall"
        data["links"][0]["medium"] = "string"
    with pytest.raises(LoadError) as caught:
        load_design(_write(tmp_path, _edited(edit)), SPECS)
    assert len(caught.value.problems) == 2 and "(and 1 more problem)" in str(caught.value)


def test_unknown_catalog_id_is_a_warning_and_the_rest_loads(tmp_path: Path) -> None:
    data = _edited(_set(("unplaced", 0, "catalog_id"), "gpu-from-the-future"))
    result = load_design(_write(tmp_path, data), SPECS)
    assert result.warnings == ["unplaced[0].catalog_id: unknown catalog id 'gpu-from-the-future'; "
                               "kept as an opaque 1 U device"]
    assert result.design.devices["spare"].catalog_id == "gpu-from-the-future" and len(result.design.links) == 1


def _with_repeat(text: str, old: str, new: str) -> str:
    assert text.count(old) >= 1
    return text.replace(old, new, 1)


@pytest.mark.parametrize(("label", "old", "new", "message"), [
    ("in a link", '"id": "l1"', '"id": "l1", "id": "l9"', r"links\[0\]: key 'id' appears twice"),
    ("in a device", '"u": 1', '"u": 1, "u": 30', r"racks\[0\]\.devices\[0\]: key 'u' appears twice"),
    ("at the top", '"format": ', '"meta": {}, "format": ', r"bad\.cluster: key 'meta' appears twice"),
    ("three times, spaced", '"name": ', '"name" : "x", "name"\n: "y", "name": ', r"meta: key 'name' appears 3 times"),
    ("hidden by an escape", '"u": 1', '"u": 1, "u": 30, "note": "\\u003a"', r"devices\[0\]: key 'u' appears twice"),
])
def test_a_key_repeated_in_one_object_is_refused_with_its_path(tmp_path: Path, label: str, old: str, new: str,
                                                               message: str) -> None:
    """Python keeps the last of repeated keys, so a file could show one value and load another."""
    text = json.dumps(design_to_data(small_design()))
    path = _write(tmp_path, _with_repeat(text, old, new))
    with pytest.raises(LoadError, match=message):
        load_design(path, SPECS)


def test_colons_in_text_do_not_hide_or_invent_repeats(tmp_path: Path) -> None:
    """The quick proof counts colons: ones inside names (and the links' ids) must neither fake a repeat
    nor cover one (a repeated key plus a colon the walk cannot see still takes the exact check)."""
    data = design_to_data(small_design())
    data["meta"]["name"] = "Hall A: row 1: 8 racks"
    data["links"][0]["id"] = "l:1"
    text = json.dumps(data)
    assert load_design(_write(tmp_path, text), SPECS).design.meta.name == "Hall A: row 1: 8 racks"
    repeated = _with_repeat(text, '"id": "l:1"', '"id": "l:0", "id": "l:1"')
    with pytest.raises(LoadError, match=r"links\[0\]: key 'id' appears twice"):
        load_design(_write(tmp_path, repeated), SPECS)


def test_the_quick_proof_holds_for_what_the_app_writes() -> None:
    """Saved files (timestamps with colons included) pass the colon count, so only odd files pay for
    the exact check; one repeated key breaks the count by exactly one."""
    design = small_design()
    design.meta.created = "2026-11-30T01:02:03+00:00"
    text = design_to_json(design)
    assert _tally(json.loads(text)) == text.count(":")
    repeated = _with_repeat(text, '"u": 1', '"u": 2, "u": 1')
    assert _tally(json.loads(repeated)) == repeated.count(":") - 1


@pytest.mark.parametrize("text", ["null", "3", '"a:b"', "[]", '[{"a": 1, "a": 2}]'])
def test_a_bare_value_is_not_a_design_whatever_it_holds(tmp_path: Path, text: str) -> None:
    with pytest.raises(LoadError, match=r"not a Cluster Planner design|\[0\]: key 'a' appears twice"):
        load_design(_write(tmp_path, text), SPECS)
