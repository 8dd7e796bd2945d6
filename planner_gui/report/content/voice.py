"""The customer's voice, applied to every string of the proposal as a last step.

The engine writes some sentences for engineers: a pointer to the model notes in parentheses
("(collectives.md 1.6)"), "switch(es)", "1 switches". A proposal names no file and reads like
prose, so :func:`customer_text` removes such pointers and, in English, puts every count's noun in
the number it needs. The sections themselves use the right words already; this is the safety net
for text that comes from the engine and the catalog.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# A parenthesis that only points at internal notes: a file name (.md, .csv, .json) or a § reference.
_INTERNAL_PAREN = re.compile(r"\s?[(（][^()（）]*?(?:\b[\w./-]+\.(?:md|csv|json|ya?ml)\b|§)[^()（）]*[)）]")
_INTERNAL_WORD = re.compile(r"\b(?:docs/)?[\w/-]+\.md(?:\s*§\s*[\d.]+)?|§\s*[\d.]+")
# "2 switch(es)", "1 link(s)": the choice made by the number in front.
_OPTIONAL_PLURAL = re.compile(r"\b(\d[\d,]*)(\s+(?:[\w-]+\s+)?)([A-Za-z]+)\((es|s)\)")
_BARE_OPTIONAL = re.compile(r"\b([A-Za-z]+)\((?:es|s)\)")
# "1 racks", "1 compute HCAs", "1 switch tiers": the noun after a lone 1 (at most one word between).
_ONE = re.compile(r"(?<![\d.,])\b1(\s+)([A-Za-z-]+)\b(?:(\s+)([A-Za-z]+)\b)?")
SINGULAR = {  # the nouns the proposal counts; an irregular or ambiguous word is simply not listed
    "racks": "rack", "switches": "switch", "tiers": "tier", "warnings": "warning", "errors": "error",
    "notes": "note", "servers": "server", "nodes": "node", "links": "link", "rails": "rail",
    "GPUs": "GPU", "NICs": "NIC", "HCAs": "HCA", "ports": "port", "cables": "cable", "hops": "hop",
    "PDUs": "PDU", "feeds": "feed", "circuits": "circuit", "rows": "row", "findings": "finding",
    "checks": "check", "spines": "spine", "leaves": "leaf", "devices": "device", "groups": "group",
    "planes": "plane", "pods": "pod", "steps": "step", "tests": "test", "items": "item", "days": "day",
    "months": "month", "years": "year", "weeks": "week", "hours": "hour", "minutes": "minute",
    "seconds": "second", "units": "unit", "optics": "optic", "transceivers": "transceiver", "drives": "drive",
    "outlets": "outlet", "breakers": "breaker", "connections": "connection", "jobs": "job", "copies": "copy",
    "entries": "entry", "sections": "section", "pages": "page", "variants": "variant", "uplinks": "uplink",
    "downlinks": "downlink", "tokens": "token",
}


def customer_text(lang: str) -> Callable[[str], str]:
    """The last-step fix for a proposal in ``lang``: no internal pointers; in English, plurals agree."""
    if lang == "en":
        return lambda text: english_plurals(scrub_internal(text))
    return scrub_internal


def scrub_internal(text: str) -> str:
    if "." not in text and "§" not in text:
        return text
    text = _INTERNAL_PAREN.sub("", text)
    return _INTERNAL_WORD.sub("", text) if (".md" in text or "§" in text) else text


def english_plurals(text: str) -> str:
    if "(" in text:
        text = _OPTIONAL_PLURAL.sub(_choose, text)
        text = _BARE_OPTIONAL.sub(lambda m: _plural_of(m.group(0)), text)
    if "1" in text:
        text = _ONE.sub(_singular, text)
    return text


def _choose(match: re.Match[str]) -> str:
    number, between, word, ending = match.groups()
    return f"{number}{between}{word if number == '1' else word + ending}"


def _plural_of(optional: str) -> str:
    return optional.replace("(es)", "es").replace("(s)", "s")


def _singular(match: re.Match[str]) -> str:
    space, first, gap, second = match.groups()
    if first in SINGULAR:
        return f"1{space}{SINGULAR[first]}{gap or ''}{second or ''}"
    if second in SINGULAR:
        return f"1{space}{first}{gap}{SINGULAR[second]}"
    return match.group(0)
