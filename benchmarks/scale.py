"""Scale: load, analyse, edit to updated results, first paint, PDF export and peak memory, 1k to 100k GPUs.

Run: .venv/bin/python benchmarks/scale.py [--gpus 1000 8000 32000 100000] [--fabric roce-400]
                                         [--server dgx-h100 | gb200-nvl72 | gb300-nvl72]
                                         [--repeat 7] [--skip gui pdf] [--edits nic leaf spine]
                                         [--no-freeze] [--cpu]

Targets (issue 8, this 2-core machine): at 100,000 GPUs load <= 2 s, full analysis <= 1 s, edit to
updated results <= 200 ms, peak memory <= 2 GB; at 8,000 GPUs everything interactive <= 100 ms.

Designs are DGX H100 (8 GPUs each), rail-optimized, with storage and management networks, and a
Llama-2-70B workload (tp 8, pp 4, every GPU). The default fabric is RoCE 400G on 128-port SN5600
switches: NDR InfiniBand's 64-port QM9700 stops at 8,192 nodes in three tiers (templates/clos.py),
so 100,000 GPUs need a larger switch (``--fabric ib-xdr-800`` for Quantum-X800 also works).

``--server gb200-nvl72`` builds the same sizes from NVL72 racks instead: 4-GPU compute trays in whole racks
of 18 (one NVLink domain each, with their switch trays and power shelves), so 100,000 GPUs become 1,388
racks, 99,936 GPUs (the nearest whole rack below).

Each size is saved to a .cluster file, then measured in two fresh child processes, so that every
figure starts cold and each peak memory belongs to one session:

* engine: ``load`` (load_design), ``analyse`` (the first analyze_design after loading), ``edit``
  (p50/p95 of analyze_design with an AnalysisCache after each of: workload batch, one rack's power
  budget, one cable's length, one link removed or added back (the last link: a fabric-switch cable at
  100,000 GPUs), one server's BMC cable removed or added back, and one compute-fabric cable per tier
  removed or added back: a server's NIC cable ("nic link"), a leaf's uplink ("leaf link") and a
  spine's uplink ("spine link"), each first taken from the middle of the list, then from its end, where
  an added link goes; the worst kind is shown; ``--edits`` times only the kinds named), ``pdf``
  (report.render.export_pdf, as ``cluster-planner report`` runs it) and ``peak MB`` (peak RSS);
* gui: ``paint`` (planner_gui.app.build on the file, offscreen, until the first results are in and
  the window is painted), ``gui edit`` (a rack budget edit through the Document until its results
  are in the panes, p50/p95 wall clock; the process's CPU time, both threads, is printed below the
  row, and the CPU time until the window is quiet again: painted, and what the edit scheduled for later
  done) and ``gui MB`` (peak RSS). The edits start once the opened window has settled (its first
  on-screen paint and the topology's colouring by the first results are done: benchmarks/timing.py
  ``settle``); that work belongs to ``paint``, not to the first edit.

The engine child analyses what the app analyses: the Document's snapshot (document/snapshot.py), with
each edit applied as the Document's change records and the snapshot patched from them (the patch is
timed with the analysis); the first full snapshot is printed below the row.

After the first analysis the engine child does what the app does once the first results of a design
of 2,000 devices or more are out (document/live.py): it moves everything alive out of the cyclic
collector's reach (engine/util/gc_pause.py ``freeze_long_lived``), so that the collector's one-time pass
over the freshly loaded design (~150 ms at 100,000 GPUs) does not land in an edit; ``--no-freeze``
leaves it where it falls.

Times are wall-clock seconds or milliseconds (what a user waits for); the machine is shared, so
single figures can jump: compare p50 with p95. ``--cpu`` times the engine's figures in CPU seconds of
the child instead (what an idle machine would show, when other jobs share this one). A piece that is
missing or fails is shown as "-" with a note below the table.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from timing import budget_edit_times  # noqa: E402  (benchmarks/timing.py, beside this script)

from planner_gui.document.changes import AddLink, RemoveLink, SetFields, SetSettings, apply_all  # noqa: E402

DEFAULT_SERVER = "dgx-h100"
DEFAULT_GPUS = (1_000, 8_000, 32_000, 100_000)
DEFAULT_FABRIC = "roce-400"  # SN5600 in 128 x 400G mode: three tiers reach 128^3 / 4 = 524,288 NICs
DEFAULT_REPEAT = 7
CHILD_TIMEOUT_S = 1_800  # a size that takes longer than this is reported as a timeout
RESULTS_TIMEOUT_MS = 600_000  # the GUI's first results at 100,000 GPUs
WINDOW_SIZE = (1600, 1000)  # planner_gui/ui/window/main_window.py DEFAULT_SIZE
P95 = 0.95
MS, KB_PER_MB = 1e3, 1024.0  # ru_maxrss is in kB on Linux
TARGETS = {"load_s": 2.0, "analyse_s": 1.0, "edit_ms": 200.0, "peak_mb": 2048.0}  # issue 8 at 100k GPUs
INTERACTIVE_MS_8K = 100.0  # issue 8: at 8k GPUs everything interactive within 100 ms
FREEZE_DEVICE_LIMIT = 2_000  # document/live.py: the app freezes long-lived objects from this many devices
EDIT_KINDS = ("workload", "rack kW", "length", "relink", "bmc link", "nic link", "leaf link", "spine link")
COMPUTE_UPLINK_TIERS = {1: "leaf", 2: "spine"}  # topology_metrics.SWITCH_TIER_NAMES: a leaf's and a spine's uplinks
MANAGEMENT_MARK = "/bmc"  # a server's management port (catalog servers); its cable is never on the compute fabric


def p50_p95(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, round(P95 * (len(ordered) - 1)))]


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / KB_PER_MB


CLOCK = {"now": time.perf_counter}  # --cpu: time.process_time


def timed(action: Callable[[], object]) -> tuple[float, object]:
    clock = CLOCK["now"]
    start = clock()
    value = action()
    [[] for _ in range(2)]  # the first allocation after an analysis runs the deferred collector pass
    return clock() - start, value


# ----- child: engine ------------------------------------------------------------------------------
def engine_child(path: Path, repeat: int, skip: set[str], kinds: set[str], freeze: bool = True
                 ) -> dict[str, object]:
    from planner_gui.catalog import bundled_catalog
    from planner_gui.document.snapshot import SnapshotBuilder
    from planner_gui.engine import AnalysisCache, analyze_design, freeze_long_lived
    from planner_gui.io import load_design

    catalog = bundled_catalog()
    out: dict[str, object] = {}
    out["load_s"], loaded = timed(lambda: load_design(path, catalog))
    design = loaded.design  # type: ignore[attr-defined]
    builder = SnapshotBuilder(design)  # what the app's Document hands the analysis (document/snapshot.py)
    out["snapshot_s"], snapshot = timed(builder.snapshot)
    cache = AnalysisCache()
    out["analyse_s"], _ = timed(lambda: analyze_design(snapshot, catalog, cache))
    per_edit = {}
    first = analyze_design(design, catalog)  # uncached: the cache above keeps its own results
    if freeze and len(design.devices) >= FREEZE_DEVICE_LIMIT:
        freeze_long_lived()
    compute = {f"{name} link": _relink(design, link) for name, link in _compute_cables(first).items()}
    for name, edit in {**_edits(design), "bmc link": _management_relink(design), **compute}.items():
        if name not in kinds:
            continue
        samples = []
        for _ in range(repeat):
            changes = edit()  # the edit's reversible changes, applied as the Document applies them
            apply_all(changes, design, catalog)
            builder.record(changes, applied=True)
            samples.append(timed(lambda: analyze_design(builder.snapshot(), catalog, cache))[0] * MS)
        per_edit[name] = p50_p95(samples)
    out["edits_ms"] = per_edit
    out["engine_mb"] = peak_mb()
    if "pdf" not in skip:
        out.update(_pdf(design, catalog, path))
    out["peak_mb"] = peak_mb()
    return out


def _edits(design: Any) -> dict[str, Callable[[], list[Any]]]:
    """The small edits of benchmarks/analysis.py, as the Document's change records (each undone by the next)."""
    rack, cable = next(iter(design.racks.values())), next(iter(design.links.values()))
    state = {"n": 0}

    def step() -> int:
        state["n"] += 1
        return state["n"]

    def batch() -> list[Any]:
        before = design.workload
        factor = 2 if step() % 2 else 0.5
        return [SetSettings("workload", before, dataclasses.replace(before, global_batch=int(before.global_batch
                                                                                             * factor)))]

    def budget() -> list[Any]:
        old = rack.power_budget_kw
        return [SetFields("racks", rack.id, {"power_budget_kw": old},
                          {"power_budget_kw": old + (1.0 if step() % 2 else -1.0)})]

    def length() -> list[Any]:
        return [SetFields("links", cable.id, {"length_m": cable.length_m}, {"length_m": 2.0 + step() % 3})]

    return {"workload": batch, "rack kW": budget, "length": length, "relink": _relink(design, None)}


def _management_relink(design: Any) -> Callable[[], list[Any]]:
    """Remove, then add back, a server's management (BMC) cable: an edit that leaves the compute fabric
    as it was, so topology analysis reuses its fabric figures (engine/incremental/topology_reuse.py). "relink" (the
    last link: at 100,000 GPUs a management spine-to-core cable on switches of a fabric model, which
    the analysis counts as fabric) is the other kind."""
    removed: list[Any] = []

    def relink() -> list[Any]:
        if removed:
            return [AddLink(removed.pop())]
        # chosen now: "relink" may have left the last link out
        cable = next(link for link in reversed(design.links.values()) if MANAGEMENT_MARK in link.a + link.b)
        removed.append(cable)
        return [RemoveLink(cable)]

    return relink


def _compute_cables(analysis: Any) -> dict[str, str]:
    """One compute-fabric cable per tier: the first NIC cable (server to leaf) and the first uplink of a
    leaf and of a spine (tiers from the topology analysis; "nic", "leaf", "spine" as the tiers are named)."""
    graph, tiers = analysis.topology.graph, analysis.topology.tier_data
    found = {}
    nic = graph.fab_link[graph.fab_nic >= 0]
    if nic.size:
        found["nic"] = graph.link_ids[int(nic[0])]
    for tier, name in COMPUTE_UPLINK_TIERS.items():
        ups = graph.fab_link[(tiers.lo >= 0) & (tiers.level[tiers.lo] == tier) & (graph.fab_nic < 0)]
        if ups.size:
            found[name] = graph.link_ids[int(ups[0])]
    return found


def _relink(design: Any, link_id: str | None) -> Callable[[], list[Any]]:
    """Remove the link (None: the last one), then add it back (at the end of the list, as every added link goes)."""
    removed: list[Any] = []

    def relink() -> list[Any]:
        if removed:
            return [AddLink(removed.pop())]
        removed.append(design.links[link_id if link_id is not None else next(reversed(design.links))])
        return [RemoveLink(removed[-1])]

    return relink


def _pdf(design: object, catalog: object, path: Path) -> dict[str, object]:
    try:
        from planner_gui.report.render import export_pdf
    except ImportError as error:  # the PDF exporter is another issue's work and may be absent
        return {"pdf_note": f"no PDF exporter ({error})"}
    try:
        seconds, result = timed(lambda: export_pdf(design, catalog, path.with_suffix(".pdf"), "en"))
    except Exception as error:  # report it in the table rather than losing the other figures
        return {"pdf_note": f"export failed: {type(error).__name__}: {error}"}
    return {"pdf_s": seconds, "pdf_pages": result.pages}  # type: ignore[attr-defined]


# ----- child: GUI ---------------------------------------------------------------------------------
def gui_child(path: Path, repeat: int) -> dict[str, object]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        from planner_gui.app import build
    except ImportError as error:
        return {"gui_note": f"no GUI ({error})"}
    start, cpu = time.perf_counter(), time.process_time()
    app, window = build(["cluster-planner", str(path)])
    window.resize(*WINDOW_SIZE)
    doc = window.document
    doc.live.wait_idle(RESULTS_TIMEOUT_MS)
    app.processEvents()
    window.grab()  # paints every widget, the views and plots included
    out: dict[str, object] = {"paint_s": time.perf_counter() - start, "paint_cpu_s": time.process_time() - cpu}
    edits = budget_edit_times(doc, repeat, RESULTS_TIMEOUT_MS, app.processEvents)
    out["gui_edit_ms"] = p50_p95([edit.total * MS for edit in edits])
    out["gui_edit_cpu_ms"] = p50_p95([edit.cpu * MS for edit in edits])  # the process: UI thread and worker
    out["gui_settled_cpu_ms"] = p50_p95([edit.settled_cpu * MS for edit in edits])
    out["gui_mb"] = peak_mb()
    doc.undo_stack.setClean()
    window.close()
    return out


# ----- parent -------------------------------------------------------------------------------------
def make_design(gpus: int, fabric: str, folder: Path, server: str = DEFAULT_SERVER) -> tuple[Path, int, int]:
    from analysis import bench_design

    from planner_gui.catalog import bundled_catalog
    from planner_gui.io import save_design

    catalog = bundled_catalog()
    entry = catalog.require(server, "server")
    per_node = int(entry["gpu_count"])
    nodes = max(1, gpus // per_node)
    domain = int(entry.get("nvlink_domain_gpus") or 0) // per_node  # trays per rack-scale domain
    if domain > 1:
        nodes = max(domain, nodes // domain * domain)
    design = bench_design(catalog, nodes, fabric, server)
    path = folder / f"{gpus}-gpus.cluster"
    save_design(design, path)
    return path, len(design.devices), len(design.links)


def run_child(role: str, path: Path, args: argparse.Namespace, home: Path) -> dict[str, object]:
    env = {**os.environ, "HOME": str(home), "QT_QPA_PLATFORM": "offscreen",
           **{name: str(home / name.lower()) for name in
              ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")}}
    command = [sys.executable, __file__, "--child", role, str(path), "--repeat", str(args.repeat),
               "--skip", *args.skip, "--edits", *args.edits, *(["--no-freeze"] if args.no_freeze else []),
               *(["--cpu"] if args.cpu else [])]
    try:
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=CHILD_TIMEOUT_S,
                              check=False)
    except subprocess.TimeoutExpired:
        return {f"{role}_note": f"{role} run over {CHILD_TIMEOUT_S} s"}
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {f"{role}_note": f"{role} run failed: {tail}"}
    return json.loads(lines[-1])  # type: ignore[no-any-return]


def _cell(value: object, scale: float = 1.0, digits: int = 2) -> str:
    return "-" if not isinstance(value, int | float) else f"{value * scale:.{digits}f}"


def print_row(gpus: int, devices: int, links: int, found: dict[str, object]) -> None:
    edits = found.get("edits_ms") or {}
    worst = max(edits.items(), key=lambda kv: kv[1][1]) if edits else None
    edit = "-" if worst is None else f"{worst[1][0]:.0f}/{worst[1][1]:.0f} {worst[0]}"
    gui_edit = found.get("gui_edit_ms")
    gui = "-" if gui_edit is None else f"{gui_edit[0]:.0f}/{gui_edit[1]:.0f}"
    print(f"{gpus:>7,} {devices:>7,} {links:>8,} {_cell(found.get('load_s')):>6} "
          f"{_cell(found.get('analyse_s')):>8} "
          f"{edit:>20} {_cell(found.get('paint_s')):>7} {gui:>9} {_cell(found.get('pdf_s')):>7} "
          f"{_cell(found.get('peak_mb'), digits=0):>8} {_cell(found.get('gui_mb'), digits=0):>7}")
    for name, (p50, p95) in edits.items():
        print(f"{'':>24} engine edit {name:<9} p50 {p50:7.1f} ms  p95 {p95:7.1f} ms")
    if "snapshot_s" in found:
        print(f"{'':>24} first snapshot of the design (document/snapshot.py) {_cell(found['snapshot_s'])} s")
    cpu = found.get("gui_edit_cpu_ms")
    if cpu is not None:
        print(f"{'':>24} gui edit CPU p50 {cpu[0]:7.1f} ms  p95 {cpu[1]:7.1f} ms (wall above); "
              f"paint CPU {_cell(found.get('paint_cpu_s'))} s")
    settled = found.get("gui_settled_cpu_ms")
    if settled is not None:
        print(f"{'':>24} gui edit to a quiet window (painted, follow-ups done) CPU p50 {settled[0]:7.1f} ms  "
              f"p95 {settled[1]:7.1f} ms")
    for key in ("pdf_note", "engine_note", "gui_note"):
        if key in found:
            print(f"{'':>24} note: {found[key]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gpus", type=int, nargs="+", default=list(DEFAULT_GPUS))
    parser.add_argument("--fabric", default=DEFAULT_FABRIC, help="compute NIC id (catalog)")
    parser.add_argument("--server", default=DEFAULT_SERVER,
                        help="server catalog id (default dgx-h100); gb200-nvl72 builds whole NVL72 racks")
    parser.add_argument("--repeat", type=int, default=DEFAULT_REPEAT)
    parser.add_argument("--skip", nargs="*", default=[], choices=("gui", "pdf"))
    parser.add_argument("--edits", nargs="+", default=list(EDIT_KINDS), metavar="KIND",
                        type=lambda name: name if name in EDIT_KINDS else f"{name} link",
                        help="edit kinds to time (default all): " + ", ".join(EDIT_KINDS)
                             + '; "nic", "leaf", "spine" and "bmc" name the cable kinds')
    parser.add_argument("--no-freeze", action="store_true",
                        help="leave the collector's first pass over the loaded design to fall in an edit")
    parser.add_argument("--cpu", action="store_true", help="engine figures in CPU time, not wall-clock time")
    parser.add_argument("--child", nargs=2, metavar=("ROLE", "FILE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        role, path = args.child
        if args.cpu:
            CLOCK["now"] = time.process_time
        found = engine_child(Path(path), args.repeat, set(args.skip), set(args.edits), not args.no_freeze) \
            if role == "engine" else gui_child(Path(path), args.repeat)
        print(json.dumps(found))
        return
    print(f"{'GPUs':>7} {'devices':>7} {'links':>8} {'load s':>6} {'analyse s':>8} {'edit ms p50/p95':>20} "
          f"{'paint s':>7} {'gui edit':>9} {'pdf s':>7} {'peak MB':>8} {'gui MB':>7}")
    with tempfile.TemporaryDirectory(prefix="cluster-planner-scale-") as folder:
        for gpus in args.gpus:
            path, devices, links = make_design(gpus, args.fabric, Path(folder), args.server)
            found = run_child("engine", path, args, Path(folder))
            if "gui" not in args.skip:
                found.update(run_child("gui", path, args, Path(folder)))
            print_row(gpus, devices, links, found)
            sys.stdout.flush()
    limits = ", ".join(f"{k} {v:g}" for k, v in TARGETS.items())
    print(f"targets at 100,000 GPUs: {limits}; at 8,000 GPUs interactive <= {INTERACTIVE_MS_8K:g} ms. "
          "Edit and gui edit are p50/p95 ms over --repeat edits; the worst edit kind is shown.")


if __name__ == "__main__":
    main()
