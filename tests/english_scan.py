"""What the translation scans call "English no translator will see", in one place.

The scans in test_error_texts, test_io_messages_i18n, test_engine_texts, test_templates_texts and
test_catalog_texts each read one layer's source for messages written as plain strings instead of
``QT_TRANSLATE_NOOP(...).fill(...)`` Texts (planner_gui/model/messages.py); they share these two tests.
"""

from __future__ import annotations

import ast
from collections.abc import Collection


def plain_english(node: ast.AST | None, tuples: bool = False) -> bool:
    """A non-empty string literal, an f-string, a ``+`` or a ``.format()`` of one (a plain str that lupdate
    never sees), or a list, set, comprehension or conditional giving one. Tuples count only when
    ``tuples`` (in some layers they are messages, in others ``(name, value)`` data)."""
    if isinstance(node, ast.List | ast.Set) or (tuples and isinstance(node, ast.Tuple)):
        return any(plain_english(item, tuples) for item in node.elts)
    if isinstance(node, ast.ListComp | ast.GeneratorExp):
        return plain_english(node.elt, tuples)
    if isinstance(node, ast.IfExp):
        return plain_english(node.body, tuples) or plain_english(node.orelse, tuples)
    if isinstance(node, ast.BinOp):
        return plain_english(node.left, tuples) or plain_english(node.right, tuples)
    if isinstance(node, ast.Call):
        return getattr(node.func, "attr", "") == "format"
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)
                                                and node.value != "")


def called_name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def unmarked_raise_lines(source: str, names: Collection[str] | None = None) -> list[int]:
    """Lines raising an error (of ``names``; None: any) whose message, the first argument, is plain English."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args
            and (names is None or called_name(node.exc) in names) and plain_english(node.exc.args[0])]
