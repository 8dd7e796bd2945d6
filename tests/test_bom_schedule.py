"""One cable plan, one bill: every cable and optic line of the bill is counted from the cable schedule,
on every shipped example and on generated designs of 1 to 512 nodes; parts are chosen by speed, plug and
reach; every line's total is its quantity times its unit price, in whole currency units."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.commands.columns import display_width
from planner_gui.engine.cost.bom import SCHEDULE_CATEGORIES, Bom, build_bom
from planner_gui.engine.cost.cable_csv import CABLE_CSV_COLUMNS, schedule_csv
from planner_gui.engine.cost.parts import PortFacts, choose_part
from planner_gui.io import load_design
from planner_gui.model import Design
from planner_gui.report.content.bom_text import describe
from planner_gui.report.content.i18n import Tr
from planner_gui.templates import TemplateSpec, generate_design

CATALOG = bundled_catalog()
EXAMPLES = sorted((Path(__file__).parents[1] / "planner_gui" / "resources" / "examples").glob("*.cluster"))
S1 = next(p for p in EXAMPLES if p.name.startswith("s1-"))


def assert_bill_matches_schedule(design: Design, bill: Bom) -> None:
    rows = list(bill.schedule.rows())
    assert len(rows) == len(design.links)
    by_part_length = Counter((r.part, r.length_m) for r in rows)
    lines = {(x.part, x.length_m): x.quantity for x in bill.lines if x.category in SCHEDULE_CATEGORIES}
    assert lines == dict(by_part_length)
    assert sum(lines.values()) == len(design.links)
    for line in bill.lines:
        if line.unit_price is not None:
            assert line.unit_price == round(line.unit_price) and line.total == line.unit_price * line.quantity
        else:
            assert line.reason in ("no_price", "no_part", "not_placed", "in_space_rent", "in_system")
    assert bill.hardware_total == sum(x.total or 0 for x in bill.lines)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_bills_exactly_its_schedule(path: Path) -> None:
    design = load_design(path, CATALOG).design
    assert_bill_matches_schedule(design, build_bom(design, CATALOG))


@pytest.mark.parametrize(("nodes", "topology"), [(1, "rail-optimized"), (8, "leaf-spine"), (64, "rail-optimized"),
                                                 (512, "rail-optimized")])
def test_generated_designs_bill_exactly_their_schedule(nodes: int, topology: str) -> None:
    design = generate_design(CATALOG, TemplateSpec("dgx-h100", nodes, topology=topology))
    bill = build_bom(design, CATALOG)
    assert_bill_matches_schedule(design, bill)
    # An NDR design bills no 800G part for a 400G port, nor a 25G part for anything but 25G ports.
    for row in bill.schedule.rows():
        entry = CATALOG.get(row.part)
        if entry is not None and row.medium != "utp":
            assert float(entry["speed_gbps"]) == row.speed_gbps, row


def test_parts_follow_speed_plug_and_reach() -> None:
    qsfp56 = PortFacts(200.0, "infiniband", "QSFP56")
    sfp28 = PortFacts(25.0, "ethernet", "SFP28")
    dac = choose_part(CATALOG, "dac", 200.0, (qsfp56, qsfp56), 1.5)
    assert (dac.part, dac.part_number, dac.category, dac.within_reach) == ("dac-200g", "MCP1650-H", "cable", True)
    assert choose_part(CATALOG, "acc", 25.0, (sfp28, sfp28), 5.0).part == "acc-25g"  # not the 800G LACC
    assert choose_part(CATALOG, "dac", 25.0, (sfp28, sfp28), 2.0).part_number == "MCP2M00-A"
    optic = choose_part(CATALOG, "mmf", 400.0, (PortFacts(400.0, "infiniband", "OSFP"),) * 2, 60.0)
    assert (optic.part, optic.category, optic.within_reach) == ("sr4-400g", "optic", False)  # SR4: 50 m on OM4
    missing = choose_part(CATALOG, "aoc", 25.0, (sfp28, sfp28), 10.0)
    assert (missing.part, missing.in_catalog, missing.part_number) == ("aoc-25g", False, None)
    cord = choose_part(CATALOG, "utp", 1.0, (PortFacts(1.0, "ethernet", "RJ45"),) * 2, 3.0)
    assert cord.part == "cat6a-utp"  # one Cat6A cord for 1 and 10GBASE-T


def test_a_part_the_catalog_lacks_is_listed_unpriced_with_its_reason() -> None:
    design = load_design(S1, CATALOG).design
    link = next(x for x in design.links.values() if x.medium == "utp")
    link.medium = "acc"  # no active copper part runs at a management port's 1 Gb/s
    bill = build_bom(design, CATALOG)
    assert_bill_matches_schedule(design, bill)
    assert [(x.part, x.quantity, x.unit_price, x.reason) for x in bill.lines if x.reason == "no_part"] == [
        ("acc-1g", 1, None, "no_part")]
    design.cost.buy_price["dac-400g"] = 0.0
    free = build_bom(design, CATALOG)
    assert all(x.total == 0 for x in free.lines if x.part == "dac-400g")
    assert any(x.category == "pdu" and x.reason == "not_placed" for x in bill.lines)  # S1 places no PDUs


def test_descriptions_are_customer_words_in_both_languages() -> None:
    design = generate_design(CATALOG, TemplateSpec("pcie-a100-4", 4, topology="leaf-spine"))
    bill = build_bom(design, CATALOG)
    english, chinese = Tr("en", "CNY"), Tr("zh", "CNY")
    for line in bill.lines:
        en, zh = describe(english, CATALOG, line), describe(chinese, CATALOG, line)
        assert "archetype" not in en and "seed" not in en and line.part not in en, en
        assert any("\u4e00" <= ch <= "\u9fff" for ch in zh), zh  # every Chinese line has Chinese in it


def test_cli_bom_json_and_cables_csv_agree(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["bom", str(S1), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    out = tmp_path / "cables.csv"
    assert main(["cables", str(S1), "-o", str(out)]) == 0
    assert "27 cables" in capsys.readouterr().out
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert tuple(rows[0]) == CABLE_CSV_COLUMNS and len(rows) == 27
    used = Counter((r["part"], float(r["length_m"])) for r in rows)
    for line in data["lines"]:
        assert {"category", "part", "description", "quantity", "unit_price", "currency"} <= set(line)
        if line["category"] in SCHEDULE_CATEGORIES:
            assert line["quantity"] == used[(line["part"], line["length_m"])]
    assert data["currency"] == "CNY" and data["cables"] == 27
    assert data["hardware_total"] == sum(x["total"] or 0 for x in data["lines"])


def test_csv_matches_the_schedule_rows() -> None:
    design = load_design(S1, CATALOG).design
    bill = build_bom(design, CATALOG)
    text = schedule_csv(design, bill.schedule)
    assert text.count("\n") == len(design.links) + 1


@pytest.mark.parametrize("output", ["cables.txt", "."])
def test_cables_with_a_bad_output_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                              output: str) -> None:
    target = tmp_path / output if output != "." else tmp_path
    target = target if output != "." else tmp_path / "folder.csv"
    if output == ".":
        target.mkdir()
    assert main(["cables", str(S1), "-o", str(target)]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and ("csv" in err or "folder" in err)
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob(".*.tmp"))


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_cli_bom_totals_end_under_their_heading(capsys: pytest.CaptureFixture[str], language: str) -> None:
    """The total column is right-aligned under its heading in both languages; a reason in place of a
    total (the unplaced PDUs) starts after the unit-price column instead."""
    assert main(["--lang", language, "bom", str(S1)]) == 0
    lines = capsys.readouterr().out.splitlines()
    heading, rows = lines[0], lines[1:-1]
    priced = [r for r in rows if r.rstrip()[-1].isdigit() or r.rstrip().endswith("万")]
    reasons = [r for r in rows if "—" in r]  # no quantity, no price
    assert len(priced) >= 10 and reasons
    assert {display_width(r.rstrip()) for r in priced} == {display_width(heading.rstrip())}
    assert all(display_width(r) > display_width(heading) for r in reasons)


def test_cli_bom_line_totals_add_up_to_its_hardware_total_and_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "bom", str(S1)]) == 0
    lines = capsys.readouterr().out.splitlines()
    heading, rows, footer = lines[0], lines[1:-1], lines[-1]
    column_end = display_width(heading.rstrip())
    totals = [int(r.rstrip().rsplit("¥", 1)[1].replace(",", "")) for r in rows
              if display_width(r.rstrip()) == column_end and "¥" in r]
    stated = int(footer.split("¥", 1)[1].split(" ", 1)[0].replace(",", ""))
    bill = build_bom(load_design(S1, bundled_catalog()).design, bundled_catalog())
    assert sum(totals) == stated == round(bill.hardware_total)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_cli_bom_of_a_missing_or_broken_file_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                        language: str) -> None:
    broken = tmp_path / "broken.cluster"
    broken.write_text('{"format":', encoding="utf-8")
    for path in (tmp_path / "missing.cluster", broken):
        assert main(["--lang", language, "bom", str(path)]) == 1
        captured = capsys.readouterr()
        assert captured.out == "" and len(captured.err.strip().splitlines()) == 1 and path.name in captured.err
