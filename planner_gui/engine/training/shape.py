"""The transformer's shape, its parameter counts and a few published model shapes.

The workload in :mod:`planner_gui.model.settings` names the shape in user terms; this module turns
it into a frozen :class:`ModelShape` with every default resolved, so the FLOP, memory and step models
share one interpretation. Parameter counts follow Megatron-LM's ``theoretical_memory_usage.py``
(Megatron-LM theoretical_memory_usage.py); biases are ignored (Megatron's large models train without them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.model.settings import Workload

FFN_MULTIPLE = 4  # f = 4h when the workload leaves ffn_hidden empty (GPT-3, Brown et al. 2020)
NORMS_PER_LAYER = 2  # two LayerNorm/RMSNorm per transformer layer (Megatron-LM theoretical_memory_usage.py)
MLP_MATRICES_PLAIN = 2  # up + down projection (GeLU MLP)
MAX_MOE_LOAD, MAX_MOE_IMBALANCE = 16.0, 64.0  # as io/limits.py FILE_BOUNDS (the engine sits beside io)
MLP_MATRICES_GATED = 3  # gate + up + down (SwiGLU, Shazeer 2020; γ = 3/2 in Megatron-LM's FLOP count)


@dataclass(frozen=True, slots=True)
class ModelShape:
    """A decoder-only transformer. ``ffn_hidden`` is per expert when ``moe_experts`` > 0."""

    layers: int
    hidden: int
    heads: int
    kv_heads: int
    ffn_hidden: int
    vocab: int
    seq_len: int
    moe_experts: int = 0
    moe_topk: int = 0
    moe_capacity_factor: float | None = None  # None: dropless routing (Workload.moe_capacity_factor)
    moe_imbalance: float = 1.0  # dropless: the busiest expert rank's tokens over the balanced share
    gated_mlp: bool = False
    tied_embeddings: bool = False
    rms_norm: bool = False  # RMSNorm (Llama) rather than LayerNorm: unfused, it is a chain of fp32 kernels
    rotary: bool = False  # rotary position embeddings on Q and K (Llama, Nemotron)

    @property
    def kv_hidden(self) -> int:
        """Width of K (and of V): kv_heads × head size."""
        return self.kv_heads * self.hidden // self.heads

    @property
    def mlp_matrices(self) -> int:
        return MLP_MATRICES_GATED if self.gated_mlp else MLP_MATRICES_PLAIN

    @property
    def is_moe(self) -> bool:
        return self.moe_experts > 0

    @property
    def experts_stored(self) -> int:
        """Expert MLPs per layer held in memory (1 for a dense model)."""
        return self.moe_experts if self.is_moe else 1

    @property
    def experts_active(self) -> int:
        """Expert MLPs each token passes through (top-k; 1 for a dense model)."""
        return self.moe_topk if self.is_moe else 1

    @property
    def moe_load(self) -> float:
        """Tokens the busiest expert rank processes over its balanced share (1 for a dense model): the
        capacity factor when experts are padded to capacity (every rank then runs exactly that), else the
        dropless router's imbalance. Every EP rank waits for the busiest at the combine all-to-all, so the
        expert GEMMs, their element-wise work and activations, and the all-to-all volume scale with it."""
        if not self.is_moe:
            return 1.0
        return self.moe_capacity_factor if self.moe_capacity_factor is not None else self.moe_imbalance

    @property
    def experts_busiest(self) -> float:
        """Expert MLPs' worth of tokens on the busiest rank per token of its batch: top-k × the routing load."""
        return self.experts_active * self.moe_load

    # ----- parameter counts ---------------------------------------------------------------
    @property
    def attention_params(self) -> int:
        """Q, K, V and output projections of one layer, plus its two norms."""
        h = self.hidden
        return h * (h + 2 * self.kv_hidden) + h * h + NORMS_PER_LAYER * h

    @property
    def expert_params(self) -> int:
        """One expert's (or the dense) MLP of one layer."""
        return self.mlp_matrices * self.hidden * self.ffn_hidden

    @property
    def router_params(self) -> int:
        return self.hidden * self.moe_experts if self.is_moe else 0

    @property
    def layer_params(self) -> int:
        """Everything one layer stores (all experts)."""
        return self.attention_params + self.experts_stored * self.expert_params + self.router_params

    @property
    def embedding_params(self) -> int:
        """Input embedding plus output layer (one matrix when tied)."""
        copies = 1 if self.tied_embeddings else 2
        return copies * self.vocab * self.hidden

    @property
    def total_params(self) -> int:
        return self.layers * self.layer_params + self.embedding_params

def shape_from_workload(workload: Workload) -> ModelShape:
    """The workload's shape with defaults filled in (f = 4h, K/V heads = heads, plain MLP).

    ``gated_mlp`` and ``tied_embeddings`` are read when the workload has them; ``Workload`` does not
    carry them yet, so a SwiGLU model is counted as a GeLU MLP of the same ``ffn_hidden``.
    """
    _require_positive(workload, ("layers", "hidden", "heads", "vocab", "seq_len"))
    if workload.hidden % workload.heads:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "hidden {hidden} is not divisible by heads {heads}; change heads "
                                                     "so that hidden / heads is a whole head size").fill(
            hidden=workload.hidden, heads=workload.heads))
    kv_heads = workload.kv_heads or workload.heads
    if kv_heads <= 0 or workload.heads % kv_heads:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "kv_heads {kv_heads} must divide heads {heads}; set kv_heads to "
                                                     "a divisor").fill(kv_heads=kv_heads, heads=workload.heads))
    ffn = workload.ffn_hidden or FFN_MULTIPLE * workload.hidden
    if ffn <= 0:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "ffn_hidden {ffn} must be positive; leave it empty for 4 × "
                                                     "hidden").fill(ffn=ffn))
    if workload.moe_experts < 0 or (workload.moe_experts and not 1 <= workload.moe_topk <= workload.moe_experts):
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "moe_topk {topk} must be between 1 and moe_experts {experts}; "
                                                     "set moe_experts to 0 for a dense model").fill(
            topk=workload.moe_topk, experts=workload.moe_experts))
    check_moe_load(workload.moe_capacity_factor, workload.moe_imbalance)
    return ModelShape(
        layers=workload.layers, hidden=workload.hidden, heads=workload.heads, kv_heads=kv_heads,
        ffn_hidden=ffn, vocab=workload.vocab, seq_len=workload.seq_len,
        moe_experts=workload.moe_experts, moe_topk=workload.moe_topk if workload.moe_experts else 0,
        moe_capacity_factor=workload.moe_capacity_factor, moe_imbalance=workload.moe_imbalance,
        gated_mlp=workload.gated_mlp,
        tied_embeddings=workload.tied_embeddings,
    )


def check_moe_load(factor: object, imbalance: object,
                   names: tuple[str, str] = ("moe_capacity_factor", "moe_imbalance")) -> None:
    """The routing load is 1 or more: a capacity factor below 1 drops most tokens (published runs use 1-2),
    and an imbalance is the busiest rank over the mean (io/limits.py holds the same bounds for files).
    ``names`` are the two settings as the caller's user knows them (the CLI's options)."""
    if factor is not None and not (isinstance(factor, int | float) and 1.0 <= factor <= MAX_MOE_LOAD):
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "{name} {value} must be from 1 to {high:g} (1.25 is common), or "
                                                     "empty for dropless routing").fill(
            name=names[0], value=factor, high=MAX_MOE_LOAD))
    if not (isinstance(imbalance, int | float) and 1.0 <= imbalance <= MAX_MOE_IMBALANCE):
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "{name} {value} must be from 1 (balanced experts) to {high:g}: "
                                                     "the busiest expert rank's tokens over the mean").fill(
            name=names[1], value=imbalance, high=MAX_MOE_IMBALANCE))


def _require_positive(workload: Workload, names: tuple[str, ...]) -> None:
    for name in names:
        value = getattr(workload, name)
        if not isinstance(value, int) or value <= 0:
            raise ValueError(QT_TRANSLATE_NOOP("Engine", "workload {name} is {value!r}; it must be a positive whole "
                                                         "number").fill(name=name, value=value))


# ----- published shapes -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ModelPreset:
    name: str
    shape: ModelShape
    source: str
    aliases: tuple[str, ...] = ()


def _dense(layers: int, hidden: int, heads: int, kv: int, ffn: int, vocab: int, seq: int,
           gated: bool, rms_norm: bool | None = None, rotary: bool = True) -> ModelShape:
    """A dense decoder; Llama-family (gated) shapes use RMSNorm and rotary embeddings (their configs)."""
    return ModelShape(layers, hidden, heads, kv, ffn, vocab, seq, gated_mlp=gated, tied_embeddings=False,
                      rms_norm=gated if rms_norm is None else rms_norm, rotary=rotary)


_HF = "https://huggingface.co/{}/blob/main/config.json"
MODEL_PRESETS: tuple[ModelPreset, ...] = (
    ModelPreset("Llama-2-7B", _dense(32, 4096, 32, 32, 11008, 32000, 4096, True),
                _HF.format("meta-llama/Llama-2-7b-hf"), ("7b",)),
    ModelPreset("Llama-2-13B", _dense(40, 5120, 40, 40, 13824, 32000, 4096, True),
                _HF.format("meta-llama/Llama-2-13b-hf"), ("13b",)),
    ModelPreset("Llama-2-70B", _dense(80, 8192, 64, 8, 28672, 32000, 4096, True),
                _HF.format("meta-llama/Llama-2-70b-hf"), ("70b", "llama2-70b")),
    ModelPreset("Llama-3-8B", _dense(32, 4096, 32, 8, 14336, 128256, 8192, True),
                _HF.format("meta-llama/Meta-Llama-3-8B"), ("llama3-8b",)),
    ModelPreset("Llama-3-70B", _dense(80, 8192, 64, 8, 28672, 128256, 8192, True),
                _HF.format("meta-llama/Meta-Llama-3-70B"), ("llama3-70b",)),
    ModelPreset("Llama-3.1-405B", _dense(126, 16384, 128, 8, 53248, 128256, 8192, True),
                _HF.format("meta-llama/Llama-3.1-405B"), ("405b", "llama3-405b")),
    # CodeLlama-34B: the released Llama-2-architecture 34B (GQA 8, rope), seq 16384.
    ModelPreset("CodeLlama-34B", _dense(48, 8192, 64, 8, 22016, 32000, 16384, True),
                _HF.format("codellama/CodeLlama-34b-hf"), ("34b",)),
    # GPT-3 shape from Brown et al. 2020 Table 2.1; vocab 51200 is Megatron's padded GPT-2 BPE
    # (training_calibration.csv rows C1-C8).
    ModelPreset("GPT-3-175B", _dense(96, 12288, 96, 96, 4 * 12288, 51200, 2048, False, rotary=False),
                "arXiv:2005.14165 Table 2.1; vocab as in training_calibration.csv", ("175b", "gpt3-175b")),
    # Nemotron-4 340B: squared-ReLU (not gated) MLP, GQA with 8 groups, LayerNorm, RoPE (arXiv:2406.11704 §2).
    ModelPreset("Nemotron-4-340B", _dense(96, 18432, 96, 8, 73728, 256000, 4096, False),
                "arXiv:2406.11704 Table 1", ("nemotron-340b", "340b")),
)


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def find_preset(name: str) -> ModelPreset | None:
    """The preset whose name or alias matches ``name`` ignoring case and punctuation."""
    key = _key(name)
    for preset in MODEL_PRESETS:
        if key in {_key(preset.name), *(_key(a) for a in preset.aliases)}:
            return preset
    return None


def workload_for_preset(preset: ModelPreset, **overrides: object) -> Workload:
    """A workload with the preset's shape (parallelism and batch from ``overrides``)."""
    s = preset.shape
    workload = Workload(model_name=preset.name, layers=s.layers, hidden=s.hidden, heads=s.heads,
                        kv_heads=s.kv_heads, ffn_hidden=s.ffn_hidden, vocab=s.vocab, seq_len=s.seq_len)
    for name, value in overrides.items():
        if not hasattr(workload, name):
            raise KeyError(QT_TRANSLATE_NOOP("Engine", "workload has no field {name!r}").fill(name=name))
        setattr(workload, name, value)
    return workload
