"""Copy docs/*.md into planner_gui/resources/docs/ so the Help menu ships them inside the package.

Run: .venv/bin/python scripts/sync_docs.py   (tests/test_packaging.py fails when the copies are stale)
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE, TARGET = ROOT / "docs", ROOT / "planner_gui" / "resources" / "docs"


def doc_files() -> list[Path]:
    return sorted(SOURCE.glob("*.md"))


def main() -> int:
    TARGET.mkdir(parents=True, exist_ok=True)
    wanted = {p.name for p in doc_files()}
    for stale in TARGET.glob("*.md"):
        if stale.name not in wanted:
            stale.unlink()
    for path in doc_files():
        shutil.copyfile(path, TARGET / path.name)
        print(TARGET / path.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
