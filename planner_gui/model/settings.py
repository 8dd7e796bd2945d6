"""Design-wide settings: metadata, fabric behaviour, the training workload and costs."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Currency(StrEnum):
    CNY = "CNY"
    USD = "USD"


class Precision(StrEnum):
    BF16 = "bf16"
    FP16 = "fp16"
    FP8 = "fp8"


class Recompute(StrEnum):
    NONE = "none"
    SELECTIVE = "selective"
    FULL = "full"


@dataclass(slots=True)
class DesignMeta:
    name: str = "Untitled design"
    customer: str = ""
    author: str = ""
    created: str = ""  # ISO 8601 timestamps, UTC
    modified: str = ""
    notes: str = ""
    currency: Currency = Currency.CNY


@dataclass(slots=True)
class FabricSettings:
    gpudirect_rdma: bool = True
    sharp: bool = False  # in-network reduction (SHARP / CollNet) available
    adaptive_routing: bool = False
    congestion_control: bool = True  # RoCE: ECN/DCQCN (PFC) configured
    nccl_version: str = "2.21"
    nccl_env: dict[str, str] = field(default_factory=dict)  # what the team plans to set


@dataclass(slots=True)
class Workload:
    model_name: str = "custom"
    layers: int = 32
    hidden: int = 4096
    heads: int = 32
    kv_heads: int | None = None
    ffn_hidden: int | None = None  # None: 4 x hidden
    gated_mlp: bool = False  # SwiGLU-style MLP (three weight matrices), as in LLaMA
    tied_embeddings: bool = False  # input and output embeddings share weights
    vocab: int = 32000
    seq_len: int = 4096
    global_batch: int = 1024  # sequences per step
    micro_batch: int = 1
    precision: Precision = Precision.BF16
    tp: int = 1
    pp: int = 1
    dp: int = 1
    ep: int = 1
    cp: int = 1  # context parallelism
    vpp: int = 1
    zero_stage: int = 1
    recompute: Recompute = Recompute.SELECTIVE
    moe_experts: int = 0
    moe_topk: int = 0
    # MoE routing load (docs/models/training.md, "MoE routing load"): with a capacity factor (Megatron-Core
    # --moe-expert-capacity-factor with --moe-pad-expert-input-to-capacity; GShard, Switch Transformer)
    # every expert is padded to factor x its balanced share of tokens; dropless routing (None, Megatron-Core's
    # default) runs at the busiest expert rank's load over the balanced share, ``moe_imbalance`` (1: balanced).
    moe_capacity_factor: float | None = None
    moe_imbalance: float = 1.0
    train_tokens: float = 1.0e12


@dataclass(slots=True)
class CostSettings:
    """Prices are in the design's currency unless a name says otherwise."""

    cny_per_usd: float = 7.2
    project_months: int = 12
    rent_per_gpu_month: float | None = None
    rent_per_server_month: dict[str, float] = field(default_factory=dict)  # catalog id -> price
    annual_prepay_discount: float = 0.0  # fraction, e.g. 0.15
    cloud_per_gpu_hour: float | None = None
    switch_rent_month: dict[str, float] = field(default_factory=dict)  # catalog id -> price
    buy_price: dict[str, float] = field(default_factory=dict)  # catalog id -> unit price override
    installation_fraction: float = 0.05  # of hardware price
    electricity_per_kwh: float = 0.8
    pue: float | None = None  # None: the figure for the racks' cooling type
    space_per_rack_month: float = 0.0
    # Quote terms (schema 3). Ranges: COST_RANGES below; checks: model/cost_limits.py.
    tax_rate: float = 0.0  # VAT or sales tax, e.g. 0.13; 0: no tax line
    prices_include_tax: bool = False  # True: every price above already includes the tax (含税)
    quote_valid_until: str = ""  # ISO date the prices are valid until ("": not stated)
    support_rate_per_year: float = 0.0  # support and extended warranty: fraction of hardware a year
    warranty_years: int = 3  # hardware warranty included in the prices


# The ranges the cost model computes with (engine/cost), the file format accepts (io/limits.py) and the
# inspector offers (document/properties.py): one table, so a value that saves is also one that prices.
MAX_PROJECT_MONTHS = 240  # 20 years: well past any hardware lifetime; larger values are typing mistakes
MAX_PRICE = 1e12  # any price or rent, in the design's currency: a trillion is beyond any cluster
COST_RANGES: dict[str, tuple[float, float]] = {  # inclusive (low, high) per CostSettings field
    "cny_per_usd": (0.01, 1000.0),  # any real exchange rate; 0 would divide by zero
    "project_months": (1, MAX_PROJECT_MONTHS),
    "rent_per_gpu_month": (0.0, MAX_PRICE),
    "price_maps": (0.0, MAX_PRICE),  # rent_per_server_month, switch_rent_month, buy_price values
    "annual_prepay_discount": (0.0, 0.95),  # a fraction of the rent; 95 % off is already no rent
    "cloud_per_gpu_hour": (0.0, MAX_PRICE),
    "installation_fraction": (0.0, 1.0),  # a fraction of the hardware price
    "electricity_per_kwh": (0.0, 100.0),
    "pue": (1.0, 3.0),  # catalog/schema.py cooling "pue" range
    "space_per_rack_month": (0.0, MAX_PRICE),
    "tax_rate": (0.0, 0.5),  # VAT / sales tax as a fraction: China's VAT on equipment is 13 %
    "support_rate_per_year": (0.0, 1.0),  # support and extended warranty, a fraction of hardware a year
    "warranty_years": (0, 10),  # hardware warranty included in the prices
}
