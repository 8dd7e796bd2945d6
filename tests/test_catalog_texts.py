"""The hardware catalog's messages are translatable Texts (issue 7): a user catalog's problems and
Catalog.require's "unknown id" read as before in English and in Chinese on a Chinese command line.

An ast scan keeps new messages in catalog/*.py marked. The GUI's start-up status bar in Chinese is
tests/gui/test_catalog_texts_gui.py.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from planner_gui.catalog import Catalog, bundled_catalog, default_user_catalog_path, load_catalog
from planner_gui.catalog.reading import MAX_PROBLEMS_KEPT
from planner_gui.catalog.schema import KIND_WORDS, KINDS, validate_entry
from planner_gui.cli import main
from planner_gui.commands.language import CHINESE, error_message, text, use_language
from planner_gui.model.messages import Text
from tests.english_scan import plain_english

CATALOG_DIR = Path(__file__).resolve().parents[1] / "planner_gui" / "catalog"
BUNDLED = bundled_catalog()
HAN = re.compile(r"[\u4e00-\u9fff]")
ENGLISH_WORDS = re.compile(r"entry skipped|ignored|expected|is not|must|unknown|missing|known")


@pytest.fixture
def chinese() -> Iterator[None]:
    """The CLI's translator (the shipped .qm) for ``text`` / ``error_message``."""
    with use_language(CHINESE) as language:
        assert language == CHINESE, "the shipped Chinese .qm did not load"
        yield


def _broken_entries() -> list[Any]:
    """A GPU with a wrong type and a figure out of range, a server whose GPU is not in the catalog, a number."""
    gpu = {**BUNDLED.require("h100-sxm5-80gb").data, "id": "my-gpu", "memory_gb": "lots", "tdp_w": 1e9}
    server = {**BUNDLED.require("dgx-h100").data, "id": "my-server", "gpu_id": "nope"}
    return [gpu, server, 5]


def _write(path: Path, content: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    return path


def _broken_catalog(tmp_path: Path) -> tuple[Catalog, str]:
    path = _write(tmp_path / "catalog.json", json.dumps({"entries": _broken_entries()}))
    return load_catalog(user_catalog=path), str(path)


# ----- the scan: every message the catalog raises or reports is marked -----------------------------
def _unmarked(node: ast.AST | None) -> bool:
    """Plain English; tuples are data here (``(name, value)`` pairs), not messages."""
    return plain_english(node)


def _is_problems(target: ast.AST) -> bool:
    return "problem" in ast.unparse(target)


def unmarked_messages(source: str, name: str = "<source>") -> list[str]:
    """``name:line`` of each raise whose message (first argument) is unmarked, each unmarked message added
    to a problems list (append/extend/insert, ``problems = / +=``), each problems list returned unmarked
    (a function returning ``[...]`` or a comprehension) and each problem yielded unmarked (validate_entry)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            bad = _unmarked(node.exc.args[0])
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                "append", "extend", "insert"):
            bad = _is_problems(node.func.value) and any(_unmarked(arg) for arg in node.args)
        elif isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            bad = any(_is_problems(t) for t in targets) and _unmarked(node.value)
        elif isinstance(node, ast.Return):
            bad = isinstance(node.value, ast.List | ast.ListComp) and _unmarked(node.value)
        elif isinstance(node, ast.Yield | ast.YieldFrom):  # the schema's problems are generated
            bad = _unmarked(node.value)
        else:
            bad = False
        if bad:
            found.append(f"{name}:{node.lineno}")
    return found


def test_the_scan_finds_unmarked_messages() -> None:
    bad = '''
raise KeyError(f"unknown id {catalog_id!r}")
raise _Unusable("is not a regular file")
raise ValueError("{} is not a number".format(name))
problems.append(f"{path}: cannot be read; ignored")
catalog.problems.extend(f"{where}: {p}; entry skipped" for p in problems)
problems = [f"unknown field {name!r}" for name in entry]
problems += [f"{name}: contains an unpaired surrogate" for name in texts]
return [f"{name}: must not be empty"]
return ["must be an object"]
return [name + ": must not be empty"]
yield f"{name}: must not be empty"
yield from (f"unknown field {name!r}" for name in group)
'''
    assert len(unmarked_messages(bad)) == 12
    good = '''
raise KeyError(self._unknown(catalog_id, kind))
raise _Unusable(QT_TRANSLATE_NOOP("Catalog", "is not a regular file").fill())
problems.append(QT_TRANSLATE_NOOP("Catalog", "{path}: ignored").fill(path=str(path)))
catalog.problems.extend(QT_TRANSLATE_NOOP("Catalog", "{p}").fill(p=p) for p in problems)
numbers += [(f"port_groups[{i}].{name}", v) for i, g in enumerate(groups)]
ports.append(PortSpec(f"cx{i}", role, 1.0, "ethernet", "RJ45"))
return [PortSpec(f"p{i}", role, 1.0, "ethernet", "RJ45") for i in range(4)]
return f"{value:g}"
'''
    assert unmarked_messages(good) == []


def test_the_catalog_raises_and_reports_only_marked_messages() -> None:
    found = [hit for path in sorted(CATALOG_DIR.glob("*.py"))
             for hit in unmarked_messages(path.read_text(encoding="utf-8"), path.name)]
    assert found == []


# ----- English unchanged, Texts kept ---------------------------------------------------------------
def test_a_broken_user_catalogs_problems_read_as_before_and_are_texts(tmp_path: Path) -> None:
    catalog, path = _broken_catalog(tmp_path)
    assert catalog.problems == [
        f"{path} entries[0] ('my-gpu'): memory_gb: expected a whole number or a number, got str; entry skipped",
        f"{path} entries[0] ('my-gpu'): tdp_w: 1e+09 is above the maximum 5000; entry skipped",
        f"{path} entries[2]: an entry must be an object, got int; entry skipped",
        "my-server: gpu_id 'nope' is not a gpu in the catalog; entry skipped",
    ]
    assert all(isinstance(p, Text) and p.template.context == "Catalog" for p in catalog.problems)


def test_unknown_ids_read_as_before_and_are_texts() -> None:
    cases = ((("nope", None), "unknown id 'nope'"),
             (("dgx-h100", "nic"), "unknown nic id 'dgx-h100' (known nic ids: ib-hdr-200, ib-ndr-400, "),
             (("nope", "weird-kind"), "unknown weird-kind id 'nope'"))
    for (catalog_id, kind), message in cases:
        with pytest.raises(KeyError) as raised:
            BUNDLED.require(catalog_id, kind)
        assert raised.value.args[0].startswith(message) and isinstance(raised.value.args[0], Text)
        assert str(raised.value) == repr(str(raised.value.args[0]))  # KeyError's str(), as before


def test_every_kind_has_a_word() -> None:
    assert set(KIND_WORDS) == set(KINDS)
    assert all(KIND_WORDS[kind].fill() == kind for kind in KINDS)  # in English, the kind itself


def test_a_hostile_catalogs_problems_are_listed_up_to_the_limit_then_counted(tmp_path: Path) -> None:
    """One entry of 100,000 empty port groups has 400,000 problems: the first 1,000 are listed, then one line
    says how many entries had more (each entry is still checked only as far as needed to skip it)."""
    switch = {**BUNDLED.require("qm9700").data, "id": "s", "port_groups": [{}] * 100_000}
    gpu = {**BUNDLED.require("h100-sxm5-80gb").data, "id": "g", "tdp_w": -1}
    good = {**BUNDLED.require("h100-sxm5-80gb").data, "id": "my-gpu"}
    path = _write(tmp_path / "catalog.json", json.dumps({"entries": [switch, gpu, good]}))
    catalog = load_catalog(user_catalog=path)
    assert len(catalog.problems) == MAX_PROBLEMS_KEPT + 1 and "my-gpu" in catalog and "s" not in catalog
    assert catalog.problems[0] == f"{path} entries[0] ('s'): port_groups[0]: missing required field 'prefix'; " \
                                  "entry skipped"
    assert catalog.problems[-1] == "... and more problems in 2 entries, not listed: only the first 1,000 are"
    assert len(validate_entry(switch, 5)) == 5 and len(validate_entry({**switch, "port_groups": [{}] * 10})) == 40
    with use_language(CHINESE):
        assert text(catalog.problems[-1]) == "……另有 2 个条目的问题未列出：只列出前 1,000 个问题"


# ----- Chinese ------------------------------------------------------------------------------------
def _in_chinese(message: str) -> str:
    shown = text(message)
    assert HAN.search(shown) and not ENGLISH_WORDS.search(shown), shown
    return shown


def test_a_broken_user_catalog_reads_in_chinese_with_paths_ids_and_figures(tmp_path: Path, chinese: None) -> None:
    catalog, path = _broken_catalog(tmp_path)
    shown = [_in_chinese(p) for p in catalog.problems]
    assert shown[0] == f"{path} entries[0] ('my-gpu'): memory_gb：应为整数或数字，实际为 str；已跳过该条目"
    assert shown[1].startswith(f"{path} entries[0] ('my-gpu'): tdp_w：1e+09 ") and "5000" in shown[1]
    assert shown[3] == "my-server：gpu_id 'nope' 不是硬件目录中的GPU；已跳过该条目"


@pytest.mark.parametrize(("label", "content", "kept"), [
    ("nan", '{"entries": [{"id": "x", "kind": "gpu", "memory_gb": NaN}]}', "NaN"),
    ("not an object", "[]", "'entries'"),
    ("bad json", '{"entries": [', ""),
    ("folder", "", ""),
    ("bad kind", json.dumps({"entries": [{"id": "x", "kind": []}]}), "gpu, server, nic"),
    ("bad id", json.dumps({"entries": [{"id": "../x", "kind": "gpu"}]}), "'../x'"),
    ("port groups", json.dumps({"entries": [{**BUNDLED.require("qm9700").data, "id": "s", "port_groups": 5}]}),
     "{prefix, count, speed_gbps, form_factor}"),
    ("too many ports", json.dumps({"entries": [{**BUNDLED.require("qm9700").data, "id": "s", "port_groups": [
        {"prefix": "p", "count": 1024, "speed_gbps": 400, "form_factor": "OSFP"}] * 5}]}), "5,120"),
])
def test_each_kind_of_file_and_entry_problem_reads_in_chinese(tmp_path: Path, chinese: None, label: str,
                                                              content: str, kept: str) -> None:
    path = tmp_path / "catalog.json"
    path.mkdir() if label == "folder" else _write(path, content)
    problems = load_catalog(user_catalog=path).problems
    assert problems and all(isinstance(p, Text) for p in problems)
    shown = _in_chinese(problems[0])
    assert shown.startswith(str(path)) and kept in shown


def test_every_schema_message_reads_in_chinese(chinese: None) -> None:
    """validate_entry on its own: each kind of problem it can find has a Chinese translation."""
    gpu = BUNDLED.require("h100-sxm5-80gb").data
    entries = [{**gpu, "memory_gb": True, "extra": 1, "tdp_w": -1, "interconnect": "x", "name": " ",
                "estimated": {"id": "x", "tdp_w": ""}, "pcie_gen": float("inf")},
               {**BUNDLED.require("qm9700").data, "port_groups": [5, {"count": 0, "speed_gbps": "x"}]},
               {"kind": "zzz"}, "not an entry"]
    problems = [p for entry in entries for p in validate_entry(entry)]
    assert len(problems) >= 12
    for problem in problems:
        _in_chinese(problem)


def test_an_unknown_catalog_id_reads_in_chinese(chinese: None) -> None:
    with pytest.raises(KeyError) as raised:
        BUNDLED.require("dgx-h100", "nic")
    assert error_message(raised.value).startswith("网卡 id 'dgx-h100' 不在硬件目录中（网卡 id 可选：ib-hdr-200, ")
    with pytest.raises(KeyError) as raised:
        BUNDLED.require("nope")
    assert error_message(raised.value) == "硬件目录中没有 id 'nope'"


# ----- the command line ---------------------------------------------------------------------------
def test_the_cli_warns_about_a_broken_user_catalog_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    """`cluster-planner --lang zh_CN catalog`: the user catalog (default location, conftest's temp home)
    is reported line by line in Chinese; the listing still comes out; English as before without --lang."""
    path = _write(default_user_catalog_path(), json.dumps({"entries": _broken_entries()}))
    assert main(["--lang", "zh_CN", "catalog", "--kind", "gpu"]) == 0
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert "h100-sxm5-80gb" in out and len(lines) == 4
    assert lines[0] == (f"cluster-planner: 警告：硬件目录：{path} entries[0] ('my-gpu'): memory_gb：应为整数或数字，"
                        "实际为 str；已跳过该条目")
    assert all(HAN.search(line) and not ENGLISH_WORDS.search(line) for line in lines), lines
    assert main(["catalog", "--kind", "gpu"]) == 0
    assert capsys.readouterr().err.splitlines()[3] == (
        "cluster-planner: warning: catalog: my-server: gpu_id 'nope' is not a gpu in the catalog; entry skipped")


@pytest.mark.parametrize(("args", "message"), [
    (("predict", "--gpu", "ib-ndr-400", "--gpus-per-node", "8", "--nodes", "2"),
     "cluster-planner: 错误：--gpu: GPU id 'ib-ndr-400' 不在硬件目录中（GPU id 可选：v100-sxm2-32gb, "),
    (("estimate-training", "--gpu", "nope", "--gpus", "16", "--layers", "40", "--hidden", "5120", "--heads", "40",
      "--seq", "4096", "--vocab", "32000", "--global-batch", "1024"),
     "cluster-planner: 错误：--gpu: 硬件目录中没有 id 'nope'"),
])
def test_an_unknown_id_on_the_command_line_reads_in_chinese(capsys: pytest.CaptureFixture[str],
                                                            args: tuple[str, ...], message: str) -> None:
    assert main(["--lang", "zh_CN", *args]) != 0
    assert capsys.readouterr().err.startswith(message)
