"""The engine's checks (errors, warnings, notes) as a filterable list; clicking one selects its objects.

Qt model/view: :class:`ChecksModel` holds the latest checks, :class:`SeverityFilter` hides the
severities the user switched off, and the list view only displays. New results replace the model's
rows in place (``beginResetModel``), so the widget is never rebuilt.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QSize,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from planner_gui.engine import Check
from planner_gui.i18n import CHINESE, current_language
from planner_gui.i18n.checks_zh import check_title
from planner_gui.ui.palette_text import muted_text
from planner_gui.ui.panels.checks_groups import (
    CheckGroup,
    as_fields,
    check_fields,
    check_kind,
    group_checks,
    sentence,
    tooltip_html,
)
from planner_gui.ui.panels.checks_groups import translate as _tr
from planner_gui.ui.results.style import SEVERITIES, severity_icon

LIST_MARGIN_PX = 2  # a dock's frame already pads; a thin margin keeps the content off it
SEVERITY_ROLE = Qt.ItemDataRole.UserRole + 1
IDS_ROLE = Qt.ItemDataRole.UserRole + 2
CODE_ROLE = Qt.ItemDataRole.UserRole + 3
NOUNS = {"error": (QT_TRANSLATE_NOOP("ChecksList", "error"), QT_TRANSLATE_NOOP("ChecksList", "errors")),
         "warning": (QT_TRANSLATE_NOOP("ChecksList", "warning"), QT_TRANSLATE_NOOP("ChecksList", "warnings")),
         "info": (QT_TRANSLATE_NOOP("ChecksList", "note"), QT_TRANSLATE_NOOP("ChecksList", "notes"))}
NOT_COMPUTED = QT_TRANSLATE_NOOP("ChecksList", "Checks not yet computed")
NO_PROBLEMS = QT_TRANSLATE_NOOP("ChecksList", "No problems found")
ALL_HIDDEN = QT_TRANSLATE_NOOP("ChecksList", "All checks hidden by the filter")

_Index = QModelIndex | QPersistentModelIndex
_ROLES_WITH_IDS = frozenset((Qt.ItemDataRole.ToolTipRole, IDS_ROLE))  # the roles that read a row's ids


class ChecksModel(QAbstractItemModel):
    """The checks as a two-level tree: top rows (lone checks or group summaries) and group members.

    The view asks only for the rows it shows. New checks are grouped by (severity, code) straight
    from the engine's objects; a row's text and ids are made when the view first asks for them, so
    8,700 checks cost ~20-40 ms per update, not ~120 (8,000 of one kind and 700 of 70 others).
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._checks: list[Any] = []
        self._rows: list[tuple[Any, list[Any]]] = []
        self._counts: Counter[str] = Counter()
        self._fields: dict[int, dict[str, Any]] = {}  # id(engine Check) -> its fields, for rows shown
        self._icons: dict[str, QIcon] = {}

    def set_checks(self, checks: Iterable[Any]) -> None:
        """Show ``checks`` (engine Checks or their JSON); KeyError naming a malformed JSON check."""
        flat = [check if isinstance(check, Check) else check_fields(check) for check in checks]
        self.beginResetModel()
        self._checks, self._rows, self._fields = flat, group_checks(flat), {}
        self._counts = Counter()
        for head, members in self._rows:  # a group's members share its severity
            self._counts[self.top_severity_of(head)] += len(members) or 1
        self.endResetModel()

    def checks(self) -> list[dict[str, Any]]:
        """Every check, flat, in the engine's order, as check_fields' dicts."""
        return [as_fields(check) for check in self._checks]

    def severity_counts(self) -> Counter[str]:
        return Counter(self._counts)

    # Top rows carry internal id 0; a member of top row g carries g + 1, which is how parent() finds g.
    def index(self, row: int, column: int, parent: _Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if column != 0 or row < 0 or row >= self.rowCount(parent):
            return QModelIndex()
        return self.createIndex(row, 0, parent.row() + 1 if parent.isValid() else 0)

    def parent(self, index: _Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        group = index.internalId() if index.isValid() else 0
        return QModelIndex() if group == 0 else self.createIndex(group - 1, 0, 0)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        if not parent.isValid():
            return len(self._rows)
        return len(self._rows[parent.row()][1]) if parent.internalId() == 0 else 0

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 1

    def top_severity(self, row: int) -> str:
        return self.top_severity_of(self._rows[row][0])

    @staticmethod
    def top_severity_of(head: Any) -> str:
        return check_kind(head.members[0] if isinstance(head, CheckGroup) else head)[0]

    def check_at(self, index: _Index, with_ids: bool = True) -> dict[str, Any] | None:
        if not index.isValid():
            return None
        group = index.internalId()
        stored = self._rows[index.row()][0] if group == 0 else self._rows[group - 1][1][index.row()]
        if isinstance(stored, CheckGroup):
            return stored.summary(with_ids)
        if not isinstance(stored, Check):
            return stored  # type: ignore[no-any-return]
        fields = self._fields.get(id(stored))
        if fields is None:
            fields = self._fields[id(stored)] = check_fields(stored)
        return fields

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        check = self.check_at(index, with_ids=role in _ROLES_WITH_IDS)
        return None if check is None else self._role_value(check, role)

    def _role_value(self, check: dict[str, Any], role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            if current_language() == CHINESE:  # lead with the short title, as the zh PDF's findings table does
                return f"{check_title(check['code'])}：{sentence(check['message'])}"
            return sentence(check["message"])
        if role == Qt.ItemDataRole.DecorationRole:
            return self._icon(check["severity"])
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip_html(check)
        if role == Qt.ItemDataRole.ForegroundRole and check["severity"] == "info":
            return muted_text(None)  # a grey that reads on the theme's base (gray-500 was 2.5:1 on dark)
        if role == IDS_ROLE:
            return list(check["ids"])
        return {SEVERITY_ROLE: check["severity"], CODE_ROLE: check["code"]}.get(role)

    def _icon(self, severity: str) -> QIcon:
        if severity not in self._icons:  # painted once per severity, not per row
            self._icons[severity] = severity_icon(severity)
        return self._icons[severity]


class SeverityFilter(QSortFilterProxyModel):
    """Hides the rows whose severity the user switched off."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._hidden: set[str] = set()

    def set_shown(self, severity: str, shown: bool) -> None:
        self.beginFilterChange()
        if shown:
            self._hidden.discard(severity)
        else:
            self._hidden.add(severity)
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def hidden(self) -> set[str]:
        return set(self._hidden)

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:
        if source_parent.isValid():
            return True  # a group's members share its severity: the group row already decided
        model = self.sourceModel()
        if isinstance(model, ChecksModel):  # skip the QModelIndex round trip: thousands of rows per update
            return model.top_severity(source_row) not in self._hidden
        return model.index(source_row, 0, source_parent).data(SEVERITY_ROLE) not in self._hidden


class WrappingDelegate(QStyledItemDelegate):
    """Word-wrapped rows in a tree view.

    QTreeView asks its delegate for a row's size without the row's width, so Qt's style cannot wrap
    and every message would be cut to one elided line; this hint gives the width the text really
    gets (the column minus the indentation of the row's level).
    """

    def sizeHint(self, option: QStyleOptionViewItem, index: _Index) -> QSize:
        view = self.parent()
        if not isinstance(view, QTreeView):
            return super().sizeHint(option, index)
        depth = 1 if index.parent().isValid() else 0  # two levels: lone checks / groups, and members
        width = view.columnWidth(0) - view.indentation() * (depth + int(view.rootIsDecorated()))
        sized = QStyleOptionViewItem(option)
        sized.rect = QRect(0, 0, max(width, 1), 1)  # a valid rect is what makes the style wrap
        return super().sizeHint(sized, index)




def count_text(severity: str, count: int) -> str:
    singular, plural = NOUNS.get(severity, (severity, severity))
    return f"{count:,} {_tr(singular if count == 1 else plural)}"


class ChecksList(QWidget):
    """Counts per severity (each a filter toggle) over the list of checks."""

    def __init__(self, document: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("checksList")
        self._document = document
        self.model = ChecksModel(self)
        self.proxy = SeverityFilter(self)
        self.proxy.setSourceModel(self.model)
        self._buttons = {severity: self._filter_button(severity) for severity in SEVERITIES}
        self.empty = QLabel(_tr(NOT_COMPUTED))
        self.view = self._make_view()
        self._build_layout()
        document.results_updated.connect(self._on_document_results_updated)
        if getattr(document, "analysis", None) is not None:
            self._on_document_results_updated(document.analysis)

    # ----- construction ----------------------------------------------------------------------
    def _filter_button(self, severity: str) -> QToolButton:
        button = QToolButton(self)
        button.setObjectName(f"checksFilter{severity.capitalize()}")
        button.setCheckable(True)
        button.setChecked(True)
        button.setAutoRaise(True)
        button.setIcon(severity_icon(severity))
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        button.setToolTip(self.tr("Show or hide {what}").format(what=_tr(NOUNS[severity][1])))
        button.setText(count_text(severity, 0))
        button.toggled.connect(lambda shown, s=severity: self._on_filter_toggled(s, shown))
        return button

    def _make_view(self) -> QTreeView:
        view = QTreeView(self)
        view.setObjectName("checksView")
        view.setModel(self.proxy)
        view.setHeaderHidden(True)
        view.setWordWrap(True)
        view.setUniformRowHeights(False)
        view.setAlternatingRowColors(True)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        view.setItemDelegate(WrappingDelegate(view))
        # Row heights depend on the width: lay the rows out again when the column (the dock) resizes.
        view.header().sectionResized.connect(self._on_header_section_resized)
        view.clicked.connect(self._on_view_clicked)
        view.activated.connect(self._on_view_clicked)  # Enter on a row does what a click does
        return view

    def _build_layout(self) -> None:
        header = QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        for button in self._buttons.values():
            header.addWidget(button)
        header.addStretch(1)
        self.empty.setObjectName("checksEmpty")
        self.empty.setEnabled(False)  # drawn in the disabled (grey) colour: a state, not content
        layout = QVBoxLayout(self)
        layout.setContentsMargins(LIST_MARGIN_PX, LIST_MARGIN_PX, LIST_MARGIN_PX, LIST_MARGIN_PX)
        layout.addLayout(header)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.empty, 1)
        layout.addWidget(self.view, 1)
        self.view.setVisible(False)  # until there is something to list

    # ----- state -----------------------------------------------------------------------------
    def counts(self) -> dict[str, int]:
        found = self.model.severity_counts()
        return {severity: found.get(severity, 0) for severity in SEVERITIES}

    def filter_button(self, severity: str) -> QToolButton:
        return self._buttons[severity]

    def _refresh_header(self) -> None:
        for severity, count in self.counts().items():
            self._buttons[severity].setText(count_text(severity, count))
        if not self.model.rowCount():
            self.empty.setText(_tr(NO_PROBLEMS))
        elif not self.proxy.rowCount():
            self.empty.setText(_tr(ALL_HIDDEN))
        listing = bool(self.proxy.rowCount())
        self.empty.setVisible(not listing)
        self.view.setVisible(listing)

    # ----- slots -----------------------------------------------------------------------------
    def _on_document_results_updated(self, analysis: Any) -> None:
        checks = getattr(analysis, "checks", None)
        if checks is None and isinstance(analysis, dict):
            checks = analysis.get("checks")
        self.model.set_checks(checks or ())
        self._refresh_header()

    def _on_filter_toggled(self, severity: str, shown: bool) -> None:
        self.proxy.set_shown(severity, shown)
        self._refresh_header()

    def _on_header_section_resized(self, *_: int) -> None:
        self.view.doItemsLayout()

    def _on_view_clicked(self, index: QModelIndex) -> None:
        ids = index.data(IDS_ROLE)
        if ids is not None:
            self._document.select(list(ids))
