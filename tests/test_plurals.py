"""Counts and their nouns agree in everything the CLI prints: never "1 racks", "1 links" or "switch(es)".

The commands run over two generated designs: one with exactly 1 server, 1 compute NIC, 1 switch and
1 rack, one with exactly 2 servers and 2 NICs each, and a workload on each so every section is
computed; the text output (and the human tables) is searched for a lone 1 before a plural noun and
for optional plurals. The nouns are the ones the proposal's safety net knows (report/content/voice.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.io import save_design
from planner_gui.model import Workload
from planner_gui.present import counted, plural
from planner_gui.report.content.voice import SINGULAR
from planner_gui.templates import TemplateSpec, generate_design

NCCL = Path(__file__).parent / "data" / "nccl"
# "1 racks", "1 compute HCAs", "1 fabric switches": a lone 1, at most one word, then a plural noun.
NOUNS = "|".join(map(re.escape, SINGULAR))
ONE_THEN_PLURAL = re.compile(rf"(?<![\d.,\w-])1 (?:[\w-]+ )?(?:{NOUNS})\b")
OPTIONAL_PLURAL = re.compile(r"[A-Za-z]\((?:e)?s\)")


def wrong_plurals(text: str) -> list[str]:
    return [m.group(0) for m in ONE_THEN_PLURAL.finditer(text)] + [m.group(0) for m in OPTIONAL_PLURAL.finditer(text)]


def test_the_scan_finds_what_it_must() -> None:
    assert wrong_plurals("valid (1 racks, 2 devices), 1 fabric switches, 3 switch(es)") == [
        "1 racks", "1 fabric switches", "h(es)"]
    assert wrong_plurals("1 rack, 11 racks, 0.1 racks, 2 x 1 GiB, 21 links, rack-1 links") == []


def test_counted_and_plural() -> None:
    assert counted(1, "{n} rack", "{n} racks") == "1 rack"
    assert counted(2048, "{n} rack", "{n} racks") == "2,048 racks"
    assert counted(0, "{n} rack", "{n} racks") == "0 racks"
    assert plural(1, "is", "are") == "is" and plural(2, "is", "are") == "are"


@pytest.fixture(scope="module")
def designs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    catalog, folder = bundled_catalog(), tmp_path_factory.mktemp("plurals")
    workload = Workload(model_name="LLaMA-7B", layers=32, hidden=4096, heads=32, kv_heads=32, ffn_hidden=11008,
                        gated_mlp=True, vocab=32000, seq_len=4096, global_batch=64, micro_batch=1, tp=8)
    specs = {"one": TemplateSpec(server_id="dgx-h100", nodes=1, nics_per_node=1, topology="single-switch"),
             "two": TemplateSpec(server_id="dgx-h100", nodes=2, nics_per_node=2, topology="leaf-spine", rack_kw=12)}
    paths = {}
    for name, spec in specs.items():
        design = generate_design(catalog, spec)
        design.workload = workload
        paths[name] = folder / f"{name}.cluster"
        save_design(design, paths[name])
    return paths


def _out(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code = main(["--lang", "en", *args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out + err


def test_one_and_two_of_each_in_the_cli(designs: dict[str, Path], tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    one, two = (str(designs[n]) for n in ("one", "two"))
    outputs = {
        "new": _out(capsys, "new", "--server", "dgx-h100", "--nodes", "1", "--nics-per-node", "1", "--topology",
                    "single-switch", "-o", str(tmp_path / "new.cluster")),
        "cables": _out(capsys, "cables", one, "-o", str(tmp_path / "c.csv")),
        "compare": _out(capsys, "compare", one, two),
        "predict": _out(capsys, "predict", "--gpu", "h100-sxm5-80gb", "--gpus-per-node", "8", "--nodes", "1",
                        "--nic", "ib-ndr-400", "--nics-per-node", "1"),
        "estimate": _out(capsys, "estimate-training", "--gpu", "h100-sxm5-80gb", "--gpus", "8", "--gpus-per-node",
                         "8", "--nic", "ib-ndr-400", "--nics-per-node", "1", "--layers", "32", "--hidden", "4096",
                         "--heads", "32", "--seq", "4096", "--vocab", "32000", "--global-batch", "64", "--tp", "8"),
        "plan": _out(capsys, "plan-training", "--gpu", "h100-sxm5-80gb", "--gpus", "8", "--gpus-per-node", "8",
                     "--model", "Llama-2-7B", "--global-batch", "64", "--top", "2"),
        "accept": _out(capsys, "accept", one, str(NCCL / "all_reduce_perf_1x8_h100.txt")),
    }
    for name in ("one", "two"):
        path = str(designs[name])
        for command in ("validate", "analyze", "bom"):
            outputs[f"{command} {name}"] = _out(capsys, command, path)
        outputs[f"sweep {name}"] = _out(capsys, "sweep", path, "--param", "nodes=1,2")
    assert "1 server" in outputs["analyze one"] and "2 servers" in outputs["analyze two"]  # the designs are as meant
    found = {name: wrong_plurals(text) for name, text in outputs.items() if wrong_plurals(text)}
    assert not found, found


def test_no_proposal_string_leaves_the_plural_open() -> None:
    """The proposal's English strings choose singular or plural themselves ("1 node" has its own string);
    "node(s)" would only be read right thanks to the safety net (report/content/voice.py)."""
    from planner_gui.report.content.acceptance import TEXT
    from planner_gui.report.content.strings import STRINGS

    open_plurals = {key: en for key, (en, _zh) in {**STRINGS, **TEXT}.items() if OPTIONAL_PLURAL.search(en)}
    assert not open_plurals, open_plurals
