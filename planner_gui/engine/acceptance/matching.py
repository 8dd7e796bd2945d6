"""Is a nccl-tests log from the designed cluster at all? GPU model, scale and network checked before any
size is judged. No Qt.

A log from other hardware says nothing about the design: an H100 InfiniBand log measuring 355 GB/s
would "pass" against a 32 x A100 25 GbE design predicted at 3 GB/s. So the log's own header is read
(engine/acceptance/nccl_results.py): the GPU names of the "Using devices" lines, the rank and host
count, and NCCL_DEBUG=INFO's "Using network" and "NET/IB : Using [0]mlx5_0:1/IB" lines. Another GPU
model, more ranks, nodes or GPUs per node than the design has, or another network is a ``mismatch``;
NCCL falling back to TCP sockets where the design has RDMA is a misconfiguration, a ``fail``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from planner_gui.engine.acceptance.nccl_results import LogHeader, NcclRun
from planner_gui.engine.checks.base import Sentence
from planner_gui.engine.deploy.platform import IB, ROCE, SOCKET, Platform
from planner_gui.present import plural

# A GPU's model as both the catalog and nvidia-smi spell it: the first token of letters and digits with
# a digit ("H100" in "NVIDIA H100 80GB HBM3", "A100" in "A100-SXM4-80GB", "4090" in "GeForce RTX 4090").
# Memory sizes ("80GB") do not match: two letters follow the digits.
_GPU_MODEL = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{0,3}\d{1,4}[A-Za-z]?)(?![A-Za-z0-9])")
LINK_LAYERS = {IB: "IB", ROCE: "RoCE"}  # the suffix of each device in 'NET/IB : Using [0]mlx5_0:1/IB'
MISMATCH, FAIL = "mismatch", "fail"


@dataclass(frozen=True, slots=True)
class Expected:
    """What a log from the designed cluster shows."""

    gpu_name: str
    gpu_model: str  # gpu_model(gpu_name)
    ranks: int
    nodes: int
    gpus_per_node: int
    platform: Platform | None


def gpu_model(name: str) -> str:
    found = _GPU_MODEL.search(name or "")
    return found.group(1).upper() if found is not None else ""


def expected_of(profile: Any, platform: Platform | None) -> Expected:
    return Expected(profile.gpu_name, gpu_model(profile.gpu_name), profile.ranks, profile.nodes,
                    profile.gpus_per_node, platform)


def run_mismatch(run: NcclRun, expected: Expected) -> Sentence | None:
    """Why ``run`` was measured on other hardware or at another scale than the design, else None."""
    models = [m for m in run.gpu_models if gpu_model(m)]
    other = [m for m in models if gpu_model(m) != expected.gpu_model]
    if other and expected.gpu_model:
        return Sentence(f"measured on {other[0]}, but the design has {expected.gpu_name}: this log is from other "
                        "hardware; judge it against a design of that hardware", "mismatch.gpu",
                        measured=other[0], design=expected.gpu_name)
    ranks, nodes = run.ranks, run.nodes
    per_node = ranks // nodes if ranks and nodes and ranks % nodes == 0 else None
    if ranks is not None and (ranks > expected.ranks or (nodes or 0) > expected.nodes
                              or (per_node or 0) > expected.gpus_per_node):
        return Sentence(f"the log has {ranks} {plural(ranks, 'rank', 'ranks')} on {nodes or '?'} "
                        f"{plural(nodes or 0, 'node', 'nodes')}, more than the design's largest job "
                        f"({expected.ranks} GPUs on {expected.nodes} {plural(expected.nodes, 'node', 'nodes')}, "
                        f"{expected.gpus_per_node} per node)",
                        "mismatch.ranks", ranks=ranks, nodes=nodes or 0, design_ranks=expected.ranks,
                        design_nodes=expected.nodes, per_node=expected.gpus_per_node)
    return None


def network_finding(header: LogHeader, expected: Expected, nodes: int | None) -> tuple[str, Sentence] | None:
    """(verdict, why) when NCCL's own lines show another network than the design's, else None."""
    platform = expected.platform
    if platform is None or (nodes or 0) < 2:
        return None
    want = platform.network_name
    if not header.networks or want in header.networks:
        return _link_layer(header, platform)
    got = header.networks[0]
    if got == "Socket" and platform.transport != SOCKET:
        return FAIL, Sentence(f"NCCL fell back to TCP sockets ('Using network Socket') where the design runs "
                              f"{want}: check NCCL_NET, the network plugin on LD_LIBRARY_PATH and the RDMA "
                              "drivers, then rerun", "network.socket", want=want)
    return MISMATCH, Sentence(f"NCCL used the network '{got}', the design's is '{want}': this log is from another "
                              "platform", "mismatch.network", got=got, want=want)


def _link_layer(header: LogHeader, platform: Platform) -> tuple[str, Sentence] | None:
    want = LINK_LAYERS.get(platform.transport)
    layers = {device.rsplit("/", 1)[-1] for device in header.ib_devices if "/" in device}
    if want is None or not layers or want in layers:
        return None
    got = sorted(layers)[0]
    return MISMATCH, Sentence(f"the NICs NCCL used run {got}, the design's fabric is {want}: this log is from "
                              "another fabric", "mismatch.link", got=got, want=want)
