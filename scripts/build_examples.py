"""Regenerate planner_gui/resources/examples/ from planner_gui/templates/seed_examples.py.

Run after changing the generator, the catalog or an example: `.venv/bin/python scripts/build_examples.py`.
tests/test_examples.py fails while the shipped files differ from what this script would write.
"""

from __future__ import annotations

from planner_gui.catalog import bundled_catalog
from planner_gui.examples import examples_folder
from planner_gui.io import save_design
from planner_gui.templates.seed_examples import SEED_EXAMPLES, build_example


def main() -> None:
    catalog = bundled_catalog()
    folder = examples_folder()
    for example in SEED_EXAMPLES:
        design = build_example(catalog, example)
        save_design(design, folder / example.file)
        backup = folder / (example.file + ".bak")
        backup.unlink(missing_ok=True)
        print(f"{example.file}: {len(design.racks)} racks, {len(design.devices)} devices, {len(design.links)} links")


if __name__ == "__main__":
    main()
