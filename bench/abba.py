"""Side-by-side timing that cannot favour a side: every round calls the sides in a palindrome.

Two sides run A B B A, three run A B C C B A, and so on, round after round. A machine whose load rises or falls
steadily over a round then slows every side alike, and no side is always first (cold caches, a CPU still clocking
up) or always last. Each side runs twice a round. A side's figure is its min and median over all its calls; a
ratio comes two ways: of the two sides' medians, and the median of per-round ratios (within a round both sides saw
nearly the same machine, so the per-round ratio is the steadier figure when the load swings).

    run = abba({"ours": lambda: ours(x), "reference": lambda: ref(x)}, rounds=3, warmup=1)
    run.summary("ours")                       # wall seconds per call: min / median / max / runs
    run.summary("ours", "decode_tps")         # a figure each call returned (a dict key, or a function of it)
    run.ratio("ours", "reference")            # {"of_medians", "paired_median", "paired_min", "paired_max", ...}

A side that needs a fresh input per call (a new prompt, a new database) counts its own calls in its closure: the
k-th call of every side happens in the same round, so ``itertools.count()`` per side gives both sides the same k.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

Key = str | Callable[[Any], float] | None


def palindrome(names: Iterable[str], rounds: int) -> list[tuple[int, str]]:
    """(round, side) in call order: each round the sides forwards, then backwards (A B B A for two)."""
    names = list(names)
    return [(r, name) for r in range(rounds) for name in names + names[::-1]]


def _summary(values: list[float]) -> dict:
    return {"min": min(values), "median": statistics.median(values), "max": max(values), "runs": len(values)}


@dataclass(frozen=True)
class Call:
    side: str
    round: int
    seconds: float  # wall clock around the call
    result: Any  # what the call returned


@dataclass(frozen=True)
class Abba:
    sides: tuple[str, ...]
    rounds: int
    calls: tuple[Call, ...]

    def results(self, side: str) -> list:
        """What ``side`` returned, in call order."""
        return [c.result for c in self.calls if c.side == side]

    def values(self, side: str, key: Key = None, in_round: int | None = None) -> list[float]:
        """Wall seconds of each call of ``side`` (key None), or a figure of its result: ``result[key]`` for a
        string, ``key(result)`` for a function. Calls whose figure is None are left out."""
        out = []
        for c in self.calls:
            if c.side != side or (in_round is not None and c.round != in_round):
                continue
            v = c.seconds if key is None else c.result[key] if isinstance(key, str) else key(c.result)
            if v is not None:
                out.append(float(v))
        return out

    def summary(self, side: str, key: Key = None) -> dict:
        return _summary(self.values(side, key))

    def median(self, side: str, key: Key = None) -> float:
        return statistics.median(self.values(side, key))

    def paired(self, a: str, b: str, key: Key = None) -> list[float]:
        """Per round: the mean of ``a``'s figures over the mean of ``b``'s (the sides ran back to back)."""
        out = []
        for r in range(self.rounds):
            va, vb = self.values(a, key, r), self.values(b, key, r)
            if va and vb and sum(vb):
                out.append((sum(va) / len(va)) / (sum(vb) / len(vb)))
        return out

    def ratio(self, a: str, b: str, key: Key = None) -> dict:
        """``a`` over ``b``: of the medians, and the median (min, max) of the per-round ratios."""
        paired = self.paired(a, b, key)
        out = {"of_medians": self.median(a, key) / self.median(b, key)}
        if paired:
            out |= {"paired_median": statistics.median(paired), "paired_min": min(paired),
                    "paired_max": max(paired), "paired": paired}  # fmt: skip
        return out

    def about(self) -> dict:
        """How the sides were ordered, for the JSON report."""
        return {"order": " ".join(self.sides + self.sides[::-1]), "rounds": self.rounds,
                "calls_per_side": 2 * self.rounds}  # fmt: skip


def abba(sides: Mapping[str, Callable[[], Any]], rounds: int, *, warmup: int = 0) -> Abba:
    """Call every side ``warmup`` times (in order, discarded), then ``rounds`` palindromic rounds, timing each call."""
    if not sides:
        raise ValueError("abba needs a side to time")
    if rounds < 1:
        raise ValueError("abba needs one round or more")
    for _ in range(warmup):
        for fn in sides.values():
            fn()
    calls = []
    for r, name in palindrome(sides, rounds):
        t0 = time.perf_counter()
        result = sides[name]()
        calls.append(Call(name, r, time.perf_counter() - t0, result))
    return Abba(tuple(sides), rounds, tuple(calls))
