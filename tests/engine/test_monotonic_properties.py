"""Monotonicity properties (issue 17 "Must hold"): more bandwidth never makes a collective or a training
step slower, more GPUs never make a fixed collective faster nor weak-scaled training faster per GPU,
and a bigger message never takes less time (the last is in test_collectives_monotonic.py)."""

from __future__ import annotations

import dataclasses
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from planner_gui.engine.collectives import FabricProfile, predict
from planner_gui.engine.training import StepOptions, estimate_training
from planner_gui.model.settings import Recompute
from tests.engine.test_training_support import A100, BusComm, gpt

OPS = ("allreduce", "allgather", "reducescatter", "alltoall", "sendrecv")
SLACK = 1.0 + 1e-9  # float noise only
# Below this a message runs on fewer channels than NCCL built; more NICs build more channels and the
# model gives each 1/channels of the node's rate, so NIC count is checked on full-channel messages only
# (docs/models/collectives.md, limits).
ALL_CHANNELS_BYTES = 64 * 2**20


@st.composite
def _profiles(draw: st.DrawFn) -> FabricProfile:
    gpus = draw(st.sampled_from((1, 4, 8)))
    name, nvlink = draw(st.sampled_from((("A100 SXM4 80GB", 600.0), ("H100 SXM5 80GB", 900.0), ("B200", 1800.0))))
    return FabricProfile(
        gpus_per_node=gpus, nodes=draw(st.sampled_from((2, 3, 8, 64))), gpu_name=name, intra="nvswitch",
        nvlink_bidir_gbs=nvlink, pcie_gen=5, nics_per_node=draw(st.sampled_from((1, 4, 8))),
        nic_gbps=draw(st.sampled_from((100.0, 200.0, 400.0))), nic_latency_us=1.0,
        technology=draw(st.sampled_from(("infiniband", "ethernet"))), hops=draw(st.sampled_from((1, 3))),
        oversubscription=draw(st.sampled_from((1.0, 2.0, 4.0))), rail_optimized=draw(st.booleans()),
        nvls=nvlink >= 900.0 and draw(st.booleans()),
    )


_SIZES = st.sampled_from((8, 4096, 2**20, 64 * 2**20, 2**30))


@settings(max_examples=60, deadline=None)
@given(profile=_profiles(), op=st.sampled_from(OPS), nbytes=_SIZES)
def test_more_network_bandwidth_never_slows_a_collective(profile: FabricProfile, op: str, nbytes: int) -> None:
    """Faster NICs, a less oversubscribed fabric or (for messages on every channel) more NICs: never longer."""
    base = predict(profile, op, nbytes).time_us
    better = [dataclasses.replace(profile, nic_gbps=profile.nic_gbps * 2),
              dataclasses.replace(profile, oversubscription=1.0)]
    if nbytes >= ALL_CHANNELS_BYTES:
        better.append(dataclasses.replace(profile, nics_per_node=min(16, profile.nics_per_node * 2)))
    for faster in better:
        assert predict(faster, op, nbytes).time_us <= base * SLACK


@settings(max_examples=60, deadline=None)
@given(profile=_profiles(), op=st.sampled_from(("allreduce", "allgather", "reducescatter", "alltoall")),
       nbytes=_SIZES)
def test_more_gpus_never_make_the_same_collective_faster(profile: FabricProfile, op: str, nbytes: int) -> None:
    """The same buffer over more nodes (same servers, same fabric): each rank still moves ≥ as much and
    the algorithm crosses ≥ as many hops, so time never falls."""
    bigger = dataclasses.replace(profile, nodes=profile.nodes * 2)
    assert predict(bigger, op, nbytes).time_us >= predict(profile, op, nbytes).time_us / SLACK


@settings(max_examples=25, deadline=None)
@given(gbs=st.sampled_from((5.0, 25.0, 100.0)), zero=st.sampled_from((0, 1, 3)), dp=st.sampled_from((2, 8, 32)),
       micro=st.sampled_from((1, 4)), recompute=st.sampled_from((Recompute.NONE, Recompute.FULL)))
def test_training_never_slows_on_a_faster_network(gbs: float, zero: int, dp: int, micro: int,
                                                   recompute: Recompute) -> None:
    work = gpt(layers=8, hidden=2048, heads=16, dp=dp, micro_batch=micro, global_batch=dp * micro * 2,
               zero_stage=zero, recompute=recompute)
    slow = estimate_training(work, A100, BusComm(gbs)).step_time_s
    fast = estimate_training(work, A100, BusComm(gbs * 4)).step_time_s
    assert fast <= slow * SLACK


@settings(max_examples=20, deadline=None)
@given(zero=st.sampled_from((0, 3)), micro=st.sampled_from((1, 2)), overlap=st.booleans())
def test_weak_scaling_never_gains_per_gpu_throughput(zero: int, micro: int, overlap: bool) -> None:
    """Fixed micro-batches per GPU, GPUs doubling: per-GPU tokens/s never rises."""
    per_gpu = []
    for dp in (2, 4, 8, 16, 64):
        work = gpt(layers=4, hidden=2048, heads=16, dp=dp, micro_batch=micro, global_batch=dp * micro * 2,
                   zero_stage=zero)
        est = estimate_training(work, A100, BusComm(25.0), options=StepOptions(dp_overlap=overlap))
        per_gpu.append(est.tokens_per_s / dp)
    assert all(b <= a * SLACK for a, b in pairwise(per_gpu))
