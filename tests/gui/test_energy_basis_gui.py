"""The GUI cost panel states the same electricity figures as the engine, the CLI and the PDF
(tests/test_energy_basis.py): under training load, with the typical draw as the labelled alternative."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.engine import analyze_design
from planner_gui.present import format_money
from planner_gui.templates import TemplateSpec, generate_design
from planner_gui.ui.results.cost import CostView

CATALOG = bundled_catalog()


def test_cost_panel_shows_the_training_load_electricity_and_the_alternative(qtbot: QtBot) -> None:
    design = generate_design(CATALOG, TemplateSpec("dgx-h100", 2))
    cost = analyze_design(design, CATALOG).cost
    view = CostView()
    qtbot.addWidget(view)
    view.show_cost(cost)
    notes, energy = view.notes.text(), cost.energy
    training = format_money(energy.monthly_training, cost.currency)
    typical = format_money(energy.monthly_typical, cost.currency)
    assert f"{training}/month at the draw under training load" in notes
    assert f"alternative, {typical}/month" in notes
    assert view.cell_text("Monthly", "buy") == format_money(cost.options["buy"].monthly, cost.currency)
    assert cost.options["buy"].monthly == energy.monthly_training  # no rack space priced: electricity alone
