"""Human-readable figures: per-message generation stats, byte sizes, durations (pure functions, no Qt)."""

from __future__ import annotations

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
        shown = f"{ttft * 1000:.0f} ms" if ttft < 1 else f"{ttft:.2f} s"
        parts.append((f"TTFT {shown}", "Time to first token, including queue wait and prompt processing"))
    tps = stats.get("decode_tokens_per_s") or stats.get("tokens_per_s") or 0.0
    gen = stats.get("generated_tokens") or 0
    if gen:
        parts.append(
            (
                f"{tps:.1f} tok/s",
                f"{gen} tokens generated; {stats.get('tokens_per_s', 0):.1f} tok/s end to end",
            )
        )
    prompt = stats.get("prompt_tokens") or 0
    cached = stats.get("cached_tokens") or 0
    if prompt:
        parts.append(
            (f"{cached}/{prompt} cached", "Prompt tokens reused from the prompt cache / prompt tokens")
        )
    spec = stats.get("speculative") or {}
    if spec and spec.get("mode", "off") != "off" and spec.get("verifications"):
        parts.append(
            (
                f"{spec.get('mode')}: {spec.get('acceptance_rate', 0) * 100:.0f}% accepted, "
                f"{spec.get('mean_accepted', 0):.1f}/step",
                f"Speculative decoding ({spec.get('mode')}): {spec.get('accepted', 0)} of "
                f"{spec.get('proposed', 0)} proposed tokens accepted; mean accepted length per verification "
                f"{spec.get('mean_accepted', 0):.2f}; {spec.get('forwards_per_token', 0):.2f} target forwards "
                "per token"
                + (f"; fell back: {', '.join(spec['fallbacks'])}" if spec.get("fallbacks") else ""),
            )
        )
    diff = stats.get("diffusion") or {}
    if diff and diff.get("forward_passes"):
        parts.append(
            (
                f"{diff.get('tokens_per_forward', 0):.1f} tok/forward",
                f"Diffusion: {diff.get('blocks', 0)} blocks, {diff.get('forward_passes', 0)} forward passes, "
                f"canvas {diff.get('canvas_length', 0)}",
            )
        )
    return parts


def format_stats(stats: dict[str, Any] | None) -> str:
    return "  ·  ".join(label for label, _ in stats_parts(stats))
