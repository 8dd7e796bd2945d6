"""Recommended NCCL environment and acceptance figures."""

from __future__ import annotations

import json
import re

import pytest

from planner_gui.engine.acceptance.plan import (
    ACCEPTANCE_SIZES,
    PASS_LARGE,
    PASS_LARGE_ALLTOALL,
    PASS_MEDIUM,
    SMALL_TIME_FACTOR,
    acceptance_plan,
)
from planner_gui.engine.checks.fabric_model import nccl_version
from planner_gui.engine.collectives import predict
from planner_gui.engine.collectives.fabric_profile import fabric_profile_from_design
from planner_gui.engine.deploy.nccl_env import recommend_nccl_env, shell_exports
from planner_gui.model import Workload
from tests.engine.test_topology_kit import Builder, make_catalog, rail_fabric, single_switch, tor_fabric

CAT = make_catalog()


def _env(design: object) -> dict[str, str]:
    return {s.name: s.value for s in recommend_nccl_env(design, CAT)}


def test_infiniband_rail_fabric() -> None:
    env = _env(rail_fabric(CAT, 64, per_su=32, spines_per_rail=2, uplinks_per_leaf=32).design)
    assert env["NCCL_NET"] == "IB"
    assert env["NCCL_IB_HCA"] == ""  # a test server without platform facts: found on site, never guessed
    assert env["NCCL_CROSS_NIC"] == "0"  # per-rail spines: the rails meet only through NVLink
    assert env["NCCL_ALGO"] == env["NCCL_PROTO"] == ""  # leave NCCL's tuner alone
    assert "NCCL_IB_GID_INDEX" not in env and "NCCL_IB_QPS_PER_CONNECTION" not in env
    assert env["NCCL_NVLS_ENABLE"] == "" and env["NCCL_COLLNET_ENABLE"] == ""


def test_roce_uses_ib_verbs_and_more_qps_over_ecmp() -> None:
    design = tor_fabric(CAT, nodes=8, per_leaf=4, spines=2, uplinks_per_leaf=32, server="t-hgx-h100-roce",
                        switch="t-sn5600").design
    design.fabric.nccl_version = "2.18"
    settings = {s.name: s for s in recommend_nccl_env(design, CAT)}
    assert settings["NCCL_NET"].value == "IB" and "Socket" in settings["NCCL_NET"].reason
    assert settings["NCCL_IB_GID_INDEX"].value == "3"
    assert settings["NCCL_IB_QPS_PER_CONNECTION"].value == "4"
    assert settings["NCCL_CROSS_NIC"].value == "1"  # top-of-rack: every NIC on the same leaf
    design.fabric.nccl_version = "2.21.5"
    design.fabric.adaptive_routing = True
    env = _env(design)
    assert env["NCCL_IB_GID_INDEX"] == "" and env["NCCL_IB_QPS_PER_CONNECTION"] == ""


def test_sharp_zero3_and_single_node() -> None:
    design = single_switch(CAT, 2).design
    design.fabric.sharp = True
    design.workload = Workload(zero_stage=3)
    env = _env(design)
    assert env["NCCL_COLLNET_ENABLE"] == "1" and env["NCCL_BUFFSIZE"] == str(8 * 2**20)
    assert env["NCCL_CROSS_NIC"] == "1"  # one switch
    solo = Builder(CAT)
    solo.server("solo", "t-dgx-h100")
    assert set(_env(solo.design)) == {"NCCL_ALGO", "NCCL_PROTO", "NCCL_NVLS_ENABLE", "NCCL_BUFFSIZE"}


def test_reasons_quote_the_model() -> None:
    """The NCCL_PROTO reason carries the predicted cost of forcing Simple on this design."""
    design = rail_fabric(CAT, 16, per_su=16).design
    p = fabric_profile_from_design(design, CAT)
    simple = predict(p, "allreduce", 8, proto="Simple").time_us
    reason = {s.name: s.reason for s in recommend_nccl_env(design, CAT)}["NCCL_PROTO"]
    assert f"{simple:.0f} us" in reason


def test_shell_exports() -> None:
    text = shell_exports(recommend_nccl_env(single_switch(CAT, 2, nics=2).design, CAT))
    assert "export NCCL_NET=IB\n" in text and "# export NCCL_IB_HCA==<the 2 compute HCAs, from ibdev2netdev>\n" in text
    assert "# NCCL_ALGO: leave unset\n" in text


def test_nccl_version_parsing() -> None:
    assert nccl_version("2.21.5-1") == (2, 21) and nccl_version("2.18") == (2, 18)
    with pytest.raises(ValueError, match=re.escape("fabric.nccl_version 'latest' must look like '2.21'")):
        nccl_version("latest")


def test_acceptance_rows_and_thresholds() -> None:
    """Every nccl-tests binary at 8 B, 1 MiB, 64 MiB, 1 GiB and 8 GiB, with the documented pass rule."""
    design = rail_fabric(CAT, 16, per_su=16).design
    plan = acceptance_plan(design, CAT)
    p = fabric_profile_from_design(design, CAT)
    assert (plan.gpus, plan.nodes, plan.max_bytes) == (128, 16, 2**33)
    assert len(plan.rows) == 4 * len(ACCEPTANCE_SIZES)
    rows = {(r.test, r.bytes): r for r in plan.rows}
    big = rows[("all_reduce_perf", 2**30)]
    assert big.predicted_busbw_gbs == pytest.approx(predict(p, "allreduce", 2**30).busbw_GBps)
    assert big.pass_min_busbw_gbs == pytest.approx(PASS_LARGE * big.predicted_busbw_gbs)
    assert rows[("alltoall_perf", 2**26)].pass_min_busbw_gbs == pytest.approx(
        PASS_LARGE_ALLTOALL * rows[("alltoall_perf", 2**26)].predicted_busbw_gbs)
    medium = rows[("all_gather_perf", 2**20)]
    assert medium.pass_min_busbw_gbs == pytest.approx(PASS_MEDIUM * medium.predicted_busbw_gbs)
    small = rows[("reduce_scatter_perf", 8)]
    assert small.pass_min_busbw_gbs is None
    assert small.pass_max_time_us == pytest.approx(SMALL_TIME_FACTOR * small.predicted_time_us)
    assert big.passes(big.predicted_busbw_gbs * 0.95, 0.0) and not big.passes(big.predicted_busbw_gbs * 0.5, 0.0)
    json.dumps(plan.to_json())


def test_acceptance_commands() -> None:
    plan = acceptance_plan(rail_fabric(CAT, 16, per_su=16).design, CAT)
    first = plan.commands[0]
    assert first.startswith("mpirun -np 128 --map-by ppr:8:node --hostfile hosts.txt ")
    assert first.endswith("./build/all_reduce_perf -b 8 -e 8G -f 2 -g 1")
    assert " -x NCCL_IB_HCA -x NCCL_SOCKET_IFNAME " in first  # site-specific: the exported values pass through
    assert "-np 16 " in plan.commands[-1] and "-x NCCL_ALGO=Ring" in plan.commands[-1]  # the 2-node network run
    assert all(r.algorithm == "ring" and r.bytes >= 2**26 for r in plan.network_rows)


def test_acceptance_sizes_fit_gpu_memory() -> None:
    """A 48 GB L40S: 0.9 x 48e9 / 3 buffers = 14.4 GB, so the sweep stops at 8 GiB; with 16 GB it would stop
    at 4 GiB (0.9 x 16e9 / 3 = 4.8 GB)."""
    plan = acceptance_plan(single_switch(CAT, 2, nics=2, server="t-l40s-8", switch="t-sn5600").design, CAT)
    assert plan.max_bytes == 2**33
    catalog = make_catalog()
    gpu = catalog.entries["t-l40s"]
    catalog.entries["t-l40s"] = type(gpu)(gpu.id, gpu.kind, gpu.name, {**gpu.data, "memory_gb": 16}, gpu.origin)
    small = acceptance_plan(single_switch(catalog, 2, nics=2, server="t-l40s-8", switch="t-sn5600").design, catalog)
    assert small.max_bytes == 2**32 and max(r.bytes for r in small.rows) == 2**30  # the 8 GiB row is dropped
    assert small.commands[0].endswith("-e 4G -f 2 -g 1")


def test_seed_acceptance_claims_are_checked() -> None:
    """Seed: a 64 MB AllReduce over 50 ms means misconfiguration. On 16 DGX H100 the model predicts under
    1 ms, so the seed's limit is far too lax."""
    plan = acceptance_plan(rail_fabric(CAT, 16, per_su=16).design, CAT)
    p = fabric_profile_from_design(rail_fabric(CAT, 16, per_su=16).design, CAT)
    t64 = predict(p, "allreduce", 64 * 10**6).time_us / 1e3
    assert t64 < 1.0
    assert f"take {t64:.2f} ms" in plan.notes[0]
