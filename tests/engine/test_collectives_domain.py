"""Collectives in NVLink domains larger than a server (GB200/GB300 NVL72, NCCL >= 2.25 MNNVL).

Measured numbers are in tests/data/nvl72_nccl_tests.csv with their sources: CoreWeave's full 72-GPU
rack (nccl-tests PR #43) and NVIDIA/nccl#1801's cross-rack runs over InfiniBand (NVLS off). The GB200
trays' scale-out NICs are 4 x ConnectX-7 400G (DGX GB200 user guide), the NIC assumed for #1801.
"""

from __future__ import annotations

import csv
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.collectives import FabricProfile, curve, predict, profile_from_catalog

DATA = Path(__file__).resolve().parents[1] / "data" / "nvl72_nccl_tests.csv"
LARGE_BYTES = 2 * 2**30  # "large sizes": 2 GiB and up
LARGE_TOLERANCE = 0.10  # the bound at large sizes
CROSS_RACK_TOLERANCE = 0.10
TRAY_GPUS = 4


@pytest.fixture(scope="module")
def catalog():  # type: ignore[no-untyped-def]
    return bundled_catalog()


def _rows() -> list[dict[str, str]]:
    with DATA.open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _profile(catalog, row: dict[str, str]) -> FabricProfile:  # type: ignore[no-untyped-def]
    hosts, domains = int(row["hosts_per_domain"]), int(row["domains"])
    return profile_from_catalog(catalog, "gb200", int(row["gpus_per_host"]), hosts * domains, "ib-ndr-400",
                                nvlink_domain=int(row["gpus_per_host"]) * hosts, nvls=row["nvls"] == "on")


def test_a_full_rack_is_one_nccl_node_of_72_gpus(catalog) -> None:  # type: ignore[no-untyped-def]
    profile = profile_from_catalog(catalog, "gb200", TRAY_GPUS, 18, "ib-ndr-400", nvlink_domain=72)
    assert (profile.gpus_per_node, profile.nodes, profile.hosts_per_domain) == (72, 1, 18)
    assert profile.nics_per_node == 72 and profile.ranks == 72
    assert profile.intra == "nvswitch" and profile.nvls


@pytest.mark.parametrize("row", [r for r in _rows() if r["domains"] == "1"], ids=lambda r: r["bytes"])
def test_single_rack_against_coreweave(catalog, row: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    result = predict(_profile(catalog, row), "allreduce", int(row["bytes"]))
    measured = float(row["busbw_GBps"])
    assert result.algorithm == "nvls"
    if int(row["bytes"]) >= LARGE_BYTES:
        assert result.busbw_GBps == pytest.approx(measured, rel=LARGE_TOLERANCE)
    else:  # documented in docs/models/collectives.md: the model ramps up faster than the rack did
        assert measured < result.busbw_GBps < 1.4 * measured


@pytest.mark.parametrize("row", [r for r in _rows() if r["domains"] != "1"], ids=lambda r: r["scope"] + r["algo"])
def test_cross_rack_against_nccl_1801(catalog, row: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    result = predict(_profile(catalog, row), "allreduce", int(row["bytes"]), algo=row["algo"])
    assert result.busbw_GBps == pytest.approx(float(row["busbw_GBps"]), rel=CROSS_RACK_TOLERANCE)


def test_cross_rack_results_are_ordered_as_measured(catalog) -> None:  # type: ignore[no-untyped-def]
    """#1801: tree above ring, 8-GPU partitions about twice the 4-GPU ones (twice the NICs per node)."""
    busbw = {(r["hosts_per_domain"], r["algo"]): predict(_profile(catalog, r), "allreduce", int(r["bytes"]),
                                                         algo=r["algo"]).busbw_GBps
             for r in _rows() if r["domains"] != "1"}
    for hosts in ("1", "2"):
        assert busbw[(hosts, "tree")] > busbw[(hosts, "ring")]
    assert busbw[("2", "ring")] == pytest.approx(2 * busbw[("1", "ring")], rel=0.05)


def test_more_racks_never_speed_up_a_large_allreduce(catalog) -> None:  # type: ignore[no-untyped-def]
    """Across racks the NVLink stage stays; the scale-out stage only adds time (algbw falls with racks)."""
    algbw = [predict(profile_from_catalog(catalog, "gb200", TRAY_GPUS, 18 * racks, "ib-ndr-400", nvlink_domain=72),
                     "allreduce", 2**32).algbw_GBps for racks in (1, 2, 4, 8, 16)]
    assert all(a >= b for a, b in pairwise(algbw))
    assert algbw[-1] > 0.8 * algbw[0]  # 72 x 400G per rack: the NVLink stage stays the bottleneck


def test_a_rack_beats_the_same_trays_joined_by_infiniband(catalog) -> None:  # type: ignore[no-untyped-def]
    rack = profile_from_catalog(catalog, "gb200", TRAY_GPUS, 18, "ib-ndr-400", nvlink_domain=72)
    trays = profile_from_catalog(catalog, "gb200", TRAY_GPUS, 18, "ib-ndr-400")
    assert trays.hosts_per_domain == 1 and trays.nodes == 18
    assert predict(rack, "allreduce", 2**30).busbw_GBps > 3 * predict(trays, "allreduce", 2**30).busbw_GBps


def test_a_job_smaller_than_the_domain_sits_inside_it(catalog) -> None:  # type: ignore[no-untyped-def]
    profile = profile_from_catalog(catalog, "gb200", TRAY_GPUS, 2, "ib-ndr-400", nvlink_domain=72)
    assert (profile.gpus_per_node, profile.nodes, profile.hosts_per_domain) == (8, 1, 2)


@pytest.mark.parametrize(("gpu", "per_node", "nodes", "domain", "words"), [
    ("gb200", 4, 18, 70, "not whole servers"),
    ("gb200", 4, 18, 2, "not whole servers"),
    ("gb200", 4, 160, 640, "at most 576"),
    ("gb200", 4, 27, 72, "do not fill whole NVLink domains"),
    ("h100-sxm5-80gb", 8, 4, 16, "no NVLink between servers"),
])
def test_impossible_domains_are_refused(catalog, gpu: str, per_node: int, nodes: int, domain: int,
                                        words: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=words):
        profile_from_catalog(catalog, gpu, per_node, nodes, "ib-ndr-400", nvlink_domain=domain)


def test_a_domain_across_servers_needs_nvswitch() -> None:
    with pytest.raises(ValueError, match="hosts_per_domain"):
        FabricProfile(gpus_per_node=8, nodes=1, gpu_name="NVIDIA GB200", intra="nvlink_mesh",
                      nvlink_bidir_gbs=1800, pcie_gen=5, nics_per_node=0, nic_gbps=0, nic_latency_us=1.0,
                      technology="infiniband", hosts_per_domain=2)


@settings(max_examples=25, deadline=None)
@given(hosts=st.sampled_from([1, 2, 3, 6, 9, 18]), domains=st.integers(1, 8),
       size=st.sampled_from([2**26, 2**28, 2**30, 2**33]), op=st.sampled_from(["allreduce", "allgather",
                                                                             "reducescatter", "alltoall"]))
def test_property_a_larger_domain_is_never_slower(hosts: int, domains: int, size: int, op: str) -> None:
    """The same trays, more of them in each NVLink domain: NVLink replaces network hops, never the reverse.

    From 64 MiB, where bandwidth decides; below, NCCL's channel dropping (twice the channels for twice
    the NICs of a two-tray node) can cost a few per cent at 1 MiB, as the model reproduces."""
    catalog = bundled_catalog()
    nodes = hosts * domains
    split = profile_from_catalog(catalog, "gb200", TRAY_GPUS, nodes, "ib-ndr-400")
    joined = profile_from_catalog(catalog, "gb200", TRAY_GPUS, nodes, "ib-ndr-400", nvlink_domain=TRAY_GPUS * hosts)
    assert joined.ranks == split.ranks == TRAY_GPUS * nodes
    assert joined.nics_per_node * joined.nodes == split.nics_per_node * split.nodes  # same NICs in all
    assert predict(joined, op, size).time_us <= predict(split, op, size).time_us * 1.0001


def test_curve_is_monotone_in_size_on_a_rack(catalog) -> None:  # type: ignore[no-untyped-def]
    profile = profile_from_catalog(catalog, "gb200", TRAY_GPUS, 36, "ib-xdr-800", nvlink_domain=72)
    times = [r.time_us for r in curve(profile, "allreduce")]
    assert all(a <= b for a, b in pairwise(times))
