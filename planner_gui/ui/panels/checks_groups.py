"""Rows of the checks list: a check's fields and tooltip, and repeated findings grouped into one row.

No widgets here: checks_list.py shows these rows. The strings keep the "ChecksList" translation context,
so the .ts file is unchanged by the split.
"""

from __future__ import annotations

from html import escape as _escape
from itertools import chain
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from planner_gui.engine import Check
from planner_gui.i18n.checks_zh import check_fix, check_message
from planner_gui.ui.palette_text import tooltip_muted
from planner_gui.ui.results.style import as_dict

# From this many checks of one kind (one code, one severity) they share a row that expands: on a
# 4,096-GPU design the engine reports ~1,500 racks over their cooling, which no one reads one by one.
# Ten keeps the default design's nine per-rack findings listed individually.
GROUP_FROM = 10
IDS_SHOWN_IN_TOOLTIP = 12  # beyond this the tooltip says "and N more": a 256-server list is unreadable


def translate(text: str) -> str:
    """``text`` in the checks list's translation context."""
    return QCoreApplication.translate("ChecksList", text)


# lupdate cannot see through translate(): the strings it is given are marked here
_MARKED = (QT_TRANSLATE_NOOP("ChecksList", "Fix:"), QT_TRANSLATE_NOOP("ChecksList", "Involves:"),
           QT_TRANSLATE_NOOP("ChecksList", " and {n} more"),
           QT_TRANSLATE_NOOP("ChecksList", "{message} — and {n} more like it"))
# the tooltip's severity word, by the engine's severity value (checks_base.Severity)
SEVERITY_WORDS = {"error": QT_TRANSLATE_NOOP("ChecksList", "Error"),
                  "warning": QT_TRANSLATE_NOOP("ChecksList", "Warning"),
                  "info": QT_TRANSLATE_NOOP("ChecksList", "Note")}


def check_fields(check: Any) -> dict[str, Any]:
    """A check (engine ``Check`` or its JSON) as {code, severity, message, ids, fix}; KeyError if not."""
    data = as_dict(check)
    missing = [key for key in ("code", "severity", "message") if key not in data]
    if missing:
        raise KeyError(f"check {data!r} lacks {', '.join(missing)}; engine checks carry code, severity, "
                       "message, ids and fix (planner_gui/engine/checks/base.py)")
    # the sentence in the UI language (i18n/checks_zh.py; the engine's English when it has no translation)
    message = check_message(check if isinstance(check, Check) else data)
    return {"code": str(data["code"]), "severity": str(data["severity"]), "message": message,
            "ids": tuple(data.get("ids") or ()), "fix": str(data.get("fix") or "")}


def escape(text: str) -> str:
    """HTML-escape element text (quotes need no escaping outside attributes, and read better raw)."""
    return _escape(text, quote=False)


def sentence(text: str) -> str:
    """Engine messages start in lower case (they are also spliced into reports); a list row is a sentence."""
    return text[:1].upper() + text[1:]


def tooltip_html(check: dict[str, Any]) -> str:
    """The fix first (what the user came for), then the code and the objects involved."""
    severity = translate(SEVERITY_WORDS.get(check["severity"], check["severity"].capitalize()))
    parts = [f"<b>{escape(severity)}</b>: {escape(sentence(check['message']))}"]
    if check["fix"]:
        fix = check_fix(check["code"], sentence(check["fix"]))
        parts.append(f"<b>{translate('Fix:')}</b> {escape(fix)}")
    ids = check["ids"]
    if ids:
        shown = ", ".join(ids[:IDS_SHOWN_IN_TOOLTIP])
        hidden = len(ids) - IDS_SHOWN_IN_TOOLTIP
        more = translate(" and {n} more").format(n=hidden) if hidden > 0 else ""
        parts.append(f"<i>{translate('Involves:')}</i> {escape(shown)}{more}")
    parts.append(f"<span style='color:{tooltip_muted()}'>{escape(check['code'])}</span>")
    return "<p>" + "</p><p>".join(parts) + "</p>"


def check_kind(check: Any) -> tuple[str, str]:
    """(severity, code) of an engine Check or of check_fields' dict, without converting either."""
    if isinstance(check, Check):
        return str(check.severity), check.code
    return check["severity"], check["code"]


class CheckGroup:
    """One finding repeated on many objects: its members, and the summary row built when first shown."""

    __slots__ = ("_summary", "members")

    def __init__(self, members: list[Any]) -> None:
        self.members, self._summary = members, None

    def summary(self, with_ids: bool) -> dict[str, Any]:
        """The row's fields; its ids (every member's, 8,000 at 100,000 GPUs) only when ``with_ids``."""
        if self._summary is None:
            first = as_fields(self.members[0])
            self._summary = {**first, "ids": None, "message": translate("{message} — and {n} more like it").format(
                message=sentence(first["message"]), n=f"{len(self.members) - 1:,}")}
        if with_ids and self._summary["ids"] is None:
            ids = (member.ids if isinstance(member, Check) else member["ids"] for member in self.members)
            self._summary["ids"] = tuple(dict.fromkeys(chain.from_iterable(ids)))
        return self._summary


def group_checks(checks: list[Any]) -> list[tuple[Any, list[Any]]]:
    """Rows of the list: (check, []) for a lone check, (CheckGroup, members) for a repeated one.

    A finding repeated on GROUP_FROM or more objects (the same code and severity: "rack over its
    cooling" on 1,500 racks) becomes one row that expands to its members; selecting it selects
    every object involved. The engine's order (most severe first) is kept. Checks stay as they came
    (engine Checks or dicts): a row is turned into text only when the view shows it.
    """
    by_kind: dict[tuple[str, str], list[Any]] = {}
    for check in checks:
        by_kind.setdefault(check_kind(check), []).append(check)
    rows: list[tuple[Any, list[Any]]] = []
    for members in by_kind.values():
        if len(members) < GROUP_FROM:
            rows.extend((check, []) for check in members)
        else:
            rows.append((CheckGroup(members), members))
    return rows


def as_fields(check: Any) -> dict[str, Any]:
    """check_fields' dict of a stored check (an engine Check, or a dict already checked)."""
    return check_fields(check) if isinstance(check, Check) else check  # type: ignore[no-any-return]
