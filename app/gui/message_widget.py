"""One message in the transcript: a user bubble, or an assistant reply with sources, metrics and actions."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QToolButton, QVBoxLayout, QWidget

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
        self.body.citation_clicked.connect(self._cite)
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
        # The stats line wraps at narrow widths instead of widening the reply (it was clipped at <= 800 px).
        self.metrics_label.setWordWrap(True)
        self.metrics_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
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

    def show_streaming(self, model: str, tokens: int, seconds: float) -> None:
        """While the reply is written: the model's name in the header and the footer, the live rate (tokens
        after the first over the time since it came) and the count."""
        if self.message.role == "user":
            return
        if model:
            self.role_label.setText(f"ALCOVE  ·  {model}")
        rate = f"{(tokens - 1) / seconds:.1f} tok/s" if tokens > 1 and seconds > 0 else "first token"
        count = f"{tokens} token{'s' if tokens != 1 else ''}"
        self.metrics_label.setText("  ·  ".join(p for p in (model, rate, count) if p))
        self.metrics_label.setToolTip("Writing: tokens per second since the first token, live")

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
        elif reason in ("stop", "stop_string") and not self._text.strip() and meta.get("kind") != "documents":
            nothing = ("The model wrote nothing", "It ended its reply at once. Regenerate to try again.")
            parts.insert(0, nothing)
        self.metrics_label.setText("  ·  ".join(p for p, _ in parts))
        self.metrics_label.setToolTip("\n".join(t for _, t in parts))
        if meta.get("error"):
            self.error_label.setText(meta["error"])
            self.error_label.show()
        else:
            self.error_label.hide()
        self.role_label.setText(role_title(meta))
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

    @Slot(int, int)
    def _cite(self, n: int, at: int = -1) -> None:
        """An inline ``[n]``: source n opened at the sentence the marker follows (its evidence quoted), not at the
        whole stretch the source's chip spans (an extractive answer's chip runs from its first quoted sentence to
        its last: 17 lines tinted for one sentence)."""
        src = getattr(self, "_sources", {}).get(n)
        if src is not None:
            self.source_clicked.emit(
                cited_sentence(src, self._text, self.message.meta.get("sentences") or [], at)
            )

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


def cited_sentence(
    src: dict[str, Any], answer: str, sentences: list[dict[str, Any]], at: int
) -> dict[str, Any]:
    """``src`` narrowed to the sentence whose marker stands at ``at`` in ``answer`` (the sentence ends right
    before it): its evidence as the quote, and its lines when it cites this very source. Unchanged when no
    sentence ends there."""
    for s in sentences if at >= 0 else ():
        text, evidence = str(s.get("text") or "").strip(), str(s.get("evidence") or "")
        for shown in (text, text.rstrip(".!?;:…")) if text and evidence else ():
            pos = answer.rfind(shown, 0, at + 1)
            if pos >= 0 and not answer[pos + len(shown) : at].strip(" .,;:!?…*_`"):
                own = s.get("citation") == src.get("n") and s.get("line_start")
                first, last = (s["line_start"], s.get("line_end") or s["line_start"]) if own else (
                    src.get("line_start"), src.get("line_end"))  # fmt: skip
                return {**src, "quote": evidence, "line_start": first, "line_end": last}
    return src


def role_title(meta: dict[str, Any]) -> str:
    """The header over a reply: who wrote it. An extractive document answer was quoted, not written: it says so
    (the model's name over quoted text read as if the model wrote it)."""
    model = str(meta.get("model") or "")
    kind = str(meta.get("answer_kind") or "")
    if meta.get("kind") == "documents" and (meta.get("abstained") or kind.startswith("extractive")):
        if kind == "extractive+generative" and model:
            return f"QUOTED FROM YOUR DOCUMENTS  ·  THEN {model}, UNSUPPORTED"
        return "QUOTED FROM YOUR DOCUMENTS" if kind.startswith("extractive") else "ALCOVE"
    return f"ALCOVE  ·  {model}" if model else "ALCOVE"


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
