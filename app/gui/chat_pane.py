"""The Chat pane: conversation sidebar, streamed transcript, composer; Stop, Regenerate, Edit-and-resend, and
document Q&A with numbered sources."""

from __future__ import annotations

import logging
import time
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QSplitter, QVBoxLayout, QWidget

from engine.core import (
    AskRequest,
    CanvasEvent,
    ChatRequest,
    FinalEvent,
    ProgressEvent,
    SamplingParams,
    SpeculativeParams,
    TokenEvent,
)

from .answer_meta import answer_meta
from .bridge import Bridge, Job
from .chat_store import DEFAULT_TITLE, ChatStore, Message
from .composer import Composer
from .conversation_list import ConversationList
from .message_widget import MessageWidget
from .metrics import format_duration
from .settings import Settings
from .wait_status import BridgeWaits, WaitSource, model_name, wait_text

log = logging.getLogger(__name__)
CONTENT_WIDTH = 760
RATE_INTERVAL_S = 0.25  # the live tok/s in a reply's footer is rewritten at most this often
SIDEBAR_PANE_MIN = (
    640  # narrower than this (the source viewer open in a small window) the chat list gives way
)
COUNTED_PHASES = (
    "map",
    "rank",
)  # document-answer phases with a count worth a bar (reading, ranking passages)
NO_LIBRARY = (
    "Your library is empty, so there is nothing to answer from. Drop files or folders on the window (or use "
    "Add to Library), then ask again."
)


def title_from(text: str) -> str:
    words = text.split()
    title = " ".join(words[:7])
    return (title[:60] + "…") if len(title) > 60 or len(words) > 7 else (title or DEFAULT_TITLE)


class ChatPane(QWidget):
    status_message = Signal(str)
    busy_changed = Signal(bool)
    source_requested = Signal(object)  # a citation dict: shown in the source viewer

    def __init__(self, bridge: Bridge, settings: Settings, store: ChatStore, parent: QWidget | None = None):
        super().__init__(parent)
        self.bridge, self.settings, self.store = bridge, settings, store
        self.conversation_id = 0
        self.job: Job | None = None
        self.request_id = ""
        self._reply: MessageWidget | None = None
        self._widgets: list[MessageWidget] = []
        self._model_name = ""
        self._follow = True
        self.waits: WaitSource = BridgeWaits(bridge, self)  # an engine scheduler's own state can replace it
        self._sent_at = 0.0  # perf_counter() when the message was sent
        self._first_token_at = 0.0
        self._tokens = 0  # tokens of the reply so far (the live rate in its footer)
        self._rate_shown_at = 0.0
        self._phase = ""  # the latest phase of a document answer ("Searching your documents")
        self._wait_timer = QTimer(self)
        self._wait_timer.setInterval(500)
        self._wait_timer.timeout.connect(self._show_wait)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.setChildrenCollapsible(False)
        split.setHandleWidth(1)
        self.sidebar = ConversationList(store)
        self.sidebar.selected.connect(self.open_conversation)
        self.sidebar.new_requested.connect(self.new_chat)
        split.addWidget(self.sidebar)

        right = QWidget()
        col = QVBoxLayout(right)
        col.setContentsMargins(0, 0, 0, 0)
        col.setSpacing(0)
        self.scroll = QScrollArea()
        self.scroll.setObjectName("Transcript")
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        body = QWidget()
        body.setObjectName("TranscriptBody")
        center = QHBoxLayout(body)
        center.setContentsMargins(24, 16, 24, 16)
        center.addStretch(1)
        self.column = QWidget()
        self.column.setMaximumWidth(CONTENT_WIDTH)
        self.messages_layout = QVBoxLayout(self.column)
        self.messages_layout.setContentsMargins(0, 0, 0, 0)
        self.messages_layout.setSpacing(10)
        self.empty = self._empty_state()
        self.messages_layout.addWidget(self.empty)
        self.messages_layout.addStretch(1)
        center.addWidget(self.column, 100)
        center.addStretch(1)
        self.scroll.setWidget(body)
        bar = self.scroll.verticalScrollBar()
        bar.rangeChanged.connect(self._keep_at_bottom)
        bar.valueChanged.connect(lambda v: setattr(self, "_follow", v >= bar.maximum() - 24))
        col.addWidget(self.scroll, 1)
        self.composer = Composer()
        self.composer.send_requested.connect(self.send)
        self.composer.stop_requested.connect(self.stop)
        self.composer.use_documents.setChecked(settings["chat/use_documents"])
        self.composer.use_documents.toggled.connect(lambda on: settings.__setitem__("chat/use_documents", on))
        col.addWidget(self.composer)
        split.addWidget(right)
        split.setStretchFactor(0, 0)
        split.setStretchFactor(1, 1)
        split.setSizes([240, 760])
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)

        settings.changed.connect(self._setting_changed)
        bridge.models_changed.connect(self._models_changed)
        self.sidebar.refresh()
        convs = store.conversations()
        if convs:
            self.sidebar.select(convs[0].id)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.sidebar.setVisible(self.width() >= SIDEBAR_PANE_MIN)

    def _empty_state(self) -> QWidget:
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.setContentsMargins(0, 120, 0, 0)
        title = QLabel("Ask anything")
        title.setObjectName("EmptyTitle")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_note = QLabel(
            "Everything runs privately on this Mac. Drop files on the window to chat with them."
        )
        self.empty_note.setObjectName("EmptyState")
        self.empty_note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_note.setWordWrap(True)
        lay.addWidget(title)
        lay.addWidget(self.empty_note)
        return box

    # -- conversations --------------------------------------------------------------------------------
    @Slot()
    def new_chat(self) -> None:
        if self.busy:
            self.stop()
        self.conversation_id = 0
        self.sidebar.refresh(select=0)
        self.sidebar.list.clearSelection()
        self._clear()
        self.composer.end_edit()
        self.composer.edit.setFocus()

    @Slot(int)
    def open_conversation(self, conversation_id: int) -> None:
        if conversation_id == self.conversation_id and self._widgets:
            return
        if self.busy:
            self.stop()
        self.conversation_id = conversation_id
        self._clear()
        self.composer.end_edit()
        if conversation_id:
            for msg in self.store.messages(conversation_id):
                self._add_widget(msg)
        self._update_actions()
        self._follow = True

    def _clear(self) -> None:
        for w in self._widgets:
            w.setParent(None)
            w.deleteLater()
        self._widgets.clear()
        self.empty.show()

    def _add_widget(self, msg: Message) -> MessageWidget:
        w = MessageWidget(msg, highlight_draft=self.settings["chat/highlight_draft"])
        w.edit_requested.connect(self.edit)
        w.regenerate_requested.connect(self.regenerate)
        w.source_clicked.connect(self.source_requested)
        w.cancel_requested.connect(self.stop)
        self.messages_layout.insertWidget(self.messages_layout.count() - 1, w)
        self._widgets.append(w)
        self.empty.hide()
        return w

    def _update_actions(self) -> None:
        last_reply = next((w for w in reversed(self._widgets) if w.message.role == "assistant"), None)
        for w in self._widgets:
            w.set_regenerate_visible(w is last_reply)
            w.set_busy(self.busy)

    # -- sending --------------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self.job is not None

    @Slot(str)
    def send(self, text: str) -> None:
        if self.busy or not text.strip():
            return
        if not self.conversation_id:
            conv = self.store.create_conversation(title_from(text))
            self.conversation_id = conv.id
            self.sidebar.refresh(select=conv.id)
        elif self.composer.editing_id is not None:
            self._truncate_from(self.composer.editing_id)
        conv = self.store.conversation(self.conversation_id)
        if conv is not None and conv.title == DEFAULT_TITLE:
            self.store.rename(conv.id, title_from(text))
            self.sidebar.refresh()
        self.composer.end_edit()
        self.composer.edit.clear()
        self._add_widget(self.store.add_message(self.conversation_id, "user", text))
        self._start_reply()

    def _truncate_from(self, message_id: int) -> None:
        self.store.delete_from(self.conversation_id, message_id)
        keep = [w for w in self._widgets if w.message.id < message_id]
        for w in self._widgets[len(keep) :]:
            w.setParent(None)
            w.deleteLater()
        self._widgets = keep

    @Slot(int)
    def edit(self, message_id: int) -> None:
        if self.busy:
            return
        msg = next((w.message for w in self._widgets if w.message.id == message_id), None)
        if msg is not None:
            self.composer.begin_edit(message_id, msg.content)

    @Slot(int)
    def regenerate(self, message_id: int) -> None:
        if self.busy:
            return
        self._truncate_from(message_id)
        self._start_reply()

    def build_request(self) -> ChatRequest:
        """The reply the settings ask for: the conversation, sampling, speculative decoding, and the chat (and
        draft) model to answer with."""
        s = self.settings
        history: list[dict[str, str]] = []
        if s["chat/system_prompt"].strip():
            history.append({"role": "system", "content": s["chat/system_prompt"].strip()})
        for msg in self.store.messages(self.conversation_id):
            if msg.role == "assistant" and (msg.meta.get("error") or not msg.content):
                continue
            history.append({"role": msg.role, "content": msg.content})
        sampling = SamplingParams(
            temperature=s["sampling/temperature"],
            top_p=s["sampling/top_p"],
            top_k=s["sampling/top_k"],
            min_p=s["sampling/min_p"],
            repetition_penalty=s["sampling/repetition_penalty"],
        )
        mode = s["speculative/mode"]
        draft = s.model("draft") if mode in ("draft", "mtp", "dflash", "auto") else None
        if mode in ("draft", "mtp", "dflash") and draft is None:
            mode = "off"  # no draft (none can draft for this chat model): plain decoding, as Settings › Models says
        return ChatRequest(
            messages=tuple(history),
            max_tokens=s["sampling/max_tokens"],
            sampling=sampling,
            speculative=SpeculativeParams(mode=mode, num_draft=s["speculative/num_draft"]),
            diffusion={"steps": s["diffusion/steps"], "canvas_length": s["diffusion/canvas_length"]},
            model=s.model("chat"),
            draft=draft,
        )

    def _start_reply(self) -> None:
        req = self.build_request()
        s = self.settings
        placeholder = Message(0, self.conversation_id, "assistant", "", {})
        self._reply = self._add_widget(placeholder)
        self._sent_at, self._first_token_at, self._phase = time.perf_counter(), 0.0, ""
        self._tokens, self._rate_shown_at = 0, 0.0
        loading = "chat" not in self.bridge.loaded_models()
        self._reply.set_pending(f"Loading {model_name(s['models/chat'])}…" if loading else "Thinking…")
        self.request_id = req.request_id
        use_docs = self.composer.use_documents.isChecked() and self.composer.use_documents.isEnabled()
        if use_docs:
            job = self._ask_documents(req)
            if job is None:
                return
            self.job = job
        else:
            self.job = self.bridge.chat(req)
        self.job.yielded.connect(self._on_event)
        self.job.returned.connect(self._on_final)
        self.job.errored.connect(self._on_error)
        self.job.finished.connect(self._on_finished)
        self._follow = True
        self._wait_timer.start()
        self._show_wait()
        self.composer.set_busy(True)
        self._update_actions()
        self.busy_changed.emit(True)

    def _ask_documents(self, req: ChatRequest) -> Job | None:
        """Document Q&A over the library: earlier turns go along as history (follow-ups are rewritten into
        standalone questions and the prompt cache is reused). Answers are greedy, to stay close to the sources, with
        the repetition penalty from Settings (small models loop without it)."""
        from engine.core import default_index_db

        db = default_index_db()
        if not db.exists():
            assert self._reply is not None
            self._persist("", {"error": NO_LIBRARY, "finish_reason": "error", "kind": "documents"})
            self._reply = None
            self._update_actions()
            return None
        s = self.settings
        turns = [m for m in req.messages if m["role"] in ("user", "assistant")]
        # The engine loads each model only when the answer needs it and decides who reranks: a cross-encoder
        # chosen in Settings, else its own policy (the chat model when large enough to help, else the search order).
        sampling = SamplingParams(temperature=0.0, repetition_penalty=s["sampling/repetition_penalty"])
        return self.bridge.ask(AskRequest(turns[-1]["content"], db, chat=s.model("chat"), embedder=s.model("embedder"),
                                          reranker=s.model("reranker"), history=tuple(turns[:-1]),
                                          max_tokens=s["sampling/max_tokens"], sampling=sampling,
                                          request_id=req.request_id))  # fmt: skip

    @Slot()
    def stop(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.status_message.emit("Stopping…")

    # -- waits ----------------------------------------------------------------------------------------
    @Slot()
    def _show_wait(self) -> None:
        """Until the first token: what the reply waits for (a model loading, indexing, another job) and for how
        long, else the phase a document answer is in, else "Thinking…"."""
        if self._reply is None or self.job is None or self._first_token_at:
            self._wait_timer.stop()
            return
        state = self.waits.wait_for(self.job)
        waited = time.perf_counter() - self._sent_at
        if state is not None:
            text = wait_text(state)
        elif self._phase:
            text = self._phase.rstrip("…") + "…"
        else:
            text = "Thinking…"
        if state is None and waited >= 2:
            text += f" {format_duration(waited)}"
        self._reply.set_pending(text)
        self._reply.metrics_label.setToolTip(
            "Nothing written yet: "
            + (wait_text(state) if state is not None else "the model is reading the prompt")
        )

    # -- streamed events ------------------------------------------------------------------------------
    @Slot(object)
    def _on_event(self, ev: Any) -> None:
        if self._reply is None:
            return
        if isinstance(ev, TokenEvent | CanvasEvent) and not self._first_token_at:
            self._first_token_at = time.perf_counter()
            self._wait_timer.stop()
        if isinstance(ev, ProgressEvent):
            self._phase = ev.message  # what the wait line says from now on (a whole-document read: its count)
            if (ev.extra or {}).get("phase") not in COUNTED_PHASES:  # a count and Stop only while passages
                self._reply.progress.hide()  # are read or ranked
                self._show_wait()
                return
        if isinstance(ev, TokenEvent):
            self._reply.append_token(ev.text, ev.from_draft)
            self._tokens += 1
            self._show_rate()
        elif isinstance(ev, ProgressEvent):
            self._reply.show_progress(ev)
        elif isinstance(ev, CanvasEvent):
            self._reply.show_canvas(ev.block, ev.text, ev.settled)

    def _show_rate(self) -> None:
        """The model's name and the live tok/s in the footer from the first token, four times a second at most."""
        now = time.perf_counter()
        if self._reply is None or (self._tokens > 1 and now - self._rate_shown_at < RATE_INTERVAL_S):
            return
        self._rate_shown_at = now
        self._reply.show_streaming(self.writer_name(), self._tokens, now - self._first_token_at)

    def writer_name(self) -> str:
        """The chat model's name: the loaded model's own, else the one Settings name (until the engine says)."""
        return self._model_name or model_name(self.settings["models/chat"])

    @Slot(object)
    def _on_final(self, final: Any) -> None:
        if self._reply is None:
            return
        if isinstance(final, FinalEvent):
            text = final.text or self._reply.text()
            meta: dict[str, Any] = {
                "stats": final.stats.to_dict() if final.stats else {},
                "finish_reason": final.finish_reason,
                "model": self.writer_name(),
            }
            if final.error:
                meta["error"] = final.error
        else:  # a document answer (engine.rag.qa.AskResult)
            text = final.answer or ("" if final.abstained else self._reply.text())
            meta = answer_meta(final, self.writer_name())
        spans = self._reply.draft_spans()
        if spans:
            meta["draft_spans"] = spans
        meta["stats"] = self._measured(meta.get("stats") or {}, meta.get("rag") or {})
        self._persist(text, meta)

    def _measured(self, stats: dict[str, Any], rag: dict[str, Any]) -> dict[str, Any]:
        """TTFT from the moment of sending (queue, model loading, retrieval and prefill included) with where it
        went, and the time to the last token, as the window saw them."""
        if not self._sent_at:
            return stats
        out = dict(stats)
        out["total_s"] = time.perf_counter() - self._sent_at
        if not self._first_token_at:
            # nothing written (the model ended at once): no time to a first token; the engine's own would leave
            # out any wait before the request reached it
            out.pop("ttft_s", None)
            return out
        ttft = self._first_token_at - self._sent_at
        # the engine's own TTFT: from its submission (plain chat) or from the prompt's prefill (documents)
        engine_ttft = float(stats.get("ttft_s") or 0.0)
        if rag:
            steps = {k: float(rag.get(k) or 0.0) for k in ("rewrite_s", "retrieval_s", "rerank_s")}
            steps["prefill_s"] = engine_ttft
        else:  # plain chat: the engine's TTFT also holds its queue wait; its prefill is the prompt reading
            steps = {"prefill_s": float(stats.get("prefill_s") or engine_ttft)}
        steps = {"wait_s": max(0.0, ttft - sum(steps.values())), **steps}
        out["ttft_s"], out["ttft_steps"] = ttft, steps
        return out

    @Slot(object)
    def _on_error(self, exc: BaseException) -> None:
        if self._reply is not None:
            self._persist(self._reply.text(), {"error": str(exc), "finish_reason": "error"})

    def _persist(self, text: str, meta: dict[str, Any]) -> None:
        assert self._reply is not None
        msg = self.store.add_message(self.conversation_id, "assistant", text, meta)
        self._reply.message = msg
        self._reply.finish(text, meta)
        self.sidebar.refresh()

    @Slot()
    def _on_finished(self) -> None:
        self._wait_timer.stop()
        self.job = None
        self._reply = None
        self.composer.set_busy(False)
        self._update_actions()
        self.status_message.emit("")
        self.busy_changed.emit(False)

    @Slot(int, int)
    def _keep_at_bottom(self, _lo: int, hi: int) -> None:
        if self._follow:
            QTimer.singleShot(0, lambda: self.scroll.verticalScrollBar().setValue(hi))

    # -- settings -----------------------------------------------------------------------------------------
    @Slot(str, object)
    def _setting_changed(self, key: str, value: Any) -> None:
        if key == "chat/highlight_draft":
            for w in self._widgets:
                w.highlight_draft = bool(value)
                w.set_meta(w.message.meta)
                w._show_content(final=True)

    @Slot(object)
    def _models_changed(self, models: dict[str, Any]) -> None:
        info = models.get("chat")
        self._model_name = getattr(info, "name", "") if info is not None else ""
