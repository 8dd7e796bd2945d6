"""User-supplied text (design, rack and device names, ids, catalog names, paths) shown so Qt never reads it as markup.

Qt guesses whether a label's, tooltip's or message box's text is rich text (``Qt::mightBeRichText``). A
design name of ``<img src="/dev/zero">`` was therefore *rendered*: the image was loaded (a pipe hung the
app, the zero device exhausted memory) and ``<table width=100000>`` resized the window. Every place
that puts such text into a rich-text-capable widget goes through these helpers (issue 20 item 2).
"""

from __future__ import annotations

from html import escape


def plain(text: object) -> str:
    """``text`` escaped for insertion into rich text the app writes itself (``<b>{name}</b>``)."""
    return escape(str(text), quote=False)


def plain_rich(text: str) -> str:
    """Plain ``text`` for a tooltip or message box (whose format the static helpers cannot set), shown as is.

    Qt takes text for rich text only when its first line holds a ``<`` (or ``&lt;``) before any line break
    (``Qt::mightBeRichText`` in qtextdocument.cpp). Text whose first line has neither ``<`` nor ``&`` is
    therefore already shown as plain text and is returned unchanged; anything else becomes rich text that
    shows exactly its characters, line breaks kept.
    """
    first_line = text.split("\n", 1)[0]
    if "<" not in first_line and "&" not in first_line:
        return text
    return "<p style='white-space:pre-wrap'>" + escape(text, quote=False) + "</p>"
