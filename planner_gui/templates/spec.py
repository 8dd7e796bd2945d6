"""What a template asks for: "16 x HGX H100 on NDR, rail-optimized", as data, checked against the catalog."""

from __future__ import annotations

from dataclasses import dataclass

from planner_gui.catalog import Catalog, CatalogEntry

TOPOLOGIES = ("single-switch", "leaf-spine", "rail-optimized")
COOLING_TYPES = ("air", "rdhx", "liquid")
# 12,500 8-GPU nodes = 100,000 GPUs, the scale issue 8 asks for (three switch tiers). Beyond it the
# generated hall (12-rack rows) gets deeper than single-mode DR optics reach (500 m, cables.json):
# at 16,384 nodes ~28,000 spine-core and storage runs would be too long.
MAX_NODES = 12_500
DEFAULT_RACK_KW = 25.0  # what plain air cooling removes per rack (catalog "air": 25 kW): fits by default


class TemplateError(ValueError):
    """The template cannot be built as asked; the message says what to change."""


@dataclass(frozen=True, slots=True)
class TemplateSpec:
    server_id: str
    nodes: int
    nic_id: str | None = None  # None: the server's default compute NIC
    nics_per_node: int | None = None  # None: the server's compute NIC slots
    topology: str = "rail-optimized"
    oversubscription: float = 1.0  # leaf downlink : uplink capacity
    rack_kw: float = DEFAULT_RACK_KW
    rack_u: int = 42
    cooling: str = "air"
    cooling_kw: float | None = None  # per-rack cooling capacity; None: the catalog figure for the cooling type
    row_length: int = 12  # racks per row before a new row starts
    storage: bool = True
    management: bool = True
    name: str | None = None


@dataclass(frozen=True, slots=True)
class ResolvedSpec:
    """A TemplateSpec with every catalog id looked up and every default filled in."""

    spec: TemplateSpec
    server: CatalogEntry
    nic: CatalogEntry
    nics_per_node: int
    fabric_switch: CatalogEntry


def resolve(spec: TemplateSpec, catalog: Catalog) -> ResolvedSpec:
    """Check the spec against the catalog; raise TemplateError saying exactly what is wrong."""
    server = _require(catalog, spec.server_id, "server", "--server")
    nic = _require(catalog, spec.nic_id or server["default_nic_id"], "nic", "--fabric")
    nics = server["compute_nic_slots"] if spec.nics_per_node is None else spec.nics_per_node
    if not 1 <= spec.nodes <= MAX_NODES:
        raise TemplateError(f"--nodes {spec.nodes}: give 1 to {MAX_NODES} nodes")
    if not 1 <= nics <= max(server["compute_nic_slots"], 1) or nics > 16:
        raise TemplateError(
            f"--nics-per-node {nics}: server {server.id!r} takes 1 to {server['compute_nic_slots']} compute NICs"
        )
    if spec.topology not in TOPOLOGIES:
        raise TemplateError(f"--topology {spec.topology!r}: choose one of {', '.join(TOPOLOGIES)}")
    if spec.cooling not in COOLING_TYPES:
        raise TemplateError(f"--cooling {spec.cooling!r}: choose one of {', '.join(COOLING_TYPES)}")
    if not 1.0 <= spec.oversubscription <= 16.0:
        raise TemplateError(f"--oversubscription {spec.oversubscription:g}: give a ratio from 1 (non-blocking) to 16")
    if not 1.0 <= spec.rack_kw <= 500.0:
        raise TemplateError(f"--rack-kw {spec.rack_kw:g}: give a rack power budget from 1 to 500 kW")
    if not 12 <= spec.rack_u <= 60:
        raise TemplateError(f"--rack-u {spec.rack_u}: give a rack height from 12 to 60 U")
    if server["height_u"] > spec.rack_u:
        raise TemplateError(f"server {server.id!r} is {server['height_u']} U, taller than a {spec.rack_u} U rack")
    if server["max_power_w"] / 1000.0 > spec.rack_kw:
        raise TemplateError(
            f"one {server.id!r} draws up to {server['max_power_w'] / 1000:.1f} kW, more than the rack budget "
            f"{spec.rack_kw:g} kW; raise --rack-kw (and consider --cooling liquid)"
        )
    if spec.cooling_kw is not None and not 1.0 <= spec.cooling_kw <= 500.0:
        raise TemplateError(f"--cooling-kw {spec.cooling_kw:g}: give a rack cooling capacity from 1 to 500 kW")
    if not 1 <= spec.row_length <= 100:
        raise TemplateError(f"row length {spec.row_length}: give 1 to 100 racks per row")
    switch = _require(catalog, nic["default_switch_id"], "switch", "the NIC's default switch")
    return ResolvedSpec(spec, server, nic, nics, switch)


def _require(catalog: Catalog, catalog_id: str, kind: str, option: str) -> CatalogEntry:
    try:
        return catalog.require(catalog_id, kind)
    except KeyError as error:
        raise TemplateError(f"{option}: {error.args[0]}") from None
