"""Languages of the desktop app: English source strings, Simplified Chinese from a compiled ``.qm``.

The UI wraps its strings in ``self.tr()`` / ``QCoreApplication.translate(context, ...)``; the
``.ts`` source lives in ``planner_gui/resources/i18n`` next to the ``.qm`` that
``scripts/update_translations.py`` compiles with ``pyside6-lrelease``. :func:`install_language`
swaps the app's translators (ours plus Qt's own for standard buttons); a running window follows via
:func:`planner_gui.ui.window.language_switch.switch_language`.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QLibraryInfo, QLocale, QTranslator

from planner_gui.model.messages import error_text, render
from planner_gui.present import set_translator

ENGLISH, CHINESE = "en", "zh_CN"
LANGUAGES = (ENGLISH, CHINESE)  # English is the source language: it needs no translator
SYSTEM = "system"  # the preference value meaning "follow the system locale"
LANGUAGE_NAMES = {ENGLISH: "English", CHINESE: "简体中文"}  # each language named in itself
QM_PREFIX = "cluster_planner_"  # cluster_planner_zh_CN.qm
QT_QM_PREFIX = "qtbase_"  # Qt's own strings (dialog buttons), shipped with PySide6

# The words the present layer puts into figures ("12.3 days", "never"): marked here for lupdate, looked up
# in the "Format" context through present.set_translator below.
FORMAT_WORDS = (QT_TRANSLATE_NOOP("Format", "days"), QT_TRANSLATE_NOOP("Format", "{n} day"),
                QT_TRANSLATE_NOOP("Format", "{n} days"), QT_TRANSLATE_NOOP("Format", "never"),
                QT_TRANSLATE_NOOP("Format", "{n}-month"), QT_TRANSLATE_NOOP("Format", "1 month"),
                QT_TRANSLATE_NOOP("Format", "{n} months"))
set_translator(lambda text: QCoreApplication.translate("Format", text))

_installed: list[QTranslator] = []  # kept alive here: Qt does not own installed translators
_current = [ENGLISH]


def translations_dir() -> Path:
    """The folder holding the ``.ts`` sources and the compiled ``.qm`` files."""
    return Path(str(resources.files("planner_gui") / "resources" / "i18n"))


def qm_path(language: str) -> Path:
    return translations_dir() / f"{QM_PREFIX}{language}.qm"


def ts_path(language: str) -> Path:
    return translations_dir() / f"{QM_PREFIX}{language}.ts"


def system_language(locale: QLocale | None = None) -> str:
    """zh_CN for any Chinese locale (zh, zh_CN, zh_SG; zh_TW reads Simplified fine), else English."""
    name = (locale or QLocale.system()).name()
    return CHINESE if name.lower().startswith("zh") else ENGLISH


def resolve_language(choice: str | None) -> str:
    """A preference value ("system", "en", "zh_CN", None) as one of :data:`LANGUAGES`."""
    if choice in (None, "", SYSTEM):
        return system_language()
    if choice not in LANGUAGES:
        raise ValueError(f"language {choice!r} is not supported; use one of {SYSTEM}, {', '.join(LANGUAGES)}")
    return str(choice)


def current_language() -> str:
    return _current[0]


def install_language(language: str | None, app: QCoreApplication | None = None) -> str:
    """Make ``language`` the app's language (``None``/"system": the locale's); returns the one used.

    Installing a translator makes Qt send every widget a LanguageChange event. A missing ``.qm``
    leaves the app in English rather than stopping it.
    """
    app = app or QCoreApplication.instance()
    if app is None:
        raise RuntimeError("install_language needs a QCoreApplication; create the QApplication first")
    chosen = resolve_language(language)
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    if chosen != ENGLISH:
        ours = QTranslator(app)
        if not ours.load(str(qm_path(chosen))):
            chosen = ENGLISH  # a damaged install: English beats a half-translated window
        else:
            qt_own = QTranslator(app)
            if qt_own.load(QT_QM_PREFIX + chosen, QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
                _installed.append(qt_own)
            _installed.append(ours)
    for translator in _installed:
        app.installTranslator(translator)
    _current[0] = chosen
    # Chinese numbers and dates in Qt's own widgets; English keeps the system locale (paper size, etc.).
    QLocale.setDefault(QLocale("zh_CN") if chosen == CHINESE else QLocale.system())
    return chosen


def tr(context: str, text: str) -> str:
    """``QCoreApplication.translate`` for code that holds the context in a variable (not extracted:
    call sites that lupdate must see write ``QCoreApplication.translate("Context", "text")``)."""
    return QCoreApplication.translate(context, text)


def ui_text(value: object) -> str:
    """A :class:`~planner_gui.model.messages.Text` from the model, loader or engine in the app's language
    (through the installed translator); any other value as ``str``."""
    return render(value, QCoreApplication.translate)


def ui_error_text(error: BaseException) -> str:
    """An exception's message in the app's language (see :func:`planner_gui.model.messages.error_text`)."""
    return error_text(error, QCoreApplication.translate)
