"""Monotonicity: for a fixed profile and op, a collective never gets faster when its message doubles.

NCCL picks the fastest (algorithm, protocol) per size, but every candidate's time grows with size,
so the chosen time does too. This held everywhere except where NCCL's integer channel/thread counts
made a message just below a channel boundary slower than twice its size (fixed in
``model._channel_share``). Checked over the bundled examples and over generated profiles, for the
automatic choice and every algorithm a user can force.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.collectives import ALGOS, OPS, PROTOCOLS, FabricProfile, curve_arrays
from planner_gui.engine.collectives.fabric_profile import fabric_profile_from_design
from planner_gui.examples import example_paths
from planner_gui.io import load_design

DOUBLINGS = 31  # start .. start x 2^31: the whole 8 B .. 16 GiB range for start = 8
TOLERANCE_US = 1e-9  # float rounding only; any real decrease is far larger


@cache
def _example_profiles() -> dict[str, FabricProfile]:
    catalog = bundled_catalog()
    return {p.stem: fabric_profile_from_design(load_design(p, catalog).design, catalog) for p in example_paths()}


def _doubling_sizes(start: int) -> np.ndarray:
    return start * 2.0 ** np.arange(DOUBLINGS + 1)


def _decreases(profile: FabricProfile, op: str, sizes: np.ndarray) -> list[str]:
    """Every (algo, proto) setting whose time drops between consecutive sizes, described."""
    found = []
    for algo in ("auto", *ALGOS):
        for proto in ("auto", *PROTOCOLS):
            try:
                times, _, labels = curve_arrays(profile, op, sizes, algo, proto)
            except ValueError:  # not enabled on this profile (NCCL would refuse it too)
                continue
            drops = np.flatnonzero(np.diff(times) < -TOLERANCE_US)
            found += [f"{op} {algo}/{proto} {sizes[i]:.0f} B {labels[i]} {times[i]:.3f} us -> "
                      f"{sizes[i + 1]:.0f} B {labels[i + 1]} {times[i + 1]:.3f} us" for i in drops]
    return found


@pytest.mark.parametrize("name", sorted(_example_profiles()))
def test_example_curves_never_get_faster_with_size(name: str) -> None:
    profile = _example_profiles()[name]
    for start in (8, 24, 40):  # powers of two and two non-powers (channel counts land off the grid)
        for op in OPS:
            assert _decreases(profile, op, _doubling_sizes(start)) == []


_TECHNOLOGIES = ("infiniband", "ethernet", "efa", "efa_v1", "tcpx")


@st.composite
def _profiles(draw: st.DrawFn) -> FabricProfile:
    gpus = draw(st.sampled_from((1, 2, 4, 8)))
    nodes = draw(st.sampled_from((1, 2, 3, 4, 6, 16, 100, 1024)))
    intra = draw(st.sampled_from(("nvswitch", "pcie")))
    generation = draw(st.sampled_from(((600.0, "A100 SXM4 80GB"), (900.0, "H100 SXM5 80GB"), (1800.0, "B200"))))
    nvlink = 0.0 if intra == "pcie" else generation[0]
    return FabricProfile(
        gpus_per_node=gpus, nodes=nodes, gpu_name=generation[1] if intra != "pcie" else "L40S", intra=intra,
        nvlink_bidir_gbs=nvlink, pcie_gen=draw(st.sampled_from((4, 5))),
        nics_per_node=draw(st.sampled_from((1, 2, 4, 8, 16))) if nodes > 1 else 0,
        nic_gbps=draw(st.sampled_from((25.0, 100.0, 200.0, 400.0, 800.0))) if nodes > 1 else 0.0,
        nic_latency_us=draw(st.sampled_from((1.0, 2.5, 11.0, 38.0))),
        technology=draw(st.sampled_from(_TECHNOLOGIES)),
        hops=draw(st.sampled_from((1, 3, 5))),
        oversubscription=draw(st.sampled_from((1.0, 2.0, 3.5))),
        rail_optimized=draw(st.booleans()), gdr=draw(st.booleans()),
        sharp=draw(st.booleans()), nvls=intra == "nvswitch" and nvlink >= 900.0 and draw(st.booleans()),
        adaptive_routing=draw(st.booleans()), congestion_control=draw(st.booleans()),
        gpu_nic_affinity=draw(st.booleans()),
    )


@settings(max_examples=60, deadline=None)
@given(profile=_profiles(), op=st.sampled_from(OPS), start=st.integers(min_value=1, max_value=4095))
def test_generated_curves_never_get_faster_with_size(profile: FabricProfile, op: str, start: int) -> None:
    assert _decreases(profile, op, _doubling_sizes(start)) == []
