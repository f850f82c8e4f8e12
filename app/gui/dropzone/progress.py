"""Indexing progress as the window shows it: two phases (read the files, then embed their passages), each with its
own count, and a time left that settles instead of swinging.

``IndexProgress`` is read from the engine's progress events (``engine.index.run.IndexRun.progress``): a bar by files
while files are read, then by passages embedded, so a folder whose last large file embeds for minutes does not sit
at "125 of 125" with a full bar. ``SettlingEta`` turns raw estimates into what is shown: nothing until they agree
(early ones come from the first, small files: 49 min, then 13, then 9), then a finishing time smoothed over about
``tau_s`` seconds, rounded as a person would say it."""

from __future__ import annotations

import math
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

READ, EMBED, SCAN = "read", "embed", "scan"


@dataclass(frozen=True)
class IndexProgress:
    stage: str  # scan | read | embed
    files_done: int
    files_total: int
    chunks_done: int  # passages embedded in this run
    chunks_total: int  # passages this run has to embed, as far as the files read so far tell
    current: str  # the file being read
    eta_s: float | None  # the engine's own estimate (bytes embedded per second), None when it has none

    @classmethod
    def from_event(cls, ev: Any) -> IndexProgress:
        extra = getattr(ev, "extra", {}) or {}
        files_done = int(extra.get("files_done", getattr(ev, "done", 0)) or 0)
        files_total = int(extra.get("files_total", getattr(ev, "total", 0)) or 0)
        stage = str(extra.get("stage") or (SCAN if extra.get("phase") == "scan" else READ))
        if stage not in (SCAN, READ, EMBED):
            stage = READ
        eta = getattr(ev, "eta_s", None)
        return cls(stage, files_done, files_total, int(extra.get("chunks", 0) or 0),
                   int(extra.get("chunks_total", 0) or 0), str(extra.get("current_file") or ""),
                   None if eta is None else float(eta))  # fmt: skip

    @property
    def step(self) -> int:
        return 2 if self.stage == EMBED else 1

    def bar(self) -> tuple[int, int]:
        """(value, maximum) for the progress bar; (0, 0): busy, no measure yet."""
        if self.stage == EMBED and self.chunks_total > 0:
            return min(self.chunks_done, self.chunks_total), self.chunks_total
        if self.stage == READ and self.files_total > 0:
            return min(self.files_done, self.files_total), self.files_total
        return 0, 0

    def title(self) -> str:
        if self.stage == SCAN:
            return "Looking for files"
        if self.stage == EMBED:
            return f"Embedding passages {self.chunks_done:,} of {self.chunks_total:,}"
        return f"Reading files {self.files_done:,} of {self.files_total:,}"

    def detail(self) -> str:
        """The line beside the bar: what the other phase is doing meanwhile."""
        if self.stage == READ and self.chunks_done:
            return f"{self.chunks_done:,} passages embedded so far"
        if self.stage == EMBED:
            return f"All {self.files_total:,} files read"
        return ""


def format_left(seconds: float) -> str:
    """Time left as a person says it: "Less than a minute left", "About 6 min left", "About 1 h 20 min left"."""
    if seconds < 60:
        return "Less than a minute left"
    minutes = math.ceil(seconds / 60)
    if minutes < 60:
        return f"About {minutes} min left"
    hours, rest = divmod(minutes, 60)
    rest = int(round(rest / 10.0) * 10) % 60
    return f"About {hours} h {rest} min left" if rest else f"About {hours} h left"


class SettlingEta:
    """Raw estimates of the time left in, a calm one out.

    Raw estimate: the engine's (bytes embedded per second) while files are read; once every file is read, the
    passages left over the rate they were embedded at in the last ``window_s`` seconds. Shown once ``min_samples``
    raw finishing times (now + estimate) taken over ``min_elapsed_s`` agree within ``tolerance``; from then on the
    shown finishing time follows the raw ones through an exponential average (time constant ``tau_s``), so one
    slow or fast file moves it a little, a changed pace moves it within a minute or so."""

    def __init__(self, *, min_samples: int = 5, min_elapsed_s: float = 8.0, tolerance: float = 0.3,
                 tau_s: float = 30.0, window_s: float = 30.0, clock=time.monotonic) -> None:  # fmt: skip
        self.min_samples, self.min_elapsed_s, self.tolerance = min_samples, min_elapsed_s, tolerance
        self.tau_s, self.window_s, self.clock = tau_s, window_s, clock
        self.reset()

    def reset(self) -> None:
        self._start = self.clock()
        self._ends: deque[float] = deque(maxlen=self.min_samples)
        self._chunks: deque[tuple[float, int]] = deque()
        self._finish: float | None = None  # the smoothed finishing time, once settled
        self._last = self._start

    @property
    def settled(self) -> bool:
        return self._finish is not None

    def raw(self, p: IndexProgress) -> float | None:
        """The raw time left for ``p``, or None when there is no measure yet."""
        now = self.clock()
        self._chunks.append((now, p.chunks_done))
        while len(self._chunks) > 2 and now - self._chunks[0][0] > self.window_s:
            self._chunks.popleft()
        if p.stage == EMBED and p.chunks_total > 0:
            (t0, c0), (t1, c1) = self._chunks[0], self._chunks[-1]
            if t1 - t0 >= 1.0 and c1 > c0:
                return max(0, p.chunks_total - p.chunks_done) / ((c1 - c0) / (t1 - t0))
            return None
        return p.eta_s if p.eta_s is not None and p.eta_s >= 0 else None

    def update(self, p: IndexProgress) -> float | None:
        """The time left to show now (seconds), or None while it has not settled."""
        now = self.clock()
        left = self.raw(p)
        if left is not None:
            end = now + left
            self._ends.append(end)
            if self._finish is None:
                ready = len(self._ends) >= self.min_samples and now - self._start >= self.min_elapsed_s
                spread = max(self._ends) - min(self._ends)
                if ready and spread <= self.tolerance * max(left, 30.0):
                    self._finish = sum(self._ends) / len(self._ends)
            else:
                alpha = 1.0 - math.exp(-max(0.0, now - self._last) / self.tau_s)
                self._finish += alpha * (end - self._finish)
        self._last = now
        return None if self._finish is None else max(0.0, self._finish - now)

    def text(self, p: IndexProgress) -> str:
        left = self.update(p)
        return "Estimating…" if left is None else format_left(left)
