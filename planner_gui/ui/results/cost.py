"""The cost summary: buy, rent and cloud side by side, cost per GPU-hour and the break-even months.

A fixed table (rows are figures, columns the options the design prices) whose cells are rewritten
on every result; options without prices hide their column. Amounts are in the design's currency
(engine/cost/tco.py), formatted with its symbol and thousands separators.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from planner_gui.engine import BREAK_EVEN_HORIZON_MONTHS
from planner_gui.present import W_PER_KW, format_kw, format_money, format_months, format_percent, plural
from planner_gui.ui.palette_text import readable_on
from planner_gui.ui.results.style import AMBER

OPTIONS = ("buy", "rent", "cloud")  # engine CostReport.options keys
OPTION_TITLES = {"buy": QT_TRANSLATE_NOOP("CostView", "Buy"),
                 "rent": QT_TRANSLATE_NOOP("CostView", "Rent (alternative)"),
                 "cloud": QT_TRANSLATE_NOOP("CostView", "Cloud (alternative)")}
ROWS = (QT_TRANSLATE_NOOP("CostView", "Up front"),
        QT_TRANSLATE_NOOP("CostView", "Monthly"),
        QT_TRANSLATE_NOOP("CostView", "Total"),
        QT_TRANSLATE_NOOP("CostView", "Per GPU-hour"), QT_TRANSLATE_NOOP("CostView", "Network share"))
MONTHS_PER_YEAR = 12  # unit conversion, for the break-even horizon's wording


def _cells(option: Any, currency: str) -> list[str]:
    """The column of one option (engine CostOption), in ROWS order."""
    return [format_money(option.upfront, currency), format_money(option.monthly, currency),
            format_money(option.total, currency), format_money(option.per_gpu_hour, currency),
            format_percent(option.network_share)]


translate = QCoreApplication.translate  # lupdate reads translate("Context", "literal") calls


def row_tips(project_months: int) -> list[str]:
    return [translate("CostView", "Buy: hardware, installation and a first year of support. Rent: the first "
                                  "bill (a year when prepaid annually)."),
            translate("CostView", "Buy: electricity and rack space of the bought cluster. Rent: the month paid "
                                  "(a twelfth of a prepaid year). Cloud: the monthly bill."),
            translate("CostView", "Everything paid over the {months} project.").format(
                months=format_months(project_months, adjective=True)),
            translate("CostView", "Total ÷ GPU-hours of the project (every GPU, every hour)."),
            translate("CostView", "Switches, NICs and cables as a share of the total.")]


def break_even_lines(cost: Any) -> list[str]:
    """Plain sentences on when buying pays back against renting and the cloud (engine CostReport)."""
    years = BREAK_EVEN_HORIZON_MONTHS // MONTHS_PER_YEAR
    lines = []
    for other, month in (("rent", cost.buy_vs_rent_month), ("cloud", cost.buy_vs_cloud_month)):
        if other not in cost.options:
            continue
        if month is None:
            text = (translate("CostView", "Buying never costs less than renting within the {years}-year hardware "
                                          "life.") if other == "rent" else
                    translate("CostView", "Buying never costs less than the cloud within the {years}-year hardware "
                                          "life."))
            lines.append(text.format(years=years))
            continue
        within = month <= cost.project_months
        if other == "rent":
            text = (translate("CostView", "Buying costs less than renting from month {month} on (within the "
                                          "{project} project).") if within else
                    translate("CostView", "Buying costs less than renting from month {month} on (after the "
                                          "{project} project ends)."))
        else:
            text = (translate("CostView", "Buying costs less than the cloud from month {month} on (within the "
                                          "{project} project).") if within else
                    translate("CostView", "Buying costs less than the cloud from month {month} on (after the "
                                          "{project} project ends)."))
        lines.append(text.format(month=month, project=format_months(cost.project_months, adjective=True)))
    return lines


def saving_lines(cost: Any, currency: str) -> list[str]:
    lines = []
    if cost.upfront_saving_rent_vs_buy is not None:
        saving = cost.upfront_saving_rent_vs_buy
        text = (translate("CostView", "Renting needs {share} less cash up front than buying.") if saving >= 0
                else translate("CostView", "Renting needs {share} more cash up front than buying."))
        lines.append(text.format(share=format_percent(abs(saving), 0)))
    if cost.rent_vs_cloud_saving is not None:
        saving = cost.rent_vs_cloud_saving
        text = (translate("CostView", "Renting costs {share} less per month than the same GPUs in the cloud.")
                if saving >= 0 else
                translate("CostView", "Renting costs {share} more per month than the same GPUs in the cloud."))
        lines.append(text.format(share=format_percent(abs(saving), 0)))
    for switch in cost.switches:
        payback = (translate("CostView", "never") if switch.months is None else
                   translate("CostView", "after {months} months").format(months=f"{switch.months:.1f}"))
        buy, rent = format_money(switch.buy_price, currency), format_money(switch.rent_month, currency)
        lines.append(translate("CostView", "{count} × {model}: buying ({buy} each) instead of renting "
                                           "({rent}/month) pays back {payback}.").format(
            count=switch.count, model=switch.catalog_id, buy=buy, rent=rent, payback=payback))
    return lines


def unpriced_lines(cost: Any) -> list[str]:
    texts = {"buy": translate("CostView", "No buy price for {ids}: left out of that total."),
             "rent": translate("CostView", "No rent price for {ids}: left out of that total."),
             "cloud": translate("CostView", "No cloud price for {ids}: left out of that total.")}
    return [texts.get(name, texts["buy"]).format(ids=", ".join(ids)) for name, ids in cost.unpriced.items() if ids]


class CostView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resultsCost")
        self.title = QLabel()
        self.title.setObjectName("costTitle")
        self.table = self._make_table()
        self.notes = QLabel()
        self.notes.setObjectName("costNotes")
        self.notes.setWordWrap(True)
        self.notes.setTextFormat(Qt.TextFormat.RichText)
        self.notes.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.table)
        layout.addWidget(self.notes, 1)

    def _make_table(self) -> QTableWidget:
        table = QTableWidget(len(ROWS), len(OPTIONS), self)
        table.setObjectName("costTable")
        table.setVerticalHeaderLabels([QCoreApplication.translate("CostView", r) for r in ROWS])
        table.setHorizontalHeaderLabels([QCoreApplication.translate("CostView", OPTION_TITLES[o]) for o in OPTIONS])
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustToContents)
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for row in range(len(ROWS)):
            for column in range(len(OPTIONS)):
                item = QTableWidgetItem()
                item.setTextAlignment(right)
                table.setItem(row, column, item)
        return table

    def cell_text(self, row_title: str, option: str) -> str:
        return self.table.item(ROWS.index(row_title), OPTIONS.index(option)).text()

    def option_shown(self, option: str) -> bool:
        return not self.table.isColumnHidden(OPTIONS.index(option))

    def show_cost(self, cost: Any, reason: str = "") -> None:
        """Fill the table from an engine CostReport; None hides every column and says ``reason``."""
        if cost is None:
            for column in range(len(OPTIONS)):
                self.table.setColumnHidden(column, True)
            why = reason or translate("CostView", "not yet computed")
            self.title.setText(translate("CostView", "<b>Cost</b> — not available: {reason}").format(
                reason=escape(why)))
            self.notes.setText("")
            return
        currency = cost.currency
        title = plural(cost.gpu_count, translate("CostView", "<b>Cost</b> over {months} for {gpus} GPU ({currency})"),
                       translate("CostView", "<b>Cost</b> over {months} for {gpus} GPUs ({currency})"))
        self.title.setText(title.format(
            months=escape(format_months(cost.project_months)), gpus=f"{cost.gpu_count:,}",
            currency=escape(currency)))
        tips = row_tips(cost.project_months)
        for column, name in enumerate(OPTIONS):
            option = cost.options.get(name)
            self.table.setColumnHidden(column, option is None)
            if option is not None:
                self._fill_column(column, _cells(option, currency), tips.__getitem__)
        self.notes.setText(notes_html(cost, currency))

    def _fill_column(self, column: int, texts: list[str], tip: Callable[[int], str]) -> None:
        for row, text in enumerate(texts):
            item = self.table.item(row, column)
            item.setText(text)
            item.setToolTip(tip(row))


def terms_lines(cost: Any, currency: str) -> list[str]:
    """The quote's terms (engine QuoteTerms): tax with buying's tax and total, validity, support, warranty."""
    terms, buy = cost.terms, cost.options.get("buy")
    rate = format_percent(terms.tax_rate, 0)
    if buy is None:
        lines = []
    elif terms.tax_rate <= 0:
        lines = [translate("CostView", "No tax rate is set: amounts are shown without tax.")]
    elif terms.prices_include_tax:
        lines = [translate("CostView", "Prices include VAT ({rate}): buying's total holds {tax} of tax.").format(
            rate=rate, tax=format_money(cost.tax(buy), currency))]
    else:
        lines = [translate("CostView", "Prices exclude VAT ({rate}): buying adds {tax}, {total} with tax.").format(
            rate=rate, tax=format_money(cost.tax(buy), currency),
            total=format_money(cost.total_with_tax(buy), currency))]
    if terms.quote_valid_until:
        lines.append(translate("CostView", "Prices valid until {date}.").format(date=terms.quote_valid_until))
    if buy is not None and "support" in buy.units:
        count, unit = buy.units["support"]
        lines.append(translate("CostView", "Support and extended warranty: {count} × {unit} a year.").format(
            count=count, unit=format_money(unit, currency)))
    if terms.warranty_years:
        lines.append(plural(terms.warranty_years,
                            translate("CostView", "Hardware warranty: {years} year, included in the prices."),
                            translate("CostView", "Hardware warranty: {years} years, included in the prices.")).format(
            years=terms.warranty_years))
    return lines


def energy_lines(cost: Any, currency: str) -> list[str]:
    """What buying's electricity is counted at (engine EnergyBasis): training load, typical as alternative."""
    energy = getattr(cost, "energy", None)
    if energy is None or "buy" not in cost.options:
        return []
    return [translate("CostView", "Electricity (in buying's monthly cost): {training}/month at the draw under "
                                  "training load ({training_kw} IT); at the typical draw ({typical_kw} IT), an "
                                  "alternative, {typical}/month.").format(
        training=format_money(energy.monthly_training, currency), training_kw=format_kw(energy.it_training_kw *
                                                                                         W_PER_KW),
        typical=format_money(energy.monthly_typical, currency),
        typical_kw=format_kw(energy.it_typical_kw * W_PER_KW))]


def notes_html(cost: Any, currency: str) -> str:
    plain = [escape(line) for line in energy_lines(cost, currency) + terms_lines(cost, currency)
             + break_even_lines(cost)
             + saving_lines(cost, currency)]
    amber = readable_on(AMBER, None)  # amber-500 is 2.2:1 on white: a darker amber there, itself on dark
    warned = [f"<span style='color:{amber}'>⚠ {escape(line)}</span>" for line in unpriced_lines(cost)]
    return "<br>".join(plain + warned)
