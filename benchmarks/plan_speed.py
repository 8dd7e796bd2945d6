"""Speed of the layout planner (``cluster-planner plan-training``): layouts searched per CPU second.

For three published models on DGX H100 clusters it prints how many layouts are consistent, how many
pass the vectorised memory bound, how many are timed with the full step model, and the CPU time of a
search with a cold and a warm collective cache (CPU time, not wall time: the machine may be shared).
Target (issue 17): thousands of layouts in well under a second.
Run: ``.venv/bin/python benchmarks/plan_speed.py``.
"""

from __future__ import annotations

import sys
import time

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.training.fabric import comm_for_server
from planner_gui.engine.training.gpu import gpu_facts_from_catalog
from planner_gui.engine.training.planner import PlanSpace, layouts_in, plan_layouts
from planner_gui.engine.training.shape import find_preset
from planner_gui.model.settings import Precision

CASES = (("Llama-2-7B", 64, 512), ("Llama-3-70B", 256, 512), ("Llama-3.1-405B", 2048, 1024))
SERVER = "dgx-h100"
TARGET_S = 0.5


def main() -> int:
    catalog = bundled_catalog()
    gpu = gpu_facts_from_catalog(catalog, SERVER)
    print(f"space: {layouts_in(PlanSpace())} combinations before consistency checks")
    worst = 0.0
    for name, gpus, batch in CASES:
        preset = find_preset(name)
        assert preset is not None
        comm = comm_for_server(catalog, SERVER, gpus)
        times = []
        for _ in range(2):  # cold collective cache, then warm
            started = time.process_time()
            result = plan_layouts(preset.shape, gpus, 8, batch, Precision.BF16, gpu, comm)
            times.append(time.process_time() - started)
        worst = max(worst, times[0])
        best = result.entries[0].to_json() if result.entries else {}
        print(f"{name:<15} {gpus:5d} GPUs: {result.searched:5d} consistent, {result.memory_bound_fits:5d} within "
              f"the memory bound, {result.timed:4d} timed; cold {times[0] * 1000:5.0f} ms, warm "
              f"{times[1] * 1000:5.0f} ms CPU; best {best.get('layout')} MFU {best.get('mfu', 0):.3f}")
    ok = worst <= TARGET_S
    print(f"slowest cold search {worst * 1000:.0f} ms CPU (target ≤ {TARGET_S * 1000:.0f} ms) -> "
          f"{'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
