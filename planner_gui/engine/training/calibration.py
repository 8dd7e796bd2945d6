"""Compare the step model with published training throughput (training_calibration.csv).

Each CSV row becomes a workload on a catalog server and a fabric; nothing is tuned per row.
Mapping rules (stated in docs/models/training.md):

* pipeline stages may be uneven (published runs balance 126 layers over 16 stages themselves;
  ``StepOptions.uneven_stages`` places them as :mod:`.stages` says);
* the shape comes from the row; missing fields come from a published preset whose name matches
  the row's model (:data:`~.shape.MODEL_PRESETS`), else GPT defaults (f = 4h, K/V heads = heads,
  64-wide heads → heads = hidden / 128 when the row omits them, vocab 51200);
* context parallelism (cp) is kept (``Workload`` has no cp field yet, so the rows use a subclass
  that adds one); missing micro-batch / vpp are 1;
* the software of each source is what that source used: Megatron 2021/2022 (Narayanan, Korthikanti)
  stored attention scores (no FlashAttention), reduced gradients after the backward (no overlap) and
  used sequence parallelism only where the row says so; Narayanan 2021 recomputed every layer (its
  percentages "count recompute"); NeMo 24.12 runs FlashAttention with overlapped DP traffic;
* the server is the catalog's DGX with the row's GPU (Selene is a DGX A100 SuperPOD with 8 HDR
  HCAs per node, Narayanan et al. 2021, §5; NeMo's H100 results come from DGX H100 systems);
* the compared metric is the row's: hardware TFLOP/s when the published figure counts recompute,
  model TFLOP/s otherwise, or MFU.
"""

from __future__ import annotations

import csv
import dataclasses
import re
import statistics
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from planner_gui.engine.training.comm import CommModel
from planner_gui.engine.training.fabric import comm_for_server
from planner_gui.engine.training.gpu import GpuFacts, gpu_facts_from_catalog
from planner_gui.engine.training.shape import ModelShape, find_preset
from planner_gui.engine.training.step import StepOptions, TrainingEstimate, estimate_training
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.model.settings import Precision, Recompute, Workload

DEFAULT_HEAD_SIZE = 128  # GPT-3 head size for its large models (Brown et al. 2020 Table 2.1)
DEFAULT_VOCAB = 51200  # Megatron's padded GPT-2 BPE vocabulary (the Megatron/Korthikanti rows)
PERCENT = 100.0
# Per-source software (see the module docstring): (source prefix, options, recompute or None).
LEGACY_MEGATRON = StepOptions(sequence_parallel=False, flash_attention=False, dp_overlap=False)
SOURCE_SOFTWARE: tuple[tuple[str, StepOptions], ...] = (
    ("Narayanan et al. 2021", LEGACY_MEGATRON),
    ("Korthikanti et al. 2022", StepOptions(sequence_parallel=None, flash_attention=False, dp_overlap=False)),
    ("NVIDIA NeMo", StepOptions(flash_attention=True, dp_overlap=True)),
)


class UnmappableRow(ValueError):
    """A CSV row that does not say enough to build a workload (the reason is the message)."""


@dataclass(frozen=True)
class CalibrationCase:
    row_id: str
    model: str
    workload: Workload
    shape: ModelShape
    gpu: GpuFacts
    server_id: str
    gpus_per_node: int
    comm: CommModel
    options: StepOptions
    metric: str  # "hardware_tflops", "model_tflops", "mfu_pct" or "tokens_per_gpu" (tokens/s per GPU)
    published: float


@dataclass(frozen=True, slots=True)
class CalibrationResult:
    row_id: str
    model: str
    metric: str
    published: float
    predicted: float
    estimate: TrainingEstimate

    @property
    def error(self) -> float:
        """Signed relative error, predicted / published − 1."""
        return self.predicted / self.published - 1


def load_rows(path: Path) -> list[dict[str, str]]:
    """The rows of a training_calibration.csv (the repository keeps one in benchmarks/data/)."""
    if not path.exists():
        raise FileNotFoundError(f"calibration data {path} not found; pass the path to training_calibration.csv")
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _int(row: dict[str, str], name: str, default: int | None = None) -> int | None:
    text = (row.get(name) or "").strip()
    return int(float(text)) if text else default


def map_row(row: dict[str, str], catalog: Any,
            comm_factory: Callable[[Any, str, int], CommModel] = comm_for_server) -> CalibrationCase:
    """The workload, hardware and metric of one row, or :class:`UnmappableRow` saying what is missing."""
    tp, pp, dp = _int(row, "tp"), _int(row, "pp"), _int(row, "dp")
    batch, gpus = _int(row, "global_batch_seqs"), _int(row, "gpu_count")
    if None in (tp, pp, dp, batch, gpus):  # an abstract's headline figure: no configuration to run
        raise UnmappableRow(f"row {row['id']}: the source publishes no parallel layout or batch")
    shape = _shape(row)
    options, recompute = _software(row)
    precision = _precision(row)
    workload = Workload(
        model_name=row["model"], layers=shape.layers, hidden=shape.hidden, heads=shape.heads,
        kv_heads=shape.kv_heads, ffn_hidden=shape.ffn_hidden, vocab=shape.vocab, seq_len=shape.seq_len,
        global_batch=batch, micro_batch=_int(row, "micro_batch", 1), precision=precision, tp=tp, pp=pp,
        dp=dp, vpp=_int(row, "vpp", 1), zero_stage=1, recompute=recompute, cp=_int(row, "cp", 1),
    )
    server_id = _server_for(catalog, row["gpu_type"])
    gpu = gpu_facts_from_catalog(catalog, server_id)
    metric, published = _metric(row)
    per_node = int(catalog.require(server_id, "server")["gpu_count"])
    return CalibrationCase(row["id"], row["model"], workload, shape, gpu, server_id, per_node,
                           comm_factory(catalog, server_id, gpus), options, metric, published)


def _shape(row: dict[str, str]) -> ModelShape:
    preset = find_preset(row["model"])
    base = preset.shape if preset else None
    layers = _int(row, "layers") or (base.layers if base else None)
    hidden = _int(row, "hidden") or (base.hidden if base else None)
    if layers is None or hidden is None:
        raise UnmappableRow(f"row {row['id']}: layers/hidden missing and no preset named {row['model']!r}")
    same = base is not None and base.hidden == hidden
    heads = _int(row, "heads") or (base.heads if same else hidden // DEFAULT_HEAD_SIZE)
    return ModelShape(
        layers=layers, hidden=hidden, heads=heads, kv_heads=base.kv_heads if same else heads,
        ffn_hidden=base.ffn_hidden if same else 4 * hidden,
        vocab=_int(row, "vocab") or (base.vocab if base else DEFAULT_VOCAB),
        seq_len=_int(row, "seq_len") or (base.seq_len if base else 0),
        gated_mlp=base.gated_mlp if same else False,
        rms_norm=base.rms_norm if same else False, rotary=base.rotary if same else False,
    )


def _software(row: dict[str, str]) -> tuple[StepOptions, Recompute]:
    notes = row.get("parallel_notes", "").lower()
    options = next((o for prefix, o in SOURCE_SOFTWARE if row.get("source", "").startswith(prefix)), StepOptions())
    if "no sp" in notes:
        options = dataclasses.replace(options, sequence_parallel=False)
    if "full" in notes or "counts recompute" in row.get("derived_or_inferred", ""):
        return options, Recompute.FULL
    if "selective" in notes:
        return options, Recompute.SELECTIVE
    return options, Recompute.NONE


def _precision(row: dict[str, str]) -> Precision:
    text = row.get("precision", "").lower()
    if "fp8" in text:
        return Precision.FP8
    return Precision.BF16 if "bf16" in text else Precision.FP16


def _metric(row: dict[str, str]) -> tuple[str, float]:
    if row.get("tflops_per_gpu"):
        counts_recompute = "counts recompute" in row.get("derived_or_inferred", "")
        return ("hardware_tflops" if counts_recompute else "model_tflops"), float(row["tflops_per_gpu"])
    if row.get("mfu_pct"):
        return "mfu_pct", float(row["mfu_pct"])
    raise UnmappableRow(f"row {row['id']}: no TFLOP/s or MFU to compare with")


def _server_for(catalog: Any, gpu_type: str) -> str:
    """The catalog DGX (else any server) whose GPU matches the row's GPU type, e.g. 'A100-80GB'."""
    match = re.search(r"([A-Z]\d{2,3})", gpu_type)
    if not match:
        raise UnmappableRow(f"GPU type {gpu_type!r} names no GPU model")
    family = match.group(1).lower()
    memory = re.search(r"(\d+)\s*GB", gpu_type)
    servers = [e for e in catalog.of_kind("server") if family in e["gpu_id"]]
    if memory:
        servers = [e for e in servers if f"{memory.group(1)}gb" in e["gpu_id"]] or servers
    servers.sort(key=lambda e: (not e.id.startswith("dgx"), e.id))
    if not servers:
        raise UnmappableRow(f"no catalog server carries a {family.upper()} GPU")
    return servers[0].id


def predict(case: CalibrationCase) -> CalibrationResult:
    est = estimate_training(case.workload, case.gpu, case.comm, shape=case.shape,
                            gpus_per_node=case.gpus_per_node, options=case.options)
    value = {"hardware_tflops": est.tflops_per_gpu_hardware, "model_tflops": est.tflops_per_gpu_model,
             "mfu_pct": est.mfu * PERCENT, "tokens_per_gpu": est.tokens_per_s / est.gpus}[case.metric]
    return CalibrationResult(case.row_id, case.model, case.metric, case.published, value, est)


def calibrate(rows: Iterable[dict[str, str]], catalog: Any,
              comm_factory: Callable[[Any, str, int], CommModel] = comm_for_server,
              ) -> tuple[list[CalibrationResult], list[str]]:
    """Predictions for every mappable row, and the reasons the other rows were skipped."""
    results, skipped = [], []
    for row in rows:
        try:
            results.append(predict(map_row(row, catalog, comm_factory)))
        except UnmappableRow as reason:
            skipped.append(str(reason))
        except (ValueError, KeyError) as problem:  # a row whose numbers contradict each other
            skipped.append(f"row {row.get('id', '?')}: {problem}")
    return results, skipped


def error_summary(results: list[CalibrationResult]) -> tuple[float, float]:
    """(median, worst) absolute relative error."""
    if not results:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "no calibration results to summarise").fill())
    errors = [abs(r.error) for r in results]
    return statistics.median(errors), max(errors)
