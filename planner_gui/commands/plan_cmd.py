"""``cluster-planner plan-training``: search parallel layouts of one model on one cluster, fastest first.

The model is a published preset (``--model``, e.g. Llama-3-70B), a shape given like
``estimate-training``'s, or the design's own workload. The cluster is either a design file
(``--design FILE.cluster``: its GPUs, servers and fabric as cabled, engine/planning/design_plan.py) or
``--gpus`` GPUs in the catalog server ``--gpu`` names, on a healthy non-blocking fabric of its
default NIC. Every layout of tp, pp, vpp, cp, ep, micro-batch, ZeRO stage / FSDP / HSDP, recompute
and the overlap options allowed is checked; those that fit in memory are ranked by step time
(engine: training/planner.py).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import time
from typing import Any

from planner_gui.commands.columns import row
from planner_gui.commands.common import catalog_for_cli, load_for_cli, print_json
from planner_gui.commands.errors import CliError
from planner_gui.commands.language import translate
from planner_gui.commands.predict_cmd import positive_int
from planner_gui.commands.training_cmd import (
    DEFAULT_TRAIN_TOKENS,
    add_moe_load_arguments,
    check_moe_load_args,
    resolve_gpu,
)
from planner_gui.model import Precision

PERCENT = 100.0
DEFAULT_TOP = 10
COLUMNS = ((4, ">"), (4, ">"), (4, ">"), (4, ">"), (5, ">"), (4, ">"), (4, ">"), (4, ">"), (8, ">"), (11, ">"),
           (10, ">"), (7, ">"), (10, ">"))


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("plan-training", help=translate("CLI", "search parallel layouts of a training job and "
                                                                    "rank those that fit by step time"))
    p.add_argument("--design", metavar="FILE",
                   help=translate("CLI", "plan on this design's GPUs and fabric (FILE.cluster, or FILE@VARIANT)"))
    p.add_argument("--gpu", help=translate("CLI", "GPU or server catalog id, e.g. h100-sxm5-80gb or dgx-h100"))
    p.add_argument("--gpus", type=positive_int,
                   help=translate("CLI", "GPUs in the job (with --design: default all its connected GPUs)"))
    p.add_argument("--gpus-per-node", type=positive_int,
                   help=translate("CLI", "GPUs per server (default: the server's)"))
    add_model_arguments(p)
    p.add_argument("--global-batch", type=positive_int,
                   help=translate("CLI", "sequences per step (with --design: default the design's workload)"))
    p.add_argument("--precision", choices=tuple(str(x) for x in Precision), default=str(Precision.BF16))
    p.add_argument("--top", type=positive_int, default=DEFAULT_TOP,
                   help=translate("CLI", "how many layouts to list (default 10)"))
    p.add_argument("--train-tokens", type=positive_float,
                   help=translate("CLI", "tokens to train on, for the days to train (default 1e12)"))
    p.add_argument("--tp-comm-overlap", action="store_true",
                   help=translate("CLI", "the framework can overlap tensor-parallel communication with GEMMs "
                                         "(Megatron-Core --tp-comm-overlap): search layouts with and without it"))
    p.add_argument("--no-dp-overlap", action="store_true",
                   help=translate("CLI", "the framework does not overlap data-parallel traffic with compute"))
    p.add_argument("--json", action="store_true", help=translate("CLI", "print the ranked layouts as JSON"))
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from planner_gui.engine import PlanSpace, StepOptions

    catalog = catalog_for_cli()
    space = PlanSpace(tp_comm_overlap=(False, True) if args.tp_comm_overlap else (False,),
                      dp_overlap=(False,) if args.no_dp_overlap else (True,))
    options = StepOptions(dp_overlap=not args.no_dp_overlap)
    started = time.process_time()
    result = _plan_on_design(args, catalog, options, space) if args.design else _plan_on_catalog(
        args, catalog, options, space)
    elapsed = time.process_time() - started
    if args.json:
        print_json([entry.to_json() for entry in result.entries])
        return 0
    print(translate("CLI", "{searched} consistent layouts, {fits} within memory by their model states, {timed} "
                           "timed in full ({ms} ms)").format(searched=result.searched, fits=result.memory_bound_fits,
                                                              timed=result.timed, ms=f"{elapsed * 1000:.0f}"))
    if not result.entries:
        print(translate("CLI", "no layout fits in GPU memory; add GPUs or choose a GPU with more memory"))
        return 0
    print(_row(["#", "tp", "pp", "vpp", "dp", "cp", "ep", "mb", translate("CLI", "sharding"),
                translate("CLI", "recompute"), translate("CLI", "step (s)"), "MFU %", translate("CLI", "GB/GPU")]))
    for rank, entry in enumerate(result.entries, 1):
        j = entry.to_json()
        layout = j["layout"]
        sharding = layout["sharding"] + ("+tpo" if layout["tp_comm_overlap"] else "")
        print(_row([str(rank), *(str(layout[k]) for k in ("tp", "pp", "vpp", "dp", "cp", "ep", "micro_batch")),
                    sharding, layout["recompute"], f"{j['step_time_s']:,.3f}",
                    f"{j['mfu'] * PERCENT:.1f}", f"{j['memory_per_gpu_gb']:.1f}"]))
    return 0


def positive_float(text: str) -> float:
    """argparse type: a finite number above 0 (tokens), as one line argparse prints."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(translate("CLI", "invalid number: {text!r}").format(text=text)) from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(translate("CLI", "{value} must be a number above 0").format(value=text))
    return value


def _plan_on_catalog(args: argparse.Namespace, catalog: Any, options: Any, space: Any) -> Any:
    from planner_gui.engine import comm_model_from_profile, gpu_facts_from_catalog, plan_layouts, profile_from_catalog

    if args.gpu is None or args.gpus is None or args.global_batch is None:
        raise CliError(translate("CLI", "give --design FILE, or --gpu, --gpus and --global-batch"))
    gpu_id, per_node, server = resolve_gpu(catalog, args.gpu, args.gpus_per_node)
    if server is None:
        raise CliError(translate("CLI", "--gpu: no catalog server carries {gpu}; name a server").format(gpu=gpu_id))
    shape = _shape(args)
    nodes = -(-args.gpus // per_node)
    profile = profile_from_catalog(catalog, gpu_id, per_node, nodes, server["default_nic_id"],
                                   server["compute_nic_slots"])
    return plan_layouts(shape, args.gpus, per_node, args.global_batch, Precision(args.precision),
                        gpu_facts_from_catalog(catalog, gpu_id), comm_model_from_profile(profile), options=options,
                        space=space, top=args.top, train_tokens=args.train_tokens or DEFAULT_TRAIN_TOKENS)


def _plan_on_design(args: argparse.Namespace, catalog: Any, options: Any, space: Any) -> Any:
    from planner_gui.engine import plan_design, shape_from_workload

    if args.gpu is not None or args.gpus_per_node is not None:
        raise CliError(translate("CLI", "--design takes its GPUs from the design; leave out --gpu and --gpus-per-node"))
    design = load_for_cli(args.design, catalog).design
    workload = design.workload
    if args.model is None and all(getattr(args, k) is None for k in ("layers", "hidden", "heads", "seq", "vocab")):
        if workload is None:
            raise CliError(translate("CLI", "the design has no training workload; give --model or the shape"))
        shape = shape_from_workload(workload)  # its own routing load, unless the options give one
        if args.moe_capacity_factor is not None or args.moe_imbalance != 1.0:
            shape = with_moe_load(shape, args)
    else:
        shape = _shape(args)
    batch = args.global_batch or (workload.global_batch if workload is not None else None)
    if batch is None:
        raise CliError(translate("CLI", "give --global-batch (the design has no training workload)"))
    tokens = args.train_tokens or (workload.train_tokens if workload is not None else DEFAULT_TRAIN_TOKENS)
    plan = plan_design(design, catalog, shape, batch, Precision(args.precision), gpus=args.gpus, options=options,
                       space=space, top=args.top, train_tokens=tokens)
    return plan.result


def _row(texts: list[str]) -> str:
    return row(*((text, width, align) for text, (width, align) in zip(texts, COLUMNS, strict=True)))


def _shape(args: argparse.Namespace) -> Any:
    return shape_from_args(args)[0]


def add_model_arguments(p: argparse.ArgumentParser) -> None:
    """--model, or the shape by --layers/--hidden/--heads/--seq/--vocab (read back by shape_from_args)."""
    p.add_argument("--model", help=translate("CLI", "published model preset, e.g. Llama-3-70B (or give the shape)"))
    for name, what in (("--layers", translate("CLI", "transformer layers")),
                       ("--hidden", translate("CLI", "hidden size")),
                       ("--heads", translate("CLI", "attention heads")),
                       ("--seq", translate("CLI", "sequence length in tokens")),
                       ("--vocab", translate("CLI", "vocabulary size"))):
        p.add_argument(name, type=positive_int, help=what)
    add_moe_load_arguments(p)


def shape_from_args(args: argparse.Namespace) -> tuple[Any, str]:
    """(shape, name): the preset's shape (with any of --layers … --vocab replacing its fields) or the given
    shape, named "custom"."""
    from planner_gui.engine import find_preset, shape_from_workload

    given = {"layers": args.layers, "hidden": args.hidden, "heads": args.heads, "seq_len": args.seq,
             "vocab": args.vocab}
    if args.model:
        preset = find_preset(args.model)
        if preset is None:
            raise CliError(translate("CLI", "--model {name!r} is not a known preset; give the shape with --layers, "
                                            "--hidden, --heads, --seq and --vocab").format(name=args.model))
        shape = dataclasses.replace(preset.shape, **{k: v for k, v in given.items() if v is not None})
        return with_moe_load(shape, args), preset.name
    missing = [f"--{k.replace('_len', '')}" for k, v in given.items() if v is None]
    if missing:
        raise CliError(translate("CLI", "give --model or the shape: {missing} missing").format(
            missing=", ".join(missing)))
    from planner_gui.model import Workload

    return with_moe_load(shape_from_workload(Workload(**given)), args), "custom"


def with_moe_load(shape: Any, args: argparse.Namespace) -> Any:
    """``shape`` with the --moe-capacity-factor / --moe-imbalance routing load (MoE presets only)."""
    check_moe_load_args(args, shape.is_moe)
    return dataclasses.replace(shape, moe_capacity_factor=args.moe_capacity_factor, moe_imbalance=args.moe_imbalance)
