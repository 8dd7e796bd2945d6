"""Property: any valid design survives save -> load unchanged (hypothesis builds the designs)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner_gui.io import load_design, save_design
from planner_gui.model import CoolingType, Design, DesignError, Device, Feed, Link, Medium, Rack, Workload
from tests.fakes import FakeSpecs

SPECS = FakeSpecs()
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)  # any Unicode but lone surrogates
KINDS = sorted(FakeSpecs.SPECS)


@st.composite
def designs(draw: st.DrawFn) -> Design:
    design = Design()
    design.meta.name = draw(TEXT)
    design.meta.notes = draw(TEXT)
    design.cost.cny_per_usd = draw(st.floats(0.01, 1000.0, allow_nan=False))
    design.cost.buy_price = draw(st.dictionaries(st.sampled_from(KINDS), st.floats(0, 1e9), max_size=3))
    design.fabric.sharp = draw(st.booleans())
    if draw(st.booleans()):
        design.workload = Workload(layers=draw(st.integers(1, 200)), tp=draw(st.sampled_from([1, 2, 4, 8])))
    for r in range(draw(st.integers(0, 3))):
        feed_b = draw(st.one_of(st.none(), st.builds(Feed, st.sampled_from([230.0, 400.0]),
                                                     st.sampled_from([16.0, 32.0, 63.0]), st.sampled_from([1, 3]))))
        design.add_rack(Rack(f"r{r}", name=draw(TEXT), height_u=draw(st.integers(12, 52)), feed_b=feed_b,
                             cooling=draw(st.sampled_from(list(CoolingType))),
                             power_budget_kw=draw(st.floats(0.5, 200.0))))
    for d in range(draw(st.integers(0, 12))):
        device = Device(f"d{d}", draw(st.sampled_from(KINDS)), name=draw(TEXT))
        if design.racks and draw(st.booleans()):
            device.rack_id = draw(st.sampled_from(sorted(design.racks)))
            device.u = draw(st.integers(1, design.racks[device.rack_id].height_u))
        try:
            design.add_device(device, SPECS)
        except DesignError:
            continue  # overlaps and overflows are simply not part of this design
    for index in range(draw(st.integers(0, 10))):
        ids = sorted(design.devices)
        if len(ids) < 2:
            break
        a, b = draw(st.sampled_from(ids)), draw(st.sampled_from(ids))
        free_a, free_b = design.free_ports(a, SPECS), design.free_ports(b, SPECS)
        if a == b or not free_a or not free_b:
            continue
        link = Link(f"l{index}", f"{a}/{free_a[0].name}", f"{b}/{free_b[0].name}",
                    draw(st.sampled_from(list(Medium))), draw(st.floats(0.0, 500.0)))
        try:
            design.add_link(link, SPECS)
        except DesignError:
            continue  # e.g. InfiniBand to Ethernet
    return design


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(designs())
def test_random_valid_designs_survive_save_and_load(design: Design) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "random.cluster"
        save_design(design, path)
        assert load_design(path, SPECS).design == design
