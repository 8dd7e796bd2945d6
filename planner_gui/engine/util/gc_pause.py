"""Hold off Python's cyclic garbage collector while an analysis runs.

The collector starts a pass after every ~700 new container objects (tuples, lists, result objects)
and every tenth and hundredth pass also walks the older generations. One analysis of a 100,000-GPU
design creates some 30,000 such objects while the design itself holds ~500,000 (its links, devices
and the parse of every port reference), so the passes inside one analysis cost 50-150 ms, often more
than the analysis itself (measured with ``gc.callbacks`` on the 100,000-GPU design of
benchmarks/scale.py). The engine builds no reference cycles that need collecting while it runs:
reference counting frees its temporaries at once either way, so pausing the collector changes no
result, and the collector catches up in one pass on the first allocation after the run.

The pause nests and is shared by threads (the GUI analyses in a worker thread): the collector is
switched back on when the last analysis ends, and only if it was on when the first one began.

Between analyses the collector still walks everything that lives long: a full pass over an open
100,000-GPU design in the GUI (some 790,000 tracked objects: the design, the views' items, the
engine's cache) takes ~290 ms, and it comes whenever enough new objects have piled up, in the middle
of an edit (issue 8: a 500 ms edit among 130 ms ones). ``freeze_long_lived`` moves everything alive
at that moment out of the collector's reach (``gc.freeze``); later passes walk only what was made
since. It runs one full pass first, once, so that only live objects are frozen: garbage frozen with
them would wait for ``thaw_long_lived`` and then be collected late, out of its order, which crashes
with Qt wrappers whose widgets are gone (seen in the GUI test suite). Reference counting still frees
frozen objects as usual. The GUI thaws when another design replaces the open one.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_LOCK = threading.Lock()
_state = {"depth": 0, "resume": False}  # analyses running, and whether the collector was on before


@contextmanager
def gc_paused() -> Iterator[None]:
    """Run the block with the cyclic collector off (see the module docstring for why this is safe)."""
    with _LOCK:
        if _state["depth"] == 0:
            _state["resume"] = gc.isenabled()
            gc.disable()
        _state["depth"] += 1
    try:
        yield
    finally:
        with _LOCK:
            _state["depth"] -= 1
            if _state["depth"] == 0 and _state["resume"]:
                gc.enable()


def freeze_long_lived() -> None:
    """Leave every object alive now out of later collector passes (see the module docstring)."""
    gc.collect()
    gc.freeze()


def thaw_long_lived() -> None:
    """Hand frozen objects back to the collector (the design they belonged to was replaced)."""
    gc.unfreeze()
