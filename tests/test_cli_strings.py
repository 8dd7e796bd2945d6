"""Every sentence the command line prints goes through translate() and is translated in the shipped .ts.

Read from the source (ast), the way lupdate reads it: a sentence written as a plain literal or inside
an f-string never reaches the .ts, so a Chinese user would get it in English.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from planner_gui.i18n import CHINESE, ts_path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted([*(ROOT / "planner_gui" / "commands").glob("*.py"), ROOT / "planner_gui" / "cli.py"])
MARKERS = ("translate", "QT_TRANSLATE_NOOP")  # what lupdate extracts: (context literal, source literal)
CONTEXTS = ("CLI", "argparse")
PHRASE = re.compile(r"[A-Za-z]{2,}[ ,;:]+[A-Za-z]{2,}")  # two words: a sentence, not an id or a unit
# The words f-strings may hold outside translate(): units, shell and program names, table keys.
TECHNICAL = {"us", "GB", "Gb/s", "TFLOPS", "export", "cluster-planner", "train.step."}


def _name(call: ast.Call) -> str | None:
    return getattr(call.func, "id", None) or getattr(call.func, "attr", None)


def _marked(tree: ast.AST) -> list[ast.Call]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call) and _name(node) in MARKERS]


def _exempt(tree: ast.AST) -> set[int]:
    """Nodes that are not printed: marked sources, docstrings, dict keys (engine values) and regexes."""
    exempt: set[int] = set()
    for node in ast.walk(tree):
        inside: list[ast.AST] = []
        if isinstance(node, ast.Call) and (_name(node) in MARKERS or _name(node) == "compile"):
            inside = [node]
        elif isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef) and ast.get_docstring(node) is not None:
            inside = [node.body[0]]
        elif isinstance(node, ast.Dict):
            inside = [key for key in node.keys if key is not None]
        elif isinstance(node, ast.FormattedValue) and node.format_spec is not None:
            inside = [node.format_spec]  # {value:,.1f}
        exempt |= {id(sub) for part in inside for sub in ast.walk(part)}
    return exempt


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_english_sentence_outside_translate(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    exempt = _exempt(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and id(node) not in exempt:
            words = {w for part in node.values if isinstance(part, ast.Constant)
                     for w in re.findall(r"[A-Za-z][\w/.-]+", part.value)}  # one letter: a unit (B, W, s, x)
            found += [f"line {node.lineno}: f-string word {w!r}" for w in sorted(words - TECHNICAL)]
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in exempt
              and PHRASE.search(node.value)):
            found.append(f"line {node.lineno}: {node.value!r}")
    assert found == [], f"{path.name}: wrap these in translate(\"CLI\", \"...\")"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_translate_gets_literals_lupdate_can_read(path: Path) -> None:
    """Never an f-string, a concatenation or a .format() result as the source: lupdate would miss it."""
    for call in _marked(ast.parse(path.read_text(encoding="utf-8"))):
        source = call.args[1] if len(call.args) > 1 else None
        assert not isinstance(source, ast.JoinedStr | ast.BinOp | ast.Call), f"{path.name}:{call.lineno}"


def test_every_marked_cli_string_is_translated_in_the_ts() -> None:
    wanted = set()
    for path in SOURCES:
        for call in _marked(ast.parse(path.read_text(encoding="utf-8"))):
            context, source = [*call.args, None, None][:2]
            if isinstance(context, ast.Constant) and isinstance(source, ast.Constant) and context.value in CONTEXTS:
                wanted.add((context.value, source.value))
    root = ElementTree.parse(ts_path(CHINESE)).getroot()
    done = {(c.findtext("name"), m.findtext("source")) for c in root.iter("context") for m in c.iter("message")
            if m.find("translation") is not None and (m.find("translation").text or "").strip()
            and m.find("translation").get("type") is None}
    assert len(wanted) > 250  # every command's help, tables and messages, not a sample
    assert sorted(wanted - done) == []
