"""The limits a .cluster file must stay within: every file is treated as hostile until it has loaded.

Each limit is far above any real design (the largest clusters built today have ~100,000 GPUs: the
generator's 12,500-node design has 18,227 devices and 388,292 links, a 46 MB file) and low enough that
a hostile file cannot make a load take more than a few seconds or a few GB. docs/reliability.md has each.
"""

from __future__ import annotations

from planner_gui.model.settings import COST_RANGES

MAX_FILE_BYTES = 64 * 1024 * 1024  # issue 8: files over 64 MB are refused before they are read
MAX_RACKS = 50_000  # ~10x a 100k-GPU design (4,745 racks in benchmarks/load_speed.py)
MAX_DEVICES = 200_000  # issue 8 brief: ~11x a 100k-GPU design (18,227 devices)
MAX_LINKS = 1_000_000  # issue 8 brief: ~2.6x a 100k-GPU design (388,292 links)
# Every object and list a file may hold, over all variants: one per link, device and rack, a devices
# list and two feeds per rack, and the settings (~1.45 M at the limits above). Counted on the raw bytes
# before parsing, so 64 MB of tiny objects (8 M of them: 67 s and 6.4 GB before) is refused in
# milliseconds instead of becoming millions of Python dicts.
MAX_JSON_CONTAINERS = 1_600_000
MAX_TEXT_CHARS = 10_000  # a name or note longer than a page of text is damage, not a design
MAX_MAP_ENTRIES = 10_000  # price and NCCL_* maps: one entry per catalog id or variable, a few dozen in practice
# After this many errors a file is hopeless; stop early so a file of a million bad links cannot
# keep the loader busy or fill memory with messages (the user sees the first MAX_ERRORS_SHOWN).
MAX_ERRORS_KEPT = 1_000
MAX_ERRORS_SHOWN = 50  # LoadError carries this many; the GUI shows fewer (ui/window/files.py)
# The C JSON decoder refuses nesting deeper than Python's recursion limit (1,000 by default), and
# the codec never recurses into file data, so depth needs no limit of its own.

MAX_COUNT = 1_000_000  # parallelism degrees (tp, pp, dp, ep, cp)
# The range a file may give each number (inclusive). The Document must not accept more than this,
# or a design would save but not open again: document/properties.py should read its bounds here.
FILE_BOUNDS: dict[str, tuple[float, float]] = {
    "racks.position": (1, 100_000), "racks.height_u": (1, 60),  # model/design.py add_rack: 1-60 U
    "racks.power_budget_kw": (0.1, 1000.0), "racks.cooling_capacity_kw": (0.1, 1000.0),  # model: <= 1000 kW
    "feed.voltage_v": (100.0, 1000.0), "feed.amps": (1.0, 1000.0), "feed.phases": (1, 3),
    "devices.u": (1, 10_000), "devices.nic_count": (0, 64),  # model/design.py add_device
    "links.length_m": (0.0, 100_000.0),  # model/design.py add_link
    **{f"cost.{name}": bounds for name, bounds in COST_RANGES.items()},  # model/settings.py: the one table
    "workload.layers": (1, 10_000), "workload.hidden": (1, 1_000_000), "workload.heads": (1, 10_000),
    "workload.kv_heads": (1, 10_000), "workload.ffn_hidden": (1, 10_000_000), "workload.vocab": (1, 10_000_000),
    "workload.seq_len": (1, 100_000_000), "workload.global_batch": (1, 100_000_000),
    "workload.micro_batch": (1, 1_000_000), "workload.tp": (1, MAX_COUNT), "workload.pp": (1, MAX_COUNT),
    "workload.dp": (1, MAX_COUNT), "workload.ep": (1, MAX_COUNT), "workload.cp": (1, MAX_COUNT),
    "workload.vpp": (1, 1000), "workload.zero_stage": (0, 3), "workload.moe_experts": (0, 100_000),
    "workload.moe_topk": (0, 1000), "workload.train_tokens": (1.0, 1e18),
    # MoE routing load: a capacity factor below 1 would drop most tokens (published runs use 1-2: Switch
    # Transformer, GShard); an imbalance is the busiest expert rank over the mean, so 1 or more.
    "workload.moe_capacity_factor": (1.0, 16.0), "workload.moe_imbalance": (1.0, 64.0),
}


class TooManyProblems(Exception):
    """Raised by :class:`~planner_gui.io.reader.Problems` once MAX_ERRORS_KEPT errors are recorded."""
