"""A hostile user catalog: every problem is reported with its entry and field, the app still starts.

The user catalog (platformdirs data dir, catalog.json) is as untrusted as a design file: it may
come from a colleague or a vendor. Each case below crashed or could exhaust memory before issue 8.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from planner_gui.catalog import Catalog, bundled_catalog, load_catalog
from planner_gui.catalog.loader import MAX_PORTS_PER_DEVICE
from planner_gui.catalog.reading import MAX_CATALOG_ENTRIES, USER_CATALOG_LIMIT_BYTES

BUNDLED = bundled_catalog()


def _switch(**changes: Any) -> dict[str, Any]:
    return {**BUNDLED.require("qm9700").data, "id": "my-switch", **changes}


def _load(tmp_path: Path, text: str) -> Catalog:
    path = tmp_path / "catalog.json"
    path.write_text(text, encoding="utf-8")
    catalog = load_catalog(user_catalog=path)
    assert set(BUNDLED.entries) <= set(catalog.entries)  # the bundled catalog always survives
    return catalog


def _entries(*entries: Any) -> str:
    return json.dumps({"entries": list(entries)})


FILE_PROBLEMS = [
    ("5000-digit number", '{"entries": [{"id": "x", "kind": "gpu", "memory_gb": 1' + "0" * 5000 + "}]}",
     r"cannot be read \(Exceeds the limit \(4300 digits\)"),
    ("NaN", '{"entries": [{"id": "x", "kind": "gpu", "memory_gb": NaN}]}', r"NaN is not a number JSON allows"),
    ("deep nesting", '{"entries": ' + "[" * 50_000 + "]" * 50_000 + "}", r"cannot be read \(maximum recursion"),
    ("too many entries", json.dumps({"entries": [{}] * (MAX_CATALOG_ENTRIES + 1)}),
     r"10,001 entries is more than the 10,000 allowed; ignored"),
    ("not an object", "[]", r"expected an object with a list 'entries'"),
]


@pytest.mark.parametrize(("label", "text", "message"), FILE_PROBLEMS, ids=[f[0] for f in FILE_PROBLEMS])
def test_a_broken_catalog_file_is_reported_once_and_ignored(tmp_path: Path, label: str, text: str,
                                                             message: str) -> None:
    catalog = _load(tmp_path, text)
    assert len(catalog.problems) == 1 and re.search(message, catalog.problems[0]), catalog.problems
    assert set(catalog.entries) == set(BUNDLED.entries)


ENTRY_PROBLEMS = [
    ("kind is a list", {"id": "x", "kind": []}, r"entries\[0\] \('x'\): kind must be text"),
    ("port_groups is a number", _switch(port_groups=5), r"'my-switch'\): port_groups must be a list"),
    ("too many ports", _switch(port_groups=[{"prefix": "p", "count": 1024, "speed_gbps": 400, "form_factor": "OSFP"}] * 5),
     rf"port_groups: 5,120 ports is more than the {MAX_PORTS_PER_DEVICE:,} one device may have"),
    ("id a design cannot use", _switch(id="../../etc/passwd"), r"id '\.\./\.\./etc/passwd' must be 1-64 letters"),
    ("huge name", _switch(name="n" * 20_000), r"name: text of 20,000 characters is longer than 10,000"),
    ("lone surrogate", _switch(notes="bad \ud800"), r"notes: contains an unpaired surrogate"),
    ("401-digit figure", _switch(max_power_w=10**400), r"max_power_w: 1000.* is far outside any allowed range"),
    ("401-digit port count", _switch(port_groups=[{"prefix": "p", "count": 10**400, "speed_gbps": 1,
                                                   "form_factor": "x"}]), r"port_groups\[0\]\.count: 1000.* is far"),
    ("entry not an object", "dgx-h100", r"entries\[0\]: an entry must be an object, got str"),
]


@pytest.mark.parametrize(("label", "entry", "message"), ENTRY_PROBLEMS, ids=[e[0] for e in ENTRY_PROBLEMS])
def test_a_hostile_entry_is_skipped_with_its_field_named(tmp_path: Path, label: str, entry: Any,
                                                         message: str) -> None:
    good = {**BUNDLED.require("h100-sxm5-80gb").data, "id": "my-gpu"}
    catalog = _load(tmp_path, _entries(entry, good))
    assert any(re.search(message, p) for p in catalog.problems), catalog.problems
    assert "my-gpu" in catalog and "my-switch" not in catalog


def test_pipes_folders_and_oversized_catalogs_are_ignored_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(USER_CATALOG_LIMIT_BYTES + 1)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    for path, message in ((fifo, "is not a regular file"), (big, "larger than 8 MB"), (folder, "is not a regular")):
        catalog = load_catalog(user_catalog=path)
        assert len(catalog.problems) == 1 and message in catalog.problems[0], catalog.problems


def _server(**changes: Any) -> dict[str, Any]:
    return {**BUNDLED.require("dgx-h100").data, "id": "my-server", **changes}


@pytest.mark.parametrize(("field", "value"), [("height_u", 0), ("typical_power_w", 0), ("max_power_w", 0)])
def test_a_user_server_of_zero_units_or_watts_is_skipped_with_its_field(tmp_path: Path, field: str, value: int) -> None:
    catalog = _load(tmp_path, _entries(_server(**{field: value})))
    assert "my-server" not in catalog.entries
    assert any(field in problem for problem in catalog.problems), catalog.problems


def test_a_zero_watt_switch_is_skipped_too(tmp_path: Path) -> None:
    catalog = _load(tmp_path, _entries(_switch(typical_power_w=0)))
    assert "my-switch" not in catalog.entries


def test_an_id_repeated_in_a_user_catalog_keeps_the_first_and_says_so(tmp_path: Path) -> None:
    catalog = _load(tmp_path, _entries(_switch(name="first"), _switch(name="second")))
    assert catalog.require("my-switch").name == "first"
    assert any("entries[1]" in p and "duplicate id 'my-switch'" in p for p in catalog.problems), catalog.problems


def test_a_user_entry_may_still_override_a_bundled_one(tmp_path: Path) -> None:
    catalog = _load(tmp_path, _entries({**BUNDLED.require("qm9700").data, "name": "our QM9700"}))
    assert catalog.require("qm9700").name == "our QM9700"
