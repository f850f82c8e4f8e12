"""Human-readable figures: per-message generation stats, byte sizes, durations (pure functions, no Qt)."""

from __future__ import annotations

import stat
import time
from pathlib import Path
from typing import Any


def format_bytes(n: float | None) -> str:
    if not n:
        return "0 MB"
    units = ("B", "KB", "MB", "GB", "TB")
    value, i = float(n), 0
    while value >= 1000 and i < len(units) - 1:
        value /= 1000
        i += 1
    return f"{value:.0f} {units[i]}" if value >= 100 or i == 0 else f"{value:.1f} {units[i]}"


def index_bytes(db: Path) -> int:
    """Bytes on disk of a SQLite index with its -wal and -shm files; 0 when there is none.

    The indexer's connection, on another thread, deletes the -wal and -shm files when it closes, so a file
    listed here may be gone by the time it is measured: it then counts 0 rather than raising.
    """
    if not db.exists():
        return 0
    size = 0
    for part in db.parent.glob(db.name + "*"):
        try:
            st = part.stat()
        except FileNotFoundError:
            continue
        if stat.S_ISREG(st.st_mode):
            size += st.st_size
    return size


def format_duration(seconds: float | None) -> str:
    if seconds is None or seconds < 0:
        return "—"
    if seconds < 1:
        return "<1 s"
    if seconds < 60:
        return f"{seconds:.0f} s"
    minutes, secs = divmod(int(round(seconds)), 60)
    if minutes < 60:
        return f"{minutes} min {secs:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def stats_parts(stats: dict[str, Any] | None) -> list[tuple[str, str]]:
    """(label, tooltip) pairs for a finished message: TTFT, tokens/s, cached tokens, speculative, diffusion."""
    if not stats:
        return []
    parts: list[tuple[str, str]] = []
    ttft = stats.get("ttft_s") or 0.0
    if ttft:
        parts.append((f"TTFT {_seconds(ttft)}", ttft_tooltip(stats)))
    tps = stats.get("decode_tokens_per_s") or stats.get("tokens_per_s") or 0.0
    gen = stats.get("generated_tokens") or 0
    if gen:
        total = stats.get("total_s") or 0.0
        end_to_end = gen / total if total else stats.get("tokens_per_s") or 0.0
        tip = f"{gen} tokens generated at {tps:.1f} tok/s while writing"
        if end_to_end:
            tip += f"; {end_to_end:.1f} tok/s from sending to the last token"
        parts.append((f"{tps:.1f} tok/s", tip))
    prompt = stats.get("prompt_tokens") or 0
    cached = stats.get("cached_tokens") or 0
    if prompt:
        parts.append(
            (f"{cached}/{prompt} cached", "Prompt tokens reused from the prompt cache / prompt tokens")
        )
    spec = stats.get("speculative") or {}
    if spec and spec.get("mode", "off") != "off" and spec.get("verifications"):
        parts.append(speculative_part(spec, gen))
    diff = stats.get("diffusion") or {}
    if diff and diff.get("forward_passes"):
        parts.append(
            (
                f"{diff.get('tokens_per_forward', 0):.1f} tok/forward",
                f"Diffusion: {diff.get('blocks', 0)} blocks, {diff.get('forward_passes', 0)} forward passes, "
                f"canvas {diff.get('canvas_length', 0)}",
            )
        )
    dist = stats.get("distributed") or {}
    if dist and int(dist.get("ranks") or 1) > 1:
        layers = " + ".join(str(n) for n in dist.get("layers_per_rank") or ())
        parts.append((f"across {dist['ranks']} Macs",
                      f"The model ran split over this Mac and its helper ({dist.get('backend', 'ring')} link): "
                      f"layers {layers} (this Mac first), {dist.get('bytes_sent_per_token', 0):,} bytes sent per "
                      "token"))  # fmt: skip
    return parts


def _seconds(s: float) -> str:
    return f"{s * 1000:.0f} ms" if s < 1 else f"{s:.2f} s" if s < 10 else f"{s:.0f} s"


TTFT_STEPS = (
    ("wait_s", "waiting (queue, model loading)"),
    ("rewrite_s", "understanding the question"),
    ("retrieval_s", "searching the documents"),
    ("rerank_s", "ranking passages"),
    ("prefill_s", "reading the prompt"),
)


def ttft_tooltip(stats: dict[str, Any]) -> str:
    """Time to first token, measured from the moment of sending, and where it went."""
    steps = stats.get("ttft_steps") or {}
    tip = "Time to first token, from the moment you sent the message"
    shown = [f"{label} {_seconds(steps[key])}" for key, label in TTFT_STEPS if steps.get(key) is not None]
    return tip + (":\n  " + "\n  ".join(shown) if shown else ", including queue wait and prompt processing")


def speculative_part(spec: dict[str, Any], generated: int) -> tuple[str, str]:
    """ "draft: 5 of 69 tokens drafted, all accepted" — how much was drafted at all, not a bare percentage."""
    mode, proposed, accepted = spec.get("mode"), int(spec.get("proposed", 0)), int(spec.get("accepted", 0))
    took = "all accepted" if accepted == proposed else f"{accepted} accepted"
    if generated and proposed <= generated:
        label = f"{mode}: {proposed} of {generated} tokens drafted, {took}"
    else:
        label = f"{mode}: {proposed} tokens drafted, {took}"
    tip = (
        f"Speculative decoding ({mode}): {accepted} of {proposed} proposed tokens accepted"
        + (f" ({accepted / proposed * 100:.0f}%)" if proposed else "")
        + f"; {generated} tokens generated in all; mean accepted length per verification "
        f"{spec.get('mean_accepted', 0):.2f}; {spec.get('forwards_per_token', 0):.2f} target forwards per token"
        + (f"; fell back: {', '.join(spec['fallbacks'])}" if spec.get("fallbacks") else "")
    )
    return label, tip


def format_stats(stats: dict[str, Any] | None) -> str:
    return "  ·  ".join(label for label, _ in stats_parts(stats))


class EtaEstimate:
    """ "Estimating…" until the time left has settled, then "About 3 min 10 s left". Settled: at least
    ``min_samples`` estimates over ``min_elapsed_s`` seconds, whose projected finishing times (now + estimate)
    agree within ``tolerance`` of the time left. Early estimates come from the first, often smallest, files and
    are wildly low; showing them is the lie this avoids."""

    def __init__(self, *, min_samples: int = 4, min_elapsed_s: float = 5.0, tolerance: float = 0.25,
                 clock=time.monotonic) -> None:  # fmt: skip
        self.min_samples, self.min_elapsed_s, self.tolerance, self.clock = (
            min_samples,
            min_elapsed_s,
            tolerance,
            clock,
        )
        self.reset()

    def reset(self) -> None:
        self._start = self.clock()
        self._ends: list[float] = []
        self.settled = False

    def update(self, eta_s: float | None) -> str:
        now = self.clock()
        if eta_s is None or eta_s < 0:
            return "Estimating…" if not self.settled else ""
        self._ends = [*self._ends[-(self.min_samples - 1) :], now + eta_s]
        if (
            not self.settled
            and len(self._ends) >= self.min_samples
            and now - self._start >= self.min_elapsed_s
        ):
            spread = max(self._ends) - min(self._ends)
            self.settled = spread <= self.tolerance * max(eta_s, 1.0)
        return f"About {format_duration(eta_s)} left" if self.settled else "Estimating…"
