"""Stepwise schema migrations on plain dicts.

``MIGRATIONS[n]`` turns a schema-``n`` document into a schema-``n + 1`` one. Each step is a pure
function on plain data, so an old file is upgraded one version at a time and the codec only ever
reads the current schema. A file from a newer version is refused, never guessed at.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from planner_gui.io.codec import CURRENT_SCHEMA_VERSION
from planner_gui.model.messages import QT_TRANSLATE_NOOP

Migration = Callable[[dict[str, Any]], dict[str, Any]]



def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 adds named variants: a schema-1 file is one design with none (``"variants": []``).

    A schema-1 file has no ``variants`` key; one that has it anyway was not written by Cluster Planner,
    and its list is dropped rather than read as something schema 1 never meant.
    """
    data["variants"] = []
    return data


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 3 adds the quote's terms to ``cost``: tax rate and whether prices include it, the quote's
    validity date, support and warranty. A schema-2 file quoted none of them: no tax line, no date, no
    support, the catalog's usual 3-year hardware warranty, written out so the file says what it means.
    Each variant's own cost section (when it has one) gets the same."""
    terms = {"tax_rate": 0.0, "prices_include_tax": False, "quote_valid_until": "", "support_rate_per_year": 0.0,
             "warranty_years": 3}
    for section in [data, *[v for v in data.get("variants") or [] if isinstance(v, dict)]]:
        cost = section.get("cost")
        if isinstance(cost, dict):
            section["cost"] = {**cost, **{k: v for k, v in terms.items() if k not in cost}}
    return data


def _v3_to_v4(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 4 lets a device name the NVLink domain it belongs to (``"nvlink_domain"``, optional). A
    schema-3 file has none: every server's NVLink is its own, as it was, so the data is unchanged."""
    return data


def _v4_to_v5(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 5 adds the MoE routing load to ``workload`` (``moe_capacity_factor``, ``moe_imbalance``,
    optional). A schema-4 file has neither: dropless routing with balanced experts, as it was estimated, so
    the data is unchanged."""
    return data


# Schema 1 is the first released schema; steps are added here as the format evolves.
MIGRATIONS: dict[int, Migration] = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4, 4: _v4_to_v5}


class SchemaError(ValueError):
    """The file's schema version cannot be brought to the current one; ``args[0]`` is a translatable Text."""


def migrate(data: dict[str, Any], current: int = CURRENT_SCHEMA_VERSION,
            steps: Mapping[int, Migration] | None = None) -> tuple[dict[str, Any], list[int]]:
    """Upgrade ``data`` to ``current``; returns the data and the versions it passed through."""
    steps = MIGRATIONS if steps is None else steps
    version = data.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SchemaError(QT_TRANSLATE_NOOP("Load", "schema_version {version} must be a whole number of 1 or more")
                          .fill(version=_short(version)))
    if version > current:
        raise SchemaError(QT_TRANSLATE_NOOP(
            "Load", "this file was written by a newer Cluster Planner (schema {version}; this version reads up to "
                    "{current}); update Cluster Planner to open it").fill(version=_short(version), current=current))
    passed = []
    while version < current:
        step = steps.get(version)
        if step is None:
            raise SchemaError(QT_TRANSLATE_NOOP("Load", "no migration from schema {version} to {next}").fill(
                version=version, next=version + 1))
        data = step(dict(data))
        version += 1
        data["schema_version"] = version
        passed.append(version)
    return data, passed


SHOWN_CHARS = 40  # a hostile schema_version may be a 4,000-digit number or a megabyte of text


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= SHOWN_CHARS else QT_TRANSLATE_NOOP("Load", "{start}... ({count} characters)").fill(
        start=text[:SHOWN_CHARS], count=len(text))
