"""The Rerank pane: a query and candidate passages (from Search, pasted, or a file), a cross-encoder, and the old
rank, new rank and score side by side."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.core import ProgressEvent, RerankRequest
from engine.rag import RerankedItem, RerankResult

from . import style
from .answer_meta import place
from .bridge import Bridge, Job
from .search_pane import score_text
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


RETRIEVAL_LABEL = "Retrieval score (no reranker)"
GENERATIVE_LABEL = "Chat model (yes/no)"  # the tooltip says it is experimental
GENERATIVE = "chat:generative"  # the pane's own choice; never written to models/reranker (Q&A would load it)
NO_RERANKER_NOTE = (
    "No capable reranker is installed: the chat model's yes/no scores lowered recall on the labelled set "
    "(SmolLM2-135M took recall@5 from 0.91 to 0.32), so passages are ranked by their retrieval score. "
    "Add a cross-encoder in Settings › Models to rerank with it."
)
NOT_RERANKED = "Not reranked: no reranker is chosen, so this is the search order by retrieval score"
PREVIEW_CHARS = 320  # a row shows the start of a long passage; the tooltip holds the rest


def _retrieval_label(hit: Any) -> tuple[str, str]:
    """What Search showed for a hit (the meaning's cosine, the exact-word rank): a hybrid search's fused score
    is normalised over its list (the top one always 1.000), so it is not shown as a score."""
    if getattr(hit, "vector_score", None) is None and not getattr(hit, "keyword_rank", None):
        score = getattr(hit, "score", None)
        return (f"{score:.3f}", "retrieval score") if score is not None else ("—", "no score")
    return score_text(hit, "hybrid")


def _preview(text: str) -> str:
    return text if len(text) <= PREVIEW_CHARS else text[:PREVIEW_CHARS].rsplit(" ", 1)[0] + " …"


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
        self.reranker.setMinimumWidth(150)
        self.reranker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.reranker.setMinimumContentsLength(18)
        self.reranker.lineEdit().setPlaceholderText("Cross-encoder folder")
        self.reranker.setToolTip(
            "By default passages keep their retrieval score; choose a cross-encoder folder to rerank with it "
            "(the chat model's yes/no judgment is offered, but lowered recall on the labelled set)"
        )
        self._fill_rerankers()
        self.reranker.currentTextChanged.connect(self._reranker_chosen)
        self.rerank_button = QPushButton("Rerank")
        self.rerank_button.setDefault(True)
        self.rerank_button.clicked.connect(self.run_rerank)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setToolTip("Stop scoring; the order stays as it was")
        self.stop_button.clicked.connect(self.stop)
        self.stop_button.hide()
        top.addWidget(self.query, 1)
        top.addWidget(QLabel("Reranker"))
        top.addWidget(self.reranker)
        top.addWidget(self.rerank_button)
        top.addWidget(self.stop_button)
        outer.addLayout(top)

        self.split = split = QSplitter(Qt.Orientation.Vertical)
        left = QWidget()
        col = QVBoxLayout(left)
        col.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        title = QLabel("Candidates")
        title.setObjectName("PaneTitle")
        self.count = QLabel()
        self.count.setObjectName("Muted")
        load = QPushButton("Load File…")
        style.set_icon(load, "document")
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
        # Wrapped rows are measured again after a resize (they kept their old heights, cut or gappy).
        self._fit_rows = QTimer(self)
        self._fit_rows.setSingleShot(True)
        self._fit_rows.setInterval(60)
        self._fit_rows.timeout.connect(self.table.resizeRowsToContents)
        header.sectionResized.connect(lambda *_: self._fit_rows.start())
        self.result_note = QLabel()
        self.result_note.setObjectName("Muted")
        self.result_note.setWordWrap(True)
        self.result_note.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.progress = QProgressBar()
        self.progress.setObjectName("AnswerProgress")
        self.progress.setTextVisible(False)
        self.progress.setFixedHeight(6)
        self.progress.setMaximumWidth(200)
        self.progress.hide()
        right = QWidget()
        rcol = QVBoxLayout(right)
        rcol.setContentsMargins(0, 0, 0, 0)
        rtitle = QHBoxLayout()
        results_title = QLabel("Ranking")
        results_title.setObjectName("PaneTitle")
        rtitle.addWidget(results_title)
        rtitle.addWidget(self.result_note, 1)
        rtitle.addWidget(self.progress)
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
        settings.changed.connect(self._setting_changed)

    @Slot(str, object)
    def _setting_changed(self, key: str, value: Any) -> None:
        """Settings › Models chose another reranker (or added a folder): show it here too."""
        if key == "models/known" or (key == "models/reranker" and value != self.reranker_spec()):
            self._fill_rerankers()

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API: keep the empty-state note centred
        if obj is self.table.viewport() and event.type() == event.Type.Resize:
            self.table_empty.setGeometry(self.table.viewport().geometry())
            self._fit_rows.start()
        return super().eventFilter(obj, event)

    def _sync_empty(self) -> None:
        self.table_empty.setVisible(self.table.rowCount() == 0)

    def refresh_state(self) -> None:
        self.notice.hide()

    def _notice(self, text: str) -> None:
        self.notice.setText(text)
        self.notice.show()

    def reranker_spec(self) -> str:
        """The chosen cross-encoder folder, GENERATIVE for the chat model used generatively, or "" for the
        retrieval score (the default: no reranker here has been shown not to lower recall)."""
        i, text = self.reranker.currentIndex(), self.reranker.currentText().strip()
        if i >= 0 and self.reranker.itemText(i) == text:
            return str(self.reranker.itemData(i) or "")
        return {RETRIEVAL_LABEL: "", GENERATIVE_LABEL: GENERATIVE}.get(text, text)

    def _fill_rerankers(self) -> None:
        self.reranker.blockSignals(True)
        self.reranker.clear()
        self.reranker.addItem(RETRIEVAL_LABEL, "")
        self.reranker.addItem(GENERATIVE_LABEL, GENERATIVE)
        current = self.settings["models/reranker"]
        for spec in dict.fromkeys([current, *self.settings["models/known"]]):
            if spec:
                self.reranker.addItem(Path(spec).name or spec, spec)
        self.reranker.setCurrentIndex(max(0, self.reranker.findData(current)))
        self.reranker.blockSignals(False)

    @Slot(str)
    def _reranker_chosen(self, _text: str) -> None:
        self.reranker.lineEdit().setCursorPosition(0)  # a long name shows its start, not its end
        spec = self.reranker_spec()
        if spec != GENERATIVE and spec != self.settings["models/reranker"]:
            self.settings["models/reranker"] = spec
        self.refresh_state()

    # -- candidates -----------------------------------------------------------------------------------
    def set_candidates(self, query: str, hits: list[Any]) -> None:
        """From the Search pane: keep where each passage came from."""
        self.query.setText(query)
        texts, self.sources = [], []
        self.retrieval_scores = [getattr(hit, "score", None) for hit in hits]
        self.retrieval_labels = [_retrieval_label(hit) for hit in hits]
        for hit in hits:
            texts.append(" ".join(str(getattr(hit, "text", "") or getattr(hit, "snippet", "")).split()))
            at = place({k: getattr(hit, k, None) for k in ("page", "line_start", "line_end")})
            where = f" · {at}" if at else ""
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
            self.sources, self.retrieval_labels, self.retrieval_scores = [], [], []
        n = len(self.passages())
        self.count.setText(f"  {n} passage{'s' if n != 1 else ''}" if n else "")

    # -- reranking ------------------------------------------------------------------------------------
    @Slot()
    def run_rerank(self) -> None:
        query, passages = self.query.text().strip(), self.passages()
        if self.job is not None or not query or not passages:
            if not passages:
                self._notice("Add at least one candidate passage to rerank.")
            return
        self.notice.hide()
        spec = self.reranker_spec()
        if not spec:  # no reranker: the retrieval order and scores, said plainly
            self._notice(NO_RERANKER_NOTE)
            self.show_ranking(self.retrieval_ranking(passages))
            return
        self.rerank_button.setEnabled(False)
        self.stop_button.show()
        self.result_note.setText(f"  Scoring {len(passages)} passages…")
        self.progress.setRange(0, len(passages))
        self.progress.setValue(0)
        self.progress.show()
        # The chat model used generatively, or the chosen reranker: the engine decides how each one scores.
        model = (self.settings["models/chat"] or "default") if spec == GENERATIVE else spec
        self.job = self.bridge.rerank(RerankRequest(query, tuple(passages), model=model))
        self.job.yielded.connect(self._progress)
        self.job.returned.connect(self.show_ranking)
        self.job.errored.connect(lambda exc: self.result_note.setText(f"  Reranking failed: {exc}"))
        self.job.finished.connect(self._done)

    def retrieval_ranking(self, passages: list[str]) -> Any:
        """The passages by their retrieval score (from Search), or in the given order when pasted (score 0)."""

        scores = list(getattr(self, "retrieval_scores", []))
        if len(scores) != len(passages) or any(s is None for s in scores):
            scores = [0.0] * len(passages)
        order = sorted(range(len(passages)), key=lambda i: (-scores[i], i))
        items = tuple(RerankedItem(old_rank=i + 1, new_rank=r + 1, score=float(scores[i]), raw_score=float(scores[i]),
                                   text=passages[i]) for r, i in enumerate(order))  # fmt: skip
        return RerankResult(items, "retrieval score", "retrieval", 0, 0.0)

    @Slot(object)
    def _progress(self, ev: Any) -> None:
        """The reranker's count (engine.rag.reranking.rerank_steps): n of N passages scored."""
        if isinstance(ev, ProgressEvent) and ev.total and self.job is not None:
            self.progress.setRange(0, ev.total)
            self.progress.setValue(ev.done)
            model = (ev.extra or {}).get("model", "")
            self.result_note.setText(
                f"  Scored {ev.done} of {ev.total} passages" + (f" with {model}" if model else "") + "…"
            )

    @Slot()
    def stop(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.result_note.setText("  Stopping…")

    @Slot()
    def _done(self) -> None:
        self.job = None
        self.rerank_button.setEnabled(True)
        self.stop_button.hide()
        self.progress.hide()

    def _score_label(self, result: Any, it: Any) -> str:
        labels = getattr(self, "retrieval_labels", [])
        if result.kind == "retrieval" and len(labels) >= it.old_rank:
            return labels[it.old_rank - 1][0]
        return f"{it.score:.3f}"

    @Slot(object)
    def show_ranking(self, result: Any) -> None:
        """An engine.rag.reranking.RerankResult: new rank, old rank (with how far it moved), score, passage."""
        items = list(result.items)
        score = "Retrieval" if result.kind == "retrieval" else "Score"
        self.table.setHorizontalHeaderLabels(["New", "Was", score, "Passage"])
        self.table.setRowCount(len(items))
        muted = style.color("muted")
        for row, it in enumerate(items):
            moved = it.old_rank - it.new_rank
            arrow = f"  ↑{moved}" if moved > 0 else (f"  ↓{-moved}" if moved < 0 else "")
            cells = [
                QTableWidgetItem(str(it.new_rank)),
                QTableWidgetItem(f"{it.old_rank}{arrow}"),
                QTableWidgetItem(self._score_label(result, it)),
                QTableWidgetItem(_preview(it.text)),
            ]
            cells[1].setForeground(muted)
            what = {"generative": "log-odds of “yes” over “no”", "retrieval": "retrieval score"}.get(
                result.kind, "logit"
            )
            labels = getattr(self, "retrieval_labels", [])
            if result.kind == "retrieval" and len(labels) >= it.old_rank:
                cells[2].setToolTip(labels[it.old_rank - 1][1])
            else:
                cells[2].setToolTip(f"probability {it.score:.4f}; raw score ({what}) {it.raw_score:.4f}")
            old = it.old_rank - 1
            source = self.sources[old] if old < len(self.sources) else ""
            cut = "\n\n(cut to fit the reranker)" if it.truncated else ""
            cells[3].setToolTip(html.escape(it.text[:800]) + (f"\n\n{source}" if source else "") + cut)
            if source:
                cells[3].setText(f"{_preview(it.text)}\n— {source}")
            for col, cell in enumerate(cells):
                align = Qt.AlignmentFlag.AlignTop | (
                    Qt.AlignmentFlag.AlignRight if col < 3 else Qt.AlignmentFlag.AlignLeft
                )
                cell.setTextAlignment(align)
                self.table.setItem(row, col, cell)
        self.table.resizeRowsToContents()
        self._sync_empty()
        total = sum(self.split.sizes())
        self.split.setSizes([min(150, total // 3), total - min(150, total // 3)])  # room for the ranking
        if result.cancelled:
            self.result_note.setText("  Stopped before scoring: the order is unchanged")
            return
        if result.kind == "retrieval":
            self.result_note.setText(f"  {NOT_RERANKED}")
            return
        changed = sum(1 for it in items if it.new_rank != it.old_rank)
        self.result_note.setText(
            f"  {changed} of {len(items)} passages moved  ·  {result.model} ({result.kind})  ·  {result.seconds:.1f} s"
        )
