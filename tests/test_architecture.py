"""The layering rules of docs/architecture.md, enforced.

model, catalog, engine, io, templates and the content half of report never import Qt: their
numbers must be testable without a display, and the CLI must run on a machine without one.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "planner_gui"
QT_FREE = ("model", "catalog", "engine", "io", "templates", "report/content")
QT_MODULES = ("PySide6", "shiboken6", "pyqtgraph")
# What each layer may import from the project (besides itself): the arrows of docs/architecture.md.
ALLOWED = {
    "model": set(),
    "catalog": {"model"},
    "io": {"model", "catalog"},
    "templates": {"model", "catalog"},
    "engine": {"model", "catalog", "templates"},
}


def _python_files(layer: str) -> list[Path]:
    path = PACKAGE / layer
    if path.with_suffix(".py").exists():
        return [path.with_suffix(".py")]
    return sorted(path.rglob("*.py")) if path.exists() else []


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", QT_FREE)
def test_layer_never_imports_qt(layer: str) -> None:
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in _python_files(layer) for name in _imports(path) if name.split(".")[0] in QT_MODULES
    ]
    assert offenders == []


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_the_layers_below(layer: str) -> None:
    allowed = ALLOWED[layer] | {layer}
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in _python_files(layer) for name in _imports(path)
        if name.startswith("planner_gui.") and name.split(".")[1] not in allowed
    ]
    assert offenders == []


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


def _project_imports(path: Path) -> set[str]:
    """Every project module a file imports, also inside functions, with relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            names.add(base)
    return {name for name in names if name.split(".")[0] == "planner_gui"}


def test_nothing_outside_the_engine_imports_its_rooms() -> None:
    """The engine's door (engine/__init__.py) and its entry module engine/analysis.py are the only way in."""
    allowed = {"planner_gui.engine", "planner_gui.engine.analysis"}
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in sorted(PACKAGE.rglob("*.py")) if "engine" not in path.relative_to(PACKAGE).parts[:1]
        for name in _project_imports(path)
        if name.startswith("planner_gui.engine.") and name not in allowed
    ]
    assert offenders == []


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
