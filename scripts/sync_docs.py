"""Copy docs/*.md and docs/models/*.md into planner_gui/resources/docs/ so the Help menu ships them.

Run: .venv/bin/python scripts/sync_docs.py   (tests/test_packaging.py fails when the copies are stale)
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE, TARGET = ROOT / "docs", ROOT / "planner_gui" / "resources" / "docs"


def doc_files() -> list[Path]:
    """Every page, as a path relative to docs/ (the model pages keep their folder so links still resolve)."""
    return sorted(p.relative_to(SOURCE) for p in (*SOURCE.glob("*.md"), *SOURCE.glob("models/*.md")))


def main() -> int:
    TARGET.mkdir(parents=True, exist_ok=True)
    wanted = set(doc_files())
    for stale in (*TARGET.glob("*.md"), *TARGET.glob("models/*.md")):
        if stale.relative_to(TARGET) not in wanted:
            stale.unlink()
    for page in doc_files():
        (TARGET / page).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(SOURCE / page, TARGET / page)
        print(TARGET / page)
    return 0


if __name__ == "__main__":
    sys.exit(main())
