"""Which catalog cable entry a link uses: by medium, speed, technology, reach and form factor.

The rule, in order: the entries of the link's medium; at the link's speed (twisted pair excepted: a
Cat6A cord carries 1 and 10GBASE-T alike, IEEE 802.3ab / 802.3an); whose reach covers the length
(else the longest, and the row says it is beyond reach); of the ports' technology, else "any"; whose
plug matches a port's form factor; the shortest such reach. A medium and speed with no entry gets a
planning id ``"<medium>-<speed>g"``: listed in the bill, never priced.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

OPTIC_MEDIA = ("mmf", "smf")  # transceiver pairs with a fibre between them; the rest are cables
RATE_AGNOSTIC_MEDIA = ("utp",)  # one cord for every BASE-T rate up to its category's limit


@dataclass(frozen=True, slots=True)
class PortFacts:
    speed_gbps: float  # 0: the port is not known to the catalog
    technology: str
    form_factor: str


@dataclass(frozen=True, slots=True)
class PartChoice:
    part: str  # catalog id, or a planning id the catalog does not have
    part_number: str | None
    category: str  # "cable" or "optic"
    medium: str
    speed_gbps: float
    in_catalog: bool
    within_reach: bool  # False: the longest entry of the medium still falls short of the length
    form_factor: str  # the part's plug ("" when unknown)


def choose_part(catalog: Any, medium: str, speed: float, ends: tuple[PortFacts, PortFacts],
                length: float) -> PartChoice:
    category = "optic" if medium in OPTIC_MEDIA else "cable"
    candidates = [c for c in catalog.of_kind("cable") if c["medium"] == medium]
    exact = [c for c in candidates if float(c["speed_gbps"]) == speed]
    if not exact and medium in RATE_AGNOSTIC_MEDIA:
        exact = [c for c in candidates if float(c["speed_gbps"]) >= speed]
    if not exact:
        return PartChoice(planning_id(medium, speed), None, category, medium, speed, False, True, "")
    technologies = {e.technology for e in ends if e.technology}
    plugs = [e.form_factor.upper() for e in ends if e.form_factor]

    def rank(entry: Any) -> tuple[Any, ...]:
        reach = float(entry["reach_m"])
        covers = reach >= length
        tech = 0 if entry["technology"] in technologies else 1 if entry["technology"] == "any" else 2
        plug = str(entry.get("form_factor") or "").upper()
        fits = bool(plug) and any(p.startswith(plug) or plug.startswith(p.split(" ")[0]) for p in plugs)
        return (not covers, tech, not fits, reach if covers else -reach, entry.id)

    best = min(exact, key=rank)
    number = best.get("part_number")
    return PartChoice(best.id, None if number is None else str(number), category, medium, speed, True,
                      float(best["reach_m"]) >= length, str(best.get("form_factor") or ""))


def planning_id(medium: str, speed: float) -> str:
    return f"{medium}-{speed:g}g" if speed > 0 else f"{medium}-unknown-speed"
