"""``cluster-planner sweep FILE --param nodes=8..256 [--figure KEY ...] [--json]``: one parameter over a
range, the headline figures at each value.

Range syntax: ``nodes=8..256`` doubles, ``nodes=8..1024:x4`` multiplies by 4, ``rack_kw=20..60:10``
steps by 10, ``nodes=8,16,32`` and ``nic=ib-ndr-400,roce-400`` list values; the end of a range is
always included. Parameters: nodes, nic_gbps, oversubscription, rack_kw, nic, server
(docs/compare-and-acceptance.md). A value the generator cannot build is reported on its row.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from planner_gui.commands.common import catalog_for_cli, load_for_cli, print_json
from planner_gui.commands.compare_cmd import format_figure

if TYPE_CHECKING:
    from planner_gui.engine.sweep import SweepResult

# The columns of the text table unless --figure says otherwise: size, power, money, speed, training.
DEFAULT_FIGURES = ("gpus", "racks", "it_kw", "buy_upfront", "buy_per_gpu_hour", "allreduce_busbw_1gib",
                   "training_days", "training_scaling_efficiency", "checks_error")
COLUMN_WIDTH = 15
VALUE_COLUMN_WIDTH = 14


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("sweep", help="vary one parameter and tabulate the headline figures")
    parser.add_argument("file", help="the .cluster file")
    parser.add_argument("--param", required=True,
                        help="NAME=RANGE, e.g. nodes=8..256 (doubling), rack_kw=20..60:10, nodes=8,16,32, "
                             "nic=ib-ndr-400,roce-400; NAME: nodes, nic_gbps, oversubscription, rack_kw, "
                             "nic, server")
    parser.add_argument("--figure", action="append", metavar="KEY",
                        help="a figure to tabulate (repeatable; default: a headline set; keys in the docs)")
    parser.add_argument("--json", action="store_true", help="print JSON (docs/compare-and-acceptance.md)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from planner_gui.engine.sweep import parse_range, run_sweep

    sweep = parse_range(args.param)  # bad syntax fails before any file is read
    figures = _figures(args.figure)
    catalog = catalog_for_cli()
    design = load_for_cli(args.file, catalog).design
    result = run_sweep(design, catalog, sweep)
    if args.json:
        print_json(result.to_json())
    else:
        print("\n".join(report_lines(result, figures, str(design.meta.currency))))
    return 0


def _figures(wanted: list[str] | None) -> tuple[str, ...]:
    from planner_gui.engine.compare import FIGURE_KEYS
    from planner_gui.engine.sweep import EFFICIENCY_KEY

    known = (*FIGURE_KEYS, EFFICIENCY_KEY)
    chosen = tuple(wanted) if wanted else DEFAULT_FIGURES
    unknown = [key for key in chosen if key not in known]
    if unknown:
        raise ValueError(f"--figure {unknown[0]!r} is not a figure; use one of {', '.join(known)}")
    return chosen


def _unit(key: str) -> str:
    from planner_gui.engine.compare import figure

    return "fraction" if key.endswith("efficiency") else figure(key).unit


def report_lines(result: SweepResult, figures: tuple[str, ...], currency: str) -> list[str]:
    base = result.base
    lines = [f"Sweep of {result.label} ({result.param}) over {len(result.values)} values, regenerated from: "
             f"{base.nodes} x {base.server_id}, {base.nic_id or 'default NIC'}, {base.topology}, "
             f"{base.oversubscription:g}:1, {base.rack_kw:g} kW racks, {base.cooling}",
             f"{result.param:>{VALUE_COLUMN_WIDTH}}" + "".join(f"{k[:COLUMN_WIDTH - 1]:>{COLUMN_WIDTH}}"
                                                                for k in figures)]
    for point in result.points:
        if point.error:
            lines.append(f"{point.value!s:>{VALUE_COLUMN_WIDTH}}  cannot be built: {point.error}")
            continue
        cells = (format_figure(point.figures.get(k), _unit(k), currency) for k in figures)
        row = "".join(f"{c:>{COLUMN_WIDTH}}" for c in cells)
        lines.append(f"{point.value!s:>{VALUE_COLUMN_WIDTH}}{row}")
        if point.note:
            lines.append(f"{'':>{VALUE_COLUMN_WIDTH}}  note: {point.note}")
    if result.cancelled:
        lines.append("(cancelled before the last value)")
    return lines
