"""At every scale up to 100,000 GPUs the collective and training models stay physically sensible.

Property tests (hypothesis, few examples, no timing: speed is shown by benchmarks/scale.py) over
random fabric profiles, random training layouts and random generated designs, and one generated
100,000-GPU design (12,500 DGX H100, three switch tiers).

Physical limits, per nccl-tests' definitions (nccl-tests doc/PERFORMANCE.md: algbw = size / time, busbw = algbw x
the op's factor). With k nodes of g GPUs (n = k g ranks) and B = NICs x line rate / 8 GB/s leaving
each node in one direction:

* AllReduce: a node must send and receive 2 (k - 1) / k of the buffer when the network only moves
  data (ring, tree, PAT; Patarasuk & Yuan's bandwidth bound), so algbw <= B k / (2 (k - 1)). With
  in-network reduction (CollNet/SHARP, multi-node NVLS) it sends and receives the buffer once:
  algbw <= B. Two nodes give B: busbw = algbw x 2 (n - 1) / n may then reach ~2 B / g per rank, above
  the NIC line rate per GPU: the "2-node tree effect" the algorithm's definition allows.
* AllGather and ReduceScatter: a node must receive (send) (k - 1) / k of the buffer: algbw <= B k / (k - 1).
* AllToAll: (n - g) / n of every rank's buffer leaves its node: algbw <= B n / (g (n - g)).
* Broadcast, Reduce, SendRecv: a node receives (sends) the buffer at most once: algbw <= B.
* One node: busbw <= one GPU's bandwidth into the node's fabric in one direction (NVLink: half the
  bidirectional figure; PCIe x16 of its generation); NVLS reduces inside the NVSwitch and may reach
  twice that (in-switch reduction).
"""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.analysis import AnalysisCache, analyze_design
from planner_gui.engine.collectives import OPS, CollectiveResult, FabricProfile, curve, predict
from planner_gui.engine.topology.hardware import PCIE_X16_GBYTE_S
from planner_gui.engine.training import (
    MODEL_PRESETS,
    TrainingEstimate,
    comm_model_from_profile,
    estimate_training,
    gpu_facts_from_catalog,
    scaling_curve,
    workload_for_preset,
)
from planner_gui.engine.util.arrays import common_prefix, first_lexmin, unique_ints, unique_inverse
from planner_gui.model import CoolingType, Link, Medium
from planner_gui.templates import TemplateSpec, generate_design

CATALOG = bundled_catalog()
GIB = 2**30
BITS_PER_BYTE = 8.0
REL_SLACK = 1e-6  # float round-off only: every limit is a hard bound
# The model may scale a little better than linearly (pipeline bubbles and per-GPU memory shift with
# dp); 1 % above ideal is the most it shows (seen: 1.0056 on Llama-3-70B, 2 GPUs); more would be a bug.
MAX_SCALING_EFFICIENCY = 1.01
IN_NETWORK = ("collnet", "nvls")  # algorithms that reduce inside a switch (NCCL src/graph/tuning.cc)
MAX_NODES_100K = 12_500  # 100,000 GPUs of 8-GPU nodes (issue 8)
# (GPU name, intra-node fabric, NVLink GB/s bidirectional per GPU, PCIe generation, NVLS-capable);
# figures from stas00/ml-engineering network/README.md (H100 900, A100 600, B200 1800, V100 300 GB/s NVLink)
GPUS = (("H100 SXM5 80GB", "nvswitch", 900.0, 5, True), ("A100 SXM4 80GB", "nvswitch", 600.0, 4, False),
        ("B200", "nvswitch", 1800.0, 5, True), ("V100 SXM2 32GB", "nvlink_mesh", 300.0, 3, False),
        ("L40S", "pcie", 0.0, 4, False), ("H100 PCIe 80GB", "pcie", 0.0, 5, False))
NIC_GBPS = (25.0, 100.0, 200.0, 400.0, 800.0)  # catalog NIC speeds (nics.json)
SIZES = (8, 4096, 2**20, 64 * 2**20, GIB, 16 * GIB)  # nccl-tests' latency, ramp and bandwidth regions
TRAINING_GPUS = ("h100-sxm5-80gb", "a100-sxm4-80gb", "b200", "h200-sxm-141gb")


@st.composite
def profiles(draw: st.DrawFn) -> FabricProfile:
    name, intra, nvlink, pcie, nvls = draw(st.sampled_from(GPUS))
    return FabricProfile(
        gpus_per_node=draw(st.sampled_from((1, 2, 4, 8))),
        nodes=draw(st.one_of(st.integers(1, 4), st.integers(5, MAX_NODES_100K))),
        gpu_name=name, intra=intra, nvlink_bidir_gbs=nvlink, pcie_gen=pcie,
        nics_per_node=draw(st.sampled_from((1, 2, 4, 8))), nic_gbps=draw(st.sampled_from(NIC_GBPS)),
        nic_latency_us=draw(st.sampled_from((0.6, 1.0, 2.0))),
        technology=draw(st.sampled_from(("infiniband", "ethernet"))), hops=draw(st.sampled_from((1, 3, 5))),
        oversubscription=draw(st.sampled_from((1.0, 2.0, 4.0))), rail_optimized=draw(st.booleans()),
        gdr=draw(st.booleans()), sharp=draw(st.booleans()), nvls=nvls and draw(st.booleans()),
        adaptive_routing=draw(st.booleans()), congestion_control=draw(st.booleans()),
        cable_m=draw(st.sampled_from((1.0, 3.0, 30.0, 300.0))),
    )


def algbw_limit(profile: FabricProfile, op: str, algorithm: str) -> float:
    """The most algbw (GB/s) the slowest tier allows (module docstring)."""
    k, g, n = profile.nodes, profile.gpus_per_node, profile.ranks
    if k == 1:
        uni = profile.nvlink_bidir_gbs / 2 if profile.intra != "pcie" else PCIE_X16_GBYTE_S[profile.pcie_gen]
        in_switch = 2.0 if algorithm in IN_NETWORK else 1.0
        return in_switch * uni / max(_busbw_factor(op, n), 1e-12)
    node = profile.nics_per_node * profile.nic_gbps / BITS_PER_BYTE
    if op == "allreduce":
        return node if algorithm in IN_NETWORK else node * k / (2 * (k - 1))
    if op in ("allgather", "reducescatter"):
        return node * k / (k - 1)
    if op == "alltoall":
        return node * n / (g * (n - g))
    return node


def _busbw_factor(op: str, n: int) -> float:
    return {"allreduce": 2 * (n - 1) / n, "allgather": (n - 1) / n, "reducescatter": (n - 1) / n,
            "alltoall": (n - 1) / n}.get(op, 1.0)


def assert_physical(profile: FabricProfile, results: list[CollectiveResult]) -> None:
    for r in results:
        where = (profile, r)
        assert math.isfinite(r.time_us) and r.time_us > 0, where
        assert math.isfinite(r.algbw_GBps) and r.algbw_GBps >= 0, where
        assert math.isfinite(r.busbw_GBps) and r.busbw_GBps >= 0, where
        if profile.ranks > 1:
            assert r.algbw_GBps <= algbw_limit(profile, r.op, r.algorithm) * (1 + REL_SLACK), where


def assert_training_physical(estimate: TrainingEstimate, peak_tflops: float) -> None:
    for name in ("step_time_s", "tokens_per_s", "mfu", "hfu", "memory_per_gpu_gb", "days_to_train",
                 "tflops_per_gpu_model", "tflops_per_gpu_hardware"):
        value = getattr(estimate, name)
        assert math.isfinite(value) and value > 0, (name, value)
    assert estimate.mfu <= estimate.hfu * (1 + REL_SLACK) and estimate.hfu <= 1.0 + REL_SLACK
    assert estimate.tflops_per_gpu_hardware <= peak_tflops * (1 + REL_SLACK)
    assert all(math.isfinite(v) and v >= 0 for v in estimate.breakdown.values()), estimate.breakdown


@settings(max_examples=40, deadline=None, derandomize=True)
@given(profile=profiles(), op=st.sampled_from(OPS))
def test_collective_times_are_finite_and_bandwidths_within_the_slowest_tier(profile: FabricProfile,
                                                                            op: str) -> None:
    assert_physical(profile, curve(profile, op, SIZES))


def test_two_node_tree_exceeds_the_nic_rate_only_as_its_definition_allows() -> None:
    """2 x 8 H100, 8 x 400G: a double binary tree moves each buffer once per node, so 1 GiB AllReduce
    busbw is above one NIC's 50 GB/s per GPU (the 2-node tree effect), yet algbw stays within the
    node's 400 GB/s (k / (2 (k - 1)) = 1 at k = 2). At 4 nodes the tree bound tightens to 2/3 of that."""
    base = dict(gpus_per_node=8, gpu_name="H100 SXM5 80GB", intra="nvswitch", nvlink_bidir_gbs=900.0,
                pcie_gen=5, nics_per_node=8, nic_gbps=400.0, nic_latency_us=1.0, technology="infiniband")
    two = FabricProfile(nodes=2, **base)
    tree = predict(two, "allreduce", GIB, algo="tree")
    assert tree.busbw_GBps > 400.0 / BITS_PER_BYTE
    assert tree.algbw_GBps <= algbw_limit(two, "allreduce", "tree") == pytest.approx(400.0)
    four = FabricProfile(nodes=4, **base)
    assert algbw_limit(four, "allreduce", "tree") == pytest.approx(400.0 * 4 / 6)
    assert_physical(four, [predict(four, "allreduce", GIB, algo="tree")])


@st.composite
def layouts(draw: st.DrawFn) -> tuple[object, int]:
    preset = draw(st.sampled_from(MODEL_PRESETS))
    shape = preset.shape
    kv_heads = shape.kv_heads or shape.heads
    tp = draw(st.sampled_from([t for t in (1, 2, 4, 8) if shape.heads % t == 0 and kv_heads % t == 0]))
    pp = draw(st.sampled_from([p for p in (1, 2, 4, 8, 16) if shape.layers % p == 0]))
    dp = draw(st.integers(1, 100_000 // (tp * pp)))
    workload = workload_for_preset(preset, tp=tp, pp=pp, dp=dp, micro_batch=1,
                                   global_batch=dp * draw(st.sampled_from((1, 4, 16))))
    return workload, tp * pp * dp


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(layout=layouts(), gpu_id=st.sampled_from(TRAINING_GPUS),
       technology=st.sampled_from(("infiniband", "ethernet")), hops=st.sampled_from((1, 3, 5)))
def test_training_step_and_scaling_stay_physical_up_to_100k_gpus(layout: tuple[object, int], gpu_id: str,
                                                                 technology: str, hops: int) -> None:
    workload, gpus = layout
    per_node = min(8, gpus)
    profile = FabricProfile(gpus_per_node=per_node, nodes=-(-gpus // per_node), gpu_name="H100 SXM5 80GB",
                            intra="nvswitch", nvlink_bidir_gbs=900.0, pcie_gen=5, nics_per_node=8,
                            nic_gbps=400.0, nic_latency_us=1.0, technology=technology, hops=hops)
    gpu = gpu_facts_from_catalog(CATALOG, gpu_id)
    comm = comm_model_from_profile(profile)
    estimate = estimate_training(workload, gpu, comm, gpus=gpus, gpus_per_node=per_node)
    assert_training_physical(estimate, gpu.peak_tflops(workload.precision))
    replica = workload.tp * workload.pp
    counts = [replica * 2**i for i in range(18) if replica * 2**i <= gpus]
    for point in scaling_curve(workload, gpu, comm, counts, per_node):
        assert math.isfinite(point.step_time_s) and point.step_time_s > 0, point
        assert 0 < point.efficiency <= MAX_SCALING_EFFICIENCY and 0 < point.mfu <= 1.0, point


SERVERS = ("dgx-h100", "dgx-a100", "hgx-h200", "pcie-l40s-8", "dgx-b200")


@settings(max_examples=8, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(server=st.sampled_from(SERVERS), nodes=st.integers(1, 40),
       topology=st.sampled_from(("leaf-spine", "rail-optimized")),
       oversubscription=st.sampled_from((1.0, 2.0)))
def test_generated_designs_analyse_to_physical_curves(server: str, nodes: int, topology: str,
                                                      oversubscription: float) -> None:
    spec = TemplateSpec(server, nodes, topology=topology, oversubscription=oversubscription, rack_kw=60.0)
    design = generate_design(CATALOG, spec)
    analysis = analyze_design(design, CATALOG)
    assert analysis.collectives is not None, analysis.unavailable
    profile = analysis.collectives.profile
    for points in analysis.collectives.curves.values():
        assert_physical(profile, list(points))


@pytest.fixture(scope="module")
def design_100k() -> object:
    """12,500 DGX H100 (100,000 GPUs) on 400G RoCE, rail-optimized, Llama-2-70B on every GPU."""
    design = generate_design(CATALOG, TemplateSpec("dgx-h100", MAX_NODES_100K, nic_id="roce-400"))
    preset = next(p for p in MODEL_PRESETS if p.name == "Llama-2-70B")
    dp = 100_000 // 32
    design.workload = workload_for_preset(preset, tp=8, pp=4, dp=dp, global_batch=4 * dp)
    return design


def test_100k_gpu_design_analyses_to_physical_results(design_100k: object) -> None:
    """Three switch tiers of 128-port SN5600 (128^3 / 4 = 524,288 NICs fit); every curve and the
    training estimate within the limits above; no section fails."""
    analysis = analyze_design(design_100k, CATALOG)
    assert analysis.summary.gpus == 100_000 and analysis.topology.switch_tiers == 3
    assert set(analysis.unavailable) == set(), analysis.unavailable
    assert not {c.code for c in analysis.checks} & {"analysis-internal-error", "analysis-section-failed"}
    profile = analysis.collectives.profile
    assert profile.ranks == 100_000
    for points in analysis.collectives.curves.values():
        assert_physical(profile, list(points))
    gpu = gpu_facts_from_catalog(CATALOG, "dgx-h100")
    assert_training_physical(analysis.training.estimate, gpu.peak_tflops(design_100k.workload.precision))


# ----- the speed-ups are exact --------------------------------------------------------------------
# The engine keeps, per design, the parse of its links, its link columns and the last per-rack results
# (engine/incremental/link_columns.py, topology_parse.py, reuse.py) and uses array shortcuts (array_ops.py). An
# analysis after any edit must equal one of the same design with all of that forgotten.

@settings(max_examples=60, deadline=None, derandomize=True)
@given(values=st.lists(st.integers(0, 50), max_size=60), shift=st.integers(0, 3))
def test_array_shortcuts_equal_numpy(values: list[int], shift: int) -> None:
    array = np.array(values, dtype=np.int64) * 10**shift  # sparse ranges take numpy's own path
    assert np.array_equal(unique_ints(array), np.unique(array)) and unique_ints(array).dtype == array.dtype
    unique, inverse = unique_inverse(array)
    expected, expected_inverse = np.unique(array, return_inverse=True)
    assert np.array_equal(unique, expected) and np.array_equal(inverse, expected_inverse.ravel())
    if values:
        floats = array.astype(np.float64) / 7.0
        floats[::5] = np.nan
        assert first_lexmin(floats, -array) == int(np.lexsort((-array, floats))[0])
    other = [*values[: len(values) // 2], -1, *values]
    expected_prefix = next((i for i, (a, b) in enumerate(zip(values, other, strict=False)) if a != b),
                           min(len(values), len(other)))
    assert common_prefix(list(values), other) == expected_prefix


def _dump(analysis: object) -> str:
    return json.dumps(analysis.to_json(), sort_keys=True, allow_nan=False)  # type: ignore[attr-defined]


def test_cached_analysis_equals_a_fresh_one_over_a_random_edit_session() -> None:
    """120 DGX A100 on 40-port HDR switches (three tiers, 3,804 links, 25 racks): 30 random edits of
    every kind; after each, the cached analysis equals one with every per-design cache forgotten."""
    rng = random.Random(8)
    design = generate_design(CATALOG, TemplateSpec("dgx-a100", 120))
    design.workload = workload_for_preset(MODEL_PRESETS[0], tp=8, pp=1, dp=120, global_batch=480)
    cache = AnalysisCache()
    removed: list[Link] = []

    def relink() -> None:
        if removed and rng.random() < 0.5:
            design.add_link(removed.pop(rng.randrange(len(removed))), CATALOG)
        else:
            removed.append(design.remove_link(rng.choice(list(design.links))))

    def cable() -> None:
        link = rng.choice(list(design.links.values()))
        if rng.random() < 0.5:
            link.length_m = rng.choice([1.0, 4.0, 60.0, 700.0])
        else:
            link.medium = rng.choice(list(Medium))

    def rack() -> None:
        target = rng.choice(list(design.racks.values()))
        target.power_budget_kw = rng.choice([10.0, 40.0, 80.0])
        target.cooling = rng.choice(list(CoolingType))

    def unplace() -> None:
        device = rng.choice([d for d in design.devices.values() if d.placed])
        design.place_device(device.id, None, None, CATALOG)

    for step in range(30):
        edit = rng.choice([relink, relink, cable, rack, unplace])
        edit()
        cached = _dump(analyze_design(design, CATALOG, cache))
        assert cached == _dump(analyze_design(design, CATALOG)), (step, edit.__name__)
