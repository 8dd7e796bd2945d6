"""``cluster-planner validate FILE``: every problem in a design file, exit 1 if it is invalid."""

from __future__ import annotations

import argparse
import sys

from planner_gui.commands import counts
from planner_gui.commands.common import catalog_for_cli, load_selected
from planner_gui.commands.language import text, translate
from planner_gui.io import LoadError


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("validate", help=translate("CLI", "check a .cluster file and list its problems"))
    parser.add_argument("file", help=translate("CLI", "the .cluster file"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    catalog = catalog_for_cli()
    try:
        result = load_selected(args.file, catalog)  # FILE or FILE@VARIANT
    except LoadError as error:
        if len(error.problems) == 1:
            raise
        for problem in error.problems:
            print(translate("CLI", "{file}: error: {problem}").format(file=args.file, problem=text(problem)),
                  file=sys.stderr)
        print(translate("CLI", "cluster-planner: error: {file}: {count} problems; the file is invalid").format(
            file=args.file, count=len(error.problems)), file=sys.stderr)
        return 1
    design = result.design
    for warning in result.warnings:
        print(translate("CLI", "{file}: warning: {warning}").format(file=args.file, warning=text(warning)))
    for note in design.notes(catalog):
        print(translate("CLI", "{file}: note: {note}").format(file=args.file, note=text(note.message)))
    print(translate("CLI", "{file}: valid ({racks}, {devices}, {links})").format(
        file=args.file, racks=counts.racks(len(design.racks)), devices=counts.devices(len(design.devices)),
        links=counts.links(len(design.links))))
    return 0
