"""The template generator: real port counts, racks within power and height, every server reachable."""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

import networkx as nx
import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.io import load_design, save_design
from planner_gui.model import Design, Medium
from planner_gui.templates import TemplateError, TemplateSpec, generate_design
from planner_gui.templates.spec import MAX_NODES

CATALOG = bundled_catalog()


def compute_graph(design: Design) -> nx.Graph:
    graph = nx.Graph()
    for link in design.links.values():
        a, b = link.a.split("/")[0], link.b.split("/")[0]
        if design.port_spec(link.a, CATALOG).role in ("compute", "switch") and not link.a.endswith("/bmc") \
                and design.devices[a].id.startswith(("node", "fab")) and design.devices[b].id.startswith("fab"):
            graph.add_edge(a, b)
    return graph


def servers(design: Design) -> list[str]:
    return [d.id for d in design.devices.values() if CATALOG.require(d.catalog_id).kind == "server"]


def check_racks_and_ports(design: Design) -> None:
    """Every rack within its power budget and height; no switch uses more ports than it has."""
    for rack in design.racks.values():
        devices = design.devices_in_rack(rack.id)
        kw = sum(CATALOG.require(d.catalog_id)["max_power_w"] for d in devices) / 1000
        assert kw <= rack.power_budget_kw + 1e-9, f"{rack.id}: {kw:.1f} kW > {rack.power_budget_kw} kW"
        top = max((d.u or 0) + CATALOG.require(d.catalog_id)["height_u"] - 1 for d in devices)
        assert top <= rack.height_u
    used = Counter(ref.split("/")[0] for link in design.links.values() for ref in (link.a, link.b))
    for device_id, count in used.items():
        assert count <= len(design.spec_of(device_id, CATALOG).ports)


@pytest.mark.parametrize(("nodes", "topology"), [(2, "single-switch"), (16, "leaf-spine"), (32, "rail-optimized"),
                                                 (100, "leaf-spine"), (256, "rail-optimized")])
def test_generated_designs_are_complete_and_within_limits(nodes: int, topology: str) -> None:
    design = generate_design(CATALOG, TemplateSpec("dgx-h100", nodes, topology=topology, rack_kw=42.0))
    assert len(servers(design)) == nodes and all(d.placed for d in design.devices.values())
    check_racks_and_ports(design)
    graph = compute_graph(design)
    assert nx.is_connected(graph) and set(servers(design)) <= set(graph)
    assert all(design.link_on_port(f"{s}/cx{i}") for s in servers(design) for i in range(8))  # every NIC cabled
    assert all(design.link_on_port(f"{s}/bmc") for s in servers(design))  # management network reaches all


def test_superpod_scalable_unit_is_eight_rail_leaves_and_four_spines() -> None:
    """32 x DGX H100 on QM9700: 8 rail leaves (32 down, 32 up) and 4 spines, 8 links per leaf-spine pair,
    as in NVIDIA's DGX SuperPOD H100 reference architecture (docs.nvidia.com/dgx-superpod)."""
    design = generate_design(CATALOG, TemplateSpec("dgx-h100", 32, topology="rail-optimized"))
    leaves = sorted(d for d in design.devices if d.startswith("fab-leaf"))
    spines = sorted(d for d in design.devices if d.startswith("fab-spine"))
    assert (len(leaves), len(spines)) == (8, 4)
    leaf_of_rail = defaultdict(set)
    for node in servers(design):
        for rail in range(8):
            link = design.links[design.link_on_port(f"{node}/cx{rail}")]
            leaf_of_rail[rail].add(link.b.split("/")[0])
    assert all(len(leaf_set) == 1 for leaf_set in leaf_of_rail.values())  # rail i of every node on one leaf
    assert len({next(iter(s)) for s in leaf_of_rail.values()}) == 8
    pairs = Counter((link.a.split("/")[0], link.b.split("/")[0]) for link in design.links.values()
                    if link.a.startswith("fab-leaf") and link.b.startswith("fab-spine"))
    assert set(pairs.values()) == {8} and len(pairs) == 32


def test_oversubscription_sets_the_leaf_split() -> None:
    """2:1 on a 64-port leaf: floor(64 x 2/3) = 42 ports down, 22 up; whole 8-NIC nodes use 40 of the 42,
    which need exactly 20 uplinks for 2:1."""
    design = generate_design(CATALOG, TemplateSpec("dgx-h100", 64, topology="leaf-spine", oversubscription=2.0))
    leaf = min(d for d in design.devices if d.startswith("fab-leaf"))
    ports = Counter("down" if link.a.startswith("node") else "up" for link in design.links.values()
                    if leaf in (link.a.split("/")[0], link.b.split("/")[0]) and "mgmt" not in link.a + link.b)
    assert ports["down"] == 40 and ports["up"] == 20


def test_small_rail_design_shares_one_leaf() -> None:
    """4 nodes x 8 rails = 32 NICs: one 64-port leaf takes every rail, so no spine is needed."""
    design = generate_design(CATALOG, TemplateSpec("dgx-h100", 4, topology="rail-optimized"))
    assert [d for d in design.devices if d.startswith("fab")] == ["fab-leaf-1"]


def test_cables_fit_their_reach_and_racks_their_budget() -> None:
    design = generate_design(CATALOG, TemplateSpec("hgx-a100-80gb", 64, rack_kw=20.0, topology="leaf-spine"))
    reach = {Medium(e["medium"]): 0.0 for e in CATALOG.of_kind("cable")}
    for entry in CATALOG.of_kind("cable"):
        reach[Medium(entry["medium"])] = max(reach[Medium(entry["medium"])], entry["reach_m"])
    assert all(0 < link.length_m <= reach[link.medium] for link in design.links.values())
    assert Counter(link.medium for link in design.links.values())[Medium.DAC] > 0
    per_rack = Counter(d.rack_id for d in design.devices.values() if d.catalog_id == "hgx-a100-80gb")
    assert max(per_rack.values()) == 3  # 3 x 6.5 kW fits 20 kW, a fourth would not


def test_4096_nodes_need_three_tiers_and_stay_connected() -> None:
    """32,768 NICs on 64-port switches: 1,024 leaves in 32 pods of 32, 1,024 pod spines, 512 cores (k=64 fat tree)."""
    design = generate_design(CATALOG, TemplateSpec("dgx-h100", 4096, topology="rail-optimized"))
    kinds = Counter(d.split("-")[0] + "-" + d.split("-")[1] for d in design.devices if d.startswith("fab"))
    assert kinds == {"fab-leaf": 1024, "fab-spine": 1024, "fab-core": 512}
    check_racks_and_ports(design)
    assert nx.is_connected(compute_graph(design))


@pytest.mark.parametrize(("spec", "message"), [
    (TemplateSpec("dgx-h101", 4), r"--server: unknown server id 'dgx-h101' \(known server ids: "),
    (TemplateSpec("dgx-h100", 4, nic_id="qm9700"), "--fabric: unknown nic id 'qm9700'"),
    (TemplateSpec("dgx-h100", 4, nics_per_node=12), "--nics-per-node 12: server 'dgx-h100' takes 1 to 8"),
    (TemplateSpec("dgx-h100", 0), f"--nodes 0: give 1 to {MAX_NODES} nodes"),
    (TemplateSpec("dgx-h100", 16, topology="single-switch"), "128 NICs do not fit one qm9700 .64 ports.; use"),
    (TemplateSpec("dgx-h100", 4, rack_kw=8.0), "draws up to 10.2 kW, more than the rack budget 8 kW"),
    (TemplateSpec("dgx-h100", 4, topology="torus"), "--topology 'torus': choose one of"),
    (TemplateSpec("dgx-h100", 8192, nic_id="ib-hdr-200"), "pods, more than a three-tier fabric of qm8700"),
])
def test_impossible_templates_say_what_to_change(spec: TemplateSpec, message: str) -> None:
    with pytest.raises(TemplateError, match=message):
        generate_design(CATALOG, spec)


@pytest.mark.parametrize("server", sorted(e.id for e in CATALOG.of_kind("server")))
def test_every_catalog_server_builds_a_valid_two_node_design(server: str, tmp_path: Path) -> None:
    entry = CATALOG.require(server, "server")
    trays = int(entry.get("nvlink_domain_gpus") or 0) // int(entry["gpu_count"])
    nodes = max(2, trays)  # a rack-scale system is built in whole NVLink domains
    try:
        design = generate_design(CATALOG, TemplateSpec(server, nodes))
    except TemplateError as error:  # a refusal is fine when it says what to change; a crash is not
        assert str(error).strip(), server
        return
    assert sum(1 for d in design.devices.values() if d.catalog_id == server) == nodes
    path = tmp_path / f"{server}.cluster"
    save_design(design, path)
    assert len(load_design(path, CATALOG).design.links) == len(design.links)  # it loads back whole (no LoadError)
