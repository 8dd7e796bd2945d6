"""The communication hook: α-β stand-in arithmetic and sub-group profiles for the network engine."""

from __future__ import annotations

import dataclasses

import pytest

from planner_gui.catalog.loader import bundled_catalog
from planner_gui.engine.training import AlphaBetaComm, alpha_beta_for_server, comm_model_from_profile, subgroup_profile
from planner_gui.engine.training.fabric import comm_node_gpus, fabric_profile_for_server

GB = 1e9


def test_alpha_beta_single_node_ring() -> None:
    """8 ranks in one node, 1 GB all-reduce at 200 GB/s: 2·(7/8)·1e9/2e11 = 8.75 ms + 14 steps × 5 µs."""
    comm = AlphaBetaComm(200.0, 20.0, intra_latency_us=5.0, inter_latency_us=10.0)
    assert comm("allreduce", 10**9, 8, 8) == pytest.approx(8.75e-3 + 14 * 5e-6)


def test_alpha_beta_two_level_all_reduce_takes_the_slower_phase() -> None:
    """16 ranks, 8 per node: NVLink phase 2·(7/8)·1 GB/200 GB/s = 8.75 ms; network phase each GPU's 1/8
    shard across 2 nodes: 2·(1/2)·0.125 GB/20 GB/s = 6.25 ms → 8.75 ms + latency (14 × 5 + 2 × 10 µs)."""
    comm = AlphaBetaComm(200.0, 20.0, intra_latency_us=5.0, inter_latency_us=10.0)
    assert comm("allreduce", 10**9, 16, 8) == pytest.approx(8.75e-3 + 90e-6)
    # one rank per node: the whole buffer crosses the NIC: 2·(1/2)·1 GB/20 GB/s = 50 ms
    assert comm("allreduce", 10**9, 2, 1) == pytest.approx(50e-3 + 5e-6 + 20e-6)


def test_alpha_beta_from_catalog_uses_nccl_efficiencies() -> None:
    """DGX H100: 900/2 × 0.8 = 360 GB/s NVLink; 8 × 400 Gb/s / 8 bit × 0.95 / 8 GPUs = 47.5 GB/s per GPU."""
    comm = alpha_beta_for_server(bundled_catalog(), "dgx-h100")
    assert (comm.intra_busbw_gbs, comm.nic_busbw_gbs_per_gpu) == pytest.approx((360.0, 47.5))


@dataclasses.dataclass(frozen=True)
class _Profile:
    gpus_per_node: int
    nodes: int
    nics_per_node: int
    nic_gbps: float


@pytest.mark.parametrize(("nics", "gbps", "per_node", "expected"), [
    (8, 400.0, 1, (1, 4, 1, 400.0)),  # DP rank alone in its node: one of the 8 rails
    (8, 400.0, 4, (4, 4, 4, 400.0)),  # half the node: half the NICs
    (2, 100.0, 1, (1, 4, 1, 25.0)),  # 2 NICs shared by 8 GPUs: a quarter of one NIC each
])
def test_subgroup_gets_its_share_of_the_node_nics(nics: int, gbps: float, per_node: int,
                                                  expected: tuple[int, int, int, float]) -> None:
    """A group with r of the node's g GPUs runs beside g/r other groups, so it gets r/g of the NICs."""
    sub = subgroup_profile(_Profile(8, 16, nics, gbps), ranks=4 * per_node, ranks_per_node=per_node,
                           gpus_per_node=8)
    assert (sub.gpus_per_node, sub.nodes, sub.nics_per_node, sub.nic_gbps) == pytest.approx(expected)


def test_profile_model_matches_the_engine_for_a_whole_node() -> None:
    """For a group that is exactly one 8-GPU node the hook must return the engine's own prediction."""
    collectives = pytest.importorskip("planner_gui.engine.collectives")
    profile = collectives.profile_from_catalog(bundled_catalog(), "h100-sxm5-80gb", 8, 4, nic_id="ib-ndr-400")
    comm = comm_model_from_profile(profile)
    single = dataclasses.replace(profile, nodes=1)
    expected = collectives.predict(single, "allreduce", 2**28).time_us * 1e-6
    assert comm("allreduce", 2**28, 8, 8) == pytest.approx(expected)
    assert comm("allreduce", 2**28, 1, 1) == 0.0


@pytest.mark.parametrize(("server", "gpus", "node"), [
    ("gb200-nvl72", 64, 64),  # 16 trays of 4: one NVLink domain (the Megatron-FSDP rows)
    ("gb200-nvl72", 72, 72),  # a whole NVL72
    ("gb200-nvl72", 144, 72),  # two domains
    ("gb200-nvl72", 80, 40),  # 20 trays: the most that divide evenly and fit one domain (18) is 10
    ("dgx-h100", 64, 8),  # an ordinary server is its own NVLink node
])
def test_a_rack_scale_job_communicates_as_nvlink_domains(server: str, gpus: int, node: int) -> None:
    """NCCL treats a multi-node NVLink domain as one node (docs/models/collectives.md), so 64 GPUs on
    NVL72 trays gather over NVLink, not over the trays' InfiniBand NICs."""
    catalog = bundled_catalog()
    assert comm_node_gpus(catalog, server, gpus) == node
    profile = fabric_profile_for_server(catalog, server, gpus)
    assert (profile.gpus_per_node, profile.nodes) == (node, -(-gpus // node))

