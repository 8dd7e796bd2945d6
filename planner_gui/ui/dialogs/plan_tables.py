"""The Plan Training dialog's two ranked tables: layouts on the design, and candidate clusters."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QHeaderView, QTableWidget, QWidget

from planner_gui.present.money import format_money
from planner_gui.present.numbers import format_days
from planner_gui.ui.dialogs.compare import make_cell, make_table

translate = QCoreApplication.translate
PERCENT = 100.0
LAYOUT_KEYS = ("tp", "pp", "vpp", "dp", "cp", "ep", "micro_batch")
SHARDING_LABELS = {"zero-0": "ZeRO-0", "zero-1": "ZeRO-1", "zero-2": "ZeRO-2", "fsdp": "FSDP", "hsdp": "HSDP"}
LEFT_LAYOUT_COLUMNS = (8, 9, 10)  # sharding, recompute, TP overlap: words, not numbers
LEFT_CLUSTER_COLUMNS = (1, 4, 7, 8)  # server, fabric, binds, layout


def bind_label(bind: str) -> str:
    labels = {"memory": translate("PlanTables", "memory"), "batch": translate("PlanTables", "global batch"),
              "deadline": translate("PlanTables", "deadline"), "budget": translate("PlanTables", "budget"),
              "size": translate("PlanTables", "size limit"), "speed": translate("PlanTables", "speed"),
              "none": translate("PlanTables", "none")}
    return labels.get(bind, bind)


def recompute_label(recompute: str) -> str:
    labels = {"none": translate("PlanTables", "none"), "selective": translate("PlanTables", "selective"),
              "full": translate("PlanTables", "full")}
    return labels.get(recompute, recompute)


def layout_table(parent: QWidget) -> QTableWidget:
    table = make_table(["#", "TP", "PP", "VPP", "DP", "CP", "EP", translate("PlanTables", "micro-batch"),
                        translate("PlanTables", "sharding"), translate("PlanTables", "recompute"),
                        translate("PlanTables", "TP overlap"),
                        translate("PlanTables", "step (s)"), "MFU", translate("PlanTables", "memory per GPU (GB)")])
    table.setParent(parent)
    table.setObjectName("planLayoutTable")
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    return table


def fill_layouts(table: QTableWidget, plan: Any) -> None:
    entries = plan.result.entries
    table.setRowCount(len(entries))
    for row, entry in enumerate(entries):
        j = entry.to_json()
        layout = j["layout"]
        overlap = translate("PlanTables", "yes") if layout["tp_comm_overlap"] else translate("PlanTables", "no")
        cells = [str(row + 1), *(str(layout[k]) for k in LAYOUT_KEYS), SHARDING_LABELS[layout["sharding"]],
                 recompute_label(layout["recompute"]), overlap, f"{j['step_time_s']:,.3f}",
                 f"{j['mfu'] * PERCENT:.1f} %", f"{j['memory_per_gpu_gb']:.1f}"]
        for column, text in enumerate(cells):
            table.setItem(row, column, make_cell(text, column not in LEFT_LAYOUT_COLUMNS))


def cluster_table(parent: QWidget) -> QTableWidget:
    table = make_table(["#", translate("PlanTables", "server"), translate("PlanTables", "servers"),
                        translate("PlanTables", "GPUs"),
                        translate("PlanTables", "fabric"), translate("PlanTables", "time to train"),
                        translate("PlanTables", "cost"),
                        translate("PlanTables", "binds"), translate("PlanTables", "layout"), "MFU",
                        translate("PlanTables", "memory per GPU (GB)")])
    table.setParent(parent)
    table.setObjectName("planClusterTable")
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    return table


def fill_clusters(table: QTableWidget, plan: Any, currency: str, catalog: Any) -> None:
    table.setRowCount(len(plan.candidates))
    for row, c in enumerate(plan.candidates):
        e = c.entry
        layout = f"tp{e.tp} pp{e.pp} dp{e.dp} cp{e.cp}" + (f" ep{e.ep}" if e.ep > 1 else "")
        cells = [str(row + 1), c.server_id, f"{c.nodes:,}", f"{c.gpus:,}", c.nic_id, format_days(c.days),
                 format_money(c.cost, currency), bind_label(c.binds), layout, f"{e.estimate.mfu * PERCENT:.1f} %",
                 f"{e.estimate.memory_per_gpu_gb:.1f}"]
        for column, text in enumerate(cells):
            table.setItem(row, column, make_cell(text, column not in LEFT_CLUSTER_COLUMNS))
        entry = catalog.get(c.server_id)
        table.item(row, 1).setToolTip(entry.name if entry is not None else c.server_id)  # the product's name
