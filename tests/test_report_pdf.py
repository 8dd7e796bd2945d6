"""The PDF proposal as a customer gets it: sections, the engine's numbers as printed, pages, vectors, fonts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.analysis import analyze_design
from planner_gui.i18n.fonts import BUNDLED_CJK_FAMILY, register_bundled_fonts
from planner_gui.report.content import build_proposal
from planner_gui.report.content.blocks import (
    Column,
    ColumnKind,
    Cover,
    Heading,
    Labels,
    Paragraph,
    ReportDocument,
    Table,
)
from planner_gui.report.content.bom import report_bom
from planner_gui.report.content.bom_text import money
from planner_gui.report.content.context import Ctx
from planner_gui.report.content.i18n import Tr
from planner_gui.report.render import export_pdf
from planner_gui.report.render.fonts import FontSet, find_cjk_family
from planner_gui.report.render.pdf import render_pdf
from planner_gui.report.render.qt_app import ensure_gui_app
from tests.report_support import (
    A4_PT,
    LETTER_PT,
    TODAY,
    as_extracted,
    default_design,
    default_pdf,
    font_descriptors,
    norm,
    pdf_text,
    text_positions,
)

MIN_PAGES, MAX_PAGES = 12, 40  # the default 256-GPU design: 11 sections, a cover and contents


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> str:
    ensure_gui_app()
    return str(tmp_path_factory.mktemp("report"))


@pytest.fixture(scope="module")
def english(folder: str) -> tuple[Path, object, list[str]]:
    path, result = default_pdf(folder, "en", "a4")
    return path, result, pdf_text(path)


def expected_numbers(lang: str) -> dict[str, str]:
    """The key figures as the proposal prints them, computed from the engine with the proposal's formatter."""
    design, catalog = default_design(), bundled_catalog()
    a = analyze_design(design, catalog)
    t, s = Tr(lang, "CNY"), a.summary
    ctx = Ctx(design, catalog, a, t, TODAY)
    big = a.collectives.point("allreduce", 2**33)  # type: ignore[union-attr]
    gate = next(r for r in a.acceptance.rows if r.op == "allreduce" and r.bytes == 2**30)  # type: ignore[union-attr]
    return {
        "gpus": f"{t.int(s.gpus)} ×",
        "upfront": t.money(s.buy_upfront),
        "rent": t.money(s.rent_monthly),
        "busbw_1g": t.gbs(s.allreduce_busbw_1gib_gbps),
        "time_128m": t.time_us(a.collectives.allreduce_time_128mib_us),  # type: ignore[union-attr]
        "it_kw": t.kw(s.it_kw),
        "facility_kw": t.kw(s.facility_kw),
        "days": t.days(s.training_days),
        "mfu": t.pct(a.training.estimate.mfu),  # type: ignore[union-attr]
        "bom_total": money(t, report_bom(ctx).hardware_total),
        "busbw_8g": t.gbs(big.busbw_GBps),
        "pass_1g": t.gbs(gate.pass_min_busbw_gbs),
        "energy_year": t.money(a.facility.annual_energy_cost),  # type: ignore[union-attr]
        "break_even": t.months(a.cost.buy_vs_rent_month),  # type: ignore[union-attr]
    }


def test_every_section_and_key_number_is_in_the_text(english: tuple[Path, object, list[str]]) -> None:
    pages = english[2]
    text = norm("".join(pages))
    document = build_proposal(default_design(), bundled_catalog(), lang="en", today=TODAY)
    for heading in document.headings():
        assert norm(heading.text) in text, heading.text
    missing = {k: v for k, v in expected_numbers("en").items() if norm(v) not in text}
    assert missing == {}


def test_contents_list_each_section_with_its_page(english: tuple[Path, object, list[str]]) -> None:
    _, result, pages = english
    document = build_proposal(default_design(), bundled_catalog(), lang="en", today=TODAY)
    contents = norm(pages[1]).replace(norm(document.header), "|")  # the running head starts with a digit too
    for heading in document.headings(1):
        page = result.anchors[heading.anchor]  # type: ignore[attr-defined]
        assert re.search(re.escape(norm(heading.text)) + r"\.*" + str(page) + r"(?!\d)", contents), (
            heading.text
        )
        assert norm(heading.text) in norm(pages[page - 1])  # the section really starts on that page


def test_page_count_and_page_n_of_m(english: tuple[Path, object, list[str]]) -> None:
    _, result, pages = english
    total = len(pages)
    assert result.pages == total and MIN_PAGES <= total <= MAX_PAGES  # type: ignore[attr-defined]
    for number in (2, total):
        assert f"Page{number}of{total}" in norm(pages[number - 1])


def test_no_raster_images_and_all_fonts_embedded(english: tuple[Path, object, list[str]]) -> None:
    reader = PdfReader(str(english[0]))
    assert [len(page.images) for page in reader.pages] == [0] * len(reader.pages)
    fonts = font_descriptors(reader)
    assert fonts
    not_embedded = [name for name, d in fonts if "/FontFile2" not in d and "/FontFile3" not in d]
    assert not_embedded == []


def test_no_text_outside_the_page(english: tuple[Path, object, list[str]]) -> None:
    reader = PdfReader(str(english[0]))
    for number, page in enumerate(reader.pages, start=1):
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        outside = [
            (x, y, s[:30]) for x, y, s in text_positions(page) if not (0 <= x <= width and 0 <= y <= height)
        ]
        assert outside == [], f"page {number}"


@pytest.mark.parametrize(("paper", "size"), [("a4", A4_PT), ("letter", LETTER_PT)])
def test_paper_sizes(folder: str, paper: str, size: tuple[float, float]) -> None:
    path, _ = default_pdf(folder, "en", paper)
    box = PdfReader(str(path)).pages[0].mediabox
    assert float(box.width) == pytest.approx(size[0], abs=1.0)
    assert float(box.height) == pytest.approx(size[1], abs=1.0)


def test_chinese_proposal(folder: str) -> None:
    path, result = default_pdf(folder, "zh", "a4")
    assert result.lang == "zh" and result.warnings == ()
    family = find_cjk_family()
    assert family == BUNDLED_CJK_FAMILY  # the bundled face, whatever the machine has installed
    text = norm("".join(pdf_text(path)))
    for heading in (
        "执行摘要",
        "物料清单",
        "机柜布局图",
        "网络组网",
        "集合通信性能",
        "训练性能估算",
        "供电与散热",
        "成本分析",
        "风险与问题",
        "部署与验收",
        "计算方法与数据来源",
        "目录",
    ):
        assert as_extracted(heading, family) in text, heading
    missing = {k: v for k, v in expected_numbers("zh").items() if as_extracted(v, family) not in text}
    assert missing == {}
    fonts = font_descriptors(PdfReader(str(path)))
    assert all("/FontFile2" in d or "/FontFile3" in d for _, d in fonts)


def test_without_a_cjk_font_a_chinese_proposal_fails_and_writes_nothing(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"Chinese proposal: its font .*NotoSansSCBundled") as error:
        export_pdf(default_design(), bundled_catalog(), tmp_path / "zh.pdf", "zh", today=TODAY, cjk_candidates=())
    assert "\n" not in str(error.value) and list(tmp_path.iterdir()) == []


def test_a_missing_bundled_font_file_is_reported(tmp_path: Path) -> None:
    assert register_bundled_fonts(tmp_path) is False  # an empty folder: the package lost its font files
    assert register_bundled_fonts() is True


def test_a_table_longer_than_a_page_repeats_its_header(tmp_path: Path) -> None:
    ensure_gui_app()
    columns = (Column("HeadAlpha"), Column("HeadBeta", ColumnKind.NUMBER))
    rows = tuple((f"row{i:03d}", f"{i}") for i in range(150))
    document = ReportDocument(
        "en",
        "t",
        "header",
        "footer",
        Cover("Title", "sub", (), "summary"),
        Labels("Contents", "Page {page} of {pages}", "(continued)"),
        (Heading("Long table", 1, "long"), Paragraph("Before the table."), Table(columns, rows, "Inventory")),
    )
    result = render_pdf(document, tmp_path / "long.pdf", "a4", FontSet.detect(()))
    pages = [norm(p) for p in pdf_text(result.path)]
    with_rows = [p for p in pages if "row" in p and "row" in p.replace("HeadAlpha", "")]
    body_pages = [p for p in pages if re.search(r"row\d{3}", p)]
    assert len(body_pages) >= 3
    assert all("HeadAlphaHeadBeta" in p for p in body_pages)
    assert all("Inventory(continued)" in p for p in body_pages[1:])
    assert with_rows  # sanity: the rows were found at all
    seen = sorted(int(m) for p in body_pages for m in re.findall(r"row(\d{3})", p))
    assert seen == list(range(150))  # every row printed exactly once


def test_bad_paper_and_language_are_refused_before_anything_is_written(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="paper 'a3' is not supported; use one of a4, letter"):
        export_pdf(default_design(), bundled_catalog(), tmp_path / "x.pdf", "en", "a3")
    with pytest.raises(ValueError, match="language 'de' is not supported"):
        export_pdf(default_design(), bundled_catalog(), tmp_path / "x.pdf", "de")
    with pytest.raises(ValueError, match=r"the folder .* does not exist"):
        export_pdf(default_design(), bundled_catalog(), tmp_path / "missing" / "x.pdf")
    assert list(tmp_path.iterdir()) == []


def test_progress_goes_from_content_to_done(tmp_path: Path) -> None:
    seen: list[float] = []
    export_pdf(default_design(), bundled_catalog(), tmp_path / "p.pdf", today=TODAY, progress=seen.append)
    assert seen[0] == pytest.approx(0.15) and seen[-1] == pytest.approx(1.0)  # CONTENT_SHARE, then done
    assert seen == sorted(seen) and len(seen) > 10  # one call per painted page
