"""Regression test for the PySide6 6.12.0 / Python 3.11 crash (none_dealloc).

That release drops a reference to None on every call of a void method; after a few thousand calls
Python aborts with "Fatal Python error: none_dealloc". pyproject pins PySide6-Essentials < 6.12 on
Python < 3.12. Here: 20,000 void calls must leave None's reference count where it was.
"""

from __future__ import annotations

import sys

VOID_CALLS = 20_000
# Allowed drift: the interpreter's own bookkeeping may take or release a handful of references.
TOLERANCE = 100


def test_void_calls_do_not_leak_references_to_none() -> None:
    from PySide6.QtCore import QPointF
    from PySide6.QtWidgets import QApplication, QGraphicsRectItem

    app = QApplication.instance() or QApplication([])
    assert app is not None
    item = QGraphicsRectItem(0, 0, 10, 10)
    point = QPointF(0.0, 0.0)
    before = sys.getrefcount(None)
    for i in range(VOID_CALLS):
        item.setPos(float(i % 100), 0.0)  # void method
        point.setX(float(i))  # void method on a value type
    after = sys.getrefcount(None)
    assert abs(after - before) < TOLERANCE, f"None refcount moved by {after - before} over {VOID_CALLS} void calls"
    assert item.pos().x() == float((VOID_CALLS - 1) % 100)
