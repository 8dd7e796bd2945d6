"""Turn a TemplateSpec into a complete design: racks, servers, compute/storage/management fabrics, cables.

Servers are packed into racks within the power budget and height; each pod's leaf and spine
switches go into a network rack right after its servers (short cables), cores and storage last.
Every link gets a length from the rack positions and the cheapest medium whose reach covers it.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable
from datetime import UTC, datetime

from planner_gui.catalog import Catalog, CatalogEntry
from planner_gui.model import CoolingType, Design, DesignMeta, Device, DeviceSpec, Link, Workload
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text
from planner_gui.templates.clos import ClosPlan, leaf_port_split, plan_clos, spine_switch_for
from planner_gui.templates.oversubscription import oversubscription_note
from planner_gui.templates.rack_scale import KW_STEP as RACK_KW_STEP
from planner_gui.templates.rack_scale import RackScale, others_profile, rack_scale_for, rack_scale_spec
from planner_gui.templates.racks import MediumChooser, RackPacker, cable_length_m
from planner_gui.templates.spec import ResolvedSpec, TemplateError, TemplateSpec, resolve
from planner_gui.templates.storage_sizing import StoragePlan, plan_storage, storage_need

STORAGE_OVERSUBSCRIPTION = 2.0  # storage traffic is bursty; a 2:1 storage leaf is the common choice (estimate)
MANAGEMENT_OVERSUBSCRIPTION = 8.0  # 1G BMC traffic is tiny
# A non-blocking three-tier folded Clos of radix-R switches reaches R^3 / 4 endpoints: R pods of R/2
# leaves with R/2 downlinks each (Al-Fares et al., SIGCOMM 2008, the k-ary fat tree; clos.py builds it).
THREE_TIER_DIVISOR = 4


def generate_design(catalog: Catalog, spec: TemplateSpec) -> Design:
    """Build the whole design, or raise TemplateError saying which option to change."""
    return build_design(catalog, spec)[0]


def build_design(catalog: Catalog, spec: TemplateSpec) -> tuple[Design, tuple[Text, ...]]:
    """The design and what it could not build as asked (e.g. another oversubscription, and why); the notes are
    also appended to the design's own notes, so the file says it too."""
    resolved = resolve(spec, catalog)
    scale = rack_scale_for(catalog, resolved.server)
    others = None
    if scale is not None:
        others = others_profile(catalog, spec)
        spec = rack_scale_spec(spec, resolved, scale)
        resolved = dataclasses.replace(resolved, spec=spec)
    design = Design(meta=_meta(resolved))
    design.workload = spec.workload
    packer = RackPacker(design, catalog, spec.rack_u, spec.rack_kw, CoolingType(spec.cooling), spec.row_length,
                        spec.cooling_kw, others=others)
    server_ids = _server_ids(spec.nodes)
    compute = _compute_plan(catalog, resolved, server_ids)
    built = oversubscription_note(compute, spec.oversubscription, len(server_ids) * resolved.nics_per_node)
    notes = () if built is None else (built,)
    storage: list[tuple[str, str]] = []

    def shared() -> None:  # placed after the middle pod: every pod is at most half the hall away
        if spec.storage:
            storage.extend(_storage_network(design, catalog, packer, resolved, server_ids))

    _place_servers_and_pods(design, packer, resolved, server_ids, compute, shared, scale)
    links = list(compute.connections) + storage
    if spec.management:
        links += _management_network(design, catalog, packer)
    _add_links(design, catalog, links)
    if others is not None:
        packer.fit_budgets(RACK_KW_STEP)
    if notes:
        design.meta.notes = " ".join((design.meta.notes, *notes))
    return design, notes


def _meta(resolved: ResolvedSpec) -> DesignMeta:
    spec = resolved.spec
    now = datetime.now(UTC).replace(microsecond=0).isoformat()
    name = spec.name or (f"{spec.nodes} x {resolved.server['name']} on {resolved.nic['generation']} "
                         f"{spec.topology}")
    return DesignMeta(name=name, created=now, modified=now,
                      notes=f"Generated from template: {spec.nodes} x {spec.server_id}, {resolved.nic.id} x "
                            f"{resolved.nics_per_node}, {spec.topology}, {spec.oversubscription:g}:1")


def _server_ids(nodes: int) -> list[str]:
    digits = max(3, len(str(nodes)))
    return [f"node-{i + 1:0{digits}d}" for i in range(nodes)]


def _compute_plan(catalog: Catalog, resolved: ResolvedSpec, server_ids: list[str]) -> ClosPlan:
    spec, nic, nics = resolved.spec, resolved.nic, resolved.nics_per_node
    if len(server_ids) == 1 and spec.topology != "single-switch":
        return ClosPlan()  # one node talks over NVLink/PCIe only: a compute switch would carry nothing
    endpoints = len(server_ids) * nics
    leaf = resolved.fabric_switch
    single = spec.topology == "single-switch"
    down, up = leaf_port_split(leaf, nic["speed_gbps"], spec.oversubscription, needs_uplinks=not single)
    if single:
        if endpoints > len(down):
            raise TemplateError(QT_TRANSLATE_NOOP(
                "Templates", "{endpoints} NICs do not fit one {switch} ({ports} ports); use --topology leaf-spine "
                             "or rail-optimized").fill(endpoints=endpoints, switch=leaf.id, ports=len(down)))
        members = [[f"{s}/cx{i}" for s in server_ids for i in range(nics)]]
    elif spec.topology == "rail-optimized":
        members = _rail_members(server_ids, nics, whole_ratio_fill(len(down), spec.oversubscription))
    else:
        flat = [f"{s}/cx{i}" for s in server_ids for i in range(nics)]
        per_leaf = max(nics, len(down) // nics * nics)  # whole nodes per leaf: no node straddles two leaves
        members = [flat[i:i + per_leaf] for i in range(0, len(flat), per_leaf)]
    if len(members) == 1:
        down = down + up  # a lone leaf needs no uplinks: all its ports serve endpoints
        up = []
    spine = spine_switch_for(catalog, leaf, _speed_of(leaf, up[0])) if up else None
    try:
        return plan_clos("fab", members, leaf, down, up, spine, spec.oversubscription)
    except TemplateError as error:
        fabrics = _bigger_fabrics(catalog, endpoints)
        if fabrics is None:
            raise
        raise TemplateError(QT_TRANSLATE_NOOP(
            "Templates", "{reason}. For {endpoints:,} NICs in three tiers choose a fabric with a larger switch: "
                         "{fabrics}").fill(reason=error.args[0], endpoints=endpoints, fabrics=fabrics)) from None


def whole_ratio_fill(ports: int, oversubscription: float) -> int:
    """Downlinks a rail leaf fills: for a whole ratio the largest multiple of it, so the leaf needs a whole
    number of uplinks (51 ports at 4:1: 48 nodes and 12 uplinks, not 51 and 12.75)."""
    ratio = round(oversubscription)
    if ratio < 2 or not math.isclose(oversubscription, ratio) or ports < ratio:
        return ports
    return ports - ports % ratio


def servers_per_unit(catalog: Catalog, spec: TemplateSpec) -> int:
    """The design's scale unit in servers: a size that is a whole multiple of it leaves no leaf port idle.

    Rail-optimized: a group of nodes fills one leaf per rail (``whole_ratio_fill`` of the leaf's downlinks,
    32 nodes on a 64-port NDR leaf at 1:1, NVIDIA's DGX SuperPOD scalable unit); leaf-spine: the whole nodes
    one leaf takes; single-switch: one server; rack-scale systems: one NVLink domain of trays."""
    resolved = resolve(spec, catalog)
    scale = rack_scale_for(catalog, resolved.server)
    if scale is not None:
        return scale.trays
    if spec.topology == "single-switch":
        return 1
    down, _ = leaf_port_split(resolved.fabric_switch, resolved.nic["speed_gbps"], spec.oversubscription,
                              needs_uplinks=True)
    if spec.topology == "rail-optimized":
        return max(1, whole_ratio_fill(len(down), spec.oversubscription))
    return max(1, len(down) // resolved.nics_per_node)


FABRICS_NAMED = 5  # fabrics a "choose a larger switch" hint names before counting the rest


def _bigger_fabrics(catalog: Catalog, endpoints: int) -> Text | None:
    """The catalog fabrics whose switches reach ``endpoints`` NICs in three tiers (None: there are none)."""
    fits = []
    for nic in catalog.of_kind("nic"):
        switch = catalog.get(nic["default_switch_id"])
        if switch is None or switch.kind != "switch" or switch["role"] != "fabric":
            continue
        radix = sum(g["count"] for g in switch["port_groups"] if g["speed_gbps"] == nic["speed_gbps"])
        if radix ** 3 // THREE_TIER_DIVISOR >= endpoints:
            fits.append((radix, nic.id, switch.id))
    named = [QT_TRANSLATE_NOOP("Templates", "--fabric {nic} ({switch}, {ports} ports)").fill(
        nic=nic_id, switch=switch_id, ports=radix) for radix, nic_id, switch_id in sorted(fits)]
    if not named:
        return None
    shown = _listed(named[:FABRICS_NAMED])
    if len(named) > FABRICS_NAMED:  # a user catalog can hold hundreds: a hint names a few, then counts
        return QT_TRANSLATE_NOOP("Templates", "{items} and {count} more").fill(items=shown,
                                                                                count=len(named) - FABRICS_NAMED)
    return shown


def _listed(items: list[Text]) -> Text:
    """``a, b, c`` as one Text whose items and separators translate (a str join would drop the Texts).
    Each item nests the list before it, so keep lists short (rendering recurses once per item)."""
    joined = items[0]
    for item in items[1:]:
        joined = QT_TRANSLATE_NOOP("Templates", "{items}, {item}").fill(items=joined, item=item)
    return joined


def _rail_members(server_ids: list[str], nics: int, ports_per_leaf: int) -> list[list[str]]:
    """Leaves ordered (node group, rail): NIC i of every node in a group shares a leaf.

    A group is as many nodes as a leaf has downlinks; when a group is smaller than that (a small
    cluster), one leaf takes several whole rails, so 4 nodes x 8 rails still need one switch.
    """
    group_size = min(len(server_ids), ports_per_leaf)
    rails_per_leaf = max(1, ports_per_leaf // group_size)
    members = []
    for start in range(0, len(server_ids), group_size):
        chunk = server_ids[start:start + group_size]
        for first_rail in range(0, nics, rails_per_leaf):
            rails = range(first_rail, min(nics, first_rail + rails_per_leaf))
            members.append([f"{s}/cx{rail}" for rail in rails for s in chunk])
    return members


def _speed_of(entry: CatalogEntry, port: str) -> float:
    for group in entry["port_groups"]:
        if port.startswith(group["prefix"]) and port[len(group["prefix"]):].isdigit():
            return float(group["speed_gbps"])
    raise TemplateError(QT_TRANSLATE_NOOP("Templates", "{switch} has no port {port!r}").fill(switch=entry.id,
                                                                                           port=port))


def _place_servers_and_pods(design: Design, packer: RackPacker, resolved: ResolvedSpec, server_ids: list[str],
                            plan: ClosPlan, shared: Callable[[], None], scale: RackScale | None = None) -> None:
    """Each pod's servers, then its leaves and spines in a network rack beside them; the cores and
    ``shared`` (the storage network) after the middle pod, so that no run to them is longer than half
    the hall (at 12,500 nodes a hall of 12-rack rows is ~900 m deep, beyond a 500 m single-mode DR
    link; placed at the end they overran it). With one pod this is the end, as before."""
    nodes_per_pod = math.ceil(len(server_ids) / plan.pods)
    switches_by_pod: dict[int, list] = {}
    for switch in plan.switches:
        switches_by_pod.setdefault(switch.pod, []).append(switch)
    reserve = 1 if resolved.spec.management else 0
    middle = (plan.pods - 1) // 2
    index = 0
    for pod in range(plan.pods):
        for server_id in server_ids[pod * nodes_per_pod:(pod + 1) * nodes_per_pod]:
            device = Device(server_id, resolved.server.id, name=server_id, nic_id=resolved.nic.id,
                            nic_count=resolved.nics_per_node)
            if scale is None:
                packer.place(device, "compute", top_reserve_u=reserve)
            else:  # whole NVLink domains, one rack each (rack_scale.py)
                scale.place(packer, device, index, reserve)
            index += 1
        _place_switches(packer, switches_by_pod.get(pod, []))
        if pod == middle:
            _place_switches(packer, switches_by_pod.get(-1, []))
            shared()


def _place_switches(packer: RackPacker, switches: Iterable) -> None:
    for switch in switches:
        packer.place(Device(switch.id, switch.entry.id, name=switch.id), "network")


def _storage_network(design: Design, catalog: Catalog, packer: RackPacker, resolved: ResolvedSpec,
                     server_ids: list[str]) -> list[tuple[str, str]]:
    count = resolved.server["storage_nic_count"]
    speed = float(resolved.server["storage_nic_gbps"])
    if count == 0 or speed <= 0:  # no storage NIC (a cloud instance: its storage is the provider's service)
        return []
    plan = _storage_plan(design, catalog, resolved, len(server_ids))
    if plan is None:
        return []
    storage = plan.entry
    switch = _switch_with_speed(catalog, "ethernet", speed, role="fabric")
    storage_ids = [f"storage-{i + 1:02d}" for i in range(plan.count)]
    for storage_id in storage_ids:
        packer.place(Device(storage_id, storage.id, name=storage_id), "storage")
    storage_spec = catalog.device_spec(storage.id)
    endpoints = [f"{s}/st{i}" for s in server_ids for i in range(count)]
    endpoints += [f"{sid}/{p.name}" for sid in storage_ids for p in storage_spec.ports if p.role == "storage"]
    return _flat_clos(catalog, packer, "stor", switch, endpoints, speed, STORAGE_OVERSUBSCRIPTION, "storage")


def _storage_plan(design: Design, catalog: Catalog, resolved: ResolvedSpec, nodes: int) -> StoragePlan | None:
    """The shared storage the design's workload needs (storage_sizing.py), not a fixed block per nodes; a
    design without one yet is sized for the default workload (Workload(), a 6.7 B-parameter model), and the
    analysis checks the storage again once a workload is set (training-data-starved, -checkpoint-slow)."""
    server = resolved.server
    gpu = catalog.require(server["gpu_id"])
    workload = design.workload if design.workload is not None else Workload()
    need = storage_need(workload, nodes * int(server["gpu_count"]), gpu, nodes,
                        float(server.get("nvme_read_gbs") or 0.0), float(server.get("nvme_tb") or 0.0))
    return plan_storage(catalog, need)


def _management_network(design: Design, catalog: Catalog, packer: RackPacker) -> list[tuple[str, str]]:
    switch = next((e for e in catalog.of_kind("switch") if e["role"] == "management"), None)
    if switch is None:
        return []
    endpoints = [f"{d.id}/{p.name}" for d in design.devices.values()
                 for p in catalog.device_spec(d.catalog_id, d.nic_id, d.nic_count).ports if p.role == "management"]
    # The management switches' own mgmt ports stay unconnected: they are managed in-band.
    return _flat_clos(catalog, packer, "mgmt", switch, endpoints, 1.0, MANAGEMENT_OVERSUBSCRIPTION, "network")


def _flat_clos(catalog: Catalog, packer: RackPacker, prefix: str, leaf: CatalogEntry, endpoints: list[str],
               speed: float, oversubscription: float, purpose: str) -> list[tuple[str, str]]:
    down, up = leaf_port_split(leaf, speed, oversubscription, needs_uplinks=True)
    members = [endpoints[i:i + len(down)] for i in range(0, len(endpoints), len(down))]
    if len(members) == 1:
        down, up = down + up, []
    spine = spine_switch_for(catalog, leaf, _speed_of(leaf, up[0])) if up else None
    plan = plan_clos(prefix, members, leaf, down, up, spine)
    for switch in plan.switches:
        packer.place(Device(switch.id, switch.entry.id, name=switch.id), purpose)
    return plan.connections


def _switch_with_speed(catalog: Catalog, technology: str, speed: float, role: str) -> CatalogEntry:
    candidates = [e for e in catalog.of_kind("switch")
                  if e["technology"] == technology and e["role"] == role
                  and any(g["speed_gbps"] == speed for g in e["port_groups"])]
    if not candidates:
        raise TemplateError(QT_TRANSLATE_NOOP("Templates", "no {technology} switch with {speed:g}G ports in the "
                                                           "catalog").fill(technology=technology, speed=speed))
    return max(candidates, key=lambda e: (sum(g["count"] for g in e["port_groups"] if g["speed_gbps"] == speed), e.id))


def _add_links(design: Design, catalog: Catalog, connections: list[tuple[str, str]]) -> None:
    chooser = MediumChooser(catalog)
    heights = {e.id: int(e["height_u"]) for e in catalog if "height_u" in e.data}
    digits = len(str(len(connections)))
    spec_cache: dict[str, DeviceSpec] = {}  # every device is placed before any link is added
    links = []
    for index, (a, b) in enumerate(connections):
        port = design.port_spec(a, catalog, spec_cache=spec_cache)
        length = cable_length_m(design, a.partition("/")[0], b.partition("/")[0], heights)
        link = Link(f"link-{index + 1:0{digits}d}", a, b, length_m=length)
        if port is not None:
            link.medium = chooser.choose(port.technology, port.speed_gbps, length)
        links.append(link)
    refused = design.add_links(links, catalog)
    if refused:  # a generator bug, not a user error: say which link and why
        index, error = refused[0]
        raise TemplateError(QT_TRANSLATE_NOOP("Templates", "internal: generated link {link} was refused: {error}").fill(
            link=links[index].id, error=str(error)))
