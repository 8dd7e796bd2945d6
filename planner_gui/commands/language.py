"""The command line's language: English (the source strings) or Simplified Chinese from the shipped ``.qm``.

Every sentence the CLI prints is written ``translate("CLI", "English text {name}").format(name=...)``:
``lupdate`` extracts the literal into the ``.ts`` beside the desktop app's strings (never pass it an
f-string), and at run time :func:`translate` looks it up in the compiled ``.qm`` through a bare
``QTranslator`` (no ``QCoreApplication``: the ``report`` command creates its own QGuiApplication
later). In English nothing is looked up and Qt is not even imported (start-up speed); the ``.ts``
context of the CLI's own sentences is "CLI", argparse's words are in "argparse" (parser_language.py).

The language is, in order: the global ``--lang`` option (``system`` skips the preference), the
preferences file's explicit choice (the desktop app's Preferences > Language), the POSIX locale
variables (the first set of LC_ALL, LC_MESSAGES, LANG; any ``zh*`` is Chinese), else English.
Sentences from the model and the loader arrive as :class:`~planner_gui.model.messages.Text` and are
rendered with :func:`text` / :func:`error_message`; JSON output never goes through here.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from planner_gui.model.messages import error_text, render

ENGLISH, CHINESE, SYSTEM = "en", "zh_CN", "system"  # the values of --lang, as the preference's
CHOICES = (SYSTEM, ENGLISH, CHINESE)
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX precedence for message language
LANG_OPTION = "--lang"
QM_PREFIX, QM_SUFFIX = "cluster_planner_", ".qm"  # planner_gui/i18n qm_path: cluster_planner_zh_CN.qm
REPORT_LANGUAGES = {ENGLISH: "en", CHINESE: "zh"}  # CLI language -> the PDF's (report/content/i18n.py)


class _State:
    """The language of the command that is running, and the translator holding its ``.qm``."""

    language: str = ENGLISH
    translator: Any = None  # a QTranslator in Chinese; None in English (no lookup at all)


_state = _State()


def translate(context: str, source: str) -> str:
    """``source`` in the CLI's language: the ``.qm``'s translation, or ``source`` itself (English, or
    a string with no translation yet)."""
    translator = _state.translator
    if translator is None:
        return source
    return translator.translate(context, source) or source


def current_language() -> str:
    return _state.language


def is_chinese() -> bool:
    return _state.language == CHINESE


def report_language() -> str:
    """The PDF proposal's language code ("en"/"zh") matching the CLI's."""
    return REPORT_LANGUAGES[_state.language]


def text(value: object) -> str:
    """A model/loader/engine value as text in the CLI's language (a Text translated, others as ``str``)."""
    return render(value, translate)


def error_message(error: BaseException) -> str:
    """An exception's message in the CLI's language (a DesignError's or LoadError's Text translated)."""
    return error_text(error, translate)


# ----- choosing the language ------------------------------------------------------------------------
def language_from_locale(environ: Mapping[str, str] | None = None) -> str:
    """Chinese when the first set locale variable (LC_ALL, LC_MESSAGES, LANG) names a zh locale."""
    environ = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = environ.get(name, "")
        if value:
            return CHINESE if value.lower().startswith("zh") else ENGLISH
    return ENGLISH


def preferred_language() -> str | None:
    """The preferences file's explicit language ("en"/"zh_CN"); None for "system", no file, or any problem
    reading it (the desktop app reports a broken file; the command line just carries on)."""
    from planner_gui.commands.user_prefs import saved_preference

    choice = saved_preference("language")
    return choice if choice in (ENGLISH, CHINESE) else None


def option_value(argv: Sequence[str]) -> str | None:
    """The global ``--lang`` value given before the command (``--lang X`` or ``--lang=X``), else None.

    Read ahead of argparse because the parser's own help and errors must already be in that language;
    argparse still validates the value. Words after the command belong to it (``report --lang zh``).
    """
    for index, word in enumerate(argv):
        if word == "--" or not word.startswith("-"):
            return None  # the command
        name, equals, value = word.partition("=")
        if len(name) > 2 and LANG_OPTION.startswith(name):  # argparse also takes --l, --la, --lan
            if equals:
                return value
            return argv[index + 1] if index + 1 < len(argv) else None
    return None


def choose_language(option: str | None, environ: Mapping[str, str] | None = None,
                    preference: Callable[[], str | None] = preferred_language) -> str:
    """The language for ``--lang option`` (None: not given; an unknown value counts as not given)."""
    if option in (ENGLISH, CHINESE):
        return str(option)
    chosen = preference() if option != SYSTEM else None
    return chosen or language_from_locale(environ)


def writable_language(language: str, streams: Sequence[Any] | None = None) -> str:
    """``language``, or English when stdout or stderr cannot encode Chinese (output redirected to a file
    under a legacy code page, PYTHONIOENCODING=ascii): every line would fail to print, and a script would
    read the failure as bad input."""
    if language != CHINESE:
        return language
    for stream in streams if streams is not None else (sys.stdout, sys.stderr):
        try:
            "错误，".encode(getattr(stream, "encoding", None) or "utf-8")
        except (UnicodeEncodeError, LookupError):
            return ENGLISH
    return language


# ----- switching ------------------------------------------------------------------------------------
def qm_file(language: str) -> Path:
    """The compiled translation, as planner_gui/i18n qm_path names it (that module is not imported here:
    it loads the UI's number formatting, and with it numpy, which a command may not need)."""
    return Path(str(resources.files("planner_gui") / "resources" / "i18n" / (QM_PREFIX + language + QM_SUFFIX)))


def _load_translator(language: str) -> Any:
    """A QTranslator holding ``language``'s ``.qm``; None when it cannot be loaded (then English)."""
    from PySide6.QtCore import QTranslator  # Chinese only: English never imports Qt

    translator = QTranslator()
    return translator if translator.load(str(qm_file(language))) else None


@contextmanager
def use_language(language: str) -> Iterator[str]:
    """Run the CLI in ``language`` (en/zh_CN) and put the previous one back afterwards; yields the
    language in use (English when the ``.qm`` is missing: a damaged install reads English, not half)."""
    saved = (_state.language, _state.translator)
    translator = _load_translator(language) if language != ENGLISH else None
    _state.language, _state.translator = (language, translator) if translator is not None else (ENGLISH, None)
    try:
        yield _state.language
    finally:
        _state.language, _state.translator = saved


@contextmanager
def format_words() -> Iterator[None]:
    """The present layer's words ("12.3 days", "never") in the CLI's language inside the block (it
    keeps one translator for the app; the previous one is put back)."""
    from planner_gui import present as figures

    if _state.translator is None:
        yield
        return
    previous = figures.set_translator(lambda word: translate("Format", word))
    try:
        yield
    finally:
        figures.set_translator(previous)
