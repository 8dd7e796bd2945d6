"""No catalog source and no customer-facing string points at something a customer cannot open.

Catalog notes reach the customer (the proposal's sources appendix, the catalog browser), and so do the
proposal's words, the shipped example designs' notes and the UI/CLI translations. They may cite public documents (a vendor URL, a public
repository path, a title) but never the project's research notes: a ``§``-numbered section, a note file
(``.md``/``.csv``), or the "seed" articles by that nickname.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

from planner_gui.examples import example_paths
from planner_gui.report.content.strings import STRINGS
from planner_gui.report.content.strings_checks import CHECK_FIXES_ZH, CHECK_TITLES
from planner_gui.report.content.strings_compare import COMPARE
from planner_gui.report.content.strings_deploy import DEPLOY

# A public location names its own files: a URL, or "github:owner/repo path/in/repo.md".
PUBLIC_LOCATION = re.compile(r"https?://\S+|github:\S+(?:\s+[\w./-]+)?")
NOTE_FILE = re.compile(r"\b[\w-]+\.(?:md|csv|json|ya?ml|txt)\b", re.IGNORECASE)
INTERNAL = re.compile(r"§|\bseeds?\b|\[S\d+\w*\]", re.IGNORECASE)
# "cables.csv" is the example output name the CLI suggests: a file the user writes, not a note.
CUSTOMER_FILE = re.compile(r"\b(?!cables\.csv\b)[\w-]+\.(?:md|csv)\b", re.IGNORECASE)


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def catalog_strings() -> list[tuple[str, str]]:
    folder = resources.files("planner_gui") / "resources" / "catalog"
    found = []
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if item.name.endswith(".json"):
            found += [(item.name, text) for text in _strings(json.loads(item.read_text(encoding="utf-8")))]
    return found


def customer_strings() -> list[str]:
    texts = [*_strings(STRINGS), *_strings(CHECK_TITLES), *_strings(CHECK_FIXES_ZH), *_strings(COMPARE),
             *_strings(DEPLOY)]
    for path in example_paths():  # a shipped design's name and notes show in the window and the proposal
        texts += list(_strings(json.loads(path.read_text(encoding="utf-8"))["meta"]))
    ts = resources.files("planner_gui") / "resources" / "i18n" / "cluster_planner_zh_CN.ts"
    for message in ET.fromstring(ts.read_text(encoding="utf-8")).iter("message"):
        texts += [node.text or "" for node in (message.find("source"), message.find("translation")) if node is not None]
    return texts


def internal_pointer(text: str) -> str | None:
    """The first internal pointer in a catalog string, after its public locations are set aside."""
    rest = PUBLIC_LOCATION.sub(" ", text)
    match = NOTE_FILE.search(rest) or INTERNAL.search(rest)
    return match.group(0) if match else None


def test_the_rule_finds_notes_and_spares_public_locations() -> None:
    assert internal_pointer("hardware_catalog.csv (DGX H100): github:RackulaLives/Rackula docs/a.md") == \
        "hardware_catalog.csv"
    assert internal_pointer("price: peers_and_training.md §4.2") == "peers_and_training.md"
    assert internal_pointer("hardware_power.md section 5 [S41]") == "hardware_power.md"
    assert internal_pointer("cooling options (hardware_power §5)") == "§"
    assert internal_pointer("the seeds' 2-3 us midpoint") == "seeds"
    assert internal_pointer("ridge [S33]") == "[S33]"
    assert internal_pointer("github:stas00/ml-engineering network/README.md; https://x.org/y.csv") is None
    assert internal_pointer("NVIDIA DGX H100 User Guide section 1.2.3") is None


def test_catalog_sources_and_notes_cite_only_public_documents() -> None:
    strings = catalog_strings()
    assert len(strings) > 1000  # every catalog file was read
    bad = [(name, pointer, text[:120]) for name, text in strings if (pointer := internal_pointer(text))]
    assert bad == []


@pytest.mark.parametrize("pattern", [CUSTOMER_FILE, INTERNAL], ids=["file", "note"])
def test_customer_facing_words_name_no_notes(pattern: re.Pattern[str]) -> None:
    texts = customer_strings()
    assert len(texts) > 2000
    assert [text[:120] for text in texts if pattern.search(text)] == []


# The research notes the project was started from: not in the repository, so no reader can follow them.
RESEARCH_NOTES = re.compile(r"seed_facts\.md|measured_h200\.md|hardware_catalog\.csv|peers_and_training\.md|"
                            r"hardware_power\.md|nccl_env_facts\.md|rack_scale_nvlink\.md|style_anchors\.md|"
                            r"\.\./shared/")
ROOT = Path(__file__).resolve().parents[1]


def test_no_comment_or_page_cites_a_note_outside_the_repository() -> None:
    """Code comments, docs and data cite public sources or files in the repository (benchmarks/data/...)."""
    files = [p for folder in ("planner_gui", "benchmarks", "docs", "scripts") for p in (ROOT / folder).rglob("*")
             if p.suffix in (".py", ".md", ".json", ".csv", ".cluster")]
    tests = [p for p in (ROOT / "tests").rglob("*.py") if p.name != Path(__file__).name]
    assert len(files) > 300
    found = [f"{p.relative_to(ROOT)}:{n}" for p in files + tests
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if RESEARCH_NOTES.search(line)]
    assert found == []
