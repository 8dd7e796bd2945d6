"""``cluster-planner estimate-training``: step time, throughput, MFU and memory of one training job.

The GPUs sit in servers of the catalog (``--gpu`` may name a GPU or a server) on a healthy
non-blocking fabric of the server's default NIC unless ``--nic`` says otherwise; collectives are
timed by the collective model (``comm_model_from_profile``). ``--dp`` defaults to gpus/(tp·pp).
"""

from __future__ import annotations

import argparse
from typing import Any

from planner_gui.catalog import Catalog, CatalogEntry
from planner_gui.cli import CliError
from planner_gui.commands.common import catalog_for_cli, print_json
from planner_gui.commands.predict_cmd import positive_int, server_for
from planner_gui.model import Precision, Recompute, Workload

DEFAULT_GPUS_PER_NODE = 8  # HGX/DGX baseboards carry 8 GPUs (hardware_catalog.csv), for a GPU no server has
ZERO_STAGES = ("0", "1", "2", "3")
PERCENT = 100.0
DEFAULT_TRAIN_TOKENS = Workload.__dataclass_fields__["train_tokens"].default  # the model's default (1e12)


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("estimate-training", help="estimate step time, tokens/s, MFU and memory of a job")
    p.add_argument("--gpu", required=True, help="GPU or server catalog id, e.g. h100-sxm5-80gb or dgx-h100")
    p.add_argument("--gpus", required=True, type=positive_int, help="GPUs in the job")
    p.add_argument("--gpus-per-node", type=positive_int, help="GPUs per server (default: the server's)")
    p.add_argument("--nic", help="compute NIC catalog id (default: the catalog server's)")
    p.add_argument("--nics-per-node", type=positive_int, help="compute NICs per server (default: server's)")
    for name, what in (("--layers", "transformer layers"), ("--hidden", "hidden size"),
                       ("--heads", "attention heads"), ("--seq", "sequence length in tokens"),
                       ("--vocab", "vocabulary size"), ("--global-batch", "sequences per step")):
        p.add_argument(name, required=True, type=positive_int, help=what)
    p.add_argument("--kv-heads", type=positive_int, help="key/value heads (default: --heads)")
    p.add_argument("--ffn", type=positive_int, help="MLP hidden size (default: 4 x hidden)")
    p.add_argument("--gated-mlp", action="store_true", help="SwiGLU-style MLP, as in LLaMA")
    p.add_argument("--micro-batch", type=positive_int, default=1, help="sequences per micro-batch")
    for name in ("--tp", "--pp", "--ep", "--vpp"):
        p.add_argument(name, type=positive_int, default=1, help="parallel degree (default 1)")
    p.add_argument("--dp", type=positive_int, help="data-parallel degree (default: gpus / (tp x pp))")
    p.add_argument("--zero", choices=ZERO_STAGES, default="1", help="ZeRO stage (default 1)")
    p.add_argument("--precision", choices=tuple(str(x) for x in Precision), default=str(Precision.BF16))
    p.add_argument("--recompute", choices=tuple(str(x) for x in Recompute), default=str(Recompute.SELECTIVE))
    p.add_argument("--moe-experts", type=int, default=0, help="experts per MoE layer (default 0: dense)")
    p.add_argument("--moe-topk", type=int, default=0, help="experts each token uses")
    p.add_argument("--train-tokens", type=float, default=DEFAULT_TRAIN_TOKENS,
                   help="tokens to train on, for the days to train (default 1e12)")
    p.add_argument("--json", action="store_true", help="print TrainingEstimate.to_json()")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from planner_gui.engine.analysis_results import clean_json
    from planner_gui.engine.collectives import profile_from_catalog
    from planner_gui.engine.training import comm_model_from_profile, estimate_training, gpu_facts_from_catalog

    catalog = catalog_for_cli()
    gpu_id, per_node, server = resolve_gpu(catalog, args.gpu, args.gpus_per_node)
    workload = workload_from_args(args)
    nodes = -(-args.gpus // per_node)
    nic_id, nics = args.nic, args.nics_per_node
    if nic_id is None and nodes > 1:
        if server is None:
            raise CliError(f"--nic: no catalog server carries {gpu_id}, so there is no default NIC; "
                           "give --nic")
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
            raise CliError(f"--gpus-per-node {per_node}: server {entry.id} carries {count} GPUs")
        return str(entry["gpu_id"]), per_node or count, entry
    if entry.kind != "gpu":
        raise CliError(f"--gpu: {entry.id!r} is a {entry.kind}, not a GPU or a server; pick a GPU model")
    largest = max((s["gpu_count"] for s in catalog.of_kind("server") if s["gpu_id"] == entry.id),
                  default=DEFAULT_GPUS_PER_NODE)
    per_node = per_node or int(largest)
    return entry.id, per_node, server_for(catalog, entry, per_node)


def workload_from_args(args: argparse.Namespace) -> Workload:
    """The Workload the options describe; dp defaults to gpus / (tp·pp)."""
    dp = args.dp
    if dp is None:
        if args.gpus % (args.tp * args.pp):
            raise CliError(f"--gpus {args.gpus} is not a multiple of tp x pp = {args.tp * args.pp}; change "
                           "--gpus, --tp or --pp")
        dp = args.gpus // (args.tp * args.pp)
    elif args.ep == 1 and args.tp * args.pp * dp != args.gpus:
        raise CliError(f"tp x pp x dp = {args.tp} x {args.pp} x {dp} = {args.tp * args.pp * dp}, not --gpus "
                       f"{args.gpus}; make them equal (or leave out --dp)")
    if args.moe_experts < 0 or args.moe_topk < 0 or args.moe_topk > args.moe_experts:
        raise CliError(f"--moe-topk {args.moe_topk} must be from 0 to --moe-experts {args.moe_experts}")
    return Workload(
        model_name="custom", layers=args.layers, hidden=args.hidden, heads=args.heads, kv_heads=args.kv_heads,
        ffn_hidden=args.ffn, gated_mlp=args.gated_mlp, vocab=args.vocab, seq_len=args.seq,
        global_batch=args.global_batch, micro_batch=args.micro_batch, precision=Precision(args.precision),
        tp=args.tp, pp=args.pp, dp=dp, ep=args.ep, vpp=args.vpp, zero_stage=int(args.zero),
        recompute=Recompute(args.recompute), moe_experts=args.moe_experts, moe_topk=args.moe_topk,
        train_tokens=args.train_tokens,
    )


def _require(catalog: Catalog, catalog_id: str, kind: str | None, option: str) -> CatalogEntry:
    try:
        return catalog.require(catalog_id, kind)
    except KeyError as error:
        raise CliError(f"{option}: {error.args[0]}") from None


def report(est: Any, w: Workload, gpu_name: str, per_node: int, profile: Any) -> list[str]:
    network = (f"{profile.nics_per_node} x {profile.nic_gbps:g} Gb/s {profile.technology} per node"
               if profile.nodes > 1 else "one node")
    return [
        f"{est.gpus} x {gpu_name} ({per_node} per node, {network})",
        f"layout: tp {w.tp}, pp {w.pp}, dp {w.dp}, ep {w.ep}, vpp {w.vpp}; ZeRO {w.zero_stage}; "
        f"{w.precision}; {w.recompute} recompute",
        f"step time            {est.step_time_s:,.3f} s",
        f"tokens/s             {est.tokens_per_s:,.0f}",
        f"TFLOP/s per GPU      {est.tflops_per_gpu_model:,.1f} model, "
        f"{est.tflops_per_gpu_hardware:,.1f} hardware",
        f"MFU / HFU            {est.mfu * PERCENT:.1f} % / {est.hfu * PERCENT:.1f} %",
        f"memory per GPU       {est.memory_per_gpu_gb:,.1f} of {est.memory.capacity_gb:,.0f} GB: "
        f"{'fits' if est.fits else 'does NOT fit'}",
        f"dominant part        {est.dominant}",
        f"days to train        {est.days_to_train:,.1f} ({w.train_tokens:.3g} tokens)",
    ]
