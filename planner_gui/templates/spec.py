"""What a template asks for: "16 x HGX H100 on NDR, rail-optimized", as data, checked against the catalog."""

from __future__ import annotations

from dataclasses import dataclass, field

from planner_gui.catalog import Catalog, CatalogEntry
from planner_gui.model import Workload
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text

TOPOLOGIES = ("single-switch", "leaf-spine", "rail-optimized")
COOLING_TYPES = ("air", "rdhx", "liquid")
# 12,500 8-GPU nodes = 100,000 GPUs, the scale issue 8 asks for (three switch tiers). Beyond it the
# generated hall (12-rack rows) gets deeper than single-mode DR optics reach (500 m, cables.json):
# at 16,384 nodes ~28,000 spine-core and storage runs would be too long.
MAX_NODES = 12_500
MAX_GPUS = MAX_NODES * 8  # the same 100,000 GPUs in servers of fewer GPUs (25,000 four-GPU NVL72 trays)
DEFAULT_RACK_KW = 25.0  # what plain air cooling removes per rack (catalog "air": 25 kW): fits by default


# The option a catalog id came from and the kind of entry it must be, as the refusal names them: the CLI's
# flag in English (the New Design dialog's fields carry the same names), field and flag in Chinese.
OPTION_SERVER = QT_TRANSLATE_NOOP("Templates", "--server")
OPTION_FABRIC = QT_TRANSLATE_NOOP("Templates", "--fabric")
OPTION_NIC_SWITCH = QT_TRANSLATE_NOOP("Templates", "the NIC's default switch")
KIND_NAMES = {"server": QT_TRANSLATE_NOOP("Templates", "server"), "nic": QT_TRANSLATE_NOOP("Templates", "nic"),
              "switch": QT_TRANSLATE_NOOP("Templates", "switch")}


class TemplateError(ValueError):
    """The template cannot be built as asked; the message says what to change. It is a Text
    (model/messages.py): the New Design dialog, the sweep and a Chinese CLI show it translated."""


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
    # The training workload the design carries; its storage is sized from it (storage_sizing.py). None: the
    # design has none yet (sized for the default Workload()).
    workload: Workload | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class ResolvedSpec:
    """A TemplateSpec with every catalog id looked up and every default filled in."""

    spec: TemplateSpec
    server: CatalogEntry
    nic: CatalogEntry
    nics_per_node: int
    fabric_switch: CatalogEntry


def resolve(spec: TemplateSpec, catalog: Catalog) -> ResolvedSpec:
    """Check the spec against the catalog; raise TemplateError saying exactly what is wrong.

    The checks run in the order they always have (the first problem is the one reported): the node and
    NIC counts, the spec's choices and ranges, whether one server fits the rack, then the remaining limits.
    """
    server = _require(catalog, spec.server_id, "server", OPTION_SERVER.fill())
    nic = _require(catalog, spec.nic_id or server["default_nic_id"], "nic", OPTION_FABRIC.fill())
    nics = server["compute_nic_slots"] if spec.nics_per_node is None else spec.nics_per_node
    _check_counts(spec, server, nics)
    _check_choices(spec)
    _check_server_fits(spec, server)
    _check_limits(spec)
    switch = _require(catalog, nic["default_switch_id"], "switch", OPTION_NIC_SWITCH.fill())
    return ResolvedSpec(spec, server, nic, nics, switch)


# Compute NICs per node the generator cables: p5.48xlarge's 32 EFA devices are the most a catalog
# server has (aws.amazon.com/ec2/instance-types/p5/); the schema allows 32 slots.
MAX_TEMPLATE_NICS = 32


def _check_counts(spec: TemplateSpec, server: CatalogEntry, nics: int) -> None:
    most = max(MAX_NODES, MAX_GPUS // max(1, int(server["gpu_count"])))
    if not 1 <= spec.nodes <= most:
        raise TemplateError(QT_TRANSLATE_NOOP("Templates", "--nodes {nodes}: give 1 to {max_nodes} nodes").fill(
            nodes=spec.nodes, max_nodes=most))
    slots = min(max(server["compute_nic_slots"], 1), MAX_TEMPLATE_NICS)
    if not 1 <= nics <= slots:
        raise TemplateError(QT_TRANSLATE_NOOP(
            "Templates", "--nics-per-node {nics}: server {server!r} takes 1 to {slots} compute NICs").fill(
            nics=nics, server=server.id, slots=slots))


def _check_choices(spec: TemplateSpec) -> None:
    """The topology, the cooling, the ratio and the rack's budget and height, whatever the catalog holds."""
    if spec.topology not in TOPOLOGIES:
        raise TemplateError(QT_TRANSLATE_NOOP("Templates", "--topology {topology!r}: choose one of {choices}").fill(
            topology=spec.topology, choices=", ".join(TOPOLOGIES)))
    if spec.cooling not in COOLING_TYPES:
        raise TemplateError(QT_TRANSLATE_NOOP("Templates", "--cooling {cooling!r}: choose one of {choices}").fill(
            cooling=spec.cooling, choices=", ".join(COOLING_TYPES)))
    if not 1.0 <= spec.oversubscription <= 16.0:
        raise TemplateError(QT_TRANSLATE_NOOP(
            "Templates", "--oversubscription {ratio:g}: give a ratio from 1 (non-blocking) to 16").fill(
            ratio=spec.oversubscription))
    if not 1.0 <= spec.rack_kw <= 500.0:
        raise TemplateError(QT_TRANSLATE_NOOP(
            "Templates", "--rack-kw {kw:g}: give a rack power budget from 1 to 500 kW").fill(kw=spec.rack_kw))
    if not 12 <= spec.rack_u <= 60:
        raise TemplateError(QT_TRANSLATE_NOOP(
            "Templates", "--rack-u {u}: give a rack height from 12 to 60 U").fill(u=spec.rack_u))


def _check_server_fits(spec: TemplateSpec, server: CatalogEntry) -> None:
    if server["height_u"] > spec.rack_u:
        raise TemplateError(QT_TRANSLATE_NOOP("Templates", "server {server!r} is {height} U, taller than a {rack_u} U "
                                                           "rack").fill(
            server=server.id, height=server["height_u"], rack_u=spec.rack_u))
    if server["max_power_w"] / 1000.0 > spec.rack_kw:
        raise TemplateError(QT_TRANSLATE_NOOP(
            "Templates", "one {server!r} draws up to {kw:.1f} kW, more than the rack budget {budget:g} kW; raise "
                         "--rack-kw (and consider --cooling liquid)").fill(
            server=server.id, kw=server["max_power_w"] / 1000, budget=spec.rack_kw))


def _check_limits(spec: TemplateSpec) -> None:
    if spec.cooling_kw is not None and not 1.0 <= spec.cooling_kw <= 500.0:
        raise TemplateError(QT_TRANSLATE_NOOP(
            "Templates", "--cooling-kw {kw:g}: give a rack cooling capacity from 1 to 500 kW").fill(kw=spec.cooling_kw))
    if not 1 <= spec.row_length <= 100:
        raise TemplateError(QT_TRANSLATE_NOOP(
            "Templates", "row length {length}: give 1 to 100 racks per row").fill(length=spec.row_length))


def _require(catalog: Catalog, catalog_id: str, kind: str, option: Text) -> CatalogEntry:
    """The entry, or a TemplateError worded as Catalog.require's KeyError, but translatable."""
    entry = catalog.get(catalog_id)
    if entry is not None and entry.kind == kind:
        return entry
    name = KIND_NAMES[kind].fill()
    choices = ", ".join(e.id for e in catalog.of_kind(kind))
    if not choices:
        raise TemplateError(QT_TRANSLATE_NOOP("Templates", "{option}: unknown {kind} id {catalog_id!r}").fill(
            option=option, kind=name, catalog_id=catalog_id))
    raise TemplateError(QT_TRANSLATE_NOOP(
        "Templates", "{option}: unknown {kind} id {catalog_id!r} (known {kind} ids: {choices})").fill(
        option=option, kind=name, catalog_id=catalog_id, choices=choices))
