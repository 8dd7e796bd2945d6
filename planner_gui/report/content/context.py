"""What every section builder reads: the design, the catalog, the analysis and the language.

The engine's own sentences (why a section is missing, a workload's layout error, the storage it
read) are :class:`~planner_gui.model.messages.Text`: English strings that a translator can render
again. Content is pure Python, so the PDF renderer passes that translator in (``Ctx.translate``,
its ``.qm`` lookup); without one a Chinese proposal quotes them in English.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import date

from planner_gui.catalog import Catalog, CatalogEntry
from planner_gui.engine import Analysis, Bom, build_bom
from planner_gui.model import Design
from planner_gui.model.messages import Translate, render
from planner_gui.report.content.bom_text import customer_name
from planner_gui.report.content.i18n import Tr

NAME_LIMIT = 120  # characters of a user-given name kept in a table cell; the cover shows more
ELLIPSIS = "…"
REASON_LIMIT = 200  # characters of an engine reason quoted in the proposal


def shorten(text: str, limit: int = NAME_LIMIT) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis: a 500-character name must not fill a page."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + ELLIPSIS


@dataclass
class Ctx:
    design: Design
    catalog: Catalog
    analysis: Analysis
    t: Tr
    today: date
    translate: Translate | None = field(default=None, repr=False)  # engine sentences in Chinese (see above)
    _kinds: dict[str, int] | None = field(default=None, repr=False)
    _bill: Bom | None = field(default=None, repr=False)

    def bill(self) -> Bom:
        """The analysis' bill of materials (built here only for an analysis made without one): the one
        list of parts the BOM, the cable tables and the sources appendix all read."""
        if self._bill is None:
            found = getattr(self.analysis, "bom", None)
            self._bill = found if found is not None else build_bom(self.design, self.catalog)
        return self._bill

    def said(self, value: object) -> str:
        """An engine sentence (a Text, or any value) in the proposal's language; English without a translator."""
        if self.t.zh and self.translate is not None:
            return render(value, self.translate)
        return str(value)

    def entry(self, catalog_id: str) -> CatalogEntry | None:
        return self.catalog.get(catalog_id)

    def describe(self, catalog_id: str) -> str:
        """The part's name for a buyer (:meth:`part_name`), or a note that this installation does not know it."""
        entry = self.catalog.get(catalog_id)
        return self.part_name(entry) if entry is not None else self.t("bom.unknown_item")

    def part_name(self, entry: CatalogEntry) -> str:
        """A catalog part as the bill names it: its Chinese name in Chinese, else the name without the
        catalog's internal wording ("planning archetype", "X class")."""
        return str(entry.get("name_zh") or entry.name) if self.t.zh else customer_name(str(entry.name))

    def kind(self, catalog_id: str) -> str:
        entry = self.catalog.get(catalog_id)
        return "unknown" if entry is None else entry.kind

    def device_counts(self) -> Counter[str]:
        """Devices per catalog id."""
        return Counter(d.catalog_id for d in self.design.devices.values())

    def servers(self) -> Counter[str]:
        return Counter({cid: n for cid, n in self.device_counts().items() if self.kind(cid) == "server"})

    def main_server(self) -> CatalogEntry | None:
        counts = self.servers()
        return self.catalog.get(counts.most_common(1)[0][0]) if counts else None

    def used_ids(self) -> list[str]:
        """Every catalog id the design uses: the bill's parts (devices, NICs, cables and optics as billed,
        racks), the servers' GPUs and the racks' cooling."""
        ids: set[str] = set()
        for device in self.design.devices.values():
            ids.add(device.catalog_id)
            entry = self.catalog.get(device.catalog_id)
            if entry is not None and entry.kind == "server":
                ids.update(
                    x for x in (entry.get("gpu_id"), device.nic_id or entry.get("default_nic_id")) if x
                )
        for rack in self.design.racks.values():
            ids.update((rack.catalog_id, str(rack.cooling)))
        ids.update(line.part for line in self.bill().lines)
        return sorted(i for i in ids if i in self.catalog)

    def name(self) -> str:
        return self.design.meta.name.strip() or self.t("cover.untitled")

    def missing_reason(self, name: str, reason: str) -> str:
        """Why an analysis section is absent; the usual causes in the report's language."""
        if name in ("training", "storage") and self.design.workload is None:
            return self.t("sum.no_workload")
        if not self.servers():
            return self.t("sum.no_servers_reason")
        return shorten(self.said(reason), REASON_LIMIT)
