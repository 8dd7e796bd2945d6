"""``cluster-planner validate FILE``: every problem in a design file, exit 1 if it is invalid."""

from __future__ import annotations

import argparse
import sys

from planner_gui.commands.common import catalog_for_cli, load_selected
from planner_gui.io import LoadError


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("validate", help="check a .cluster file and list its problems")
    parser.add_argument("file", help="the .cluster file")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    catalog = catalog_for_cli()
    try:
        result = load_selected(args.file, catalog)  # FILE or FILE@VARIANT
    except LoadError as error:
        if len(error.problems) == 1:
            raise
        for problem in error.problems:
            print(f"{args.file}: error: {problem}", file=sys.stderr)
        print(f"cluster-planner: error: {args.file}: {len(error.problems)} problems; the file is invalid",
              file=sys.stderr)
        return 1
    design = result.design
    for warning in result.warnings:
        print(f"{args.file}: warning: {warning}")
    for note in design.notes(catalog):
        print(f"{args.file}: note: {note.message}")
    print(f"{args.file}: valid ({len(design.racks)} racks, {len(design.devices)} devices, "
          f"{len(design.links)} links)")
    return 0
