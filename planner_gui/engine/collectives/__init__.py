"""Calibrated collective-communication model: NCCL's algorithm choice and cost, from hardware facts.

Public API::

    predict(profile, op, nbytes, algo="auto", proto="auto") -> CollectiveResult
    curve(profile, op, sizes=None, algo="auto") -> list[CollectiveResult]
    profile_from_catalog(catalog, gpu_id, gpus_per_node, nodes, nic_id=None, nics_per_node=None, **overrides)

See ``docs/models/collectives.md`` for the equations, constants and calibration.
"""

from planner_gui.engine.collectives.algorithms import ALGOS, OPS
from planner_gui.engine.collectives.catalog import profile_from_catalog
from planner_gui.engine.collectives.model import (
    DEFAULT_SIZES,
    CollectiveResult,
    busbw_factor,
    clear_caches,
    curve,
    curve_arrays,
    predict,
)
from planner_gui.engine.collectives.nccl_tables import PROTOCOLS
from planner_gui.engine.collectives.profile import FabricProfile

__all__ = [
    "ALGOS",
    "DEFAULT_SIZES",
    "OPS",
    "PROTOCOLS",
    "CollectiveResult",
    "FabricProfile",
    "busbw_factor",
    "clear_caches",
    "curve",
    "curve_arrays",
    "predict",
    "profile_from_catalog",
]
