"""The proposal in the customer's voice: no internal pointer in any shipped example's PDF (English and
Chinese), and counts whose nouns agree ("1 rack", "2 racks", never "1 racks" or "switch(es)")."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.analysis import analyze_design
from planner_gui.examples import example_paths
from planner_gui.io import load_design
from planner_gui.report.content.citations import cite, public_sources
from planner_gui.report.content.voice import customer_text, english_plurals, scrub_internal
from planner_gui.report.render import export_pdf
from planner_gui.report.render.qt_app import ensure_gui_app
from tests.report_support import TODAY

INTERNAL = re.compile(r"\.md\b|§|github|docs/|our estimate|https?://|seed_facts|我们的估计", re.IGNORECASE)
LONE_ONE_PLURAL = re.compile(r"(?<![\d.,])\b1\s+(?:[a-z-]+\s+)?(racks|switches|tiers|warnings|errors|servers|links|rails"
                             r"|GPUs|HCAs|NICs|nodes|months|days)\b")
OPTIONAL_PLURAL = re.compile(r"[A-Za-z]\((?:es|s)\)")


@pytest.fixture(scope="module")
def texts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The extracted text of every shipped example's proposal, in English and in Chinese."""
    ensure_gui_app()
    catalog, folder = bundled_catalog(), tmp_path_factory.mktemp("voice")
    found = {}
    for path in example_paths():
        design = load_design(path, catalog).design
        analysis = analyze_design(design, catalog)  # one analysis for both languages
        for lang in ("en", "zh"):
            result = export_pdf(design, catalog, folder / f"{path.stem}-{lang}.pdf", lang, analysis=analysis,
                                today=TODAY)
            found[f"{path.stem}-{lang}"] = " ".join(
                " ".join(page.extract_text().split()) for page in PdfReader(result.path).pages)
    return found


def test_no_proposal_names_a_file_a_link_a_note_or_our_estimate(texts: dict[str, str]) -> None:
    hits = {name: sorted({m.group(0) for m in INTERNAL.finditer(text)}) for name, text in texts.items()}
    assert {name: found for name, found in hits.items() if found} == {}
    assert len(texts) == 2 * len(example_paths()) >= 20


def test_counts_agree_with_their_nouns_in_every_english_proposal(texts: dict[str, str]) -> None:
    bad = {name: LONE_ONE_PLURAL.findall(text) + OPTIONAL_PLURAL.findall(text)
           for name, text in texts.items() if name.endswith("-en")}
    assert {name: found for name, found in bad.items() if found} == {}
    assert "1 rack" in texts["s1-h100-2x8-ndr-en"] and "0 errors" in texts["s2-a100-4x8-roce25-en"]


def test_no_chinese_proposal_keeps_an_english_optional_plural(texts: dict[str, str]) -> None:
    assert {name: OPTIONAL_PLURAL.findall(t) for name, t in texts.items() if name.endswith("-zh")
            and OPTIONAL_PLURAL.search(t)} == {}


@pytest.mark.parametrize(("text", "expected"), [
    ("1 switch tiers: 1 switches and 32 links", "1 switch tier: 1 switch and 32 links"),
    ("0 errors, 1 warnings, 5 notes", "0 errors, 1 warning, 5 notes"),
    ("12 switch(es) and 1 link(s)", "12 switches and 1 link"),
    ("the 1 compute HCAs", "the 1 compute HCA"),
    ("1 GiB AllReduce on page 1 of 19, 1 December", "1 GiB AllReduce on page 1 of 19, 1 December"),
    ("10.1 racks, 21 racks", "10.1 racks, 21 racks"),
])
def test_english_plurals(text: str, expected: str) -> None:
    assert english_plurals(text) == expected


def test_internal_pointers_are_removed_and_plain_text_is_kept() -> None:
    assert scrub_internal("NVLSTree is off on one node (collectives.md 1.6).") == "NVLSTree is off on one node."
    assert scrub_internal("~480 GB/s（collectives.md §5）。") == "~480 GB/s。"
    assert scrub_internal("train with pretrain_gpt.py (Megatron-LM)") == "train with pretrain_gpt.py (Megatron-LM)"
    assert customer_text("zh")("1 racks") == "1 racks"  # Chinese has no plural: only the pointers go


def test_catalog_notes_become_public_sources_by_name() -> None:
    note = ("DGX H100: github:RackulaLives/Rackula docs/research/3287-external.md; https://docs.nvidia.com/dgx/x; "
            "price: Epoch AI hardware price data (github:epoch-research/training-cost-trends), citing SemiAnalysis; "
            "https://www.example.org/a; flashgenius.net guide (third party); "
            "https://ziash.github.io/nvidia-nca-aiio-study-guide/power")
    assert public_sources(note, zh=False) == [
        "Rackula rack-planner device library", "NVIDIA product documentation and datasheets",
        "Epoch AI hardware price data (citing SemiAnalysis)", "example.org", "flashgenius.net",
        "NVIDIA NCA-AIIO study guide (third party)"]
    assert "NVIDIA 产品文档" in cite(note, zh=True)
    assert cite("planning archetype: GPU TDP x n + host overhead; no public source", zh=False).startswith(
        "planning value")
