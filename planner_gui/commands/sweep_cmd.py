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

from planner_gui.commands.columns import pad
from planner_gui.commands.common import catalog_for_cli, load_for_cli, print_json
from planner_gui.commands.language import is_chinese, text, translate
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Template, Text
from planner_gui.present import format_figure

if TYPE_CHECKING:
    from planner_gui.engine import SweepResult

# The columns of the text table unless --figure says otherwise: size, power, money, speed, training.
DEFAULT_FIGURES = ("gpus", "racks", "it_kw", "buy_upfront", "buy_per_gpu_hour", "allreduce_busbw_1gib",
                   "training_days", "training_scaling_efficiency", "checks_error")
COLUMN_WIDTH = 15
# engine/compare/sweep.py PARAMS labels, by parameter (the engine's are English).
PARAM_LABELS: dict[str, Template] = {
    "nodes": QT_TRANSLATE_NOOP("CLI", "GPU servers"),
    "nic_gbps": QT_TRANSLATE_NOOP("CLI", "NIC speed, Gb/s"),
    "oversubscription": QT_TRANSLATE_NOOP("CLI", "leaf oversubscription (down:up)"),
    "rack_kw": QT_TRANSLATE_NOOP("CLI", "rack power budget, kW"),
    "nic": QT_TRANSLATE_NOOP("CLI", "compute NIC (catalog id)"),
    "server": QT_TRANSLATE_NOOP("CLI", "GPU server (catalog id)"),
}
VALUE_COLUMN_WIDTH = 14


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("sweep", help=translate("CLI", "vary one parameter and tabulate the headline figures"))
    parser.add_argument("file", help=translate("CLI", "the .cluster file"))
    parser.add_argument("--param", required=True,
                        help=translate("CLI", "NAME=RANGE, e.g. nodes=8..256 (doubling), rack_kw=20..60:10, "
                                              "nodes=8,16,32, nic=ib-ndr-400,roce-400; NAME: nodes, nic_gbps, "
                                              "oversubscription, rack_kw, nic, server"))
    parser.add_argument("--figure", action="append", metavar="KEY",
                        help=translate("CLI", "a figure to tabulate (repeatable; default: a headline set; keys in "
                                              "the docs)"))
    parser.add_argument("--json", action="store_true",
                        help=translate("CLI", "print JSON (its shape: Help, page 'Compare and acceptance')"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from planner_gui.engine import parse_range, run_sweep

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
    from planner_gui.engine import EFFICIENCY_KEY, FIGURE_KEYS

    known = (*FIGURE_KEYS, EFFICIENCY_KEY)
    chosen = tuple(wanted) if wanted else DEFAULT_FIGURES
    unknown = [key for key in chosen if key not in known]
    if unknown:
        raise ValueError(translate("CLI", "--figure {key!r} is not a figure; use one of {keys}").format(
            key=unknown[0], keys=", ".join(known)))
    return chosen


def _param_label(param: str, label: object) -> str:
    template = PARAM_LABELS.get(param)
    if is_chinese() and template is not None and not isinstance(label, Text):
        return translate(template.context, template.source)
    return text(label)


def _unit(key: str) -> str:
    from planner_gui.engine import figure

    return "fraction" if key.endswith("efficiency") else figure(key).unit


def report_lines(result: SweepResult, figures: tuple[str, ...], currency: str) -> list[str]:
    base = result.base
    lines = [translate("CLI", "Sweep of {label} ({param}) over {count} values, regenerated from: {nodes} x {server}, "
                              "{nic}, {topology}, {oversubscription:g}:1, {rack_kw:g} kW racks, {cooling}").format(
                 label=_param_label(result.param, result.label), param=result.param, count=len(result.values),
                 nodes=base.nodes,
                 server=base.server_id, nic=base.nic_id or translate("CLI", "default NIC"), topology=base.topology,
                 oversubscription=base.oversubscription, rack_kw=base.rack_kw, cooling=base.cooling),
             f"{result.param:>{VALUE_COLUMN_WIDTH}}" + "".join(f"{k[:COLUMN_WIDTH - 1]:>{COLUMN_WIDTH}}"
                                                                for k in figures)]
    for point in result.points:
        if point.error:
            lines.append(f"{point.value!s:>{VALUE_COLUMN_WIDTH}}  "
                         + translate("CLI", "cannot be built: {error}").format(error=text(point.error)))
            continue
        cells = (format_figure(point.figures.get(k), _unit(k), currency, ascii_units=True) for k in figures)
        row = "".join(pad(c, COLUMN_WIDTH, ">") for c in cells)
        lines.append(f"{point.value!s:>{VALUE_COLUMN_WIDTH}}{row}")
        if point.note:
            note = translate("CLI", "note: {note}").format(note=text(point.note))
            lines.append(" " * VALUE_COLUMN_WIDTH + "  " + note)
    if result.cancelled:
        lines.append(translate("CLI", "(cancelled before the last value)"))
    return lines
