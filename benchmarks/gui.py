"""Desktop app speed: open to a painted window, edit to updated results, full-scene paint when zoomed out.

Run: .venv/bin/python benchmarks/gui.py [--nodes 4096] [--repeat 5]
Targets (issue 5): results within 100 ms of an edit on the 256-GPU default design; a 4,096-node
design never freezes the UI (the edit returns at once and the engine runs in a worker).
Runs headless with a throw-away HOME, so no user settings or autosaves are touched.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

DEFAULT_NODES = 4096
DEFAULT_REPEAT = 5
WINDOW_SIZE = (1600, 1000)  # planner_gui/ui/window/main_window.py DEFAULT_SIZE
RESULTS_TIMEOUT_MS = 60_000
MS = 1000.0  # seconds to milliseconds


def _isolate(home: Path) -> None:
    os.environ["HOME"] = str(home)
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[name] = str(home / name.lower())
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _open_painted(argv: list[str]) -> tuple[float, object, object]:
    """Seconds from nothing to a shown, fully painted window with the first results in it."""
    from planner_gui.app import build

    start = time.perf_counter()
    app, window = build(argv)
    window.resize(*WINDOW_SIZE)
    window.document.live.wait_idle(RESULTS_TIMEOUT_MS)
    app.processEvents()
    window.grab()  # paints every widget, the views and plots included
    return time.perf_counter() - start, app, window


def _edit_to_results(window: object, repeat: int) -> tuple[list[float], list[float], str]:
    """(edit call seconds, edit-to-results seconds) over ``repeat`` rack budget edits."""
    doc = window.document  # type: ignore[attr-defined]
    rack = sorted(doc.design.racks)[0]
    calls, totals = [], []
    for i in range(repeat):
        arrived: list[float] = []

        def stamp(_analysis: object, box: list[float] = arrived) -> None:
            box.append(time.perf_counter())

        doc.results_updated.connect(stamp)  # after the views' slots: the stamp is taken once they are done
        start = time.perf_counter()
        doc.set_properties([rack], power_budget_kw=40.0 + i + 1)
        calls.append(time.perf_counter() - start)
        doc.live.wait_idle(RESULTS_TIMEOUT_MS)
        doc.results_updated.disconnect(stamp)  # only this one: a bare disconnect() cut every view off
        totals.append(arrived[-1] - start if arrived else float("nan"))
    return calls, totals, doc.live.last_thread


def _paint_zoomed_out(window: object) -> dict[str, float]:
    """Seconds to paint each view's whole scene, fitted to its viewport."""
    found = {}
    for name in ("rack_view", "topology_view"):
        view = getattr(window, name)
        fit = getattr(view, "fit_all", None)
        if not callable(fit):
            continue
        fit()
        start = time.perf_counter()
        view.viewport().grab()
        found[name] = time.perf_counter() - start
    return found


def _report(label: str, seconds: list[float]) -> None:
    print(f"{label:<46} median {statistics.median(seconds) * MS:8.1f} ms   best {min(seconds) * MS:8.1f} ms")


def _case(title: str, argv: list[str], repeat: int) -> None:
    opened, _app, window = _open_painted(argv)
    doc = window.document  # type: ignore[attr-defined]
    print(f"\n{title}: {len(doc.design.devices):,} devices, {len(doc.design.links):,} links")
    print(f"{'open to a painted window with results':<46} {opened * MS:8.1f} ms")
    calls, totals, thread = _edit_to_results(window, repeat)
    _report("edit call (UI thread blocked)", calls)
    _report(f"edit to updated results (engine on {thread} thread)", totals)
    for name, seconds in _paint_zoomed_out(window).items():
        print(f"{'full-scene paint, zoomed out: ' + name:<46} {seconds * MS:8.1f} ms")
    doc.undo_stack.setClean()
    window.close()  # type: ignore[attr-defined]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES)
    parser.add_argument("--repeat", type=int, default=DEFAULT_REPEAT)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cluster-planner-bench-") as home:
        _isolate(Path(home))
        from planner_gui.catalog import bundled_catalog
        from planner_gui.io import save_design
        from planner_gui.templates import TemplateSpec, generate_design

        imports = _timed(_import_app)
        print(f"{'imports (Qt, pyqtgraph, engine; first start only)':<46} {imports[0] * MS:8.1f} ms")
        _case("default design (256 GPUs)", ["cluster-planner"], args.repeat)
        big = Path(home) / f"{args.nodes}-nodes.cluster"
        generated = _timed(lambda: generate_design(bundled_catalog(), TemplateSpec("dgx-h100", args.nodes)))
        save_design(generated[1], big)
        print(f"\n(generating the {args.nodes}-node design took {generated[0] * MS:.0f} ms)")
        _case(f"{args.nodes}-node generated design", ["cluster-planner", str(big)], args.repeat)
    return 0


def _import_app() -> None:
    import planner_gui.app  # noqa: F401  (pulls in every widget module, pyqtgraph and the engine)


def _timed(action: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = action()
    return time.perf_counter() - start, result


if __name__ == "__main__":
    sys.exit(main())
