"""What the cluster search found for one server and fabric, and the one line saying why nothing was found.

The search itself is planning/clusters.py; this keeps its per-pair record and the refusal's wording.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from planner_gui.engine.planning.request import ClusterRequest
from planner_gui.model.messages import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from planner_gui.engine.planning.clusters import ClusterCandidate


@dataclass(slots=True)
class Pair:
    """The search over sizes for one server and fabric: what it found and why it stopped."""

    server_id: str
    nic_id: str | None
    chosen: ClusterCandidate | None = None
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


def why_none(request: ClusterRequest, pairs: list[Pair]) -> str:
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
