"""Training-workload model: memory fit, step time, throughput, storage and checks (no Qt).

Typical use::

    from planner_gui.engine.training import estimate_training, gpu_facts_from_catalog, comm_for_server
    gpu = gpu_facts_from_catalog(catalog, "dgx-h100")
    est = estimate_training(workload, gpu, comm_for_server(catalog, "dgx-h100", gpus), gpus=gpus)
    est.to_json()
"""

from planner_gui.engine.training.checks import training_checks
from planner_gui.engine.training.comm import AlphaBetaComm, CommModel, comm_model_from_profile, subgroup_profile
from planner_gui.engine.training.fabric import alpha_beta_for_server, comm_for_server, comm_node_gpus, comm_source
from planner_gui.engine.training.flops import (
    hardware_flops_per_token,
    model_flops_per_step,
    model_flops_per_token,
    six_n_d,
)
from planner_gui.engine.training.gpu import GpuFacts, gpu_facts_from_catalog
from planner_gui.engine.training.memory import (
    MemoryBreakdown,
    activation_bytes_per_layer,
    memory_per_gpu,
    zero_bytes_per_param,
)
from planner_gui.engine.training.parallel import Layout, layout_from_workload
from planner_gui.engine.training.scaling import ScalingPoint, scaling_curve
from planner_gui.engine.training.shape import (
    MODEL_PRESETS,
    ModelPreset,
    ModelShape,
    check_moe_load,
    find_preset,
    shape_from_workload,
    workload_for_preset,
)
from planner_gui.engine.training.sizing import Sizing, minimum_gpus
from planner_gui.engine.training.step import StepOptions, TrainingEstimate, estimate_training
from planner_gui.engine.training.storage import (
    StorageEstimate,
    StorageKind,
    StorageTier,
    estimate_storage,
    storage_tier_from_catalog,
)

__all__ = [
    "MODEL_PRESETS", "AlphaBetaComm", "CommModel", "GpuFacts", "Layout", "MemoryBreakdown", "ModelPreset",
    "ModelShape", "ScalingPoint", "Sizing", "StepOptions", "StorageEstimate", "StorageKind", "StorageTier",
    "TrainingEstimate", "activation_bytes_per_layer", "alpha_beta_for_server", "check_moe_load", "comm_for_server",
    "comm_model_from_profile", "comm_node_gpus", "comm_source", "estimate_storage", "estimate_training", "find_preset",
    "gpu_facts_from_catalog", "hardware_flops_per_token", "layout_from_workload", "memory_per_gpu",
    "minimum_gpus", "model_flops_per_step", "model_flops_per_token", "scaling_curve", "shape_from_workload",
    "six_n_d", "storage_tier_from_catalog", "subgroup_profile", "training_checks", "workload_for_preset",
    "zero_bytes_per_param",
]
