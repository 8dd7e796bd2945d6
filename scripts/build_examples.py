"""Regenerate planner_gui/resources/examples/ from planner_gui/templates/seed_examples.py.

Run after changing the generator, the catalog or an example: `.venv/bin/python scripts/build_examples.py`.
tests/test_examples.py fails while the shipped files differ from what this script would write.
"""

from __future__ import annotations

from planner_gui.catalog import bundled_catalog
from planner_gui.examples import examples_folder
from planner_gui.io import save_design
from planner_gui.model import Design
from planner_gui.templates.seed_examples import (
    SEED_EXAMPLES,
    VARIANT_EXAMPLES,
    build_example,
    build_variant_example,
)


def main() -> None:
    catalog = bundled_catalog()
    folder = examples_folder()
    built: list[tuple[str, Design]] = [(e.file, build_example(catalog, e)) for e in SEED_EXAMPLES]
    built += [(e.file, build_variant_example(catalog, e)) for e in VARIANT_EXAMPLES]
    for file, design in built:
        save_design(design, folder / file)
        (folder / (file + ".bak")).unlink(missing_ok=True)
        variants = f", variants {', '.join(design.variants.names)}" if design.variants else ""
        print(f"{file}: {len(design.racks)} racks, {len(design.devices)} devices, {len(design.links)} links{variants}")


if __name__ == "__main__":
    main()
