"""Hostile-but-valid designs: the extremes the loader accepts, for the GUI, the engine and the PDF to survive.

0 racks, a single 1-GPU server (a user-catalog entry, since no bundled server has fewer than 4),
100,000 GPUs (12,500 8-GPU servers in 3,125 racks), and names at the loader's limits in Chinese,
emoji and right-to-left scripts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from planner_gui.catalog import Catalog
from planner_gui.model import Design, DesignMeta, Device, Rack

ONE_GPU_SERVER = "pcie-l40s-1"  # a user-catalog server, derived from the bundled pcie-l40s-8
HUNDRED_K_GPUS = 100_000  # issue 8: "100,000 GPUs"
GPUS_PER_NODE = 8  # dgx-h100 (catalog servers.json)
NODES_PER_RACK = 4  # 4 x 8 U in a 42 U rack at ~41 kW (dgx-h100 max_power_w 10.2 kW)
RACK_KW = 45.0  # the default example's rear-door budget, enough for four dgx-h100
LONG_NAME_CHARS = 500  # issue 8: "500-character names"
SCRIPTS = ("数据中心集群", "🚀🔥💾", "מרכז נתונים", "مركز البيانات", "Ünïcödé")  # Chinese, emoji, Hebrew, Arabic, Latin


def user_catalog_with_one_gpu_server(catalog: Catalog, path: Path) -> Path:
    """A user catalog adding a 1-GPU server (everything else as the bundled 8-GPU L40S box)."""
    entry: dict[str, Any] = {**catalog.require("pcie-l40s-8").data, "id": ONE_GPU_SERVER,
                             "name": "1 x L40S test server", "gpu_count": 1}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"entries": [entry]}), encoding="utf-8")
    return path


def empty_design() -> Design:
    return Design(meta=DesignMeta(name="Empty: no racks, no devices"))


def one_gpu_design(catalog: Catalog) -> Design:
    design = Design(meta=DesignMeta(name="One GPU"))
    design.add_rack(Rack("r1", name="only rack"))
    design.add_device(Device("gpu-box", ONE_GPU_SERVER, name="the one GPU", rack_id="r1", u=1), catalog)
    return design


def hundred_thousand_gpus(catalog: Catalog) -> Design:
    """12,500 dgx-h100 in 3,125 racks (no fabric: the largest design any test here can afford to draw)."""
    design = Design(meta=DesignMeta(name="100,000 GPUs"))
    nodes = HUNDRED_K_GPUS // GPUS_PER_NODE
    height = catalog.require("dgx-h100")["height_u"]
    for rack_index in range(nodes // NODES_PER_RACK):
        rack_id = f"R{rack_index:04d}"
        design.add_rack(Rack(rack_id, row=f"H{rack_index // 50:02d}", position=rack_index % 50 + 1,
                             power_budget_kw=RACK_KW))
        for slot in range(NODES_PER_RACK):
            node = rack_index * NODES_PER_RACK + slot
            design.add_device(Device(f"node-{node:05d}", "dgx-h100", rack_id=rack_id, u=1 + slot * height), catalog)
    return design


def long_unicode_names(catalog: Catalog) -> Design:
    """Every name at LONG_NAME_CHARS, mixing scripts and directions (the loader allows up to 10,000)."""
    def name(seed: int) -> str:
        text = " ".join(SCRIPTS[(seed + i) % len(SCRIPTS)] for i in range(LONG_NAME_CHARS))
        return text[:LONG_NAME_CHARS]

    design = Design(meta=DesignMeta(name=name(0), customer=name(1), author=name(2), notes=name(3)))
    for index in range(3):
        design.add_rack(Rack(f"r{index}", name=name(index + 4), row=SCRIPTS[index][:1]))
        design.add_device(Device(f"n{index}", "dgx-h100", name=name(index + 7), rack_id=f"r{index}", u=1), catalog)
    design.add_device(Device("leaf", "qm9700", name=name(11), rack_id="r0", u=20), catalog)
    return design
