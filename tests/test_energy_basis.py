"""Energy and its cost are counted under training load (GPU servers at their maximum, every GPU at its power
limit), with the catalog's typical draw kept as a labelled alternative; the CLI (text and --json), the PDF and
the engine give the same figures (the GUI cost panel: tests/gui/test_energy_basis_gui.py)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.engine import analyze_design
from planner_gui.io import save_design
from planner_gui.report.content import build_proposal
from planner_gui.report.content.blocks import Paragraph
from planner_gui.report.content.bom_text import money
from planner_gui.report.content.i18n import Tr
from planner_gui.templates import TemplateSpec, generate_design

CATALOG = bundled_catalog()
DGX_MAX_W, DGX_TYPICAL_W = 10_200.0, 7_340.0  # DGX H100 user guide maximum; the catalog's typical figure


@pytest.fixture(scope="module")
def two_dgx() -> tuple:
    design = generate_design(CATALOG, TemplateSpec("dgx-h100", 2))
    return design, analyze_design(design, CATALOG)


def test_training_load_is_gpu_servers_at_their_maximum(two_dgx: tuple) -> None:
    """2 DGX H100 at 10,200 W each (+ the cable modules on their ports) plus every switch and storage server
    at its typical draw: the IT figure energy uses; the typical figure keeps the servers at 7,340 W."""
    _design, analysis = two_dgx
    power, facility = analysis.power, analysis.facility
    servers = [d for d in power.devices.values() if d.gpu_count > 0]
    others = [d for d in power.devices.values() if d.gpu_count == 0]
    assert len(servers) == 2 and others
    assert all(d.training_w == d.max_w == DGX_MAX_W + d.module_w for d in servers)
    assert all(d.training_w == d.typical_w for d in others)
    expected = sum(d.max_w for d in servers) + sum(d.typical_w for d in others)
    assert facility.it_training_kw == pytest.approx(expected / 1000.0)
    assert facility.it_typical_kw == pytest.approx(power.typical_w / 1000.0)
    assert facility.it_training_kw - facility.it_typical_kw == pytest.approx(2 * (DGX_MAX_W - DGX_TYPICAL_W) / 1000)
    assert sum(r.training_w for r in power.racks.values()) == pytest.approx(power.training_w)
    pue, price = facility.pue, facility.electricity_per_kwh
    assert facility.monthly_energy_cost == pytest.approx(facility.it_training_kw * pue * 730 * price)
    assert facility.monthly_energy_cost_typical == pytest.approx(facility.it_typical_kw * pue * 730 * price)
    energy, buy = analysis.cost.energy, analysis.cost.options["buy"]
    assert energy.monthly_training == round(facility.monthly_energy_cost) == buy.units["electricity"][1]
    assert energy.monthly_typical == round(facility.monthly_energy_cost_typical) < energy.monthly_training
    assert analysis.summary.it_kw == facility.it_training_kw and analysis.summary.it_typical_kw == facility.it_typical_kw


def test_cli_text_json_and_pdf_give_the_same_figures(two_dgx: tuple, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    design, analysis = two_dgx
    energy, currency = analysis.cost.energy, analysis.cost.currency
    path = tmp_path / "two.cluster"
    save_design(design, path)
    assert main(["analyze", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["cost"]["energy"]["monthly_training"] == energy.monthly_training
    assert data["cost"]["energy"]["monthly_typical"] == energy.monthly_typical
    assert data["cost"]["options"]["buy"]["lines"]["electricity"] == energy.monthly_training * 12
    assert data["facility"]["it_training_kw"] == pytest.approx(energy.it_training_kw)
    assert main(["analyze", str(path)]) == 0
    text = " ".join(capsys.readouterr().out.split())
    training, typical = f"{currency} {energy.monthly_training:,.0f}", f"{currency} {energy.monthly_typical:,.0f}"
    assert f"{training}/month at the draw under training load" in text
    assert f"an alternative: {typical}/month" in text
    for language in ("en", "zh"):
        proposal = build_proposal(design, CATALOG, analysis, language, date(2026, 12, 2))
        paragraphs = [b.text for b in proposal.blocks if isinstance(b, Paragraph)]
        t = Tr(language, currency)  # the report's own money format (万 in Chinese)
        shown = [p for p in paragraphs if money(t, energy.monthly_training) in p and money(t, energy.monthly_typical) in p]
        assert len(shown) == 1, (language, paragraphs)
