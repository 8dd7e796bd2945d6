"""The layering rules of docs/architecture.md, enforced over every module of ``planner_gui``.

One rule set: :data:`LAYERS` names every package and top-level module and what it may import of the
project (besides itself and the root package's ``__version__``). The tests fail on an arrow the
table does not allow, on a cycle between packages, on Qt in a pure layer (imports inside functions
included) and on a module the table does not place. model, present, catalog, engine, io, templates,
examples and the content half of report never import Qt: their numbers must be testable without a
display, and the CLI must run on a machine without one.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "planner_gui"
QT_MODULES = ("PySide6", "shiboken6", "pyqtgraph")
# What each layer may import from the project (besides itself): the arrows of docs/architecture.md,
# top of the stack first. A layer is a package below planner_gui/ (report's two halves apart) or a
# module directly in it.
LAYERS: dict[str, set[str]] = {
    "cli": {"commands"},
    "commands": {"app", "report.render", "report.content", "engine", "document", "io", "templates", "preferences",
                 "present", "catalog", "model", "examples"},
    "app": {"ui", "document", "i18n", "preferences", "examples", "catalog", "model", "present"},
    "ui": {"document", "report.render", "report.content", "i18n", "engine", "io", "templates", "preferences",
           "present", "catalog", "model", "examples"},
    "document": {"engine", "io", "templates", "present", "catalog", "model"},
    # the entry point passes the design, catalog and analyses through to the content (type names only)
    "report.render": {"report.content", "i18n", "present", "engine", "catalog", "model"},
    "i18n": {"report.content", "present", "model"},
    "report.content": {"engine", "present", "catalog", "model"},
    "engine": {"templates", "present", "catalog", "model"},
    "io": {"catalog", "model"},
    "templates": {"catalog", "model"},
    "catalog": {"model"},
    "preferences": set(),
    "examples": set(),
    "present": set(),
    "model": set(),
    "report": set(),  # report/__init__.py: the docstring that points at its two halves
}
QT_FREE = ("model", "present", "catalog", "engine", "io", "templates", "examples", "report", "report.content")
ROOT = "planner_gui"  # the root package itself: its __version__ may be read by anyone


def layer_of(module: str) -> str:
    """planner_gui.report.content.bom -> "report.content"; planner_gui.ui.rack.view -> "ui"."""
    parts = module.split(".")[1:]
    if not parts:
        return ROOT
    return ".".join(parts[:2]) if parts[0] == "report" and len(parts) > 1 else parts[0]


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def _all_modules() -> frozenset[str]:
    return frozenset(_module_name(p) for p in PACKAGE.rglob("*.py"))


def _python_files(layer: str) -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py")) if layer_of(_module_name(p)) == layer]


@cache
def _imports(path: Path) -> frozenset[str]:
    name = _module_name(path)
    return imports_in(path.read_text(encoding="utf-8"), name, path.name == "__init__.py")


def imports_in(source: str, module: str, is_package: bool = False) -> frozenset[str]:
    """Every module ``source`` (the text of ``module``) imports, also inside functions and TYPE_CHECKING
    blocks, relative imports resolved and ``from planner_gui import present`` read as that submodule."""
    package = module if is_package else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            subs = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in _all_modules()]
            names.update(subs or [base])
    return frozenset(names)


def _project_imports(path: Path) -> set[str]:
    return {name for name in _imports(path) if name.split(".")[0] == ROOT}


def _arrows() -> dict[tuple[str, str], list[str]]:
    """(from layer, to layer) -> the files and modules that make that arrow."""
    arrows: dict[tuple[str, str], list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        source = layer_of(_module_name(path))
        for name in _project_imports(path):
            target = layer_of(name)
            if target not in (source, ROOT):
                arrows.setdefault((source, target), []).append(f"{path.relative_to(PACKAGE)} imports {name}")
    return arrows


def test_every_module_belongs_to_a_layer_of_the_table() -> None:
    unplaced = sorted({layer_of(m) for m in _all_modules()} - set(LAYERS) - {ROOT})
    assert unplaced == []


@pytest.mark.parametrize("layer", QT_FREE)
def test_layer_never_imports_qt(layer: str) -> None:
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in _python_files(layer) for name in _imports(path) if name.split(".")[0] in QT_MODULES
    ]
    assert offenders == []


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_layer_imports_only_what_the_table_allows(layer: str) -> None:
    offenders = [site for (source, target), sites in _arrows().items()
                 if source == layer and target not in LAYERS[layer] for site in sites]
    assert offenders == []


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of ``graph`` as a path [a, b, ..., a], or [] when it has none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        state[node] = 2
        path.pop()
        return []

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return []


def test_packages_form_no_cycle() -> None:
    graph: dict[str, set[str]] = {}
    for source, target in _arrows():
        graph.setdefault(source, set()).add(target)
    assert _cycle(graph) == []
    for layer, allowed in LAYERS.items():  # and the table itself is a stack: no cycle can be allowed later
        graph.setdefault(layer, set()).update(allowed)
    assert _cycle(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"ui": {"i18n"}, "i18n": {"present", "ui"}}) == ["i18n", "ui", "i18n"]
    assert _cycle({"ui": {"i18n"}, "i18n": {"present"}}) == []


def test_a_wrong_way_import_is_caught_also_lazy_relative_or_for_types() -> None:
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ...document import Document\n"
              "def f():\n    from planner_gui.ui import colors\n    import PySide6.QtCore\n")
    names = imports_in(source, "planner_gui.engine.util.probe")
    assert {"planner_gui.document", "planner_gui.ui.colors", "PySide6.QtCore"} <= names
    assert {layer_of(n) for n in names if n.startswith(ROOT)} - LAYERS["engine"] == {"document", "ui"}


def test_headless_modules_load_without_qt_at_run_time() -> None:
    """Importing the pure layers (and running the CLI's catalog listing) must not pull Qt in."""
    code = (
        "import sys\n"
        "import planner_gui.model, planner_gui.catalog, planner_gui.io, planner_gui.templates, planner_gui.engine\n"
        "from planner_gui.cli import main\n"
        "import io, contextlib\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['catalog'])\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'pyqtgraph')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert result.stdout.strip().splitlines()[-1] == "[]"



ENGINE_WAY_IN = {"planner_gui.engine", "planner_gui.engine.analysis"}  # the door and its entry module
BENCHMARKS = PACKAGE.parent / "benchmarks"


def _room_imports(path: Path, module: str) -> list[str]:
    """The engine rooms ``path`` (the file of ``module``) imports, past the door."""
    names = imports_in(path.read_text(encoding="utf-8"), module, path.name == "__init__.py")
    return [name for name in sorted(names) if name.startswith("planner_gui.engine.") and name not in ENGINE_WAY_IN]


def test_nothing_outside_the_engine_imports_its_rooms() -> None:
    """The engine's door (engine/__init__.py) and its entry module engine/analysis.py are the only way in."""
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in sorted(PACKAGE.rglob("*.py")) if "engine" not in path.relative_to(PACKAGE).parts[:1]
        for name in _room_imports(path, _module_name(path))
    ]
    assert offenders == []


def test_benchmarks_enter_the_engine_by_its_door() -> None:
    """benchmarks/ time what the app calls: the door's names, never a room's internals."""
    scripts = sorted(BENCHMARKS.glob("*.py"))
    assert len(scripts) > 5
    offenders = [f"benchmarks/{path.name} imports {name}" for path in scripts
                 for name in _room_imports(path, f"benchmarks.{path.stem}")]
    assert offenders == []


def test_a_benchmark_past_the_door_is_caught() -> None:
    source = "def run():\n    from planner_gui.engine.training.planner import plan_layouts\n"
    names = imports_in(source, "benchmarks.example")
    assert [n for n in names if n.startswith("planner_gui.engine.") and n not in ENGINE_WAY_IN] == [
        "planner_gui.engine.training.planner"]


def test_the_engine_door_resolves_every_name_it_lists() -> None:
    import planner_gui.engine as door

    missing = [name for name in door.__all__ if getattr(door, name, None) is None]
    assert missing == []
    with pytest.raises(AttributeError, match="no attribute 'not_an_entry_point'"):
        _ = door.not_an_entry_point


def test_the_engine_door_is_lazy() -> None:
    """Importing the door loads no room: the CLI's start-up pays only for the rooms a command uses."""
    code = (
        "import sys, planner_gui.engine\n"
        "print(sorted(m for m in sys.modules if m.startswith('planner_gui.engine.')))\n"
        "from planner_gui.engine import shell_exports\n"
        "print('planner_gui.engine.deploy.nccl_env' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert result.stdout.split() == ["[]", "True"]
