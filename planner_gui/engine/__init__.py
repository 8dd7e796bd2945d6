"""The engine's public door: the entry points the rest of the app calls.

Everything outside ``planner_gui/engine/`` (``benchmarks/`` included) imports from here
(``from planner_gui.engine import analyze_design``), never from a room such as
``planner_gui.engine.topology.graph``; the rooms are free to move code between their modules.
``planner_gui.engine.analysis`` stays importable as the one entry module. The names resolve lazily
(PEP 562): importing this package costs nothing, and a CLI command pulls in only the rooms it uses.
``tests/test_architecture.py`` holds both rules.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what readers and type checkers see; at run time __getattr__ below resolves them
    from planner_gui.engine.acceptance.check import (
        FAIL,
        INCOMPLETE,
        MISMATCH,
        NOT_JUDGED,
        PASS,
        AcceptanceReport,
        SizeVerdict,
        TestVerdict,
        check_acceptance,
    )
    from planner_gui.engine.acceptance.nccl_results import TEST_OPS, named_test, parse_nccl_tests
    from planner_gui.engine.acceptance.plan import (
        BANDWIDTH_BOUND_BYTES,
        MODEL_P90_ERROR_LARGE,
        MODEL_P90_ERROR_MEDIUM,
        MODEL_P90_ERROR_SMALL,
        PASS_LARGE,
        PASS_LARGE_ALLTOALL,
        PASS_MEDIUM,
        SEED_64MB_BYTES,
        SEED_BAD_64MB_MS,
        SMALL_TIME_FACTOR,
    )
    from planner_gui.engine.analysis import Analysis, AnalysisCache, analyze_design
    from planner_gui.engine.checks.base import Check
    from planner_gui.engine.checks.fabric import fabric_checks
    from planner_gui.engine.collectives import (
        ALGOS,
        DEFAULT_SIZES,
        OPS,
        FabricProfile,
        clear_caches,
        curve,
        predict,
        profile_from_catalog,
    )
    from planner_gui.engine.compare.designs import (
        FIGURE_KEYS,
        FIGURES,
        HIGHER,
        LOWER,
        MONEY,
        Comparison,
        FigureRow,
        compare_designs,
        figure,
        variant_label,
    )
    from planner_gui.engine.compare.sweep import EFFICIENCY_KEY, PARAMS, SweepResult, parse_range, run_sweep
    from planner_gui.engine.cost.bom import SCHEDULE_CATEGORIES, Bom, BomLine, build_bom
    from planner_gui.engine.cost.cable_csv import CABLE_CSV_COLUMNS, schedule_csv
    from planner_gui.engine.cost.cables import cable_schedule
    from planner_gui.engine.cost.rent import BREAK_EVEN_HORIZON_MONTHS, RentPlan
    from planner_gui.engine.deploy.nccl_env import recommend_nccl_env, shell_exports
    from planner_gui.engine.deploy.roce_qos import ROCE_QOS_CHECKLIST
    from planner_gui.engine.deploy.setting import export_line
    from planner_gui.engine.facility.cooling import M3H_PER_CFM, delta_t_k_from_f
    from planner_gui.engine.facility.energy import usd_rate
    from planner_gui.engine.facility.power import CONTINUOUS_LOAD_FACTOR
    from planner_gui.engine.incremental.store import keeping
    from planner_gui.engine.planning import (
        PAY_OPTIONS,
        ClusterCandidate,
        ClusterPlan,
        ClusterRequest,
        DesignPlan,
        SearchCancelled,
        plan_clusters,
        plan_design,
    )
    from planner_gui.engine.sections.results import clean_json
    from planner_gui.engine.topology.graph import build_fabric_graph
    from planner_gui.engine.topology.report import analyze_topology
    from planner_gui.engine.topology.tiers import hop_levels
    from planner_gui.engine.training import (
        MODEL_PRESETS,
        StepOptions,
        check_moe_load,
        comm_for_server,
        comm_model_from_profile,
        comm_node_gpus,
        comm_source,
        estimate_training,
        find_preset,
        gpu_facts_from_catalog,
        shape_from_workload,
        workload_for_preset,
    )
    from planner_gui.engine.training.calibration import CalibrationResult, calibrate, error_summary, load_rows
    from planner_gui.engine.training.calibration_fsdp import calibrate_fsdp
    from planner_gui.engine.training.planner import PlanSpace, layouts_in, plan_layouts
    from planner_gui.engine.util.gc_pause import freeze_long_lived, gc_paused, thaw_long_lived

# name -> the module that defines it (or the room that re-exports it)
_WHERE: dict[str, str] = {
    "MODEL_P90_ERROR_SMALL": "planner_gui.engine.acceptance.plan",
    "MODEL_P90_ERROR_MEDIUM": "planner_gui.engine.acceptance.plan",
    "MODEL_P90_ERROR_LARGE": "planner_gui.engine.acceptance.plan",
    "MISMATCH": "planner_gui.engine.acceptance.check",
    "export_line": "planner_gui.engine.deploy.setting",
    "ROCE_QOS_CHECKLIST": "planner_gui.engine.deploy.roce_qos",
    "AcceptanceReport": "planner_gui.engine.acceptance.check",
    "FAIL": "planner_gui.engine.acceptance.check",
    "INCOMPLETE": "planner_gui.engine.acceptance.check",
    "NOT_JUDGED": "planner_gui.engine.acceptance.check",
    "PASS": "planner_gui.engine.acceptance.check",
    "SizeVerdict": "planner_gui.engine.acceptance.check",
    "TestVerdict": "planner_gui.engine.acceptance.check",
    "check_acceptance": "planner_gui.engine.acceptance.check",
    "TEST_OPS": "planner_gui.engine.acceptance.nccl_results",
    "named_test": "planner_gui.engine.acceptance.nccl_results",
    "parse_nccl_tests": "planner_gui.engine.acceptance.nccl_results",
    "BANDWIDTH_BOUND_BYTES": "planner_gui.engine.acceptance.plan",
    "PASS_LARGE": "planner_gui.engine.acceptance.plan",
    "PASS_LARGE_ALLTOALL": "planner_gui.engine.acceptance.plan",
    "PASS_MEDIUM": "planner_gui.engine.acceptance.plan",
    "SEED_64MB_BYTES": "planner_gui.engine.acceptance.plan",
    "SEED_BAD_64MB_MS": "planner_gui.engine.acceptance.plan",
    "SMALL_TIME_FACTOR": "planner_gui.engine.acceptance.plan",
    "Analysis": "planner_gui.engine.analysis",
    "analyze_design": "planner_gui.engine.analysis",
    "Check": "planner_gui.engine.checks.base",
    "ALGOS": "planner_gui.engine.collectives",
    "DEFAULT_SIZES": "planner_gui.engine.collectives",
    "OPS": "planner_gui.engine.collectives",
    "curve": "planner_gui.engine.collectives",
    "predict": "planner_gui.engine.collectives",
    "profile_from_catalog": "planner_gui.engine.collectives",
    "Comparison": "planner_gui.engine.compare.designs",
    "FIGURES": "planner_gui.engine.compare.designs",
    "FIGURE_KEYS": "planner_gui.engine.compare.designs",
    "FigureRow": "planner_gui.engine.compare.designs",
    "HIGHER": "planner_gui.engine.compare.designs",
    "LOWER": "planner_gui.engine.compare.designs",
    "MONEY": "planner_gui.engine.compare.designs",
    "compare_designs": "planner_gui.engine.compare.designs",
    "figure": "planner_gui.engine.compare.designs",
    "variant_label": "planner_gui.engine.compare.designs",
    "EFFICIENCY_KEY": "planner_gui.engine.compare.sweep",
    "PARAMS": "planner_gui.engine.compare.sweep",
    "SweepResult": "planner_gui.engine.compare.sweep",
    "parse_range": "planner_gui.engine.compare.sweep",
    "run_sweep": "planner_gui.engine.compare.sweep",
    "build_bom": "planner_gui.engine.cost.bom",
    "Bom": "planner_gui.engine.cost.bom",
    "BomLine": "planner_gui.engine.cost.bom",
    "SCHEDULE_CATEGORIES": "planner_gui.engine.cost.bom",
    "CABLE_CSV_COLUMNS": "planner_gui.engine.cost.cable_csv",
    "schedule_csv": "planner_gui.engine.cost.cable_csv",
    "cable_schedule": "planner_gui.engine.cost.cables",
    "BREAK_EVEN_HORIZON_MONTHS": "planner_gui.engine.cost.rent",
    "RentPlan": "planner_gui.engine.cost.rent",
    "shell_exports": "planner_gui.engine.deploy.nccl_env",
    "M3H_PER_CFM": "planner_gui.engine.facility.cooling",
    "delta_t_k_from_f": "planner_gui.engine.facility.cooling",
    "usd_rate": "planner_gui.engine.facility.energy",
    "CONTINUOUS_LOAD_FACTOR": "planner_gui.engine.facility.power",
    "clean_json": "planner_gui.engine.sections.results",
    "build_fabric_graph": "planner_gui.engine.topology.graph",
    "hop_levels": "planner_gui.engine.topology.tiers",
    "StepOptions": "planner_gui.engine.training",
    "MODEL_PRESETS": "planner_gui.engine.training",
    "comm_model_from_profile": "planner_gui.engine.training",
    "estimate_training": "planner_gui.engine.training",
    "find_preset": "planner_gui.engine.training",
    "check_moe_load": "planner_gui.engine.training",
    "gpu_facts_from_catalog": "planner_gui.engine.training",
    "workload_for_preset": "planner_gui.engine.training",
    "shape_from_workload": "planner_gui.engine.training",
    "plan_layouts": "planner_gui.engine.training.planner",
    "PlanSpace": "planner_gui.engine.training.planner",
    "PAY_OPTIONS": "planner_gui.engine.planning",
    "ClusterCandidate": "planner_gui.engine.planning",
    "ClusterPlan": "planner_gui.engine.planning",
    "ClusterRequest": "planner_gui.engine.planning",
    "DesignPlan": "planner_gui.engine.planning",
    "SearchCancelled": "planner_gui.engine.planning",
    "plan_clusters": "planner_gui.engine.planning",
    "plan_design": "planner_gui.engine.planning",
    "freeze_long_lived": "planner_gui.engine.util.gc_pause",
    "gc_paused": "planner_gui.engine.util.gc_pause",
    "thaw_long_lived": "planner_gui.engine.util.gc_pause",
    # what benchmarks/ time and calibrate: they, too, come in only by this door
    "AnalysisCache": "planner_gui.engine.analysis",
    "FabricProfile": "planner_gui.engine.collectives",
    "clear_caches": "planner_gui.engine.collectives",
    "CalibrationResult": "planner_gui.engine.training.calibration",
    "calibrate": "planner_gui.engine.training.calibration",
    "error_summary": "planner_gui.engine.training.calibration",
    "load_rows": "planner_gui.engine.training.calibration",
    "calibrate_fsdp": "planner_gui.engine.training.calibration_fsdp",
    "comm_source": "planner_gui.engine.training",
    "comm_for_server": "planner_gui.engine.training",
    "comm_node_gpus": "planner_gui.engine.training",
    "layouts_in": "planner_gui.engine.training.planner",
    "fabric_checks": "planner_gui.engine.checks.fabric",
    "recommend_nccl_env": "planner_gui.engine.deploy.nccl_env",
    "keeping": "planner_gui.engine.incremental.store",
    "analyze_topology": "planner_gui.engine.topology.report",
}

__all__ = [  # the door's names, for tools, readers and `from planner_gui.engine import *`
    "ALGOS",
    "BANDWIDTH_BOUND_BYTES",
    "BREAK_EVEN_HORIZON_MONTHS",
    "CABLE_CSV_COLUMNS",
    "CONTINUOUS_LOAD_FACTOR",
    "DEFAULT_SIZES",
    "EFFICIENCY_KEY",
    "FAIL",
    "FIGURES",
    "FIGURE_KEYS",
    "HIGHER",
    "INCOMPLETE",
    "LOWER",
    "M3H_PER_CFM",
    "MISMATCH",
    "MODEL_P90_ERROR_LARGE",
    "MODEL_P90_ERROR_MEDIUM",
    "MODEL_P90_ERROR_SMALL",
    "MODEL_PRESETS",
    "MONEY",
    "NOT_JUDGED",
    "OPS",
    "PARAMS",
    "PASS",
    "PASS_LARGE",
    "PASS_LARGE_ALLTOALL",
    "PASS_MEDIUM",
    "PAY_OPTIONS",
    "ROCE_QOS_CHECKLIST",
    "SCHEDULE_CATEGORIES",
    "SEED_64MB_BYTES",
    "SEED_BAD_64MB_MS",
    "SMALL_TIME_FACTOR",
    "TEST_OPS",
    "AcceptanceReport",
    "Analysis",
    "AnalysisCache",
    "Bom",
    "BomLine",
    "CalibrationResult",
    "Check",
    "ClusterCandidate",
    "ClusterPlan",
    "ClusterRequest",
    "Comparison",
    "DesignPlan",
    "FabricProfile",
    "FigureRow",
    "PlanSpace",
    "RentPlan",
    "SearchCancelled",
    "SizeVerdict",
    "StepOptions",
    "SweepResult",
    "TestVerdict",
    "analyze_design",
    "analyze_topology",
    "build_bom",
    "build_fabric_graph",
    "cable_schedule",
    "calibrate",
    "calibrate_fsdp",
    "check_acceptance",
    "check_moe_load",
    "clean_json",
    "clear_caches",
    "comm_for_server",
    "comm_model_from_profile",
    "comm_node_gpus",
    "comm_source",
    "compare_designs",
    "curve",
    "delta_t_k_from_f",
    "error_summary",
    "estimate_training",
    "export_line",
    "fabric_checks",
    "figure",
    "find_preset",
    "freeze_long_lived",
    "gc_paused",
    "gpu_facts_from_catalog",
    "hop_levels",
    "keeping",
    "layouts_in",
    "load_rows",
    "named_test",
    "parse_nccl_tests",
    "parse_range",
    "plan_clusters",
    "plan_design",
    "plan_layouts",
    "predict",
    "profile_from_catalog",
    "recommend_nccl_env",
    "run_sweep",
    "schedule_csv",
    "shape_from_workload",
    "shell_exports",
    "thaw_long_lived",
    "usd_rate",
    "variant_label",
    "workload_for_preset",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # resolve once: later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
