"""Fuzz the design loader and the user-catalog loader for N minutes; report inputs tried, crashes, hangs.

Run: .venv/bin/python benchmarks/fuzz.py --minutes 10 [--engine hypothesis|atheris|both]

The hypothesis engine damages valid documents (tests/reliability/hostile.py: deleted, replaced,
retyped, duplicated and deeply nested values, huge numbers, Unicode, cut or flipped bytes) and
tries random bytes. The atheris engine (coverage-guided libFuzzer, if ``pip install atheris``
worked) feeds its own byte strings to the same checks. A crash is any exception other than the
loader's own error; a hang is any load slower than HANG_S (the issue's 2 s bound).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # for tests.reliability.hostile

HANG_S = 2.0  # issue 8: every load of a hostile file finishes under 2 s
BATCH = 500  # hypothesis examples per run; runs repeat (new seeds) until the time is up
SECONDS_PER_MINUTE = 60
ATHERIS_DONE = re.compile(r"Done (\d+) runs")
ATHERIS_CHILD = "CLUSTER_PLANNER_FUZZ_CHILD"  # set in the environment of the atheris child process


def hypothesis_round(kind: str, examples: int, folder: Path, counts: Counter[str]) -> None:
    from hypothesis import HealthCheck, given, settings

    from tests.reliability import hostile

    strategy = hostile.hostile_design_bytes() if kind == "design" else hostile.hostile_catalog_bytes()

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def one(raw: bytes) -> None:
        start = time.perf_counter()
        if kind == "design":
            counts[f"design {hostile.check_design_file(folder / 'fuzz.cluster', raw)}"] += 1
        else:
            hostile.check_catalog_file(folder / "catalog.json", raw)
            counts["catalog loaded"] += 1
        elapsed = time.perf_counter() - start
        counts["slowest ms"] = max(counts["slowest ms"], round(elapsed * 1000))
        if elapsed > HANG_S:
            counts["hangs"] += 1
            print(f"slow input ({elapsed:.1f} s): {raw[:200]!r}", flush=True)

    one()


def run_hypothesis(seconds: float) -> Counter[str]:
    counts: Counter[str] = Counter()
    deadline = time.monotonic() + seconds
    with tempfile.TemporaryDirectory() as folder:
        while time.monotonic() < deadline:
            for kind in ("design", "catalog"):
                try:
                    hypothesis_round(kind, BATCH, Path(folder), counts)
                except Exception as error:  # a crash: report it and go on fuzzing
                    counts["crashes"] += 1
                    print(f"CRASH ({kind}): {type(error).__name__}: {str(error)[:2000]}", flush=True)
    return counts


def run_atheris(seconds: float) -> Counter[str]:
    """libFuzzer in a child process (it never returns); its own summary gives the number of runs."""
    from tests.reliability import hostile

    counts: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        corpus = Path(folder) / "corpus"
        corpus.mkdir()
        for index, document in enumerate([*hostile.base_documents(), *hostile.catalog_documents()]):
            (corpus / f"seed-{index}").write_text(json.dumps(document), encoding="utf-8")
        command = [sys.executable, __file__, f"-max_total_time={int(seconds)}", f"-timeout={int(HANG_S)}",
                   "-rss_limit_mb=4096", f"-artifact_prefix={folder}/", str(corpus)]
        result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False,
                                env={**os.environ, ATHERIS_CHILD: "1"})
    done = ATHERIS_DONE.findall(result.stderr)
    counts["atheris inputs"] = int(done[-1]) if done else 0
    if result.returncode != 0:
        counts["crashes"] += 1
        print(result.stderr[-4000:], flush=True)
    return counts


def atheris_child() -> None:
    """Runs inside the child: the loaders are imported under atheris so libFuzzer sees their coverage."""
    import atheris

    with atheris.instrument_imports():
        from planner_gui import catalog, io  # noqa: F401
        from tests.reliability import hostile
    folder = Path(tempfile.mkdtemp())

    def one_input(raw: bytes) -> None:
        # Both loaders get every input: the design loader as a .cluster, the catalog one as catalog.json.
        hostile.check_design_file(folder / "fuzz.cluster", raw)
        hostile.check_catalog_file(folder / "catalog.json", raw)

    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=1.0, help="how long to fuzz (default 1)")
    parser.add_argument("--engine", choices=("hypothesis", "atheris", "both"), default="both")
    args = parser.parse_args()
    if args.minutes <= 0:
        parser.error("--minutes must be above 0")
    seconds = args.minutes * SECONDS_PER_MINUTE
    atheris_ok = _atheris_installed()
    engines = ["hypothesis", "atheris"] if args.engine == "both" else [args.engine]
    if "atheris" in engines and not atheris_ok:
        print("atheris is not installed: hypothesis only")
        engines = ["hypothesis"]
    total: Counter[str] = Counter()
    started = time.perf_counter()
    for engine in engines:
        share = seconds / len(engines)
        total.update(run_hypothesis(share) if engine == "hypothesis" else run_atheris(share))
    tried = sum(v for k, v in total.items() if k.startswith(("design ", "catalog ", "atheris ")))
    print(f"fuzzed {time.perf_counter() - started:.0f} s with {', '.join(engines)}: {tried:,} inputs")
    for key in sorted(total):
        print(f"  {key}: {total[key]:,}")
    print(f"crashes: {total['crashes']}, loads over {HANG_S:g} s: {total['hangs']}")
    return 1 if total["crashes"] or total["hangs"] else 0


def _atheris_installed() -> bool:
    try:
        import atheris  # noqa: F401
    except ImportError:
        return False
    return os.environ.get("NO_ATHERIS") is None


if __name__ == "__main__":
    if os.environ.get(ATHERIS_CHILD):
        atheris_child()
    sys.exit(main())
