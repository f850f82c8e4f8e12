"""What a request that has not started writing is waiting for, in words: "Loading SmolLM2…", "Waiting for the
current indexing step… 12 s". ``BridgeWaits`` reads what the GUI's bridge knows (the other jobs on the engine, which
model is loading, since when); an engine-side scheduler that reports its own queue can replace it by providing the
same ``wait_for(job)`` (a ``WaitState`` or None)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Protocol

from PySide6.QtCore import QObject, Slot

from .metrics import format_duration
from .model_identity import display_name

# Jobs that never hold the engine for long (status reads) or do not run on it.
_NOT_BLOCKING = ("status", "scan-models", "memory-limit", "view-source")


@dataclass(frozen=True)
class WaitState:
    reason: str  # "loading" (a model) | "indexing" | "queued" (behind another engine job)
    what: str  # the model's name, or the job ahead in words
    since: float  # time.monotonic() when this wait began


def wait_text(state: WaitState, now: float | None = None) -> str:
    waited = max(0.0, (time.monotonic() if now is None else now) - state.since)
    elapsed = f" {format_duration(waited)}" if waited >= 1 else ""
    if state.reason == "loading":
        return f"Loading {state.what}…{elapsed}"
    if state.reason == "indexing":
        return f"Waiting for the current indexing step…{elapsed}"
    return f"Waiting for {state.what} to finish…{elapsed}"


class WaitSource(Protocol):
    def wait_for(self, job: Any) -> WaitState | None: ...


def model_name(spec: str) -> str:
    return display_name(spec)  # one name per model everywhere (app.gui.model_identity)


_JOB_WORDS = {"index": "indexing", "search": "a search", "rerank": "reranking", "load": "a model load",
              "unload": "a model unload", "generate": "another reply", "ask": "another answer"}  # fmt: skip


class BridgeWaits(QObject):
    """Waits as the bridge sees them: a model loading for this request, or other engine jobs running."""

    def __init__(self, bridge: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self._loading: dict[str, tuple[str, float]] = {}  # role -> (spec, since)
        self._seen: dict[int, float] = {}  # id(job) -> when it first appeared
        bridge.model_loading.connect(self._model_loading)
        bridge.jobs_changed.connect(self._jobs_changed)
        self._jobs_changed()

    @Slot(str, str)
    def _model_loading(self, role: str, spec: str) -> None:
        if spec:
            self._loading[role] = (spec, time.monotonic())
        else:
            self._loading.pop(role, None)

    @Slot()
    def _jobs_changed(self, *_: Any) -> None:
        now, jobs = time.monotonic(), self.bridge.jobs()
        alive = {id(j) for j in jobs}
        self._seen = {k: v for k, v in self._seen.items() if k in alive}
        for j in jobs:
            self._seen.setdefault(id(j), now)

    def wait_for(self, job: Any) -> WaitState | None:
        if self._loading:
            role, (spec, since) = next(iter(self._loading.items()))
            return WaitState("loading", model_name(spec), since)
        ahead = [j for j in self.bridge.jobs() if j is not job and not j.name.startswith(_NOT_BLOCKING)]
        ahead = [j for j in ahead if self._seen.get(id(j), 0.0) <= self._seen.get(id(job), time.monotonic())]
        if not ahead:
            return None
        first = min(ahead, key=lambda j: self._seen.get(id(j), 0.0))
        since = max(self._seen.get(id(first), 0.0), self._seen.get(id(job), 0.0))
        kind = first.name.split("-", 1)[0]
        if kind == "index":
            return WaitState("indexing", "indexing", since)
        return WaitState("queued", _JOB_WORDS.get(kind, first.name), since)
