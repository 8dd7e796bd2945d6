"""Time to generate, save and load a large design (target: each under 1 s at 4,096 nodes).

Run: .venv/bin/python benchmarks/design_io.py [--nodes 4096] [--repeat 5]
Prints the best and median of several runs, the file size and peak memory of one load.
"""

from __future__ import annotations

import argparse
import tempfile
import tracemalloc
from pathlib import Path

from timing import best_and_median  # benchmarks/timing.py, beside this script

from planner_gui.catalog import bundled_catalog
from planner_gui.io import load_design, save_design
from planner_gui.templates import TemplateSpec, generate_design


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--nodes", type=int, nargs="+", default=[16, 128, 1024, 4096])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    catalog = bundled_catalog()
    print(f"{'nodes':>6} {'devices':>8} {'links':>7} {'MB':>6} {'generate s':>12} {'save s':>10} {'load s':>10} "
          f"{'load peak MB':>13}")
    for nodes in args.nodes:
        spec = TemplateSpec("dgx-h100", nodes, topology="rail-optimized")
        design = generate_design(catalog, spec)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "big.cluster"
            gen = best_and_median(lambda spec=spec: generate_design(catalog, spec), args.repeat)
            save = best_and_median(lambda design=design, path=path: save_design(design, path), args.repeat)
            load = best_and_median(lambda path=path: load_design(path, catalog), args.repeat)
            tracemalloc.start()
            load_design(path, catalog)
            peak = tracemalloc.get_traced_memory()[1] / 2**20
            tracemalloc.stop()
            size = path.stat().st_size / 2**20
        print(f"{nodes:>6} {len(design.devices):>8} {len(design.links):>7} {size:>6.1f} "
              f"{gen[0]:>5.2f}/{gen[1]:<5.2f} {save[0]:>4.2f}/{save[1]:<4.2f} {load[0]:>4.2f}/{load[1]:<4.2f} "
              f"{peak:>13.0f}")
    print("times are best/median of", args.repeat, "runs")


if __name__ == "__main__":
    main()
