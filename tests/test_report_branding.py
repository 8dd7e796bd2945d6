"""Branding and document control: the supplier, number, revision and validity on the cover and footers,
the prose summary and the sign-off page; a bad logo gets one line and no PDF at all."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.examples import examples_folder
from planner_gui.preferences import Preferences, preferences_path
from planner_gui.report.content import build_proposal
from planner_gui.report.content.blocks import Heading, Paragraph
from planner_gui.report.content.branding import PNG_MAGIC, branding_from, load_logo, make_branding
from tests.report_support import TODAY, default_design

S1 = examples_folder() / "s1-h100-2x8-ndr.cluster"
SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40"/></svg>'


def _prefs(tmp_path: Path, **fields: object) -> None:
    path = preferences_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 2, **fields}), encoding="utf-8")


def test_the_cover_and_footer_carry_the_document_control() -> None:
    branding = make_branding("ACME Computing", "sales@acme.example", "ACME-P-17", "B", 30, "Confidential")
    document = build_proposal(default_design(), bundled_catalog(), lang="en", today=date(2026, 12, 2),
                              branding=branding)
    facts = dict(document.cover.facts)
    assert facts["Supplier"] == "ACME Computing" and facts["Document number"] == "ACME-P-17"
    assert facts["Revision"] == "B" and facts["Valid until"] == "1 January 2027"
    assert "Version" not in facts  # the revision replaces the tool's version line
    assert document.footer == "ACME Computing · ACME-P-17 B · Confidential · 2 December 2026"
    assert "Cluster Planner" not in document.footer
    assert [b.anchor for b in document.blocks if isinstance(b, Heading) and b.level == 1][-1] == "signoff"


def test_without_branding_no_empty_fact_and_no_tool_name_in_the_footer() -> None:
    document = build_proposal(default_design(), bundled_catalog(), lang="zh", today=TODAY)
    assert all(value for _, value in document.cover.facts) and "未填写" not in str(document.cover.facts)
    assert document.footer.startswith("方案书 · ")


def test_the_executive_summary_opens_in_prose_with_the_tables_figures() -> None:
    document = build_proposal(default_design(), bundled_catalog(), lang="en", today=TODAY)
    start = next(i for i, b in enumerate(document.blocks) if isinstance(b, Heading) and b.anchor == "summary")
    prose = [b.text for b in document.blocks[start + 1:start + 5] if isinstance(b, Paragraph)]
    assert prose[0].startswith("We propose a training cluster of 256 ")
    assert any("costs" in p and "up front" in p for p in prose) and any("main points" in p or "nothing" in p
                                                                         for p in prose)


@pytest.mark.parametrize(("content", "says"), [
    (b"GIF89a not a png", "is not a PNG or SVG image"),
    (PNG_MAGIC + b"\0" * 10_000_000, "is 10.0 MB; use a PNG or SVG of at most 2 MB"),
])
def test_a_bad_logo_is_refused_in_one_line(tmp_path: Path, content: bytes, says: str) -> None:
    logo = tmp_path / "logo.png"
    logo.write_bytes(content)
    with pytest.raises(ValueError, match=says) as error:
        load_logo(logo)
    assert str(logo) in str(error.value) and "\n" not in str(error.value)


def test_a_missing_logo_and_a_bad_validity_are_refused() -> None:
    with pytest.raises(ValueError, match="cannot be read: no such file"):
        make_branding(logo_path="/nowhere/logo.svg")
    with pytest.raises(ValueError, match="from 0 to 365"):
        make_branding(validity_days=400)
    with pytest.raises(ValueError, match="proposal_validity_days"):
        Preferences(proposal_validity_days=-1)
    assert load_logo_kind(SVG) == "svg"


def load_logo_kind(data: bytes) -> str:
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".svg") as file:
        file.write(data)
        file.flush()
        return load_logo(Path(file.name)).kind


def test_the_cli_refuses_a_logo_that_is_not_an_image_and_writes_nothing(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    fake = tmp_path / "logo.png"
    fake.write_text("not an image", encoding="utf-8")
    _prefs(tmp_path, proposal_logo=str(fake))
    output = tmp_path / "out" / "p.pdf"
    output.parent.mkdir()
    assert main(["report", str(S1), "-o", str(output)]) != 0
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "not a PNG or SVG image" in err
    assert list(output.parent.iterdir()) == []  # no PDF, not even half of one


def test_the_cli_puts_the_preferences_branding_and_its_overrides_in_the_pdf(tmp_path: Path) -> None:
    logo = tmp_path / "logo.svg"
    logo.write_bytes(SVG)
    _prefs(tmp_path, proposal_company="ACME Computing", proposal_logo=str(logo), proposal_document_number="P-1",
           proposal_confidentiality="Confidential")
    output = tmp_path / "p.pdf"
    assert main(["report", str(S1), "-o", str(output), "--revision", "C"]) == 0
    reader = PdfReader(output)
    cover = " ".join(reader.pages[0].extract_text().split())
    assert "ACME Computing" in cover and "P-1" in cover and "Revision C" in cover
    assert "ACME Computing · P-1 C · Confidential" in " ".join(reader.pages[3].extract_text().split())
    assert branding_from(Preferences(proposal_company="X"), revision="D").revision == "D"
