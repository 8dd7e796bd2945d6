"""``cluster-planner new``: build a complete design from a template and save it."""

from __future__ import annotations

import argparse
from pathlib import Path

from planner_gui.commands import counts
from planner_gui.commands.common import catalog_for_cli
from planner_gui.commands.language import text, translate
from planner_gui.io import save_design
from planner_gui.templates import TOPOLOGIES, TemplateSpec, build_design
from planner_gui.templates.spec import DEFAULT_RACK_KW


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("new", help=translate("CLI", "generate a design from a template"))
    parser.add_argument("--server", required=True, help=translate("CLI", "server catalog id, e.g. dgx-h100"))
    parser.add_argument("--nodes", required=True, type=int,
                        help=translate("CLI", "number of GPU servers (for a rack-scale system such as "
                                              "gb200-nvl72: compute trays, 18 per rack)"))
    parser.add_argument("--fabric", help=translate("CLI", "compute NIC catalog id, e.g. ib-ndr-400 (default: the "
                                                          "server's)"))
    parser.add_argument("--nics-per-node", type=int,
                        help=translate("CLI", "compute NICs per server (default: the server's)"))
    parser.add_argument("--topology", choices=TOPOLOGIES, default="rail-optimized")
    parser.add_argument("--oversubscription", type=float, default=1.0,
                        help=translate("CLI", "leaf down:up ratio (default 1)"))
    parser.add_argument("--rack-kw", type=float, default=DEFAULT_RACK_KW,
                        help=translate("CLI", "power budget per rack (default {kw:g}, what air cooling removes)"
                                       ).format(kw=DEFAULT_RACK_KW))
    parser.add_argument("--rack-u", type=int, default=42, help=translate("CLI", "rack height in U (default 42)"))
    parser.add_argument("--cooling", choices=("air", "rdhx", "liquid"), default="air")
    parser.add_argument("--cooling-kw", type=float,
                        help=translate("CLI", "cooling capacity per rack (default: the cooling type's)"))
    parser.add_argument("--name", help=translate("CLI", "design name"))
    parser.add_argument("-o", "--output", required=True, help=translate("CLI", "the .cluster file to write"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    spec = TemplateSpec(
        server_id=args.server, nodes=args.nodes, nic_id=args.fabric, nics_per_node=args.nics_per_node,
        topology=args.topology, oversubscription=args.oversubscription, rack_kw=args.rack_kw,
        rack_u=args.rack_u, cooling=args.cooling, cooling_kw=args.cooling_kw, name=args.name,
    )
    design, notes = build_design(catalog_for_cli(), spec)
    save_design(design, Path(args.output))
    gpus = sum(1 for d in design.devices.values() if d.catalog_id == args.server)
    print(translate("CLI", "{file}: {servers} in {racks}, {devices}, {links}").format(
        file=args.output, servers=counts.servers(gpus), racks=counts.racks(len(design.racks)),
        devices=counts.devices(len(design.devices)), links=counts.links(len(design.links))))
    for note in notes:  # what could not be built as asked, and why (also in the design's notes)
        print(translate("CLI", "note: {note}").format(note=text(note)))
    return 0
