"""Collective model: hand calculations, nccl-tests definitions and NCCL's algorithm choice.

Sources for the numbers below: NCCL's tuning tables (src/graph/tuning.cc, copied in
planner_gui/engine/collectives/nccl_tables.py), nccl-tests' busbw definitions (doc/PERFORMANCE.md)
and the constants in planner_gui/engine/collectives/hardware.py, each of which names its source.
"""

from __future__ import annotations

import itertools
import math

import pytest

from planner_gui.engine.collectives import DEFAULT_SIZES, OPS, FabricProfile, curve, predict
from tests.engine.collective_profiles import a100, h100

GIB = 2**30
MIB = 2**20


def test_ring_allreduce_single_node_hand_calculation() -> None:
    """8x A100 on NVSwitch, Ring/Simple forced, 1 GiB.

    Bandwidth: ring busbw = 300 GB/s one-way NVLink x 232.5/300 (A100 ring plateau,
    docs/models/collectives.md) = 232.5 GB/s; algbw = busbw x n / (2(n-1)) = 232.5 x 8/14 = 132.857 GB/s.
    Latency: base Ring/Simple 8.4 us + 2(n-1) = 14 NVLink steps x 3.4 us (hwLatencies[NVLINK] Ring
    Simple) x 4.2 (Ampere latency scale) + 0.85 us launch = 8.4 + 199.92 + 0.85 = 209.17 us.
    Time: 209.17 + 2^30 B / 132857.14 B/us = 209.17 + 8081.93 = 8291.10 us.
    """
    result = predict(a100(nics_per_node=0, nic_gbps=0.0), "allreduce", GIB, algo="ring", proto="Simple")
    assert result.time_us == pytest.approx(8291.10, rel=1e-4)
    assert result.busbw_GBps == pytest.approx(GIB / 8291.10e-6 / 1e9 * 1.75, rel=1e-4)
    assert result.algorithm == "ring" and result.protocol == "Simple"
    assert result.bottleneck.startswith("NVLink")


def test_ring_allreduce_across_nodes_hand_calculation() -> None:
    """4 nodes x 1 A100, one 100G IB NIC each (1.3 us), Ring/Simple forced, 1 GiB.

    Bandwidth: NIC 100 Gb/s / 8 x 0.96 (nccl#812: 192 of 200 GB/s) = 12.0 GB/s = ring busbw;
    algbw = 12.0 x 4/6 = 8.0 GB/s.
    Latency: every one of the 6 ring steps crosses the network; one rank per node uses NCCL's Tree
    NET latency, 14 us (Simple) x 4.2 = 58.8 us, plus the path beyond NCCL's 1 us reference, paid
    twice for Simple: 2 x 0.3 = 0.6 us -> 59.4 us per step. Base 8.4 + 6 x 59.4 = 364.8 us, times
    NCCL's multi-node ring plateau factor 1.4 = 510.72 us, plus 0.85 us launch.
    Time: 511.57 + 2^30 / 8000 B/us = 511.57 + 134217.73 = 134729.30 us.
    """
    profile = a100(nodes=4, gpus_per_node=1, nics_per_node=1, nic_gbps=100.0)
    result = predict(profile, "allreduce", GIB, algo="ring", proto="Simple")
    assert result.time_us == pytest.approx(134729.30, rel=1e-5)
    assert result.busbw_GBps == pytest.approx(12.0, rel=0.01)
    assert "NIC" in result.bottleneck


@pytest.mark.parametrize(("op", "factor"), [
    ("allreduce", 2 * 15 / 16), ("allgather", 15 / 16), ("reducescatter", 15 / 16), ("alltoall", 15 / 16),
    ("broadcast", 1.0), ("reduce", 1.0), ("sendrecv", 1.0),
])
def test_busbw_follows_nccl_tests_definitions(op: str, factor: float) -> None:
    """busbw = algbw x factor, with nccl-tests' factors for n = 16 ranks (PERFORMANCE.md)."""
    result = predict(h100(nodes=2), op, 256 * MIB)
    assert result.algbw_GBps == pytest.approx(result.bytes / result.time_us / 1e3)
    assert result.busbw_GBps == pytest.approx(result.algbw_GBps * factor)


def test_protocol_follows_message_size() -> None:
    """LL for tiny messages (latency ~ base + hops), Simple for bulk data (full bandwidth)."""
    for profile in (a100(), h100(), h100(nodes=4)):
        assert predict(profile, "allreduce", 1024).protocol == "LL"
        assert predict(profile, "allreduce", 4 * GIB).protocol == "Simple"
    small, large = predict(h100(), "allreduce", 8), predict(h100(), "allreduce", 4 * GIB)
    assert small.bottleneck == "latency" and large.bottleneck != "latency"


def test_small_messages_ramp_up_below_64_mib() -> None:
    """busbw rises monotonically with size and is well below its plateau under 64 MiB."""
    results = curve(h100(nodes=2), "allreduce")
    assert [r.bytes for r in results] == list(DEFAULT_SIZES) and len(results) == 32
    busbw = [r.busbw_GBps for r in results]
    assert all(b2 >= b1 * 0.97 for b1, b2 in itertools.pairwise(busbw))
    plateau = busbw[-1]
    at = {r.bytes: r.busbw_GBps for r in results}
    assert at[MIB] < 0.15 * plateau and at[16 * MIB] < 0.6 * plateau and at[GIB] > 0.85 * plateau


def test_nvls_chosen_on_h100_nvswitch_at_large_sizes() -> None:
    """NVLS (~480 GB/s busbw measured on 8x H100) beats the ring (~370) for big messages."""
    with_nvls = predict(h100(), "allreduce", 8 * GIB)
    without = predict(h100(nvls=False), "allreduce", 8 * GIB)
    assert with_nvls.algorithm == "nvls" and without.algorithm == "ring"
    assert with_nvls.busbw_GBps == pytest.approx(478.9, rel=0.06)  # nccl_calibration.csv R048
    assert without.busbw_GBps == pytest.approx(370.0, rel=0.03)  # NVIDIA GTC25 ring figure
    assert predict(h100(), "allreduce", 1024).algorithm != "nvls"  # NVLS latency is high


def test_nvls_not_worth_it_for_two_gpus() -> None:
    """Ring moves 2(n-1)/n = 1 buffer per GPU, NVLS (n+1)/n = 1.5: ring wins at n = 2."""
    assert predict(h100(gpus_per_node=2), "allreduce", 4 * GIB).algorithm == "ring"


def test_two_node_tree_busbw_exceeds_nic_line_rate() -> None:
    """Two nodes: a double binary tree sends the buffer once per node, not ~2x like a ring, so
    busbw exceeds the NICs' line rate (nccl-tests#22, #196); from 4 nodes it no longer does."""
    line_rate = 4 * 200 / 8  # GB/s per node
    two = predict(a100(nodes=2), "allreduce", 4 * GIB)
    ring = predict(a100(nodes=2), "allreduce", 4 * GIB, algo="ring")
    four = predict(a100(nodes=4), "allreduce", 4 * GIB)
    assert two.algorithm == "tree" and two.busbw_GBps > 1.5 * line_rate
    assert ring.busbw_GBps <= line_rate and four.busbw_GBps <= line_rate


def test_hierarchy_emerges_on_multi_node_h100() -> None:
    """NVLSTree (NVLS inside the node, tree across nodes) carries bulk data on H100 clusters."""
    result = predict(h100(nodes=16), "allreduce", 4 * GIB)
    assert result.algorithm == "nvlstree" and "NIC" in result.bottleneck


def test_latency_at_hundreds_of_nodes_grows_like_log_for_trees() -> None:
    """Ring latency is linear in ranks, tree latency logarithmic in nodes (NCCL src/graph/tuning.cc)."""
    def eight_bytes(nodes: int, algo: str) -> float:
        return predict(h100(nodes=nodes, hops=3), "allreduce", 8, algo=algo).time_us
    assert eight_bytes(512, "ring") / eight_bytes(64, "ring") > 6.0
    assert eight_bytes(512, "tree") / eight_bytes(64, "tree") < 1.6
    assert predict(h100(nodes=512, hops=3), "allreduce", 8).algorithm == "tree"


def test_forcing_an_algorithm() -> None:
    assert predict(h100(nodes=4), "allreduce", GIB, algo="ring").algorithm == "ring"
    assert predict(h100(nodes=4), "allreduce", GIB, algo="tree").algorithm == "tree"
    assert predict(h100(nodes=4), "allreduce", GIB, algo="nvlstree", proto="Simple").protocol == "Simple"
    assert predict(h100(nodes=2, gpus_per_node=1), "allgather", GIB, algo="pat").algorithm == "pat"


@pytest.mark.parametrize(("profile", "op", "algo", "words"), [
    (a100(), "allreduce", "nvls", "NVLS needs"),
    (h100(), "allreduce", "nvlstree", "single node"),
    (h100(nodes=2), "allreduce", "collnet", "SHARP"),
    (h100(nodes=2, technology="ethernet", sharp=True), "allreduce", "collnet", "InfiniBand"),
    (h100(nodes=2), "allgather", "pat", "one GPU per node"),
    (h100(nodes=2), "broadcast", "tree", "no 'tree' algorithm"),
    (h100(nodes=2), "alltoall", "ring", "point-to-point"),
])
def test_forcing_an_impossible_algorithm_raises(profile: FabricProfile, op: str, algo: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        predict(profile, op, GIB, algo=algo)


def test_every_op_predicts_finite_positive_times() -> None:
    for op in OPS:
        for profile in (h100(), h100(nodes=3), a100(nodes=2, gpus_per_node=1)):
            result = predict(profile, op, 64 * MIB)
            assert math.isfinite(result.time_us) and result.time_us > 0
            assert 0 < result.busbw_GBps < 1000


def test_alltoall_cannot_aggregate_nics() -> None:
    """Two nodes: AllToAll busbw ~ 2x one GPU's NIC rate x (n-1)/n (nccl-tests#130, #267)."""
    result = predict(h100(nodes=2), "alltoall", 4 * GIB)
    per_gpu_nic = 400 / 8 * 0.96
    assert result.busbw_GBps == pytest.approx(2 * per_gpu_nic * 15 / 16, rel=0.05)


def test_sharp_enables_in_network_reduction() -> None:
    """With IB SHARP, multi-node NVLS sends each node's buffer up once: no tree egress of 2M."""
    plain = predict(h100(nodes=16), "allreduce", 4 * GIB)
    sharp = predict(h100(nodes=16, sharp=True), "allreduce", 4 * GIB)
    assert sharp.algorithm in ("nvls", "collnet") and sharp.busbw_GBps > 1.2 * plain.busbw_GBps
