"""Speed of the rack elevation and topology views on the default, 1,024-node and 4,096-node designs.

Run: .venv/bin/python benchmarks/gui_views.py [--nodes 1024 4096] [--gpus 8000 100000] [--repeat 3]
                                              [--size 1600 1000] [--no-results]

``--gpus`` adds the scale designs of benchmarks/scale.py (DGX H100 on RoCE 400G, with storage and
management networks; 100,000 GPUs is 6,825 racks and ~19,000 devices).

For each design and each view it prints (best / median of ``--repeat`` runs, milliseconds):

* build: constructing the view, which builds the whole scene from the design;
* paint out: a full repaint of the viewport at fit-all zoom (the level of detail for far out);
* paint in: a full repaint at 100 % zoom, centred on the drawing (what scrolling and zooming cost);
* partial: repainting a 120 x 80 px patch at 100 % (a hover or a selection);
* edit: the synchronous cost of a one-item edit (the view patches itself; the topology view
  redraws its batched paths on the next event-loop turn, timed as "redraw"). The topology view
  shows its two link edits apart: "remove" (one fabric link removed) and "add" (undo adds it back).

Then, unless ``--no-results``, the topology view's edit-to-result with the real engine (one
link removed, then added back by undo, alternately, on the design's fabric):

* view: what the topology view spends on the edit and on applying the new results (link colours
  by load, tiers), redraws included: the GUI's share of edit-to-result;
* engine: from the edit until the results arrive (the live analysis, run in its worker thread);
* total: edit to updated results on screen (what the user waits for).

The figures above run with no engine (the views are what is measured); the viewport paints
into Qt's offscreen platform, as in the tests.
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
from timing import best_and_median  # benchmarks/timing.py, beside this script

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.model import Design
from planner_gui.templates import TemplateSpec, generate_design
from planner_gui.ui.rack.view import RackView
from planner_gui.ui.topology.view import TopologyView

MS = 1000.0
SERVER = "dgx-h100"  # the generated designs: DGX H100 on NDR, rail-optimized (the generator's default)
PARTIAL = QRect(700, 400, 120, 80)  # a hover- or selection-sized patch of the viewport
GPUS_PER_NODE = 8  # DGX H100, as benchmarks/scale.py builds its designs
SCALE_FABRIC = "roce-400"  # benchmarks/scale.py's default: NDR stops at 8,192 nodes in three tiers
FABRIC_MARK = "fab-"  # the generator names compute-fabric switches fab-leaf-N / fab-spine-N / fab-core-N
RESULTS_TIMEOUT_MS = 600_000  # the first results at 100,000 GPUs (as benchmarks/scale.py waits)


def timed(action: Callable[[], object], repeat: int) -> tuple[float, float]:
    best, median = best_and_median(action, repeat)
    return best * MS, median * MS


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
        link = fabric_link(document.design)
        steps = {"remove": lambda: document.remove_items([link]), "add": document.undo_stack.undo}
    else:
        device = next(d.id for d in document.design.devices.values() if d.placed)
        steps = {"edit": lambda: document.move_devices({device: (None, None)}), "undo": document.undo_stack.undo}
    figures: dict[str, list[float]] = {}
    for _ in range(repeat):
        for name, step in steps.items():
            start = time.perf_counter()
            step()
            middle = time.perf_counter()
            QCoreApplication.processEvents()  # the deferred redraw of the batched paths
            figures.setdefault(name, []).append(middle - start)
            figures.setdefault(f"{name} redraw", []).append(time.perf_counter() - middle)
    return {name: (min(times) * MS, statistics.median(times) * MS) for name, times in figures.items()}


def fabric_link(design: Design) -> str:
    """A leaf-to-spine link in the middle of the design (the generator names fabric switches fab-*)."""
    uplinks = [lid for lid, link in design.links.items() if link.a.startswith(FABRIC_MARK)
               and link.b.startswith(FABRIC_MARK)]
    return uplinks[len(uplinks) // 2] if uplinks else next(iter(design.links))


def edit_to_result(design: Design, repeat: int, size: tuple[int, int]) -> dict[str, tuple[float, float]]:
    """Remove a fabric link, then undo, with the real engine: the view's share, the engine's, the total."""
    document = Document(bundled_catalog(), design)
    marks: dict[str, float] = {}
    document.results_updated.connect(lambda _analysis: marks.__setitem__("arrived", time.perf_counter()))
    view = TopologyView(document)  # its slot runs between the two marks
    document.results_updated.connect(lambda _analysis: marks.__setitem__("applied", time.perf_counter()))
    view.resize(*size)
    view.show()
    document.live.wait_idle(RESULTS_TIMEOUT_MS)
    QCoreApplication.processEvents()
    view.fit_all()
    link = fabric_link(design)
    figures: dict[str, list[float]] = {"view": [], "engine": [], "total": []}
    for k in range(2 * repeat):
        start = time.perf_counter()
        document.undo_stack.undo() if k % 2 else document.remove_items([link])
        QCoreApplication.processEvents()
        edited = time.perf_counter()
        document.live.wait_idle(RESULTS_TIMEOUT_MS)
        waited = time.perf_counter()
        QCoreApplication.processEvents()  # the redraw the results asked for
        end = time.perf_counter()
        figures["view"].append((edited - start) + (marks["applied"] - marks["arrived"]) + (end - waited))
        figures["engine"].append(marks["arrived"] - edited)
        figures["total"].append(end - start)
    view.close()
    document.live.shutdown()
    return {name: (min(times) * MS, statistics.median(times) * MS) for name, times in figures.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nodes", type=int, nargs="*", default=[1024, 4096])
    parser.add_argument("--gpus", type=int, nargs="*", default=[], help="scale designs, e.g. 100000")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--size", type=int, nargs=2, default=[1600, 1000], metavar=("W", "H"))
    parser.add_argument("--no-results", action="store_true", help="skip the edit-to-result figures")
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
        if not args.no_results:
            figures = edit_to_result(design, args.repeat, tuple(args.size))
            text = "  ".join(f"{name} {best:.1f}/{median:.1f}" for name, (best, median) in figures.items())
            print(f"  {'edit-to-result':<13} {text}")
    app.processEvents()


if __name__ == "__main__":
    main()
