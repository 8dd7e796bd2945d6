"""Speed of the topology view's fabric overview (issue 19 item 4) at 256, 4,096 and 100,000 GPUs.

Run: .venv/bin/python benchmarks/topology_overview.py [--gpus 256 4096 100000] [--repeat 5]

Designs from the generator (DGX H100, rail-optimized; RoCE 400G at 100,000 GPUs as in
benchmarks/scale.py), no engine (the view is what is measured). Prints CPU time of this process
(``time.process_time``: the machine is shared) and wall time, p50 / p95 over ``--repeat`` runs, ms:

* open: building the view on the design and its first paint (groups above 32 servers, every device
  at 256 GPUs);
* regroup: the groups built again, as after an edit (fabric.build_tree + the picture);
* redraw: the picture again without regrouping, as after new loads;
* zoom / pan: one wheel-sized zoom step or a 200 px scroll, repainted;
* to devices: the first switch to "every device" (the device items are made then, not at open;
  at 256 GPUs they were made at open).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.templates import TemplateSpec, generate_design
from planner_gui.ui.topology.legend import DEVICES, GROUPS
from planner_gui.ui.topology.view import TopologyView

GPUS_PER_NODE = 8  # DGX H100
LARGE_FROM_GPUS, LARGE_FABRIC = 32_768, "roce-400"  # 128-port switches reach 100,000 GPUs in three tiers
ZOOM_STEP = 1.2  # one wheel notch (ui/window/navigation.py NOTCH_ZOOM)
PAN_PX = 200
MS = 1000.0


def timed(step: Callable[[], object], repeat: int) -> tuple[list[float], list[float]]:
    cpu, wall = [], []
    for _ in range(repeat):
        c, w = time.process_time(), time.perf_counter()
        step()
        cpu.append((time.process_time() - c) * MS)
        wall.append((time.perf_counter() - w) * MS)
    return cpu, wall


def p50_p95(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered):.1f}/{p95:.1f}"


def measure(gpus: int, repeat: int) -> dict[str, tuple[list[float], list[float]]]:
    app = QApplication.instance() or QApplication([])
    catalog = bundled_catalog()
    fabric = LARGE_FABRIC if gpus >= LARGE_FROM_GPUS else None
    design = generate_design(catalog, TemplateSpec("dgx-h100", gpus // GPUS_PER_NODE, nic_id=fabric))
    holder: dict[str, TopologyView] = {}

    def open_view() -> None:
        view = TopologyView(Document(catalog, design, analyzer=lambda *_: None))
        view.resize(1400, 900)
        view.show()
        view.viewport().repaint()
        holder["view"] = view

    figures = {"open": timed(open_view, 1)}
    view = holder["view"]
    app.processEvents()
    view.set_fabric_detail(GROUPS)  # the 256-GPU default opens with every device: its groups are measured too
    figures["regroup"] = timed(view.overview.refresh, repeat)
    figures["redraw"] = timed(view.overview.redraw, repeat)
    steps = iter([ZOOM_STEP, 1 / ZOOM_STEP] * repeat)
    figures["zoom"] = timed(lambda: (view.navigator.zoom_by(next(steps)), view.viewport().repaint()), repeat)
    bar = view.horizontalScrollBar()
    moves = iter([PAN_PX, -PAN_PX] * repeat)
    figures["pan"] = timed(lambda: (bar.setValue(bar.value() + next(moves)), view.viewport().repaint()), repeat)
    figures["to devices"] = timed(lambda: view.set_fabric_detail(DEVICES), 1)
    view.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gpus", type=int, nargs="+", default=[256, 4096, 100_000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print("CPU p50/p95 | wall p50/p95 (ms)")
    for gpus in args.gpus:
        figures = measure(gpus, args.repeat)
        text = "  ".join(f"{name} {p50_p95(cpu)} | {p50_p95(wall)}" for name, (cpu, wall) in figures.items())
        print(f"{gpus:>7} GPUs  {text}")


if __name__ == "__main__":
    main()
