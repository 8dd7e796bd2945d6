"""``cluster-planner compare A.cluster B.cluster [--json]``: two designs side by side.

Either side may be a variant of a design (``A.cluster@IB B.cluster@RoCE``), and
``compare FILE.cluster --variants IB,RoCE`` compares two variants of one file.

The text form lists every headline figure of both designs with B − A and B / A, then the items
whose quantity or price differs in the bill of materials and the cable runs that differ. ``--json``
prints ``Comparison.to_json()`` (docs/compare-and-acceptance.md); its figures equal the values of
``analyze --json`` for each design (money in A's currency).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from planner_gui.commands import counts
from planner_gui.commands import engine_words as words
from planner_gui.commands.columns import pad, row
from planner_gui.commands.common import catalog_for_cli, load_for_cli, print_json, split_variant
from planner_gui.commands.language import text, translate
from planner_gui.present import MISSING, format_figure, format_money

if TYPE_CHECKING:
    from planner_gui.engine import Comparison, FigureRow
    from planner_gui.model import Design

LABEL_WIDTH = 40  # the longest figure label ("Buy: hardware and installation") fits
VALUE_WIDTH = 16
MAX_BOM_ROWS = 60  # a bill rarely has more distinct items; the rest are counted (all are in --json)


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("compare",
                                 help=translate("CLI", "compare two designs: figures, curves and bill of materials"))
    parser.add_argument("a", help=translate("CLI", "design A (.cluster, or FILE.cluster@VARIANT)"))
    parser.add_argument("b", nargs="?", help=translate("CLI", "design B (.cluster, or FILE.cluster@VARIANT); leave "
                                                              "out with --variants"))
    parser.add_argument("--variants", metavar="A,B", help=translate("CLI", "compare two variants of design A's file"))
    parser.add_argument("--json", action="store_true",
                        help=translate("CLI", "print JSON (its shape: Help, page 'Compare and acceptance')"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from planner_gui.engine import compare_designs

    catalog = catalog_for_cli()
    design_a, design_b, names = _sides(args, catalog)
    comparison = compare_designs(design_a, design_b, catalog, names=names)
    if args.json:
        print_json(comparison.to_json())
    else:
        print("\n".join(report_lines(comparison)))
    return 0


def _sides(args: argparse.Namespace, catalog: Any) -> tuple[Design, Design, tuple[str, str]]:
    """Designs A and B with their labels, from ``A B`` (either may be FILE@VARIANT) or ``FILE --variants A,B``."""
    from planner_gui.engine import variant_label
    from planner_gui.model.variants import variant_design

    if args.variants is None:
        if args.b is None:
            raise ValueError(translate("CLI", "compare needs two designs: A.cluster B.cluster, A.cluster@IB "
                                              "B.cluster@RoCE, or FILE.cluster --variants IB,RoCE"))
        a, b = load_for_cli(args.a, catalog).design, load_for_cli(args.b, catalog).design
        return a, b, (variant_label(a, split_variant(args.a)[1]), variant_label(b, split_variant(args.b)[1]))
    names = [n.strip() for n in args.variants.split(",")]
    if len(names) != 2 or not all(names) or args.b is not None:
        raise ValueError(translate("CLI", "--variants {variants!r}: give one file and two variant names, e.g. "
                                          "compare FILE.cluster --variants IB,RoCE").format(variants=args.variants))
    design = load_for_cli(args.a, catalog).design
    a, b = variant_design(design, names[0]), variant_design(design, names[1])
    return a, b, (variant_label(a, names[0]), variant_label(b, names[1]))


def _ratio(row: FigureRow) -> str:
    return MISSING if row.ratio is None else f"{row.ratio:.3f}x"


def report_lines(c: Comparison) -> list[str]:
    lines = [f"A: {text(c.name_a)}", f"B: {text(c.name_b)}", ""]
    lines.append(row((translate("CLI", "figure"), LABEL_WIDTH, "<"), ("A", VALUE_WIDTH, ">"), ("B", VALUE_WIDTH, ">"),
                     ("B - A", VALUE_WIDTH, ">"), ("B / A", 9, ">")))
    for figure_row in c.rows:
        if figure_row.a is None and figure_row.b is None:
            continue
        values = (figure_row.a, figure_row.b, figure_row.diff)
        cells = (format_figure(v, figure_row.unit, c.currency, ascii_units=True) for v in values)
        lines.append(pad(words.figure_label(figure_row.key, figure_row.label), LABEL_WIDTH)
                     + "".join(pad(x, VALUE_WIDTH, ">") for x in cells) + f"{_ratio(figure_row):>9}")
    lines += _bom_lines(c) + _cable_lines(c)
    if c.notes:
        lines += ["", translate("CLI", "Notes:"), *(f"  {text(note)}" for note in c.notes)]
    return lines


def _bom_lines(c: Comparison) -> list[str]:
    changed = [r for r in c.bom if r.changed]
    lines = ["", translate("CLI", "Bill of materials: {changed} of {items} differ (hardware {a} vs {b})").format(
        changed=len(changed), items=counts.items(len(c.bom)), a=format_money(c.hardware_total_a, c.currency),
        b=format_money(c.hardware_total_b, c.currency))]
    for r in changed[:MAX_BOM_ROWS]:
        qty = f"{r.quantity_a:g} -> {r.quantity_b:g}"
        money = f"{format_money(r.total_a, c.currency)} -> {format_money(r.total_b, c.currency)}"
        lines.append(f"  {pad(r.category, 8)}{pad(r.catalog_id, 22)}{qty:>16}  {money}")
    if len(changed) > MAX_BOM_ROWS:
        lines.append("  " + translate("CLI", "... and {count} more (see --json)").format(
            count=len(changed) - MAX_BOM_ROWS))
    return lines


def _cable_lines(c: Comparison) -> list[str]:
    changed = [r for r in c.cables if r.count_a != r.count_b]
    links_a, links_b = sum(r.count_a for r in c.cables), sum(r.count_b for r in c.cables)
    lines = ["", translate("CLI", "Cables: {a} in A, {b} in B; {changed}").format(
        a=counts.links(links_a), b=links_b, changed=counts.kinds_differ(len(changed)))]
    for r in changed[:MAX_BOM_ROWS]:
        lines.append(f"  {r.medium:<5}{r.speed_gbps:>6g}G {r.length_m:>6g} m  {r.count_a} -> {r.count_b}")
    return lines
