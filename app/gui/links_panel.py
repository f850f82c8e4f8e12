"""Settings > Library: the symbolic links the indexer did not follow because they point outside every library folder,
each with where it points and why, and an "Allow" box per link. An allowed link is followed on the next index run
(what it points to is indexed under the link's path, each real file once); unticking it takes those files out
again on the next run.

The list comes from the index runs' summaries (``IndexSummary.links_outside``), kept in the typed setting
``index/links_outside``; the allowed links are ``index/allow_links``, passed as plain paths to ``Engine.index``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.index import display_path

from .settings import Settings

COLUMNS = ("Allow", "Link", "Points to", "Reason")


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def merge_links_outside(
    known: dict[str, Any], found: Iterable[Any], roots: Sequence[str], allowed: Sequence[str]
) -> dict[str, Any]:
    """The setting's new value after a run over ``roots`` that reported ``found`` (OutsideLink objects): new and
    changed links added, links under those roots no longer reported dropped unless the user allowed them (an
    allowed link is followed, so it is not reported, and must stay listed to be revoked)."""
    out = {
        path: entry
        for path, entry in known.items()
        if path in allowed or not any(_inside(path, r) for r in roots)
    }
    for link in found:
        out[link.path] = {"target": link.target, "reason": link.reason}
    return dict(sorted(out.items()))


def short_reason(reason: str) -> str:
    """The reason, short, for the table ("Outside your library"); the whole one is its tooltip."""
    if "outside the folders you chose" in reason:
        return "Outside your library"
    head = reason.split(" (to ")[0].split(";")[0].removeprefix("The symbolic link points ").strip()
    return head[:1].upper() + head[1:]


class OutsideLinksPanel(QWidget):
    """The links table; one row per link, a checkable "Allow" cell in front. Rows are few (links out of a
    library are rare), so a QTableWidget is right here."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel("Links that point outside your library")
        self.title.setObjectName("SectionTitle")
        lay.addWidget(self.title)
        self.note = QLabel()
        self.note.setObjectName("Muted")
        self.note.setWordWrap(True)
        lay.addWidget(self.note)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("index/links_outside")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)  # long paths keep their file names visible
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        self.table.setColumnWidth(1, 170)
        self.table.setColumnWidth(2, 170)
        lay.addWidget(self.table, 1)
        self._filling = False
        self.table.itemChanged.connect(self._item_changed)
        settings.changed.connect(self._setting_changed)
        self.refresh()

    def refresh(self) -> None:
        links: dict[str, Any] = self.settings["index/links_outside"]
        allowed = set(self.settings["index/allow_links"])
        self._filling = True
        try:
            self.table.setRowCount(len(links))
            for row, (path, entry) in enumerate(links.items()):
                entry = entry if isinstance(entry, dict) else {}
                allow = QTableWidgetItem("")
                allow.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
                allow.setCheckState(Qt.CheckState.Checked if path in allowed else Qt.CheckState.Unchecked)
                allow.setData(Qt.ItemDataRole.UserRole, path)
                allow.setToolTip("Follow this link on the next index run")
                self.table.setItem(row, 0, allow)
                target = str(entry.get("target", ""))
                reason = str(entry.get("reason", ""))
                for col, text, tip in ((1, display_path(path), path), (2, display_path(target), target),
                                       (3, short_reason(reason), reason)):  # fmt: skip
                    item = QTableWidgetItem(text)
                    item.setToolTip(display_path(tip))
                    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                    self.table.setItem(row, col, item)
        finally:
            self._filling = False
        n, k = len(links), len(allowed & set(links))
        if not n:
            self.note.setText(
                "None found. A symbolic link in a library folder that points elsewhere is listed here after an "
                "index run; you can allow it one link at a time."
            )
        else:
            self.note.setText(
                f"{n} link{'s' if n != 1 else ''} found, {k} allowed. An allowed link is followed on the next "
                "index run and what it points to is indexed under the link's path; untick it to take those "
                "files out again. Links into /proc, /sys or /dev are never followed."
            )
        self.table.setVisible(bool(n))

    def allow(self, path: str, on: bool) -> None:
        allowed = [p for p in self.settings["index/allow_links"] if p != path]
        self.settings["index/allow_links"] = [*allowed, path] if on else allowed

    @Slot(QTableWidgetItem)
    def _item_changed(self, item: QTableWidgetItem) -> None:
        if self._filling or item.column() != 0:
            return
        self.allow(str(item.data(Qt.ItemDataRole.UserRole)), item.checkState() == Qt.CheckState.Checked)

    def _setting_changed(self, key: str, _value) -> None:
        if key in ("index/links_outside", "index/allow_links"):
            self.refresh()
