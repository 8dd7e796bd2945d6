"""Hostile .cluster files: each kind of damage or attack gets its own message with the JSON path.

Complements tests/test_io_bad_input.py (one bad value at a time) with what an attacker or a broken
tool produces: other formats, pipes and devices, absurd sizes and counts, values that crash naive
code (10**400, lone surrogates, lists where a name should be), and floods of errors.
"""

from __future__ import annotations

import ast
import gzip
import io
import json
import os
import pickle
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from planner_gui.catalog import load_catalog
from planner_gui.io import LoadError, design_from_data, load_design, save_design
from planner_gui.io.limits import MAX_DEVICES, MAX_ERRORS_KEPT, MAX_ERRORS_SHOWN, MAX_LINKS, MAX_RACKS
from tests.reliability.hostile import CATALOG, base_documents

PACKAGE = Path(__file__).resolve().parents[2] / "planner_gui"


def _base() -> dict[str, Any]:
    return json.loads(json.dumps(base_documents()[-1]))  # the example with every optional field


def _problems(tmp_path: Path, content: bytes | str | dict[str, Any]) -> list[str]:
    path = tmp_path / "hostile.cluster"
    if isinstance(content, dict):
        content = json.dumps(content)
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    with pytest.raises(LoadError) as caught:
        load_design(path, CATALOG)
    return caught.value.problems


def _zip_bytes() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("design.cluster", json.dumps(_base()))
    return buffer.getvalue()


FOREIGN = [
    ("pdf", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", r"is a PDF document and is not valid JSON"),
    ("zip", _zip_bytes(), r"is a zip archive .*not a Cluster Planner design"),
    ("gzip", gzip.compress(b'{"format": "cluster-planner"}'), r"gzip-compressed file; decompress it first"),
    ("png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", r"is a PNG image"),
    ("utf-16", json.dumps({"format": "cluster-planner"}).encode("utf-16"), r"UTF-16 text; save it as UTF-8"),
    ("pickle", pickle.dumps({"format": "cluster-planner"}, protocol=4), r"a Python pickle, which .* never opens"),
    ("empty", b"", r"^is empty$"),
    ("blank", b" \n\t\r\n", r"^is empty$"),
    ("latin-1", b'{"meta": {"name": "caf\xe9"}}', r"is not UTF-8 text \(bad byte at offset 22\)"),
    ("json array", b"[1, 2, 3]", r"not a Cluster Planner design \(expected \"format\""),
    ("yaml", b"format: cluster-planner\nracks: []\n", r"is not valid JSON: Expecting value at line 1 column 1"),
]


@pytest.mark.parametrize(("label", "content", "message"), FOREIGN, ids=[f[0] for f in FOREIGN])
def test_other_formats_are_named(tmp_path: Path, label: str, content: bytes, message: str) -> None:
    problems = _problems(tmp_path, content)
    assert len(problems) == 1 and re.search(message, problems[0]), problems


def test_pipes_and_devices_are_refused_without_blocking(tmp_path: Path) -> None:
    """A named pipe with no writer would block a plain open() forever; /dev/zero never ends."""
    fifo = tmp_path / "pipe.cluster"
    os.mkfifo(fifo)
    link = tmp_path / "zero.cluster"
    link.symlink_to("/dev/zero")  # what a hostile archive can unpack
    for path in (fifo, link):
        with pytest.raises(LoadError, match=r"is not a regular file \(a device, pipe or socket\)"):
            load_design(path, CATALOG)


def test_files_over_64_mb_are_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.cluster"
    with path.open("wb") as handle:
        handle.truncate(65 * 2**20)  # sparse: costs no disk, and is never read
    with pytest.raises(LoadError, match=r"is over 64 MB \(65 MB read\); files that large are refused"):
        load_design(path, CATALOG)


@pytest.mark.parametrize(("section", "limit", "noun"), [
    ("racks", MAX_RACKS, "racks"), ("unplaced", MAX_DEVICES, "devices"), ("links", MAX_LINKS, "links"),
])
def test_counts_above_the_stated_maxima_are_refused_before_reading_them(section: str, limit: int,
                                                                        noun: str) -> None:
    data = {**_base(), "racks": [], "unplaced": []}
    data[section] = [{"id": "same"}] * (limit + 1)  # one object shared: the list costs 8 bytes a slot
    with pytest.raises(LoadError) as caught:
        design_from_data(data, CATALOG)
    [problem] = caught.value.problems
    assert re.search(rf"{limit + 1:,} {noun} is more than the {limit:,} this version opens", problem), problem


def test_devices_in_racks_count_towards_the_device_maximum() -> None:
    data = {**_base(), "unplaced": []}
    per_rack = MAX_DEVICES // 2 + 1
    data["racks"] = [{**data["racks"][0], "id": f"r{i}", "devices": [{"id": "x"}] * per_rack} for i in range(2)]
    with pytest.raises(LoadError, match=r"racks\[\]\.devices and unplaced: 200,002 devices is more than"):
        design_from_data(data, CATALOG)


@pytest.mark.parametrize(("text", "message"), [
    ('{"format": "cluster-planner", "schema_version": 1, "cost": {"pue": NaN}}', "NaN is not a number JSON allows"),
    ('{"format": "cluster-planner", "schema_version": 1, "cost": {"pue": -Infinity}}', "-Infinity is not a number"),
    ('{"format": "cluster-planner", "schema_version": 1, "cost": {"pue": 1' + "0" * 5000 + "}}",
     r"Exceeds the limit \(4300 digits\)"),
], ids=["nan", "infinity", "5000 digits"])
def test_numbers_json_does_not_allow_are_refused_at_parse(tmp_path: Path, text: str, message: str) -> None:
    assert re.search(message, _problems(tmp_path, text)[0])


@pytest.mark.parametrize(("path", "value", "message"), [
    (("cost", "cny_per_usd"), 10**400, r"cost\.cny_per_usd: 1000.*\(401 digits\) is outside 0\.01\.\.1000"),
    (("racks", 0, "height_u"), -(10**30), r"racks\[0\]\.height_u: .* is outside 1\.\.60"),
    (("workload", "tp"), 2**64, r"workload\.tp: 18446744073709551616 is outside 1\.\.1000000"),
    (("links", 0, "length_m"), 10**400, r"links\[0\]\.length_m: .*\(401 digits\) is outside 0\.\.100000"),
    (("links", 0, "medium"), ["dac"], r"links\[0\]\.medium: a list is not one of dac"),
    (("links", 0, "medium"), {"x": 1}, r"links\[0\]\.medium: an object is not one of dac"),
    (("links", 0, "id"), {"x": 1}, r"links\[0\]\.id: expected text, got an object"),
    (("racks", 0, "devices", 0, "catalog_id"), [], r"racks\[0\]\.devices\[0\]\.catalog_id: expected text, got a list"),
    (("meta", "name"), "bad \ud800 name", r"meta\.name: contains an unpaired surrogate \\ud800 at character 4"),
    (("fabric", "nccl_env"), {"NCCL_\udfff": "1"}, r"fabric\.nccl_env: key 'NCCL_\\udfff': contains an unpaired"),
    (("fabric", "nccl_env"), {"NCCL_DEBUG": 5}, r"fabric\.nccl_env\.NCCL_DEBUG: expected text, got a number"),
    (("fabric", "nccl_env"), {f"K{i}": "v" for i in range(10_001)}, r"fabric\.nccl_env: 10001 entries is more than"),
    (("cost", "buy_price"), {"x" * 10_001: 1.0}, r"cost\.buy_price: key 'xxx.*text of 10001 characters"),
    (("racks",), [7], r"racks\[0\]: expected an object, got a number"),
    (("meta",), "name", r"meta: expected an object, got text"),
    (("links",), {"0": {}}, r"links: expected a list, got an object"),
], ids=lambda v: None)
def test_values_that_break_naive_code_get_a_message_with_their_path(tmp_path: Path, path: tuple[Any, ...],
                                                                    value: Any, message: str) -> None:
    data = _base()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    problems = _problems(tmp_path, json.dumps(data))  # \\u-escaped: lone surrogates are valid JSON text
    assert any(re.search(message, p) for p in problems), problems


def test_a_number_beyond_float_range_is_infinity_and_refused(tmp_path: Path) -> None:
    """JSON's 1e400 parses to inf (Python's float); the reader's range check names it."""
    text = json.dumps(_base()).replace('"cny_per_usd": 7.2', '"cny_per_usd": 1e400')
    assert "1e400" in text
    assert any(re.search(r"cost\.cny_per_usd: inf is outside 0\.01\.\.1000", p) for p in _problems(tmp_path, text))


def test_duplicate_ids_and_dangling_links_are_each_named(tmp_path: Path) -> None:
    data = _base()
    rack_id, first_device = data["racks"][0]["id"], data["racks"][0]["devices"][0]["id"]
    data["unplaced"][-1]["id"] = rack_id  # a device with its rack's id
    data["links"][1]["id"] = data["links"][0]["id"]
    data["links"][2]["b"] = data["links"][2]["a"]  # both ends on one port
    data["links"][3]["a"] = f"{first_device}/no-such-port"
    problems = _problems(tmp_path, data)
    expected = [rf"unplaced\[\d+\]: id '{rack_id}' is already used", r"links\[1\]: id '.*' is already used",
                r"links\[2\]: both ends are on device", rf"links\[3\]: device '{first_device}' has no port"]
    for message in expected:
        assert any(re.search(message, p) for p in problems), (message, problems)


def test_a_flood_of_errors_stops_early_with_a_count(tmp_path: Path) -> None:
    data = _base()
    data["links"] = [{"id": f"bad-{i}", "a": "ghost/p1", "b": "ghost/p2"} for i in range(20_000)]
    problems = _problems(tmp_path, data)
    assert len(problems) == MAX_ERRORS_SHOWN + 1
    assert problems[-1] == f"stopped reading after {MAX_ERRORS_KEPT} problems"


def test_warnings_are_bounded_too(tmp_path: Path) -> None:
    data = _base()
    data["unplaced"] = [{"id": f"odd-{i}", "catalog_id": f"from-the-future-{i}"} for i in range(MAX_ERRORS_KEPT + 5)]
    path = tmp_path / "many-warnings.cluster"
    path.write_text(json.dumps(data), encoding="utf-8")
    warnings = load_design(path, CATALOG).warnings
    assert len(warnings) == MAX_ERRORS_KEPT + 1 and warnings[-1] == "... and 5 more warnings"


def test_made_up_nic_ids_do_not_grow_the_catalogs_spec_cache(tmp_path: Path) -> None:
    """Each distinct (server, nic_id) used to build and keep its own spec: a memory leak a file controls."""
    catalog = load_catalog(include_user=False)
    data = _base()
    data["unplaced"] = [{"id": f"s{i}", "catalog_id": "dgx-h100", "nic_id": f"made-up-{i}"} for i in range(3000)]
    path = tmp_path / "nics.cluster"
    path.write_text(json.dumps(data), encoding="utf-8")
    design = load_design(path, catalog).design
    specs = {id(spec) for spec in catalog._spec_cache.values()}
    assert len(design.devices) > 3000 and len(specs) < 50, len(specs)
    assert design.spec_of("s7", catalog) is design.spec_of("s8", catalog)  # the default NIC's spec, shared


def test_deep_nesting_inside_an_unknown_key_is_harmless(tmp_path: Path) -> None:
    """Below the decoder's guard the data loads (the codec never walks unknown values) and saves clean."""
    data = _base()
    text = json.dumps(data).replace('"meta": {', '"meta": {"junk": ' + "[" * 900 + "]" * 900 + ", ", 1)
    path = tmp_path / "deep.cluster"
    path.write_text(text, encoding="utf-8")
    design = load_design(path, CATALOG).design
    save_design(design, tmp_path / "clean.cluster")
    assert "junk" not in (tmp_path / "clean.cluster").read_text(encoding="utf-8")


FORBIDDEN_CALLS = {"eval", "exec", "compile", "__import__", "import_module", "loads_pickle"}
FORBIDDEN_MODULES = {"pickle", "marshal", "shelve", "dill", "yaml", "runpy", "ctypes"}  # importlib: see calls


@pytest.mark.parametrize("module", ["io", "catalog/loader.py", "catalog/schema.py", "document/autosave.py"])
def test_nothing_in_the_loaders_can_execute_code_from_a_file(module: str) -> None:
    """No pickle, no eval, no importing a name a file gives: JSON in, plain values out."""
    path = PACKAGE / module
    files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
    offenders = []
    for source in files:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] + ([node.module] if isinstance(node, ast.ImportFrom) else [])
                offenders += [f"{source.name} imports {n}" for n in names if n and n.split(".")[0] in FORBIDDEN_MODULES]
            elif isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                offenders += [f"{source.name} calls {name}"] if name in FORBIDDEN_CALLS else []
    assert offenders == []
