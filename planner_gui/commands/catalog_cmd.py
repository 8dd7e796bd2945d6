"""``cluster-planner catalog [--kind K] [--json]``: the hardware the planner knows."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from planner_gui.catalog.schema import KINDS
from planner_gui.commands import engine_words as words
from planner_gui.commands.columns import pad
from planner_gui.commands.common import catalog_for_cli, print_json
from planner_gui.commands.language import translate

W_PER_KW = 1000.0


def _server(e: Any) -> str:
    return translate("CLI", "{count} x {gpu}, {height} U, {kw:g} kW max").format(
        count=e["gpu_count"], gpu=e["gpu_id"], height=e["height_u"], kw=e["max_power_w"] / W_PER_KW)


def _cable(e: Any) -> str:
    return translate("CLI", "{medium}, {speed:g}G, reach {reach:g} m").format(
        medium=e["medium"], speed=e["speed_gbps"], reach=e["reach_m"])


def _gpu(e: Any) -> str:
    return translate("CLI", "{memory:g} GB, {tdp:g} W, {tflops:g} TFLOPS").format(
        memory=e["memory_gb"], tdp=e["tdp_w"], tflops=e.get("bf16_tflops") or e["fp16_tflops"])


def _nic(e: Any) -> str:
    return translate("CLI", "{speed:g} Gb/s {technology}, {latency:g} us").format(
        speed=e["speed_gbps"], technology=words.technology_word(e["technology"]), latency=e["latency_us"])


# The one figure per kind worth a column in the plain-text listing.
_KEY_FIGURES: dict[str, Callable[[Any], str]] = {
    "gpu": _gpu,
    "server": _server,
    "nic": _nic,
    "switch": lambda e: ", ".join(f"{g['count']} x {g['speed_gbps']:g}G" for g in e["port_groups"]),
    "cable": _cable,
}


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("catalog", help=translate("CLI", "list the hardware catalog"))
    parser.add_argument("--kind", choices=KINDS, help=translate("CLI", "only entries of this kind"))
    parser.add_argument("--json", action="store_true", help=translate("CLI", "print every field as JSON"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    catalog = catalog_for_cli()
    entries = sorted(catalog.of_kind(args.kind), key=lambda e: (e.kind, e.id))
    if args.json:
        print_json({"entries": [dict(e.data) for e in entries]})
        return 0
    for entry in entries:
        figure = _KEY_FIGURES.get(entry.kind, lambda e: "")(entry)
        print(f"{pad(entry.kind, 12)} {pad(entry.id, 20)} {pad(entry.name[:44], 44)} {figure}")
    return 0
