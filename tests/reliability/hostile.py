"""Hostile inputs for the loaders: hypothesis strategies that damage valid .cluster and catalog JSON.

Shared by the bounded fuzz tests (tests/reliability/test_fuzz_*.py) and the long run
(benchmarks/fuzz.py). A mutation picks a place in a valid document and deletes, replaces, retypes,
duplicates or deeply nests what is there, or damages the serialised bytes; everything a hostile or
broken file can be. The loaders must answer each with a result or their own error, in bounded time.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from planner_gui.catalog import Catalog, bundled_catalog, load_catalog
from planner_gui.catalog.loader import bundled_catalog_files
from planner_gui.examples import DEFAULT_EXAMPLE, example_paths
from planner_gui.io import LoadError, design_to_data, load_design, save_design

CATALOG = bundled_catalog()
# The bound is 2 s per hostile file; CI checks a generous 10 s so a loaded 2-core machine
# shared with other jobs cannot fail it, while a real hang (minutes, forever) still does.
HANG_GUARD_S = 10.0
MAX_NESTING = 3000  # deeper than the decoder's recursion guard (1,000): both sides of it get tried
MAX_REPEAT = 2000  # a list element copied this often: duplicate ids by the thousand


@lru_cache(maxsize=1)
def base_documents() -> list[dict[str, Any]]:
    """Every bundled example but the large default one, plus one that uses every optional field."""
    small = [p for p in example_paths() if p.name != DEFAULT_EXAMPLE]
    documents = [design_to_data(load_design(p, CATALOG).design) for p in small]
    rich = json.loads(json.dumps(documents[0]))
    rich["unplaced"].append({"id": "spare-1", "catalog_id": "dgx-h100", "name": "spare", "nic_id": "cx7-ndr",
                             "nic_count": 4})
    rich["fabric"]["nccl_env"] = {"NCCL_IB_HCA": "mlx5_0,mlx5_1", "NCCL_DEBUG": "INFO"}
    rich["cost"]["buy_price"] = {"dgx-h100": 2_500_000.0}
    rich["cost"]["rent_per_server_month"] = {"dgx-h100": 150_000.0}
    rich["racks"][0]["feed_b"] = None
    documents.append(rich)
    return documents


@lru_cache(maxsize=1)
def catalog_documents() -> list[dict[str, Any]]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in bundled_catalog_files()]


# ----- values a hostile file may hold ------------------------------------------------------------
TEXT = st.text(max_size=30) | st.sampled_from(["", "é", "中文名称", "🚀🔥", "שלום עולם", "\u202etxt.exe", "\x00"])
SURROGATE = st.integers(0xD800, 0xDFFF).map(chr)  # json.dumps writes these as \udXXX escapes
NUMBER = (st.integers(-(10**6), 10**6) | st.sampled_from([0, -1, 2**31, 2**63, 10**300, -(10**400), 10**4000])
          | st.floats(allow_nan=True, allow_infinity=True))
MARKUP = ['<img src="/dev/zero">', "<table width=100000><tr><td>x</td></tr></table>", "<b>bold</b> & <i>",
          "<a href='file:///etc/passwd'>x</a>"]  # names must stay text (issue 20 item 2)
LONG_TEXT = st.sampled_from(["x" * 10_001, "名" * 20_000, "🚀" * 500])  # over and under the 10,000-character limit
SCALAR = st.none() | st.booleans() | NUMBER | TEXT | SURROGATE | LONG_TEXT
JSON_VALUE = st.recursive(SCALAR, lambda inner: st.lists(inner, max_size=3)
                          | st.dictionaries(TEXT, inner, max_size=3), max_leaves=8)


def _places(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into the document (keys and indices), the root included."""
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _places(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _places(value, (*path, index))
    return found


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        node = node[step]
    return node


NEST_MARK = "\x00nest:"  # a string standing for deep nesting until serialised (json.dumps would recurse)


def _nest_marker(depth: int) -> str:
    return f"{NEST_MARK}{depth}"


def _expand_nesting(text: str) -> str:
    """Replace each marker's JSON string with ``depth`` nested lists around a number."""
    escaped = json.dumps(NEST_MARK)[1:-1]
    while (start := text.find('"' + escaped)) >= 0:
        end = text.index('"', start + 1)
        depth = int(text[start + 1 + len(escaped):end])
        text = text[:start] + "[" * depth + "0" + "]" * depth + text[end + 1:]
    return text


def _retype(value: Any) -> Any:
    """The same content in the wrong JSON type."""
    if isinstance(value, dict):
        return list(value.values())
    if isinstance(value, list):
        return {str(i): v for i, v in enumerate(value)}
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return [value]
    return {}


BASES: dict[str, Callable[[], list[dict[str, Any]]]] = {"design": base_documents, "catalog": catalog_documents}


@st.composite
def mutated_document(draw: st.DrawFn, kind: str) -> Any:
    """A valid document of ``kind`` (a key of BASES) with one to four hostile edits."""
    bases = BASES[kind]()
    document = json.loads(json.dumps(bases[draw(st.integers(0, len(bases) - 1))]))
    for _ in range(draw(st.integers(1, 4))):
        path = draw(st.sampled_from(_places(document)))
        action = draw(st.sampled_from(["delete", "replace", "retype", "nest", "repeat", "copy-id", "null",
                                       "markup"]))
        document = _mutate(document, path, action, draw)
    return document


def _mutate(document: Any, path: tuple[Any, ...], action: str, draw: st.DrawFn) -> Any:
    if not path:
        return draw(JSON_VALUE) if action == "replace" else _retype(document) if action == "retype" else document
    parent, key = _get(document, path[:-1]), path[-1]
    value = parent[key]
    if action == "delete":
        del parent[key]
    elif action == "replace":
        parent[key] = draw(JSON_VALUE)
    elif action == "retype":
        parent[key] = _retype(value)
    elif action == "nest":
        parent[key] = _nest_marker(draw(st.integers(1, MAX_NESTING)))
    elif action == "repeat" and isinstance(parent, list):
        parent[key:key] = [value] * draw(st.integers(1, MAX_REPEAT))
    elif action == "copy-id" and isinstance(value, dict) and "id" in value:
        value["id"] = draw(st.sampled_from(_ids(document) or ["x"]))
    elif action == "null":  # issue 20: a null id, end or U once dropped its object in silence
        parent[key] = None
    elif action == "markup" and isinstance(value, str):
        parent[key] = draw(st.sampled_from(MARKUP))
    return document


def _ids(document: Any) -> list[str]:
    return [_get(document, p) for p in _places(document) if p and p[-1] == "id"
            and isinstance(_get(document, p), str)]


@st.composite
def damaged_bytes(draw: st.DrawFn, document: Any) -> bytes:
    """Serialise (sometimes with NaN, sometimes \\u-escaped), then maybe cut, flip or splice bytes."""
    text = _expand_nesting(json.dumps(document, allow_nan=True, ensure_ascii=draw(st.booleans())))
    raw = text.encode("utf-8", "surrogatepass")  # an unescaped lone surrogate is itself invalid UTF-8
    damage = draw(st.sampled_from(["none", "none", "cut", "flip", "splice", "prefix"]))
    if damage == "cut":
        return raw[: draw(st.integers(0, len(raw)))]
    if damage == "flip" and raw:
        at = draw(st.integers(0, len(raw) - 1))
        return raw[:at] + bytes([raw[at] ^ draw(st.integers(1, 255))]) + raw[at + 1:]
    if damage == "splice":
        at = draw(st.integers(0, len(raw)))
        return raw[:at] + draw(st.binary(max_size=16)) + raw[at:]
    if damage == "prefix":
        return draw(st.sampled_from([b"%PDF-1.7\n", b"PK\x03\x04", b"\xef\xbb\xbf", b"\xff\xfe", b"\x1f\x8b"])) + raw
    return raw


def hostile_design_bytes() -> st.SearchStrategy[bytes]:
    return mutated_document("design").flatmap(damaged_bytes) | st.binary(max_size=512)


def hostile_catalog_bytes() -> st.SearchStrategy[bytes]:
    return mutated_document("catalog").flatmap(damaged_bytes) | st.binary(max_size=256)


# ----- what the loaders must do with them --------------------------------------------------------
def timed(action: Callable[[], Any]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def check_design_file(path: Path, raw: bytes) -> str:
    """Load ``raw`` as a design: it loads (and saves back unchanged) or is refused with a LoadError.

    Returns "loaded" or "refused"; anything else (another exception, a hang) fails the caller.
    """
    path.write_bytes(raw)
    outcome = "refused"

    def load() -> None:
        nonlocal outcome
        try:
            design = load_design(path, CATALOG).design
        except LoadError as error:
            assert error.problems and all(isinstance(p, str) and p for p in error.problems)
            return
        outcome = "loaded"
        assert_nothing_dropped(raw, design)
        copy = path.with_name("copy.cluster")
        save_design(design, copy)  # whatever loads must save, and come back the same
        assert load_design(copy, CATALOG).design == design

    elapsed = timed(load)
    assert elapsed < HANG_GUARD_S, f"loading took {elapsed:.1f} s"
    return outcome


def assert_nothing_dropped(raw: bytes, design: Any) -> None:
    """A design that loads holds every rack, device and link its file lists (issue 20: no silent loss)."""
    data = json.loads(raw)
    racks = data.get("racks") or []
    devices = sum(len(r.get("devices") or []) for r in racks if isinstance(r, dict)) + len(data.get("unplaced") or [])
    assert (len(design.racks), len(design.devices), len(design.links)) == (
        len(racks), devices, len(data.get("links") or [])), "the design loaded with fewer objects than its file lists"


def check_catalog_file(path: Path, raw: bytes) -> Catalog:
    """Load ``raw`` as the user catalog: never an exception; every device entry gives a spec."""
    path.write_bytes(raw)
    catalog: Catalog | None = None

    def load() -> None:
        nonlocal catalog
        catalog = load_catalog(user_catalog=path)
        for entry in catalog:
            catalog.knows(entry.id)
            catalog.device_spec(entry.id)

    elapsed = timed(load)
    assert elapsed < HANG_GUARD_S, f"loading the catalog took {elapsed:.1f} s"
    assert catalog is not None and all(isinstance(p, str) for p in catalog.problems)
    return catalog
