"""Busy intervals of the index pipeline's stages, to measure how much extraction overlaps embedding (the
summary's ``timings``)."""

from __future__ import annotations

import threading


class Timeline:
    """Busy intervals of one stage, to measure how much extraction overlaps embedding."""

    def __init__(self) -> None:
        self.spans: list[tuple[float, float]] = []
        self._lock = threading.Lock()

    def add(self, t0: float, t1: float) -> None:
        with self._lock:
            self.spans.append((t0, t1))

    def union(self) -> list[tuple[float, float]]:
        out: list[list[float]] = []
        for a, b in sorted(self.spans):
            if out and a <= out[-1][1]:
                out[-1][1] = max(out[-1][1], b)
            else:
                out.append([a, b])
        return [(a, b) for a, b in out]


def span_length(spans: list[tuple[float, float]]) -> float:
    return sum(b - a for a, b in spans)


def overlap(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> float:
    i = j = 0
    total = 0.0
    while i < len(a) and j < len(b):
        lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if hi > lo:
            total += hi - lo
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return total
