"""Parts sold only inside a rack-scale system (the catalog's ``sold_with_system``: an NVL72 rack's NVLink
switch trays, power shelves and cabinet) are billed as included in the system's price: no zero-priced
line, no missing-price warning, the same hardware total, and the CLI, the engine's JSON and the proposal's
"listed, not priced" table agree. A price the design sets still wins."""

from __future__ import annotations

import copy
import json

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.catalog.schema import validate_entry
from planner_gui.cli import main
from planner_gui.engine import analyze_design
from planner_gui.engine.cost.bom import build_bom
from planner_gui.examples import examples_folder
from planner_gui.io import load_design
from planner_gui.model import Design
from planner_gui.report.content.strings_bom import BOM_STRINGS

CATALOG = bundled_catalog()
GB200 = examples_folder() / "gb200-nvl72-1rack.cluster"
GB300 = examples_folder() / "gb300-8x-nvl72-xdr.cluster"
IN_SYSTEM = {"nvlink5-switch-tray", "power-shelf-33kw", "rack-nvl72-mgx"}


def _design(path: object = GB200) -> Design:
    return load_design(path, CATALOG).design


def test_the_bundled_system_parts_are_marked_and_carry_no_price_of_their_own() -> None:
    marked = {e.id for e in CATALOG if e.get("sold_with_system")}
    assert marked == IN_SYSTEM
    assert all(CATALOG.require(part).get("price_usd") is None for part in marked)


@pytest.mark.parametrize("path", [GB200, GB300], ids=lambda p: p.stem)
def test_the_bill_lists_them_as_included_and_the_cost_model_does_not_warn(path: object) -> None:
    design = _design(path)
    bill = build_bom(design, CATALOG)
    lines = {line.part: line for line in bill.lines if line.part in IN_SYSTEM}
    assert set(lines) == IN_SYSTEM
    assert all(line.unit_price is None and line.reason == "in_system" and line.quantity > 0 for line in lines.values())
    analysis = analyze_design(design, CATALOG)
    assert not set(analysis.cost.unpriced.get("buy", ())) & IN_SYSTEM
    assert "cost-unpriced" not in {c.code for c in analysis.checks}
    # the total is the sum of the priced lines, as before the parts were marked (they were priced at zero)
    assert bill.hardware_total == sum(line.total for line in bill.lines if line.total is not None)


def test_a_price_the_design_sets_is_billed() -> None:
    design = _design()
    design.cost.buy_price["nvlink5-switch-tray"] = 1000.0
    bill = build_bom(design, CATALOG)
    tray = next(line for line in bill.lines if line.part == "nvlink5-switch-tray")
    assert (tray.unit_price, tray.reason, tray.total) == (1000.0, None, 9000.0)
    assert bill.hardware_total == build_bom(_design(), CATALOG).hardware_total + 9000.0


def test_the_cli_bill_says_included_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    english, chinese = BOM_STRINGS["bom2.reason.in_system"]
    for language, sentence in (("en", english), ("zh_CN", chinese)):
        assert main(["--lang", language, "bom", str(GB200)]) == 0
        out = capsys.readouterr().out
        assert out.count(sentence) == 3, out  # the switch trays, the shelves and the cabinet
    assert main(["bom", str(GB200), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    rows = rows["lines"] if isinstance(rows, dict) else rows
    reasons = {row["part"]: row["not_priced_reason"] for row in rows if row.get("part") in IN_SYSTEM}
    assert reasons == dict.fromkeys(IN_SYSTEM, "in_system")


def test_the_flag_must_be_true_or_false() -> None:
    entry = copy.deepcopy(CATALOG.require("nvlink5-switch-tray").data)
    entry["sold_with_system"] = "yes"
    problems = validate_entry(entry)
    assert any("sold_with_system" in p for p in problems), problems
    entry["sold_with_system"] = True
    assert validate_entry(entry) == []
