"""The inspector's forms: which fields each kind of object shows, with labels, units and choices."""

from __future__ import annotations

from enum import Enum

from PySide6.QtWidgets import QWidget

from planner_gui.catalog import Catalog
from planner_gui.model import CoolingType, Currency, Design, Medium, Precision, Recompute
from planner_gui.ui.inspector_fields import FieldSpec, FormPage

UNPLACED = ""  # the rack choice of a device that is in no rack (None cannot be combo data)
DESIGN_SECTIONS = ("meta", "fabric", "workload", "cost")
COOLING_NAMES = {CoolingType.AIR: "Air", CoolingType.RDHX: "Rear-door heat exchanger",
                 CoolingType.LIQUID: "Direct liquid (cold plates)"}
MEDIUM_NAMES = {Medium.DAC: "DAC (passive copper)", Medium.ACC: "ACC (active copper)",
                Medium.AOC: "AOC (active optical)", Medium.MMF: "Multimode optics (SR)",
                Medium.SMF: "Single-mode optics (DR/FR)", Medium.UTP: "Twisted pair (RJ45)"}


def _choices(kind: type[Enum], names: dict | None = None) -> tuple[tuple[str, str], ...]:
    return tuple(((names or {}).get(member, str(member.value)), str(member.value)) for member in kind)


RACK_FIELDS = [
    FieldSpec("name", "Name", "text"),
    FieldSpec("row", "Row", "text", tooltip="Row label on the floor plan, e.g. A"),
    FieldSpec("position", "Position in row", "int", tooltip="1 is the leftmost rack of the row"),
    FieldSpec("height_u", "Height (U)", "int"),
    FieldSpec("power_budget_kw", "Power budget (kW)", "float"),
    FieldSpec("cooling", "Cooling", "choice", _choices(CoolingType, COOLING_NAMES)),
    FieldSpec("cooling_capacity_kw", "Cooling capacity (kW)", "float", optional=True,
              placeholder="catalog figure for the cooling type",
              tooltip="Leave empty to use the catalog's capacity for this cooling type"),
]
LINK_FIELDS = [
    FieldSpec("a", "End A", "readonly"),
    FieldSpec("b", "End B", "readonly"),
    FieldSpec("medium", "Medium", "choice", _choices(Medium, MEDIUM_NAMES)),
    FieldSpec("length_m", "Length (m)", "float"),
]
META_FIELDS = [
    FieldSpec("", "Design", "heading"),
    FieldSpec("meta.name", "Design name", "text"),
    FieldSpec("meta.customer", "Customer", "text"),
    FieldSpec("meta.author", "Author", "text"),
    FieldSpec("meta.currency", "Currency", "choice", _choices(Currency)),
    FieldSpec("meta.notes", "Notes", "text"),
]
FABRIC_FIELDS = [
    FieldSpec("", "Fabric", "heading"),
    FieldSpec("fabric.gpudirect_rdma", "GPUDirect RDMA", "bool"),
    FieldSpec("fabric.sharp", "SHARP (in-network reduction)", "bool"),
    FieldSpec("fabric.adaptive_routing", "Adaptive routing", "bool"),
    FieldSpec("fabric.congestion_control", "RoCE congestion control", "bool"),
    FieldSpec("fabric.nccl_version", "NCCL version", "text"),
]
WORKLOAD_FIELDS = [
    FieldSpec("", "Training workload", "heading"),
    FieldSpec("workload.model_name", "Model", "text"),
    FieldSpec("workload.layers", "Layers", "int"),
    FieldSpec("workload.hidden", "Hidden size", "int"),
    FieldSpec("workload.heads", "Attention heads", "int"),
    FieldSpec("workload.vocab", "Vocabulary", "int"),
    FieldSpec("workload.seq_len", "Sequence length", "int"),
    FieldSpec("workload.global_batch", "Global batch (sequences)", "int"),
    FieldSpec("workload.micro_batch", "Micro batch", "int"),
    FieldSpec("workload.precision", "Precision", "choice", _choices(Precision)),
    FieldSpec("workload.tp", "Tensor parallel (TP)", "int"),
    FieldSpec("workload.pp", "Pipeline parallel (PP)", "int"),
    FieldSpec("workload.dp", "Data parallel (DP)", "int"),
    FieldSpec("workload.zero_stage", "ZeRO stage", "int"),
    FieldSpec("workload.recompute", "Activation recompute", "choice", _choices(Recompute)),
    FieldSpec("workload.train_tokens", "Training tokens", "float"),
]
COST_FIELDS = [
    FieldSpec("", "Cost", "heading"),
    FieldSpec("cost.project_months", "Project length (months)", "int"),
    FieldSpec("cost.electricity_per_kwh", "Electricity (per kWh)", "float"),
    FieldSpec("cost.rent_per_gpu_month", "Rent per GPU-month", "float", optional=True,
              placeholder="not quoted"),
    FieldSpec("cost.pue", "PUE", "float", optional=True, placeholder="from the racks' cooling"),
]


def rack_page(parent: QWidget) -> FormPage:
    return FormPage(RACK_FIELDS, parent)


def link_page(parent: QWidget) -> FormPage:
    return FormPage(LINK_FIELDS, parent)


def design_page(parent: QWidget) -> FormPage:
    return FormPage(META_FIELDS + FABRIC_FIELDS + WORKLOAD_FIELDS + COST_FIELDS, parent)


def device_page(catalog: Catalog, parent: QWidget) -> FormPage:
    nics = tuple((entry.name, entry.id) for entry in sorted(catalog.of_kind("nic"), key=lambda e: e.name))
    return FormPage([
        FieldSpec("name", "Name", "text"),
        FieldSpec("catalog_id", "Hardware", "readonly"),
        FieldSpec("rack_id", "Rack", "choice"),
        FieldSpec("u", "Lowest U", "int", tooltip="U position of the device's bottom, 1 at the rack's floor"),
        FieldSpec("nic_id", "Compute NIC", "choice", nics),
        FieldSpec("nic_count", "Compute NICs fitted", "int", optional=True, placeholder="server default"),
    ], parent)


def rack_choices(design: Design) -> list[tuple[str, str]]:
    """(shown text, rack id) for the device form's rack box, sorted as on the floor."""
    racks = sorted(design.racks.values(), key=lambda r: (len(r.row), r.row, r.position))
    return [("(not in a rack)", UNPLACED)] + [(f"{r.id} — {r.name}" if r.name else r.id, r.id) for r in racks]
