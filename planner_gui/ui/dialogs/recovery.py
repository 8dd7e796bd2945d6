"""Offering autosaved work back after a crash."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QCoreApplication, QDateTime, QLocale
from PySide6.QtWidgets import QMessageBox, QWidget

from planner_gui.document import Document
from planner_gui.document.autosave import Autosaver
from planner_gui.io import LoadError, load_design
from planner_gui.ui.window.files import load_error_text


def offer_recovery(parent: QWidget, document: Document, autosaver: Autosaver) -> bool:
    """Ask whether to restore the newest autosave left by a crash; True when it was restored.

    Declining keeps the files until the next successful save. A restored design starts unsaved
    (dirty), keeps its original file name for Save, and is autosaved again by this app at once, so
    its old recovery file can go. Files of other crashed apps (other designs) are left alone: they
    are offered at the next start, never deleted unasked.
    """
    files = autosaver.pending()
    if not files:
        return False
    newest = files[0]  # only this one is shown, so only this one is declined or discarded
    translate = QCoreApplication.translate
    where = (str(newest.original_path) if newest.original_path
             else translate("Recovery", "a design that was never saved"))
    when = local_time(newest.saved_at) or translate("Recovery", "recently")
    question = translate("Recovery", "Cluster Planner did not close properly. Recover the unsaved changes to "
                                     "“{name}” ({where}), autosaved {when}?").format(name=newest.name, where=where,
                                                                                   when=when)
    answer = QMessageBox.question(
        parent, translate("Recovery", "Recover unsaved work"), question,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes)
    if answer != QMessageBox.StandardButton.Yes:
        autosaver.decline([newest])
        return False
    try:
        design = load_design(newest.design_path, document.catalog).design
    except LoadError as error:
        QMessageBox.critical(parent, translate("Recovery", "Cannot recover design"), load_error_text(error))
        autosaver.decline([newest])
        return False
    document.recover(design, newest.original_path)
    if autosaver.autosave_now() is not None:
        autosaver.discard([newest])
    else:
        autosaver.decline([newest])  # could not write our own copy: keep theirs until a save succeeds
    return True


def local_time(iso_utc: str) -> str:
    """An autosave's UTC time stamp as the user reads clocks: local time, the locale's short format
    ("2026-12-02 03:14" or "2026/12/2 03:14"); "" for a stamp that cannot be read."""
    try:
        moment = datetime.fromisoformat(iso_utc)
    except ValueError:
        return ""
    local = QDateTime.fromSecsSinceEpoch(int(moment.timestamp())).toLocalTime()
    return QLocale().toString(local, QLocale.FormatType.ShortFormat)
