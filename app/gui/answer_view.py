"""What a document answer shows under its text: the sources it cites (chips that open the file at the place, the
quoted passage on hover and expandable), the plain "not in your documents" state with the closest passages, and the
progress of a whole-document read with its Cancel button."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from .answer_meta import ABSTAINED_TITLE, quote_preview, quoted, source_label, source_tooltip
from .metrics import EtaEstimate


class SourceRow(QWidget):
    """``[1] GPL-3 · lines 12–14`` then the quoted passage (a preview; the arrow expands it in full)."""

    opened = Signal(object)  # the source dict

    def __init__(self, src: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.source = src
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(8)
        tip = source_tooltip(src)
        self.chip = QPushButton(source_label(src))
        self.chip.setObjectName("SourceChip")
        self.chip.setCursor(Qt.CursorShape.PointingHandCursor)
        self.chip.setToolTip(tip)
        self.chip.setAccessibleName(f"Open source {src.get('n')}")
        self.chip.clicked.connect(lambda: self.opened.emit(self.source))
        row.addWidget(self.chip, 0, Qt.AlignmentFlag.AlignTop)
        if src.get("inferred"):
            matched = QLabel("matched by wording")
            matched.setObjectName("MessageMetrics")
            matched.setToolTip("The answer has no marker here: this source was matched to it by its words")
            row.addWidget(matched, 0, Qt.AlignmentFlag.AlignTop)
        full = " ".join(str(src.get("quote", "") or "").split())
        self._preview, self._full = quote_preview(full), quoted(full)
        self.quote = QLabel(self._preview)
        self.quote.setObjectName("SourceQuote")
        self.quote.setWordWrap(True)
        self.quote.setToolTip(tip)
        self.quote.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.quote.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        row.addWidget(self.quote, 1)
        self.expand = QToolButton()
        self.expand.setObjectName("MessageAction")
        self.expand.setAutoRaise(True)
        self.expand.setCheckable(True)
        self.expand.setArrowType(Qt.ArrowType.RightArrow)
        self.expand.setToolTip("Show the whole quoted passage")
        self.expand.toggled.connect(self._toggle)
        self.expand.setVisible(self._full != self._preview)
        row.addWidget(self.expand, 0, Qt.AlignmentFlag.AlignTop)

    @Slot(bool)
    def _toggle(self, on: bool) -> None:
        self.quote.setText(self._full if on else self._preview)
        self.expand.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.expand.setToolTip("Show less" if on else "Show the whole quoted passage")

    def expanded(self) -> bool:
        return self.expand.isChecked()


class SourcesView(QWidget):
    """The cited sources of an answer, or (abstained) the plain statement and the closest passages."""

    source_clicked = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._col = QVBoxLayout(self)
        self._col.setContentsMargins(0, 4, 0, 2)
        self._col.setSpacing(5)
        self.notice = QLabel(ABSTAINED_TITLE)
        self.notice.setObjectName("AbstainNotice")
        self.notice.setWordWrap(True)
        self.title = QLabel()
        self.title.setObjectName("SourcesTitle")
        self._col.addWidget(self.notice)
        self._col.addWidget(self.title)
        self.rows: list[SourceRow] = []
        self.hide()

    def set_sources(self, citations: list[dict[str, Any]], *, abstained: bool = False,
                    closest: list[dict[str, Any]] | None = None, support: str = "") -> None:  # fmt: skip
        """``support``: answer_meta.support_summary's line (how much of the answer the sources support)."""
        for r in self.rows:
            r.setParent(None)
            r.deleteLater()
        self.rows = []
        given = not abstained and not citations
        shown = list(closest or []) if abstained or given else list(citations)
        self.notice.setVisible(abstained)
        if abstained:
            self.title.setText("CLOSEST PASSAGES" if shown else "NOTHING CLOSE WAS FOUND")
        elif given:
            self.title.setText("NO SOURCE CITED  ·  THE PASSAGES THE ANSWER WAS GIVEN")
        else:
            self.title.setText("SOURCES" + (f"  ·  {support}" if support else ""))
        for src in shown:
            row = SourceRow(src)
            row.opened.connect(self.source_clicked)
            self._col.addWidget(row)
            self.rows.append(row)
        width = max((r.chip.sizeHint().width() for r in self.rows), default=0)
        for r in self.rows:  # one chip width, so the quotes line up
            r.chip.setMinimumWidth(width)
        self.title.setVisible(bool(shown) or abstained)
        self.setVisible(bool(shown) or abstained)


class AnswerProgress(QWidget):
    """A bar with a count and Stop while the passages are ranked (the reranker scores them a few at a time) or
    every passage is read (whole-document answers, with an ETA); hidden in the other phases."""

    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 2, 0, 2)
        row.setSpacing(10)
        self.bar = QProgressBar()
        self.bar.setObjectName("AnswerProgress")
        self.bar.setTextVisible(False)
        self.bar.setFixedHeight(6)
        self.bar.setMaximumWidth(260)
        self.label = QLabel()
        self.label.setObjectName("MessageMetrics")
        self.cancel = QPushButton("Stop")
        self.cancel.setToolTip("Stop; nothing is answered from a partial read or ranking")
        self.cancel.clicked.connect(self.cancel_requested)
        row.addWidget(self.bar, 1)
        row.addWidget(self.label)
        row.addStretch(1)
        row.addWidget(self.cancel)
        self.estimate = EtaEstimate()
        self.hide()

    def show_event(self, ev: Any) -> None:
        """A ProgressEvent from engine.rag.qa: the whole-document read ("map") and the reranker's steps ("rank")
        have a count worth a bar; any other phase hides it."""
        phase = (ev.extra or {}).get("phase", "")
        if phase not in ("map", "rank") or not ev.total:
            self.hide()
            return
        if not self.isVisible() or ev.done == 0:
            self.estimate.reset()
        self.bar.setRange(0, ev.total)
        self.bar.setValue(ev.done)
        if phase == "rank":
            model = (ev.extra or {}).get("model", "")
            by = f" with {model}" if model else ""
            self.label.setText(f"Ranking passages{by}: {ev.done} of {ev.total}")
            self.cancel.setToolTip("Stop ranking; nothing is answered")
        else:
            left = self.estimate.update(ev.eta_s)
            eta = f"  ·  {left[0].lower()}{left[1:]}" if left else ""
            self.label.setText(f"Reading passage {ev.done} of {ev.total}{eta}")
            self.cancel.setToolTip("Stop reading; nothing is answered from a partial read")
        self.show()
