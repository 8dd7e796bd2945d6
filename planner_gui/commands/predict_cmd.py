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
import sys
from typing import Any

from planner_gui.catalog import Catalog, CatalogEntry
from planner_gui.commands import counts
from planner_gui.commands import engine_words as words
from planner_gui.commands.columns import pad
from planner_gui.commands.common import catalog_for_cli, print_json
from planner_gui.commands.errors import CliError
from planner_gui.commands.language import text, translate
from planner_gui.present import size_flag

UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30}  # binary units, as nccl-tests' -b/-e flags
BYTES_PATTERN = re.compile(r"^\s*(\d+)\s*([KMG]?)\s*$", re.IGNORECASE)
MAX_BYTES = 2**40  # 1 TiB: beyond any GPU's memory (largest catalog GPU, B200: 180 GB, resources/catalog)
ON_OFF = ("on", "off")
SMALL_BANDWIDTH_GBPS = 0.1  # below this, two decimals print 0.00 (latency-bound sizes)


def positive_int(text: str) -> int:
    """argparse type: a whole number >= 1, with a message argparse turns into one line."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(translate("CLI", "invalid whole number: {text!r}").format(text=text)) from None
    if value < 1:
        raise argparse.ArgumentTypeError(translate("CLI", "{value} must be at least 1").format(value=value))
    return value


def byte_sizes(text: str) -> list[int]:
    """argparse type: ``8,1K,64M,1G`` -> [8, 1024, 67108864, 1073741824]."""
    sizes = []
    for part in text.split(","):
        match = BYTES_PATTERN.match(part)
        if match is None:
            raise argparse.ArgumentTypeError(translate(
                "CLI", "{part!r} is not a size; use a whole number of bytes with an optional K, M or G (powers of "
                       "two), e.g. 8,1K,64M,1G").format(part=part.strip()))
        value = int(match.group(1)) * UNITS[match.group(2).upper()]
        if not 1 <= value <= MAX_BYTES:
            raise argparse.ArgumentTypeError(
                translate("CLI", "{part!r}: give 1 byte to 1024G").format(part=part.strip()))
        sizes.append(value)
    return sizes


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("predict", help=translate("CLI", "predict NCCL collective time and bus bandwidth"))
    parser.add_argument("--gpu", required=True, help=translate("CLI", "GPU catalog id, e.g. h100-sxm5-80gb"))
    parser.add_argument("--gpus-per-node", required=True, type=positive_int, help=translate("CLI", "GPUs per server"))
    parser.add_argument("--nodes", required=True, type=positive_int,
                        help=translate("CLI", "servers (for a rack-scale system, its compute trays: 18 per NVL72 "
                                              "rack)"))
    parser.add_argument("--nvlink-domain", type=positive_int, metavar="G",
                        help=translate("CLI", "GPUs sharing one NVLink domain across servers (default: the GPUs "
                                              "per server; 72 for an NVL72 rack)"))
    parser.add_argument("--nic", help=translate("CLI", "compute NIC catalog id (default: a catalog server's with "
                                                       "this GPU)"))
    parser.add_argument("--nics-per-node", type=positive_int,
                        help=translate("CLI", "compute NICs per server (default: one per GPU with --nic, else the "
                                              "server's)"))
    parser.add_argument("--op", default="allreduce",
                        help=translate("CLI", "allreduce (default), allgather, reducescatter, broadcast, reduce, "
                                              "alltoall or sendrecv"))
    parser.add_argument("--bytes", type=byte_sizes,
                        help=translate("CLI", "sizes, e.g. 8,1K,64M,1G (default: 8 to 16G)"))
    parser.add_argument("--algo", default="auto",
                        help=translate("CLI", "auto (default: NCCL's choice), ring, tree, nvls, nvlstree, collnet "
                                              "or pat"))
    parser.add_argument("--gdr", choices=ON_OFF,
                        help=translate("CLI", "GPUDirect RDMA (default: on when the NIC has RDMA)"))
    parser.add_argument("--sharp", choices=ON_OFF,
                        help=translate("CLI", "InfiniBand SHARP in-network reduction (default off)"))
    parser.add_argument("--json", action="store_true", help=translate("CLI", "print the results as JSON"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from planner_gui.engine import DEFAULT_SIZES, curve

    catalog = catalog_for_cli()
    _check_choice("--op", args.op, _ops())
    _check_choice("--algo", args.algo, ("auto", *_algos()))
    profile, nic_server = build_profile(catalog, args)
    results = curve(profile, args.op, args.bytes or list(DEFAULT_SIZES), algo=args.algo)
    if args.json:
        print_json({"profile": dataclasses.asdict(profile), "results": [_result_json(r) for r in results]})
        return 0
    description = describe(profile, args.op, args.algo)
    print(translate("CLI", "{description} (NIC from catalog server {server})").format(
        description=description, server=nic_server) if nic_server else description)
    print(" ".join((pad(translate("CLI", "size"), 10, ">"), pad(translate("CLI", "time us"), 12, ">"),
                    pad(translate("CLI", "algbw GB/s"), 11, ">"), pad(translate("CLI", "busbw GB/s"), 11, ">")))
          + "  " + pad(translate("CLI", "algorithm"), 18) + " " + translate("CLI", "bottleneck"))
    for r in results:
        print(f"{size_flag(r.bytes):>10} {r.time_us:>12,.2f} {bandwidth(r.algbw_GBps):>11} "
              f"{bandwidth(r.busbw_GBps):>11}  {r.algorithm + '/' + r.protocol:<18} {words.bottleneck(r.bottleneck)}")
    return 0


def _ops() -> tuple[str, ...]:
    from planner_gui.engine import OPS

    return tuple(OPS)


def _algos() -> tuple[str, ...]:
    from planner_gui.engine import ALGOS

    return tuple(ALGOS)


def _check_choice(option: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise CliError(translate("CLI", "argument {option}: invalid choice: {value!r} (choose from {choices})").format(
            option=option, value=value, choices=", ".join(choices)))


def build_profile(catalog: Catalog, args: argparse.Namespace) -> tuple[Any, str]:
    """The FabricProfile the options describe, and the catalog server whose NIC was chosen by default ("")."""
    from planner_gui.engine import profile_from_catalog

    gpu = _require(catalog, args.gpu, "gpu", "--gpu")
    server = server_for(catalog, gpu, args.gpus_per_node)
    nic_id, nics, nic_server = args.nic, args.nics_per_node, ""
    if nic_id is None and (args.nodes > 1 or nics is not None):
        if server is None:
            raise CliError(translate("CLI", "--nic: no catalog server carries {gpu}, so there is no default NIC; "
                                            "give --nic (e.g. ib-ndr-400)").format(gpu=gpu.id))
        nic_id, nics = server["default_nic_id"], nics or server["compute_nic_slots"]
        nic_server = server.id
    overrides: dict[str, Any] = {}
    if nic_id is not None:
        nic = _require(catalog, nic_id, "nic", "--nic")
        overrides.update(_feature_overrides(catalog, nic, args))
        if server is not None and not server.get("gpudirect_rdma", True):  # GeForce (the catalog's gpudirect_rdma)
            if args.gdr == "on":
                raise CliError(translate("CLI", "--gdr on: {gpu} GPUs have no GPUDirect RDMA (catalog server "
                                                "{server}); NCCL stages their network traffic through host "
                                                "memory").format(gpu=gpu.id, server=server.id))
            overrides["gdr"] = False
    elif args.sharp == "on":
        raise CliError(translate("CLI", "--sharp needs a network: give --nodes above 1 or --nic"))
    elif args.gdr == "on":  # a node-count sweep passes the same options at 1 node: accept it, say it is moot
        print(translate("CLI", "note: --gdr on is ignored on one node without --nic: GPUDirect RDMA only matters "
                               "between nodes"), file=sys.stderr)
    try:
        profile = profile_from_catalog(catalog, gpu.id, args.gpus_per_node, args.nodes, nic_id, nics,
                                       nvlink_domain=args.nvlink_domain, **overrides)
    except ValueError as error:
        if args.nvlink_domain is None:
            raise
        raise _option_error("--nvlink-domain", error) from None
    return profile, nic_server


def _option_error(option: str, error: ValueError) -> CliError:
    return CliError(f"{option}: {text(error.args[0])}")


CLOUD_TRANSPORTS = ("efa", "tcpx", "tcpxo")  # catalog/schema.py FABRIC_TRANSPORTS of cloud instances


def server_for(catalog: Catalog, gpu: CatalogEntry, gpus_per_node: int) -> CatalogEntry | None:
    """The first catalog server with this GPU and room for ``gpus_per_node``; an error if none has room."""
    servers = [s for s in catalog.of_kind("server") if s["gpu_id"] == gpu.id]
    if not servers:
        return None
    fitting = [s for s in servers if s["gpu_count"] >= gpus_per_node]
    if not fitting:
        biggest = max(servers, key=lambda s: s["gpu_count"])
        most = biggest["gpu_count"]
        raise CliError(translate("CLI", "--gpus-per-node {count}: no catalog server carries more than {most} x {gpu} "
                                        "(e.g. {server}); use at most {most}").format(
            count=gpus_per_node, most=most, gpu=gpu.id, server=biggest.id))
    # a cloud instance (its fabric_transport is a provider's plugin) is never the default host of a GPU
    return min(fitting, key=lambda s: (s["gpu_count"], s.get("fabric_transport") in CLOUD_TRANSPORTS, s.id))


def _feature_overrides(catalog: Catalog, nic: CatalogEntry, args: argparse.Namespace) -> dict[str, Any]:
    overrides: dict[str, Any] = {}
    if args.gdr is not None:
        if args.gdr == "on" and not nic.get("rdma", True):
            raise CliError(translate("CLI", "--gdr on: NIC {nic} has no RDMA, so GPUDirect RDMA is impossible").format(
                nic=nic.id))
        overrides["gdr"] = args.gdr == "on"
    if args.sharp == "on":
        switch = catalog.get(nic.get("default_switch_id", ""))
        if switch is None or not switch.get("sharp", False):
            name = switch.id if switch is not None else translate("CLI", "none")
            raise CliError(translate("CLI", "--sharp on: the NIC's switch ({switch}) has no SHARP; pick an InfiniBand "
                                            "NIC whose default switch supports it (e.g. ib-ndr-400)").format(
                switch=name))
        overrides["sharp"] = True
    elif args.sharp == "off":
        overrides["sharp"] = False
    return overrides


def _require(catalog: Catalog, catalog_id: str, kind: str, option: str) -> CatalogEntry:
    try:
        return catalog.require(catalog_id, kind)
    except KeyError as error:
        raise CliError(f"{option}: {text(error.args[0])}") from None


def describe(profile: Any, op: str, algo: str) -> str:
    nics = (translate("CLI", "{nics} per node").format(
                nics=counts.nics(profile.nics_per_node, profile.nic_gbps, words.technology_word(profile.technology)))
            if profile.nics_per_node else translate("CLI", "no NICs"))
    on, off = translate("CLI", "on"), translate("CLI", "off")
    intra = profile.intra
    if profile.hosts_per_domain > 1:
        intra = translate("CLI", "{intra}; each node an NVLink domain of {gpus} GPUs on {hosts} servers").format(
            intra=intra, gpus=profile.gpus_per_node, hosts=profile.hosts_per_domain)
        nics = translate("CLI", "{nics} per NVLink domain").format(
            nics=counts.nics(profile.nics_per_node, profile.nic_gbps, words.technology_word(profile.technology)))
    return translate("CLI", "{op} on {nodes} x {per_node} {gpu} ({intra}), {nics}, GDR {gdr}, SHARP {sharp}, "
                            "algorithm {algo}").format(
        op=op, nodes=profile.nodes, per_node=profile.gpus_per_node, gpu=profile.gpu_name, intra=intra,
        nics=nics, gdr=on if profile.gdr else off, sharp=on if profile.sharp else off, algo=algo)


def bandwidth(gbps: float) -> str:
    """GB/s with two decimals, or three significant digits where that would print 0.00."""
    return f"{gbps:.2f}" if gbps >= SMALL_BANDWIDTH_GBPS else f"{gbps:.3g}"


def _result_json(r: Any) -> dict[str, Any]:
    return {"op": r.op, "bytes": r.bytes, "time_us": r.time_us, "algbw_GBps": r.algbw_GBps,
            "busbw_GBps": r.busbw_GBps, "algorithm": r.algorithm, "protocol": r.protocol,
            "bottleneck": r.bottleneck}
