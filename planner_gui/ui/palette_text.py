"""Text drawn straight on a view's background takes the theme's colour (dark theme: light text).

Faces with their own fill (devices, racks' interiors, bars, the tray, band-name backdrops) keep the
fixed colours of :mod:`planner_gui.ui.colors`; only what sits on the view's own background asks
the widget being painted (or the application) for its palette. Every text colour made here reads
at 4.5:1 on the background it is made for (WCAG 2 success criterion 1.4.3), in both themes.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPalette
from PySide6.QtWidgets import QWidget

from planner_gui.ui import colors

Role = QPalette.ColorRole
MUTED_SHARE = 0.55  # of the text colour in a muted one: about the contrast gray-500 has on white


def _palette(source: QWidget | QPalette | None) -> QPalette | None:
    if isinstance(source, QPalette):
        return source
    if source is not None:
        return source.palette()
    return QGuiApplication.palette() if QGuiApplication.instance() is not None else None


def tooltip_muted() -> str:
    """The grey of secondary text in a tooltip (Qt's "gray" is 3.1:1 on the dark theme's tooltip)."""
    return muted_text(None, Role.ToolTipBase, Role.ToolTipText).name()


def text_colour(widget: QWidget | None) -> QColor:
    """The palette's window text colour of the widget being painted (the fixed dark one without it)."""
    if widget is None:
        return QColor(colors.ROW_LABEL)
    return widget.palette().color(Role.WindowText)


def frame_colour(widget: QWidget | None) -> QColor:
    """An outline that shows on the background: the palette's mid tone."""
    if widget is None:
        return QColor(colors.RACK_FRAME)
    return widget.palette().color(Role.Mid)


def background_hex(source: QWidget | QPalette | None, role: Role = Role.Window) -> str:
    """The opaque colour a palette's ``role`` paints (white without one: the light theme's)."""
    palette = _palette(source)
    return "#ffffff" if palette is None else palette.color(role).name()


def readable_on(colour: str, source: QWidget | QPalette | None, role: Role = Role.Window) -> str:
    """A status colour (green, amber, red) shifted just enough to read as text on ``role`` in the
    current theme: no one shade of a hue reads on both white and the dark theme's grey."""
    return colors.readable(colour, background_hex(source, role))


def muted_text(source: QWidget | QPalette | None, role: Role = Role.Base, text_role: Role = Role.Text) -> QColor:
    """Secondary text (info checks, codes in tooltips): the palette's text part-way to its background,
    then pulled back until it reads on it — grey in both themes, never grey on grey."""
    palette = _palette(source)
    text = colors.ROW_LABEL if palette is None else palette.color(text_role).name()
    background = background_hex(palette, role)
    also = (background_hex(palette, Role.AlternateBase),) if role == Role.Base else ()  # a list's other rows
    return QColor(colors.readable(colors.mix(text, background, MUTED_SHARE), background, also=also))


def text_for(background: str, preferred: str) -> str:
    """``preferred`` (the palette's text) where it reads on ``background``, else white or near-black."""
    if colors.contrast(preferred, background) >= colors.MIN_TEXT_CONTRAST:
        return preferred
    return colors.text_on(background)


def draw_over_bar(painter: QPainter, rect: QRectF, flags: Qt.AlignmentFlag, text: str, split: float,
                  backgrounds: tuple[str, str], preferred: str) -> list[tuple[str, str]]:
    """Draw ``text`` over a bar filled up to x = ``split``: the part over the fill and the part over the
    track each in a colour that reads there (one colour read on one of them only: white on amber, dark
    on red). Returns the (text, background) colour pairs drawn, for the tests."""
    drawn = []
    full = painter.clipBoundingRect() if painter.hasClipping() else QRectF()
    parts = ((QRectF(rect.left(), rect.top(), split - rect.left(), rect.height()), backgrounds[0]),
             (QRectF(split, rect.top(), rect.right() - split, rect.height()), backgrounds[1]))
    for clip, background in parts:
        if clip.width() <= 0 or (not full.isNull() and not clip.intersects(full)):
            continue
        colour = text_for(background, preferred)
        painter.save()
        painter.setClipRect(clip, Qt.ClipOperation.IntersectClip)
        painter.setPen(QColor(colour))
        painter.drawText(rect, flags, text)
        painter.restore()
        drawn.append((colour, background))
    return drawn
