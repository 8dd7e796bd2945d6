"""The cable schedule: one row per link — label, both ends (device and port), medium, part, speed and
length — computed once per design. It is the only source of the cable and optic lines of the bill of
materials (bom.py), of the proposal's cable pages and of ``cluster-planner cables``.

The part of a link is chosen from the catalog's cable entries of the link's medium (parts.py): the
link's speed (the slower of its two ports), then the ports' technology, then an entry whose reach
covers the length, then the ports' form factor. A medium and speed the catalog has no entry for gets
a planning id (``"aoc-25g"``) that no price list knows, so the bill lists it unpriced with the reason.

Links are grouped without a Python loop per link: each end's port is found once per (device model,
port name) combination and each link's part once per (medium, speed, technology, form factors,
length) combination, so a 100,000-GPU design's ~390,000 links cost a few numpy passes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from planner_gui.engine.cost.device_models import DeviceModels, device_models
from planner_gui.engine.cost.parts import PartChoice, PortFacts, choose_part
from planner_gui.engine.incremental.link_columns import link_columns
from planner_gui.engine.topology.parse import MEDIA, parse_links
from planner_gui.engine.util.arrays import dense_inverse
from planner_gui.model import Design

_MEDIUM_VALUES: tuple[str, ...] = tuple(m.value for m in MEDIA)
_NO_PORT = PortFacts(0.0, "", "")


@dataclass(frozen=True, slots=True)
class CableRow:
    """One cable of the schedule: what the installer pulls, labels and plugs in."""

    label: str  # the link's id in the design: printed on both ends
    a_device: str
    a_port: str
    b_device: str
    b_port: str
    medium: str
    part: str  # catalog id, or a planning id when the catalog has no part for the medium and speed
    part_number: str | None  # the vendor's part number (family), when one is published
    category: str  # "cable" (copper, AOC, twisted pair) or "optic" (transceiver pair + fibre)
    speed_gbps: float  # 0 when neither port is known
    length_m: float

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "a_device": self.a_device, "a_port": self.a_port,
                "b_device": self.b_device, "b_port": self.b_port, "medium": self.medium, "part": self.part,
                "part_number": self.part_number, "category": self.category, "speed_gbps": self.speed_gbps,
                "length_m": self.length_m}


class CableSchedule:
    """Every link's part, as columns: ``choice_of[i]`` indexes :attr:`choices` for link ``i``."""

    def __init__(self, links: list[Any], choices: tuple[PartChoice, ...], choice_of: np.ndarray,
                 speeds: np.ndarray, lengths: np.ndarray, end_known: np.ndarray | None = None) -> None:
        self.links, self.choices = links, choices
        self.choice_of, self.speeds, self.lengths = choice_of, speeds, lengths
        # (2, links): whether each end is a port the catalog knows (an unknown one carries no module)
        self.end_known = np.ones((2, len(links)), dtype=bool) if end_known is None else end_known

    def __len__(self) -> int:
        return len(self.links)

    def rows(self) -> Iterator[CableRow]:
        """The rows in the design's link order (built on demand: a large design has ~390,000)."""
        for i, link in enumerate(self.links):
            choice = self.choices[int(self.choice_of[i])]
            a_dev, _, a_port = str(link.a).partition("/")
            b_dev, _, b_port = str(link.b).partition("/")
            yield CableRow(str(link.id), a_dev, a_port, b_dev, b_port, str(getattr(link.medium, "value",
                           link.medium)), choice.part, choice.part_number, choice.category,
                           float(self.speeds[i]), float(self.lengths[i]))

    def counts(self) -> Counter[tuple[int, float]]:
        """Rows per (choice index, length): the bill's cable and optic lines."""
        if not self.links:
            return Counter()
        length_values, length_of = np.unique(self.lengths, return_inverse=True)
        codes, count = np.unique(self.choice_of * len(length_values) + length_of, return_counts=True)
        return Counter({(int(c) // len(length_values), float(length_values[int(c) % len(length_values)])): int(n)
                        for c, n in zip(codes.tolist(), count.tolist(), strict=True)})

    def part_counts(self) -> Counter[str]:
        """Rows per part id."""
        found: Counter[str] = Counter()
        for (choice, _), n in self.counts().items():
            found[self.choices[choice].part] += n
        return found


def cable_schedule(design: Design, catalog: Any, models: DeviceModels | None = None) -> CableSchedule:
    """The schedule of ``design``: one row per link, parts from ``catalog``; ``models``: the devices' models
    (device_models.py) when already counted."""
    columns = link_columns(design)
    links = columns.links
    try:
        media = columns.media.astype(np.int64)
    except ValueError:  # an unknown medium: the power and topology sections say which link
        raise ValueError(_bad_medium(links)) from None
    lengths = np.asarray(columns.lengths, dtype=np.float64)
    ends = _end_facts(design, catalog, links, models)
    speeds = _link_speeds(ends)
    choices, choice_of = _choose(catalog, media, ends, speeds, lengths)
    return CableSchedule(links, choices, choice_of, speeds, lengths, _known_ends(ends))


def _bad_medium(links: list[Any]) -> str:
    bad = next((link for link in links if str(getattr(link.medium, "value", link.medium)) not in _MEDIUM_VALUES),
               None)
    medium = None if bad is None else bad.medium
    return f"link {getattr(bad, 'id', '?')!r} has medium {medium!r}; use one of {', '.join(_MEDIUM_VALUES)}"


class _Ends:
    """Per link end (2 × links): an index into :attr:`facts`."""

    def __init__(self, facts: list[PortFacts], index: np.ndarray) -> None:
        self.facts, self.index = facts, index


def _end_facts(design: Design, catalog: Any, links: list[Any], models: DeviceModels | None) -> _Ends:
    """Each end's port speed, technology and form factor, looked up once per (device model, port name)."""
    try:
        parse = parse_links(design, links=links)
    except (KeyError, ValueError):  # a link naming a device the design lacks: look each end up
        return _end_facts_loop(design, catalog, links)
    # the parse numbers the devices in the design's order, as device_models does
    models = device_models(design) if models is None else models
    dev_model, keys = models.codes, models.keys
    names = {code: name for name, code in parse.vocab.items()}
    n_codes = max(len(parse.vocab), 1)
    combo = (dev_model.take(parse.end_dev) * n_codes + parse.port_code) if links else np.zeros((2, 0), np.int64)
    present, inverse = dense_inverse(combo)
    facts = []
    for code in present.tolist():
        model, port = divmod(code, n_codes)
        facts.append(_port(catalog, keys[model], names.get(port, "")))
    index = inverse.reshape(2, -1) if links else np.zeros((2, 0), np.int64)
    return _distinct(facts, index)


def _distinct(facts: list[PortFacts], index: np.ndarray) -> _Ends:
    """The same ends with equal facts merged: p1 … p64 of a switch are one kind of port, so a design's
    links come in a few dozen combinations rather than one per port name."""
    seen: dict[PortFacts, int] = {}
    remap = np.array([seen.setdefault(f, len(seen)) for f in facts] or [0], dtype=np.int64)
    return _Ends(list(seen) or [_NO_PORT], remap.take(index) if index.size else index)


def _end_facts_loop(design: Design, catalog: Any, links: list[Any]) -> _Ends:
    facts: list[PortFacts] = [_NO_PORT]
    seen: dict[tuple[Any, ...], int] = {}
    index = np.zeros((2, len(links)), dtype=np.int64)
    for i, link in enumerate(links):
        for end, ref in enumerate((link.a, link.b)):
            device_id, _, port = str(ref).partition("/")
            device = design.devices.get(device_id)
            if device is None:
                continue
            key = (device.catalog_id, device.nic_id, device.nic_count, port)
            if key not in seen:
                seen[key] = len(facts)
                facts.append(_port(catalog, key[:3], port))
            index[end, i] = seen[key]
    return _distinct(facts, index)


def _port(catalog: Any, model: tuple[str, str | None, int | None], name: str) -> PortFacts:
    spec = catalog.device_spec(*model)
    port = next((p for p in spec.ports if p.name == name), None)
    if port is None:
        return _NO_PORT
    return PortFacts(float(port.speed_gbps), str(port.technology), str(port.form_factor))


def _known_ends(ends: _Ends) -> np.ndarray:
    speed_of = np.array([f.speed_gbps for f in ends.facts] or [0.0])
    return speed_of.take(ends.index) > 0 if ends.index.size else np.zeros((2, 0), dtype=bool)


def _link_speeds(ends: _Ends) -> np.ndarray:
    """The slower known port of each link (a port the catalog does not know counts as unknown)."""
    speed_of = np.array([f.speed_gbps for f in ends.facts] or [0.0])
    both = speed_of.take(ends.index) if ends.index.size else np.zeros((2, 0))
    known = np.where(both > 0, both, np.inf)
    slower = known.min(axis=0) if both.size else np.zeros(0)
    return np.where(np.isfinite(slower), slower, 0.0)


def _choose(catalog: Any, media: np.ndarray, ends: _Ends, speeds: np.ndarray,
            lengths: np.ndarray) -> tuple[tuple[PartChoice, ...], np.ndarray]:
    """One part per (medium, both ends' facts, reach bracket) combination present, chosen for any one link
    of it. The ends' facts fix the speed (_link_speeds), and a length enters the rule only through which
    catalog reaches cover it (parts.py), so the lengths between two neighbouring reaches choose alike: a
    100,000-GPU design has a few dozen combinations rather than thousands."""
    if not speeds.size:
        return (), np.zeros(0, np.int64)
    reaches = np.unique(np.array([float(c["reach_m"]) for c in catalog.of_kind("cable")] or [0.0]))
    bracket = np.searchsorted(reaches, lengths, side="left")  # how many reaches fall short (NaN: all)
    n_facts, n_brackets = len(ends.facts), reaches.size + 1
    key = ((media.astype(np.int64) * n_facts + ends.index[0]) * n_facts + ends.index[1]) * n_brackets + bracket
    unique, inverse = dense_inverse(key)
    one = np.empty(unique.size, dtype=np.intp)
    one[inverse] = np.arange(inverse.size)  # a link of each combination (any: they all choose alike)
    # chosen in (medium, speed, ends, length) order, so the choices are numbered as the schedule lists them
    order = np.lexsort((bracket[one], ends.index[1, one], ends.index[0, one], speeds[one], media[one]))
    by_part: dict[PartChoice, int] = {}
    slot = np.empty(unique.size, dtype=np.int64)
    for j, i in zip(order.tolist(), one[order].tolist(), strict=True):
        a, b = int(ends.index[0, i]), int(ends.index[1, i])
        choice = choose_part(catalog, _MEDIUM_VALUES[int(media[i])], float(speeds[i]),
                             (ends.facts[a], ends.facts[b]), float(lengths[i]))
        slot[j] = by_part.setdefault(choice, len(by_part))
    return tuple(by_part), slot.take(inverse)
