"""``cluster-planner predict``: what nccl-tests would report for one collective on catalog hardware.

The fabric is the healthy default the collective model assumes for catalog parts (one switch hop,
non-blocking, rail-optimized); ``--gdr`` and ``--sharp`` switch GPUDirect RDMA and in-network
reduction. ``--bytes`` is nccl-tests' ``size`` (the whole buffer): 8, 1K, 64M, 1G with K, M, G
meaning 2^10, 2^20, 2^30. The engine is imported only when the command runs, so the CLI starts fast.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
from typing import Any

from planner_gui.catalog import Catalog, CatalogEntry
from planner_gui.cli import CliError
from planner_gui.commands.common import catalog_for_cli, print_json

UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30}  # binary units, as nccl-tests' -b/-e flags
BYTES_PATTERN = re.compile(r"^\s*(\d+)\s*([KMG]?)\s*$", re.IGNORECASE)
MAX_BYTES = 2**40  # 1 TiB: beyond any GPU's memory (largest catalog GPU, B200: 180 GB, hardware_catalog.csv)
ON_OFF = ("on", "off")
SMALL_BANDWIDTH_GBPS = 0.1  # below this, two decimals print 0.00 (latency-bound sizes)


def positive_int(text: str) -> int:
    """argparse type: a whole number >= 1, with a message argparse turns into one line."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def byte_sizes(text: str) -> list[int]:
    """argparse type: ``8,1K,64M,1G`` -> [8, 1024, 67108864, 1073741824]."""
    sizes = []
    for part in text.split(","):
        match = BYTES_PATTERN.match(part)
        if match is None:
            raise argparse.ArgumentTypeError(f"{part.strip()!r} is not a size; use a whole number of bytes "
                                             "with an optional K, M or G (powers of two), e.g. 8,1K,64M,1G")
        value = int(match.group(1)) * UNITS[match.group(2).upper()]
        if not 1 <= value <= MAX_BYTES:
            raise argparse.ArgumentTypeError(f"{part.strip()!r}: give 1 byte to 1024G")
        sizes.append(value)
    return sizes


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("predict", help="predict NCCL collective time and bus bandwidth")
    parser.add_argument("--gpu", required=True, help="GPU catalog id, e.g. h100-sxm5-80gb")
    parser.add_argument("--gpus-per-node", required=True, type=positive_int, help="GPUs per server")
    parser.add_argument("--nodes", required=True, type=positive_int, help="servers")
    parser.add_argument("--nic", help="compute NIC catalog id (default: a catalog server's with this GPU)")
    parser.add_argument("--nics-per-node", type=positive_int,
                        help="compute NICs per server (default: one per GPU with --nic, else the server's)")
    parser.add_argument("--op", default="allreduce", help="allreduce (default), allgather, reducescatter, "
                        "broadcast, reduce, alltoall or sendrecv")
    parser.add_argument("--bytes", type=byte_sizes, help="sizes, e.g. 8,1K,64M,1G (default: 8 to 16G)")
    parser.add_argument("--algo", default="auto",
                        help="auto (default: NCCL's choice), ring, tree, nvls, nvlstree, collnet or pat")
    parser.add_argument("--gdr", choices=ON_OFF, help="GPUDirect RDMA (default: on when the NIC has RDMA)")
    parser.add_argument("--sharp", choices=ON_OFF, help="InfiniBand SHARP in-network reduction (default off)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from planner_gui.engine.collectives import DEFAULT_SIZES, curve

    catalog = catalog_for_cli()
    _check_choice("--op", args.op, _ops())
    _check_choice("--algo", args.algo, ("auto", *_algos()))
    profile, nic_note = build_profile(catalog, args)
    results = curve(profile, args.op, args.bytes or list(DEFAULT_SIZES), algo=args.algo)
    if args.json:
        print_json({"profile": dataclasses.asdict(profile), "results": [_result_json(r) for r in results]})
        return 0
    print(describe(profile, args.op, args.algo) + nic_note)
    print(f"{'size':>10} {'time us':>12} {'algbw GB/s':>11} {'busbw GB/s':>11}  {'algorithm':<18} bottleneck")
    for r in results:
        print(f"{size_label(r.bytes):>10} {r.time_us:>12,.2f} {bandwidth(r.algbw_GBps):>11} "
              f"{bandwidth(r.busbw_GBps):>11}  {r.algorithm + '/' + r.protocol:<18} {r.bottleneck}")
    return 0


def _ops() -> tuple[str, ...]:
    from planner_gui.engine.collectives import OPS

    return tuple(OPS)


def _algos() -> tuple[str, ...]:
    from planner_gui.engine.collectives import ALGOS

    return tuple(ALGOS)


def _check_choice(option: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise CliError(f"argument {option}: invalid choice: {value!r} (choose from {', '.join(choices)})")


def build_profile(catalog: Catalog, args: argparse.Namespace) -> tuple[Any, str]:
    """The FabricProfile the options describe, and a note naming any NIC chosen by default."""
    from planner_gui.engine.collectives import profile_from_catalog

    gpu = _require(catalog, args.gpu, "gpu", "--gpu")
    server = server_for(catalog, gpu, args.gpus_per_node)
    nic_id, nics, note = args.nic, args.nics_per_node, ""
    if nic_id is None and (args.nodes > 1 or nics is not None):
        if server is None:
            raise CliError(f"--nic: no catalog server carries {gpu.id}, so there is no default NIC; "
                           "give --nic (e.g. ib-ndr-400)")
        nic_id, nics = server["default_nic_id"], nics or server["compute_nic_slots"]
        note = f" (NIC from catalog server {server.id})"
    overrides: dict[str, Any] = {}
    if nic_id is not None:
        nic = _require(catalog, nic_id, "nic", "--nic")
        overrides.update(_feature_overrides(catalog, nic, args))
    elif args.gdr == "on" or args.sharp == "on":
        raise CliError("--gdr/--sharp need a network: give --nodes above 1 or --nic")
    profile = profile_from_catalog(catalog, gpu.id, args.gpus_per_node, args.nodes, nic_id, nics, **overrides)
    return profile, note


def server_for(catalog: Catalog, gpu: CatalogEntry, gpus_per_node: int) -> CatalogEntry | None:
    """The first catalog server with this GPU and room for ``gpus_per_node``; an error if none has room."""
    servers = [s for s in catalog.of_kind("server") if s["gpu_id"] == gpu.id]
    if not servers:
        return None
    fitting = [s for s in servers if s["gpu_count"] >= gpus_per_node]
    if not fitting:
        biggest = max(servers, key=lambda s: s["gpu_count"])
        most = biggest["gpu_count"]
        raise CliError(f"--gpus-per-node {gpus_per_node}: no catalog server carries more than {most} x "
                       f"{gpu.id} (e.g. {biggest.id}); use at most {most}")
    return min(fitting, key=lambda s: (s["gpu_count"], s.id))


def _feature_overrides(catalog: Catalog, nic: CatalogEntry, args: argparse.Namespace) -> dict[str, Any]:
    overrides: dict[str, Any] = {}
    if args.gdr is not None:
        if args.gdr == "on" and not nic.get("rdma", True):
            raise CliError(f"--gdr on: NIC {nic.id} has no RDMA, so GPUDirect RDMA is impossible")
        overrides["gdr"] = args.gdr == "on"
    if args.sharp == "on":
        switch = catalog.get(nic.get("default_switch_id", ""))
        if switch is None or not switch.get("sharp", False):
            name = switch.id if switch is not None else "none"
            raise CliError(f"--sharp on: the NIC's switch ({name}) has no SHARP; pick an InfiniBand NIC "
                           "whose default switch supports it (e.g. ib-ndr-400)")
        overrides["sharp"] = True
    elif args.sharp == "off":
        overrides["sharp"] = False
    return overrides


def _require(catalog: Catalog, catalog_id: str, kind: str, option: str) -> CatalogEntry:
    try:
        return catalog.require(catalog_id, kind)
    except KeyError as error:
        raise CliError(f"{option}: {error.args[0]}") from None


def describe(profile: Any, op: str, algo: str) -> str:
    nics = (f"{profile.nics_per_node} x {profile.nic_gbps:g} Gb/s {profile.technology} NICs per node"
            if profile.nics_per_node else "no NICs")
    features = f"GDR {'on' if profile.gdr else 'off'}, SHARP {'on' if profile.sharp else 'off'}"
    return (f"{op} on {profile.nodes} x {profile.gpus_per_node} {profile.gpu_name} ({profile.intra}), "
            f"{nics}, {features}, algorithm {algo}")


def bandwidth(gbps: float) -> str:
    """GB/s with two decimals, or three significant digits where that would print 0.00."""
    return f"{gbps:.2f}" if gbps >= SMALL_BANDWIDTH_GBPS else f"{gbps:.3g}"


def size_label(nbytes: int) -> str:
    for unit, scale in (("G", 2**30), ("M", 2**20), ("K", 2**10)):
        if nbytes >= scale and nbytes % scale == 0:
            return f"{nbytes // scale}{unit}"
    return str(nbytes)


def _result_json(r: Any) -> dict[str, Any]:
    return {"op": r.op, "bytes": r.bytes, "time_us": r.time_us, "algbw_GBps": r.algbw_GBps,
            "busbw_GBps": r.busbw_GBps, "algorithm": r.algorithm, "protocol": r.protocol,
            "bottleneck": r.bottleneck}
