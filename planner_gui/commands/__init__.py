"""The CLI's commands; each module registers one subcommand with a ``handler``."""

from __future__ import annotations

import argparse


def register_all(commands: argparse._SubParsersAction) -> None:
    from planner_gui.commands import (
        accept_cmd,
        analyze_cmd,
        bom_cmd,
        catalog_cmd,
        compare_cmd,
        gui,
        new_cmd,
        plan_cluster_cmd,
        plan_cmd,
        predict_cmd,
        report_cmd,
        sweep_cmd,
        training_cmd,
        validate_cmd,
    )

    for module in (gui, new_cmd, validate_cmd, catalog_cmd, analyze_cmd, predict_cmd, training_cmd, plan_cmd,
                   plan_cluster_cmd, report_cmd, bom_cmd, compare_cmd, sweep_cmd, accept_cmd):
        module.register(commands)
