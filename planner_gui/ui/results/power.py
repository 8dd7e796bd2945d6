"""Per-rack power and cooling as compact bars: peak draw against what the rack can get, heat against
what its cooling removes, each green / amber / red by the rack view's rule (ui/colors.load_colour).

A table view over a model, so a 500-rack design scrolls without painting 1,000 bars; sorting by
a column orders racks by load. New results update the rows in place (``dataChanged`` when the
racks are the same ones, a reset only when racks were added or removed).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter, gt
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QRectF,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from planner_gui.engine import delta_t_k_from_f
from planner_gui.present import (
    format_airflow,
    format_count,
    format_kw,
    format_percent,
    format_temperature_rise,
    plural,
)
from planner_gui.ui import colors
from planner_gui.ui.changed_racks import changed_racks
from planner_gui.ui.palette_text import draw_over_bar
from planner_gui.ui.results.style import load_colour, load_fraction

W_PER_KW = 1000.0  # unit conversion (the summary states kW, the reports W)
BAR_ROLE = Qt.ItemDataRole.UserRole + 1  # (draw W, limit W) of a bar cell
ID_ROLE = Qt.ItemDataRole.UserRole + 2
COLUMNS = (QT_TRANSLATE_NOOP("PowerView", "Rack"), QT_TRANSLATE_NOOP("PowerView", "GPUs"),
           QT_TRANSLATE_NOOP("PowerView", "Power (peak / supply)"),
           QT_TRANSLATE_NOOP("PowerView", "Cooling (heat / capacity)"))
RACK, GPUS, POWER, COOLING = range(len(COLUMNS))
BAR_MARGIN_PX = 2  # inside the cell, so adjacent rows' bars do not touch
BAR_ALPHA = 150  # of 255: the fill stays light enough for the cell text drawn over it
OVER_LIMIT_FULL = 1.0  # a bar over its limit fills the cell (the text gives the amount)
ROW_PADDING_PX = 6  # above and below the text line, room for the bar's margins
CONTENT_SAMPLE_ROWS = 50  # the name and GPU columns are sized from this many rows, not all of them

_Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True, slots=True)
class RackLoad:
    rack_id: str
    label: str
    gpus: int
    power_w: float  # peak (maximum) draw
    supply_w: float  # power budget capped by the feeds
    heat_w: float
    cooling_w: float  # what the rack's cooling removes
    power: Any  # the engine's RackPower and RackCooling, for the tooltips (built only when shown)
    cooling: Any
    airflow_m3h: float = 0.0


def bar_text(draw_w: float, limit_w: float) -> str:
    """"41.1 / 42.0 kW (98%)": the draw, the limit it is held against, and the ratio."""
    fraction = None if limit_w <= 0 else draw_w / limit_w
    return f"{draw_w / W_PER_KW:,.1f} / {format_kw(limit_w)} ({format_percent(fraction, 0)})"


def rack_loads(power: Any, cooling: Any, design: Any, last: dict[str, RackLoad] | None = None) -> list[RackLoad]:
    """One row per rack of the power report, joined with its cooling (engine PowerReport/CoolingReport).
    A row of ``last`` (the rows shown before, by rack id) is taken as it is when its rack's power and
    cooling are the very objects it was made from and its label is the same."""
    rows = []
    last = last or {}
    cooling_racks = {} if cooling is None else cooling.racks
    design_racks = {} if design is None else design.racks
    for rack_id, rack in power.racks.items():
        cool = cooling_racks.get(rack_id)
        model_rack = design_racks.get(rack_id)
        label = (model_rack.name or rack_id) if model_rack is not None else rack_id
        old = last.get(rack_id)
        if old is not None and old.power is rack and old.cooling is cool and old.label == label:
            rows.append(old)
            continue
        rows.append(_rack_load(rack_id, label, rack, cool))
    return rows


def _rack_load(rack_id: str, label: str, rack: Any, cool: Any) -> RackLoad:
    return RackLoad(rack_id, label, rack.gpu_count, rack.max_w, rack.supply_w, cool.heat_w if cool else rack.max_w,
                    cool.capacity_w if cool else 0.0, rack, cool, cool.airflow_m3h if cool else 0.0)


class KeptRows:
    """The rows shown last and the engine's rack reports they were made from. The engine says which racks'
    reports are new since the report before (PowerReport and CoolingReport ``rack_changes``); when that is
    the report shown, only those rows and the rows of racks the document changed since (``touched``: a
    rename keeps the rack's reports) are made again, and the model is told which: a budget edit of one of
    6,700 racks (100,000 GPUs) makes one row (~25 ms of Python per edit when every rack was compared).
    Without a document to say which racks it changed, every row is compared."""

    def __init__(self, follows_document: bool) -> None:
        self._follows = follows_document
        self._shown: tuple[object, object, list[RackLoad], dict[str, int]] | None = None
        self.touched: set[str] = set()  # racks the document changed since the rows were made

    def forget(self) -> None:
        self._shown = None
        self.touched.clear()

    def touch(self, rack_ids: list[str]) -> None:
        """The document changed these racks (a name, a budget...)."""
        self.touched.update(rack_ids)

    def rows(self, power: Any, cooling: Any, design: Any) -> tuple[list[RackLoad], list[int] | None]:
        """(rows, the positions of the rows that may differ from those shown; None: any may)."""
        changed = self._changed(power, cooling)
        touched, self.touched = self.touched, set()
        if changed is not None and not all(map(power.racks.__contains__, changed | touched)):
            changed = None  # a rack the report lacks: every row is compared
        if changed is None or self._shown is None:
            rows = rack_loads(power, cooling, design, None if self._shown is None
                              else {r.rack_id: r for r in self._shown[2]})
            positions = None
        else:
            rows, index = list(self._shown[2]), self._shown[3]
            positions = sorted({index[rack_id] for rack_id in changed | touched if rack_id in index})
            cooling_racks = {} if cooling is None else cooling.racks
            for i in positions:
                rack_id = rows[i].rack_id
                model_rack = design.racks.get(rack_id) if design is not None else None
                label = (model_rack.name or rack_id) if model_rack is not None else rack_id
                rows[i] = _rack_load(rack_id, label, power.racks[rack_id], cooling_racks.get(rack_id))
        index = self._shown[3] if positions is not None and self._shown is not None else \
            {row.rack_id: i for i, row in enumerate(rows)}
        follows = self._follows and cooling is not None
        self._shown = (power.racks, cooling.racks, rows, index) if follows else None
        return rows, positions

    def _changed(self, power: Any, cooling: Any) -> set[str] | None:
        if self._shown is None or cooling is None:
            return None
        return changed_racks((power, cooling), self._shown[:2])


translate = QCoreApplication.translate  # lupdate reads translate("Context", "literal") calls
# Cooling types as the tooltips name them (model CoolingType values).
COOLING_WORDS = {"air": QT_TRANSLATE_NOOP("PowerView", "Air"), "rdhx": QT_TRANSLATE_NOOP("PowerView", "Rear-door"),
                 "liquid": QT_TRANSLATE_NOOP("PowerView", "Liquid")}


def _power_tip(rack: Any) -> str:
    feeds = format_kw(rack.feed_a_w) + ("" if rack.feed_b_w is None else f" + {format_kw(rack.feed_b_w)}")
    lines = [translate("PowerView", "Peak draw {peak} (typical {typical})").format(
                 peak=format_kw(rack.max_w), typical=format_kw(rack.typical_w)),
             translate("PowerView", "Power budget {budget}; feeds carry {feeds} continuously").format(
                 budget=format_kw(rack.budget_w), feeds=feeds),
             translate("PowerView", "Supply (budget capped by feeds): {supply}").format(
                 supply=format_kw(rack.supply_w))]
    if not rack.feed_redundant:
        lines.append(translate("PowerView", "Not feed-redundant: losing one feed trips the other"))
    return "\n".join(lines)


def _cooling_tip(cool: Any) -> str:
    if cool is None:
        return translate("PowerView", "Cooling not computed")
    source = (translate("PowerView", "catalog figure") if cool.capacity_source == "catalog"
              else translate("PowerView", "set on the rack"))
    kind = translate("PowerView", COOLING_WORDS.get(str(cool.cooling), str(cool.cooling)))
    lines = [translate("PowerView", "Heat {heat} ({btu} BTU/h)").format(
                 heat=format_kw(cool.heat_w), btu=f"{cool.heat_btu_h:,.0f}"),
             translate("PowerView", "{kind} cooling removes {capacity} ({source})").format(
                 kind=kind, capacity=format_kw(cool.capacity_w), source=source)]
    if cool.air_w > 0.0:
        rise = format_temperature_rise(delta_t_k_from_f(cool.air_delta_t_f))
        lines.append(translate("PowerView", "Airflow {airflow} at a {rise} air temperature rise").format(
            airflow=format_airflow(cool.airflow_m3h), rise=rise))
    if cool.throttle_factor < 1.0:
        lines.append(translate("PowerView", "GPUs throttle to about {share}").format(
            share=format_percent(cool.throttle_factor, 0)))
    return "\n".join(lines)


class RackLoadModel(QAbstractTableModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[RackLoad] = []

    def set_rows(self, rows: list[RackLoad], positions: list[int] | None = None) -> None:
        """Show ``rows``; ``positions``, when known, are the only rows that may differ from those shown (the
        same racks in the same order), so the others are not compared."""
        same_racks = (positions is not None and len(rows) == len(self._rows)) or \
            [r.rack_id for r in rows] == [r.rack_id for r in self._rows]
        if same_racks and rows:
            old, self._rows = self._rows, rows  # keep scroll position and selection: only values changed
            maybe = range(len(rows)) if positions is None else positions
            changed = [i for i in maybe if old[i] is not rows[i] and old[i] != rows[i]]
            if changed:  # one range over the rows that changed: a rack's budget edit repaints one row
                first = RACK if any(_named_differently(old[i], rows[i]) for i in changed) else POWER
                # only the bar columns when no name or GPU count changed: the header then does not size
                # its content-sized columns again (400 model calls over its sample rows, a pane hidden or not)
                self.dataChanged.emit(self.index(changed[0], first), self.index(changed[-1], len(COLUMNS) - 1))
            return
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def rows(self) -> list[RackLoad]:
        return list(self._rows)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return QCoreApplication.translate("PowerView", COLUMNS[section])
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        if role == ID_ROLE:
            return row.rack_id
        if role == Qt.ItemDataRole.ToolTipRole and index.column() in (POWER, COOLING):
            return _power_tip(row.power) if index.column() == POWER else _cooling_tip(row.cooling)
        return _cell(row, index.column()).get(role)


def _named_differently(was: RackLoad, now: RackLoad) -> bool:
    """The row's content-sized columns (name, GPUs) changed."""
    return was.label != now.label or was.gpus != now.gpus


def _cell(row: RackLoad, column: int) -> dict[int, Any]:
    """Every role's value for one cell; UserRole is the sort key (the load fraction for bars)."""
    role = Qt.ItemDataRole
    if column == RACK:
        return {role.DisplayRole: row.label, role.UserRole: row.label}
    if column == GPUS:
        right = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return {role.DisplayRole: format_count(row.gpus), role.UserRole: row.gpus,
                role.TextAlignmentRole: right}
    draw, limit = (row.power_w, row.supply_w) if column == POWER else (row.heat_w, row.cooling_w)
    return {role.DisplayRole: bar_text(draw, limit), BAR_ROLE: (draw, limit),
            role.UserRole: load_fraction(draw, limit)}


class LoadBarDelegate(QStyledItemDelegate):
    """Paints a cell's (draw, limit) as a bar filled to draw ÷ limit, coloured by load level."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        bar = index.data(BAR_ROLE)
        if bar is None:
            super().paint(painter, option, index)
            return
        draw, limit = bar
        if option.state & QStyle.StateFlag.State_Selected:
            painter.fillRect(option.rect, option.palette.color(QPalette.ColorRole.Highlight))
        cell = option.rect.adjusted(BAR_MARGIN_PX, BAR_MARGIN_PX, -BAR_MARGIN_PX, -BAR_MARGIN_PX)
        fraction = load_fraction(draw, limit)
        track = option.palette.color(QPalette.ColorRole.AlternateBase).name()
        fill = colors.bar_fill(load_colour(fraction), track, BAR_ALPHA / 255.0)  # as it shows on the track
        fraction = min(fraction, OVER_LIMIT_FULL)
        painter.save()
        painter.fillRect(cell, QColor(track))
        filled = QRect(cell.left(), cell.top(), round(cell.width() * fraction), cell.height())
        painter.fillRect(filled, QColor(fill))
        draw_over_bar(painter, QRectF(cell), Qt.AlignmentFlag.AlignCenter,
                      index.data(Qt.ItemDataRole.DisplayRole), cell.left() + filled.width(),
                      (fill, track), option.palette.color(QPalette.ColorRole.Text).name())
        painter.restore()


class PowerView(QWidget):
    """Totals over a table of racks with their power and cooling bars; clicking a rack selects it."""

    def __init__(self, document: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resultsPower")
        self._document = document
        self.totals = QLabel()
        self.totals.setObjectName("powerTotals")
        self.totals.setWordWrap(True)
        self.model = RackLoadModel(self)
        self._kept = KeptRows(document is not None)  # what the rows shown were made from (a budget edit: one row)
        if document is not None:
            document.racks_changed.connect(self._kept.touch)
            document.design_replaced.connect(self._kept.forget)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole)
        self.table = self._make_table()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.totals)
        layout.addWidget(self.table, 1)

    def _make_table(self) -> QTableView:
        table = QTableView(self)
        table.setObjectName("powerTable")
        table.setModel(self.proxy)
        table.setItemDelegate(LoadBarDelegate(table))
        table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        table.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        rows = table.verticalHeader()
        rows.setVisible(False)
        # Fixed row heights: sizing rows (or columns) to contents asks the model about every one of
        # a 1,500-rack design's cells on each update, ~0.4 s of Python per edit.
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(table.fontMetrics().height() + ROW_PADDING_PX)
        header = table.horizontalHeader()
        header.setResizeContentsPrecision(CONTENT_SAMPLE_ROWS)
        for column in (RACK, GPUS):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        for column in (POWER, COOLING):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # design order until a header is clicked
        table.setSortingEnabled(True)
        table.clicked.connect(self._on_table_clicked)
        return table

    def show_reports(self, power: Any, cooling: Any, summary: Any, design: Any, reason: str = "") -> None:
        """Show the engine's reports; ``power`` None clears the table and says ``reason``."""
        if power is None:
            self._kept.forget()
            self.model.set_rows([])
            self.totals.setText(translate("PowerView", "Power and cooling not available: {reason}").format(
                reason=reason or translate("PowerView", "not yet computed")))
            return
        rows, positions = self._kept.rows(power, cooling, design)
        self.model.set_rows(rows, positions)
        self.totals.setText(totals_text(summary, rows, cooling))

    def _on_table_clicked(self, index: QModelIndex) -> None:
        rack_id = index.data(ID_ROLE)
        if rack_id is not None and self._document is not None:
            self._document.select([rack_id])


def totals_text(summary: Any, rows: list[RackLoad], cooling: Any = None) -> str:
    """IT load, facility load, the room airflow and how many racks are short of power or cooling."""
    parts = []
    if summary is not None and summary.it_kw is not None:
        parts.append(translate("PowerView", "IT {typical} typical, {peak} peak").format(
            typical=format_kw(summary.it_kw * W_PER_KW), peak=format_kw((summary.it_peak_kw or 0.0) * W_PER_KW)))
    if summary is not None and summary.facility_kw is not None and summary.pue is not None:
        parts.append(translate("PowerView", "facility {kw} at PUE {pue}").format(
            kw=format_kw(summary.facility_kw * W_PER_KW), pue=f"{summary.pue:.2f}"))
    # C-level passes: 6,700 racks at 100,000 GPUs, after every edit
    airflow = sum(map(_AIRFLOW, rows)) if cooling is not None else 0.0
    if airflow > 0.0:
        parts.append(translate("PowerView", "airflow {airflow}").format(airflow=format_airflow(airflow)))
    short_power = sum(map(gt, map(_POWER_W, rows), map(_SUPPLY_W, rows)))
    short_cooling = sum(map(gt, map(_HEAT_W, rows), map(_COOLING_W, rows)))
    parts.append(plural(len(rows), translate("PowerView", "{racks} rack: {power} short of power, {cooling} short of "
                                             "cooling"),
                        translate("PowerView", "{racks} racks: {power} short of power, {cooling} short of cooling")
                        ).format(
        racks=len(rows), power=short_power, cooling=short_cooling))
    return " · ".join(parts)


_AIRFLOW, _POWER_W, _SUPPLY_W = attrgetter("airflow_m3h"), attrgetter("power_w"), attrgetter("supply_w")
_HEAT_W, _COOLING_W = attrgetter("heat_w"), attrgetter("cooling_w")
