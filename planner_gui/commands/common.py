"""Helpers shared by the commands: loading the catalog and a design, printing JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from planner_gui.catalog import Catalog, load_catalog
from planner_gui.io import LoadError, LoadResult, load_design


def catalog_for_cli() -> Catalog:
    """The bundled catalog plus the user's; problems in the user's are warned about, not fatal."""
    catalog = load_catalog()
    for problem in catalog.problems:
        print(f"cluster-planner: warning: catalog: {problem}", file=sys.stderr)
    return catalog


def load_for_cli(path: str, catalog: Catalog) -> LoadResult:
    result = load_design(Path(path), catalog)
    for warning in result.warnings:
        print(f"cluster-planner: warning: {path}: {warning}", file=sys.stderr)
    return result


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False, sort_keys=False)
    sys.stdout.write("\n")


__all__ = ["LoadError", "catalog_for_cli", "load_for_cli", "print_json"]
