"""Sizes ``cluster-planner plan-cluster`` chooses for a few requests, with the designs built and CPU time.

Prints, per request, each server's kept size (servers, GPUs), days to train, cost to train and what bound
the size, then how many designs were built and the search's CPU time (not wall time: the machine may
be shared). Batches: 1,024 sequences of 4,096 tokens is Llama 2's 4M-token batch (Touvron et al. 2023,
arXiv:2307.09288 §2.2); 1,536 is GPT-3 175B's (Brown et al. 2020, arXiv:2005.14165 Table 2.1), whose
factor 3 lets a layout split the batch over 3 x 2^k data-parallel ranks.
Run: ``.venv/bin/python benchmarks/plan_cluster_sizes.py``.
"""

from __future__ import annotations

import sys
import time

from planner_gui.catalog import bundled_catalog
from planner_gui.engine import ClusterRequest, find_preset, plan_clusters

H100 = ("dgx-h100", "hgx-h100")
REQUESTS = (  # (model, global batch, tokens, deadline days, budget, servers)
    ("Llama-2-70B", 1024, 1e12, 30.0, None, H100),
    ("Llama-2-70B", 1536, 2e12, 30.0, None, H100),
    ("GPT-3-175B", 1536, 3e11, 10.0, None, ("dgx-h100", "hgx-a100-80gb")),
    ("Llama-2-70B", 1536, 1e12, None, 60e6, ("dgx-h100",)),
    ("Llama-2-70B", 1536, 1e12, None, 80e6, ("dgx-h100",)),
)


def main() -> int:
    catalog = bundled_catalog()
    for name, batch, tokens, deadline, budget, servers in REQUESTS:
        preset = find_preset(name)
        assert preset is not None
        request = ClusterRequest(preset.shape, batch, tokens, deadline_days=deadline, budget=budget,
                                 servers=servers, model_name=name)
        started = time.process_time()
        plan = plan_clusters(catalog, request)
        spent = time.process_time() - started
        goal = f"{deadline:g} days" if deadline is not None else f"${budget:,.0f}"
        print(f"{name}, batch {batch}, {tokens:.0e} tokens, {goal}: {plan.built} designs built, {spent:.1f} s CPU")
        for c in plan.candidates:
            print(f"  {c.nodes:4d} x {c.server_id:<14} {c.gpus:5d} GPUs {c.days:6.1f} days ${c.cost:>14,.0f} "
                  f"binds {c.binds:<8} {_layout(c.entry.to_json()['layout'])}")
        if not plan.candidates:
            print(f"  none: {plan.reason}")
    return 0


def _layout(layout: dict[str, object]) -> str:
    return " ".join(f"{key}{layout[key]}" for key in ("tp", "pp", "dp", "cp", "micro_batch"))


if __name__ == "__main__":
    sys.exit(main())
