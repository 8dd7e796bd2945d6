"""The Document: the one owner of the open design, its undo stack, its file and its live results.

Views read ``design`` and call the edit methods; they never change the model themselves. Each edit
is worked out as reversible changes (document/edits.py), applied, and pushed as exactly one undo
command; a refused edit changes nothing and emits ``edit_refused`` with the model's message, rendered
in the UI's language (the model's Text would not survive a ``Signal(str)``). After
every change (edit, undo, redo) the Document announces the ids that changed and asks for new
results, which arrive through ``results_updated``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QUndoStack

from planner_gui.catalog import Catalog
from planner_gui.document import edits, paste
from planner_gui.document import variants as variant_steps
from planner_gui.document.changes import Change, Recorder, apply_all, revert_all, touched_ids
from planner_gui.document.commands import EditCommand
from planner_gui.document.disk_watch import DiskWatch
from planner_gui.document.indexes import IndexWarmup
from planner_gui.document.live import Analyzer, LiveAnalysis
from planner_gui.document.snapshot import SnapshotBuilder
from planner_gui.document.undo_words import UNDO_WORDS, plain  # the words for fields and sections
from planner_gui.io import SaveError, load_design, save_design
from planner_gui.io.saving import remove_stale_temps
from planner_gui.model import Design, DeviceSpec
from planner_gui.model.messages import QT_TRANSLATE_NOOP, error_text
from planner_gui.present import plural

T = TypeVar("T")
DEFAULT_RACK_U = 42  # the common rack height (EIA-310 cabinets are commonly 42U-48U)


class Document(QObject):
    design_replaced = Signal()
    racks_changed = Signal(list)
    devices_changed = Signal(list)
    links_changed = Signal(list)
    settings_changed = Signal(str)
    selection_changed = Signal(list)
    results_pending = Signal()
    results_updated = Signal(object)
    dirty_changed = Signal(bool)
    path_changed = Signal(object)
    edit_refused = Signal(str)  # the model's reason, already in the UI language
    # Beyond the GUI contract: the status bar shows engine failures; autosave listens for saves.
    results_failed = Signal(str)
    saved = Signal(object)
    variants_changed = Signal()  # a variant was made, switched to, renamed or deleted (document/variants.py)
    file_changed_on_disk = Signal(object)  # the open file was replaced or changed by someone else (disk_watch.py)

    def __init__(self, catalog: Catalog, design: Design | None = None, parent: QObject | None = None,
                 analyzer: Analyzer | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.design = design if design is not None else Design()
        self.undo_stack = QUndoStack(self)
        self.path: Path | None = None
        self.analysis: Any = None
        self.selection: list[str] = []
        self.load_warnings: list[str] = []
        self.disk = DiskWatch(self)
        self.disk.changed_on_disk.connect(self.file_changed_on_disk)
        self.undo_stack.cleanChanged.connect(self._on_undo_stack_clean_changed)
        self._snapshots = SnapshotBuilder(self.design)  # what the analysis reads (document/snapshot.py)
        # A method of the Document, not of the builder: a run under way keeps the Document alive (the
        # collector may run while the snapshot is copied, and must not delete the Qt objects of the run).
        self._live = LiveAnalysis(catalog, self._snapshot, analyzer, self)
        self._live.finished.connect(self._on_live_finished)
        # After the views: a large design's link indexes, built between turns (document/indexes.py)
        self._indexes = IndexWarmup(self)
        self._live.finished.connect(self._indexes.start)
        self._live.failed.connect(self.results_failed)
        self._live.request()

    # ----- read-only helpers for views -------------------------------------------------------
    @property
    def is_dirty(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def live(self) -> LiveAnalysis:
        return self._live

    def kind_of(self, object_id: str) -> str | None:
        """"rack", "device", "link" or None for an id of this design."""
        design = self.design
        return ("rack" if object_id in design.racks else "device" if object_id in design.devices
                else "link" if object_id in design.links else None)

    def spec_of(self, device_id: str) -> DeviceSpec:
        return self.design.spec_of(device_id, self.catalog)

    # ----- edits (one undo step each) --------------------------------------------------------
    def add_device(self, catalog_id: str, rack_id: str | None = None, u: int | None = None) -> str | None:
        ids = self._edit(_step(translate("UndoStep", "Add {name}"), name=self._entry_name(catalog_id)),
                         lambda rec: edits.add_devices(rec, self.catalog, catalog_id, [(rack_id, u)]))
        return ids[0] if ids else None

    def add_devices(self, catalog_id: str, placements: list[tuple[str | None, int | None]]) -> list[str]:
        text = _step(translate("UndoStep", "Add {n} × {name}"), n=len(placements), name=self._entry_name(catalog_id))
        added = self._edit(text, lambda rec: edits.add_devices(rec, self.catalog, catalog_id, placements))
        return added or []

    def move_devices(self, moves: dict[str, tuple[str | None, int | None]]) -> bool:
        text = _step(plural(len(moves), translate("UndoStep", "Move {n} device"),
                             translate("UndoStep", "Move {n} devices")), n=len(moves))
        return self._edit(text, lambda rec: edits.move_devices(rec, self.catalog, moves) or True) is not None

    def add_rack(self, row: str | None = None, position: int | None = None,
                 height_u: int = DEFAULT_RACK_U) -> str | None:
        return self._edit(translate("UndoStep", "Add rack"),
                          lambda rec: edits.add_rack(rec, self.catalog, row, position, height_u))

    def add_link(self, device_a: str, device_b: str) -> str | None:
        return self._edit(_step(translate("UndoStep", "Link {a} to {b}"), a=device_a, b=device_b),
                          lambda rec: edits.add_link(rec, self.catalog, device_a, device_b))

    def add_link_between_ports(self, port_a: str, port_b: str) -> str | None:
        return self._edit(_step(translate("UndoStep", "Link {a} to {b}"), a=port_a, b=port_b),
                          lambda rec: edits.add_link_between_ports(rec, self.catalog, port_a, port_b))

    def remove_items(self, ids: list[str]) -> bool:
        return self._edit(_step(plural(len(ids), translate("UndoStep", "Delete {n} item"),
                                        translate("UndoStep", "Delete {n} items")), n=len(ids)),
                          lambda rec: edits.remove_items(rec, ids)) is not None

    def set_properties(self, ids: list[str], **values: object) -> bool:
        names = ", ".join(map(_field_word, values))
        text = _step(plural(len(ids), translate("UndoStep", "Set {names} of {n} item"),
                             translate("UndoStep", "Set {names} of {n} items")), names=names, n=len(ids))
        done = self._edit(text, lambda rec: edits.set_properties(rec, self.catalog, ids, values) or True)
        return done is not None

    def set_settings(self, section: str, **values: object) -> bool:
        word = _field_word(section)
        text = (_step(translate("UndoStep", "Change {section} settings"), section=word) if values
                else _step(translate("UndoStep", "Clear {section}"), section=word))
        return self._edit(text, lambda rec: edits.set_settings(rec, section, values) or True) is not None

    # ----- copy and paste (document/paste.py) ----------------------------------------------------
    def copy_fragment(self, ids: list[str]) -> Design | None:
        """The selected racks, devices and links among them as a design of their own (None: nothing to
        copy, with the reason on ``edit_refused``)."""
        try:
            return paste.copy_fragment(self.design, self.catalog, ids)
        except (ValueError, KeyError) as error:
            self.edit_refused.emit(error_text(error, QCoreApplication.translate))
            return None

    def paste(self, fragment: Design, target_rack: str | None = None) -> list[str]:
        """Add a copy of ``fragment`` (one undo step); the new objects become the selection."""
        n = len(fragment.racks) + len(fragment.devices)
        text = _step(plural(n, translate("UndoStep", "Paste {n} item"), translate("UndoStep", "Paste {n} items")), n=n)
        added = self._edit(text, lambda rec: paste.paste_fragment(rec, self.catalog, fragment, target_rack)) or []
        self.select(added)
        return added

    def duplicate(self, ids: list[str]) -> list[str]:
        """Copy and paste in one step; a device copied alone goes back into its own rack if there is room."""
        fragment = self.copy_fragment(ids)
        if fragment is None:
            return []
        racks = {self.design.devices[i].rack_id for i in ids if i in self.design.devices} - {None}
        n = len(fragment.racks) + len(fragment.devices)
        text = _step(plural(n, translate("UndoStep", "Duplicate {n} item"),
                             translate("UndoStep", "Duplicate {n} items")), n=n)
        target = next(iter(racks)) if len(racks) == 1 else None
        added = self._edit(text, lambda rec: paste.paste_fragment(rec, self.catalog, fragment, target)) or []
        self.select(added)
        return added

    # ----- variants (document/variants.py; one undo step each) ------------------------------------
    def new_variant(self, name: str) -> str | None:
        return variant_steps.save_as_new(self, name)

    def switch_variant(self, name: str) -> bool:
        return variant_steps.switch(self, name)

    def rename_variant(self, old: str, new: str) -> str | None:
        return variant_steps.rename(self, old, new)

    def delete_variant(self, name: str) -> bool:
        return variant_steps.delete(self, name)

    def select(self, ids: list[str]) -> None:
        known = [i for i in dict.fromkeys(ids) if self.kind_of(i) is not None]
        if known != self.selection:
            self.selection = known
            self.selection_changed.emit(list(known))

    # ----- files -----------------------------------------------------------------------------
    def new(self, design: Design | None = None) -> None:
        self._replace(design if design is not None else Design(), None)
        self.disk.follow(None)

    def open(self, path: Path) -> None:
        """Open a .cluster file; a LoadError (with the loader's message) leaves everything as it was."""
        result = load_design(path, self.catalog)
        remove_stale_temps(Path(path))  # temporary files a killed save of this design left behind
        self._replace(result.design, Path(path))
        self.load_warnings = list(result.warnings)
        self.disk.follow(Path(path))

    def recover(self, design: Design, original_path: Path | None) -> None:
        """Take a design from an autosave: it is unsaved work, so the document starts dirty."""
        self._replace(design, original_path)
        self.disk.follow(original_path)  # the file as it is now: a later save over a changed one asks first
        self.undo_stack.resetClean()

    def save(self, path: Path | None = None, overwrite_changed: bool = False) -> None:
        """Save to ``path`` (default: the document's file). Saving over the document's own file after another
        program changed it raises :class:`FileChangedOnDisk` unless ``overwrite_changed`` says the user chose to."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise SaveError(QT_TRANSLATE_NOOP("Document", "this design has no file yet; choose a file name with Save As"
                                              ).fill())
        if not overwrite_changed:
            self.disk.check_before_save(target)
        save_design(self.design, target)
        self.disk.follow(target)
        if target != self.path:
            self.path = target
            self.path_changed.emit(target)
        self.undo_stack.setClean()
        self.saved.emit(target)

    # ----- private: applying changes (commands call these) -----------------------------------
    def _edit(self, text: str, build: Callable[[Recorder], T]) -> T | None:
        recorder = Recorder(self.design, self.catalog)
        try:
            result = build(recorder)
        except (ValueError, KeyError) as error:  # DesignError is a ValueError; KeyError: catalog lookups
            recorder.rollback()
            self.edit_refused.emit(error_text(error, QCoreApplication.translate))  # a Signal(str) keeps no Text
            return None
        if recorder.changes:
            self.undo_stack.push(EditCommand(self, text, recorder.changes))
            self._announce(recorder.changes, applied=True)
        return result

    def _apply_changes(self, changes: list[Change]) -> None:
        apply_all(changes, self.design, self.catalog)
        self._announce(changes, applied=True)

    def _revert_changes(self, changes: list[Change]) -> None:
        revert_all(changes, self.design, self.catalog)
        self._announce(changes, applied=False)

    def _announce(self, changes: list[Change], applied: bool) -> None:
        self._snapshots.record(changes, applied)
        touched = touched_ids(changes)
        for collection, signal in (("racks", self.racks_changed), ("devices", self.devices_changed),
                                   ("links", self.links_changed)):
            if collection in touched:
                signal.emit(touched[collection])
        for section in touched.get("settings", []):
            self.settings_changed.emit(section)
        self.select(self.selection)  # drops ids that no longer exist
        self.results_pending.emit()
        self._live.request()

    def _snapshot(self) -> Design:
        """What the analysis reads (document/snapshot.py); LiveAnalysis asks for it when no run is under way."""
        return self._snapshots.snapshot()

    def _replace(self, design: Design, path: Path | None) -> None:
        self.design = design
        self.undo_stack.clear()
        self.load_warnings = []
        self.analysis = None
        if path != self.path:
            self.path = path
            self.path_changed.emit(path)
        self._announce_replaced()
        self.variants_changed.emit()

    def _announce_replaced(self) -> None:
        """The design's contents are new (another file, or another variant): every view rebuilds."""
        self.selection = []
        self._snapshots.reset(self.design)
        self._live.reset_cache()
        self.design_replaced.emit()
        self.selection_changed.emit([])
        self.results_pending.emit()
        self._live.request()

    def _variants_edited(self, replaced: bool) -> None:
        if replaced:
            self._announce_replaced()
        self.variants_changed.emit()

    def _on_live_finished(self, analysis: object) -> None:
        self.analysis = analysis
        self.results_updated.emit(analysis)

    def _on_undo_stack_clean_changed(self, clean: bool) -> None:
        self.dirty_changed.emit(not clean)

    def _entry_name(self, catalog_id: str) -> str:
        entry = self.catalog.get(catalog_id)
        return entry.name if entry is not None else catalog_id


translate = QCoreApplication.translate  # the bare name lupdate extracts: translate("Context", "literal")


def _step(translated: str, **values: object) -> str:
    """An undo step's label (the Edit menu's "Undo …", the history), already translated, filled in."""
    return translated.format(**values)


def _field_word(name: str) -> str:
    word = UNDO_WORDS.get(name)
    return plain(name) if word is None else translate("Document", word) or plain(name)

