"""Branding and document control of a proposal: who sends it, its number, revision and validity.

Set in Preferences (the supplier's own company, logo and contact, the confidentiality line, the
document number, revision and validity) and on the command line (``--doc-number``, ``--revision``).
A logo is checked before anything is written: a PNG or SVG file of at most ``LOGO_MAX_BYTES``; any
other file gets one line saying what is wrong with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from planner_gui.model.messages import QT_TRANSLATE_NOOP

LOGO_MAX_BYTES = 2_000_000  # a print-quality logo is tens of kB; 2 MB leaves room and keeps the PDF small
VALIDITY_MAX_DAYS = 365
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
SVG_SNIFF_BYTES = 4096  # an SVG file names its root element within its first few kB
TEXT_LIMIT = 200  # characters of each branding text field


@dataclass(frozen=True, slots=True)
class Logo:
    data: bytes
    kind: str  # "png" or "svg"


@dataclass(frozen=True, slots=True)
class Branding:
    company: str = ""
    contact: str = ""
    document_number: str = ""
    revision: str = ""
    validity_days: int = 0  # 0: no validity line
    confidentiality: str = ""
    logo: Logo | None = None

    def valid_until(self, today: date) -> date | None:
        return today + timedelta(days=self.validity_days) if self.validity_days else None


def make_branding(company: str = "", contact: str = "", document_number: str = "", revision: str = "",
                  validity_days: int = 0, confidentiality: str = "", logo_path: str = "") -> Branding:
    """A checked Branding; ValueError (one line) for a bad validity or logo."""
    if isinstance(validity_days, bool) or not isinstance(validity_days, int) or not (
            0 <= validity_days <= VALIDITY_MAX_DAYS):
        raise ValueError(QT_TRANSLATE_NOOP(
            "Report", "the proposal's validity must be a whole number of days from 0 to {most}, not {value!r}").fill(
            most=VALIDITY_MAX_DAYS, value=validity_days))
    texts = [str(v).strip()[:TEXT_LIMIT] for v in (company, contact, document_number, revision, confidentiality)]
    logo = load_logo(Path(logo_path).expanduser()) if str(logo_path).strip() else None
    return Branding(texts[0], texts[1], texts[2], texts[3], validity_days, texts[4], logo)


def load_logo(path: Path) -> Logo:
    """The logo at ``path`` if it is a PNG or SVG file of at most LOGO_MAX_BYTES."""
    try:
        size = path.stat().st_size
    except OSError:
        raise ValueError(QT_TRANSLATE_NOOP(
            "Report", "the logo {path} cannot be read: no such file; pick a PNG or SVG file in Preferences").fill(
            path=path)) from None
    if size > LOGO_MAX_BYTES:
        raise ValueError(QT_TRANSLATE_NOOP(
            "Report", "the logo {path} is {mb} MB; use a PNG or SVG of at most {limit} MB").fill(
            path=path, mb=f"{size / 1e6:.1f}", limit=f"{LOGO_MAX_BYTES / 1e6:g}"))
    data = path.read_bytes()
    if data.startswith(PNG_MAGIC):
        return Logo(data, "png")
    head = data[:SVG_SNIFF_BYTES].lstrip(b"\xef\xbb\xbf").lower()
    if b"<svg" in head and head.lstrip().startswith((b"<?xml", b"<svg", b"<!--", b"<!doctype")):
        return Logo(data, "svg")
    raise ValueError(QT_TRANSLATE_NOOP(
        "Report", "the logo {path} is not a PNG or SVG image; export the logo as PNG or SVG and pick that file").fill(
        path=path))


def branding_from(preferences: object, document_number: str | None = None, revision: str | None = None) -> Branding:
    """The Branding a Preferences object sets (its ``proposal_*`` fields); the command line may override
    the document number and the revision."""
    def get(name: str) -> str:
        return str(getattr(preferences, f"proposal_{name}", "") or "")

    return make_branding(get("company"), get("contact"),
                         get("document_number") if document_number is None else document_number,
                         get("revision") if revision is None else revision,
                         int(getattr(preferences, "proposal_validity_days", 0) or 0), get("confidentiality"),
                         get("logo"))
