"""The inverse question: which cluster trains a model on a token budget by a deadline, or within a budget.

Candidates are built, not assumed: for every GPU server of the catalog (or those asked for) and every
fabric (the server's default compute NIC, or the NICs asked for), the template generator
(templates/generator.py) builds designs of doubling size — 1, 2, 4, … servers, or whole NVLink domains
(18 trays of an NVL72 rack) for rack-scale servers — and then, between the two doublings that bracket the
answer, sizes that are whole multiples of the design's scale unit (planning/sizes.py: a binary search, at
most ⌈log2(n + 1)⌉ designs for n sizes). Each design is analysed as a user's would be: its best layout
comes from the layout search on the design (:func:`.design_plan.plan_design`: the collective model of its
fabric as generated), its cost from the cost engine (engine/cost/tco.py ``cost_report``) over the months
the training takes, billed in whole months as that model bills.

Per server and fabric one size is kept. With a deadline it is the smallest that meets it (a bigger one
only costs more: hardware, rent and cloud bills all grow with the GPUs); with only a budget it is the
fastest whose cost stays within it (the largest within it, or a smaller one when that is faster).
Sizes the bounds already rule out are never built: no tp x pp x cp of the space splits the global batch
over the GPUs, fewer GPUs than the model states need (``plan_bounds``'s memory bound), a compute lower
bound past the deadline, or a cost floor over the budget. ``binds`` says what fixed the size. With a
deadline it is why the largest smaller size of the search that a layout can split the batch over (the
unit multiple or the doubling below) was refused: ``memory`` (it cannot hold the model), ``deadline`` (it
is too slow), ``budget`` (its cost floor is over the budget); ``batch`` when no smaller size can split the
global batch, ``none`` for the smallest size. With only a budget: ``budget`` (a bigger size costs too
much), ``size`` (no bigger size up to the search's node limit can run), ``speed`` (a bigger size would be
slower: communication outgrows the batch).
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
from planner_gui.engine.planning.pairs import Pair, why_none
from planner_gui.engine.planning.request import ClusterRequest
from planner_gui.engine.planning.sizes import first_meeting, last_meeting, multiples_between, splits_batch
from planner_gui.engine.sections.training import error_message
from planner_gui.engine.training import gpu_facts_from_catalog
from planner_gui.engine.training.planner import PlanEntry, plan_bounds
from planner_gui.model import Design
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.model.settings import MAX_PROJECT_MONTHS, CostSettings, Currency
from planner_gui.templates import TemplateError, TemplateSpec
from planner_gui.templates.generator import generate_design, servers_per_unit

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


def plan_clusters(catalog: Any, request: ClusterRequest, progress: Progress | None = None,
                  stop: Stop | None = None) -> ClusterPlan:
    """Candidate designs for ``request`` ranked best first (module docstring); ValueError on bad input.

    ``stop`` is asked before every design is built (each takes up to a second); when it returns True the
    search raises :class:`SearchCancelled`."""
    request.check(catalog)
    pairs = [Pair(s, n) for s in request.server_ids(catalog) for n in request.nic_ids(catalog, s)]
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
    return ClusterPlan(tuple(found), built, "" if found else why_none(request, pairs), tuple(notes))


def _search_pair(catalog: Any, request: ClusterRequest, pair: Pair, stop: Stop | None) -> int:
    """Walk the sizes of one server and fabric; returns how many designs were built."""
    walk = _Walk(catalog, request, pair, stop)
    return walk.deadline() if request.deadline_days is not None else walk.budget()


class _Walk:
    """The sizes of one server and fabric, their bounds, and the designs built for them."""

    def __init__(self, catalog: Any, request: ClusterRequest, pair: Pair, stop: Stop | None = None) -> None:
        self.catalog, self.request, self.pair, self.stop = catalog, request, pair, stop
        server = catalog.require(pair.server_id, "server")
        self.per_server = int(server["gpu_count"])
        first = _first_size(catalog, pair.server_id)
        self.sizes = [first * 2**k for k in range(64) if first * 2**k <= request.max_nodes]
        spec = TemplateSpec(pair.server_id, first, nic_id=pair.nic_id, topology=request.topology)
        self.first, self.unit = first, math.lcm(first, servers_per_unit(catalog, spec))
        self.gpu = gpu_facts_from_catalog(catalog, pair.server_id)
        # tp never exceeds the NVLink domain; the bound lets it reach the space's largest tp (still a lower bound)
        self.bound_node = max(self.per_server * first, max(request.space.tp))
        self.steps = request.train_tokens / (request.global_batch * request.shape.seq_len)
        self.floor = _cost_floor(catalog, request, server)
        self.deadline_days = request.deadline_days if request.deadline_days is not None else math.inf
        self.budget_cap = request.budget if request.budget is not None else math.inf
        self.reasons: dict[int, str] = {}  # sizes refused and why: the ``binds`` of the size next to them
        self.built = 0

    def days_bound(self, nodes: int) -> tuple[float, str]:
        """(lower bound on the days to train, "" or why no layout can run at this size)."""
        r, gpus = self.request, nodes * self.per_server
        if not splits_batch(gpus, self.bound_node, r.global_batch, r.space):
            return math.inf, "batch"  # the divisibility test alone: no need for the bounds' grid
        bounds = plan_bounds(r.shape, gpus, self.bound_node, r.global_batch, r.precision, self.gpu, r.space)
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

    def refuse(self, nodes: int, reason: str) -> None:
        self.reasons[nodes] = reason

    def may_meet(self, nodes: int) -> float | None:
        """The size's lower bound on the days, or None (the reason recorded) when the bounds rule it out:
        no layout, slower than the deadline even at the bound, or a cost floor over the budget."""
        days, refused = self.days_bound(nodes)
        if refused or days > self.deadline_days:
            self.refuse(nodes, refused or "deadline")
            return None
        if self.floor(nodes, days) > self.budget_cap:
            self.pair.offer(self.floor(nodes, days), nodes, floor=True)
            self.refuse(nodes, "budget")
            return None
        return days

    def timely(self, nodes: int) -> ClusterCandidate | None:
        """The built design when it meets the deadline (its cost offered), else None (the reason recorded)."""
        candidate = self.build(nodes)
        if candidate is None or candidate.days > self.deadline_days:
            self.refuse(nodes, "memory" if candidate is None else "deadline")
            return None
        self.pair.offer(candidate.cost, nodes)
        return candidate

    def deadline(self) -> int:
        """Upward through the doublings to the first that meets the deadline, then between it and the
        doubling below to the smallest unit multiple that meets it too (the cheapest)."""
        below = 0
        for nodes in self.sizes:
            if self.may_meet(nodes) is None:
                if self.reasons[nodes] == "budget":
                    self._settle(below, nodes, None)  # bigger costs more still; a size between may fit
                    break
                below = nodes
                continue
            candidate = self.timely(nodes)
            if candidate is not None:
                self._settle(below, nodes, candidate)
                break
            below = nodes
        else:  # no doubling meets it: a size past the last one, up to the node limit, still may
            self._settle(below, self.request.max_nodes + 1, None)
        return self.built

    def _settle(self, low: int, high: int, top: ClusterCandidate | None) -> None:
        """Keep the smallest size in (low, high] that meets the deadline and the budget, if any: a binary
        search over the unit multiples between, ``top`` (``high`` built, None: not built) when none does."""
        between = self._splitting(low, high)
        index, found = first_meeting(between, self._probe)
        chosen = found if index < len(between) else top
        if not isinstance(chosen, ClusterCandidate) or chosen.cost > self.budget_cap:
            return  # "budget": the smallest size between that could meet the deadline is over the budget
        self.pair.chosen = dataclasses.replace(chosen, binds=self._why_not_smaller(chosen.nodes))

    def _splitting(self, low: int, high: int) -> list[int]:
        """The unit multiples in (low, high) that pass the batch's divisibility test (the rest recorded)."""
        sizes = multiples_between(low, high, self.unit)
        r = self.request
        for nodes in sizes:
            if not splits_batch(nodes * self.per_server, self.bound_node, r.global_batch, r.space):
                self.refuse(nodes, "batch")
        return [n for n in sizes if self.reasons.get(n) != "batch"]

    def _probe(self, nodes: int) -> ClusterCandidate | str | None:
        """The binary search's question, bounds first: the design when it meets the deadline; "budget" (a
        bigger size costs more still, so the boundary is at or below it) when its cost floor is over."""
        if self.may_meet(nodes) is None:
            return "budget" if self.reasons[nodes] == "budget" else None
        return self.timely(nodes)

    def _why_not_smaller(self, nodes: int) -> str:
        """Why the largest smaller size a layout could split the batch over was refused; ``batch`` when no
        smaller size could, ``none`` when there is no smaller size. Every size of the search between that
        one and ``nodes`` was refused for the batch (a binary search asks the size next to its answer)."""
        below = sorted((n for n in self.reasons if n < nodes), reverse=True)
        why = next((self.reasons[n] for n in below if self.reasons[n] != "batch"), None)
        return why or ("batch" if below else "none")

    def budget(self) -> int:
        """Downward from the largest doubling whose cost floor fits the budget to the first within it, up
        between it and the next size to the largest unit multiple within it when that is faster, or else
        smaller doublings while they are faster still (past the batch's data-parallel room a bigger cluster
        only adds communication)."""
        p, budget = self.pair, self.budget_cap
        usable = []
        for nodes in self.sizes:
            days, refused = self.days_bound(nodes)
            if refused:
                continue
            if self.floor(nodes, days) > budget:
                p.offer(self.floor(nodes, days), nodes, floor=True)
                self.refuse(nodes, "budget")
                break
            usable.append(nodes)
        for index in range(len(usable) - 1, -1, -1):
            candidate = self.build(usable[index])
            if candidate is None:
                continue
            p.offer(candidate.cost, usable[index])
            if candidate.cost <= budget:
                p.chosen = candidate
                if not self._grow(candidate):
                    self._faster_below(usable[:index])
                break
            self.refuse(usable[index], "budget")
        return self.built

    def _grow(self, chosen: ClusterCandidate) -> bool:
        """Between the chosen doubling and the next size up (or the node limit), the largest unit multiple
        within the budget, taken when it trains faster; binds ``budget`` when a bigger size was refused for
        its cost, else ``size``. True when it was taken."""
        bigger = [n for n in self.sizes if n > chosen.nodes]
        top = bigger[0] if bigger else self.request.max_nodes + 1
        _, found = last_meeting(self._splitting(chosen.nodes, top), self._affordable)
        grown = found is not None and found.days < chosen.days
        best = found if grown and found is not None else chosen
        over = any(n > best.nodes and why == "budget" for n, why in self.reasons.items())
        self.pair.chosen = dataclasses.replace(best, binds="budget" if over else "size")
        return grown

    def _affordable(self, nodes: int) -> ClusterCandidate | None:
        """The built design when its cost is within the budget (bounds first), else None."""
        if self.may_meet(nodes) is None:
            return None
        candidate = self.build(nodes)
        if candidate is None:
            return None
        self.pair.offer(candidate.cost, nodes)
        if candidate.cost > self.budget_cap:
            self.refuse(nodes, "budget")
            return None
        return candidate

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


def _build(catalog: Any, request: ClusterRequest, pair: Pair, nodes: int) -> ClusterCandidate | None:
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
    nic = pair.nic_id or str(catalog.require(pair.server_id, "server")["default_nic_id"])
    return ClusterCandidate(pair.server_id, nic, request.topology, nodes, plan.gpus, entry, days, months, costs,
                            upfront, "none", design.meta.name, unpriced, request.pay)


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
