"""The inspector's forms: which fields each kind of object shows, with labels, units and choices."""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QWidget

from planner_gui.catalog import Catalog
from planner_gui.model import CoolingType, Currency, Design, Medium, Precision, Recompute
from planner_gui.ui.panels.inspector_fields import FieldSpec, FormPage

UNPLACED = ""  # the rack choice of a device that is in no rack (None cannot be combo data)
DESIGN_SECTIONS = ("meta", "fabric", "workload", "cost")
COOLING_NAMES = {
    CoolingType.AIR: QT_TRANSLATE_NOOP("Inspector", "Air"),
    CoolingType.RDHX: QT_TRANSLATE_NOOP("Inspector", "Rear-door heat exchanger"),
    CoolingType.LIQUID: QT_TRANSLATE_NOOP("Inspector", "Direct liquid (cold plates)"),
}
MEDIUM_NAMES = {
    Medium.DAC: QT_TRANSLATE_NOOP("Inspector", "DAC (passive copper)"),
    Medium.ACC: QT_TRANSLATE_NOOP("Inspector", "ACC (active copper)"),
    Medium.AOC: QT_TRANSLATE_NOOP("Inspector", "AOC (active optical)"),
    Medium.MMF: QT_TRANSLATE_NOOP("Inspector", "Multimode optics (SR)"),
    Medium.SMF: QT_TRANSLATE_NOOP("Inspector", "Single-mode optics (DR/FR)"),
    Medium.UTP: QT_TRANSLATE_NOOP("Inspector", "Twisted pair (RJ45)"),
}

RECOMPUTE_NAMES = {  # English shows the value itself (as the CLI and the file write it)
    Recompute.NONE: QT_TRANSLATE_NOOP("Inspector", "none"),
    Recompute.SELECTIVE: QT_TRANSLATE_NOOP("Inspector", "selective"),
    Recompute.FULL: QT_TRANSLATE_NOOP("Inspector", "full"),
}


def _choices(kind: type[Enum], names: dict | None = None) -> tuple[tuple[str, str], ...]:
    """(shown text, value) per member; FormPage translates the shown text in the "Inspector" context."""
    return tuple(((names or {}).get(member, str(member.value)), str(member.value)) for member in kind)


RACK_FIELDS = [
    FieldSpec("name", QT_TRANSLATE_NOOP("Inspector", "Name"), "text"),
    FieldSpec("row", QT_TRANSLATE_NOOP("Inspector", "Row"), "text",
              tooltip=QT_TRANSLATE_NOOP("Inspector", "Row label on the floor plan, e.g. A")),
    FieldSpec("position", QT_TRANSLATE_NOOP("Inspector", "Position in row"), "int",
              tooltip=QT_TRANSLATE_NOOP("Inspector", "1 is the leftmost rack of the row")),
    FieldSpec("height_u", QT_TRANSLATE_NOOP("Inspector", "Height (U)"), "int"),
    FieldSpec("power_budget_kw", QT_TRANSLATE_NOOP("Inspector", "Power budget (kW)"), "float"),
    FieldSpec("cooling", QT_TRANSLATE_NOOP("Inspector", "Cooling"), "choice", _choices(CoolingType, COOLING_NAMES)),
    FieldSpec(
        "cooling_capacity_kw",
        QT_TRANSLATE_NOOP("Inspector", "Cooling capacity (kW)"),
        "float",
        optional=True,
        placeholder=QT_TRANSLATE_NOOP("Inspector", "catalog figure for the cooling type"),
        tooltip=QT_TRANSLATE_NOOP("Inspector", "Leave empty to use the catalog's capacity for this cooling type"),
    ),
]
LINK_FIELDS = [
    FieldSpec("a", QT_TRANSLATE_NOOP("Inspector", "End A"), "readonly"),
    FieldSpec("b", QT_TRANSLATE_NOOP("Inspector", "End B"), "readonly"),
    FieldSpec("medium", QT_TRANSLATE_NOOP("Inspector", "Medium"), "choice", _choices(Medium, MEDIUM_NAMES)),
    FieldSpec("length_m", QT_TRANSLATE_NOOP("Inspector", "Length"), "float", quantity="length"),
]
META_FIELDS = [
    FieldSpec("", QT_TRANSLATE_NOOP("Inspector", "Design"), "heading"),
    FieldSpec("meta.name", QT_TRANSLATE_NOOP("Inspector", "Design name"), "text"),
    FieldSpec("meta.customer", QT_TRANSLATE_NOOP("Inspector", "Customer"), "text"),
    FieldSpec("meta.author", QT_TRANSLATE_NOOP("Inspector", "Author"), "text"),
    FieldSpec("meta.currency", QT_TRANSLATE_NOOP("Inspector", "Currency"), "choice", _choices(Currency)),
    FieldSpec("meta.notes", QT_TRANSLATE_NOOP("Inspector", "Notes"), "text"),
]
FABRIC_FIELDS = [
    FieldSpec("", QT_TRANSLATE_NOOP("Inspector", "Fabric"), "heading"),
    FieldSpec("fabric.gpudirect_rdma", QT_TRANSLATE_NOOP("Inspector", "GPUDirect RDMA"), "bool"),
    FieldSpec("fabric.sharp", QT_TRANSLATE_NOOP("Inspector", "SHARP (in-network reduction)"), "bool"),
    FieldSpec("fabric.adaptive_routing", QT_TRANSLATE_NOOP("Inspector", "Adaptive routing"), "bool"),
    FieldSpec("fabric.congestion_control", QT_TRANSLATE_NOOP("Inspector", "RoCE congestion control"), "bool"),
    FieldSpec("fabric.nccl_version", QT_TRANSLATE_NOOP("Inspector", "NCCL version"), "text"),
]
WORKLOAD_FIELDS = [
    FieldSpec("", QT_TRANSLATE_NOOP("Inspector", "Training workload"), "heading"),
    FieldSpec("workload.model_name", QT_TRANSLATE_NOOP("Inspector", "Model"), "text"),
    FieldSpec("workload.layers", QT_TRANSLATE_NOOP("Inspector", "Layers"), "int"),
    FieldSpec("workload.hidden", QT_TRANSLATE_NOOP("Inspector", "Hidden size"), "int"),
    FieldSpec("workload.heads", QT_TRANSLATE_NOOP("Inspector", "Attention heads"), "int"),
    FieldSpec("workload.vocab", QT_TRANSLATE_NOOP("Inspector", "Vocabulary"), "int"),
    FieldSpec("workload.seq_len", QT_TRANSLATE_NOOP("Inspector", "Sequence length"), "int"),
    FieldSpec("workload.global_batch", QT_TRANSLATE_NOOP("Inspector", "Global batch (sequences)"), "int"),
    FieldSpec("workload.micro_batch", QT_TRANSLATE_NOOP("Inspector", "Micro batch"), "int"),
    FieldSpec("workload.precision", QT_TRANSLATE_NOOP("Inspector", "Precision"), "choice", _choices(Precision)),
    FieldSpec("workload.tp", QT_TRANSLATE_NOOP("Inspector", "Tensor parallel (TP)"), "int"),
    FieldSpec("workload.pp", QT_TRANSLATE_NOOP("Inspector", "Pipeline parallel (PP)"), "int"),
    FieldSpec("workload.dp", QT_TRANSLATE_NOOP("Inspector", "Data parallel (DP)"), "int"),
    FieldSpec("workload.zero_stage", QT_TRANSLATE_NOOP("Inspector", "ZeRO stage"), "int"),
    FieldSpec("workload.recompute", QT_TRANSLATE_NOOP("Inspector", "Activation recompute"), "choice",
              _choices(Recompute, RECOMPUTE_NAMES)),
    FieldSpec("workload.train_tokens", QT_TRANSLATE_NOOP("Inspector", "Training tokens"), "float"),
]
COST_FIELDS = [
    FieldSpec("", QT_TRANSLATE_NOOP("Inspector", "Cost"), "heading"),
    FieldSpec("cost.project_months", QT_TRANSLATE_NOOP("Inspector", "Project length (months)"), "int"),
    FieldSpec("cost.electricity_per_kwh", QT_TRANSLATE_NOOP("Inspector", "Electricity (per kWh)"), "float"),
    FieldSpec("cost.rent_per_gpu_month", QT_TRANSLATE_NOOP("Inspector", "Rent per GPU-month"), "float", optional=True,
              placeholder=QT_TRANSLATE_NOOP("Inspector", "not quoted")),
    FieldSpec("cost.pue", QT_TRANSLATE_NOOP("Inspector", "PUE"), "float", optional=True,
              placeholder=QT_TRANSLATE_NOOP("Inspector", "from the racks' cooling")),
    FieldSpec("cost.tax_rate", QT_TRANSLATE_NOOP("Inspector", "Tax rate (VAT, e.g. 0.13)"), "float"),
    FieldSpec("cost.prices_include_tax", QT_TRANSLATE_NOOP("Inspector", "Prices include tax"), "bool"),
    FieldSpec("cost.quote_valid_until", QT_TRANSLATE_NOOP("Inspector", "Quote valid until"), "text",
              tooltip=QT_TRANSLATE_NOOP("Inspector", "A date written YYYY-MM-DD, or empty")),
    FieldSpec("cost.support_rate_per_year", QT_TRANSLATE_NOOP("Inspector", "Support per year (share of hardware)"),
              "float"),
    FieldSpec("cost.warranty_years", QT_TRANSLATE_NOOP("Inspector", "Hardware warranty (years)"), "int"),
]


def rack_page(parent: QWidget) -> FormPage:
    return FormPage(RACK_FIELDS, parent)


def link_page(parent: QWidget) -> FormPage:
    return FormPage(LINK_FIELDS, parent)


def design_page(parent: QWidget) -> FormPage:
    return FormPage(META_FIELDS + FABRIC_FIELDS + WORKLOAD_FIELDS + COST_FIELDS, parent)


def device_page(catalog: Catalog, parent: QWidget) -> FormPage:
    nics = tuple((entry.name, entry.id) for entry in sorted(catalog.of_kind("nic"), key=lambda e: e.name))
    return FormPage(
        [
            FieldSpec("name", QT_TRANSLATE_NOOP("Inspector", "Name"), "text"),
            FieldSpec("catalog_id", QT_TRANSLATE_NOOP("Inspector", "Hardware"), "readonly"),
            FieldSpec(
                "price",
                QT_TRANSLATE_NOOP("Inspector", "Catalog price"),
                "readonly",
                placeholder=QT_TRANSLATE_NOOP("Inspector", "not in the catalog"),
                tooltip=QT_TRANSLATE_NOOP("Inspector", "The catalog's list price in the design's currency, at the "
                                                       "exchange rate of its cost settings"),
            ),
            FieldSpec("rack_id", QT_TRANSLATE_NOOP("Inspector", "Rack"), "choice"),
            FieldSpec(
                "u",
                QT_TRANSLATE_NOOP("Inspector", "Lowest U"),
                "int",
                tooltip=QT_TRANSLATE_NOOP("Inspector", "U position of the device's bottom, 1 at the rack's floor"),
            ),
            FieldSpec("nic_id", QT_TRANSLATE_NOOP("Inspector", "Compute NIC"), "choice", nics),
            FieldSpec("nic_count", QT_TRANSLATE_NOOP("Inspector", "Compute NICs fitted"), "int", optional=True,
                      placeholder=QT_TRANSLATE_NOOP("Inspector", "server default")),
        ],
        parent,
    )


def rack_choices(design: Design) -> list[tuple[str, str]]:
    """(shown text, rack id) for the device form's rack box, sorted as on the floor."""
    racks = sorted(design.racks.values(), key=lambda r: (len(r.row), r.row, r.position))
    return [(QCoreApplication.translate("Inspector", "(not in a rack)"), UNPLACED)] + [
        (f"{r.id} — {r.name}" if r.name else r.id, r.id) for r in racks
    ]
