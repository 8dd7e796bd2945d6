"""argparse in the CLI's language: its own words ("usage:", "options", its error messages) and help
text wrapped by display width.

argparse writes its words through ``gettext`` (``argparse._`` and ``argparse.ngettext``). Rather than
shipping a gettext catalogue beside the Qt one, :func:`argparse_words` swaps those two names for a
lookup in the ``.qm`` (context "argparse") while the parser is built and run, and only when the CLI
is not in English: the English path does not touch argparse at all. The message ids below are
Python 3.11's (Lib/argparse.py); one a later Python changes simply stays English.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from contextlib import contextmanager

from planner_gui.commands.columns import display_width, has_wide, wrap
from planner_gui.commands.language import is_chinese, translate
from planner_gui.model.messages import QT_TRANSLATE_NOOP

CONTEXT = "argparse"
WIDE_HEADING = re.compile(r"^(\S.*[^\x00-\x7f]):$", re.MULTILINE)  # "位置参数:" -> "位置参数：" (Chinese colon)
# argparse's user-visible message ids, marked for lupdate (the formatting stays %-style, as argparse uses it).
ARGPARSE_WORDS = (
    QT_TRANSLATE_NOOP("argparse", "usage: "),
    QT_TRANSLATE_NOOP("argparse", "positional arguments"),
    QT_TRANSLATE_NOOP("argparse", "options"),
    QT_TRANSLATE_NOOP("argparse", "show this help message and exit"),
    QT_TRANSLATE_NOOP("argparse", "argument %(argument_name)s: %(message)s"),
    QT_TRANSLATE_NOOP("argparse", "unrecognized arguments: %s"),
    QT_TRANSLATE_NOOP("argparse", "not allowed with argument %s"),
    QT_TRANSLATE_NOOP("argparse", "ignored explicit argument %r"),
    QT_TRANSLATE_NOOP("argparse", "the following arguments are required: %s"),
    QT_TRANSLATE_NOOP("argparse", "one of the arguments %s is required"),
    QT_TRANSLATE_NOOP("argparse", "expected one argument"),
    QT_TRANSLATE_NOOP("argparse", "expected at most one argument"),
    QT_TRANSLATE_NOOP("argparse", "expected at least one argument"),
    QT_TRANSLATE_NOOP("argparse", "expected %s argument"),
    QT_TRANSLATE_NOOP("argparse", "expected %s arguments"),
    QT_TRANSLATE_NOOP("argparse", "ambiguous option: %(option)s could match %(matches)s"),
    QT_TRANSLATE_NOOP("argparse", "unexpected option string: %s"),
    QT_TRANSLATE_NOOP("argparse", "invalid %(type)s value: %(value)r"),
    QT_TRANSLATE_NOOP("argparse", "invalid choice: %(value)r (choose from %(choices)s)"),
    QT_TRANSLATE_NOOP("argparse", "unknown parser %(parser_name)r (choices: %(choices)s)"),
    QT_TRANSLATE_NOOP("argparse", "can't open '%(filename)s': %(error)s"),
)


def _gettext(message: str) -> str:
    return translate(CONTEXT, message)


def _ngettext(singular: str, plural: str, count: int) -> str:
    return translate(CONTEXT, singular if count == 1 else plural)


@contextmanager
def argparse_words() -> Iterator[None]:
    """argparse's words in the CLI's language while the ``with`` block builds and runs the parser."""
    if not is_chinese():
        yield
        return
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = _gettext, _ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, wrapping help text by display width when it holds Chinese (English as before)."""

    def format_help(self) -> str:
        return WIDE_HEADING.sub("\\1：", super().format_help())

    def _split_lines(self, text: str, width: int) -> list[str]:
        if not has_wide(text):
            return super()._split_lines(text, width)
        return wrap(text, width + 1)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if not has_wide(text):
            return super()._fill_text(text, width, indent)
        return "\n".join(wrap(text, width + 1, indent))

    def _format_usage(self, usage: str | None, actions: object, groups: object, prefix: str | None) -> str:
        """argparse indents continued usage lines by ``len(prefix)``; a Chinese prefix is wider than it is
        long, so lay out with a stand-in of the same width and put the real prefix back."""
        real = argparse._("usage: ") if prefix is None else prefix  # type: ignore[attr-defined]
        if not has_wide(real):
            return super()._format_usage(usage, actions, groups, prefix)  # type: ignore[arg-type]
        stand_in = "\0" * display_width(real)
        laid_out = super()._format_usage(usage, actions, groups, stand_in)  # type: ignore[arg-type]
        return laid_out.replace(stand_in, real, 1)
