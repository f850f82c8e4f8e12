"""One message in the transcript: a user bubble, or an assistant reply with sources, metrics and actions."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from . import style
from .answer_meta import ABSTAINED_TITLE, rag_parts, source_tooltip, support_summary
from .answer_view import AnswerProgress, SourcesView
from .chat_store import Message
from .markdown_view import MarkdownView
from .metrics import stats_parts


def _action(name: str, tip: str) -> QToolButton:
    btn = QToolButton()
    btn.setObjectName("MessageAction")
    style.set_icon(btn, name, "muted")
    btn.setToolTip(tip)
    btn.setAccessibleName(tip)
    btn.setAutoRaise(True)
    btn.setCursor(Qt.CursorShape.PointingHandCursor)
    return btn


class MessageWidget(QFrame):
    edit_requested = Signal(int)  # message id
    regenerate_requested = Signal(int)
    source_clicked = Signal(object)  # the source dict
    cancel_requested = Signal()  # Cancel on a whole-document read

    def __init__(
        self, message: Message, *, highlight_draft: bool = False, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("MessageCard")
        self.message = message
        self.highlight_draft = highlight_draft
        self._text = message.content
        self._segments: list[tuple[str, bool]] = []
        self._canvas_blocks: dict[int, str] = {}
        self.body = MarkdownView()
        self.body.source_clicked.connect(self._cite)
        self.body.file_link_clicked.connect(self._file_link)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 6, 0, 6)
        outer.setSpacing(4)
        if message.role == "user":
            self._build_user(outer)
        else:
            self._build_assistant(outer)
        self._show_content(final=True)
        if message.role != "user":
            self.set_meta(message.meta)

    # -- layout ---------------------------------------------------------------------------------------
    def _build_user(self, outer: QVBoxLayout) -> None:
        row = QHBoxLayout()
        row.addStretch(1)
        bubble = QFrame()
        bubble.setObjectName("UserBubble")
        inner = QVBoxLayout(bubble)
        inner.setContentsMargins(12, 8, 12, 8)
        inner.addWidget(self.body)
        bubble.setMaximumWidth(620)
        row.addWidget(bubble, 4)
        outer.addLayout(row)
        actions = QHBoxLayout()
        actions.addStretch(1)
        self.edit_button = _action("edit", "Edit and resend")
        self.edit_button.clicked.connect(lambda: self.edit_requested.emit(self.message.id))
        self.copy_button = _action("copy", "Copy")
        self.copy_button.clicked.connect(self.copy)
        actions.addWidget(self.edit_button)
        actions.addWidget(self.copy_button)
        outer.addLayout(actions)
        self.regenerate_button = None

    def _build_assistant(self, outer: QVBoxLayout) -> None:
        self.role_label = QLabel("ALCOVE")
        self.role_label.setObjectName("MessageRole")
        outer.addWidget(self.role_label)
        outer.addWidget(self.body)
        self.error_label = QLabel()
        self.error_label.setObjectName("MessageError")
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        outer.addWidget(self.error_label)
        self.sources = SourcesView()
        self.sources.source_clicked.connect(self.source_clicked)
        outer.addWidget(self.sources)
        self.progress = AnswerProgress()
        self.progress.cancel_requested.connect(self.cancel_requested)
        outer.addWidget(self.progress)
        footer = QHBoxLayout()
        footer.setSpacing(2)
        self.copy_button = _action("copy", "Copy")
        self.copy_button.clicked.connect(self.copy)
        self.regenerate_button = _action("regenerate", "Regenerate")
        self.regenerate_button.clicked.connect(lambda: self.regenerate_requested.emit(self.message.id))
        footer.addWidget(self.copy_button)
        footer.addWidget(self.regenerate_button)
        footer.addSpacing(8)
        self.metrics_label = QLabel()
        self.metrics_label.setObjectName("MessageMetrics")
        self.metrics_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        footer.addWidget(self.metrics_label, 1)
        outer.addLayout(footer)
        self.edit_button = None

    # -- streaming ------------------------------------------------------------------------------------
    def text(self) -> str:
        return self._text

    def append_token(self, text: str, from_draft: bool = False) -> None:
        if not text:
            return
        self._text += text
        self._segments.append((text, from_draft))
        self._show_content(final=False)

    def show_canvas(self, block: int, text: str, settled: tuple[bool, ...]) -> None:
        self._canvas_blocks[block] = text
        committed = "".join(self._canvas_blocks[b] for b in sorted(self._canvas_blocks) if b < block)
        frac = (sum(settled) / len(settled)) if settled else 1.0
        self.body.set_canvas(committed, text, frac)
        self.metrics_label.setText(f"Denoising block {block + 1} · {frac * 100:.0f}% settled")

    def set_pending(self, note: str) -> None:
        if self.message.role != "user":
            self.metrics_label.setText(note)

    def _show_content(self, *, final: bool) -> None:
        if self.highlight_draft and any(flag for _, flag in self._segments):
            self.body.set_segments(self._segments, immediate=final)
        elif final:
            self.body.set_markdown(self._text, immediate=True)
        else:
            self.body.set_markdown(self._text)

    def finish(self, text: str, meta: dict[str, Any]) -> None:
        """The reply is complete: final text (the engine's, authoritative), metrics, sources, errors."""
        self._text = text
        self.message = Message(
            self.message.id, self.message.conversation_id, self.message.role, text, meta, self.message.created
        )
        self._show_content(final=True)
        self.set_meta(meta)

    def draft_spans(self) -> list[list[int]]:
        spans, pos = [], 0
        for text, flag in self._segments:
            if flag:
                if spans and spans[-1][1] == pos:
                    spans[-1][1] = pos + len(text)
                else:
                    spans.append([pos, pos + len(text)])
            pos += len(text)
        return spans

    def set_meta(self, meta: dict[str, Any]) -> None:
        if self.message.role == "user":
            return
        if meta.get("draft_spans") and not self._segments:
            self._segments = _segments_from_spans(self._text, meta["draft_spans"])
            if self.highlight_draft:
                self.body.set_segments(self._segments, immediate=True)
        parts = stats_parts(meta.get("stats")) + rag_parts(meta)
        reason = meta.get("finish_reason")
        if reason == "cancelled":
            parts.insert(0, ("Stopped", "You stopped this reply"))
        elif reason == "length":
            parts.append(("Hit the token limit", "The reply reached the maximum length set in Settings"))
        self.metrics_label.setText("  ·  ".join(p for p, _ in parts))
        self.metrics_label.setToolTip("\n".join(t for _, t in parts))
        if meta.get("error"):
            self.error_label.setText(meta["error"])
            self.error_label.show()
        else:
            self.error_label.hide()
        if meta.get("model"):
            self.role_label.setText(f"ALCOVE  ·  {meta['model']}")
        self.progress.hide()
        self._set_sources(meta)

    def _set_sources(self, meta: dict[str, Any]) -> None:
        citations = meta.get("citations") or []
        self._sources = {int(c.get("n", i + 1)): c for i, c in enumerate(citations)}
        self.body.set_citation_tips({n: source_tooltip(c) for n, c in self._sources.items()})
        abstained = bool(meta.get("abstained"))
        self.sources.set_sources(citations, abstained=abstained, closest=meta.get("closest"),
                                 support=support_summary(meta))  # fmt: skip
        if abstained:  # the notice says it plainly; the same sentence twice would read as a glitch
            self.sources.notice.setText(self._text or ABSTAINED_TITLE)
        self.body.setVisible(not abstained)

    def show_progress(self, ev: Any) -> None:
        """A ProgressEvent of a document answer: the phase in the metrics line, a bar while reading everything."""
        if self.message.role == "user":
            return
        self.metrics_label.setText(ev.message + ("…" if ev.message and not ev.message.endswith("…") else ""))
        self.progress.show_event(ev)

    @Slot(int)
    def _cite(self, n: int) -> None:
        src = getattr(self, "_sources", {}).get(n)
        if src is not None:
            self.source_clicked.emit(src)

    @Slot(str)
    def _file_link(self, path: str) -> None:
        """A link to a local file opens only when it is one of the sources this answer cites (in the viewer)."""
        src = next((c for c in getattr(self, "_sources", {}).values() if str(c.get("path")) == path), None)
        if src is not None:
            self.source_clicked.emit(src)

    def set_regenerate_visible(self, visible: bool) -> None:
        if self.regenerate_button is not None:
            self.regenerate_button.setVisible(visible)

    def set_busy(self, busy: bool) -> None:
        for btn in (self.edit_button, self.regenerate_button):
            if btn is not None:
                btn.setEnabled(not busy)

    @Slot()
    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self._text)


def _segments_from_spans(text: str, spans: list[list[int]]) -> list[tuple[str, bool]]:
    out, pos = [], 0
    for start, end in spans:
        if start > pos:
            out.append((text[pos:start], False))
        out.append((text[start:end], True))
        pos = end
    if pos < len(text):
        out.append((text[pos:], False))
    return out
