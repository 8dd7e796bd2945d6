"""Reusable text in the PDF: words extract without ligature glyphs, commands paste and run as printed,
every section and subsection is a bookmark, and every contents line is a link to its page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from planner_gui.catalog import bundled_catalog
from planner_gui.examples import examples_folder
from planner_gui.io import load_design
from planner_gui.report.render import export_pdf
from planner_gui.report.render.navigation import Bookmark, PdfStructureError, Target, add_navigation
from planner_gui.report.render.qt_app import ensure_gui_app
from planner_gui.report.render.shell_wrap import fold_commands
from tests.report_support import TODAY

LIGATURES = re.compile("[\ufb00-\ufb06]")  # ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ
COMMAND = ("mpirun -np 16 --map-by ppr:8:node --hostfile hosts.txt -x LD_LIBRARY_PATH -x NCCL_NET=IB "
           "-x NCCL_IB_HCA==mlx5_0,mlx5_1 -x NCCL_DEBUG=INFO ./build/all_reduce_perf -b 8 -e 8G -f 2 -g 1")


@pytest.fixture(scope="module")
def s1(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    ensure_gui_app()
    catalog = bundled_catalog()
    design = load_design(examples_folder() / "s1-h100-2x8-ndr.cluster", catalog).design
    result = export_pdf(design, catalog, tmp_path_factory.mktemp("reuse") / "s1.pdf", "en", today=TODAY)
    return result.path, result.anchors


def _pasted(folded: str) -> str:
    """What the shell runs: every backslash-newline and the indent after it joined back into one space."""
    return re.sub(r" \\\n\s*", " ", folded)


@pytest.mark.parametrize("columns", [40, 60, 95])
def test_a_folded_command_runs_as_the_original_and_never_splits_a_word(columns: int) -> None:
    folded = fold_commands(COMMAND, columns)
    lines = folded.split("\n")
    assert len(lines) > 1 and _pasted(folded) == COMMAND
    assert all(line.endswith(" \\") for line in lines[:-1]) and not lines[-1].endswith("\\")
    assert set(" ".join(lines).replace("\\", " ").split()) == set(COMMAND.split())  # no word cut in two
    assert all(len(line) <= columns for line in lines if " " in line.strip())


def test_comments_and_short_lines_are_kept_and_long_comments_stay_comments() -> None:
    assert fold_commands("export A=1\n\nnvidia-smi topo -m", 20) == "export A=1\n\nnvidia-smi topo -m"
    folded = fold_commands("# leave NCCL_ALGO unset: NCCL picks the algorithm per call", 30).split("\n")
    assert len(folded) > 1 and all(line.startswith("# ") for line in folded)
    assert fold_commands("run 'a quoted argument with spaces' --flag", 12).count("'a quoted argument with spaces'") == 1


def test_the_pdf_extracts_words_without_ligature_glyphs(s1: tuple[Path, dict[str, int]]) -> None:
    text = "".join(page.extract_text() for page in PdfReader(s1[0]).pages)
    assert LIGATURES.findall(text) == []
    assert text.count("InfiniBand") >= 3  # the word in the summary, network and risk sections


def test_printed_commands_end_each_broken_line_with_a_backslash(s1: tuple[Path, dict[str, int]]) -> None:
    text = "".join(page.extract_text() for page in PdfReader(s1[0]).pages)
    lines = [line.strip() for line in text.split("\n")]
    starts = [i for i, line in enumerate(lines) if line.startswith("mpirun")]
    assert starts
    for start in starts:
        end = next(i for i in range(start, len(lines)) if not lines[i].endswith("\\"))
        command = lines[start:end + 1]
        assert end > start and any(re.search(r"\./build/\w+_perf\b", line) for line in command)  # path whole


def test_every_section_is_a_bookmark_and_every_contents_line_a_link(s1: tuple[Path, dict[str, int]]) -> None:
    path, anchors = s1
    reader = PdfReader(path)
    flat: list[tuple[str, int]] = []

    def walk(items: list, depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                flat.append((item.title, reader.get_destination_page_number(item) + 1))

    walk(reader.outline, 0)
    titles = [t for t, _ in flat]
    assert titles[:2] == ["Executive summary", "Bill of materials"] and "Acceptance test plan" in titles
    assert dict(flat)["Bill of materials"] == anchors["bom"]
    contents = reader.pages[1]
    targets = [reader.get_page_number(a.get_object()["/Dest"][0].get_object()) + 1
               for a in contents["/Annots"] if a.get_object()["/Subtype"] == "/Link"]
    assert targets == [page for _, page in flat]  # one link per contents line, to the same page


def test_navigation_refuses_bytes_that_are_not_a_qt_pdf() -> None:
    with pytest.raises(PdfStructureError):
        add_navigation(b"%PDF-1.4\nnot really\n", [Bookmark("A", 1, Target(0, 0.0))], [])
    assert add_navigation(b"anything", [], []) == b"anything"  # nothing to add: the bytes as they were
