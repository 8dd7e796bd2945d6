"""Stable string ids: short, human-readable, unique within one design."""

from __future__ import annotations

import re
from collections.abc import Iterable

from planner_gui.model.errors import DesignError
from planner_gui.model.messages import QT_TRANSLATE_NOOP

ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}\Z")  # \Z: "$" would let a trailing newline through
PORT_SEPARATOR = "/"


def check_id(value: object, where: str = "") -> str:
    """Return ``value`` if it is a valid id, else raise a DesignError saying why."""
    if not isinstance(value, str):
        raise DesignError(QT_TRANSLATE_NOOP("Model", "id must be a string, got {type}").fill(
            type=type(value).__name__), where)
    if not ID_PATTERN.match(value):
        raise DesignError(QT_TRANSLATE_NOOP(
            "Model", "invalid id {id!r}: use 1-64 letters, digits, '.', '_', ':' or '-', starting with a "
                     "letter or digit").fill(id=value[:80]), where)
    return value


def next_free_id(prefix: str, taken: Iterable[str]) -> str:
    """Return ``prefix-N`` with the smallest N above every N already used with that prefix."""
    pattern = re.compile(rf"^{re.escape(prefix)}-(\d+)$")
    highest = 0
    for existing in taken:
        match = pattern.match(existing)
        if match:
            highest = max(highest, int(match.group(1)))
    return f"{prefix}-{highest + 1}"


def port_ref(device_id: str, port_name: str) -> str:
    """The id of one port: ``device/port``."""
    return f"{device_id}{PORT_SEPARATOR}{port_name}"


def split_port_ref(ref: str, where: str = "") -> tuple[str, str]:
    """Split ``device/port`` into its two halves, with a clear error if it is malformed."""
    if not isinstance(ref, str) or ref.count(PORT_SEPARATOR) != 1:
        raise DesignError(QT_TRANSLATE_NOOP(
            "Model", "port reference {ref!r} must look like 'device-id/port-name'").fill(
            ref=str(ref)[:80]), where)
    device_id, port_name = ref.split(PORT_SEPARATOR)
    return check_id(device_id, where), check_id(port_name, where)
