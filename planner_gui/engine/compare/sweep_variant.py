"""The design a sweep builds at one value: the template spec read off a design, one field changed,
regenerated, with the design's own settings carried over. Pure Python, no Qt.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from typing import Any

from planner_gui.engine.analysis import Analysis
from planner_gui.engine.sections.training import error_message
from planner_gui.model import Design, Medium, Workload
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.templates import TemplateError, TemplateSpec, generate_design
from planner_gui.templates.spec import MAX_NODES

# templates/spec.py resolve(): the ranges the generator accepts
OVERSUBSCRIPTION_RANGE = (1.0, 16.0)
RATIO_DECIMALS = 2  # a measured 1.0000001:1 leaf is a 1:1 leaf
LEAF_TIER = 1  # TierSummary.tier of the leaves (topology_results.py)


def base_spec(design: Design, catalog: Any, analysis: Analysis | None) -> TemplateSpec:
    """The template spec that would rebuild ``design`` (its most common choice of each field)."""
    servers = Counter(d.catalog_id for d in design.devices.values()
                      if _kind(catalog, d.catalog_id) == "server")
    if not servers:
        raise ValueError(QT_TRANSLATE_NOOP(
            "Engine", "design {name!r} has no GPU servers the catalog knows; a sweep rebuilds the design around its "
                      "servers, so add some first").fill(name=design.meta.name))
    server_id = servers.most_common(1)[0][0]
    fitted = Counter((d.nic_id, d.nic_count) for d in design.devices.values() if d.catalog_id == server_id)
    nic_id, nic_count = fitted.most_common(1)[0][0]
    server_racks = {d.rack_id for d in design.devices.values() if d.catalog_id == server_id and d.rack_id}
    racks = [r for r in design.racks.values() if r.id in server_racks] or list(design.racks.values())
    defaults = TemplateSpec(server_id, 1)
    return TemplateSpec(
        server_id=server_id, nodes=min(servers[server_id], MAX_NODES), nic_id=nic_id, nics_per_node=nic_count,
        topology=_topology(analysis), oversubscription=_oversubscription(analysis),
        rack_kw=_top(Counter(r.power_budget_kw for r in racks), defaults.rack_kw),
        rack_u=_top(Counter(r.height_u for r in racks), defaults.rack_u),
        cooling=str(_top(Counter(r.cooling for r in racks), defaults.cooling)),
        cooling_kw=_top(Counter(r.cooling_capacity_kw for r in racks), None),
        storage=any(_kind(catalog, d.catalog_id) == "storage" for d in design.devices.values()),
        management=any(link.medium == Medium.UTP for link in design.links.values()),
        name=design.meta.name)


def _top(counter: Counter[Any], default: Any) -> Any:
    return counter.most_common(1)[0][0] if counter else default


def _kind(catalog: Any, catalog_id: str) -> str:
    entry = catalog.get(catalog_id)
    return "" if entry is None else str(entry.kind)


def _topology(analysis: Analysis | None) -> str:
    topo = None if analysis is None else analysis.topology
    if topo is None or topo.switch_tiers == 0 or topo.rails.rail_optimized:
        return "rail-optimized"  # one node needs no fabric; the generator's default otherwise
    if topo.switch_tiers == 1 and topo.fabric_switches == 1:
        return "single-switch"
    return "leaf-spine"


def _oversubscription(analysis: Analysis | None) -> float:
    topo = None if analysis is None else analysis.topology
    leaf = next((t for t in topo.tiers if t.tier == LEAF_TIER), None) if topo is not None else None
    ratio = leaf.oversubscription_typical if leaf is not None else None
    low, high = OVERSUBSCRIPTION_RANGE
    return round(min(high, max(low, ratio or low)), RATIO_DECIMALS)


def changed_spec(spec: TemplateSpec, catalog: Any, param: str, value: Any) -> TemplateSpec:
    """``spec`` with one parameter set; ValueError when the catalog has nothing for the value."""
    if param == "nodes":
        return dataclasses.replace(spec, nodes=int(value))
    if param == "oversubscription":
        return dataclasses.replace(spec, oversubscription=float(value))
    if param == "rack_kw":
        return dataclasses.replace(spec, rack_kw=float(value))
    if param == "nic":
        return dataclasses.replace(spec, nic_id=str(value), nics_per_node=None)
    if param == "server":
        return dataclasses.replace(spec, server_id=str(value), nic_id=None, nics_per_node=None)
    if param == "nic_gbps":
        return dataclasses.replace(spec, nic_id=nic_at_speed(spec, catalog, float(value)))
    raise KeyError(QT_TRANSLATE_NOOP("Engine", "unknown sweep parameter {param!r}").fill(param=param))


def nic_at_speed(spec: TemplateSpec, catalog: Any, gbps: float) -> str:
    """The catalog NIC of the spec's technology at ``gbps`` (the same family first: ib-, roce-)."""
    nic_id = spec.nic_id or catalog.require(spec.server_id, "server")["default_nic_id"]
    current = catalog.require(nic_id, "nic")
    same_tech = [e for e in catalog.of_kind("nic") if e.get("technology") == current.get("technology")]
    matches = sorted((e for e in same_tech if float(e["speed_gbps"]) == gbps),
                     key=lambda e: (e.id.split("-")[0] != current.id.split("-")[0], e.id))
    if not matches:
        speeds = ", ".join(f"{s:g}" for s in sorted({float(e["speed_gbps"]) for e in same_tech}))
        raise ValueError(QT_TRANSLATE_NOOP(
            "Engine", "the catalog has no {technology} NIC at {gbps:g} Gb/s; available: {speeds} Gb/s").fill(
            technology=current.get("technology"), gbps=gbps, speeds=speeds))
    return str(matches[0].id)


def make_variant(design: Design, catalog: Any, spec: TemplateSpec, param: str,
                 value: Any) -> tuple[Design, str]:
    """The design at ``param = value`` and a note on anything adjusted ("" if nothing was)."""
    changed = changed_spec(spec, catalog, param, value)
    note = ""
    try:
        built = generate_design(catalog, changed)
    except TemplateError as error:
        if param != "nodes" or changed.topology != "single-switch":
            raise
        fallback = "rail-optimized" if (changed.nics_per_node or 1) > 1 else "leaf-spine"
        built = generate_design(catalog, dataclasses.replace(changed, topology=fallback))
        note = QT_TRANSLATE_NOOP("Engine", "built as {topology}: {reason}").fill(topology=fallback,
                                                                                   reason=error_message(error))
    built.meta = dataclasses.replace(design.meta, name=f"{design.meta.name} — {param} = {value}")
    built.fabric = copy.deepcopy(design.fabric)
    built.cost = copy.deepcopy(design.cost)
    built.workload = _workload(design.workload, built, catalog, param)
    return built, note


def _workload(workload: Workload | None, built: Design, catalog: Any, param: str) -> Workload | None:
    """The design's workload; when the GPU count may have changed, dp fills the new cluster."""
    if workload is None or param not in ("nodes", "server"):
        return copy.deepcopy(workload)
    gpus = sum(int(catalog.require(d.catalog_id)["gpu_count"]) for d in built.devices.values()
               if _kind(catalog, d.catalog_id) == "server")
    replica = workload.tp * workload.pp * workload.cp
    dp = gpus // replica
    if workload.ep > 1:
        dp = dp // workload.ep * workload.ep
    if dp < 1:
        return copy.deepcopy(workload)  # too few GPUs for one replica: the analysis says so
    step = workload.micro_batch * dp
    batch = -(-workload.global_batch // step) * step
    return dataclasses.replace(workload, dp=dp, global_batch=batch)
