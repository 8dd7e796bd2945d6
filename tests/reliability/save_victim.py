"""Processes that save a large design over and over until killed (tests/reliability/test_atomic_save.py).

Usage: python -m tests.reliability.save_victim TARGET NODES
Builds version A (NODES nodes) and version B (renamed, a tenth of the links removed) once, prints
"ready", then answers commands on stdin: "go" forks a child that saves B, A, B, ... to TARGET
forever and prints its pid (the test kills it with SIGKILL at a random moment); "reap PID" waits
until that child is gone and prints "reaped". Forking from this single-threaded process makes
each kill cost milliseconds instead of a new interpreter and two freshly built designs.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from planner_gui.catalog import bundled_catalog
from planner_gui.io import save_design
from planner_gui.model import Design
from planner_gui.templates import TemplateSpec, generate_design

LINKS_DROPPED_EVERY = 10  # B lacks every tenth link of A: a different size and content


def versions(nodes: int) -> tuple[Design, Design]:
    catalog = bundled_catalog()
    spec = TemplateSpec("dgx-h100", nodes, topology="rail-optimized", name="version A")
    first, second = generate_design(catalog, spec), generate_design(catalog, spec)
    first.meta.created = first.meta.modified = second.meta.created = second.meta.modified = "2026-01-01T00:00:00+00:00"
    second.meta.name = "version B"
    for link_id in list(second.links)[::LINKS_DROPPED_EVERY]:
        second.remove_link(link_id)
    return first, second


def main() -> None:
    target, nodes = Path(sys.argv[1]), int(sys.argv[2])
    first, second = versions(nodes)
    print("ready", flush=True)
    for line in sys.stdin:
        command = line.split()
        if command == ["go"]:
            pid = os.fork()
            if pid == 0:
                save_forever(first, second, target)
            print(pid, flush=True)
        elif command[:1] == ["reap"]:
            os.waitpid(int(command[1]), 0)
            print("reaped", flush=True)


def save_forever(first: Design, second: Design, target: Path) -> None:
    while True:
        save_design(second, target)
        save_design(first, target)


if __name__ == "__main__":
    main()
