"""``cluster-planner plan-cluster``: which cluster to build (or rent) for a training goal, best first.

Given a model, the tokens to train on and a deadline (``--deadline-days``) and/or a budget
(``--budget``), every GPU server of the catalog (or ``--servers``) on its default fabric (or each of
``--fabrics``) is built by the templates at doubling sizes, then at whole scale units between the two
doublings that bracket the answer (engine: planning/sizes.py); each kept design carries its best layout,
its days to train and its cost to train (engine: planning/clusters.py). With a deadline the list is
cheapest first, with only a budget fastest first. ``binds`` says what fixed each design's size.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from planner_gui.commands.columns import row
from planner_gui.commands.common import catalog_for_cli, print_json
from planner_gui.commands.errors import CliError
from planner_gui.commands.language import text, translate
from planner_gui.commands.plan_cmd import add_model_arguments, positive_float, shape_from_args
from planner_gui.commands.predict_cmd import positive_int
from planner_gui.model import Precision
from planner_gui.model.settings import Currency
from planner_gui.present.money import format_money

DEFAULT_TOP = 10
PERCENT = 100.0
COLUMNS = ((3, ">"), (19, "<"), (6, ">"), (8, ">"), (15, "<"), (8, ">"), (16, ">"), (11, "<"), (22, "<"), (6, ">"))
GAP = 1  # a space before a left-aligned cell (right-aligned ones pad on their left)


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("plan-cluster", help=translate("CLI", "rank candidate clusters for a training goal by "
                                                                   "cost and time to train"))
    add_model_arguments(p)
    p.add_argument("--global-batch", required=True, type=positive_int, help=translate("CLI", "sequences per step"))
    p.add_argument("--train-tokens", required=True, type=positive_float,
                   help=translate("CLI", "tokens to train on, e.g. 2e12"))
    p.add_argument("--deadline-days", type=positive_float, help=translate("CLI", "train within this many days"))
    p.add_argument("--budget", type=positive_float,
                   help=translate("CLI", "spend at most this much (in --currency) on the --pay option"))
    p.add_argument("--pay", choices=("buy", "rent", "cloud"), default="buy",
                   help=translate("CLI", "how the cluster is paid for (default buy: hardware plus running costs)"))
    p.add_argument("--rent-per-gpu-month", type=positive_float, help=translate("CLI", "rent price per GPU-month"))
    p.add_argument("--cloud-per-gpu-hour", type=positive_float, help=translate("CLI", "cloud price per GPU-hour"))
    p.add_argument("--currency", choices=tuple(str(c) for c in Currency), default=str(Currency.USD))
    p.add_argument("--servers", help=translate("CLI", "catalog server ids to consider, comma-separated (default all)"))
    p.add_argument("--fabrics", help=translate("CLI", "compute NIC ids to build each server with, comma-separated "
                                                      "(default each server's own)"))
    p.add_argument("--topology", default="rail-optimized",
                   help=translate("CLI", "fabric topology of the built designs (default rail-optimized)"))
    p.add_argument("--max-nodes", type=positive_int, default=2048,
                   help=translate("CLI", "largest cluster to build, in servers (default 2048)"))
    p.add_argument("--precision", choices=tuple(str(x) for x in Precision), default=str(Precision.BF16))
    p.add_argument("--tp-comm-overlap", action="store_true",
                   help=translate("CLI", "the framework can overlap tensor-parallel communication with GEMMs"))
    p.add_argument("--top", type=positive_int, default=DEFAULT_TOP,
                   help=translate("CLI", "how many designs to list (default 10)"))
    p.add_argument("--json", action="store_true", help=translate("CLI", "print the ranked designs as JSON"))
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from planner_gui.engine import ClusterRequest, PlanSpace, plan_clusters

    catalog = catalog_for_cli()
    shape, name = shape_from_args(args)
    request = ClusterRequest(
        shape, args.global_batch, args.train_tokens, args.deadline_days, args.budget, args.pay,
        _ids(args.servers), _ids(args.fabrics), args.topology, args.max_nodes, Precision(args.precision),
        args.rent_per_gpu_month, args.cloud_per_gpu_hour, args.currency, name,
        space=PlanSpace(tp_comm_overlap=(False, True) if args.tp_comm_overlap else (False,)))
    started = time.process_time()
    plan = plan_clusters(catalog, request)
    elapsed = time.process_time() - started
    if not plan.candidates:
        raise CliError(text(plan.reason))
    shown = plan.candidates[:args.top]
    if args.json:
        print_json([c.to_json() for c in shown])
        return 0
    _print_table(shown, plan, args.currency, elapsed)
    return 0


def _ids(value: str | None) -> tuple[str, ...]:
    return tuple(item.strip() for item in (value or "").split(",") if item.strip())


def bind_words() -> dict[str, str]:
    return {"memory": translate("CLI", "memory"), "batch": translate("CLI", "batch"),
            "deadline": translate("CLI", "deadline"), "budget": translate("CLI", "budget"),
            "size": translate("CLI", "size limit"), "speed": translate("CLI", "speed"),
            "none": translate("CLI", "none")}


def _print_table(shown: Any, plan: Any, currency: str, elapsed: float) -> None:
    print(translate("CLI", "{built} designs built and searched ({s} s CPU); {kept} meet the goal").format(
        built=plan.built, s=f"{elapsed:.1f}", kept=len(plan.candidates)))
    words = bind_words()
    print(_row(["#", translate("CLI", "server"), translate("CLI", "nodes"), "GPUs", translate("CLI", "fabric"),
                translate("CLI", "days"), translate("CLI", "cost"), translate("CLI", "binds"),
                translate("CLI", "layout"), "MFU %"]))
    for rank, c in enumerate(shown, 1):
        e = c.entry
        degrees = (("tp", e.tp), ("pp", e.pp), ("dp", e.dp), ("cp", e.cp), ("ep", e.ep))
        layout = " ".join(f"{name}{value}" for name, value in degrees if value > 1 or name != "ep")
        print(_row([str(rank), c.server_id, f"{c.nodes:,}", f"{c.gpus:,}", c.nic_id, f"{c.days:,.1f}",
                    format_money(c.cost, currency), words.get(c.binds, c.binds), layout,
                    f"{e.estimate.mfu * PERCENT:.1f}"]))
    for note in plan.notes:
        print(translate("CLI", "left out: {note}").format(note=text(note)))


def _row(texts: list[str]) -> str:
    cells = [(" " * GAP + t if align == "<" else t, width, align) for t, (width, align) in
             zip(texts, COLUMNS, strict=True)]
    return row(*cells)
