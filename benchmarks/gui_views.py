"""Speed of the rack elevation and topology views on the default, 1,024-node and 4,096-node designs.

Run: .venv/bin/python benchmarks/gui_views.py [--nodes 1024 4096] [--gpus 100000] [--repeat 3]
                                              [--size 1600 1000]

``--gpus`` adds the scale designs of benchmarks/scale.py (DGX H100 on RoCE 400G, with storage and
management networks; 100,000 GPUs is 6,825 racks and ~19,000 devices).

For each design and each view it prints (best / median of ``--repeat`` runs, milliseconds):

* build: constructing the view, which builds the whole scene from the design;
* paint out: a full repaint of the viewport at fit-all zoom (the level of detail for far out);
* paint in: a full repaint at 100 % zoom, centred on the drawing (what scrolling and zooming cost);
* partial: repainting a 120 x 80 px patch at 100 % (a hover or a selection);
* edit: the synchronous cost of a one-item edit (the view patches itself; the topology view
  redraws its batched paths on the next event-loop turn, timed as "redraw").

Results run in the benchmark's own thread with no engine (the views are what is measured); the
viewport paints into Qt's offscreen platform, as in the tests.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QRect
from PySide6.QtWidgets import QApplication

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.model import Design
from planner_gui.templates import TemplateSpec, generate_design
from planner_gui.ui.rack_view import RackView
from planner_gui.ui.topology_view import TopologyView

MS = 1000.0
SERVER = "dgx-h100"  # the generated designs: DGX H100 on NDR, rail-optimized (the generator's default)
PARTIAL = QRect(700, 400, 120, 80)  # a hover- or selection-sized patch of the viewport
GPUS_PER_NODE = 8  # DGX H100, as benchmarks/scale.py builds its designs
SCALE_FABRIC = "roce-400"  # benchmarks/scale.py's default: NDR stops at 8,192 nodes in three tiers


def timed(action: Callable[[], object], repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times) * MS, statistics.median(times) * MS


def designs(nodes: list[int], gpus: list[int]) -> list[tuple[str, Callable[[], Design]]]:
    from analysis import bench_design  # benchmarks/analysis.py: the scale benchmark's designs

    catalog = bundled_catalog()
    found: list[tuple[str, Callable[[], Design]]] = [
        ("default (32 nodes)", lambda: load_design(default_example_path(), catalog).design)]
    found += [(f"{n} nodes", lambda n=n: generate_design(catalog, TemplateSpec(SERVER, n))) for n in nodes]
    found += [(f"{g:,} GPUs", lambda g=g: bench_design(catalog, g // GPUS_PER_NODE, SCALE_FABRIC)) for g in gpus]
    return found


def measure(view_type: type, design: Design, repeat: int, size: tuple[int, int],
            ) -> dict[str, tuple[float, float]]:
    catalog = bundled_catalog()
    holder: dict[str, object] = {}

    def build() -> None:
        document = Document(catalog, design, analyzer=lambda d, c, cache: None)
        holder["view"] = view_type(document)

    figures = {"build": timed(build, repeat)}
    view = holder["view"]
    view.resize(*size)  # type: ignore[attr-defined]
    view.show()  # type: ignore[attr-defined]
    QCoreApplication.processEvents()
    view.fit_all()  # type: ignore[attr-defined]
    viewport = view.viewport()  # type: ignore[attr-defined]
    figures["paint out"] = timed(viewport.repaint, repeat)
    view.navigator.set_scale(1.0)  # type: ignore[attr-defined]
    figures["paint in"] = timed(viewport.repaint, repeat)
    figures["partial"] = timed(lambda: viewport.repaint(PARTIAL), repeat)
    figures.update(_edit_figures(view, repeat))
    view.close()  # type: ignore[attr-defined]
    return figures


def _edit_figures(view: object, repeat: int) -> dict[str, tuple[float, float]]:
    """Remove one link (topology) or unplace one server (rack), then undo: the view's own cost."""
    document = view.document  # type: ignore[attr-defined]
    if isinstance(view, TopologyView):
        link = next(iter(document.design.links))
        edit = (lambda: document.remove_items([link]), document.undo_stack.undo)
    else:
        device = next(d.id for d in document.design.devices.values() if d.placed)
        edit = (lambda: document.move_devices({device: (None, None)}), document.undo_stack.undo)
    edit_times, redraw_times = [], []
    for _ in range(repeat):
        for step in edit:
            start = time.perf_counter()
            step()
            edit_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            QCoreApplication.processEvents()  # the deferred redraw of the batched paths
            redraw_times.append(time.perf_counter() - start)
    return {"edit": (min(edit_times) * MS, statistics.median(edit_times) * MS),
            "redraw": (min(redraw_times) * MS, statistics.median(redraw_times) * MS)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nodes", type=int, nargs="+", default=[1024, 4096])
    parser.add_argument("--gpus", type=int, nargs="*", default=[], help="scale designs, e.g. 100000")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--size", type=int, nargs=2, default=[1600, 1000], metavar=("W", "H"))
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    print(f"viewport {args.size[0]} x {args.size[1]}, best / median of {args.repeat} (ms)")
    for label, make in designs(args.nodes, args.gpus):
        design = make()
        counts = f"{len(design.racks)} racks, {len(design.devices)} devices, {len(design.links)} links"
        print(f"\n{label}: {counts}")
        for view_type in (RackView, TopologyView):
            figures = measure(view_type, design, args.repeat, tuple(args.size))
            text = "  ".join(f"{name} {best:.1f}/{median:.1f}" for name, (best, median) in figures.items())
            print(f"  {view_type.__name__:<13} {text}")
    app.processEvents()


if __name__ == "__main__":
    main()
