"""Bookmarks (the PDF outline) and clickable table-of-contents lines, added to the PDF Qt wrote.

QPdfWriter has no outline API and makes links only to URLs, so the finished file gets an
incremental update (ISO 32000-1 §7.5.6): new objects appended after Qt's, a new cross-reference
section and a trailer whose /Prev points at Qt's. Qt's own bytes are left untouched. What is
appended: an /Outlines tree (one item per section, its subsections as children) referenced from a
rewritten catalog, and /Link annotations with /GoTo destinations in the /Annots array Qt gives every
page. Pure Python on bytes: no Qt needed, so it is tested on its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

XREF_ENTRY_BYTES = 20  # "nnnnnnnnnn ggggg n\r\n": fixed width (ISO 32000-1 §7.5.4)


@dataclass(frozen=True, slots=True)
class Target:
    page: int  # 0-based
    top: float  # points from the top of the page


@dataclass(frozen=True, slots=True)
class Bookmark:
    title: str
    level: int  # 1: a section, 2: a subsection
    target: Target


@dataclass(frozen=True, slots=True)
class Link:
    page: int  # 0-based page the clickable area is on
    rect: tuple[float, float, float, float]  # left, top, right, bottom in points from the page's top-left
    target: Target


class PdfStructureError(ValueError):
    """The PDF is not laid out as QPdfWriter writes it (nothing is appended then)."""


def add_navigation(pdf: bytes, bookmarks: list[Bookmark], links: list[Link]) -> bytes:
    """``pdf`` with an outline of ``bookmarks`` and the clickable ``links`` appended as an update."""
    if not bookmarks and not links:
        return pdf
    doc = _Parsed(pdf)
    update = _Update(doc)
    pages = doc.page_ids()
    heights = [doc.page_height(page) for page in pages]

    def dest(target: Target) -> str:
        page = min(max(target.page, 0), len(pages) - 1)
        return f"[{pages[page]} 0 R /XYZ 0 {_num(heights[page] - target.top)} null]"

    if bookmarks:
        catalog = doc.object_body(doc.root)
        outline = update.outline(bookmarks, dest)
        catalog = re.sub(rb"/Outlines\s+\d+\s+0\s+R|/PageMode\s+/\w+", b"", catalog)
        catalog = catalog.replace(b"<<", f"<<\n/Outlines {outline} 0 R\n/PageMode /UseOutlines".encode(), 1)
        update.replace(doc.root, catalog)
    by_page: dict[int, list[Link]] = {}
    for link in links:
        by_page.setdefault(link.page, []).append(link)
    for page, page_links in by_page.items():
        page_id = pages[page]
        annots = doc.annots_id(page_id)
        kept = doc.object_body(annots).strip().strip(b"[]").decode("latin-1").split()
        refs = [" ".join(kept[i:i + 3]) for i in range(0, len(kept) - 2, 3)]
        for link in page_links:
            left, top, right, bottom = link.rect
            h = heights[page]
            rect = f"[{_num(left)} {_num(h - bottom)} {_num(right)} {_num(h - top)}]"
            annot = update.add(f"<<\n/Type /Annot\n/Subtype /Link\n/Rect {rect}\n/Border [0 0 0]\n"
                               f"/Dest {dest(link.target)}\n>>")
            refs.append(f"{annot} 0 R")
        update.replace(annots, f"[{' '.join(refs)}]".encode())
    return update.write()


def _num(value: float) -> str:
    return f"{value:.2f}"


def _pdf_text(text: str) -> str:
    """A text string as UTF-16BE hex with its byte-order mark (any script, nothing to escape)."""
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


class _Parsed:
    def __init__(self, pdf: bytes) -> None:
        self.pdf = pdf
        match = re.search(rb"startxref\s+(\d+)\s+%%EOF\s*$", pdf)
        if not match:
            raise PdfStructureError("no startxref at the end of the PDF")
        self.startxref = int(match.group(1))
        trailer = pdf[pdf.rindex(b"trailer"):match.start()]
        self.trailer = trailer
        self.size = int(self._ref(trailer, rb"/Size\s+(\d+)"))
        self.root = int(self._ref(trailer, rb"/Root\s+(\d+)\s+0\s+R"))
        self.offsets = self._xref()

    @staticmethod
    def _ref(text: bytes, pattern: bytes) -> bytes:
        found = re.search(pattern, text)
        if not found:
            raise PdfStructureError(f"no {pattern!r} in the PDF")
        return found.group(1)

    def _xref(self) -> dict[int, int]:
        head = re.compile(rb"xref\s+(\d+)\s+(\d+)\s*?\n").match(self.pdf, self.startxref)
        if not head:
            raise PdfStructureError("no cross-reference table where startxref points")
        first, count, at = int(head.group(1)), int(head.group(2)), head.end()
        offsets = {}
        for index in range(count):
            entry = self.pdf[at + index * XREF_ENTRY_BYTES: at + (index + 1) * XREF_ENTRY_BYTES]
            if entry[17:18] == b"n":
                offsets[first + index] = int(entry[:10])
        return offsets

    def object_body(self, number: int) -> bytes:
        start = self.offsets.get(number)
        if start is None:
            raise PdfStructureError(f"object {number} is not in the PDF")
        head = re.compile(rb"\d+\s+\d+\s+obj\s*").match(self.pdf, start)
        if not head:
            raise PdfStructureError(f"object {number} does not start where the table says")
        end = self.pdf.index(b"endobj", head.end())
        return self.pdf[head.end():end].rstrip()

    def page_ids(self) -> list[int]:
        pages = int(self._ref(self.object_body(self.root), rb"/Pages\s+(\d+)\s+0\s+R"))
        kids = self._ref(self.object_body(pages), rb"/Kids\s*\[([^\]]*)\]")
        return [int(n) for n in re.findall(rb"(\d+)\s+0\s+R", kids)]

    def page_height(self, page: int) -> float:
        box = self._ref(self.object_body(page), rb"/MediaBox\s*\[([^\]]*)\]").split()
        return float(box[3]) - float(box[1])

    def annots_id(self, page: int) -> int:
        return int(self._ref(self.object_body(page), rb"/Annots\s+(\d+)\s+0\s+R"))


class _Update:
    def __init__(self, doc: _Parsed) -> None:
        self.doc = doc
        self.next_id = doc.size
        self.bodies: dict[int, bytes] = {}

    def add(self, body: str) -> int:
        number = self.next_id
        self.next_id += 1
        self.bodies[number] = body.encode("latin-1")
        return number

    def replace(self, number: int, body: bytes) -> None:
        self.bodies[number] = body

    def outline(self, bookmarks: list[Bookmark], dest: Callable[[Target], str]) -> int:
        """The outline dictionary's number; sections hold their subsections (closed: /Count negative)."""
        root = self.add("")  # filled in below, once the items are numbered
        tops: list[tuple[Bookmark, list[Bookmark]]] = []
        for mark in bookmarks:
            if mark.level <= 1 or not tops:
                tops.append((mark, []))
            else:
                tops[-1][1].append(mark)
        ids = self._items(root, [t[0] for t in tops], dest, [t[1] for t in tops])
        self.bodies[root] = (f"<<\n/Type /Outlines\n/First {ids[0]} 0 R\n/Last {ids[-1]} 0 R\n"
                             f"/Count {len(ids)}\n>>").encode()
        return root

    def _items(self, parent: int, marks: list[Bookmark], dest: Callable[[Target], str],
               children: list[list[Bookmark]]) -> list[int]:
        ids = [self.add("") for _ in marks]
        for index, (number, mark) in enumerate(zip(ids, marks, strict=True)):
            fields = [f"/Title {_pdf_text(mark.title)}", f"/Parent {parent} 0 R", f"/Dest {dest(mark.target)}"]
            if index:
                fields.append(f"/Prev {ids[index - 1]} 0 R")
            if index + 1 < len(ids):
                fields.append(f"/Next {ids[index + 1]} 0 R")
            kids = children[index]
            if kids:
                kid_ids = self._items(number, kids, dest, [[] for _ in kids])
                fields += [f"/First {kid_ids[0]} 0 R", f"/Last {kid_ids[-1]} 0 R", f"/Count -{len(kid_ids)}"]
            self.bodies[number] = ("<<\n" + "\n".join(fields) + "\n>>").encode()
        return ids

    def write(self) -> bytes:
        out = bytearray(self.doc.pdf)
        if not out.endswith(b"\n"):
            out += b"\n"
        offsets = {}
        for number in sorted(self.bodies):
            offsets[number] = len(out)
            out += b"%d 0 obj\n" % number + self.bodies[number] + b"\nendobj\n"
        xref_at = len(out)
        out += b"xref\n"
        for number in sorted(offsets):
            out += b"%d 1\n%010d 00000 n \n" % (number, offsets[number])
        ids = re.search(rb"/ID\s*\[[^\]]*\]", self.doc.trailer)
        info = re.search(rb"/Info\s+\d+\s+0\s+R", self.doc.trailer)
        out += b"trailer\n<<\n/Size %d\n/Root %d 0 R\n" % (self.next_id, self.doc.root)
        out += (info.group(0) + b"\n" if info else b"") + (ids.group(0) + b"\n" if ids else b"")
        out += b"/Prev %d\n>>\nstartxref\n%d\n%%%%EOF\n" % (self.doc.startxref, xref_at)
        return bytes(out)
