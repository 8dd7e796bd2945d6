"""File handling for the main window: New, Open, Save, Save As, Recent files, unsaved-changes prompts.

Every failure reaches the user as a dialog with the loader's or saver's own message (what, where,
how to fix), never a traceback. QMessageBox and QFileDialog are used through their static helpers
so tests can replace them.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from planner_gui.document import Document
from planner_gui.document.disk_watch import FileChangedOnDisk
from planner_gui.document.recent import RecentFiles
from planner_gui.i18n import ui_error_text, ui_text
from planner_gui.io import LoadError, SaveError
from planner_gui.io.files import FILE_SUFFIX
from planner_gui.present import plural
from planner_gui.ui.dialogs.new_design import NewDesignDialog
from planner_gui.ui.plain_text import plain_rich

NOTE_MS = 20_000  # how long the status bar keeps what a template could not build as asked: time to read it

FILE_FILTER = f"Cluster Planner designs (*{FILE_SUFFIX});;All files (*)"  # English; _file_filter() translates


def _file_filter() -> str:
    return QCoreApplication.translate("FileActions", "Cluster Planner designs (*{suffix});;All files (*)").format(
        suffix=FILE_SUFFIX)
MAX_PROBLEMS_SHOWN = 12  # a dialog with more lines than this no longer fits a laptop screen


class FileActions(QObject):
    """What the File menu does, for one window and its Document."""

    def __init__(self, window: QWidget, document: Document, recent: RecentFiles) -> None:
        super().__init__(window)
        self.window, self.document, self.recent = window, document, recent
        document.file_changed_on_disk.connect(self._on_document_file_changed_on_disk)

    # ----- commands --------------------------------------------------------------------------
    def new(self) -> bool:
        if not self.maybe_save():
            return False
        dialog = NewDesignDialog(self.document.catalog, self.window)
        if dialog.exec() != NewDesignDialog.DialogCode.Accepted or dialog.design is None:
            return False
        self.document.new(dialog.design)
        if dialog.notes:  # e.g. another oversubscription than asked, and why (also in the design's notes)
            self.window.statusBar().showMessage(" ".join(map(ui_text, dialog.notes)), NOTE_MS)
        return True

    def open_dialog(self) -> bool:
        if not self.maybe_save():
            return False
        folder = str(self.document.path.parent) if self.document.path else ""
        name, _ = QFileDialog.getOpenFileName(self.window, self.tr("Open design"), folder, _file_filter())
        return self.open_path(Path(name), ask=False) if name else False

    def open_path(self, path: Path, ask: bool = True) -> bool:
        """Open ``path``; a file that cannot be opened shows the loader's message and changes nothing."""
        if ask and not self.maybe_save():
            return False
        try:
            self.document.open(path)
        except LoadError as error:
            text = load_error_text(error)
            status = getattr(self.window, "status", None)
            if status is not None:  # stays in sight after the dialog is gone
                status.show_message(text.replace("\n", " "))
            QMessageBox.critical(self.window, self.tr("Cannot open design"), plain_rich(text))
            return False
        self.recent.add(path)
        if self.document.load_warnings:
            shown = self.document.load_warnings[:MAX_PROBLEMS_SHOWN]
            QMessageBox.information(self.window, self.tr("Design opened with warnings"),
                                    plain_rich("\n".join(map(ui_text, shown))))
        return True

    def save(self) -> bool:
        if self.document.path is None or is_bundled(self.document.path):
            return self.save_as()  # never write over an example shipped inside the package
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        stem = file_stem(self.document.design.meta.name)
        own_path = self.document.path if self.document.path and not is_bundled(self.document.path) else None
        suggested = own_path or Path.home() / f"{stem}{FILE_SUFFIX}"
        name, _ = QFileDialog.getSaveFileName(self.window, self.tr("Save design as"), str(suggested),
                                              _file_filter())
        if not name:
            return False
        path = Path(name)
        if path.suffix != FILE_SUFFIX:
            path = path.with_name(path.name + FILE_SUFFIX)
        return self._save_to(path)

    def _save_to(self, path: Path, overwrite_changed: bool = False) -> bool:
        try:
            self.document.save(path, overwrite_changed=overwrite_changed)
        except FileChangedOnDisk:
            return self._save_over_changed_file(path)
        except SaveError as error:
            QMessageBox.critical(self.window, self.tr("Cannot save design"), plain_rich(ui_error_text(error)))
            return False
        self.recent.add(path)
        return True

    def _save_over_changed_file(self, path: Path) -> bool:
        """Another program saved this file since we opened it: overwrite only when the user says so."""
        answer = ask_changed_on_disk(self.window, path)
        if answer == "save_as":
            return self.save_as()
        if answer == "overwrite":
            return self._save_to(path, overwrite_changed=True)
        return False

    def _on_document_file_changed_on_disk(self, path: Path) -> None:
        """Offer to reload; unsaved edits are never thrown away without the user's word."""
        if self.document.is_dirty:
            text = self.tr("{path} was changed on disk by another window or program. Your unsaved changes are "
                           "kept; when you save, you will be asked whether to overwrite the other version.\n\n"
                           "Reload the file from disk and discard your changes?").format(path=path)
            default = QMessageBox.StandardButton.No
        else:
            text = self.tr("{path} was changed on disk by another window or program. Reload it?").format(path=path)
            default = QMessageBox.StandardButton.Yes
        buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
        if QMessageBox.question(self.window, self.tr("File changed on disk"), plain_rich(text), buttons,
                                default) == QMessageBox.StandardButton.Yes:
            self.open_path(path, ask=False)

    def maybe_save(self) -> bool:
        """True when it is fine to replace the design: it is saved, or the user saved or discarded it."""
        if not self.document.is_dirty:
            return True
        buttons = (QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                   | QMessageBox.StandardButton.Cancel)
        where = self.document.path.name if self.document.path else self.tr("a new design")
        answer = QMessageBox.question(self.window, self.tr("Unsaved changes"),
                                      plain_rich(self.tr("Save the changes to {name} ({where})?").format(
                                          name=self.document.design.meta.name, where=where)),
                                      buttons, QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def open_recent(self, path: Path) -> bool:
        if not path.exists():
            QMessageBox.critical(self.window, self.tr("Cannot open design"),
                                 plain_rich(self.tr("{path}: no such file; removed from the list").format(path=path)))
            self.recent.remove(path)
            return False
        return self.open_path(path)


def ask_changed_on_disk(window: QWidget, path: Path) -> str:
    """"save_as", "overwrite" or "cancel" for a save over a file someone else changed (tests replace this)."""
    translate = QCoreApplication.translate
    box = QMessageBox(QMessageBox.Icon.Warning, translate("FileActions", "File changed on disk"),
                      translate("FileActions", "{path} was changed on disk after you opened it (another window, "
                                "program or person saved it).\n\nSave As keeps both versions; Overwrite replaces the "
                                "other version with yours (the other stays in {name}.bak).").format(
                          path=path, name=path.name), QMessageBox.StandardButton.NoButton, window)
    box.setTextFormat(Qt.TextFormat.PlainText)
    save_as = box.addButton(translate("FileActions", "Save As…"), QMessageBox.ButtonRole.AcceptRole)
    overwrite = box.addButton(translate("FileActions", "Overwrite"), QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(save_as)
    box.exec()
    clicked = box.clickedButton()
    return "save_as" if clicked is save_as else "overwrite" if clicked is overwrite else "cancel"


def load_error_text(error: LoadError) -> str:
    """The loader's message with every problem it found, one per line (a few, then a count), in the UI's
    language (the loader's problems are Texts; a JSON path in one stays as it is)."""
    problems = error.problems[:MAX_PROBLEMS_SHOWN]
    more = len(error.problems) - len(problems)
    lines = [QCoreApplication.translate("FileActions", "{path} cannot be opened:").format(path=error.path),
             *(f"• {ui_text(p)}" for p in problems)]
    if more > 0:
        lines.append(plural(more, QCoreApplication.translate("FileActions", "… and {n} more problem"),
                            QCoreApplication.translate("FileActions", "… and {n} more problems")).format(n=more))
    return "\n".join(lines)


def is_bundled(path: Path) -> bool:
    """True for files inside the installed package (the shipped examples): open them, never save over them."""
    package = Path(__file__).resolve().parents[2]
    try:
        return path.resolve().is_relative_to(package)
    except OSError:
        return False


def file_stem(name: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in "-_ ." else "-" for c in name).strip(" .-")
    return cleaned or "design"
