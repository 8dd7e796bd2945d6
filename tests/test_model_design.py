"""The design's invariants: each edit that would break one is refused with a specific message."""

from __future__ import annotations

import pytest

from planner_gui.model import Design, DesignError, Device, Link, Rack
from tests.fakes import FakeSpecs

SPECS = FakeSpecs()


@pytest.fixture
def design() -> Design:
    d = Design()
    d.add_rack(Rack("r1", height_u=42))
    d.add_device(Device("s1", "server-4u", rack_id="r1", u=1), SPECS)
    d.add_device(Device("sw1", "switch-1u", rack_id="r1", u=42), SPECS)
    return d


def test_device_must_fit_rack_height(design: Design) -> None:
    with pytest.raises(DesignError, match=r"a 4 U device at U40 reaches U43, above the rack height 42 U"):
        design.add_device(Device("s2", "server-4u", rack_id="r1", u=40), SPECS)
    assert "s2" not in design.devices


def test_devices_may_not_overlap(design: Design) -> None:
    with pytest.raises(DesignError, match=r"U3-U6 of rack 'r1' overlaps device 's1'"):
        design.add_device(Device("s2", "server-4u", rack_id="r1", u=3), SPECS)
    design.add_device(Device("s2", "server-4u", rack_id="r1", u=5), SPECS)  # directly above: fine
    assert [d.id for d in design.devices_in_rack("r1")] == ["s1", "s2", "sw1"]


def test_moving_a_device_ignores_its_own_old_position(design: Design) -> None:
    design.place_device("s1", "r1", 2, SPECS)  # overlaps only itself
    assert design.devices["s1"].u == 2
    with pytest.raises(DesignError, match="overlaps device 'sw1'"):
        design.place_device("s1", "r1", 39, SPECS)
    assert design.devices["s1"].u == 2  # a refused move changes nothing


def test_free_u_slots(design: Design) -> None:
    slots = design.free_u_slots("r1", 4, SPECS)
    assert slots[0] == 5 and slots[-1] == 38 and 1 not in slots and 39 not in slots


def test_unplaced_devices_are_a_note_not_an_error(design: Design) -> None:
    design.add_device(Device("s9", "server-4u"), SPECS)
    notes = design.notes(SPECS)
    assert [n.code for n in notes] == ["device-unplaced"] and notes[0].ids == ("s9",)
    with pytest.raises(DesignError, match="rack_id and u must be given together"):
        design.add_device(Device("s10", "server-4u", rack_id="r1"), SPECS)


def test_a_port_carries_at_most_one_link(design: Design) -> None:
    design.add_link(Link("l1", "s1/cx0", "sw1/p0"), SPECS)
    with pytest.raises(DesignError, match=r"port sw1/p0 already carries link 'l1'"):
        design.add_link(Link("l2", "s1/cx1", "sw1/p0"), SPECS)
    assert design.link_on_port("sw1/p0") == "l1" and "l2" not in design.links


def test_link_must_join_existing_ports_of_two_devices(design: Design) -> None:
    with pytest.raises(DesignError, match=r"device 's1' has no port 'cx7'"):
        design.add_link(Link("l1", "s1/cx7", "sw1/p0"), SPECS)
    with pytest.raises(DesignError, match=r"no device 'ghost'"):
        design.add_link(Link("l1", "ghost/cx0", "sw1/p0"), SPECS)
    with pytest.raises(DesignError, match="a link joins two different devices"):
        design.add_link(Link("l1", "s1/cx0", "s1/cx1"), SPECS)
    with pytest.raises(DesignError, match="must look like 'device-id/port-name'"):
        design.add_link(Link("l1", "s1-cx0", "sw1/p0"), SPECS)


def test_ethernet_cannot_link_to_infiniband(design: Design) -> None:
    design.add_device(Device("e1", "eth-switch", rack_id="r1", u=41), SPECS)
    with pytest.raises(DesignError, match="is infiniband but e1/e0 is ethernet"):
        design.add_link(Link("l1", "s1/cx0", "e1/e0"), SPECS)


def test_speed_mismatch_is_allowed_but_noted(design: Design) -> None:
    design.add_device(Device("sw2", "switch-200", rack_id="r1", u=41), SPECS)
    design.add_link(Link("l1", "s1/cx0", "sw2/p0"), SPECS)
    notes = design.notes(SPECS)
    assert notes[0].code == "link-speed-mismatch" and "runs at 200G" in notes[0].message


def test_removing_a_device_removes_its_links_and_frees_ports(design: Design) -> None:
    design.add_link(Link("l1", "s1/cx0", "sw1/p0"), SPECS)
    removed = design.remove_device("s1")
    assert [link.id for link in removed] == ["l1"] and design.links == {}
    assert design.link_on_port("sw1/p0") is None and len(design.free_ports("sw1", SPECS)) == 4


def test_removing_a_rack_unplaces_its_devices(design: Design) -> None:
    assert design.remove_rack("r1") == ["s1", "sw1"]
    assert not design.devices["s1"].placed and design.racks == {}


def test_ids_are_unique_and_well_formed(design: Design) -> None:
    with pytest.raises(DesignError, match="id 's1' is already used"):
        design.add_rack(Rack("s1"))
    with pytest.raises(DesignError, match="invalid id"):
        design.add_rack(Rack("bad id with spaces"))
    assert design.new_id("s") == "s-1"
    design.add_rack(Rack("s-7"))
    assert design.new_id("s") == "s-8"


def test_unknown_hardware_is_kept_as_a_one_u_device(design: Design) -> None:
    design.add_device(Device("x1", "future-gpu-box", rack_id="r1", u=10), SPECS)
    assert design.spec_of("x1", SPECS).height_u == 1
    assert [n.code for n in design.notes(SPECS)] == ["unknown-hardware"]
    design.add_link(Link("l1", "x1/anything", "sw1/p1"), SPECS)  # ports of unknown hardware are not checked


def test_shrinking_a_rack_below_a_device_is_refused(design: Design) -> None:
    with pytest.raises(DesignError, match="cannot shrink to 40 U: device 'sw1' reaches U42"):
        design.resize_rack("r1", 40, SPECS)
    assert design.racks["r1"].height_u == 42


@pytest.mark.parametrize(("height", "budget"), [(0, 10.0), (61, 10.0), (42, 0.0), (42, -5.0), (42, float("nan"))])
def test_rack_figures_are_checked(height: int, budget: float) -> None:
    with pytest.raises(DesignError, match="must be"):
        Design().add_rack(Rack("r", height_u=height, power_budget_kw=budget))
