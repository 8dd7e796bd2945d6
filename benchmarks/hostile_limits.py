"""Validate time and peak memory on hostile files at the 64 MB limit, and analysis time against distinct
unknown catalog ids (issue 20 items 3 and 4). Prints one row per case.

Run: .venv/bin/python benchmarks/hostile_limits.py [--quick]

Each case runs ``cluster-planner validate`` (or one analysis) in a fresh process and reads that process's
CPU time and peak resident memory, so a case cannot borrow memory another one freed.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from planner_gui.io.limits import MAX_FILE_BYTES  # noqa: E402

BODY = '{"format": "cluster-planner", "schema_version": 2, "meta": {"name": "a\\\\b"}, "junk": ['


def tiny_dicts(path: Path, budget: int) -> None:
    """Many small objects (and a backslash, which sends the duplicate-key check down its exact path)."""
    item = '{"k":1},'
    count = (budget - len(BODY) - 2) // len(item)
    path.write_text(BODY + item * count + '{"k":1}]}', encoding="utf-8")


def short_strings(path: Path, budget: int) -> None:
    """Junk an older or newer version might carry: a long list of distinct short strings."""
    parts, size, i = [], len(BODY), 0
    while size < budget - 40:
        piece = f'"s{i}",'
        parts.append(piece)
        size += len(piece)
        i += 1
    path.write_text(BODY + "".join(parts) + '"end"]}', encoding="utf-8")


def unknown_ids(path: Path, count: int) -> None:
    """A valid design of ``count`` unplaced devices, each with its own unknown catalog id."""
    devices = [{"id": f"d{i}", "catalog_id": f"unknown-{i}", "name": ""} for i in range(count)]
    path.write_text(json.dumps({"format": "cluster-planner", "schema_version": 2, "racks": [], "links": [],
                                "unplaced": devices, "variants": []}), encoding="utf-8")


PEAK = ("import resource, runpy, sys; sys.argv = sys.argv[1:];\ntry: runpy.run_path(sys.argv[0], run_name='__main__')"
        "\nexcept SystemExit: pass\nfinally: print('PEAK', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, "
        "file=sys.stderr)")


def measure(script: str, *args: str) -> tuple[float, float, int, str]:
    """(wall s, CPU s, peak MB, last line of output) of ``script args`` run in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", PEAK, script, *args], capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = [line for line in (done.stdout + done.stderr).strip().splitlines() if not line.startswith("PEAK ")]
    peak = next((int(line.split()[1]) // 1024 for line in done.stderr.splitlines() if line.startswith("PEAK ")), -1)
    return wall, cpu, peak, (lines[-1] if lines else "")[:90]


ANALYSE = """import sys, time
from planner_gui.catalog import load_catalog
from planner_gui.engine import analyze_design
from planner_gui.io import load_design
catalog = load_catalog()
design = load_design(sys.argv[1], catalog).design
start = time.process_time()
analyze_design(design, catalog)
print(f"analysis {time.process_time() - start:.2f} s CPU")
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="8 MB files and 2k-8k ids instead of 64 MB and 10k-40k")
    options = parser.parse_args()
    budget = 8 * 2**20 if options.quick else MAX_FILE_BYTES - 1024
    cli = str(ROOT / "planner_gui" / "cli.py")
    print(f"{'case':<34} {'wall s':>7} {'CPU s':>7} {'peak MB':>8}  result")
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "analyse.py"
        script.write_text(ANALYSE, encoding="utf-8")
        cases = (("tiny objects (exact duplicate check)", tiny_dicts), ("distinct short strings", short_strings))
        for name, make in cases:
            path = Path(folder) / "hostile.cluster"
            make(path, budget)
            wall, cpu, peak, last = measure(cli, "validate", str(path))
            print(f"{name:<34} {wall:7.2f} {cpu:7.2f} {peak:8d}  {last}")
        for count in ((2_000, 4_000, 8_000) if options.quick else (10_000, 20_000, 40_000)):
            path = Path(folder) / "ids.cluster"
            unknown_ids(path, count)
            wall, cpu, peak, last = measure(str(script), str(path))
            print(f"{f'{count:,} unknown catalog ids: analysis':<34} {wall:7.2f} {cpu:7.2f} {peak:8d}  {last}")


if __name__ == "__main__":
    main()
