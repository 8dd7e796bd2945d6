"""Why a measured nccl-tests curve misses its prediction: the typical gaps, each tested against a
"what if" prediction of the collective model. No Qt.

A diagnosis compares the measured plateau (median busbw at >= 64 MiB) with the design's
prediction and with the prediction of the same run on a faulty variant of the fabric:

* ``rings-one-nic``: on several nodes, the plateau matches one NIC per node, not all of them;
* ``nvlink-down``: on one node, the plateau is far below NVLink and matches the PCIe path;
* ``tree-two-nodes``: on two nodes AllReduce busbw exceeds the NICs' line rate — NCCL ran Tree,
  whose busbw is not a wire rate (nccl-tests doc/PERFORMANCE.md, nccl-tests#22/#196). Not a fault;
* ``small-latency``: small messages take far longer than predicted (GPUDirect RDMA off, proxy or
  CPU overhead);
* ``data-errors`` (#wrong > 0), ``bandwidth-low`` (a miss none of the above explains),
  ``partial-run`` (the run covers part of the design). A run with more GPUs than the design is not
  diagnosed: it is a ``mismatch`` and never judged (matching.run_mismatch).

As with the engine's checks (engine/checks/base.py), each English sentence here (what ``accept --json``
prints) also carries its message key and raw numbers: a :class:`Diagnosis` in ``key``/``params``, a
verdict sentence as a ``checks_base.Sentence``, so report/content/acceptance_messages.py can say it in Chinese.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from planner_gui.engine.acceptance.nccl_results import NcclRun
from planner_gui.engine.acceptance.plan import BANDWIDTH_BOUND_BYTES, MEDIUM_BYTES, SMALL_TIME_FACTOR
from planner_gui.engine.checks.base import KeyedMessage, params
from planner_gui.engine.collectives import FabricProfile, predict
from planner_gui.present import plural

# A "what if" prediction explains a measurement when they agree within this factor either way:
# wider than the model's calibration spread (docs/models/collectives.md: plateaus within ~10-20 %), far
# narrower than the gaps the faults make (one NIC of eight: ~8x; PCIe instead of NVSwitch: ~10x).
HYPOTHESIS_MATCH = 1.35
# One node below this share of the NVLink prediction is "far below" (the pass line is 90 %).
NVLINK_FAR_BELOW = 0.5
BITS_PER_BYTE = 8.0
REDUCING_RING_OPS = ("allreduce", "allgather", "reducescatter")  # ops whose rings spread over all NICs
ERROR, WARNING, INFO = "error", "warning", "info"


@dataclass(frozen=True, slots=True)
class Diagnosis(KeyedMessage):
    code: str
    severity: str  # error, warning or info
    message: str  # what was seen, with the numbers
    fix: str  # what to check or change
    key: str = ""  # KeyedMessage
    params: tuple[tuple[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "severity": self.severity, "message": self.message, "fix": self.fix}


class _Size(Protocol):
    """The fields of acceptance_check.SizeVerdict a diagnosis reads."""

    bytes: int
    measured_time_us: float
    measured_busbw_gbs: float
    predicted_time_us: float
    predicted_busbw_gbs: float
    wrong: int
    passed: bool


def diagnose(run: NcclRun, op: str, profile: FabricProfile, design: FabricProfile,
             sizes: Sequence[_Size]) -> list[Diagnosis]:
    """Every diagnosis that applies to one judged run."""
    found: list[Diagnosis] = []
    for rule in _RULES:
        result = rule(run, op, profile, sizes)
        if result is not None:
            found.append(result)
    explained = any(d.code in ("rings-one-nic", "nvlink-down") for d in found)
    low = _bandwidth_low(op, sizes) if not explained else None
    if low is not None:
        found.append(low)
    partial = _partial_run(profile, design)
    if partial is not None:
        found.append(partial)
    return found


def _large(sizes: Sequence[_Size]) -> list[_Size]:
    return [s for s in sizes if s.bytes >= BANDWIDTH_BOUND_BYTES]


def plateau(sizes: Sequence[_Size]) -> float | None:
    """Median measured busbw over the bandwidth-bound sizes (None without any)."""
    large = _large(sizes)
    return statistics.median(s.measured_busbw_gbs for s in large) if large else None


def hypothesis_plateau(profile: FabricProfile, op: str, sizes: Sequence[_Size]) -> float:
    """Median predicted busbw of ``profile`` at the run's bandwidth-bound sizes."""
    return statistics.median(predict(profile, op, s.bytes).busbw_GBps for s in _large(sizes))


def _matches(measured: float, predicted: float) -> bool:
    return predicted > 0.0 and abs(math.log(measured / predicted)) <= math.log(HYPOTHESIS_MATCH)


def _data_errors(run: NcclRun, op: str, profile: FabricProfile, sizes: Sequence[_Size]) -> Diagnosis | None:
    bad = [s for s in sizes if s.wrong > 0]
    if not bad:
        return None
    return Diagnosis("data-errors", ERROR,
                     f"{len(bad)} {plural(len(bad), 'size', 'sizes')} returned wrong data (#wrong > 0), first at "
                     f"{bad[0].bytes} B: the "
                     "results are corrupted, whatever the bandwidth",
                     "Find the faulty part: look for GPU Xid errors in dmesg, NVLink errors (nvidia-smi "
                     "nvlink -e) and NIC symbol errors (ibdiagnet / ethtool -S); rerun on subsets of nodes "
                     "to isolate it.",
                     params=params(sizes=len(bad), first_bytes=bad[0].bytes))


def _one_nic(run: NcclRun, op: str, profile: FabricProfile, sizes: Sequence[_Size]) -> Diagnosis | None:
    measured = plateau(sizes)
    if measured is None or profile.nodes < 2 or profile.nics_per_node < 2 or op not in REDUCING_RING_OPS:
        return None
    if all(s.passed for s in _large(sizes)):
        return None
    one = hypothesis_plateau(replace(profile, nics_per_node=1), op, sizes)
    if not _matches(measured, one):
        return None
    full = hypothesis_plateau(profile, op, sizes)
    return Diagnosis("rings-one-nic", WARNING,
                     f"busbw at large sizes is {measured:.1f} GB/s, about what one NIC per node carries "
                     f"({one:.1f} GB/s predicted with 1 NIC, {full:.1f} GB/s with all "
                     f"{profile.nics_per_node}): NCCL's rings are not using all NICs",
                     "Check that NCCL_IB_HCA (or NCCL_SOCKET_IFNAME) lists every compute NIC, that each NIC "
                     "is up at full speed (ibstat / ethtool), and that every GPU has a NIC under its PCIe "
                     "switch (nvidia-smi topo -m).",
                     params=params(measured=measured, one=one, full=full, nics=profile.nics_per_node))


def _nvlink_down(run: NcclRun, op: str, profile: FabricProfile, sizes: Sequence[_Size]) -> Diagnosis | None:
    measured = plateau(sizes)
    if measured is None or profile.nodes != 1 or profile.gpus_per_node < 2 or profile.intra == "pcie":
        return None
    full = hypothesis_plateau(profile, op, sizes)
    pcie = hypothesis_plateau(replace(profile, intra="pcie", nvlink_bidir_gbs=0.0, nvls=False), op, sizes)
    if measured > NVLINK_FAR_BELOW * full or measured > pcie * HYPOTHESIS_MATCH:
        return None
    return Diagnosis("nvlink-down", WARNING,
                     f"on one node busbw levels off at {measured:.1f} GB/s, far below the {full:.1f} GB/s "
                     f"NVLink should give and close to the PCIe path ({pcie:.1f} GB/s predicted): the GPUs "
                     "talk over PCIe, so an NVLink is down or NVSwitch is not in use",
                     "Check nvidia-smi nvlink -s (every link up), that nvidia-fabricmanager runs on NVSwitch "
                     "systems, and that NCCL_P2P_DISABLE / NCCL_P2P_LEVEL are not set.",
                     params=params(measured=measured, full=full, pcie=pcie))


def _tree_two_nodes(run: NcclRun, op: str, profile: FabricProfile,
                    sizes: Sequence[_Size]) -> Diagnosis | None:
    measured = plateau(sizes)
    if measured is None or profile.nodes != 2 or op != "allreduce":
        return None
    line_rate = profile.nics_per_node * profile.nic_gbps / BITS_PER_BYTE
    if measured <= line_rate:
        return None
    return Diagnosis("tree-two-nodes", INFO,
                     f"on 2 nodes AllReduce busbw reaches {measured:.1f} GB/s, above the NICs' line rate of "
                     f"{line_rate:.1f} GB/s per node: NCCL ran Tree or NVLSTree, whose busbw is not a wire "
                     "rate. This is not a fault",
                     "To measure the network itself, rerun on 2 nodes with NCCL_ALGO=Ring (the acceptance "
                     "plan's last command).",
                     params=params(measured=measured, line_rate=line_rate))


def _small_latency(run: NcclRun, op: str, profile: FabricProfile, sizes: Sequence[_Size]) -> Diagnosis | None:
    small = [s for s in sizes if s.bytes < MEDIUM_BYTES and s.predicted_time_us > 0.0]
    if not small:
        return None
    ratio = statistics.median(s.measured_time_us / s.predicted_time_us for s in small)
    if ratio < SMALL_TIME_FACTOR:
        return None
    first = small[0]
    multi_node = profile.nodes > 1
    where = ("GPUDirect RDMA off (nvidia-peermem not loaded), or NCCL proxy and CPU overhead"
             if multi_node else "kernel-launch and CPU overhead")
    return Diagnosis("small-latency", WARNING,
                     f"small messages take {ratio:.1f}x the predicted time ({first.bytes} B: "
                     f"{first.measured_time_us:.1f} us measured, {first.predicted_time_us:.1f} us "
                     f"predicted): {where}",
                     "Run with NCCL_DEBUG=INFO and check the NET lines say GDRDMA; set the CPU governor to "
                     "performance, keep ranks on the GPU's NUMA node, and try nccl-tests -G 1 (CUDA graphs).",
                     key="small-latency." + ("nodes" if multi_node else "node"),
                     params=params(ratio=ratio, first_bytes=first.bytes, measured_us=first.measured_time_us,
                                   predicted_us=first.predicted_time_us))


def _bandwidth_low(op: str, sizes: Sequence[_Size]) -> Diagnosis | None:
    failed = [s for s in sizes if s.bytes >= MEDIUM_BYTES and not s.passed and s.predicted_busbw_gbs > 0.0]
    if not failed:
        return None
    share = statistics.median(s.measured_busbw_gbs / s.predicted_busbw_gbs for s in failed)
    return Diagnosis("bandwidth-low", WARNING,
                     f"{len(failed)} {plural(len(failed), 'size', 'sizes')} from 1 MiB up "
                     f"{plural(len(failed), 'reaches', 'reach')} a median {share:.0%} of the predicted busbw",
                     "Check that every link trains at full speed (ibstat / ethtool), cables and optics match "
                     "the plan, PFC/ECN are set on RoCE, and the NCCL environment the planner recommends is "
                     "used.",
                     params=params(sizes=len(failed), share=share))


def _partial_run(profile: FabricProfile, design: FabricProfile) -> Diagnosis | None:
    # More ranks than the design never gets here: check.judge_run calls it a mismatch first.
    if profile.ranks >= design.ranks:
        return None
    return Diagnosis("partial-run", INFO,
                     f"this run used {profile.ranks} of the design's {design.ranks} GPUs "
                     f"({profile.nodes} of {design.nodes} nodes): it vouches for those nodes, not the whole "
                     "fabric",
                     "Accept the cluster on a run over every node (the acceptance plan's commands).",
                     params=params(ranks=profile.ranks, design_ranks=design.ranks, nodes=profile.nodes,
                                   design_nodes=design.nodes))


_RULES: tuple[Callable[[NcclRun, str, FabricProfile, Sequence[_Size]], Diagnosis | None], ...] = (
    _data_errors, _one_nic, _nvlink_down, _tree_two_nodes, _small_latency)
