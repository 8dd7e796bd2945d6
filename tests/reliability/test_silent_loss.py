"""Issue 20: nothing loads with silent loss. ``null`` where a value is needed is an error naming its path;
``null`` where a default exists is a warning naming the default."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from planner_gui.catalog import load_catalog
from planner_gui.examples import example_paths
from planner_gui.io import LoadError, load_design

CATALOG = load_catalog()
EXAMPLE = next(p for p in example_paths() if p.name == "s1-h100-2x8-ndr.cluster")


def _example() -> dict[str, Any]:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def _write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "edited.cluster"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _first_placed(data: dict[str, Any]) -> tuple[int, int]:
    rack = next(i for i, r in enumerate(data["racks"]) if r["devices"])
    return rack, 0


@pytest.mark.parametrize("field", ["id", "a", "b"])
def test_a_null_link_field_is_an_error_not_a_dropped_link(tmp_path: Path, field: str) -> None:
    data = _example()
    data["links"][0][field] = None
    with pytest.raises(LoadError) as caught:
        load_design(_write(tmp_path, data), CATALOG)
    assert any(p.startswith(f"links[0].{field}: is null") for p in caught.value.problems), caught.value.problems


@pytest.mark.parametrize("field", ["id", "catalog_id", "u"])
def test_a_null_device_field_is_an_error_not_a_dropped_device(tmp_path: Path, field: str) -> None:
    data = _example()
    rack, device = _first_placed(data)
    data["racks"][rack]["devices"][device][field] = None
    with pytest.raises(LoadError) as caught:
        load_design(_write(tmp_path, data), CATALOG)
    path = f"racks[{rack}].devices[{device}].{field}: is null"
    assert any(p.startswith(path) for p in caught.value.problems), caught.value.problems


def test_a_null_rack_id_is_an_error_not_a_dropped_rack(tmp_path: Path) -> None:
    data = _example()
    data["racks"][0]["id"] = None
    with pytest.raises(LoadError) as caught:
        load_design(_write(tmp_path, data), CATALOG)
    assert any(p.startswith("racks[0].id: is null") for p in caught.value.problems)


def test_a_null_setting_with_a_default_loads_with_a_warning_naming_the_default(tmp_path: Path) -> None:
    data = _example()
    data["racks"][0]["height_u"] = None
    result = load_design(_write(tmp_path, data), CATALOG)
    assert any(w.startswith("racks[0].height_u: is null; the default 42 is used") for w in result.warnings)


def test_the_example_itself_loads_without_a_warning() -> None:  # the rule must not flag what the writer writes
    result = load_design(EXAMPLE, CATALOG)
    assert result.warnings == [] and len(result.design.links) == len(_example()["links"])


@pytest.mark.parametrize("where", ["device", "link"])
def test_an_id_ending_in_a_newline_is_refused(tmp_path: Path, where: str) -> None:
    data = _example()
    if where == "device":
        rack, device = _first_placed(data)
        data["racks"][rack]["devices"][device]["id"] += "\n"
    else:
        data["links"][0]["id"] += "\n"
    with pytest.raises(LoadError) as caught:
        load_design(_write(tmp_path, data), CATALOG)
    assert any("invalid id" in p for p in caught.value.problems), caught.value.problems


def test_a_link_id_holding_a_newline_cannot_pass_as_two_ids(tmp_path: Path) -> None:
    data = _example()
    data["links"][0]["id"] = "l-a\nl-b"
    with pytest.raises(LoadError, match="invalid id"):
        load_design(_write(tmp_path, data), CATALOG)


def test_a_misspelt_key_is_named_with_what_it_likely_means(tmp_path: Path) -> None:
    data = _example()
    data["racks"][0]["Power_Budget_KW"] = 12.5
    data["cost"]["projectMonths"] = 24
    result = load_design(_write(tmp_path, data), CATALOG)
    assert any(w.startswith("racks[0].Power_Budget_KW: unknown key, ignored here but kept in the file; did you mean "
                            "'power_budget_kw'?") for w in result.warnings), result.warnings
    assert any(w.startswith("cost.projectMonths: unknown key, ignored here but kept in the file")
               for w in result.warnings), result.warnings


def test_unknown_settings_survive_a_round_trip(tmp_path: Path) -> None:
    from planner_gui.io import save_design

    data = _example()
    data["fabric"]["future_setting"] = {"from": "a newer version"}
    data["future_section"] = [1, 2, 3]
    result = load_design(_write(tmp_path, data), CATALOG)
    saved = tmp_path / "saved.cluster"
    save_design(result.design, saved)
    again = json.loads(saved.read_text(encoding="utf-8"))
    assert again["fabric"]["future_setting"] == {"from": "a newer version"} and again["future_section"] == [1, 2, 3]


def _first_placed_device(data: dict) -> dict:
    return next(rack["devices"][0] for rack in data["racks"] if rack["devices"])


def test_unknown_keys_of_racks_feeds_devices_and_links_survive_a_round_trip(tmp_path: Path) -> None:
    from planner_gui.io import save_design

    data = _example()
    data["racks"][0]["future_rack_key"] = "kept"
    data["racks"][0]["feed_a"]["future_feed_key"] = 3
    _first_placed_device(data)["future_device_key"] = {"nested": [1, 2]}
    data["links"][0]["future_link_key"] = True
    result = load_design(_write(tmp_path, data), CATALOG)
    assert sum("ignored here but kept in the file" in w for w in result.warnings) == 4, result.warnings
    saved = tmp_path / "saved.cluster"
    save_design(result.design, saved)
    again = json.loads(saved.read_text(encoding="utf-8"))
    assert again["racks"][0]["future_rack_key"] == "kept"
    assert again["racks"][0]["feed_a"]["future_feed_key"] == 3
    assert _first_placed_device(again)["future_device_key"] == {"nested": [1, 2]}
    assert again["links"][0]["future_link_key"] is True
    assert "future_link_key" not in again["links"][1]  # each part keeps its own keys, no other part gets them
    assert load_design(saved, CATALOG).design.unknown_keys == result.design.unknown_keys  # stable on a second trip


def test_a_known_key_wins_over_a_kept_one_and_a_deleted_part_takes_its_keys_along(tmp_path: Path) -> None:
    from planner_gui.io import save_design

    data = _example()
    data["links"][0]["future_link_key"] = "x"
    result = load_design(_write(tmp_path, data), CATALOG)
    design = result.design
    link_id = data["links"][0]["id"]
    design.unknown_keys[f"links/{link_id}"]["medium"] = "not-a-medium"  # a clash: what this version writes wins
    saved = tmp_path / "saved.cluster"
    save_design(design, saved)
    written = next(link for link in json.loads(saved.read_text(encoding="utf-8"))["links"] if link["id"] == link_id)
    assert written["medium"] == data["links"][0]["medium"] and written["future_link_key"] == "x"
    design.remove_link(link_id)
    save_design(design, saved)
    assert all(link["id"] != link_id and "future_link_key" not in link
               for link in json.loads(saved.read_text(encoding="utf-8"))["links"])


def test_more_parts_with_unknown_keys_than_kept_are_warned_and_not_kept(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from planner_gui.io import unknown_keys

    monkeypatch.setattr(unknown_keys, "MAX_KEPT_PARTS", 2)
    data = _example()
    for link in data["links"][:3]:
        link["future_link_key"] = 1
    result = load_design(_write(tmp_path, data), CATALOG)
    kept = [key for key in result.design.unknown_keys if key.startswith("links/")]
    assert len(kept) == 2
    assert sum("too many parts of this file hold unknown keys" in w for w in result.warnings) == 1, result.warnings


@pytest.mark.parametrize("example", example_paths(), ids=lambda p: p.name)
def test_every_shipped_example_loads_without_a_warning(example: Path) -> None:
    assert load_design(example, CATALOG).warnings == []


@pytest.mark.parametrize(("field", "value", "bounds"), [("project_months", 300, "1..240"),
                                                         ("installation_fraction", 2.0, "0..1")])
def test_a_cost_setting_the_cost_model_cannot_use_is_refused_by_the_file(tmp_path: Path, field: str, value: float,
                                                                          bounds: str) -> None:
    data = _example()
    data["cost"][field] = value
    with pytest.raises(LoadError, match=rf"cost\.{field}: .* is outside {re.escape(bounds)}"):
        load_design(_write(tmp_path, data), CATALOG)


@pytest.mark.parametrize(("value", "reason"), [("NaN", "NaN is not a number JSON allows"),
                                                ("-Infinity", "-Infinity is not a number JSON allows"),
                                                ("9" * 5000, "")])
def test_values_json_refuses_are_reported_with_line_and_column(tmp_path: Path, value: str, reason: str) -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace('"length_m": ', f'"length_m": {value}, "was": ', 1)
    path = tmp_path / "refused.cluster"
    path.write_text(text, encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if '"was": ' in row)
    with pytest.raises(LoadError, match=rf"{re.escape(reason)}.* at line {line} column \d+"):
        load_design(path, CATALOG)


def test_a_bogus_nic_id_is_named_not_silently_replaced(tmp_path: Path) -> None:
    data = _example()
    rack, device = _first_placed(data)
    data["racks"][rack]["devices"][device]["nic_id"] = "no-such-nic"
    result = load_design(_write(tmp_path, data), CATALOG)
    assert any(w.startswith(f"racks[{rack}].devices[{device}].nic_id: unknown NIC id 'no-such-nic'")
               for w in result.warnings), result.warnings


def test_a_kept_value_is_bounded_by_its_count_and_depth() -> None:
    from planner_gui.io.unknown_keys import MAX_KEPT_DEPTH, MAX_KEPT_VALUES, _small_and_shallow

    assert _small_and_shallow([0] * (MAX_KEPT_VALUES - 1))  # the list and its items: exactly the limit
    assert not _small_and_shallow([0] * MAX_KEPT_VALUES)
    assert not _small_and_shallow({"a": [[0] * (MAX_KEPT_VALUES // 2)] * 2})  # counted across branches
    nested: list = []
    for _ in range(MAX_KEPT_DEPTH - 1):
        nested = [nested]
    assert _small_and_shallow(nested) and not _small_and_shallow([nested])
