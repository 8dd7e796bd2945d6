"""Map published fully-sharded training runs (fsdp_calibration.csv) onto the step model.

Rules (stated in docs/models/training.md "Fully sharded data parallelism"), nothing tuned per row:

* ZeRO-3 over every GPU of the row (tp = pp = 1); HSDP rows shard inside one node and replicate
  across nodes;
* the shape comes from the row (MPT: GeLU MLP f = 4h, full multi-head attention, ALiBi so no
  extra weights); fields the row leaves empty come from the published preset whose parameter count
  and family match (Llama-2-7B/13B/70B, Llama-3-8B/70B, CodeLlama-34B for fms-fsdp's
  "Llama2-arch 34B", at Llama 2's 4096 context when the row states none);
* a row without a global batch ran one micro-batch per GPU per step (fms-fsdp's README quotes
  per-GPU batch sizes) [inferred];
* recompute as the row says ("full", "selective", "none"); a row that does not state it recomputed
  just enough layers to fit (:mod:`.recompute_fit`, Megatron's block method; none if it fits without);
  torchtitan's
  selective recompute is its operator policy (every second matmul and the element-wise kernels re-run,
  attention kept: ``StepOptions.recompute_matmul_share`` 0.5); Float8 linears → FP8; FlashAttention
  and overlapped prefetch (every framework in the file uses both);
* torchtitan rows without torch.compile run eager PyTorch (``StepOptions.fused_elementwise`` False);
  llm-foundry's MPT layers (LayerNorm, GeLU) and fms-fsdp (``use_torch_compile`` True by default,
  fms_fsdp/config/training.py) count as fused, Megatron-FSDP runs Transformer Engine's fused kernels;
* torchtitan reduce-scatters gradients in fp32 (its default ``mixed_precision_reduce``), the others at
  the model's default 16-bit (llm-foundry's A100 tables state PURE, all bf16; the rest state nothing);
* a power limit the row states ("(500W)") caps the GPU's math rate (:func:`.gpu.power_limited`);
* the server is the catalog's DGX/HGX with the row's GPU (the catalog's default 8 NICs of one
  rail each: llm-foundry's A100 tables state 1600 Gbps per node = 8 × 200 Gb/s); on NVL72 trays the
  job's NVLink domain is one node (:func:`.fabric.comm_node_gpus`);
* the compared metric is tokens/s per GPU, which every row reports and which needs no FLOP
  accounting (llm-foundry counts attention FLOPs in its MFU, torchtitan does not).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from typing import Any

from planner_gui.engine.training.calibration import (
    CalibrationCase,
    CalibrationResult,
    UnmappableRow,
    _int,
    _server_for,
    predict,
)
from planner_gui.engine.training.comm import CommModel
from planner_gui.engine.training.fabric import comm_for_server, comm_node_gpus
from planner_gui.engine.training.gpu import GpuFacts, gpu_facts_from_catalog, power_limited
from planner_gui.engine.training.recompute_fit import layers_to_recompute
from planner_gui.engine.training.shape import MODEL_PRESETS, ModelShape, find_preset
from planner_gui.engine.training.step import StepOptions
from planner_gui.model.settings import Precision, Recompute, Workload

FFN_MULTIPLE = 4  # MPT: expansion ratio 4 (mosaicml/llm-foundry MPT configs)
FSDP_OPTIONS = StepOptions(flash_attention=True, dp_overlap=True)
METRIC = "tokens_per_gpu"
LLAMA2_CONTEXT = 4096  # Llama 2's training context (Touvron et al. 2023, arXiv:2307.09288 §2.2)
# torchtitan's op-level selective AC saves every matmul output except every second one
# (pytorch/torchtitan torchtitan/distributed/activation_checkpoint.py, _custom_policy)
TORCHTITAN_OP_MATMUL_SHARE = 0.5
# torchtitan reduce-scatters gradients in fp32 by default (job config training.mixed_precision_reduce =
# "float32", passed to FSDP2's MixedPrecisionPolicy reduce_dtype in pytorch/torchtitan parallelize.py)
TORCHTITAN_REDUCE_BYTES = 4


def map_fsdp_row(row: dict[str, str], catalog: Any,
                 comm_factory: Callable[[Any, str, int], CommModel] = comm_for_server) -> CalibrationCase:
    """The workload, hardware and tokens/s of one FSDP row, or :class:`UnmappableRow` saying why not."""
    shape = _shape(row)
    gpus = _int(row, "gpu_count")
    micro = _int(row, "micro_batch", 1)
    if gpus is None or not row.get("tokens_per_s_per_gpu"):
        raise UnmappableRow(f"row {row['id']}: GPU count or tokens/s missing")
    batch = _int(row, "global_batch_seqs") or micro * gpus
    hybrid = "hsdp" in row.get("sharding", "").lower() or "hybrid" in row.get("sharding", "").lower()
    precision = Precision.FP8 if "fp8" in (row.get("precision", "") + row["model"]).lower() else Precision.BF16
    workload = Workload(
        model_name=row["model"], layers=shape.layers, hidden=shape.hidden, heads=shape.heads,
        kv_heads=shape.kv_heads, ffn_hidden=shape.ffn_hidden, vocab=shape.vocab, seq_len=shape.seq_len,
        global_batch=batch, micro_batch=micro, precision=precision, tp=1, pp=1, dp=gpus, zero_stage=3,
        recompute=_recompute(row),
    )
    server_id = _server(catalog, row)
    per_node = comm_node_gpus(catalog, server_id, gpus)  # an NVL72 job's NVLink domain counts as one node
    torchtitan = "torchtitan" in row.get("group", "")
    op_policy = torchtitan and workload.recompute == Recompute.SELECTIVE
    reduce_bytes = TORCHTITAN_REDUCE_BYTES if torchtitan else FSDP_OPTIONS.grad_reduce_bytes
    options = dataclasses.replace(FSDP_OPTIONS, fsdp_shard_group=per_node if hybrid else None,
                                  recompute_matmul_share=TORCHTITAN_OP_MATMUL_SHARE if op_policy else 0.0,
                                  fused_elementwise=not torchtitan or "compile" in row["model"].lower(),
                                  grad_reduce_bytes=reduce_bytes)
    gpu = gpu_facts_from_catalog(catalog, server_id)
    limit = re.search(r"\((\d+)\s*W\)", row["gpu_type"])
    if limit:
        gpu = power_limited(gpu, float(limit.group(1)))
    comm = comm_factory(catalog, server_id, gpus)
    if not row.get("activation_ckpt", "").strip() or "not stated" in row["activation_ckpt"]:
        workload, options = _fitted_recompute(workload, shape, gpu, comm, per_node, options)
    return CalibrationCase(row["id"], row["model"], workload, shape, gpu, server_id, per_node, comm, options,
                           METRIC, float(row["tokens_per_s_per_gpu"]))


def _fitted_recompute(workload: Workload, shape: ModelShape, gpu: GpuFacts, comm: CommModel, per_node: int,
                      options: StepOptions) -> tuple[Workload, StepOptions]:
    """No recompute if the run fits without; else full recompute of just enough layers (module doc)."""
    blocks = layers_to_recompute(workload, shape, gpu, comm, per_node, options)
    if not blocks:  # 0: fits as it is; None: nothing fits, the estimate says so
        return workload, options
    return (dataclasses.replace(workload, recompute=Recompute.FULL),
            dataclasses.replace(options, full_recompute_layers=blocks))


def _server(catalog: Any, row: dict[str, str]) -> str:
    """The row's server; Grace-Blackwell rows need a rack-scale NVLink server (an NVL72 domain of 72 GPUs)."""
    rack = re.search(r"GB(\d{3})", row["gpu_type"])
    if rack is None:
        return _server_for(catalog, row["gpu_type"])
    family = f"gb{rack.group(1)}"
    servers = sorted(e.id for e in catalog.of_kind("server") if family in e.id or family in e["gpu_id"])
    if not servers:
        raise UnmappableRow(f"row {row['id']}: no catalog server is a {family.upper()} NVL72 system")
    return servers[0]


def _recompute(row: dict[str, str]) -> Recompute:
    text = row.get("activation_ckpt", "").lower()
    if text.startswith("full"):
        return Recompute.FULL
    return Recompute.SELECTIVE if text.startswith("selective") else Recompute.NONE


def _shape(row: dict[str, str]) -> ModelShape:
    """The row's shape, filling empty fields from the matching preset (module docstring)."""
    preset = _preset_for(row)
    layers, hidden = _int(row, "layers"), _int(row, "hidden")
    if preset is None:
        if layers is None or hidden is None:
            raise UnmappableRow(f"row {row['id']}: layers/hidden missing and no preset matches {row['model']!r}")
        heads = _int(row, "heads") or hidden // 128
        return ModelShape(layers, hidden, heads, heads, FFN_MULTIPLE * hidden, _int(row, "vocab") or 50368,
                          _int(row, "seq_len") or 2048)
    base = preset.shape
    # "Llama2-arch" rows that omit seq_len trained at Llama 2's 4096 context (the group's 7B row states it)
    context = LLAMA2_CONTEXT if "llama2" in row["model"].lower().replace("-", "") else base.seq_len
    return dataclasses.replace(base, seq_len=_int(row, "seq_len") or context,
                               vocab=_int(row, "vocab") or base.vocab)


def _preset_for(row: dict[str, str]) -> Any:
    """Llama-family rows: the preset of that family and size; MPT rows: none (their shape is in the row)."""
    name = row["model"].lower()
    if "mpt" in name:
        return None
    size = re.search(r"(\d+)\s*b\b", name)
    if not size:
        return None
    billions = size.group(1)
    family = "llama-3" if re.search(r"llama-?3", name) else "llama-2"
    candidates = [f"{family}-{billions}b", f"codellama-{billions}b"]
    for candidate in candidates:
        preset = find_preset(candidate)
        if preset is not None:
            return preset
    return next((p for p in MODEL_PRESETS if p.name.lower().endswith(f"-{billions}b")), None)


def calibrate_fsdp(rows: Iterable[dict[str, str]], catalog: Any,
                   comm_factory: Callable[[Any, str, int], CommModel] = comm_for_server,
                   ) -> tuple[list[CalibrationResult], list[str]]:
    """Predictions for every mappable FSDP row, and the reasons the other rows were skipped."""
    results, skipped = [], []
    for row in rows:
        try:
            results.append(predict(map_fsdp_row(row, catalog, comm_factory)))
        except UnmappableRow as reason:
            skipped.append(str(reason))
        except (ValueError, KeyError) as problem:
            skipped.append(f"row {row.get('id', '?')}: {problem}")
    return results, skipped
