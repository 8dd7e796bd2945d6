"""The inverse question: which cluster trains a model on a token budget by a deadline, or within a budget.

Candidates are built, not assumed: for every GPU server of the catalog (or those asked for) and every
fabric (the server's default compute NIC, or the NICs asked for), the template generator
(templates/generator.py) builds designs of doubling size — 1, 2, 4, … servers, or whole NVLink domains
(18 trays of an NVL72 rack) for rack-scale servers. Each design is analysed as a user's would be: its
best layout comes from the layout search on the design (:func:`.design_plan.plan_design`: the collective
model of its fabric as generated), its cost from the cost engine (engine/cost/tco.py ``cost_report``)
over the months the training takes, billed in whole months as that model bills.

Per server and fabric one size is kept. With a deadline it is the smallest that meets it (a bigger one
only costs more: hardware, rent and cloud bills all grow with the GPUs); with only a budget it is the
fastest whose cost stays within it (the largest within it, or a smaller one when that is faster).
Sizes the vectorised bounds already rule out are never built: fewer
GPUs than the model states need (``plan_bounds``'s memory bound) or a compute lower bound past the
deadline. ``binds`` says what fixed the size: ``memory`` (half the size cannot hold the model),
``batch`` (no layout divides the global batch at half the size), ``deadline`` (half the size is too
slow), ``budget`` (twice the size costs too much), ``size`` (the search's node limit), ``speed``
(twice the size would be slower: communication outgrows the batch) or ``none``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from planner_gui.engine.analysis import analyze_design
from planner_gui.engine.cost.tco import cost_report
from planner_gui.engine.facility.energy import HOURS_PER_MONTH
from planner_gui.engine.planning.design_plan import plan_design
from planner_gui.engine.planning.request import ClusterRequest
from planner_gui.engine.sections.training import error_message
from planner_gui.engine.training import gpu_facts_from_catalog
from planner_gui.engine.training.planner import PlanEntry, plan_bounds
from planner_gui.model import Design
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.model.settings import MAX_PROJECT_MONTHS, CostSettings, Currency
from planner_gui.templates import TemplateError, TemplateSpec
from planner_gui.templates.generator import generate_design

SECONDS_PER_DAY = 86_400
DAYS_PER_MONTH = HOURS_PER_MONTH / 24  # 30.4 days: the cost model's month (facility/energy.py)
FLOOR_SLACK = 0.999  # the cost engine rounds each bill to whole units; the floor stays below it
BINDS = ("memory", "batch", "deadline", "budget", "size", "speed", "none")
Progress = Callable[[int, int, str], None]  # (server-fabric pairs done, pairs in all, what is being built)
Stop = Callable[[], bool]  # True once the caller no longer wants the result (the GUI's Cancel)


class SearchCancelled(Exception):
    """The caller's ``stop`` said so between two designs: the search ends without a result."""


@dataclass(frozen=True, slots=True)
class ClusterCandidate:
    """One design of the search with its best layout, time and cost to train."""

    server_id: str
    nic_id: str
    topology: str
    nodes: int  # GPU servers (trays of a rack-scale system)
    gpus: int
    entry: PlanEntry
    days: float
    months: int  # billed: whole months, as the cost model bills
    costs: Mapping[str, float]  # "buy" (up front + running), "rent", "cloud" when priced: cost to train
    upfront: float  # buying: hardware and installation before the first step
    binds: str  # one of BINDS
    name: str  # the generated design's name
    unpriced: tuple[str, ...] = ()  # catalog parts without a price (left out of the buy cost)
    pay: str = "buy"

    @property
    def cost(self) -> float:
        return self.costs[self.pay]

    def to_json(self) -> dict[str, Any]:
        entry = self.entry.to_json()
        return {"server": self.server_id, "nic": self.nic_id, "topology": self.topology, "nodes": self.nodes,
                "gpus": self.gpus, "days_to_train": self.days, "billed_months": self.months, "pay": self.pay,
                "cost": self.cost, "costs": dict(self.costs), "buy_upfront": self.upfront, "binds": self.binds,
                "unpriced": list(self.unpriced), "layout": entry["layout"], "step_time_s": entry["step_time_s"],
                "mfu": entry["mfu"], "memory_per_gpu_gb": entry["memory_per_gpu_gb"],
                "tokens_per_s": entry["tokens_per_s"]}


@dataclass(frozen=True, slots=True)
class ClusterPlan:
    candidates: tuple[ClusterCandidate, ...]  # feasible, best first (cheapest with a deadline, else fastest)
    built: int  # designs generated and analysed
    reason: str  # "" when a candidate is feasible; else why none is and what would make one (a Text)
    notes: tuple[str, ...] = field(default=())  # server-fabric pairs left out and why

    def to_json(self) -> list[dict[str, Any]]:
        return [c.to_json() for c in self.candidates]


@dataclass(slots=True)
class _Pair:
    """The search over sizes for one server and fabric: what it found and why it stopped."""

    server_id: str
    nic_id: str | None
    chosen: ClusterCandidate | None = None
    last: str = "none"  # why the size below the current one was rejected
    fastest_days: float = math.inf  # best time of a design built
    fastest_nodes: int = 0
    bound_days: float = math.inf  # best lower bound of a size never built
    bound_nodes: int = 0
    cheapest: float = math.inf  # lowest cost seen of a size that met every time constraint
    cheapest_nodes: int = 0
    cheapest_floor: bool = False  # the cheapest is a lower bound (never built: its floor is over the budget)

    def offer(self, cost: float, nodes: int, floor: bool = False) -> None:
        if cost < self.cheapest:
            self.cheapest, self.cheapest_nodes, self.cheapest_floor = cost, nodes, floor


def plan_clusters(catalog: Any, request: ClusterRequest, progress: Progress | None = None,
                  stop: Stop | None = None) -> ClusterPlan:
    """Candidate designs for ``request`` ranked best first (module docstring); ValueError on bad input.

    ``stop`` is asked before every design is built (each takes up to a second); when it returns True the
    search raises :class:`SearchCancelled`."""
    request.check(catalog)
    pairs = [_Pair(s, n) for s in request.server_ids(catalog) for n in request.nic_ids(catalog, s)]
    built, notes = 0, []
    for index, pair in enumerate(pairs):
        if progress is not None:
            progress(index, len(pairs), pair.server_id)
        try:
            built += _search_pair(catalog, request, pair, stop)
        except (TemplateError, ValueError, KeyError, ArithmeticError) as error:  # this server only: say why
            notes.append(QT_TRANSLATE_NOOP("Engine", "{server}: {reason}").fill(server=pair.server_id,
                                                                             reason=error_message(error)))
    if progress is not None:
        progress(len(pairs), len(pairs), "done")
    found = [p.chosen for p in pairs if p.chosen is not None]
    key = (lambda c: (c.cost, c.days)) if request.deadline_days is not None else (lambda c: (c.days, c.cost))
    found.sort(key=key)
    return ClusterPlan(tuple(found), built, "" if found else _why_none(request, pairs), tuple(notes))


def _search_pair(catalog: Any, request: ClusterRequest, pair: _Pair, stop: Stop | None) -> int:
    """Walk the sizes of one server and fabric; returns how many designs were built."""
    walk = _Walk(catalog, request, pair, stop)
    return walk.deadline() if request.deadline_days is not None else walk.budget()


class _Walk:
    """The sizes of one server and fabric, their bounds, and the designs built for them."""

    def __init__(self, catalog: Any, request: ClusterRequest, pair: _Pair, stop: Stop | None = None) -> None:
        self.catalog, self.request, self.pair, self.stop = catalog, request, pair, stop
        server = catalog.require(pair.server_id, "server")
        self.per_server = int(server["gpu_count"])
        first = _first_size(catalog, pair.server_id)
        self.sizes = [first * 2**k for k in range(64) if first * 2**k <= request.max_nodes]
        self.gpu = gpu_facts_from_catalog(catalog, pair.server_id)
        # tp never exceeds the NVLink domain; the bound lets it reach the space's largest tp (still a lower bound)
        self.bound_node = max(self.per_server * first, max(request.space.tp))
        self.steps = request.train_tokens / (request.global_batch * request.shape.seq_len)
        self.floor = _cost_floor(catalog, request, server)
        self.built = 0

    def days_bound(self, nodes: int) -> tuple[float, str]:
        """(lower bound on the days to train, "" or why no layout can run at this size)."""
        r = self.request
        bounds = plan_bounds(r.shape, nodes * self.per_server, self.bound_node, r.global_batch, r.precision,
                             self.gpu, r.space)
        if bounds.memory_fits == 0:
            return math.inf, "memory" if bounds.consistent else "batch"
        days = self.steps * bounds.step_lower_bound_s / SECONDS_PER_DAY
        p = self.pair
        p.bound_days, p.bound_nodes = min((p.bound_days, p.bound_nodes), (days, nodes))
        return days, ""

    def build(self, nodes: int) -> ClusterCandidate | None:
        if self.stop is not None and self.stop():
            raise SearchCancelled
        self.built += 1
        candidate = _build(self.catalog, self.request, self.pair, nodes)
        if candidate is not None:
            p = self.pair
            p.fastest_days, p.fastest_nodes = min((p.fastest_days, p.fastest_nodes), (candidate.days, nodes))
        return candidate

    def deadline(self) -> int:
        """Upward from the smallest size: the first that fits and meets the deadline (the cheapest)."""
        r, p = self.request, self.pair
        deadline = r.deadline_days or math.inf
        for nodes in self.sizes:
            days, refused = self.days_bound(nodes)
            if refused or days > deadline:
                p.last = refused or "deadline"
                continue
            if r.budget is not None and self.floor(nodes, days) > r.budget:
                p.offer(self.floor(nodes, days), nodes, floor=True)
                break  # bigger clusters cost more still
            candidate = self.build(nodes)
            if candidate is None or candidate.days > deadline:
                p.last = "memory" if candidate is None else "deadline"
                continue
            p.offer(candidate.cost, nodes)
            if r.budget is None or candidate.cost <= r.budget:
                p.chosen = candidate
            break
        return self.built

    def budget(self) -> int:
        """Downward from the largest size whose cost floor fits the budget: the first within it, then
        smaller sizes while they are faster still (past the batch's data-parallel room a bigger cluster
        only adds communication)."""
        r, p = self.request, self.pair
        budget = r.budget if r.budget is not None else math.inf
        usable = []
        for nodes in self.sizes:
            days, refused = self.days_bound(nodes)
            if refused:
                continue
            if self.floor(nodes, days) > budget:
                p.offer(self.floor(nodes, days), nodes, floor=True)
                break
            usable.append(nodes)
        bind = "size" if usable and usable[-1] == self.sizes[-1] else "budget"
        for index in range(len(usable) - 1, -1, -1):
            candidate = self.build(usable[index])
            if candidate is None:
                continue
            p.offer(candidate.cost, usable[index])
            if candidate.cost <= budget:
                p.chosen = dataclasses.replace(candidate, binds=bind)
                self._faster_below(usable[:index])
                break
            bind = "budget"
        return self.built


    def _faster_below(self, smaller: list[int]) -> None:
        """Halve the chosen size while the smaller cluster trains faster (binds: speed)."""
        p = self.pair
        for nodes in reversed(smaller):
            candidate = self.build(nodes)
            if candidate is None or p.chosen is None or candidate.days >= p.chosen.days:
                return
            p.chosen = dataclasses.replace(candidate, binds="speed")


def _cost_floor(catalog: Any, request: ClusterRequest, server: Any) -> Callable[[int, float], float]:
    """A lower bound on the cost engine's total for ``nodes`` servers training ``days`` (lower-bound) days:
    buying pays at least the servers' catalog price plus installation; renting and the cloud at least the
    GPU-months at the compute bound, in whole months. Only used to skip sizes that cannot fit a budget."""
    rate = CostSettings().cny_per_usd if request.currency == str(Currency.CNY) else 1.0
    price = float(server.get("price_usd") or 0.0) * rate * (1.0 + CostSettings().installation_fraction)
    gpus_each = int(server["gpu_count"])

    def floor(nodes: int, days: float) -> float:
        months = max(1, math.ceil(days / DAYS_PER_MONTH))
        if request.pay == "rent":
            amount = nodes * gpus_each * (request.rent_per_gpu_month or 0.0) * months
        elif request.pay == "cloud":
            amount = nodes * gpus_each * (request.cloud_per_gpu_hour or 0.0) * HOURS_PER_MONTH * months
        else:
            amount = nodes * price
        return amount * FLOOR_SLACK

    return floor


def _build(catalog: Any, request: ClusterRequest, pair: _Pair, nodes: int) -> ClusterCandidate | None:
    """Generate the design, find its best layout, and cost the training on it."""
    spec = TemplateSpec(pair.server_id, nodes, nic_id=pair.nic_id, topology=request.topology)
    design = generate_design(catalog, spec)
    design.meta = dataclasses.replace(design.meta, currency=Currency(request.currency))
    design.cost = _cost_settings(request, 1)
    analysis = analyze_design(design, catalog)
    plan = plan_design(design, catalog, request.shape, request.global_batch, request.precision,
                       options=request.options, space=request.space, top=1, train_tokens=request.train_tokens,
                       analysis=analysis)
    if not plan.result.entries:
        return None
    entry = plan.result.entries[0]
    days = entry.estimate.days_to_train
    months = max(1, math.ceil(days / DAYS_PER_MONTH))
    if months > MAX_PROJECT_MONTHS:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "{nodes} x {server} would train for {days:,.0f} days, beyond "
                                                     "the cost model's {most} months").fill(
            nodes=nodes, server=pair.server_id, days=days, most=MAX_PROJECT_MONTHS))
    costs, upfront, unpriced = _costs(design, catalog, request, months, analysis)
    last = "none" if nodes == _first_size(catalog, pair.server_id) else pair.last
    nic = pair.nic_id or str(catalog.require(pair.server_id, "server")["default_nic_id"])
    return ClusterCandidate(pair.server_id, nic, request.topology, nodes, plan.gpus, entry, days, months, costs,
                            upfront, last, design.meta.name, unpriced, request.pay)


def _first_size(catalog: Any, server_id: str) -> int:
    server = catalog.require(server_id, "server")
    return max(1, int(server.get("nvlink_domain_gpus") or server["gpu_count"]) // int(server["gpu_count"]))


def _cost_settings(request: ClusterRequest, months: int) -> CostSettings:
    return CostSettings(project_months=months, rent_per_gpu_month=request.rent_per_gpu_month,
                        cloud_per_gpu_hour=request.cloud_per_gpu_hour)


def _costs(design: Design, catalog: Any, request: ClusterRequest, months: int, analysis: Any
           ) -> tuple[dict[str, float], float, tuple[str, ...]]:
    design.cost = _cost_settings(request, months)
    report = cost_report(design, catalog, analysis.power, analysis.facility, analysis.bom)
    costs = {name: option.total for name, option in report.options.items()}
    return costs, report.options["buy"].upfront, tuple(report.unpriced.get(request.pay, ()))


def _why_none(request: ClusterRequest, pairs: list[_Pair]) -> str:
    """One line: which constraint no candidate met, the closest one, and what would make it feasible."""
    model = request.model_name
    if not pairs:
        return QT_TRANSLATE_NOOP("Engine", "no GPU server to search; name catalog servers with --servers").fill()
    if request.deadline_days is not None and all(p.cheapest == math.inf for p in pairs):
        built = [p for p in pairs if p.fastest_days < math.inf]
        if built:
            best = min(built, key=lambda p: p.fastest_days)
            return QT_TRANSLATE_NOOP("Engine", "no design up to {max} servers trains {model} in {deadline:g} days: "
                                               "the fastest, {nodes} x {server}, needs {days:,.1f} days; allow "
                                               "{days:,.1f} days, lower the tokens or raise --max-nodes").fill(
                max=request.max_nodes, model=model, deadline=request.deadline_days, nodes=best.fastest_nodes,
                server=best.server_id, days=best.fastest_days)
        bounded = [p for p in pairs if p.bound_days < math.inf]
        if not bounded:
            return _no_fit(request)
        best = min(bounded, key=lambda p: p.bound_days)
        return QT_TRANSLATE_NOOP("Engine", "no design up to {max} servers trains {model} in {deadline:g} days: the "
                                           "fastest, {nodes} x {server}, needs at least {days:,.1f} days; allow "
                                           "that, lower the tokens or raise --max-nodes").fill(
            max=request.max_nodes, model=model, deadline=request.deadline_days, nodes=best.bound_nodes,
            server=best.server_id, days=best.bound_days)
    priced = [p for p in pairs if p.cheapest < math.inf]
    if not priced:
        return _no_fit(request)
    best = min(priced, key=lambda p: p.cheapest)
    if best.cheapest_floor:
        return QT_TRANSLATE_NOOP("Engine", "no design fits the budget of {budget:,.0f} {currency}: the cheapest that "
                                           "could train {model} in time, {nodes} x {server}, costs at least "
                                           "{cost:,.0f}; raise the budget above that or relax the deadline").fill(
            budget=request.budget or 0.0, currency=request.currency, model=model, nodes=best.cheapest_nodes,
            server=best.server_id, cost=best.cheapest)
    return QT_TRANSLATE_NOOP("Engine", "no design fits the budget of {budget:,.0f} {currency}: the cheapest that "
                                       "trains {model}, {nodes} x {server}, costs {cost:,.0f}; raise the budget to "
                                       "{cost:,.0f} or relax the deadline").fill(
        budget=request.budget or 0.0, currency=request.currency, model=model, nodes=best.cheapest_nodes,
        server=best.server_id, cost=best.cheapest)


def _no_fit(request: ClusterRequest) -> str:
    return QT_TRANSLATE_NOOP("Engine", "{model} fits no layout on any searched design up to {nodes} servers (GPU "
                                       "memory, or a global batch of {batch} too small to split); raise --max-nodes "
                                       "or the global batch").fill(model=request.model_name,
                                                                   nodes=request.max_nodes,
                                                                   batch=request.global_batch)
