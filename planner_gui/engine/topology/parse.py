"""Port references of every link as integer arrays, parsed in C and reused between edits.

Parsing is the costly part of topology analysis (a 4,096-node design has ~120,000 links and
240,000 references). The references are joined into one string and split in C, and names are
mapped to integers with ``dict.__getitem__``, so no Python loop runs per link. The result is
kept in the running analysis cache's store (engine/incremental/store.py) and reused on the next
call for the links that are still the same (or equal) objects in the same order: an edit
re-parses only the links after the first change. A link's ends are never edited in place (the
model's port index depends on them: Design.add_link and remove_link are the only way to change
them), so equal links have equal parses. References and link ids are read back from the Link
objects when a report asks for one (:class:`PortRefs`, :class:`LinkIds`) rather than kept as
lists of 400,000 strings.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, overload

import numpy as np

from planner_gui.engine.incremental.store import kept
from planner_gui.engine.util.arrays import common_prefix
from planner_gui.model import Design, Medium

MEDIA: tuple[Medium, ...] = tuple(Medium)
_MEDIUM_BY_MEMBER = {m: i for i, m in enumerate(MEDIA)}
_MEDIUM_BY_VALUE = {m.value: i for i, m in enumerate(MEDIA)}
_LINK_ID = attrgetter("id")
_SEP = "/"  # port reference separator, as in planner_gui.model.ids.PORT_SEPARATOR


class PortRefs:
    """``refs[end][link]``: the port reference at end 0 (a) or 1 (b) of link number ``link``, read from
    the Link objects when asked. Two lists of every reference would be ~800,000 more pointers for the
    garbage collector to walk after every analysis of a 100,000-GPU design, for the few references a
    report lists."""

    __slots__ = ("_ends",)

    def __init__(self, links: list[Any]) -> None:
        self._ends = (_EndRefs(links, "a"), _EndRefs(links, "b"))

    def __getitem__(self, end: int) -> _EndRefs:
        return self._ends[end]


class _EndRefs:
    __slots__ = ("_end", "_links")

    def __init__(self, links: list[Any], end: str) -> None:
        self._links, self._end = links, end

    def __getitem__(self, link: int) -> str:
        return getattr(self._links[link], self._end)  # type: ignore[no-any-return]

    def __len__(self) -> int:
        return len(self._links)


class LinkIds(Sequence[str]):
    """``ids[i]``: the id of link number ``i``, read from the Link object when asked. A tuple of every id
    would cost ~5 ms and another 400,000 pointers for the garbage collector after each structural edit
    of a 100,000-GPU design, for the few ids a report names."""

    __slots__ = ("_links",)

    def __init__(self, links: list[Any]) -> None:
        self._links = links

    def __len__(self) -> int:
        return len(self._links)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...

    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        if isinstance(index, slice):
            return tuple(map(_LINK_ID, self._links[index]))
        return self._links[index].id  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[str]:
        return map(_LINK_ID, self._links)

    @property
    def objects(self) -> list[Any]:
        """The Link objects themselves (never edited here: a report reads ids from them when asked)."""
        return self._links


@dataclass(slots=True, eq=False)
class LinkParse:
    """Every link's ends as device indices and port-name codes (row 0: a ends, row 1: b ends)."""

    links: list[Any]  # the Link objects, in design order
    device_ids: tuple[str, ...]
    end_dev: np.ndarray  # int32 (2, L)
    port_code: np.ndarray  # int32 (2, L), index into ``vocab``
    vocab: dict[str, int] = field(default_factory=dict)
    # The link list of the parse this one continued (None: none), and how many of its leading links are
    # the same here: what a caller keeping per-link arrays of that list may reuse (topology_graph.py).
    prior: list[Any] | None = None
    reused: int = 0
    dropped: int | None = None  # the position of the one link removed from ``prior``, when that is the edit

    @property
    def link_ids(self) -> LinkIds:
        """The links' ids in design order (``tuple(design.links)``, without building the tuple)."""
        return LinkIds(self.links)

    @property
    def refs(self) -> PortRefs:
        """The a references and the b references (a link's ends are never edited in place)."""
        return PortRefs(self.links)

    def ref(self, end: int, link: int) -> str:
        return self.refs[end][int(link)]


def parse_links(design: Design, port_names: Iterable[str] = (), links: list[Any] | None = None,
                change: Any = None) -> LinkParse:
    """The parsed links of ``design``, reusing what an earlier call parsed where still valid.

    ``port_names`` seeds the name codes with the ports the design's hardware has, which saves
    collecting the distinct names from the links. ``links`` is ``list(design.links.values())``
    when the caller already has it (link_columns.py), so that every column of one analysis
    describes the same list; ``change`` is how it differs from the list read before it (a
    link_columns.LinkChange), which saves comparing the two lists again when that list is the one
    parsed last time.
    """
    links = list(design.links.values()) if links is None else links
    device_ids = tuple(design.devices)
    store = kept()
    old = store.get(_PARSE)
    prior = old.links if old is not None else None
    if old is not None and device_ids == old.device_ids:
        device_ids = old.device_ids  # the same ids: the new tuple goes at once (a tuple the collector never walks)
    known = old is not None and change is not None and change.prior is old.links
    keep = (change.keep if known else common_prefix(old.links, links)) if old is not None else 0
    if old is None:
        old = LinkParse([], device_ids, np.empty((2, 0), np.int32), np.empty((2, 0), np.int32))
    for name in port_names:
        old.vocab.setdefault(name, len(old.vocab))
    if known:
        dropped = change.dropped if device_ids == old.device_ids else None
    else:
        dropped = keep if _one_removed(old, keep, links, device_ids) else None
    parse = _extend(old, keep, links, device_ids) if dropped is None else _without(old, keep, links)
    parse.prior, parse.reused, parse.dropped = prior, keep, dropped
    store[_PARSE] = parse
    return parse


def link_media(links: list[Any]) -> np.ndarray:
    """Medium code (index into MEDIA) of every link; a clear ValueError for an unknown medium."""
    try:
        return np.fromiter(map(_MEDIUM_BY_MEMBER.__getitem__, map(attrgetter("medium"), links)),
                           dtype=np.int8, count=len(links))
    except KeyError:  # plain strings (a design built by hand) rather than Medium members
        pass
    try:
        return np.fromiter(map(_MEDIUM_BY_VALUE.__getitem__, map(str, map(attrgetter("medium"), links))),
                           dtype=np.int8, count=len(links))
    except KeyError as error:
        culprit = next(link.id for link in links if str(link.medium) not in _MEDIUM_BY_VALUE)
        raise ValueError(f"link {culprit!r}: medium {error.args[0]!r} is not one of "
                         f"{', '.join(_MEDIUM_BY_VALUE)}") from None


def _one_removed(old: LinkParse, keep: int, links: list[Any], device_ids: tuple[str, ...]) -> bool:
    """Whether ``links`` is ``old.links`` without the link at ``keep`` (the links after it are the same
    objects, or equal ones, one place earlier) and the devices are the same: a cable removed from the
    middle of the list, whose parse is the old one without that column."""
    return (len(links) == len(old.links) - 1 and keep < len(links) and device_ids == old.device_ids
            and links[keep:] == old.links[keep + 1:])


def _without(old: LinkParse, at: int, links: list[Any]) -> LinkParse:
    return LinkParse(links, old.device_ids, np.delete(old.end_dev, at, axis=1), np.delete(old.port_code, at, axis=1),
                     old.vocab)


def _extend(old: LinkParse, keep: int, links: list[Any], device_ids: tuple[str, ...]) -> LinkParse:
    """Keep the first ``keep`` parsed links of ``old``, parse the rest of ``links``."""
    if keep == len(old.links) == len(links) and device_ids == old.device_ids:
        old.links = links
        return old  # nothing changed that parsing depends on
    tail = links[keep:]
    dev_names, port_names = _split(tail)
    m = len(tail)
    tail_dev = _device_indices(dev_names, device_ids, tail).reshape(2, m)
    tail_port = _port_codes(port_names, old.vocab).reshape(2, m)
    if keep == 0:
        return LinkParse(links, device_ids, tail_dev, tail_port, old.vocab)
    if device_ids[: len(old.device_ids)] == old.device_ids:
        kept_dev = old.end_dev[:, :keep]  # devices only added: the old indices still hold
    else:  # a device was removed or re-added: look the kept links' devices up again
        kept = old.links[:keep]
        names = _split_refs(list(map(attrgetter("a"), kept)) + list(map(attrgetter("b"), kept)))[0]
        kept_dev = _device_indices(names, device_ids, kept).reshape(2, keep)
    end_dev = np.concatenate((kept_dev, tail_dev), axis=1)
    port_code = np.concatenate((old.port_code[:, :keep], tail_port), axis=1)
    return LinkParse(links, device_ids, end_dev, port_code, old.vocab)


def _split(links: list[Any]) -> tuple[list[str], list[str]]:
    """The device and port names of all a ends, then of all b ends."""
    refs = [link.a for link in links]  # list comprehensions: faster than map(attrgetter) on slotted Links
    refs += [link.b for link in links]
    try:
        return _split_refs(refs)
    except (ValueError, TypeError):
        for link in links:
            for ref in (link.a, link.b):
                if not isinstance(ref, str) or ref.count(_SEP) != 1:
                    raise ValueError(f"link {link.id!r}: port reference {str(ref)[:80]!r} must look like "
                                     "'device-id/port-name'; fix or remove the link") from None
        raise


def _split_refs(refs: list[str]) -> tuple[list[str], list[str]]:
    parts = _SEP.join(refs).split(_SEP) if refs else []
    if len(parts) != 2 * len(refs):  # some reference has no '/' or more than one
        raise ValueError("malformed port reference")
    return parts[0::2], parts[1::2]


# In the running cache's store (engine/incremental/store.py): the last parse, which the next one continues,
# and the device-id -> index table of the last device list (an edit that adds or removes a link keeps the
# devices, and building the table is ~3 ms at 100,000 GPUs, for a tail of one link). Each replaced whole.
_PARSE, _INDEX = "link_parse", "device_index"


def _device_index(device_ids: tuple[str, ...]) -> dict[str, int]:
    store = kept()
    last = store.get(_INDEX)
    if last is not None and last[0] == device_ids:  # the same strings: compared by identity first
        return last[1]  # type: ignore[no-any-return]
    index = {d: i for i, d in enumerate(device_ids)}
    store[_INDEX] = (device_ids, index)
    return index


def _device_indices(names: list[str], device_ids: tuple[str, ...], links: list[Any]) -> np.ndarray:
    index = _device_index(device_ids)
    try:
        return np.fromiter(map(index.__getitem__, names), dtype=np.int32, count=len(names))
    except KeyError as error:
        missing = error.args[0]
        culprit = next((link.id for link in links if link.a.startswith(missing + _SEP)
                        or link.b.startswith(missing + _SEP)), "?")
        raise KeyError(f"link {culprit!r} names device {missing!r}, which is not in the design; "
                       "remove the link or add the device") from None


def _port_codes(names: list[str], vocab: dict[str, int]) -> np.ndarray:
    try:
        return np.fromiter(map(vocab.__getitem__, names), dtype=np.int32, count=len(names))
    except KeyError:
        for name in dict.fromkeys(names):
            vocab.setdefault(name, len(vocab))
        return np.fromiter(map(vocab.__getitem__, names), dtype=np.int32, count=len(names))
