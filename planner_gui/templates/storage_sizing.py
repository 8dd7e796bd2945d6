"""How much shared storage a generated design needs, from the workload it carries (docs/models/training.md,
"Storage sizing"): the dataset read rate at the fastest the GPUs could consume it, the checkpoint's size
written within a share of the checkpoint interval, and the dataset plus the checkpoints kept as capacity.
The cheapest catalog storage model, in the fewest units, that meets all three is chosen. No Qt.

* Parameters P: the engine's count (engine/training/shape.py ModelShape.total_params; tests/
  test_storage_sizing.py checks this copy against it), since templates sit below the engine.
* Tokens per second at most: GPUs × dense bf16 peak × 0.675 / (6 P) — 6 P FLOPs per token (forward and
  backward, Kaplan et al. 2020) at the sustained GEMM fraction one H200 measured for this project (668 of
  989 TFLOP/s), above any real MFU, so the read rate is never undersized.
* Read rate = tokens/s × 2 bytes per token (4 when the vocabulary passes 65,500, Megatron's indexed dataset).
  Local NVMe serves it when every node's drives together read faster and each node's drives hold the dataset;
  the shared store then needs no read rate.
* Checkpoint = 14 bytes per parameter (16-bit weights, fp32 master weights and Adam moments), written in at
  most 10 % of the 30-minute interval (the training-checkpoint-slow check's limit; interval: idc10000.net guide).
* Capacity = the dataset (training tokens × bytes per token) + 3 checkpoints kept.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from planner_gui.catalog import Catalog, CatalogEntry
from planner_gui.model import Workload

SUSTAINED_GEMM_FRACTION = 0.675  # one H200, 60 s bf16 GEMM: 668 of 989 TFLOP/s (measured for this project)
FLOPS_PER_PARAM_TOKEN = 6  # forward + backward (Kaplan et al. 2020, "Scaling laws", C = 6 N D)
CHECKPOINT_BYTES_PER_PARAM = 14  # 2 (bf16 weights) + 12 (fp32 master + Adam m, v): engine/training/storage.py
CHECKPOINT_INTERVAL_S = 30 * 60  # idc10000.net multi-node guide (2026), storage: checkpoint every 30 minutes
CHECKPOINT_WRITE_SHARE = 0.10  # of the interval; the engine's training-checkpoint-slow check fires above it
CHECKPOINTS_KEPT = 3  # the last few, to roll back past a bad one (planning assumption)
UINT16_VOCAB_LIMIT = 65_500  # Megatron indexed_dataset: uint16 token ids below this vocabulary size
GB, TB, TFLOPS = 1e9, 1e12, 1e12
NORMS_PER_LAYER, MLP_GATED, MLP_PLAIN, FFN_MULTIPLE = 2, 3, 2, 4  # as engine/training/shape.py


@dataclass(frozen=True, slots=True)
class StorageNeed:
    read_gbs: float  # from the shared store (0 when local NVMe serves the dataset)
    write_gbs: float
    capacity_tb: float


@dataclass(frozen=True, slots=True)
class StoragePlan:
    entry: CatalogEntry
    count: int
    need: StorageNeed


def workload_params(w: Workload) -> int:
    """P, as ModelShape.total_params counts it (defaults: f = 4h, K/V heads = heads)."""
    kv = (w.kv_heads or w.heads)
    kv_hidden = kv * w.hidden // w.heads
    ffn = w.ffn_hidden or FFN_MULTIPLE * w.hidden
    attention = w.hidden * (w.hidden + 2 * kv_hidden) + w.hidden * w.hidden + NORMS_PER_LAYER * w.hidden
    experts = w.moe_experts if w.moe_experts > 0 else 1
    mlp = (MLP_GATED if w.gated_mlp else MLP_PLAIN) * w.hidden * ffn
    router = w.hidden * w.moe_experts if w.moe_experts > 0 else 0
    embeddings = (1 if w.tied_embeddings else 2) * w.vocab * w.hidden
    return w.layers * (attention + experts * mlp + router) + embeddings


def storage_need(workload: Workload, gpus: int, gpu: CatalogEntry, nodes: int, local_read_gbs: float,
                 local_tb: float = math.inf) -> StorageNeed:
    params = max(1, workload_params(workload))
    peak = float(gpu.get("bf16_tflops") or gpu.get("fp16_tflops") or 0.0) * TFLOPS
    tokens_per_s = gpus * peak * SUSTAINED_GEMM_FRACTION / (FLOPS_PER_PARAM_TOKEN * params)
    per_token = 2 if workload.vocab < UINT16_VOCAB_LIMIT else 4
    read = tokens_per_s * per_token / GB
    checkpoint = params * CHECKPOINT_BYTES_PER_PARAM
    write = checkpoint / (CHECKPOINT_WRITE_SHARE * CHECKPOINT_INTERVAL_S) / GB
    capacity = (workload.train_tokens * per_token + CHECKPOINTS_KEPT * checkpoint) / TB
    dataset_tb = workload.train_tokens * per_token / TB
    local = nodes * local_read_gbs >= read and local_tb >= dataset_tb  # each node holds a copy of the dataset
    return StorageNeed(0.0 if local else read, write, capacity)


def plan_storage(catalog: Catalog, need: StorageNeed) -> StoragePlan | None:
    """The cheapest catalog storage model and count that meet ``need`` (fewer units on a tie); None when the
    catalog has no storage entry with ports."""
    options = []
    for entry in catalog.of_kind("storage"):
        if not entry["port_groups"]:
            continue
        count = max(1, _units(need.read_gbs, entry["read_gbs"]), _units(need.write_gbs, entry["write_gbs"]),
                    _units(need.capacity_tb, entry["capacity_tb"]))
        options.append((count * float(entry.get("price_usd") or 0.0), count, entry.id, entry))
    if not options:
        return None
    _, count, _, entry = min(options, key=lambda o: o[:3])
    return StoragePlan(entry, count, need)


def _units(need: float, each: object) -> int:
    each = float(each or 0.0)  # type: ignore[arg-type]
    if need <= 0.0:
        return 0
    return math.ceil(need / each - 1e-9) if each > 0 else 1
