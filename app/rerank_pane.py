"""The Rerank pane: a query and candidate passages (from Search, pasted, or a file), a cross-encoder, and the old
rank, new rank and score side by side."""

from __future__ import annotations

import html
import math
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from . import style
from .bridge import Bridge, Job
from .settings import Settings


def split_passages(text: str) -> list[str]:
    """Candidates are separated by blank lines."""
    blocks, current = [], []
    for line in text.splitlines():
        if line.strip():
            current.append(line.strip())
        elif current:
            blocks.append(" ".join(current))
            current = []
    if current:
        blocks.append(" ".join(current))
    return blocks


def read_scores(result: Any, n: int) -> tuple[list[float], list[float]]:
    """(raw, probability) lists from the cross-encoder's result, whatever container it comes in."""
    raw = getattr(result, "raw", None)
    prob = getattr(result, "sigmoid", None)
    if raw is None and isinstance(result, tuple) and len(result) == 2 and n != 2:
        raw, prob = result
    if raw is None:
        raw = result
    raw = [float(x) for x in list(raw)]
    prob = [float(x) for x in list(prob)] if prob is not None else [1 / (1 + math.exp(-x)) for x in raw]
    return raw, prob


def rank_order(scores: list[float]) -> list[int]:
    """Indices of ``scores`` from best to worst (stable for ties)."""
    return sorted(range(len(scores)), key=lambda i: -scores[i])


class RerankPane(QWidget):
    status_message = Signal(str)

    def __init__(self, bridge: Bridge, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge, self.settings = bridge, settings
        self.job: Job | None = None
        self.sources: list[
            str
        ] = []  # where each candidate came from (file · place), parallel to the passages
        outer = QVBoxLayout(self)
        outer.setContentsMargins(24, 16, 24, 12)
        outer.setSpacing(10)
        top = QHBoxLayout()
        self.query = QLineEdit()
        self.query.setPlaceholderText("Query to rank the passages against")
        self.query.returnPressed.connect(self.run_rerank)
        self.reranker = QComboBox()
        self.reranker.setEditable(True)
        self.reranker.setMinimumWidth(220)
        self.reranker.lineEdit().setPlaceholderText("Reranker model folder")
        self._fill_rerankers()
        self.reranker.currentTextChanged.connect(self._reranker_chosen)
        self.rerank_button = QPushButton("Rerank")
        self.rerank_button.setDefault(True)
        self.rerank_button.clicked.connect(self.run_rerank)
        top.addWidget(self.query, 1)
        top.addWidget(QLabel("Reranker"))
        top.addWidget(self.reranker)
        top.addWidget(self.rerank_button)
        outer.addLayout(top)

        split = QSplitter(Qt.Orientation.Vertical)
        left = QWidget()
        col = QVBoxLayout(left)
        col.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        title = QLabel("Candidates")
        title.setObjectName("PaneTitle")
        self.count = QLabel()
        self.count.setObjectName("Muted")
        load = QPushButton("Load File…")
        load.setIcon(style.icon("document"))
        load.clicked.connect(self.load_file)
        clear = QPushButton("Clear")
        clear.clicked.connect(self.clear)
        head.addWidget(title)
        head.addWidget(self.count, 1)
        head.addWidget(load)
        head.addWidget(clear)
        col.addLayout(head)
        self.candidates = QPlainTextEdit()
        self.candidates.setPlaceholderText(
            "Paste passages here, separated by blank lines — or send results from Search with “Rerank These”."
        )
        self.candidates.textChanged.connect(self._count)
        col.addWidget(self.candidates, 1)
        split.addWidget(left)

        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(["New", "Was", "Score", "Passage"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(True)
        self.table.setAlternatingRowColors(False)
        self.table.setShowGrid(False)
        header = self.table.horizontalHeader()
        for i in range(3):
            header.setSectionResizeMode(i, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.table_empty = QLabel(
            "Rerank to see the new order, the old rank and each score here.", self.table
        )
        self.table_empty.setObjectName("EmptyState")
        self.table_empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.table.viewport().installEventFilter(self)
        self.result_note = QLabel()
        self.result_note.setObjectName("Muted")
        right = QWidget()
        rcol = QVBoxLayout(right)
        rcol.setContentsMargins(0, 0, 0, 0)
        rtitle = QHBoxLayout()
        results_title = QLabel("Ranking")
        results_title.setObjectName("PaneTitle")
        rtitle.addWidget(results_title)
        rtitle.addWidget(self.result_note, 1)
        rcol.addLayout(rtitle)
        rcol.addWidget(self.table, 1)
        split.addWidget(right)
        split.setSizes([220, 380])
        outer.addWidget(split, 1)
        self.notice = QLabel()
        self.notice.setObjectName("Notice")
        self.notice.setWordWrap(True)
        self.notice.hide()
        outer.addWidget(self.notice)
        self.refresh_state()
        self._count()

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API: keep the empty-state note centred
        if obj is self.table.viewport() and event.type() == event.Type.Resize:
            self.table_empty.setGeometry(self.table.viewport().geometry())
        return super().eventFilter(obj, event)

    def _sync_empty(self) -> None:
        self.table_empty.setVisible(self.table.rowCount() == 0)

    def refresh_state(self) -> None:
        if not Bridge.capabilities()["rerank"]:
            self._notice(
                "Reranking is not available in this build yet: the engine's cross-encoder module is missing."
            )
            self.rerank_button.setEnabled(False)
        elif not self.reranker.currentText().strip():
            self._notice("Choose a cross-encoder reranker model (a folder) above, or in Settings › Models.")
        else:
            self.notice.hide()

    def _notice(self, text: str) -> None:
        self.notice.setText(text)
        self.notice.show()

    def _fill_rerankers(self) -> None:
        self.reranker.blockSignals(True)
        self.reranker.clear()
        current = self.settings["models/reranker"]
        for spec in dict.fromkeys([current, *self.settings["models/known"]]):
            if spec:
                self.reranker.addItem(Path(spec).name or spec, spec)
        self.reranker.setCurrentIndex(max(0, self.reranker.findData(current)))
        if not current:
            self.reranker.setEditText("")
        self.reranker.blockSignals(False)

    @Slot(str)
    def _reranker_chosen(self, _text: str) -> None:
        spec = self.reranker.currentData() or self.reranker.currentText().strip()
        if spec and spec != self.settings["models/reranker"]:
            self.settings["models/reranker"] = spec
        self.refresh_state()

    # -- candidates -----------------------------------------------------------------------------------
    def set_candidates(self, query: str, hits: list[Any]) -> None:
        """From the Search pane: keep where each passage came from."""
        self.query.setText(query)
        texts, self.sources = [], []
        for hit in hits:
            texts.append(" ".join(str(getattr(hit, "text", "") or getattr(hit, "snippet", "")).split()))
            page = getattr(hit, "page", None)
            line = getattr(hit, "line_start", None)
            where = f" · p. {page}" if page else (f" · line {line}" if line else "")
            self.sources.append(Path(str(getattr(hit, "path", ""))).name + where)
        self.candidates.blockSignals(True)
        self.candidates.setPlainText("\n\n".join(texts))
        self.candidates.blockSignals(False)
        self._count(keep_sources=True)
        self.table.setRowCount(0)
        self._sync_empty()

    def passages(self) -> list[str]:
        return split_passages(self.candidates.toPlainText())

    @Slot()
    def load_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Load Candidates", "", "Text files (*.txt *.md);;All files (*)"
        )
        if path:
            self.candidates.setPlainText(Path(path).read_text(encoding="utf-8", errors="replace"))

    @Slot()
    def clear(self) -> None:
        self.candidates.clear()
        self.table.setRowCount(0)
        self._sync_empty()
        self.result_note.setText("")

    def _count(self, keep_sources: bool = False) -> None:
        if not keep_sources:
            self.sources = []
        n = len(self.passages())
        self.count.setText(f"  {n} passage{'s' if n != 1 else ''}" if n else "")

    # -- reranking ------------------------------------------------------------------------------------
    @Slot()
    def run_rerank(self) -> None:
        query, passages = self.query.text().strip(), self.passages()
        spec = self.reranker.currentData() or self.reranker.currentText().strip()
        if self.job is not None or not query or not passages:
            if not passages:
                self._notice("Add at least one candidate passage to rerank.")
            return
        if not spec:
            self.refresh_state()
            return
        self.rerank_button.setEnabled(False)
        self.result_note.setText("Scoring…")
        self.job = self.bridge.rerank(query, passages, spec)
        self.job.returned.connect(lambda result, p=passages: self.show_ranking(p, result))
        self.job.errored.connect(lambda exc: self.result_note.setText(f"Reranking failed: {exc}"))
        self.job.finished.connect(self._done)

    @Slot()
    def _done(self) -> None:
        self.job = None
        self.rerank_button.setEnabled(True)

    def show_ranking(self, passages: list[str], result: Any) -> None:
        raw, prob = read_scores(result, len(passages))
        order = rank_order(raw)
        self.table.setRowCount(len(order))
        muted = style.color("muted")
        for new, old in enumerate(order):
            moved = old - new
            arrow = f"  ↑{moved}" if moved > 0 else (f"  ↓{-moved}" if moved < 0 else "")
            cells = [
                QTableWidgetItem(str(new + 1)),
                QTableWidgetItem(f"{old + 1}{arrow}"),
                QTableWidgetItem(f"{prob[old]:.3f}"),
                QTableWidgetItem(passages[old]),
            ]
            cells[1].setForeground(muted)
            cells[2].setToolTip(f"raw score (logit) {raw[old]:.4f}; probability {prob[old]:.4f}")
            source = self.sources[old] if old < len(self.sources) else ""
            cells[3].setToolTip(html.escape(passages[old][:800]) + (f"\n\n{source}" if source else ""))
            if source:
                cells[3].setText(f"{passages[old]}\n— {source}")
            for col, cell in enumerate(cells):
                align = Qt.AlignmentFlag.AlignTop | (
                    Qt.AlignmentFlag.AlignRight if col < 3 else Qt.AlignmentFlag.AlignLeft
                )
                cell.setTextAlignment(align)
                self.table.setItem(new, col, cell)
        self.table.resizeRowsToContents()
        self._sync_empty()
        changed = sum(1 for new, old in enumerate(order) if new != old)
        self.result_note.setText(f"  {changed} of {len(order)} passages moved")
