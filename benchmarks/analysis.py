"""Time a full ``analyze_design`` on generated designs, uncached and with an AnalysisCache after edits.

Targets on a 2-core machine (the GUI re-analyses on every edit): 1,024 nodes p95 <= 50 ms,
4,096 nodes p95 <= 200 ms (issue 3); at 12,500 nodes (100,000 GPUs) a full analysis <= 1 s and
edit to updated results <= 200 ms (issue 8).

Run: .venv/bin/python benchmarks/analysis.py [--nodes 16 128 1024 4096] [--repeat 15] [--cpu]
                                            [--fabric NIC_ID]

``--cpu`` times the CPU this process used instead of the wall clock: on a machine other jobs are
also using, it gives the figure the app would see on an idle one. ``--fabric`` picks the compute
NIC (default: the server's own, NDR InfiniBand, whose 64-port switches stop at 8,192 nodes; use
``--fabric roce-400`` or ``ib-xdr-800`` for 12,500).

For each size (DGX H100, rail-optimized, Llama-2-70B with tp 8 pp 4 on every GPU) it prints p50
and p95 in ms of:

* first: the first ``analyze_design`` of a design, with no AnalysisCache (a one-shot analysis keeps
  nothing: every port reference parsed), imports and lookup tables cold the first time;
* cold: ``analyze_design(design, catalog)`` with no AnalysisCache, again (what ``cluster-planner
  analyze`` costs once the process is warm);
* one column per edit, each followed by ``analyze_design(design, catalog, cache)``: the workload's
  global batch changed, one rack's power budget changed, one link's length changed, and one link
  removed or added back, in turn (the costliest small edit: topology and power both re-run);
* json: ``Analysis.to_json()`` (what ``cluster-planner analyze --json`` adds; not on the live path);
* peak MB: tracemalloc's peak during one uncached analysis.

The engine pauses Python's cyclic garbage collector while it runs (engine/util/gc_pause.py); every timed
run here includes the collector's catch-up pass that the next allocation after the run triggers.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
import tracemalloc
from collections.abc import Callable
from functools import partial

from planner_gui.catalog import bundled_catalog
from planner_gui.engine import AnalysisCache, analyze_design, find_preset, workload_for_preset
from planner_gui.model import Design, Link
from planner_gui.templates import TemplateSpec, generate_design

MS = 1e3
MB = 2**20
P95 = 0.95
GPUS_PER_NODE = 8  # DGX H100 (NVIDIA DGX H100 user guide)
TP, PP = 8, 4  # Llama-2-70B on H100: tp 8 inside a node, pp 4 (Megatron-LM practice, arXiv 2104.04473)
SEQUENCES_PER_REPLICA = 4  # global batch = 4 sequences per data-parallel replica: a whole number for any dp
FIRST_REPEAT_SHARE = 3  # "first" and json runs are costlier: a third as many repeats (at least 3)


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(P95 * (len(ordered) - 1)))]
    return statistics.median(ordered) * MS, p95 * MS


def settle() -> None:
    """Allocate a few container objects: the first allocation after an analysis starts the garbage
    collector's deferred pass (if one is due), which belongs to the analysis's cost."""
    [[] for _ in range(2)]  # the allocation is the point


def timed(action: Callable[[], object], repeat: int, before: Callable[[], object] | None = None,
          clock: Callable[[], float] = time.perf_counter) -> list[float]:
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        start = clock()
        action()
        settle()
        times.append(clock() - start)
    return times


def bench_design(catalog: object, nodes: int, nic_id: str | None = None, server_id: str = "dgx-h100") -> Design:
    """``nodes`` x ``server_id`` (default DGX H100) with the Llama-2-70B workload over every GPU; a rack-scale
    server (gb200-nvl72) counts trays, rounded to whole racks by the caller."""
    design = generate_design(catalog, TemplateSpec(server_id, nodes, nic_id=nic_id))
    per_node = int(catalog.require(server_id, "server")["gpu_count"])  # type: ignore[attr-defined]
    dp = max(1, nodes * per_node // (TP * PP))
    tp, pp = (TP, PP) if nodes * per_node >= TP * PP else (min(per_node, TP), 1)
    preset = find_preset("Llama-2-70B")
    assert preset is not None
    design.workload = workload_for_preset(preset, tp=tp, pp=pp, dp=dp,
                                          global_batch=dp * SEQUENCES_PER_REPLICA)
    return design


def edits(design: Design, catalog: object) -> dict[str, Callable[[], None]]:
    """Small edits the app makes while the user works, each undone by the next call."""
    workload = design.workload
    assert workload is not None
    rack = next(iter(design.racks.values()))
    cable = next(iter(design.links.values()))
    state = {"n": 0}

    def batch() -> None:
        factor = 2 if state["n"] % 2 == 0 else 0.5
        workload.global_batch = int(workload.global_batch * factor)
        state["n"] += 1

    def budget() -> None:
        rack.power_budget_kw += 1.0 if state["n"] % 2 == 0 else -1.0
        state["n"] += 1

    def length() -> None:
        cable.length_m = 2.0 + state["n"] % 3
        state["n"] += 1

    removed: list[Link] = []

    def relink() -> None:
        if removed:
            design.add_link(removed.pop(), catalog)
        else:
            removed.append(design.remove_link(list(design.links)[-1]))

    return {"workload": batch, "rack kW": budget, "length": length, "relink": relink}


def peak_mb(design: Design, catalog: object) -> float:
    gc.collect()
    tracemalloc.start()
    analyze_design(design, catalog)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / MB


def measure(catalog: object, design: Design, repeat: int, clock: Callable[[], float]
            ) -> list[tuple[float, float]]:
    """(p50, p95) ms of every column but the peak, for one design."""
    few = max(3, repeat // FIRST_REPEAT_SHARE)
    row = [percentiles(timed(partial(analyze_design, design, catalog), few, clock=clock))]
    analyze_design(design, catalog)  # warm imports
    row.append(percentiles(timed(partial(analyze_design, design, catalog), repeat, clock=clock)))
    cache = AnalysisCache()
    analyze_design(design, catalog, cache)
    for edit in edits(design, catalog).values():
        action = partial(analyze_design, design, catalog, cache)
        row.append(percentiles(timed(action, repeat, edit, clock)))
    analysis = analyze_design(design, catalog)
    row.append(percentiles(timed(analysis.to_json, few, clock=clock)))
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nodes", type=int, nargs="+", default=[16, 128, 1024, 4096])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--cpu", action="store_true", help="time CPU used by this process, not wall time")
    parser.add_argument("--fabric", default=None, help="compute NIC id (default: the server's own)")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    catalog = bundled_catalog()
    columns = ["first", "cold", "workload", "rack kW", "length", "relink", "json"]
    print(f"{'nodes':>6} {'links':>7} " + " ".join(f"{c:>15}" for c in columns) + f" {'peak MB':>8}")
    for nodes in args.nodes:
        design = bench_design(catalog, nodes, args.fabric)
        row = measure(catalog, design, args.repeat, clock)
        cells = " ".join(f"{p50:>7.1f}/{p95:>7.1f}" for p50, p95 in row)
        print(f"{nodes:>6} {len(design.links):>7} {cells} {peak_mb(design, catalog):>8.1f}")
    kind = "CPU" if args.cpu else "wall-clock"
    print(f"(p50/p95 {kind} ms over {args.repeat} runs, first and json over a third as many; edit columns "
          "use an AnalysisCache)")


if __name__ == "__main__":
    main()
