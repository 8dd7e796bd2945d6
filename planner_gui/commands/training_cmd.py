"""``cluster-planner estimate-training``: step time, throughput, MFU and memory of one training job.

The GPUs sit in servers of the catalog (``--gpu`` may name a GPU or a server) on a healthy
non-blocking fabric of the server's default NIC unless ``--nic`` says otherwise; collectives are
timed by the collective model (``comm_model_from_profile``). ``--dp`` defaults to gpus/(tp·pp).
"""

from __future__ import annotations

import argparse
from typing import Any

from planner_gui.catalog import Catalog, CatalogEntry
from planner_gui.commands import engine_words as words
from planner_gui.commands.columns import pad
from planner_gui.commands.common import catalog_for_cli, print_json
from planner_gui.commands.errors import CliError
from planner_gui.commands.language import text, translate
from planner_gui.commands.predict_cmd import positive_int, server_for
from planner_gui.model import Precision, Recompute, Workload

DEFAULT_GPUS_PER_NODE = 8  # HGX/DGX baseboards carry 8 GPUs (resources/catalog), for a GPU no server has
ZERO_STAGES = ("0", "1", "2", "3")
PERCENT = 100.0
LABEL_WIDTH = 20  # "step time" .. "days to train", then one space
DEFAULT_TRAIN_TOKENS = Workload.__dataclass_fields__["train_tokens"].default  # the model's default (1e12)


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("estimate-training",
                            help=translate("CLI", "estimate step time, tokens/s, MFU and memory of a job"))
    p.add_argument("--gpu", required=True,
                   help=translate("CLI", "GPU or server catalog id, e.g. h100-sxm5-80gb or dgx-h100"))
    p.add_argument("--gpus", required=True, type=positive_int, help=translate("CLI", "GPUs in the job"))
    p.add_argument("--gpus-per-node", type=positive_int,
                   help=translate("CLI", "GPUs per server (default: the server's)"))
    p.add_argument("--nic", help=translate("CLI", "compute NIC catalog id (default: the catalog server's)"))
    p.add_argument("--nics-per-node", type=positive_int,
                   help=translate("CLI", "compute NICs per server (default: server's)"))
    for name, what in (("--layers", translate("CLI", "transformer layers")),
                       ("--hidden", translate("CLI", "hidden size")),
                       ("--heads", translate("CLI", "attention heads")),
                       ("--seq", translate("CLI", "sequence length in tokens")),
                       ("--vocab", translate("CLI", "vocabulary size")),
                       ("--global-batch", translate("CLI", "sequences per step"))):
        p.add_argument(name, required=True, type=positive_int, help=what)
    p.add_argument("--kv-heads", type=positive_int, help=translate("CLI", "key/value heads (default: --heads)"))
    p.add_argument("--ffn", type=positive_int, help=translate("CLI", "MLP hidden size (default: 4 x hidden)"))
    p.add_argument("--gated-mlp", action="store_true", help=translate("CLI", "SwiGLU-style MLP, as in LLaMA"))
    p.add_argument("--micro-batch", type=positive_int, default=1, help=translate("CLI", "sequences per micro-batch"))
    for name in ("--tp", "--pp", "--ep", "--vpp"):
        p.add_argument(name, type=positive_int, default=1, help=translate("CLI", "parallel degree (default 1)"))
    p.add_argument("--dp", type=positive_int, help=translate("CLI", "data-parallel degree (default: gpus / (tp x pp))"))
    p.add_argument("--zero", choices=ZERO_STAGES, default="1", help=translate("CLI", "ZeRO stage (default 1)"))
    p.add_argument("--precision", choices=tuple(str(x) for x in Precision), default=str(Precision.BF16))
    p.add_argument("--recompute", choices=tuple(str(x) for x in Recompute), default=str(Recompute.SELECTIVE))
    p.add_argument("--moe-experts", type=int, default=0,
                   help=translate("CLI", "experts per MoE layer (default 0: dense)"))
    p.add_argument("--moe-topk", type=int, default=0, help=translate("CLI", "experts each token uses"))
    add_moe_load_arguments(p)
    p.add_argument("--train-tokens", type=float, default=DEFAULT_TRAIN_TOKENS,
                   help=translate("CLI", "tokens to train on, for the days to train (default 1e12)"))
    p.add_argument("--json", action="store_true", help=translate("CLI", "print TrainingEstimate.to_json()"))
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from planner_gui.engine import (
        clean_json,
        comm_model_from_profile,
        estimate_training,
        gpu_facts_from_catalog,
        profile_from_catalog,
    )

    catalog = catalog_for_cli()
    gpu_id, per_node, server = resolve_gpu(catalog, args.gpu, args.gpus_per_node)
    workload = workload_from_args(args)
    nodes = -(-args.gpus // per_node)
    nic_id, nics = args.nic, args.nics_per_node
    if nic_id is None and nodes > 1:
        if server is None:
            raise CliError(translate("CLI", "--nic: no catalog server carries {gpu}, so there is no default NIC; "
                                            "give --nic").format(gpu=gpu_id))
        nic_id, nics = server["default_nic_id"], nics or server["compute_nic_slots"]
    if nic_id is not None:
        _require(catalog, nic_id, "nic", "--nic")
    profile = profile_from_catalog(catalog, gpu_id, per_node, nodes, nic_id, nics)
    gpu = gpu_facts_from_catalog(catalog, gpu_id)
    estimate = estimate_training(workload, gpu, comm_model_from_profile(profile), gpus=args.gpus,
                                 gpus_per_node=per_node)
    if args.json:
        print_json(clean_json(estimate.to_json()))
        return 0
    print("\n".join(report(estimate, workload, gpu.name, per_node, profile)))
    return 0


def resolve_gpu(catalog: Catalog, gpu_or_server: str, per_node: int | None
                ) -> tuple[str, int, CatalogEntry | None]:
    """(GPU id, GPUs per node, the server they sit in) for ``--gpu`` and ``--gpus-per-node``."""
    entry = _require(catalog, gpu_or_server, None, "--gpu")
    if entry.kind == "server":
        count = int(entry["gpu_count"])
        if per_node is not None and per_node > count:
            raise CliError(translate("CLI", "--gpus-per-node {per_node}: server {server} carries {count} GPUs").format(
                per_node=per_node, server=entry.id, count=count))
        return str(entry["gpu_id"]), per_node or count, entry
    if entry.kind != "gpu":
        raise CliError(translate("CLI", "--gpu: {id!r} is a {kind}, not a GPU or a server; pick a GPU model").format(
            id=entry.id, kind=entry.kind))
    largest = max((s["gpu_count"] for s in catalog.of_kind("server") if s["gpu_id"] == entry.id),
                  default=DEFAULT_GPUS_PER_NODE)
    per_node = per_node or int(largest)
    return entry.id, per_node, server_for(catalog, entry, per_node)


def add_moe_load_arguments(p: argparse.ArgumentParser) -> None:
    """The MoE routing load (docs/models/training.md): Megatron-Core's capacity factor, or the dropless
    router's measured imbalance."""
    p.add_argument("--moe-capacity-factor", type=float, metavar="C",
                   help=translate("CLI", "MoE experts padded to C x their balanced share of tokens, e.g. 1.25 "
                                         "(Megatron --moe-expert-capacity-factor; default: dropless routing)"))
    p.add_argument("--moe-imbalance", type=float, default=1.0, metavar="R",
                   help=translate("CLI", "dropless MoE routing: the busiest expert rank's tokens over the mean "
                                         "(default 1: balanced)"))


def check_moe_load_args(args: argparse.Namespace, is_moe: bool) -> None:
    """One readable line for a routing load out of range, or given for a dense model."""
    from planner_gui.engine import check_moe_load

    given = args.moe_capacity_factor is not None or args.moe_imbalance != 1.0
    if given and not is_moe:
        raise CliError(translate("CLI", "--moe-capacity-factor and --moe-imbalance apply to MoE models only; give "
                                        "--moe-experts and --moe-topk, or leave them out"))
    check_moe_load(args.moe_capacity_factor, args.moe_imbalance, ("--moe-capacity-factor", "--moe-imbalance"))


def workload_from_args(args: argparse.Namespace) -> Workload:
    """The Workload the options describe; dp defaults to gpus / (tp·pp)."""
    dp = args.dp
    if dp is None:
        if args.gpus % (args.tp * args.pp):
            raise CliError(translate("CLI", "--gpus {gpus} is not a multiple of tp x pp = {product}; change --gpus, "
                                            "--tp or --pp").format(gpus=args.gpus, product=args.tp * args.pp))
        dp = args.gpus // (args.tp * args.pp)
    elif args.ep == 1 and args.tp * args.pp * dp != args.gpus:
        raise CliError(translate("CLI", "tp x pp x dp = {tp} x {pp} x {dp} = {product}, not --gpus {gpus}; make them "
                                        "equal (or leave out --dp)").format(
            tp=args.tp, pp=args.pp, dp=dp, product=args.tp * args.pp * dp, gpus=args.gpus))
    if args.moe_experts < 0 or args.moe_topk < 0 or args.moe_topk > args.moe_experts:
        raise CliError(translate("CLI", "--moe-topk {topk} must be from 0 to --moe-experts {experts}").format(
            topk=args.moe_topk, experts=args.moe_experts))
    check_moe_load_args(args, args.moe_experts > 0)
    return Workload(
        model_name="custom", layers=args.layers, hidden=args.hidden, heads=args.heads, kv_heads=args.kv_heads,
        ffn_hidden=args.ffn, gated_mlp=args.gated_mlp, vocab=args.vocab, seq_len=args.seq,
        global_batch=args.global_batch, micro_batch=args.micro_batch, precision=Precision(args.precision),
        tp=args.tp, pp=args.pp, dp=dp, ep=args.ep, vpp=args.vpp, zero_stage=int(args.zero),
        recompute=Recompute(args.recompute), moe_experts=args.moe_experts, moe_topk=args.moe_topk,
        moe_capacity_factor=args.moe_capacity_factor, moe_imbalance=args.moe_imbalance, train_tokens=args.train_tokens,
    )


def _require(catalog: Catalog, catalog_id: str, kind: str | None, option: str) -> CatalogEntry:
    try:
        return catalog.require(catalog_id, kind)
    except KeyError as error:
        raise CliError(f"{option}: {text(error.args[0])}") from None


def report(est: Any, w: Workload, gpu_name: str, per_node: int, profile: Any) -> list[str]:
    network = (translate("CLI", "{count} x {gbps:g} Gb/s {technology} per node").format(
                   count=profile.nics_per_node, gbps=profile.nic_gbps,
                   technology=words.technology_word(profile.technology))
               if profile.nodes > 1 else translate("CLI", "one node"))
    fits = translate("CLI", "fits") if est.fits else translate("CLI", "does NOT fit")
    return [
        translate("CLI", "{gpus} x {gpu} ({per_node} per node, {network})").format(
            gpus=est.gpus, gpu=gpu_name, per_node=per_node, network=network),
        translate("CLI", "layout: tp {tp}, pp {pp}, dp {dp}, ep {ep}, vpp {vpp}; ZeRO {zero}; {precision}; "
                         "{recompute} recompute").format(tp=w.tp, pp=w.pp, dp=w.dp, ep=w.ep, vpp=w.vpp,
                                                         zero=w.zero_stage, precision=w.precision,
                                                         recompute=w.recompute),
        _line(translate("CLI", "step time"), f"{est.step_time_s:,.3f} s"),
        _line(translate("CLI", "tokens/s"), f"{est.tokens_per_s:,.0f}"),
        _line(translate("CLI", "TFLOP/s per GPU"), translate("CLI", "{model} model, {hardware} hardware").format(
            model=f"{est.tflops_per_gpu_model:,.1f}", hardware=f"{est.tflops_per_gpu_hardware:,.1f}")),
        _line("MFU / HFU", f"{est.mfu * PERCENT:.1f} % / {est.hfu * PERCENT:.1f} %"),
        _line(translate("CLI", "memory per GPU"), translate("CLI", "{used} of {capacity} GB: {fits}").format(
            used=f"{est.memory_per_gpu_gb:,.1f}", capacity=f"{est.memory.capacity_gb:,.0f}", fits=fits)),
        _line(translate("CLI", "dominant part"), words.step_part(est.dominant)),
        _line(translate("CLI", "days to train"), translate("CLI", "{days} ({tokens} tokens)").format(
            days=f"{est.days_to_train:,.1f}", tokens=f"{w.train_tokens:.3g}")),
    ]


def _line(label: str, value: str) -> str:
    """A result line: the label padded to one column (by display width: Chinese labels are wide)."""
    return pad(label, LABEL_WIDTH) + " " + value
