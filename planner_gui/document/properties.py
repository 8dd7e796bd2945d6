"""Checking and converting the values an edit sets: object properties and design settings.

Every refusal is a :class:`DesignError` that names the object, the field, the value and what would
be accepted, so the inspector and the status bar can show it as it is. No Qt here.
"""

from __future__ import annotations

import dataclasses
import math
import typing
from enum import Enum
from types import NoneType, UnionType
from typing import Any

from planner_gui.io.limits import FILE_BOUNDS, MAX_MAP_ENTRIES, MAX_TEXT_CHARS
from planner_gui.model import CoolingType, DesignError, Medium
from planner_gui.model.cost_limits import date_problem
from planner_gui.model.errors import device_where, link_where, rack_where
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text

# Bounds of the editable rack, device and link fields. The rack and link limits repeat the ones
# Design.add_rack / Design.add_link enforce (model/design.py), so an edit cannot make a design that
# would not load again.
MAX_RACK_HEIGHT_U = 60  # model/design.py add_rack
MAX_RACK_POWER_KW = 1000.0  # model/design.py add_rack
MAX_LINK_LENGTH_M = 100_000.0  # model/design.py add_link
MAX_RACK_POSITION = 999  # a row of a thousand racks is far beyond any data hall; larger is a typo
MAX_ROW_NAME = 8  # row labels are short ("A", "AB", "H2"); longer text is a slip of the keyboard
MAX_NAME = 200  # names show in lists and reports; a paragraph is not a name


@dataclasses.dataclass(frozen=True, slots=True)
class Rule:
    """What one field accepts: a type, optional bounds and whether None (the default) is allowed."""

    kind: type
    low: float | None = None
    high: float | None = None
    optional: bool = False
    low_open: bool = False  # True: the low bound itself is refused (a budget of 0 kW)


OBJECT_FIELDS: dict[str, dict[str, Rule]] = {
    "racks": {
        "name": Rule(str, high=MAX_NAME),
        "row": Rule(str, low=1, high=MAX_ROW_NAME),
        "position": Rule(int, 1, MAX_RACK_POSITION),
        "height_u": Rule(int, 1, MAX_RACK_HEIGHT_U),
        "power_budget_kw": Rule(float, 0, MAX_RACK_POWER_KW, low_open=True),
        "cooling": Rule(CoolingType),
        "cooling_capacity_kw": Rule(float, 0, MAX_RACK_POWER_KW, optional=True, low_open=True),
    },
    "devices": {
        "name": Rule(str, high=MAX_NAME),
        "nic_id": Rule(str, optional=True),
        "nic_count": Rule(int, 0, 64, optional=True),  # model/design.py add_device: 0 to 64
    },
    "links": {
        "medium": Rule(Medium),
        "length_m": Rule(float, 0, MAX_LINK_LENGTH_M),
    },
}
SINGULAR = {"racks": QT_TRANSLATE_NOOP("Document", "rack").fill(),
            "devices": QT_TRANSLATE_NOOP("Document", "device").fill(),
            "links": QT_TRANSLATE_NOOP("Document", "link").fill()}
OBJECT_WHERE = {"racks": rack_where, "devices": device_where, "links": link_where}

# The fields and settings sections an undo label (document/document.py) and a refusal name: English keeps
# the key, as before; other languages say it in words.
FIELD_WORDS = {
    "name": QT_TRANSLATE_NOOP("Document", "name"), "row": QT_TRANSLATE_NOOP("Document", "row"),
    "position": QT_TRANSLATE_NOOP("Document", "position"), "height_u": QT_TRANSLATE_NOOP("Document", "height_u"),
    "power_budget_kw": QT_TRANSLATE_NOOP("Document", "power_budget_kw"),
    "cooling": QT_TRANSLATE_NOOP("Document", "cooling"),
    "cooling_capacity_kw": QT_TRANSLATE_NOOP("Document", "cooling_capacity_kw"),
    "nic_id": QT_TRANSLATE_NOOP("Document", "nic_id"), "nic_count": QT_TRANSLATE_NOOP("Document", "nic_count"),
    "medium": QT_TRANSLATE_NOOP("Document", "medium"), "length_m": QT_TRANSLATE_NOOP("Document", "length_m"),
    "meta": QT_TRANSLATE_NOOP("Document", "meta"), "fabric": QT_TRANSLATE_NOOP("Document", "fabric"),
    "cost": QT_TRANSLATE_NOOP("Document", "cost"), "workload": QT_TRANSLATE_NOOP("Document", "workload"),
}

# Settings bounds that differ from "a finite number of 0 or more" (the default for every number).
SETTINGS_BOUNDS: dict[tuple[str, str], tuple[float | None, float | None]] = {
    # cost settings: model/settings.py COST_RANGES, through the file bounds (one table for all three)
    ("workload", "zero_stage"): (0, 3),  # ZeRO stages 0-3 (Rajbhandari et al. 2020, ZeRO)
    ("workload", "moe_experts"): (0, None),
    ("workload", "moe_topk"): (0, None),
}
WORKLOAD_MIN = 1  # every other workload count (layers, heads, tp, ...) is at least one


def check_object_value(collection: str, object_id: str, name: str, value: Any) -> Any:
    """``value`` converted for field ``name`` of a rack/device/link, or a DesignError saying why not."""
    rule = OBJECT_FIELDS[collection].get(name)
    where = OBJECT_WHERE[collection](object_id)
    if rule is None:
        fields = ", ".join(OBJECT_FIELDS[collection])
        raise DesignError(QT_TRANSLATE_NOOP(
            "Document", "{name!r} is not an editable property of a {what} (editable: {fields})").fill(
            name=name, what=SINGULAR[collection], fields=fields), where)
    return _convert(rule, name, value, where)


def section_word(section: str) -> Text | str:
    """A settings section as a refusal names it: the key in English ("fabric"), words in Chinese (网络)."""
    word = FIELD_WORDS.get(section)
    return section if word is None else word.fill()


def settings_where(section: str) -> Text:
    """The place a refused setting names: "fabric settings"."""
    return QT_TRANSLATE_NOOP("Document", "{section} settings").fill(section=section_word(section))


def check_setting(section: str, name: str, value: Any, current: object) -> Any:
    """``value`` converted for field ``name`` of settings ``section``, from the dataclass's type hints."""
    where = settings_where(section)
    hints = typing.get_type_hints(type(current))
    if name not in hints or name.startswith("_"):
        raise DesignError(QT_TRANSLATE_NOOP("Document", "{name!r} is not a {section} setting (settings: {names})").fill(
            name=name, section=section_word(section), names=", ".join(hints)), where)
    kind, optional, item = _unpack_hint(hints[name])
    if kind is dict:
        return _convert_mapping(section, name, value, item, where)
    default_low = WORKLOAD_MIN if section == "workload" and kind in (int, float) else 0
    low, high = _within_file_bounds(f"{section}.{name}", *SETTINGS_BOUNDS.get((section, name), (default_low, None)))
    converted = _convert(Rule(kind, low, high, optional=optional), name, value, where)
    if (section, name) == ("cost", "quote_valid_until") and date_problem(converted) is not None:
        raise DesignError(QT_TRANSLATE_NOOP("Document", "{name} {value!r} must be a date written YYYY-MM-DD "
                                                        "(e.g. 2027-03-31), or empty").fill(name=name, value=value),
                          where)
    return converted


def _within_file_bounds(key: str, low: float | None, high: float | None) -> tuple[float | None, float | None]:
    """Narrow an edit's bounds to what the .cluster loader accepts, so anything saved also reopens."""
    file_low, file_high = FILE_BOUNDS.get(key, (None, None))
    if file_low is not None:
        low = file_low if low is None else max(low, file_low)
    if file_high is not None:
        high = file_high if high is None else min(high, file_high)
    return low, high


def _unpack_hint(hint: Any) -> tuple[type, bool, type | None]:
    """(base type, None allowed, dict value type) of an annotation such as ``int | None``."""
    optional = False
    if isinstance(hint, UnionType) or typing.get_origin(hint) is typing.Union:
        args = [a for a in typing.get_args(hint) if a is not NoneType]
        optional, hint = True, args[0]
    if typing.get_origin(hint) is dict:
        return dict, optional, typing.get_args(hint)[1]
    return hint, optional, None


def _convert(rule: Rule, name: str, value: Any, where: str) -> Any:
    if value is None:
        if rule.optional:
            return None
        raise DesignError(QT_TRANSLATE_NOOP("Document", "{name} must be given (it has no default)").fill(name=name),
                          where)
    if isinstance(rule.kind, type) and issubclass(rule.kind, Enum):
        return _convert_enum(rule.kind, name, value, where)
    if rule.kind is bool:
        if not isinstance(value, bool):
            raise DesignError(QT_TRANSLATE_NOOP("Document", "{name} {value!r} must be true or false").fill(
                name=name, value=value), where)
        return value
    if rule.kind is str:
        return _convert_text(rule, name, value, where)
    return _convert_number(rule, name, value, where)


def _convert_enum(kind: type[Enum], name: str, value: Any, where: str) -> Enum:
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(str(member.value) for member in kind)
        raise DesignError(QT_TRANSLATE_NOOP("Document", "{name} {value!r} is not one of {choices}").fill(
            name=name, value=value, choices=choices), where) from None


def _convert_text(rule: Rule, name: str, value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise DesignError(QT_TRANSLATE_NOOP("Document", "{name} must be text, got {type}").fill(
            name=name, type=type(value).__name__), where)
    text = value.strip()
    if rule.low is not None and len(text) < rule.low:
        raise DesignError(QT_TRANSLATE_NOOP("Document", "{name} must not be empty").fill(name=name), where)
    if rule.high is not None and len(text) > rule.high:
        raise DesignError(QT_TRANSLATE_NOOP("Document", "{name} is {length} characters long; keep it to {most:g}").fill(
            name=name, length=len(text), most=rule.high), where)
    return text


def _convert_number(rule: Rule, name: str, value: Any, where: str) -> int | float:
    whole = rule.kind is int
    if (isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value)
            or (whole and value != int(value))):
        if whole:
            raise DesignError(QT_TRANSLATE_NOOP("Document", "{name} {value!r} must be a whole number").fill(
                name=name, value=value), where)
        raise DesignError(QT_TRANSLATE_NOOP("Document", "{name} {value!r} must be a number").fill(
            name=name, value=value), where)
    number = int(value) if whole else float(value)
    below = rule.low is not None and (number <= rule.low if rule.low_open else number < rule.low)
    above = rule.high is not None and number > rule.high
    if below or above:
        raise DesignError(QT_TRANSLATE_NOOP("Document", "{name} {value!r} must be {range}").fill(
            name=name, value=value, range=_range_text(rule)), where)
    return number


def _range_text(rule: Rule) -> Text:
    """The accepted range, "at least 1 and at most 60" (only asked for a rule with a bound)."""
    parts = []
    if rule.low is not None and rule.low_open:
        parts.append(QT_TRANSLATE_NOOP("Document", "above {low:g}").fill(low=rule.low))
    elif rule.low is not None:
        parts.append(QT_TRANSLATE_NOOP("Document", "at least {low:g}").fill(low=rule.low))
    if rule.high is not None:
        parts.append(QT_TRANSLATE_NOOP("Document", "at most {high:g}").fill(high=rule.high))
    if len(parts) == 2:
        return QT_TRANSLATE_NOOP("Document", "{low} and {high}").fill(low=parts[0], high=parts[1])
    return parts[0]


def _convert_mapping(section: str, name: str, value: Any, item: type | None, where: str) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(key, str) for key in value):
        raise DesignError(QT_TRANSLATE_NOOP("Document", "{name} must be a mapping of text keys to values").fill(
            name=name), where)
    if len(value) > MAX_MAP_ENTRIES:
        raise DesignError(QT_TRANSLATE_NOOP("Document", "{name} has {count} entries; keep it to {most}").fill(
            name=name, count=len(value), most=MAX_MAP_ENTRIES), where)
    if item is float:
        rule = Rule(float, *_within_file_bounds(f"{section}.price_maps", 0, None))
    else:
        rule = Rule(str, high=MAX_TEXT_CHARS)
    for key in value:
        if len(key) > MAX_TEXT_CHARS:
            raise DesignError(QT_TRANSLATE_NOOP(
                "Document", "a key of {name} is {length} characters long; keep it to {most}").fill(
                name=name, length=len(key), most=MAX_TEXT_CHARS), where)
    return {key: _convert(rule, f"{name}[{key!r}]", entry, where) for key, entry in value.items()}
