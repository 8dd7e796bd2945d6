"""Coolant supply too warm for the cold plates (issue 18): the liquid loop's planned supply (catalog `liquid`:
`supply_c`, made by its CDU) against each device's `max_coolant_supply_c`; the CDU and the new catalog facts
take the hostile-input treatment (one clear line per bad value, the entry skipped, the app still starts)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from planner_gui.catalog import Catalog, bundled_catalog, load_catalog
from planner_gui.engine import analyze_design
from planner_gui.examples import examples_folder
from planner_gui.io import load_design

BUNDLED = bundled_catalog()
GB300 = examples_folder() / "gb300-8x-nvl72-xdr.cluster"
GB200 = examples_folder() / "gb200-nvl72-1rack.cluster"


def _catalog(tmp_path: Path, *entries: dict[str, Any]) -> Catalog:
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps({"entries": list(entries)}), encoding="utf-8")
    return load_catalog(user_catalog=path)


def _liquid(**changes: Any) -> dict[str, Any]:
    return {**BUNDLED.require("liquid").data, **changes}


def _coolant(design_path: Path, catalog: Catalog) -> dict[str, list[Any]]:
    design = load_design(design_path, catalog).design
    found: dict[str, list[Any]] = {}
    for check in analyze_design(design, catalog).checks:
        if check.code.startswith("coolant-"):
            found.setdefault(check.code, []).append(check)
    return found


def test_bundled_facts_and_the_shipped_examples_pass() -> None:
    """Planned 25 °C supply; GB300 cold plates take up to 45 °C (third-party), the CDU class up to 45 °C."""
    liquid, cdu = BUNDLED.require("liquid"), BUNDLED.require("cdu-in-rack-dlc")
    assert (liquid["supply_c"], liquid["cdu_id"], cdu["max_supply_c"]) == (25, "cdu-in-rack-dlc", 45)
    assert BUNDLED.require("gb300-nvl72")["max_coolant_supply_c"] == 45
    assert BUNDLED.require("gb200-nvl72").get("max_coolant_supply_c") is None  # no source: not judged
    assert "third-party" in cdu["source"] and "third-party" in BUNDLED.require("gb300-nvl72")["source"]
    assert BUNDLED.require("rack-nvl72-mgx").get("busbar_a") is None  # busbar rating: not found, left empty
    assert _coolant(GB300, BUNDLED) == {}


def test_a_warmer_loop_fails_the_gb300_racks_and_warns_on_the_cdu(tmp_path: Path) -> None:
    catalog = _catalog(tmp_path, _liquid(supply_c=50))
    found = _coolant(GB300, catalog)
    too_warm = found["coolant-supply-too-warm"]
    design = load_design(GB300, catalog).design
    nvl_racks = {d.rack_id for d in design.devices.values() if d.catalog_id == "gb300-nvl72"}
    assert {dict(c.params)["rack"] for c in too_warm} == nvl_racks and len(nvl_racks) == 8
    assert all(c.severity == "error" and dict(c.params)["devices"] == 18 and dict(c.params)["limit_c"] == 45
               for c in too_warm)
    assert "50 °C supply is warmer than the 45 °C" in too_warm[0].message
    (cdu,) = found["coolant-supply-above-cdu"]
    assert cdu.severity == "warning" and dict(cdu.params)["cdu_max_c"] == 45
    assert _coolant(GB200, catalog).keys() == {"coolant-supply-above-cdu"}  # GB200: no limit known, not judged


def test_the_limit_itself_passes(tmp_path: Path) -> None:
    assert _coolant(GB300, _catalog(tmp_path, _liquid(supply_c=45))) == {}


BAD = [
    ("supply_c text", _liquid(supply_c="warm"), "('liquid'): supply_c: expected a whole number or a number"),
    ("supply_c below 0", _liquid(supply_c=-5), "supply_c"),
    ("supply_c 200", _liquid(supply_c=200), "supply_c"),
    ("cdu_id unknown", _liquid(cdu_id="no-such-cdu"), "cdu_id 'no-such-cdu' is not a cdu in the catalog"),
    ("cdu placement", {**BUNDLED.require("cdu-in-rack-dlc").data, "id": "c2", "placement": "roof"}, "placement"),
    ("cdu max_supply_c bool", {**BUNDLED.require("cdu-in-rack-dlc").data, "id": "c3", "max_supply_c": True},
     "max_supply_c"),
    ("server limit huge", {**BUNDLED.require("gb300-nvl72").data, "id": "t1", "max_coolant_supply_c": 1e9},
     "max_coolant_supply_c"),
    ("busbar amps negative", {**BUNDLED.require("rack-nvl72-mgx").data, "id": "r1", "busbar_a": -1}, "busbar_a"),
]


@pytest.mark.parametrize(("label", "entry", "fragment"), BAD, ids=[b[0] for b in BAD])
def test_bad_new_facts_are_one_clear_line_and_the_entry_is_skipped(tmp_path: Path, label: str,
                                                                     entry: dict[str, Any], fragment: str) -> None:
    catalog = _catalog(tmp_path, entry)
    assert len(catalog.problems) == 1 and fragment in catalog.problems[0], catalog.problems
    assert "\n" not in catalog.problems[0] and "Traceback" not in catalog.problems[0]
    if entry["id"] == "liquid":  # the bundled entry stays in use
        assert catalog.require("liquid")["supply_c"] == 25
    else:
        assert entry["id"] not in catalog.entries
    assert not math.isnan(float(catalog.require("liquid")["supply_c"]))
