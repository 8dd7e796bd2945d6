"""What the cluster search is asked: a model, its tokens, a deadline and/or a budget, and what to build from.

:meth:`ClusterRequest.check` refuses every request the search cannot answer with one line naming the
value and the accepted range (the CLI prints it; the GUI shows it), before anything is built.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from planner_gui.engine.training.planner import DEFAULT_SPACE, PlanSpace
from planner_gui.engine.training.shape import ModelShape
from planner_gui.engine.training.step import DEFAULT_OPTIONS, StepOptions
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.model.settings import MAX_PRICE, MAX_PROJECT_MONTHS, Currency, Precision
from planner_gui.templates.spec import MAX_NODES, TOPOLOGIES

PAY_OPTIONS = ("buy", "rent", "cloud")
DEFAULT_MAX_NODES = 2048  # 16,384 eight-GPU servers' worth of GPUs: a Llama-3-405B-scale run (Meta 2024)
MAX_DEADLINE_DAYS = MAX_PROJECT_MONTHS * 730 / 24  # the cost model's longest project (240 months of 730 h)
MAX_TOKENS = 1e16  # 10 quadrillion tokens: ~700x Llama 3's 15T; more is a typing mistake


@dataclass(frozen=True, slots=True)
class ClusterRequest:
    shape: ModelShape
    global_batch: int
    train_tokens: float
    deadline_days: float | None = None
    budget: float | None = None  # in ``currency``, for the ``pay`` option
    pay: str = "buy"
    servers: tuple[str, ...] = ()  # catalog server ids; (): every GPU server of the catalog
    nics: tuple[str, ...] = ()  # compute NIC ids; (): each server's default
    topology: str = "rail-optimized"
    max_nodes: int = DEFAULT_MAX_NODES
    precision: Precision = Precision.BF16
    rent_per_gpu_month: float | None = None
    cloud_per_gpu_hour: float | None = None
    currency: str = str(Currency.USD)
    model_name: str = "the model"
    options: StepOptions = DEFAULT_OPTIONS
    space: PlanSpace = DEFAULT_SPACE

    def check(self, catalog: object) -> None:
        """ValueError with one line on the first value the search cannot use."""
        if self.deadline_days is None and self.budget is None:
            raise ValueError(QT_TRANSLATE_NOOP("Engine", "give a deadline in days, a budget, or both: the search ranks "
                                                         "designs against them").fill())
        _number("train tokens", self.train_tokens, 1.0, MAX_TOKENS)
        if not isinstance(self.global_batch, int) or self.global_batch < 1:
            raise ValueError(QT_TRANSLATE_NOOP("Engine", "the global batch is {batch!r}; give a whole number of "
                                                         "sequences ≥ 1").fill(batch=self.global_batch))
        if self.deadline_days is not None:
            _number("deadline (days)", self.deadline_days, 1e-3, MAX_DEADLINE_DAYS)
        if self.budget is not None:
            _number("budget", self.budget, 1.0, MAX_PRICE)
        for name, value in (("rent per GPU-month", self.rent_per_gpu_month),
                            ("cloud price per GPU-hour", self.cloud_per_gpu_hour)):
            if value is not None:
                _number(name, value, 0.0, MAX_PRICE)
        self._check_choices(catalog)

    def _check_choices(self, catalog: object) -> None:
        if self.pay not in PAY_OPTIONS:
            raise ValueError(QT_TRANSLATE_NOOP("Engine", "pay {pay!r}: choose one of {choices}").fill(
                pay=self.pay, choices=", ".join(PAY_OPTIONS)))
        if self.pay == "rent" and self.rent_per_gpu_month is None:
            raise ValueError(QT_TRANSLATE_NOOP("Engine", "renting needs a rent price: give the rent per GPU-month"
                                               ).fill())
        if self.pay == "cloud" and self.cloud_per_gpu_hour is None:
            raise ValueError(QT_TRANSLATE_NOOP("Engine", "the cloud option needs a price: give the cloud price per "
                                                         "GPU-hour").fill())
        if not isinstance(self.max_nodes, int) or not 1 <= self.max_nodes <= MAX_NODES:
            raise ValueError(QT_TRANSLATE_NOOP("Engine", "max nodes {nodes!r}: give 1 to {most}").fill(
                nodes=self.max_nodes, most=MAX_NODES))
        if self.topology not in TOPOLOGIES:
            raise ValueError(QT_TRANSLATE_NOOP("Engine", "topology {topology!r}: choose one of {choices}").fill(
                topology=self.topology, choices=", ".join(TOPOLOGIES)))
        for server in self.servers:
            _catalog_id(catalog, server, "server")
        for nic in self.nics:
            _catalog_id(catalog, nic, "nic")

    def server_ids(self, catalog: object) -> list[str]:
        if self.servers:
            return list(self.servers)
        entries = getattr(catalog, "entries", {}).values()
        return sorted(e.id for e in entries if e.kind == "server" and int(e.data.get("gpu_count") or 0) > 0
                      and (self.pay != "buy" or e.data.get("price_usd")))

    def nic_ids(self, catalog: object, server_id: str) -> list[str | None]:
        return list(self.nics) if self.nics else [None]


def _number(name: str, value: object, low: float, high: float) -> None:
    ok = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
    if not ok or not low <= float(value) <= high:  # type: ignore[arg-type]
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "{name} is {value!r}; give a number from {low:g} to {high:g}"
                                           ).fill(name=name, value=value, low=low, high=high))


def _catalog_id(catalog: object, catalog_id: str, kind: str) -> None:
    entry = catalog.get(catalog_id)  # type: ignore[attr-defined]
    if entry is None or entry.kind != kind:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "{id!r} is not a catalog {kind}; see cluster-planner catalog "
                                                     "list").fill(id=catalog_id, kind=kind))
