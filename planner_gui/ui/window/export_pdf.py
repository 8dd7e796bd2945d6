"""File → Export PDF: ask where, in which language and on which paper, then write the proposal.

The PDF is painted in the GUI thread (QPdfWriter painting outside it is unsupported), so a
QProgressDialog fed by the exporter's ``progress`` callback keeps the window repainting and lets the
user cancel. The proposal is written to a temporary file beside the target and moved into place
only when complete: Cancel or a failure leaves no partial PDF and never clobbers an older one.
The Analysis the window already shows is passed in, so the numbers in the PDF are the ones on
screen. Every failure is a message box saying what went wrong and what to do, never a traceback.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QLocale, QObject, Qt, QUrl
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressDialog,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import planner_gui
from planner_gui.i18n import CHINESE, current_language, ui_error_text
from planner_gui.model.messages import Text
from planner_gui.present import plural
from planner_gui.ui.panels.status_bar import MESSAGE_MS
from planner_gui.ui.window.files import file_stem

if TYPE_CHECKING:
    from planner_gui.report.render import ExportResult
    from planner_gui.ui.window.main_window import MainWindow

PDF_SUFFIX = ".pdf"
PACKAGE_DIR = Path(planner_gui.__file__).resolve().parent  # the installed app: never a place for user files
NEW_FILE_MODE = 0o666  # what open(2) callers such as QFile ask for; the umask then removes bits (POSIX)
SHORTCUT = "Ctrl+E"  # issue 6 brief: File → Export PDF… on Ctrl+E
LANGUAGES = (("en", "English"), ("zh", "简体中文"))  # the report's languages (report/content/i18n.py)
PAPERS = ("a4", "letter")  # report/render/page.py
# Where Letter is the office paper (the brief: US and Canada); everywhere else ISO A4.
LETTER_TERRITORIES = frozenset({QLocale.Country.UnitedStates, QLocale.Country.Canada})
PREFERRED_PAPERS = {"A4": "a4", "Letter": "letter"}  # preferences/model.py PAPER_SIZES -> PAPERS
PROGRESS_STEPS = 1000  # the bar's resolution: per mille of the export's work
# A quick export (the default design takes ~0.2 s) should not flash a dialog; a long one shows it soon.
SHOW_PROGRESS_AFTER_MS = 400
PATH_FIELD_MIN_WIDTH = 420  # px: a typical "/home/<user>/designs/<name>.pdf" fits without scrolling


@dataclass(frozen=True, slots=True)
class ExportOptions:
    path: Path
    lang: str  # "en" or "zh"
    paper: str  # "a4" or "letter"


class ExportCancelled(Exception):
    """Raised from the progress callback when the user presses Cancel; unwinds the export."""


def default_lang(app_language: str | None = None) -> str:
    """The proposal in the app's language (planner_gui.i18n: the preference, else the system's)."""
    language = app_language if app_language is not None else current_language()
    return "zh" if language == CHINESE else "en"


def default_paper(locale: QLocale | None = None, preference: str | None = None) -> str:
    """The Preferences' paper ("A4", "Letter"), else by the system's territory, not the UI language: a
    Canadian in a Chinese UI still prints Letter."""
    if preference in PREFERRED_PAPERS:
        return PREFERRED_PAPERS[preference]
    locale = locale if locale is not None else QLocale.system()
    return "letter" if locale.territory() in LETTER_TERRITORIES else "a4"


def pdf_filter() -> str:
    return QCoreApplication.translate("PdfExporter", "PDF documents (*.pdf);;All files (*)")


def paper_names() -> dict[str, str]:
    return {"a4": QCoreApplication.translate("PdfExporter", "A4  (210 × 297 mm)"),
            "letter": QCoreApplication.translate("PdfExporter", "Letter  (8.5 × 11 in)")}


def default_pdf_path(design_name: str, design_path: Path | None) -> Path:
    """``<design name>.pdf`` next to the design file; in the home folder for a design never saved or
    one opened from the app's own files (the bundled examples live inside the installed package)."""
    folder = design_path.parent if design_path is not None else Path.home()
    if _inside_package(folder) or not os.access(folder, os.W_OK):
        folder = Path.home()
    return folder / f"{file_stem(design_name)}{PDF_SUFFIX}"


def _inside_package(folder: Path) -> bool:
    return folder.resolve().is_relative_to(PACKAGE_DIR)


def with_pdf_suffix(path: Path) -> Path:
    return path if path.suffix.lower() == PDF_SUFFIX else path.with_name(path.name + PDF_SUFFIX)


class ExportPdfDialog(QDialog):
    """Path (typed, or chosen with Browse…), language and paper; ``options()`` once accepted."""

    def __init__(self, defaults: ExportOptions, parent: QWidget | None = None,
                 cjk_installed: bool | None = None) -> None:
        super().__init__(parent, objectName="exportPdfDialog")
        self.setWindowTitle(self.tr("Export PDF proposal"))
        self._folder = defaults.path.parent  # where a bare file name typed in the field goes
        self._picked: Path | None = None  # the last path chosen in the file dialog (it asked to replace)
        self._cjk = _cjk_installed() if cjk_installed is None else cjk_installed
        self.path_edit = QLineEdit(str(defaults.path), self, objectName="exportPath")
        self.path_edit.setMinimumWidth(PATH_FIELD_MIN_WIDTH)
        self.browse_button = QPushButton(self.tr("Browse…"), self, objectName="exportBrowse")
        self.lang_combo = _combo(LANGUAGES, defaults.lang, self, "exportLanguage")
        names = paper_names()
        self.paper_combo = _combo(tuple((p, names[p]) for p in PAPERS), defaults.paper, self, "exportPaper")
        self.cjk_note = QLabel(self.tr(
            "The Chinese font could not be loaded, so a Chinese PDF cannot be written here; reinstall Cluster "
            "Planner or pick English."),
                               self, objectName="exportCjkNote")
        self.cjk_note.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.export_button = self.buttons.addButton(self.tr("Export"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.export_button.setDefault(True)
        self._lay_out()
        self.browse_button.clicked.connect(self._browse)
        self.path_edit.textChanged.connect(self._update_state)
        self.lang_combo.currentIndexChanged.connect(self._update_state)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._update_state()

    def _lay_out(self) -> None:
        row = QHBoxLayout()
        row.addWidget(self.path_edit, 1)
        row.addWidget(self.browse_button)
        form = QFormLayout()
        form.addRow(self.tr("Save to:"), row)
        form.addRow(self.tr("Language:"), self.lang_combo)
        form.addRow("", self.cjk_note)
        form.addRow(self.tr("Paper:"), self.paper_combo)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)

    def options(self) -> ExportOptions:
        text = os.path.expanduser(self.path_edit.text().strip())
        path = Path(text) if os.path.isabs(text) else self._folder / text
        return ExportOptions(with_pdf_suffix(path), self.lang_combo.currentData(), self.paper_combo.currentData())

    def accept(self) -> None:
        """Ask before replacing a file the user did not pick with Browse… (that dialog asked already)."""
        path = self.options().path
        if path.is_file() and self._picked != path:
            answer = QMessageBox.question(self, self.tr("Replace file?"),
                                          self.tr("{path} already exists. Replace it?").format(path=path),
                                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                          QMessageBox.StandardButton.No)
            if answer != QMessageBox.StandardButton.Yes:
                return
        super().accept()

    def _browse(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, self.tr("Export PDF as"), str(self.options().path), pdf_filter())
        if name:
            self._picked = with_pdf_suffix(Path(name))
            self.path_edit.setText(str(self._picked))

    def _update_state(self) -> None:
        blocked = self.lang_combo.currentData() == "zh" and not self._cjk  # never silently English instead
        self.export_button.setEnabled(bool(self.path_edit.text().strip()) and not blocked)
        self.cjk_note.setVisible(blocked)


def _cjk_installed() -> bool:
    from planner_gui.report.render.fonts import find_cjk_family  # the report package loads on first use

    return find_cjk_family() is not None


def _combo(items: tuple[tuple[str, str], ...], current: str, parent: QWidget, name: str) -> QComboBox:
    combo = QComboBox(parent, objectName=name)
    for code, label in items:
        combo.addItem(label, code)
    combo.setCurrentIndex(max(0, combo.findData(current)))
    return combo


class PdfExporter(QObject):
    """The Export PDF… action of one main window, and the export it runs."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.setObjectName("pdfExporter")
        self.window, self.document = window, window.document
        self.action = QAction(self.tr("&Export PDF…"), window, objectName="actionExportPdf")
        self.action.setShortcut(QKeySequence(SHORTCUT))
        self.action.setStatusTip(self.tr("Write the customer proposal for this design as a PDF"))
        self.action.triggered.connect(self.run)
        self._busy = False
        # Whether document.analysis belongs to the design as it is now (not an edit behind).
        self._current = self.document.analysis is not None and not self.document.live.busy
        self.document.results_updated.connect(self._on_results_updated)
        for stale in (self.document.results_pending, self.document.results_failed, self.document.design_replaced):
            stale.connect(self._on_results_stale)

    def _on_results_updated(self, *_: object) -> None:
        self._current = True

    def _on_results_stale(self, *_: object) -> None:
        self._current = False

    # ----- the command -----------------------------------------------------------------------
    def run(self) -> ExportResult | None:
        """Ask for the options, export, report: the result, or None if cancelled or failed."""
        if self._busy:
            return None
        options = self.ask()
        return self.export(options) if options is not None else None

    def defaults(self) -> ExportOptions:
        doc = self.document
        from planner_gui.preferences import load_preferences

        paper = default_paper(preference=load_preferences().preferences.paper_size)
        return ExportOptions(default_pdf_path(doc.design.meta.name, doc.path), default_lang(), paper)

    def ask(self) -> ExportOptions | None:
        dialog = ExportPdfDialog(self.defaults(), self.window)
        try:
            accepted = dialog.exec() == QDialog.DialogCode.Accepted
            return dialog.options() if accepted else None
        finally:
            dialog.deleteLater()

    def export(self, options: ExportOptions) -> ExportResult | None:
        """Write the PDF with a progress dialog; failures and Cancel are reported, never raised."""
        self._busy = True
        progress = _progress_dialog(self.window, options.path)
        try:
            result = self._write(options, progress)
        except ExportCancelled:
            self._status(self.tr("PDF export cancelled; {name} was not written").format(name=options.path.name))
            return None
        except (OSError, ValueError, KeyError) as error:
            QMessageBox.critical(self.window, self.tr("Cannot export PDF"), _error_text(error, options.path))
            return None
        except Exception as error:  # an engine or renderer bug: still a message, not a silent traceback
            QMessageBox.critical(self.window, self.tr("Cannot export PDF"), self.tr(
                "The PDF could not be written because of an internal error ({error}). Please report it "
                "with the design file.").format(error=f"{type(error).__name__}: {error}"))
            return None
        finally:
            progress.close()
            progress.deleteLater()
            self._busy = False
        self._report_success(result)
        return result

    def _write(self, options: ExportOptions, progress: QProgressDialog) -> ExportResult:
        from planner_gui.preferences import load_preferences
        from planner_gui.report.content.branding import branding_from
        from planner_gui.report.render import ExportResult, export_pdf  # imported late: ~0.15 s at start-up

        analysis = self._analysis(progress)
        target = options.path
        if target.is_dir():
            raise IsADirectoryError(errno.EISDIR, "it is a folder", str(target))
        handle, name = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=".part", dir=target.parent)
        os.close(handle)
        partial = Path(name)
        os.chmod(partial, _file_mode(target))  # mkstemp's 0600 would make the proposal private to the user
        try:
            result = export_pdf(self.document.design, self.document.catalog, partial, options.lang,
                                options.paper, analysis=analysis, progress=lambda share: _advance(progress, share),
                                branding=branding_from(load_preferences().preferences))
            os.replace(partial, target)
        except ValueError as error:  # the renderer names the temporary file: name the user's instead
            raise _naming(error, partial, target) from None
        finally:
            partial.unlink(missing_ok=True)
        return ExportResult(target, result.pages, result.lang, result.anchors, result.warnings)

    def _analysis(self, progress: QProgressDialog) -> Any:
        """The window's latest Analysis, once it covers the current design (None: let the report run it)."""
        live = self.document.live
        if live.busy:
            progress.setLabelText(self.tr("Finishing the results for the latest edit…"))
            live.wait_idle()
            if progress.wasCanceled():
                raise ExportCancelled
        progress.setLabelText(self.tr("Writing the proposal for {name}…").format(name=self.document.design.meta.name))
        return self.document.analysis if self._current else None

    # ----- after the export ------------------------------------------------------------------
    def _report_success(self, result: ExportResult) -> None:
        summary = plural(result.pages, self.tr("Exported {name}: {pages} page"),
                         self.tr("Exported {name}: {pages} pages")).format(name=result.path.name, pages=result.pages)
        self._status("; ".join((summary, *result.warnings)))
        choice = offer_to_open(self.window, result)
        target = result.path if choice == "pdf" else result.path.parent if choice == "folder" else None
        if target is not None and not QDesktopServices.openUrl(QUrl.fromLocalFile(str(target))):
            self._status(self.tr("No application could open {path}; open it from your file manager").format(
                path=target))

    def _status(self, message: str) -> None:
        self.window.statusBar().showMessage(message, MESSAGE_MS)


def offer_to_open(parent: QWidget, result: ExportResult) -> str:
    """Say the export succeeded (with any warnings); "pdf", "folder" or "" for what the user wants opened."""
    box = QMessageBox(parent, objectName="exportDoneBox")
    box.setWindowTitle(QCoreApplication.translate("PdfExporter", "PDF exported"))
    box.setIcon(QMessageBox.Icon.Warning if result.warnings else QMessageBox.Icon.Information)
    box.setText(plural(result.pages,
                       QCoreApplication.translate("PdfExporter", "The proposal was written to {name} ({pages} page)."),
                       QCoreApplication.translate("PdfExporter", "The proposal was written to {name} ({pages} pages)."))
                .format(name=result.path.name, pages=result.pages))
    box.setInformativeText("\n\n".join((str(result.path), *result.warnings)))
    open_pdf = box.addButton(QCoreApplication.translate("PdfExporter", "Open PDF"), QMessageBox.ButtonRole.AcceptRole)
    open_folder = box.addButton(QCoreApplication.translate("PdfExporter", "Open Folder"),
                                QMessageBox.ButtonRole.ActionRole)
    box.addButton(QMessageBox.StandardButton.Close)
    box.setDefaultButton(open_pdf)
    box.exec()
    clicked = box.clickedButton()
    box.deleteLater()
    return "pdf" if clicked is open_pdf else "folder" if clicked is open_folder else ""


def _progress_dialog(parent: QWidget, path: Path) -> QProgressDialog:
    dialog = QProgressDialog(QCoreApplication.translate("PdfExporter", "Writing {name}…").format(name=path.name),
                             QCoreApplication.translate("PdfExporter", "Cancel"), 0, PROGRESS_STEPS, parent)
    dialog.setObjectName("exportProgress")
    dialog.setWindowTitle(QCoreApplication.translate("PdfExporter", "Export PDF"))
    dialog.setWindowModality(Qt.WindowModality.WindowModal)  # no edits while the design is being written
    dialog.setMinimumDuration(SHOW_PROGRESS_AFTER_MS)
    dialog.setAutoClose(False)  # closed by export() once the file is in place, not at 100 %
    dialog.setAutoReset(False)
    dialog.setValue(0)
    return dialog


def _advance(progress: QProgressDialog, share: float) -> None:
    """The exporter's progress callback: move the bar, repaint, and stop if Cancel was pressed."""
    progress.setValue(round(min(max(share, 0.0), 1.0) * PROGRESS_STEPS))
    QApplication.processEvents()
    if progress.wasCanceled():
        raise ExportCancelled


def _file_mode(target: Path) -> int:
    """The replaced file's permissions, or those a newly created file gets (0666 less the umask)."""
    if target.exists():
        return stat.S_IMODE(target.stat().st_mode)
    mask = os.umask(0)  # reading the umask means setting it: put it straight back
    os.umask(mask)
    return NEW_FILE_MODE & ~mask


def _naming(error: ValueError, partial: Path, target: Path) -> ValueError:
    """``error`` naming ``target`` where it named ``partial``; a Text stays one (so it still translates)."""
    message = error.args[0] if len(error.args) == 1 else str(error)
    if isinstance(message, Text):
        params = {name: target if str(value) == str(partial) else value for name, value in message.params.items()}
        return ValueError(message.template.fill(**params))
    return ValueError(str(message).replace(str(partial), str(target)))


def _error_text(error: Exception, target: Path) -> str:
    """What failed, where, and what to do (module-level strings use the "PdfExporter" context)."""
    if isinstance(error, IsADirectoryError):
        text = QCoreApplication.translate("PdfExporter", "Cannot write {path}: it is a folder. Give a file name "
                                          "ending in .pdf.")
    elif isinstance(error, FileNotFoundError):
        text = QCoreApplication.translate("PdfExporter", "Cannot write {path}: the folder {folder} does not exist. "
                                          "Choose another folder.")
    elif isinstance(error, OSError):
        text = QCoreApplication.translate("PdfExporter", "Cannot write {path}: {reason}. Choose a folder you can "
                                          "write to, or close the file if another program (a PDF viewer) has it "
                                          "open.")
    else:
        text = QCoreApplication.translate("PdfExporter", "Cannot export {name}: {reason}")
    # a Text from the engine or the renderer in the app's language (a KeyError without its quotes)
    reason = error.strerror if isinstance(error, OSError) and error.strerror else ui_error_text(error)
    return text.format(path=target, folder=target.parent, name=target.name, reason=reason)


def export_pdf_action(window: MainWindow) -> QAction:
    """The File menu's Export PDF… action for ``window`` (its PdfExporter is a child of the window)."""
    return PdfExporter(window).action
