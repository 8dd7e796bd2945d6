"""Named variants of one design ("IB", "RoCE", "32 nodes"), kept together in one .cluster file.

A design with variants is edited one variant at a time: the :class:`Design` itself holds the
*active* variant, and every other variant is a complete design of its own (racks, devices, links,
settings and workload), stored by name in ``design.variants``. Switching moves objects instead of
copying them: the active state becomes a stored design and the chosen one becomes the design's
contents, so the document's undo history (which holds references to those objects) stays valid.

A design without variants has ``variants.active == ""`` and nothing stored. Saving the current
state as a new variant names the state held so far (``BASE_NAME`` if it had no name yet), keeps a
copy of it under that name, and goes on editing the new variant. Pure Python: no Qt, no I/O.
"""

from __future__ import annotations

import copy
import unicodedata
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING

from planner_gui.model.errors import DesignError
from planner_gui.model.messages import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from planner_gui.model.design import Design

# A proposal compares a handful of options (the seeds weigh two or three: IB vs RoCE, A100 vs H100);
# 32 is far beyond that and keeps a hostile file from holding thousands of whole designs.
MAX_VARIANTS = 32
MAX_NAME_CHARS = 80  # a name is a short label for a menu, a table column and the CLI's NAME@FILE
BASE_NAME = "Base"  # the name the state held so far gets when the first variant is made
FORBIDDEN_CHARS = ",@"  # the CLI separates names with "," (--variants A,B) and files from names with "@"
VARIANT_WHERE = QT_TRANSLATE_NOOP("Model", "variant").fill()  # where a name typed in the app is refused


@dataclass
class Variants:
    """Which variant the design holds, and the others by name (``names`` gives the order)."""

    active: str = ""
    stored: dict[str, Design] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)  # every name, the active one included

    @property
    def names(self) -> list[str]:
        return list(self.order)

    def __bool__(self) -> bool:
        return bool(self.order)


def check_name(name: object, taken: list[str], where: str = VARIANT_WHERE) -> str:
    """The name, tidied (inner runs of white space become one space); DesignError if it cannot be used."""
    if not isinstance(name, str):
        raise DesignError(QT_TRANSLATE_NOOP("Model", "a variant name must be text, got {type}").fill(
            type=type(name).__name__), where)
    tidy = " ".join(name.split())
    if not tidy:
        raise DesignError(QT_TRANSLATE_NOOP("Model", "a variant needs a name, e.g. 'RoCE' or '32 nodes'").fill(), where)
    if len(tidy) > MAX_NAME_CHARS:
        raise DesignError(QT_TRANSLATE_NOOP(
            "Model", "a variant name is at most {most} characters (this one has {count})").fill(
            most=MAX_NAME_CHARS, count=len(tidy)), where)
    bad = sorted({c for c in tidy if c in FORBIDDEN_CHARS or unicodedata.category(c).startswith("C")})
    if bad:
        shown = ", ".join(repr(c) for c in bad)
        raise DesignError(QT_TRANSLATE_NOOP(
            "Model", "variant name {name!r} contains {chars}; use letters, digits, spaces, '-' or '.'").fill(
            name=tidy, chars=shown), where)
    if tidy.casefold() in (t.casefold() for t in taken):
        raise DesignError(QT_TRANSLATE_NOOP(
            "Model", "there is already a variant named {name!r}; choose another name").fill(name=tidy), where)
    return tidy


def unknown_variant(design: Design, name: str) -> DesignError:
    """The error for a name the design has no variant of, listing the names it has."""
    names = design.variants.names
    if names:
        return DesignError(QT_TRANSLATE_NOOP(
            "Model", "no variant {name!r} in design {design!r}; its variants are: {names}").fill(
            name=name, design=design.meta.name, names=", ".join(names)))
    return DesignError(QT_TRANSLATE_NOOP("Model", "no variant {name!r} in design {design!r}; it has no variants").fill(
        name=name, design=design.meta.name))


def variant_design(design: Design, name: str) -> Design:
    """The design of variant ``name`` (the design itself for the active one); DesignError listing the names."""
    v = design.variants
    if name == v.active and name:
        return design
    found = v.stored.get(name)
    if found is None:
        raise unknown_variant(design, name)
    return found


def snapshot(design: Design) -> Design:
    """A deep copy of the design's current state, without its variants."""
    from planner_gui.model.design import Design as DesignClass  # import cycle: design.py holds Variants

    shell = DesignClass()  # shares the design's objects; its own variants are empty, so they are not copied
    _move_state(design, shell)
    return copy.deepcopy(shell)


def new_variant(design: Design, name: str, kept_state: Design | None = None) -> str:
    """Keep the current state (named ``BASE_NAME`` if it had no name) and go on as variant ``name``.

    Returns the name the previous state is kept under. The design's contents do not change.
    ``kept_state`` is the copy to keep (an undo stack's redo passes back the one made the first time,
    so later steps that name its objects stay valid); by default a fresh :func:`snapshot`.
    """
    v = design.variants
    if len(v.order) + (1 if v.order else 2) > MAX_VARIANTS:  # the first one also names the state held so far
        raise DesignError(QT_TRANSLATE_NOOP("Model", "a design holds at most {most} variants; delete one first").fill(
            most=MAX_VARIANTS))
    kept = v.active or BASE_NAME
    name = check_name(name, v.order or [kept])
    v.stored[kept] = snapshot(design) if kept_state is None else kept_state
    if not v.order:
        v.order.append(kept)
    v.order.insert(v.order.index(kept) + 1, name)
    v.active = name
    return kept


def undo_new_variant(design: Design, name: str, kept: str, was_empty: bool) -> Design:
    """Reverse :func:`new_variant` while ``name`` is active; returns the kept copy (for a redo).

    ``was_empty``: the design had no variants before, so it has none again (the kept name goes too).
    """
    v = design.variants
    if v.active != name:
        raise DesignError(QT_TRANSLATE_NOOP("Model", "variant {name!r} is not the active one; switch to it first").fill(
            name=name))
    v.order.remove(name)
    state = v.stored.pop(kept)
    if was_empty:
        v.order.clear()
        v.active = ""
    else:
        v.active = kept
    return state


def switch_to(design: Design, name: str) -> str:
    """Make ``name`` the active variant, keeping the current state under its own name; returns that name."""
    from planner_gui.model.design import Design as DesignClass

    v = design.variants
    if name == v.active:
        return name
    target = v.stored.get(name)
    if target is None:
        raise unknown_variant(design, name)
    kept = DesignClass()
    _move_state(design, kept)
    _move_state(target, design)
    del v.stored[name]
    v.stored[v.active] = kept
    previous, v.active = v.active, name
    return previous


def rename(design: Design, old: str, new: str) -> str:
    """Rename a variant (active or stored); returns the tidied new name."""
    v = design.variants
    if old not in v.order:
        raise unknown_variant(design, old)
    new = check_name(new, [n for n in v.order if n != old])
    v.order[v.order.index(old)] = new
    if old == v.active:
        v.active = new
    else:
        v.stored = {new if k == old else k: d for k, d in v.stored.items()}
    return new


def delete(design: Design, name: str) -> tuple[int, Design]:
    """Delete a stored variant; returns its position and design (to undo). The active one cannot be deleted."""
    v = design.variants
    if name == v.active and name:
        raise DesignError(QT_TRANSLATE_NOOP(
            "Model", "variant {name!r} is the one being edited; switch to another variant before deleting it").fill(
            name=name))
    if name not in v.stored:
        raise unknown_variant(design, name)
    index = v.order.index(name)
    v.order.remove(name)
    return index, v.stored.pop(name)


def restore(design: Design, name: str, index: int, stored: Design) -> None:
    """Put back a deleted variant at its old position."""
    v = design.variants
    v.order.insert(index, name)
    v.stored[name] = stored


def _move_state(source: Design, target: Design) -> None:
    """Move every field except the variants from ``source`` onto ``target`` (no copy)."""
    for f in fields(source):
        if f.name != "variants":
            setattr(target, f.name, getattr(source, f.name))
