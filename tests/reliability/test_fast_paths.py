"""The loader's quick paths for links and devices accept and refuse exactly what the checked paths do.

Loading 100,000 GPUs in under 2 s needs records the writer made to skip the Reader's bookkeeping
(planner_gui/io/links.py, devices.py). Speed must not weaken a check: for records generated near
every boundary (types, ranges, missing and extra keys, non-ASCII text), the quick path gives the
same objects, errors and warnings as the checked path alone.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner_gui.io import devices, links
from planner_gui.io.reader import Problems, Reader
from planner_gui.model import Design, Rack
from tests.fakes import FakeSpecs

SPECS = FakeSpecs()
ODD = st.none() | st.booleans() | st.integers(-2, 70) | st.floats(-1.0, 100_001.0) | st.just([]) | st.just({})
VALUES = {  # for each field: (values a good record has, values near or past every boundary)
    "id": (st.sampled_from(["s1", "sw1", "x"]), st.sampled_from(["bad id", "é", "", "a" * 70])),
    "catalog_id": (st.sampled_from(["server-4u", "switch-1u"]), st.just("future-box")),
    "name": (st.sampled_from(["", "node 1"]), st.sampled_from(["名字", "\ud800", "n" * 10_001])),
    "u": (st.integers(1, 41), st.sampled_from([-1, 0, 42, 43, 10_001])), "nic_id": (st.just("cx7"), st.just("é")),
    "nic_count": (st.integers(0, 8), st.integers(-1, 70)),
    "a": (st.sampled_from(["s1/cx0", "s1/cx1"]), st.sampled_from(["s1/cx9", "ghost/p1", "s1"])),
    "b": (st.sampled_from(["sw1/p0", "sw1/p1"]), st.just("sw1/p9")),
    "medium": (st.sampled_from(["dac", "aoc"]), st.sampled_from(["fibre", "DAC"])),
    "length_m": (st.floats(0.0, 100_000.0) | st.integers(0, 100_000), st.sampled_from([-0.5, 100_000.5, 100_001])),
}
BAD_ONE_IN = 5  # each field is off its good values one time in five, so most records are nearly good
DEVICE_FIELDS = ("id", "catalog_id", "name", "u", "nic_id", "nic_count")
LINK_FIELDS = ("id", "a", "b", "medium", "length_m")


@st.composite
def record(draw: st.DrawFn, fields: tuple[str, ...], optional: tuple[str, ...]) -> dict[str, Any]:
    """A record the writer could make, then up to two damages: a field dropped, retyped or added."""
    data = {name: draw(VALUES[name][draw(st.integers(1, BAD_ONE_IN)) == 1])
            for name in fields if name not in optional or draw(st.booleans())}
    for _ in range(draw(st.integers(0, 2))):
        damage, name = draw(st.sampled_from(["drop", "retype", "extra"])), draw(st.sampled_from(fields))
        if damage == "drop":
            data.pop(name, None)
        else:
            data[name if damage == "retype" else "extra"] = draw(ODD)
    return data


DEVICE_RECORD = record(DEVICE_FIELDS, optional=("name", "nic_id", "nic_count"))
LINK_RECORD = record(LINK_FIELDS, optional=())
CHECKED = {"deadline": None, "database": None, "max_examples": 400,
           "suppress_health_check": [HealthCheck.too_slow]}


def _design() -> Design:
    design = Design()
    design.add_rack(Rack("r1", height_u=42))
    return design


def _outcome(design: Design, problems: Problems, failed: set[str]) -> tuple[Any, ...]:
    return design.devices, problems.errors, problems.warnings, failed


@settings(**CHECKED)
@given(records=st.lists(DEVICE_RECORD, max_size=4), placed=st.booleans())
def test_devices_quick_path_matches_the_checked_path(records: list[dict[str, Any]], placed: bool) -> None:
    quick_design, quick_problems, quick_failed = _design(), Problems(), set()
    key = "devices" if placed else "unplaced"
    parent = Reader({key: records}, "racks[0]" if placed else "", quick_problems)
    rack = quick_design.racks["r1"] if placed else None
    devices.add_devices(quick_design, parent, key, SPECS, rack, quick_failed)

    slow_design, slow_problems, slow_failed = _design(), Problems(), set()
    slow_rack = slow_design.racks["r1"] if placed else None
    for index, record in enumerate(records):
        reader = Reader(record, f"{parent.at(key)}[{index}]", slow_problems)
        # the quick path keeps one growing U map per rack; the checked one is given a fresh map each time
        occupied = slow_design.occupied_units(slow_rack.id, SPECS) if slow_rack is not None else None
        devices._add_checked(slow_design, reader, SPECS, slow_rack, slow_failed, occupied)
    assert _outcome(quick_design, quick_problems, quick_failed) == _outcome(slow_design, slow_problems, slow_failed)


@settings(**CHECKED)
@given(records=st.lists(LINK_RECORD, max_size=4))
def test_links_quick_path_matches_the_checked_path(records: list[dict[str, Any]]) -> None:
    quick_problems = Problems()
    quick_kept: dict[str, Any] = {}
    quick, positions = links.read_links(Reader({"links": records}, "", quick_problems), quick_kept)
    slow_problems, slow, slow_positions, slow_kept = Problems(), [], [], {}
    for index, record in enumerate(records):
        link = links._read_link_slowly(Reader(record, f"links[{index}]", slow_problems), slow_kept)
        if link is not None:
            slow.append(link)
            slow_positions.append(index)
    assert (quick, positions, quick_problems.errors) == (slow, slow_positions, slow_problems.errors)
    assert quick_kept == slow_kept
    assert all(type(link.length_m) is float for link in quick)
