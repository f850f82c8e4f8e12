"""Block-diffusion decoding for DiffusionGemma: canvases settled one after another, each denoised in a few steps.

Outer loop (autoregressive over blocks): the prompt is encoded once into the KV cache; every settled block is encoded
and appended before the next one starts. Inner loop (denoising): the decoder predicts the whole canvas from the
current one plus the previous step's logits (self-conditioning); the entropy-bound sampler keeps the most certain
predictions whose summed entropy stays under a bound and re-draws every other position uniformly from the
vocabulary; temperatures fall linearly over the steps; the block ends after ``max_denoising_steps`` or, with
adaptive stopping, as soon as the argmax canvas has been stable and confident. A block's output is its final argmax
canvas. This follows transformers' ``DiffusionGemmaGenerationMixin.generate`` (batch size 1).

Random draws are injectable (``random_draws``) so a test can feed the very same draws to the reference.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Protocol

import mlx.core as mx
import numpy as np

from engine.core import AlcoveError, CanvasEvent, DiffusionStats, FinishReason, GenerationStats
from engine.diffusion.model import DiffusionGemma

log = logging.getLogger(__name__)


class DiffusionConfigError(AlcoveError):
    """Diffusion generation settings are out of range."""


@dataclass(frozen=True)
class DiffusionGenConfig:
    """Generation settings; defaults are the reference's global defaults, ``from_checkpoint`` applies the
    checkpoint's ``generation_config.json`` on top, and keyword overrides win over both."""

    max_denoising_steps: int = 48
    entropy_bound: float = 0.1
    t_min: float = 0.4  # temperature at the last step
    t_max: float = 0.8  # temperature at the first step
    adaptive_stopping: bool = True
    stability_threshold: int = 1  # steps the argmax canvas must repeat
    confidence_threshold: float = 0.005  # mean token entropy (nats) below which a canvas counts as confident
    canvas_length: int | None = None  # None: the model's config (its training block length)
    emit_canvas: bool = True  # stream a CanvasEvent after every denoising step

    def __post_init__(self) -> None:
        problems = []
        if self.max_denoising_steps < 1:
            problems.append("the number of denoising steps must be at least 1")
        if self.entropy_bound <= 0:
            problems.append("the entropy bound must be above 0")
        if not 0 <= self.t_min < self.t_max:
            problems.append("temperatures need 0 <= t_min < t_max")
        if self.stability_threshold < 0 or self.confidence_threshold <= 0:
            problems.append("the stability threshold must be >= 0 and the confidence threshold above 0")
        if self.canvas_length is not None and self.canvas_length < 1:
            problems.append("the canvas length must be at least 1")
        if problems:
            raise DiffusionConfigError("Invalid diffusion settings: " + "; ".join(problems) + ".")

    @classmethod
    def from_checkpoint(cls, path: str | Path, **overrides) -> DiffusionGenConfig:
        values: dict = {}
        file = Path(path) / "generation_config.json"
        if file.exists():
            try:
                raw = json.loads(file.read_text())
            except (OSError, json.JSONDecodeError) as exc:
                raise DiffusionConfigError(
                    f"Could not read {file} ({exc}); fix or delete that file."
                ) from exc
            for key in (
                "max_denoising_steps",
                "t_min",
                "t_max",
                "stability_threshold",
                "confidence_threshold",
            ):
                if raw.get(key) is not None:
                    values[key] = raw[key]
            sampler = raw.get("sampler_config") or {}
            if isinstance(sampler, dict) and sampler.get("entropy_bound") is not None:
                values["entropy_bound"] = float(sampler["entropy_bound"])
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(overrides) - known)
        if unknown:
            raise DiffusionConfigError(f"Unknown diffusion setting(s): {', '.join(unknown)}.")
        return cls(**{**values, **overrides})

    def with_overrides(self, **overrides) -> DiffusionGenConfig:
        return replace(self, **overrides)

    def temperature(self, steps_left: int) -> np.float32:
        """Linear schedule over steps_left = N..1, in float32 like the reference."""
        frac = np.float32(steps_left) / np.float32(self.max_denoising_steps)
        return np.float32(self.t_min) + np.float32(self.t_max - self.t_min) * frac


class RandomDraws(Protocol):
    """The two kinds of randomness block diffusion uses."""

    def canvas(self, length: int, vocab_size: int) -> mx.array:
        """``length`` token ids uniform in [0, vocab_size) (new canvases and re-noised positions)."""

    def uniforms(self, length: int) -> mx.array:
        """``length`` floats uniform in [0, 1): one per position, turned into a token by inverse-CDF sampling."""


class MLXRandomDraws:
    def __init__(self, seed: int | None = None):
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "little")
        self._key = mx.random.key(seed)

    def _next(self) -> mx.array:
        self._key, sub = mx.random.split(self._key)
        return sub

    def canvas(self, length: int, vocab_size: int) -> mx.array:
        return mx.random.randint(0, vocab_size, (length,), key=self._next())

    def uniforms(self, length: int) -> mx.array:
        return mx.random.uniform(shape=(length,), key=self._next())


def sample_inverse_cdf(probs: mx.array, u: mx.array) -> mx.array:
    """One token per row of ``probs`` [C, V]: the first index whose cumulative probability exceeds ``u``."""
    cdf = mx.cumsum(probs, axis=-1)
    target = (u * cdf[:, -1])[:, None]
    return mx.minimum((cdf <= target).sum(axis=-1), probs.shape[-1] - 1).astype(mx.int32)


def token_entropy(logits: mx.array) -> mx.array:
    logp = logits - mx.logsumexp(logits, axis=-1, keepdims=True)
    return -(mx.exp(logp) * logp).sum(axis=-1)


def entropy_bound_accept(entropy: mx.array, bound: float) -> mx.array:
    """Accept the lowest-entropy positions while the entropy summed over the *other* accepted ones stays under
    ``bound`` (sum - max over the chosen set, a bound on their mutual information); the most certain is always kept."""
    order = mx.argsort(entropy)
    ranked = entropy[order]
    keep_ranked = (mx.cumsum(ranked) - ranked) <= bound
    return keep_ranked[mx.argsort(order)]


@dataclass(frozen=True)
class BlockEvent:
    """A block has settled: ``token_ids`` are its tokens that count as output (cut at EOS, the token limit or a
    stop string), ``text`` the text that became final with it (text that might start a stop string is held back)."""

    request_id: str
    block: int
    token_ids: tuple[int, ...]
    text: str
    steps: int
    early_stop: bool


@dataclass(frozen=True)
class DiffusionResult:
    request_id: str
    tokens: tuple[int, ...]
    text: str
    finish_reason: FinishReason
    stats: GenerationStats
    blocks: tuple[tuple[int, ...], ...]  # each block's final argmax canvas, as produced (before any cut)
    encoder_forwards: int

    @property
    def diffusion(self) -> DiffusionStats:
        return self.stats.diffusion


class _StopStringScanner:
    """Search the decoded text of all settled tokens, so a stop string split across canvases is found."""

    def __init__(self, decode: Callable[[list[int]], str], stops: tuple[str, ...]):
        self.decode, self.stops = decode, tuple(s for s in stops if s)
        self.hold = max((len(s) for s in self.stops), default=1) - 1
        self.emitted = 0

    def find(self, tokens: list[int]) -> tuple[str, int | None]:
        """(text, number of tokens to keep) — the count is None when no stop string occurs."""
        text = self.decode(tokens)
        hits = [(text.find(s), s) for s in self.stops if s in text]
        if not hits:
            return text, None
        cut = min(hits)[0]
        lo, hi = 1, len(tokens)  # fewest tokens whose text already contains a stop string
        while lo < hi:
            mid = (lo + hi) // 2
            if any(s in self.decode(tokens[:mid]) for s in self.stops):
                hi = mid
            else:
                lo = mid + 1
        return text[:cut], lo

    def delta(self, text: str, final: bool) -> str:
        end = len(text) if final else max(self.emitted, len(text.rstrip("\ufffd")) - self.hold)
        out = text[self.emitted : end]
        self.emitted = max(self.emitted, end)
        return out


def diffusion_generate(
    model: DiffusionGemma,
    prompt_ids: list[int],
    *,
    max_tokens: int,
    gen_config: DiffusionGenConfig,
    cancel,
    request_id: str,
    decode: Callable[[list[int]], str],
    stop_strings: tuple[str, ...] = (),
    seed: int | None = None,
    initial_canvas: list[int] | None = None,
    random_draws: RandomDraws | None = None,
) -> Iterator[CanvasEvent | BlockEvent | DiffusionResult]:
    """Yield CanvasEvents (every denoising step, if enabled) and BlockEvents, then one DiffusionResult.

    ``initial_canvas`` replaces the first block's random canvas. ``cancel`` (anything with ``is_set()``) is checked
    before every denoising step; a cancelled request keeps the blocks settled so far."""
    args = model.args
    if not prompt_ids:
        raise DiffusionConfigError(
            "The prompt is empty; DiffusionGemma needs at least one token to start from."
        )
    canvas_len = gen_config.canvas_length or args.canvas_length
    if initial_canvas is not None and len(initial_canvas) != canvas_len:
        raise DiffusionConfigError(
            f"The initial canvas has {len(initial_canvas)} tokens; it needs {canvas_len}."
        )
    draws = random_draws if random_draws is not None else MLXRandomDraws(seed)
    vocab = args.vocab_size
    eos = set(args.eos_token_ids)
    n_steps = gen_config.max_denoising_steps
    scanner = _StopStringScanner(decode, stop_strings)

    t0 = time.perf_counter()
    cache = model.make_cache()
    model.encode(mx.array([prompt_ids]), cache)
    mx.eval(cache.state())
    prefill_s = time.perf_counter() - t0
    encoder_forwards = 1

    output: list[int] = []
    blocks: list[tuple[int, ...]] = []
    steps_per_block: list[int] = []
    early_stops = 0
    forwards = 0
    block_times: list[tuple[float, int]] = []
    first_token_s = 0.0
    finish: FinishReason = "length"
    text = ""

    block = 0
    while len(output) < max_tokens:
        if block > 0:
            model.encode(mx.array([list(blocks[-1])]), cache)
            mx.eval(cache.state())
            encoder_forwards += 1
        if block == 0 and initial_canvas is not None:
            canvas = mx.array(initial_canvas, dtype=mx.int32)
        else:
            canvas = draws.canvas(canvas_len, vocab)
        sc_logits = None
        argmax_list: list[int] = []
        history: list[list[int]] = []
        steps = 0
        stopped_early = False
        cancelled = False
        for steps_left in range(n_steps, 0, -1):
            if cancel is not None and cancel.is_set():
                cancelled = True
                break
            logits = model.decode(canvas[None], cache, sc_logits)[0]
            forwards += 1
            steps += 1
            processed = logits / mx.array(gen_config.temperature(steps_left), dtype=mx.float32)
            probs = mx.softmax(processed, axis=-1)
            sampled = sample_inverse_cdf(probs, draws.uniforms(canvas_len))
            argmax = mx.argmax(processed, axis=-1)
            entropy = token_entropy(processed)
            accepted = entropy_bound_accept(entropy, gen_config.entropy_bound)
            canvas = mx.where(accepted, sampled, draws.canvas(canvas_len, vocab).astype(sampled.dtype))
            sc_logits = processed[None]
            mean_entropy = entropy.mean()
            mx.eval(canvas, argmax, accepted, mean_entropy, sc_logits)
            argmax_list = argmax.tolist()
            if gen_config.emit_canvas:
                yield CanvasEvent(
                    request_id=request_id,
                    block=block,
                    step=steps - 1,
                    text=decode(argmax_list),
                    token_ids=tuple(argmax_list),
                    settled=tuple(bool(a) for a in accepted.tolist()),
                )
            if gen_config.adaptive_stopping:
                s = gen_config.stability_threshold
                stable = len(history) == s and all(h == argmax_list for h in history)
                if s:
                    history = (history + [argmax_list])[-s:]
                if stable and mean_entropy.item() < gen_config.confidence_threshold:
                    stopped_early = steps_left > 1
                    break
        if cancelled:
            finish = "cancelled"
            break
        blocks.append(tuple(argmax_list))
        steps_per_block.append(steps)
        early_stops += int(stopped_early)

        room = max_tokens - len(output)
        eos_at = next((i for i, t in enumerate(argmax_list) if t in eos), None)
        prev_len = len(output)
        output.extend(argmax_list[: min(room, eos_at if eos_at is not None else room)])
        if eos_at is not None and eos_at < room:
            finish = "stop"
        text, keep = scanner.find(output)
        if keep is not None:
            del output[max(keep, prev_len) :]
            finish = "stop_string"
        block_tokens = tuple(output[prev_len:])
        done = finish in ("stop", "stop_string") or len(output) >= max_tokens
        now = time.perf_counter()
        if not first_token_s and output:
            first_token_s = now - t0
        block_times.append((now, len(block_tokens)))
        yield BlockEvent(
            request_id=request_id,
            block=block,
            token_ids=block_tokens,
            text=scanner.delta(text, final=done),
            steps=steps,
            early_stop=stopped_early,
        )
        block += 1
        if done:
            break

    e2e = time.perf_counter() - t0
    stats = _stats(
        prompt_tokens=len(prompt_ids),
        output=len(output),
        prefill_s=prefill_s,
        first_token_s=first_token_s,
        e2e=e2e,
        t0=t0 + prefill_s,
        block_times=block_times,
        diffusion=DiffusionStats(
            canvas_length=canvas_len,
            blocks=len(blocks),
            steps_per_block=tuple(steps_per_block),
            early_stops=early_stops,
            forward_passes=forwards,
            output_tokens=len(output),
            tokens_per_forward=len(output) / forwards if forwards else 0.0,
        ),
    )
    yield DiffusionResult(
        request_id=request_id,
        tokens=tuple(output),
        text=text,
        finish_reason=finish,
        stats=stats,
        blocks=tuple(blocks),
        encoder_forwards=encoder_forwards,
    )


def _stats(
    *, prompt_tokens, output, prefill_s, first_token_s, e2e, t0, block_times, diffusion
) -> GenerationStats:
    # Tokens arrive a block at a time; the inter-token latency is each block's wall time spread over its tokens.
    per_token = []
    prev = t0
    for t, n in block_times:
        if n:
            per_token.extend([(t - prev) / n] * n)
        prev = t
    decode_s = e2e - prefill_s
    return GenerationStats(
        prompt_tokens=prompt_tokens,
        generated_tokens=output,
        prefill_s=prefill_s,
        ttft_s=first_token_s,
        itl_p50_s=float(np.percentile(per_token, 50)) if per_token else 0.0,
        itl_p95_s=float(np.percentile(per_token, 95)) if per_token else 0.0,
        e2e_s=e2e,
        prefill_tokens_per_s=prompt_tokens / prefill_s if prefill_s > 0 else 0.0,
        decode_tokens_per_s=output / decode_s if decode_s > 0 else 0.0,
        tokens_per_s=output / e2e if e2e > 0 else 0.0,
        diffusion=diffusion,
    )
