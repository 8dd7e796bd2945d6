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


# ----- many links at once (loading, generating): model/bulk_links.py -----------------------------
def _fabric() -> Design:
    """Four servers (2 ports each), two 4-port switches, an Ethernet switch and unknown hardware."""
    d = Design()
    d.add_rack(Rack("r1", height_u=42))
    for i in range(4):
        d.add_device(Device(f"s{i}", "server-4u", rack_id="r1", u=1 + 4 * i), SPECS)
    for i, catalog_id in enumerate(("switch-1u", "switch-1u", "eth-switch", "future-box")):
        d.add_device(Device(f"w{i}", catalog_id, rack_id="r1", u=42 - i), SPECS)
    return d


def _good_links() -> list[Link]:
    return [Link(f"l{i}", f"s{i // 2}/cx{i % 2}", f"w{i % 2}/p{i // 2}", length_m=float(i)) for i in range(8)]


def _one_by_one(design: Design, links: list[Link]) -> list[tuple[int, str]]:
    refused = []
    for index, link in enumerate(links):
        try:
            design.add_link(link, SPECS)
        except DesignError as error:
            refused.append((index, str(error)))
    return refused


# Each replaces link 3 of the good batch (or appends a link) with one add_link refuses, or accepts
# only on its closer look; the batch must then give exactly what one-by-one adds give.
ODD_LINKS = {
    "invalid id": Link("bad id", "s1/cx1", "w1/p1"),
    "id with a trailing newline": Link("l3\n", "s1/cx1", "w1/p1"),
    "id used twice in the batch": Link("l0", "s1/cx1", "w1/p1"),
    "id of a device": Link("s0", "s1/cx1", "w1/p1"),
    "id of a rack": Link("r1", "s1/cx1", "w1/p1"),
    "port used twice in the batch": Link("l3", "s1/cx1", "w0/p0"),
    "no such device": Link("l3", "ghost/cx1", "w1/p1"),
    "no such port": Link("l3", "s1/cx9", "w1/p1"),
    "no separator": Link("l3", "s1-cx1", "w1/p1"),
    "two separators": Link("l3", "s1/cx1/x", "w1/p1"),
    "same device": Link("l3", "s1/cx1", "s1/cx0"),
    "infiniband to ethernet": Link("l3", "s1/cx1", "w2/e0"),
    "unknown hardware": Link("l3", "s1/cx1", "w3/anything"),
    "NaN length": Link("l3", "s1/cx1", "w1/p1", length_m=float("nan")),
    "negative length": Link("l3", "s1/cx1", "w1/p1", length_m=-1.0),
    "huge length": Link("l3", "s1/cx1", "w1/p1", length_m=10**400),
    "boolean length": Link("l3", "s1/cx1", "w1/p1", length_m=True),  # type: ignore[arg-type]
    "text length": Link("l3", "s1/cx1", "w1/p1", length_m="2"),  # type: ignore[arg-type]
    "integer length": Link("l3", "s1/cx1", "w1/p1", length_m=3),
    "id that is not text": Link(3, "s1/cx1", "w1/p1"),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("case", sorted(ODD_LINKS))
def test_a_batch_gives_what_adding_each_link_gives(case: str) -> None:
    links = _good_links()
    links[3] = ODD_LINKS[case]
    batch, single = _fabric(), _fabric()
    refused = [(index, str(error)) for index, error in batch.add_links(links, SPECS)]
    assert refused == _one_by_one(single, links)
    assert list(batch.links.items()) == list(single.links.items())
    assert batch._port_link == single._port_link


def test_a_batch_on_a_design_with_links_checks_the_ports_in_use() -> None:
    batch, single = _fabric(), _fabric()
    for design in (batch, single):
        design.add_link(Link("first", "s3/cx1", "w1/p3"), SPECS)
    links = [*_good_links()[:6], Link("l7", "s3/cx0", "w1/p3")]  # w1/p3 is taken
    refused = [(index, str(error)) for index, error in batch.add_links(links, SPECS)]
    assert refused == _one_by_one(single, links) == [(6, "link 'l7': port w1/p3 already carries link 'first'")]
    assert batch._port_link == single._port_link and list(batch.links) == list(single.links)


def test_the_port_index_of_a_loaded_design_is_built_when_first_asked() -> None:
    """A good batch is inserted whole and the port index waits; a link removed before it is built
    is not in it, and adding a link on a port in use is still refused."""
    design = _fabric()
    assert design.add_links(_good_links(), SPECS) == []
    assert design._ports is None
    design.remove_link("l0")
    assert design.link_on_port("s0/cx0") is None and design.link_on_port("s0/cx1") == "l1"
    assert len(design._port_link) == 2 * 7
    with pytest.raises(DesignError, match=r"port w0/p1 already carries link 'l2'"):
        design.add_link(Link("again", "s0/cx0", "w0/p1"), SPECS)


def _links_by_scan(design: Design, device_id: str) -> list[str]:
    return sorted(link.id for link in design.links.values()
                  if device_id in (link.a.partition("/")[0], link.b.partition("/")[0]))


def test_the_links_of_a_device_follow_every_way_links_come_and_go() -> None:
    """links_of (an index per device, so that deleting a spine scans no other link) agrees with a scan of
    every link after single adds, bulk adds into an empty and a cabled design, removals and a device removal."""
    d = _fabric()
    links = _good_links()
    assert d.add_links(links[:4], SPECS) == []  # bulk, into a design with no links
    assert d.links_of("s0") == _links_by_scan(d, "s0") == ["l0", "l1"]
    d.add_link(links[4], SPECS)  # one at a time, once the index exists
    d.remove_link("l1")
    assert d.add_links(links[5:], SPECS) == []  # bulk, into a cabled design
    for device_id in d.devices:
        assert d.links_of(device_id) == _links_by_scan(d, device_id), device_id
    removed = d.remove_device("w0")
    assert sorted(link.id for link in removed) == ["l0", "l2", "l4", "l6"]
    assert all(d.links_of(device_id) == _links_by_scan(d, device_id) for device_id in d.devices)
    assert d.links_of("w0") == [] and d.links_of("no such device") == []


def _port_index_by_scan(design: Design) -> dict[str, str]:
    return {ref: link.id for link in design.links.values() for ref in (link.a, link.b)}


def test_indexes_built_a_step_at_a_time_with_edits_between_equal_a_build_at_once() -> None:
    """prepare_indexes files a few links per call (the GUI's turns of the event loop); links removed
    between the steps, before or after their turn, are in neither index, and an add or a lookup of a
    port in the middle finishes the build so that it sees every port in use."""
    d = _fabric()
    assert d.add_links(_good_links(), SPECS) == []
    assert d._ports is None and d._links_by_device is None  # a bulk load builds nothing
    assert d.prepare_indexes(3) is False  # l0-l2 filed
    d.remove_link("l1")  # filed already: taken out again
    d.remove_link("l5")  # not filed yet: skipped when its turn comes
    assert d.prepare_indexes(3) is False
    assert d.prepare_indexes(3) is True
    assert d.prepare_indexes(3) is True  # complete: nothing more to do
    assert d._port_link == _port_index_by_scan(d)
    assert all(d.links_of(device_id) == _links_by_scan(d, device_id) for device_id in d.devices)
    assert "l5" not in d.links_of("s2") and d.link_on_port("s2/cx1") is None

    d2 = _fabric()
    assert d2.add_links(_good_links()[:6], SPECS) == []
    assert d2.prepare_indexes(2) is False
    with pytest.raises(DesignError, match=r"port w1/p2 already carries link 'l5'"):  # l5 was not filed yet
        d2.add_link(Link("again", "s3/cx0", "w1/p2"), SPECS)
    d2.add_link(_good_links()[6], SPECS)
    assert d2.prepare_indexes(2) is True  # the add finished the build
    assert d2._port_link == _port_index_by_scan(d2)
    assert all(d2.links_of(device_id) == _links_by_scan(d2, device_id) for device_id in d2.devices)


def test_a_batch_added_to_a_cabled_design_keeps_its_device_index() -> None:
    """A paste of links into a design whose device index is built files them there (the next delete of
    a device must not build it again from every link: ~0.3 s at 4,096 nodes)."""
    d = _fabric()
    links = _good_links()
    assert d.add_links(links[:4], SPECS) == [] and d.prepare_indexes(None)
    index = d._links_by_device
    assert d.add_links(links[4:6], SPECS) == []  # all good: inserted whole
    bad = [links[6], Link("l9", "s0/cx0", "w1/p3")]  # s0/cx0 is taken: one by one
    assert [i for i, _ in d.add_links([*bad, links[7]], SPECS)] == [1]
    assert d._links_by_device is index
    assert all(d.links_of(device_id) == _links_by_scan(d, device_id) for device_id in d.devices)
