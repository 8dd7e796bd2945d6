"""Collective model: input validation, catalog profiles and the n = 1 edge case."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from planner_gui.catalog.loader import bundled_catalog
from planner_gui.engine.collectives import FabricProfile, curve, curve_arrays, predict, profile_from_catalog
from tests.engine.collective_profiles import h100 as hgx_h100

GIB = 2**30


def h100(**changes: object) -> FabricProfile:
    """Two HGX H100 nodes, so the network is in the path."""
    return hgx_h100(**{"nodes": 2, **changes})  # type: ignore[arg-type]


class FakeCatalog:
    """Just enough of planner_gui.catalog.Catalog: require(id, kind) -> entry with .get()."""

    def __init__(self, entries: dict[str, dict[str, Any]]) -> None:
        self.entries = entries

    def require(self, catalog_id: str, kind: str | None = None) -> dict[str, Any]:
        entry = self.entries.get(catalog_id)
        if entry is None or (kind is not None and entry["kind"] != kind):
            raise KeyError(f"unknown {kind} id {catalog_id!r}")
        return entry


FAKE = FakeCatalog({
    "gpu-x": {"kind": "gpu", "name": "H100 SXM5 80GB", "interconnect": "nvlink", "nvlink_gen": 4,
              "nvlink_bidir_gbs": 900, "pcie_gen": 5},
    "gpu-p": {"kind": "gpu", "name": "L40S", "interconnect": "pcie", "pcie_gen": 4},
    "nic-x": {"kind": "nic", "speed_gbps": 400, "latency_us": 1.0, "technology": "infiniband",
              "rdma": True, "default_switch_id": "sw-x"},
    "sw-x": {"kind": "switch", "latency_ns": 330},
})


@pytest.mark.parametrize(("changes", "words"), [
    ({"gpus_per_node": 0}, "gpus_per_node=0"),
    ({"nodes": 0}, "nodes=0"),
    ({"intra": "infinity"}, "intra='infinity'"),
    ({"technology": "token-ring"}, "technology='token-ring'"),
    ({"nics_per_node": 0}, "multi-node job needs NICs"),
    ({"nic_gbps": -1.0}, "nic_gbps"),
    ({"oversubscription": 0.5}, "oversubscription"),
    ({"nvlink_bidir_gbs": 0.0}, "needs nvlink_bidir_gbs"),
    ({"intra": "pcie", "nvlink_bidir_gbs": 0.0}, "nvls=True needs intra='nvswitch'"),
    ({"hops": 2.5}, "hops must be a whole number"),
    ({"gpu_name": " "}, "gpu_name"),
])
def test_bad_profiles_are_rejected_with_the_field_named(changes: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        h100(**changes)


@pytest.mark.parametrize(("args", "words"), [
    (("allsum", GIB), "unknown collective 'allsum'"),
    (("allreduce", 0), "must be positive"),
    (("allreduce", -5), "must be positive"),
    (("allreduce", 1.5), "whole number of bytes"),
    (("allreduce", True), "whole number of bytes"),
])
def test_bad_requests_raise_value_error(args: tuple[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        predict(h100(), *args)  # type: ignore[arg-type]


def test_bad_algorithm_and_protocol_names() -> None:
    with pytest.raises(ValueError, match="unknown algorithm 'rings'"):
        predict(h100(), "allreduce", GIB, algo="rings")
    with pytest.raises(ValueError, match="unknown protocol 'fast'"):
        predict(h100(), "allreduce", GIB, proto="fast")
    with pytest.raises(ValueError, match="Simple"):
        predict(h100(), "allreduce", GIB, algo="nvlstree", proto="LL")  # NVLS runs Simple only
    with pytest.raises(ValueError, match="FabricProfile"):
        predict({"nodes": 2}, "allreduce", GIB)  # type: ignore[arg-type]


def test_curve_and_curve_arrays_agree() -> None:
    sizes = [8, 4096, 2**20, GIB]
    results = curve(h100(), "allgather", sizes)
    times, busbw, names = curve_arrays(h100(), "allgather", np.array(sizes))
    assert [r.time_us for r in results] == pytest.approx(list(times))
    assert [r.busbw_GBps for r in results] == pytest.approx(list(busbw))
    assert names == [f"{r.algorithm}/{r.protocol}" for r in results]
    with pytest.raises(ValueError, match="sizes is empty"):
        curve(h100(), "allreduce", [])
    with pytest.raises(ValueError, match="positive"):
        curve_arrays(h100(), "allreduce", np.array([0.0, 8.0]))


def test_single_rank_costs_only_the_launch() -> None:
    one = h100(nodes=1, gpus_per_node=1, nics_per_node=0, nic_gbps=0.0)
    result = predict(one, "allreduce", GIB)
    assert result.busbw_GBps == 0.0 and result.time_us < 5.0


def test_profile_from_fake_catalog() -> None:
    profile = profile_from_catalog(FAKE, "gpu-x", 8, 4, nic_id="nic-x", hops=3)
    assert profile.intra == "nvswitch" and profile.nvls and profile.nvlink_bidir_gbs == 900
    assert profile.nics_per_node == 8 and profile.nic_gbps == 400 and profile.switch_latency_ns == 330
    assert profile.hops == 3 and profile.gdr
    pcie = profile_from_catalog(FAKE, "gpu-p", 4, 1)
    assert pcie.intra == "pcie" and not pcie.nvls and pcie.nics_per_node == 0


def test_profile_from_catalog_errors() -> None:
    with pytest.raises(ValueError, match="needs nic_id"):
        profile_from_catalog(FAKE, "gpu-x", 8, 2)
    with pytest.raises(KeyError, match="gpu-z"):
        profile_from_catalog(FAKE, "gpu-z", 8, 1)
    with pytest.raises(ValueError, match="unknown field"):
        profile_from_catalog(FAKE, "gpu-x", 8, 1, hop=3)


def test_profile_from_bundled_catalog_predicts() -> None:
    """The shipped catalog's H100 and NDR NIC give the measured-class 2-node busbw (> 400 GB/s)."""
    catalog = bundled_catalog()
    profile = profile_from_catalog(catalog, "h100-sxm5-80gb", 8, 2, nic_id="ib-ndr-400")
    assert profile.nvls and profile.technology == "infiniband"
    assert predict(profile, "allreduce", 8 * GIB).busbw_GBps > 400.0


def test_cloud_nics_carry_their_transport_and_nvls_support() -> None:
    """EFA and GPUDirect-TCPXO are catalog NICs (technology ethernet, transport efa/tcpx); TCPXO's
    plugin has no NVLS, so two A3 Mega VMs run without NVLSTree while one VM keeps NVLS."""
    catalog = bundled_catalog()
    p5 = profile_from_catalog(catalog, "h100-sxm5-80gb", 8, 2, nic_id="efa-v2-100", nics_per_node=32)
    assert (p5.technology, p5.nic_gbps, p5.nic_latency_us, p5.nvls) == ("efa", 100.0, 11.0, True)
    a3 = profile_from_catalog(catalog, "h100-sxm5-80gb", 8, 2, nic_id="gcp-tcpxo-200")
    assert (a3.technology, a3.nvls) == ("tcpx", False)
    assert profile_from_catalog(catalog, "h100-sxm5-80gb", 8, 1).nvls
    assert profile_from_catalog(catalog, "a100-sxm4-80gb", 8, 2, nic_id="efa-v1-100").technology == "efa_v1"


def test_two_gpus_of_an_nvswitch_board_keep_nvlink_sharp() -> None:
    """By default two NVLink GPUs are a bridged pair; nvswitch=True says they sit on an HGX board."""
    catalog = bundled_catalog()
    pair = profile_from_catalog(catalog, "h100-sxm5-80gb", 2, 1)
    board = profile_from_catalog(catalog, "h100-sxm5-80gb", 2, 1, nvswitch=True)
    assert (pair.intra, pair.nvls, board.intra, board.nvls) == ("nvlink_mesh", False, "nvswitch", True)
    assert not profile_from_catalog(catalog, "a100-sxm4-80gb", 8, 1).nvls  # NVSwitch 2: no NVLink SHARP
