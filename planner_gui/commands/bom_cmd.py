"""``cluster-planner bom FILE [--json]`` and ``cluster-planner cables FILE -o cables.csv``.

Both read the engine's one bill of materials and its cable schedule (engine/cost/bom.py,
engine/cost/cables.py), so their numbers are the proposal's. ``bom`` prints the lines in the CLI's
language (descriptions as the proposal words them); ``--json`` is English, one object per line.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from planner_gui.commands import counts
from planner_gui.commands.columns import display_width, row, wrap
from planner_gui.commands.common import catalog_for_cli, load_for_cli, print_json
from planner_gui.commands.language import report_language, translate
from planner_gui.engine import Bom, BomLine, build_bom, schedule_csv
from planner_gui.io.exports import write_text_export
from planner_gui.report.content.bom_text import Amount, describe, money, part_cell, reason, settle
from planner_gui.report.content.i18n import Tr

DESCRIPTION_WIDTH = 64  # a terminal line of ~120 columns with the number columns


def register(commands: argparse._SubParsersAction) -> None:
    bom = commands.add_parser("bom", help=translate("CLI", "the bill of materials: every part with its quantity "
                                                           "and price, cables counted from the cable schedule"))
    bom.add_argument("file", help=translate("CLI", "the .cluster file"))
    bom.add_argument("--json", action="store_true", help=translate("CLI", "print JSON (always English)"))
    bom.set_defaults(handler=run_bom)
    cables = commands.add_parser("cables", help=translate("CLI", "write the port-to-port cable schedule as CSV"))
    cables.add_argument("file", help=translate("CLI", "the .cluster file"))
    cables.add_argument("-o", "--output", required=True, metavar="CSV",
                        help=translate("CLI", "the CSV file to write (e.g. cables.csv)"))
    cables.set_defaults(handler=run_cables)


def _bill(path: str) -> tuple[Any, Any, Bom]:
    catalog = catalog_for_cli()
    design = load_for_cli(path, catalog).design
    return design, catalog, build_bom(design, catalog)


def run_bom(args: argparse.Namespace) -> int:
    _, catalog, bill = _bill(args.file)
    if args.json:
        print_json(bom_json(bill, catalog))
        return 0
    t = Tr(report_language(), bill.currency)
    heads = (translate("CLI", "part number"), translate("CLI", "description"), translate("CLI", "qty"),
             translate("CLI", "unit price"), translate("CLI", "total"))
    raw = tuple((part_cell(t, x), describe(t, catalog, x), t.int(x.quantity) if x.quantity else "—",
                 money(t, None) if x.unit_price is None else Amount(x.unit_price),
                 Amount(x.total) if x.unit_price is not None else reason(t, x)) for x in bill.lines)
    cells = list(settle(t, raw)[0])  # one money format per column (in Chinese: 万 where any amount needs it)
    priced = [c for c, x in zip(cells, bill.lines, strict=True) if x.unit_price is not None]
    widths = [max(display_width(c[i]) for c in [heads, *cells]) + 2 for i in range(4)]
    widths[1] = min(widths[1], DESCRIPTION_WIDTH)
    # The total column is as wide as its amounts; a reason in place of a total runs past it, left-aligned.
    widths.append(max(display_width(c[4]) for c in [heads, *priced]) + 2)
    _print_row(heads, widths)
    for cell, line in zip(cells, bill.lines, strict=True):
        if line.unit_price is None:
            _print_row((*cell[:4], "  " + cell[4]), widths, total_align="<")
        else:
            _print_row(cell, widths)
    print(translate("CLI", "hardware total: {total} ({lines}, {cables} in the schedule)").format(
        total=money(t, bill.hardware_total), lines=counts.lines(len(bill.lines)),
        cables=counts.cables(len(bill.schedule))))
    return 0


def _print_row(cell: tuple[str, ...], widths: list[int], total_align: str = ">") -> None:
    """One bill line; a long description wraps onto lines of its own column."""
    described = wrap(cell[1], widths[1] - 1) or [""]
    aligns = ("<", "<", ">", ">", total_align)
    first = (cell[0], described[0], *cell[2:])
    print(row(*zip(first, widths, aligns, strict=True)).rstrip())
    for more in described[1:]:
        print(row(("", widths[0], "<"), (more, widths[1], "<")).rstrip())


def bom_json(bill: Bom, catalog: Any) -> dict[str, Any]:
    english = Tr("en", bill.currency)
    return {"currency": bill.currency, "hardware_total": bill.hardware_total, "cables": len(bill.schedule),
            "lines": [_line_json(x, describe(english, catalog, x), bill.currency) for x in bill.lines]}


def _line_json(line: BomLine, description: str, currency: str) -> dict[str, Any]:
    return {"category": line.category, "part": line.part, "part_number": line.part_number,
            "description": description, "quantity": line.quantity, "unit_price": line.unit_price, "currency": currency,
            "total": line.total, "length_m": line.length_m, "speed_gbps": line.speed_gbps, "medium": line.medium,
            "planning_item": line.part_number is None, "not_priced_reason": line.reason}


def run_cables(args: argparse.Namespace) -> int:
    output = Path(args.output)
    if output.suffix.lower() != ".csv":
        raise ValueError(translate("CLI", "output {output!r} must end in .csv (e.g. -o cables.csv)").format(
            output=args.output))
    design, _, bill = _bill(args.file)
    write_text_export(output, schedule_csv(design, bill.schedule))
    print(translate("CLI", "wrote {path}: {cables}").format(path=output, cables=counts.cables(len(bill.schedule))))
    return 0
