"""Time topology analysis on large rail-optimized designs (targets: 1,024 nodes well under 30 ms,
4,096 nodes under 120 ms, since it runs on every edit).

Run: .venv/bin/python benchmarks/topology_speed.py [--nodes 1024 4096] [--repeat 7]

For each size it prints the best and median of several runs of:

* cold: the first analysis of a design (every port reference parsed, as after loading a file);
* edit: the analysis after one edit (a link's length changed, a link removed and one added), which
  is what the app runs while the user works: unchanged links reuse their parse;
* checks: fabric checks, the fabric profile and the NCCL environment on top of a warm analysis.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from planner_gui.catalog import bundled_catalog
from planner_gui.engine import analyze_topology, fabric_checks, keeping, recommend_nccl_env
from planner_gui.model import Design, Link
from planner_gui.templates import TemplateSpec, generate_design

MS = 1e3


def timed(action: Callable[[], object], repeat: int, before: Callable[[], object] | None = None
          ) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times) * MS, statistics.median(times) * MS


def make_edit(design: Design, catalog: object) -> Callable[[], None]:
    """An edit the UI makes: lengthen one cable, then re-cable one link (remove it, add it back)."""
    victim = next(iter(design.links.values()))
    state = {"n": 0}

    def edit() -> None:
        state["n"] += 1
        victim.length_m = 2.0 + state["n"] % 3
        last = list(design.links.values())[-1]
        design.remove_link(last.id)
        design.add_link(Link(f"{last.id}-{state['n']}", last.a, last.b, last.medium, last.length_m), catalog)

    return edit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--nodes", type=int, nargs="+", default=[1024, 4096])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    catalog = bundled_catalog()
    print(f"{'nodes':>6} {'devices':>8} {'links':>8} {'fabric':>8} {'cold ms':>16} {'edit ms':>16} "
          f"{'checks ms':>16}")
    for nodes in args.nodes:
        design = generate_design(catalog, TemplateSpec("dgx-h100", nodes, topology="rail-optimized"))
        report = analyze_topology(design, catalog)
        cold = timed(lambda d=design: analyze_topology(d, catalog), args.repeat)  # no store: nothing kept
        edit = make_edit(design, catalog)
        with keeping({}):  # what an AnalysisCache's run keeps (engine/incremental/store.py)
            analyze_topology(design, catalog)
            warm = timed(lambda d=design: analyze_topology(d, catalog), args.repeat, before=edit)
        topo = analyze_topology(design, catalog)
        checks = timed(lambda d=design, t=topo: (fabric_checks(d, catalog, t), recommend_nccl_env(d, catalog, t)),
                       args.repeat)
        print(f"{nodes:>6} {len(design.devices):>8} {len(design.links):>8} {report.fabric_links:>8} "
              f"{cold[0]:>7.1f} / {cold[1]:>6.1f} {warm[0]:>7.1f} / {warm[1]:>6.1f} "
              f"{checks[0]:>7.1f} / {checks[1]:>6.1f}")
    print("(best / median of", args.repeat, "runs)")


if __name__ == "__main__":
    main()
