"""Helpers shared by the commands: loading the catalog and a design (or one of its variants), printing JSON.

A design file's variant is named after the path: ``FILE.cluster@NAME``, or with ``--variant NAME``
(validate, analyze, report). A path that exists as given is never split, so a file whose name holds
an ``@`` still opens.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from planner_gui.catalog import Catalog, load_catalog
from planner_gui.commands.language import text, translate
from planner_gui.io import LoadError, LoadResult, load_design
from planner_gui.model import DesignError
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.model.variants import variant_design

VARIANT_SEPARATOR = "@"  # FILE.cluster@NAME; model/variants.py forbids it in names


def catalog_for_cli() -> Catalog:
    """The bundled catalog plus the user's (where Preferences point, as in the app); problems in the
    user's are warned about, not fatal."""
    from planner_gui.commands.user_prefs import user_catalog_path

    catalog = load_catalog(user_catalog_path())
    for problem in catalog.problems:
        print(translate("CLI", "cluster-planner: warning: catalog: {problem}").format(problem=text(problem)),
              file=sys.stderr)
    return catalog


def split_variant(spec: str) -> tuple[str, str | None]:
    """``FILE@NAME`` -> (FILE, NAME); a path that exists as given, or has no ``@``, -> (path, None)."""
    path, separator, name = spec.rpartition(VARIANT_SEPARATOR)
    if not separator or not path or Path(spec).exists():
        return spec, None
    return path, name


def load_selected(spec: str, catalog: Catalog) -> LoadResult:
    """Load ``FILE`` or ``FILE@VARIANT``; the result's design is that variant's (ValueError naming the variants)."""
    path, name = split_variant(spec)
    result = load_design(Path(path), catalog)
    if name is None:
        return result
    try:
        return replace(result, design=variant_design(result.design, name))
    except DesignError as error:  # the file's path in front, the model's sentence kept translatable
        where = QT_TRANSLATE_NOOP("CLI", "{path}: {where}").fill(path=path, where=error.where) if error.where else path
        raise DesignError(error.text or str(error).removeprefix(f"{error.where}: "), where) from None


def load_for_cli(path: str, catalog: Catalog) -> LoadResult:
    result = load_selected(path, catalog)
    for warning in result.warnings:
        print(translate("CLI", "cluster-planner: warning: {path}: {warning}").format(path=path, warning=text(warning)),
              file=sys.stderr)
    return result


def add_variant_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", metavar="NAME",
                        help=translate("CLI", "use this variant of the design (also FILE.cluster@NAME); "
                                              "default: the one open when the file was saved"))


def apply_variant_option(args: argparse.Namespace) -> None:
    """Fold ``--variant NAME`` into ``args.file`` as ``FILE@NAME``, the form the loaders read."""
    name = getattr(args, "variant", None)
    if name is None:
        return
    if split_variant(args.file)[1] is not None:
        raise ValueError(translate("CLI", "{file} already names a variant; give it either as FILE@NAME or with "
                                          "--variant").format(file=args.file))
    args.file = f"{args.file}{VARIANT_SEPARATOR}{name}"


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False, sort_keys=False)
    sys.stdout.write("\n")


__all__ = ["LoadError", "add_variant_option", "apply_variant_option", "catalog_for_cli", "load_for_cli",
           "load_selected", "print_json", "split_variant"]
