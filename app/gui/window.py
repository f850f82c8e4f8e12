"""The Alcove window: a toolbar switching Chat / Search / Rerank, menus with Mac shortcuts, drag-and-drop indexing,
and a status bar with the loaded models, their memory and the index size."""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, Qt, QTimer, Slot
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QHBoxLayout,
    QMainWindow,
    QSplitter,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from engine.core import default_index_db

from . import style
from .bridge import Bridge
from .chat_pane import ChatPane
from .chat_store import ChatStore
from .dropzone import DropOverlay, IndexController, IndexPanel, local_paths
from .dropzone.indexing import summary_text
from .errors import show_error
from .library_view import LibraryDialog
from .metrics import format_bytes
from .model_identity import display_name, info_name
from .rerank_pane import RerankPane
from .search_pane import SearchPane
from .settings import OPTIONS, Settings
from .settings_dialog import SettingsDialog
from .source_viewer import SourceViewer
from .status_bar import ElidedLabel, index_size, library_documents, notify
from .status_center import ERROR, NOTICE, PASSING, StatusCenter
from .welcome import WelcomeView
from .window_menus import build_menus
from .window_toolbar import PANES, build_toolbar

log = logging.getLogger(__name__)


class MainWindow(QMainWindow):
    def __init__(
        self, bridge: Bridge, settings: Settings, store: ChatStore, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.bridge, self.settings, self.store = bridge, settings, store
        self.setWindowTitle("Alcove")
        self.setUnifiedTitleAndToolBarOnMac(True)
        self.setAcceptDrops(True)
        self.resize(1180, 760)
        self.settings_dialog: SettingsDialog | None = None
        self.library_dialog: LibraryDialog | None = None
        self.models: dict[str, Any] = {}

        self.chat = ChatPane(bridge, settings, store)
        self.search = SearchPane(bridge, settings)
        self.rerank = RerankPane(bridge, settings)
        self.search.rerank_requested.connect(self.send_to_rerank)
        self.chat.source_requested.connect(self.open_source)
        self.search.source_requested.connect(self.open_source)
        self.stack = QStackedWidget()
        for pane in (self.chat, self.search, self.rerank):
            self.stack.addWidget(pane)
            pane.status_message.connect(self.show_message)

        self.indexer = IndexController(bridge, settings, default_index_db(), self)
        self.index_panel = IndexPanel(self.indexer)
        self.indexer.finished.connect(self._indexed)
        self.indexer.started.connect(self._update_index_size)
        self.indexer.started.connect(self._forget_last_run)
        self.indexer.progress.connect(self._index_progress)
        self._size_timer = QTimer(self)  # the index's size while a run writes to it, now and then
        self._size_timer.setInterval(3000)
        self._size_timer.timeout.connect(self._update_index_size)
        self.chat.busy_changed.connect(self._chat_busy)
        central = QWidget()
        col = QVBoxLayout(central)
        col.setContentsMargins(0, 0, 0, 0)
        col.setSpacing(0)
        col.addWidget(self.stack, 1)
        self.welcome = WelcomeView()  # first run only: model loading and a drop target, over the panes
        self.welcome.start_chatting.connect(self.close_welcome)
        self.welcome.choose_folder.connect(self.choose_and_index)
        self.welcome.hide()
        col.addWidget(self.welcome, 1)
        col.addWidget(self.index_panel)
        self.viewer = SourceViewer(run_beside=lambda fn, *a: bridge.call("view-source", fn, *a))
        self.viewer.failed.connect(lambda why: self.show_message(why, ERROR))
        self.viewer.hide()
        self.viewer.closed.connect(lambda: self.stack.currentWidget().setFocus())
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.setChildrenCollapsible(False)
        self.split.setHandleWidth(1)
        self.split.addWidget(central)
        self.split.addWidget(self.viewer)
        self.split.setStretchFactor(0, 3)
        self.split.setStretchFactor(1, 2)
        self.setCentralWidget(self.split)
        self.overlay = DropOverlay(central)

        self.toolbar = build_toolbar(self)  # app.gui.window_toolbar
        self._build_menus()
        self._build_status()
        bridge.engine_error.connect(self.show_engine_error)
        bridge.models_changed.connect(self._models_changed)
        bridge.memory_changed.connect(self._memory_changed)
        bridge.model_loading.connect(self._model_loading)
        settings.changed.connect(self._setting_changed)
        app = QApplication.instance()
        self._dock_connected = hasattr(app, "files_opened")
        if self._dock_connected:  # the Dock icon and Finder's "Open With"
            app.files_opened.connect(self.index_paths)
        self._restore_geometry()
        self.switch_to("chat")
        self._update_index_size()
        self._loading_since: dict[str, float] = {}
        bridge.refresh_status()

    # -- construction ---------------------------------------------------------------------------------
    def _build_menus(self) -> None:
        self.menu_actions = build_menus(self)  # File, Edit, View, Window, Help (app.gui.window_menus)

    def _build_status(self) -> None:
        bar = self.statusBar()
        bar.setSizeGripEnabled(False)
        self.status = StatusCenter()
        self.notice = QWidget()
        row = QHBoxLayout(self.notice)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        self.notice_label = ElidedLabel(min_width=80)
        self.notice_label.setObjectName("StatusNotice")
        self.notice_dismiss = QToolButton()
        self.notice_dismiss.setObjectName("MessageAction")
        self.notice_dismiss.setAutoRaise(True)
        self.notice_dismiss.setText("✕")
        self.notice_dismiss.setToolTip("Dismiss this message")
        self.notice_dismiss.clicked.connect(self.dismiss_notice)
        row.addWidget(self.notice_label)
        row.addWidget(self.notice_dismiss)
        row.addStretch(1)
        self.notice.hide()
        bar.addWidget(self.notice, 1)  # hidden by passing messages, back when they clear
        # At 800 px the labels share the bar: each gives up width by whole words ("SmolLM2-135M Instruct…"),
        # never cut mid-word at the window's edge.
        self.models_label = ElidedLabel("Starting…", min_width=90)
        self.memory_label = ElidedLabel(min_width=60)
        self.index_label = ElidedLabel(min_width=60)
        for label in (self.models_label, self.memory_label, self.index_label):
            bar.addPermanentWidget(label)

    # -- panes ----------------------------------------------------------------------------------------
    def first_run(self) -> bool:
        return not self.settings["ui/welcomed"] and not self.store.conversations()

    def show_welcome(self) -> None:
        """First run (``main`` asks ``first_run()``): the welcome in place of the panes until the user starts
        chatting or picks a pane."""
        self.welcome.set_idle(self.settings["models/chat"] or "default")
        self.stack.hide()
        self.welcome.show()

    @Slot()
    def close_welcome(self) -> None:
        self.welcome.hide()
        self.stack.show()
        self.settings["ui/welcomed"] = True
        self.switch_to("chat")

    def switch_to(self, key: str) -> None:
        if not self.welcome.isHidden() and self.isVisible():
            self.close_welcome()  # a pane chosen from the toolbar or ⌘1-3 ends the welcome
        index = [p[0] for p in PANES].index(key)
        self.stack.setCurrentIndex(index)
        self.pane_actions.actions()[index].setChecked(True)
        if key == "search":
            self.search.refresh_state()
            self.search.query.setFocus()
        elif key == "chat":
            self.chat.composer.edit.setFocus()

    def _new_chat(self) -> None:
        self.switch_to("chat")
        self.chat.new_chat()

    @Slot(str, object)
    def send_to_rerank(self, query: str, hits: list[Any]) -> None:
        self.rerank.set_candidates(query, hits)
        self.switch_to("rerank")
        self.rerank.run_rerank()  # "Rerank These" reranks in one click

    @Slot()
    def show_library(self) -> None:
        """Folders with their counts and every file, indexed or skipped with the reason (paged lazily)."""
        if self.library_dialog is None:
            self.library_dialog = LibraryDialog(self.indexer.db_path, self)
            self.indexer.finished.connect(lambda _s: self.library_dialog.refresh())
        else:
            self.library_dialog.refresh()
        self.library_dialog.show()
        self.library_dialog.raise_()

    @Slot()
    def open_settings(self) -> None:
        if self.settings_dialog is None:
            self.settings_dialog = SettingsDialog(self.bridge, self.settings, self)
            self.settings_dialog.reindex_requested.connect(self.indexer.reindex_all)
        self.settings_dialog.show()
        self.settings_dialog.raise_()
        self.settings_dialog.activateWindow()

    @Slot(str)
    def show_message(self, text: str, level: int = PASSING) -> None:
        """A passing message shows for a few seconds; a NOTICE or ERROR stays until it is dismissed or replaced by
        one at least as important. An empty text clears only the passing message."""
        bar = self.statusBar()
        if self.status.post(text, level):
            bar.clearMessage()
            self.notice_label.setText(self.status.text())
            self.notice_label.setStyleSheet(f"color: {style.colors()['danger']}" if level >= ERROR else "")
            self.notice_label.setToolTip(self.status.text())
            self.notice.show()
        elif text:
            bar.showMessage(text, 6000)
        else:
            bar.clearMessage()

    @Slot()
    def _forget_last_run(self) -> None:
        """A new run starts: the last run's "Indexing finished…" notice no longer says what is happening."""
        if self.status.text().startswith("Indexing"):
            self.dismiss_notice()

    @Slot()
    def dismiss_notice(self) -> None:
        self.status.dismiss()
        self.notice.hide()

    def status_text(self) -> str:
        """What the status bar says now: the passing message over the kept notice."""
        return self.statusBar().currentMessage() or (self.status.text() if self.notice.isVisible() else "")

    @Slot(object)
    def open_source(self, source: Any) -> None:
        """A citation chip, an inline [n] or a search result's Open: the document at the cited place."""
        if not self.viewer.isVisible():
            width = max(600, self.split.width())
            self.split.setSizes([int(width * 0.58), int(width * 0.42)])
        self.viewer.show_source(
            source
        )  # a file that cannot be shown says why, in the pane and the status bar

    @Slot(str, str, str)
    def show_engine_error(self, title: str, message: str, details: str) -> None:
        show_error(self, title, message, details)

    # -- models, memory, index size -------------------------------------------------------------------
    def start(self) -> None:
        """Load the chosen chat model in the background so the first reply does not wait for it."""
        self._load_chat()

    def _load_chat(self, *, reload: bool = False) -> None:
        wanted = self.settings.model("chat")
        if wanted is not None:
            self.bridge.load_model(replace(wanted, reload=reload))

    @Slot(str, str)
    def _model_loading(self, role: str, spec: str) -> None:
        if spec:
            self._loading_since[role] = time.monotonic()
            self._loading_spec = getattr(self, "_loading_spec", {}) | {role: spec}
            self.models_label.setText(f"Loading {display_name(spec, role=role)}…")
            if role == "chat" and not self.welcome.isHidden():
                expected = self.settings["models/load_seconds"].get(spec)
                self.welcome.loading(spec, float(expected) if expected else None)
        else:
            self._show_models()

    @Slot(object)
    def _models_changed(self, models: dict[str, Any]) -> None:
        self.models = dict(models)
        self._show_models()
        chat = self.models.get("chat")
        spec = getattr(self, "_loading_spec", {}).get("chat")
        if chat is not None and spec and "chat" in self._loading_since:
            del self._loading_since["chat"]
            took = float(getattr(chat, "load_time_s", 0) or 0)
            if took > 0:  # the welcome's next progress bar fills toward this
                self.settings["models/load_seconds"] = {
                    **self.settings["models/load_seconds"],
                    spec: round(took, 2),
                }
            if not self.welcome.isHidden():
                self.welcome.loaded(chat)

    def _show_models(self) -> None:
        chat = self.models.get("chat")
        if chat is None:
            self.models_label.setText("No chat model loaded")
            self.models_label.setToolTip("")
            return
        specs = {
            role: self.settings[f"models/{role}"] if f"models/{role}" in OPTIONS else ""
            for role in self.models
        }
        names = [info_name(chat, "chat", specs["chat"])]
        names += [info_name(i, role, specs[role]) for role, i in self.models.items() if role != "chat"]
        self.models_label.setText("  ·  ".join(names))
        lines = [f"{role}: {info_name(i, role, specs[role])} ({format_bytes(getattr(i, 'bytes', 0))})"
                 for role, i in self.models.items()]  # fmt: skip
        self.models_label.setToolTip("\n".join(lines))

    @Slot(object)
    def _memory_changed(self, mem: Any) -> None:
        weights = sum(int(getattr(i, "bytes", 0) or 0) for i in self.models.values())
        self.memory_label.setText(f"Memory {format_bytes(mem.active_bytes)}")
        self.memory_label.setToolTip(
            f"Model weights: {format_bytes(weights)}\nIn use by MLX: {format_bytes(mem.active_bytes)}\n"
            f"Peak: {format_bytes(mem.peak_bytes)}\nPrompt cache: {format_bytes(mem.prompt_cache_bytes)}\n"
            f"Limit: {format_bytes(mem.memory_limit_bytes) if mem.memory_limit_bytes else 'automatic'}"
        )

    def library_documents(self) -> int:
        return library_documents(Path(self.indexer.db_path))

    @Slot()
    def _update_index_size(self, running: bool | None = None) -> None:
        """The status bar's index label and the "Use my documents" box: it cannot be ticked with nothing indexed."""
        size, docs = index_size(Path(self.indexer.db_path)), self.library_documents()
        if self.indexer.busy if running is None else running:
            text = f"Indexing · {format_bytes(size)}" if size else "Indexing…"
            self._size_timer.start()
        else:
            self._size_timer.stop()
            text = f"Index {format_bytes(size)}" if docs else "No documents yet"
        self.index_label.setText(text)
        self.index_label.setToolTip(
            f"{docs:,} documents indexed" if docs else "Drop files or folders on the window"
        )
        box = self.chat.composer.use_documents
        box.setEnabled(docs > 0)
        box.setToolTip("Answer from your indexed files, with numbered sources" if docs else
                       "Add files or folders to your library first (drop them on the window)")  # fmt: skip

    @Slot(int, int, str, float)
    def _index_progress(self, done: int, total: int, _current: str, _eta: float) -> None:
        self._index_counts = (done, total)

    @Slot(bool)
    def _chat_busy(self, busy: bool) -> None:
        """A document question asked while files are still being indexed says so: the answer can only use what is
        indexed so far."""
        box = self.chat.composer.use_documents
        if busy and self.indexer.busy and box.isChecked() and box.isEnabled():
            done, total = getattr(self, "_index_counts", (0, 0))
            so_far = f" ({done:,} of {total:,} files read so far)" if total else ""
            self.show_message(
                f"Your files are still being indexed{so_far}: this answer uses only what is indexed now.",
                NOTICE,
            )

    @Slot(str, object)
    def _setting_changed(self, key: str, value: Any) -> None:
        if key == "models/transform":
            loading = any(j.name == "load-chat" for j in self.bridge.jobs())
            if "chat" in self.models or loading:  # loaded or loading: built again with the new transform
                self._load_chat(reload=True)  # applies without a restart
        elif key == "models/chat" and value:
            self._load_chat()  # the engine loads nothing when it is the model it has
        elif key == "memory/limit_gb":
            self.bridge.set_memory_limit(int(value * 1e9) if value else None)
        elif key == "appearance/theme":
            style.apply_theme(QApplication.instance(), value)
        elif key == "index/folders":
            new = [f for f in value if f not in self._known_folders]
            if new:
                self.indexer.index(new)
        if key == "index/folders":
            self._known_folders = list(value)

    _known_folders: list[str] = []

    # -- drag and drop --------------------------------------------------------------------------------
    def dragEnterEvent(self, event) -> None:  # noqa: N802 - Qt API
        paths = local_paths(event.mimeData())
        if paths:
            event.acceptProposedAction()
            self.overlay.show_for(len(paths))

    def dragMoveEvent(self, event) -> None:  # noqa: N802 - Qt API
        event.acceptProposedAction()

    def dragLeaveEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.overlay.hide()

    def dropEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.overlay.hide()
        paths = local_paths(event.mimeData())
        if paths:
            event.acceptProposedAction()
            self.index_paths(paths)

    @Slot(list)
    def index_paths(self, paths: list[str]) -> None:
        """Dropped here, on the Dock icon, or chosen with Add to Library."""
        folders = [p for p in paths if Path(p).is_dir()]
        if folders:
            known = self.settings["index/folders"]
            self._known_folders = [*known, *folders]  # indexed below, not again by the settings change
            self.settings["index/folders"] = list(dict.fromkeys([*known, *folders]))
        self.indexer.index(paths)

    @Slot()
    def choose_and_index(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Add Folder to Library")
        if folder:
            self.index_paths([folder])

    @Slot(object)
    def _indexed(self, summary: Any) -> None:
        text = summary_text(summary) if summary is not None else "Indexing stopped."
        failed = summary is not None and bool(getattr(summary, "error", None))
        self.show_message(text, ERROR if failed or summary is None else NOTICE)
        self._update_index_size(running=False)  # the controller lets go of its job just after this
        self.search.refresh_state()
        if summary is not None and not summary.cancelled:
            self.last_notification = notify(
                self, "Indexing finished" if not failed else "Indexing stopped", text
            )

    # -- window state ---------------------------------------------------------------------------------
    def _restore_geometry(self) -> None:
        geometry = self.settings.raw_store().value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        self._known_folders = list(self.settings["index/folders"])

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.settings.raw_store().setValue("window/geometry", self.saveGeometry())
        app = QApplication.instance()
        if hasattr(app, "files_opened") and self._dock_connected:
            app.files_opened.disconnect(self.index_paths)
            self._dock_connected = False
        self.chat.stop()
        self.indexer.cancel()
        self.indexer.shutdown()
        super().closeEvent(event)
