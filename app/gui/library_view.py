"""The library window: every library folder with its file counts, and every file (indexed or skipped, with the
reason) in a table that pages lazily from the index database: 100,000 files cost a few pages of rows, never a
widget per file. Space shows the selected file in Quick Look; its context menu and the buttons below offer Open and
Reveal in Finder (app.gui.open_location). The selected file's whole path and reason show under the table, so a
long reason is never only cut at the window's edge."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSize, Qt, Slot
from PySide6.QtGui import QIcon, QImageReader, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from engine.index import IndexStore

from .open_location import QUICK_LOOK_LABEL, REVEAL_LABEL, install_file_actions

PAGE_ROWS = 500
COLUMNS = ("Name", "Folder", "Type", "Status", "Passages", "Reason")
THUMB = 18  # a picture's thumbnail beside its name (rows are 22 px)


class LibraryModel(QAbstractTableModel):
    """Rows of the ``documents`` table in path order, fetched ``PAGE_ROWS`` at a time as the view scrolls."""

    def __init__(self, db_path: Path, skipped_only: bool = False, parent=None) -> None:
        super().__init__(parent)
        self.db_path = Path(db_path)
        self.status = "skipped" if skipped_only else None
        self.rows: list = []
        self.total = 0
        self._thumbs: dict[str, QIcon] = {}  # decoded only for the rows the view draws
        self.reload()

    def reload(self) -> None:
        self.beginResetModel()
        self.rows = []
        self.total = 0
        if self.db_path.exists():
            with IndexStore(self.db_path, read_only=True) as store:
                self.total = store.document_count(self.status)
        self.endResetModel()
        if self.canFetchMore(QModelIndex()):
            self.fetchMore(QModelIndex())

    def _thumbnail(self, path: str) -> QIcon | None:
        if path not in self._thumbs:
            if len(self._thumbs) > 500:
                self._thumbs.clear()
            reader = QImageReader(path)
            reader.setAutoTransform(True)
            size = reader.size()
            if size.isValid() and size.width() > 0 and size.height() > 0:
                reader.setScaledSize(size.scaled(THUMB, THUMB, Qt.AspectRatioMode.KeepAspectRatio))
            pixmap = QPixmap.fromImage(reader.read())
            self._thumbs[path] = QIcon(pixmap) if not pixmap.isNull() else QIcon()
        icon = self._thumbs[path]
        return None if icon.isNull() else icon

    def set_skipped_only(self, on: bool) -> None:
        self.status = "skipped" if on else None
        self.reload()

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 - Qt API
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802 - Qt API
        return 0 if parent.isValid() else len(COLUMNS)

    def canFetchMore(self, parent) -> bool:  # noqa: N802 - Qt API
        return not parent.isValid() and len(self.rows) < self.total

    def fetchMore(self, parent) -> None:  # noqa: N802 - Qt API
        with IndexStore(self.db_path, read_only=True) as store:
            page = store.documents_page(len(self.rows), PAGE_ROWS, self.status)
        if not page:
            self.total = len(self.rows)
            return
        self.beginInsertRows(QModelIndex(), len(self.rows), len(self.rows) + len(page) - 1)
        self.rows.extend(page)
        self.endInsertRows()

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802 - Qt API
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section]
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        doc = self.rows[index.row()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return doc.path if index.column() < 2 else (doc.reason or None)
        if role == Qt.ItemDataRole.DecorationRole and index.column() == 0 and doc.file_type == "image":
            return self._thumbnail(doc.path)
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        path = Path(doc.path)
        return (
            path.name,
            str(path.parent),
            doc.file_type,
            "Indexed" if doc.status == "indexed" else "Skipped",
            str(doc.n_chunks) if doc.status == "indexed" else "",
            doc.reason or "",
        )[index.column()]


class LibraryDialog(QDialog):
    """Library folders with their counts, and the lazily paged file table; "Skipped only" lists the reasons."""

    def __init__(self, db_path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Library")
        self.resize(1040, 640)
        lay = QVBoxLayout(self)
        self.folders = QLabel()
        self.folders.setObjectName("Muted")
        self.folders.setWordWrap(True)
        self.folders.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.folders)
        self.skipped_only = QCheckBox("Show only files that were skipped, with the reason")
        lay.addWidget(self.skipped_only)
        self.model = LibraryModel(db_path, parent=self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.setIconSize(QSize(THUMB, THUMB))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)  # never measures every row
        header.setStretchLastSection(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)  # a path keeps its start and its file name
        self._size_columns()
        lay.addWidget(self.table, 1)
        self.detail = QLabel()
        self.detail.setObjectName("Muted")
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.detail)
        self.file_actions = install_file_actions(self.table, self.path_at)
        row = QHBoxLayout()
        row.addStretch(1)
        self.quick_look_button = QPushButton(QUICK_LOOK_LABEL)
        self.quick_look_button.clicked.connect(self.file_actions.quick_look_action.trigger)
        self.reveal_button = QPushButton(REVEAL_LABEL)
        self.reveal_button.clicked.connect(self.file_actions.reveal_action.trigger)
        for b in (self.quick_look_button, self.reveal_button):
            b.setEnabled(False)
            row.addWidget(b)
        lay.addLayout(row)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.model.modelReset.connect(lambda: self._current_changed(self.table.currentIndex()))
        self.table.doubleClicked.connect(lambda _i: self.file_actions.open_action.trigger())
        self.skipped_only.toggled.connect(self._filter)
        self.refresh()

    def refresh(self) -> None:
        db = self.model.db_path
        lines = []
        if db.exists():
            with IndexStore(db, read_only=True) as store:
                for folder, indexed, skipped, chunks in store.folder_counts():
                    files = f"{indexed:,} file{'' if indexed == 1 else 's'}"
                    passages = f"{chunks:,} passage{'' if chunks == 1 else 's'}"
                    lines.append(f"{folder}: {files} indexed ({passages}), {skipped:,} skipped")
        self.folders.setText("\n".join(lines) or "The library is empty: add a folder to index it.")
        self.model.reload()
        self._size_columns()

    @Slot(bool)
    def _filter(self, on: bool) -> None:
        self.model.set_skipped_only(on)

    def _size_columns(self) -> None:
        """Widths from the words each column holds: Type ("markdown", "presentation"), Status and Passages fit their
        longest value; Name and Folder share what is left; Reason stretches to the edge."""
        fm = self.table.fontMetrics()
        pad = 24

        def fit(*words: str) -> int:
            return max(fm.horizontalAdvance(w) for w in words) + pad

        types = [r.file_type for r in self.model.rows[:PAGE_ROWS]] or ["markdown"]
        widths = (230, 260, fit("Type", "presentation", *types), fit("Status", "Indexed", "Skipped"),
                  fit("Passages", "100,000"))  # fmt: skip
        for col, width in enumerate(widths):
            self.table.setColumnWidth(col, width)

    def path_at(self, index) -> str | None:
        if not index.isValid() or index.row() >= len(self.model.rows):
            return None
        return self.model.rows[index.row()].path

    @Slot()
    def _current_changed(self, current, _previous=None) -> None:
        path = self.path_at(current)
        for b in (self.quick_look_button, self.reveal_button):
            b.setEnabled(bool(path) and Path(path).exists())
        if not path:
            self.detail.setText("")
            return
        doc = self.model.rows[current.row()]
        reason = f" — {doc.reason}" if doc.reason else ""
        self.detail.setText(f"{path}{reason}")
