"""``cluster-planner catalog [--kind K] [--json]``: the hardware the planner knows."""

from __future__ import annotations

import argparse

from planner_gui.catalog.schema import KINDS
from planner_gui.commands.common import catalog_for_cli, print_json

# The one figure per kind worth a column in the plain-text listing.
_KEY_FIGURES = {
    "gpu": lambda e: f"{e['memory_gb']:g} GB, {e['tdp_w']:g} W, {e.get('bf16_tflops') or e['fp16_tflops']:g} TFLOPS",
    "server": lambda e: f"{e['gpu_count']} x {e['gpu_id']}, {e['height_u']} U, {e['max_power_w'] / 1000:g} kW max",
    "nic": lambda e: f"{e['speed_gbps']:g} Gb/s {e['technology']}, {e['latency_us']:g} us",
    "switch": lambda e: ", ".join(f"{g['count']} x {g['speed_gbps']:g}G" for g in e["port_groups"]),
    "cable": lambda e: f"{e['medium']}, {e['speed_gbps']:g}G, reach {e['reach_m']:g} m",
}


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("catalog", help="list the hardware catalog")
    parser.add_argument("--kind", choices=KINDS, help="only entries of this kind")
    parser.add_argument("--json", action="store_true", help="print every field as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    catalog = catalog_for_cli()
    entries = sorted(catalog.of_kind(args.kind), key=lambda e: (e.kind, e.id))
    if args.json:
        print_json({"entries": [dict(e.data) for e in entries]})
        return 0
    for entry in entries:
        figure = _KEY_FIGURES.get(entry.kind, lambda e: "")(entry)
        print(f"{entry.kind:<12} {entry.id:<20} {entry.name[:44]:<44} {figure}")
    return 0
