"""Offering autosaved work back after a crash."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

from planner_gui.document import Document
from planner_gui.document.autosave import Autosaver
from planner_gui.io import LoadError, load_design
from planner_gui.ui.main_files import load_error_text


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
    where = str(newest.original_path) if newest.original_path else "a design that was never saved"
    answer = QMessageBox.question(
        parent, "Recover unsaved work",
        f"Cluster Planner did not close properly. Recover the unsaved changes to “{newest.name}” "
        f"({where}), autosaved {newest.saved_at or 'recently'}?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes)
    if answer != QMessageBox.StandardButton.Yes:
        autosaver.decline([newest])
        return False
    try:
        design = load_design(newest.design_path, document.catalog).design
    except LoadError as error:
        QMessageBox.critical(parent, "Cannot recover design", load_error_text(error))
        autosaver.decline([newest])
        return False
    document.recover(design, newest.original_path)
    if autosaver.autosave_now() is not None:
        autosaver.discard([newest])
    else:
        autosaver.decline([newest])  # could not write our own copy: keep theirs until a save succeeds
    return True
