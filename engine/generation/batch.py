"""Continuous batching: many requests decode together, joining and leaving the batch between steps.

In the style of mlx-lm's ``BatchGenerator``: one forward pass per step feeds the next token of every active request
(left-padded ``BatchKVCache``, or ``BatchRotatingKVCache`` for sliding-window layers), and between steps finished or
cancelled requests leave (``filter``) and new ones join (new prompts arriving together are prefilled together,
left-padded, in one forward per chunk when every layer's cache is a plain KVCache; a prompt that hits the prompt
cache, or any prompt of a sliding-window model, is prefilled alone; then they are ``extend``-ed into the batch and take
their first token in the next batched step). A lone request decodes in its own single-row caches, as
``Engine.generate`` does, until a second one joins. Steps are pipelined: step n+1 is queued with ``mx.async_eval``
(its inputs the still-lazy tokens of step n) before step n's tokens are handed out. The whole loop is ONE engine job:
``BatchRunner.submit`` queues a request from any thread and starts the job when none is running; the job admits
queued requests between steps and ends when the batch is empty, so other engine work runs between batches.

Each request keeps its own sampler (seeded draws identical to a lone run), detokeniser, stop strings and stats; at
temperature 0 the tokens are the ones a lone greedy run produces (tests/engine/generation/test_batch.py). A request
leaves its KV cache in the prompt-cache store, holding exactly the tokens it was fed, like ``run_generation``.
Models whose caches have no batched form here (``batchable`` says why) are served one request at a time instead.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import mlx.core as mx
import numpy as np

from engine.core import AlcoveError, BatchFull, FinalEvent, GenerateRequest, GenerationStats, TokenEvent
from engine.generation.limits import check_sampling
from engine.generation.loop import encode_request
from engine.generation.prompt_cache import PromptCacheStore, fresh_cache, mlx_cache
from engine.generation.sampling import Sampler, process_logits
from engine.generation.textstream import StopMatcher

log = logging.getLogger(__name__)

_END = object()


def batchable(lm: Any) -> str | None:
    """None when ``lm`` can decode in a batch, else the reason it cannot (its caches have no batched form)."""
    if getattr(getattr(lm, "info", None), "kind", "lm") != "lm":
        return "only autoregressive language models decode in a batch"
    cache = fresh_cache(lm.model).cache
    kinds = {type(c).__name__ for c in cache}
    if not kinds <= _BATCHED_KINDS:
        return f"caches {sorted(kinds - _BATCHED_KINDS)} have no batched form here"
    return None


# Single-request cache kinds whose ``merge`` gives a batched cache that filters, extends and extracts rows
# (mlx-lm's BatchKVCache and BatchRotatingKVCache); tested in tests/engine/generation/test_batch.py.
_BATCHED_KINDS = {"KVCache", "RotatingKVCache"}


def _plain_kv(lm: Any) -> bool:
    """Whether every layer's cache is a plain KVCache (the only kind prefilled several prompts to one forward)."""
    return all(type(c).__name__ == "KVCache" for c in fresh_cache(lm.model).cache)


@dataclass
class _Slot:
    """One request in (or waiting for) the batch. Fields below ``out`` are engine-thread only."""

    req: GenerateRequest
    out: queue.Queue
    submitted: float
    cancel: threading.Event = field(default_factory=threading.Event)
    ids: list[int] = field(default_factory=list)
    fed: list[int] = field(default_factory=list)
    generated: list[int] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    next_input: int = 0  # the slot's next input when known (a new slot's last prompt token, or after a sync)
    fresh: bool = True  # no step has fed it yet: its history already ends with ``next_input``
    sampler: Sampler | None = None
    stopper: StopMatcher | None = None
    detok: Any = None
    history: Any = None  # mx.array of recent ids, for the repetition penalty
    cached_tokens: int = 0
    started: float = 0.0
    prefill_s: float = 0.0
    token_times: list[float] = field(default_factory=list)
    finish: str | None = None
    error: str | None = None
    batch_peak: int = 1  # the largest batch this request decoded in


class BatchRunner:
    """Thread-safe front of the continuous-batching loop for the engine's chat model.

    ``run_job(fn)`` submits ``fn`` as one job on the engine thread and returns at once (``Engine.stream`` does);
    ``get_model()`` returns the loaded LM on that thread; ``store`` is the engine's prompt-cache store.
    """

    def __init__(
        self,
        run_job: Callable[[Callable[[], Iterator[Any]]], Any],
        get_model: Callable[[], Any],
        store: PromptCacheStore | None,
        *,
        max_batch: int = 16,
        max_waiting: int = 64,
    ) -> None:
        self._run_job = run_job
        self._get_model = get_model
        self._store = store
        self.max_batch = max_batch
        self.max_waiting = max_waiting
        self._lock = threading.Lock()
        self._waiting: list[_Slot] = []
        self._slots: dict[str, _Slot] = {}
        self._running = False
        self.steps = 0  # batched forward passes so far
        self.peak_batch = 0
        self.group_prefills = 0  # prefills of several new prompts in one padded forward
        self.finished: Counter[str] = Counter()  # finish reasons so far

    # -- any thread ---------------------------------------------------------------------------------------
    def submit(self, req: GenerateRequest) -> Iterator[TokenEvent | FinalEvent]:
        """Queue ``req``; iterate its TokenEvents then one FinalEvent. Raises BatchFull beyond ``max_waiting``."""
        slot = _Slot(req, queue.Queue(), time.perf_counter())
        with self._lock:
            if len(self._waiting) >= self.max_waiting:
                raise BatchFull(f"{len(self._waiting)} requests are already waiting; retry in a moment.")
            self._waiting.append(slot)
            self._slots[req.request_id] = slot
            start = not self._running
            self._running = True
        if start:
            self._run_job(self._loop)
        return self._drain(slot)

    def cancel(self, request_id: str) -> bool:
        with self._lock:
            slot = self._slots.get(request_id)
        if slot is None:
            return False
        slot.cancel.set()
        return True

    @property
    def active(self) -> int:
        with self._lock:
            return len(self._slots)

    def _drain(self, slot: _Slot) -> Iterator[TokenEvent | FinalEvent]:
        try:
            while True:
                item = slot.out.get()
                if item is _END:
                    return
                yield item
        finally:
            slot.cancel.set()  # an abandoned stream stops at the next step

    # -- the engine thread ------------------------------------------------------------------------------
    def _loop(self) -> Iterator[Any]:
        """The batch job. Steps are pipelined like mlx-lm's generator: step n+1 is queued (``mx.async_eval``, its
        inputs the still-lazy tokens of step n) before step n's tokens are handed out, so detokenising, stop
        strings and the streams' queues run while the next forward computes. ``pending`` holds the tokens of the
        step in flight for the first ``len(pending)`` rows of ``active`` (slots that join are appended after them)."""
        active: list[_Slot] = []
        cache: list[Any] | None = None
        pending: mx.array | None = None
        lm = None
        grouped = False
        try:
            while True:
                with self._lock:
                    room = self.max_batch - len(active)
                    joining, self._waiting = self._waiting[:room], self._waiting[room:]
                    if not joining and not active:
                        self._running = False
                        return
                if joining and lm is None:
                    lm = self._get_model()
                    grouped = lm is not None and _plain_kv(lm)
                cache = self._admit(lm, joining, active, cache, grouped)
                covered = active[: pending.shape[0]] if pending is not None else []
                if pending is not None and not _worth_pipelining(covered):
                    # Every row of the next step would be wasted (each slot ends at its pending token): hand the
                    # tokens out first and let the finished slots leave before the next forward.
                    self._hand_out(lm, covered, pending.tolist(), fed=False)
                    pending = None
                active, cache, pending = self._leave(lm, active, cache, pending)
                if not active:
                    cache = pending = None
                    continue
                covered = active[: pending.shape[0]] if pending is not None else []
                nxt = self._submit(lm, active, cache, pending)
                if pending is not None:
                    self._hand_out(lm, covered, pending.tolist(), fed=True)  # while ``nxt`` computes
                pending = nxt
                active, cache, pending = self._leave(lm, active, cache, pending)
                if not active:
                    cache = pending = None
                yield len(
                    active
                )  # one item per step (the job runs as one interactive unit; see ``_run_job``)
        except BaseException as exc:  # noqa: BLE001 - every waiting stream must end, never hang
            log.exception("the batch loop failed")
            with self._lock:
                pending_slots, self._waiting = self._waiting, []
                self._running = False
            for slot in active + pending_slots:
                if slot.finish is None:
                    slot.finish, slot.error = "error", f"Generation failed: {type(exc).__name__}: {exc}"
                self._finish(lm, slot, None)
            if not isinstance(exc, Exception):
                raise

    def _admit(self, lm: Any, joining: list[_Slot], active: list[_Slot], cache: list[Any] | None,
               grouped: bool) -> list[Any] | None:  # fmt: skip
        """Encode and prefill the joining slots and append them to ``active`` and their rows to ``cache``. New cold
        prompts are prefilled together when the model's caches are plain KVCaches (one left-padded forward per
        chunk); a prompt-cache hit, a lone prompt, or a model with other caches (sliding windows) prefills alone."""
        cold: list[_Slot] = []
        for slot in joining:
            hit = self._start(lm, slot)
            if hit is None:
                continue
            if grouped and hit.cached_tokens == 0 and len(slot.ids) > 1 and len(joining) > 1:
                cold.append(slot)  # prefilled below, together with the other new prompts
                continue
            joined = self._prefill_alone(lm, slot, hit)
            if joined is None:
                continue
            active.append(slot)
            if cache is None:
                # A lone request decodes in its own single-row caches, exactly as ``Engine.generate`` does (no
                # padding offsets or mask per step); they turn into batched caches when a second request joins.
                cache = joined
            else:
                cache = _batched(cache)
                for layer, c in zip(cache, joined):
                    layer.extend(type(c).merge([c]))
        if cold:
            group = self._prefill_group(lm, cold)
            active.extend(cold)
            if cache is None:
                cache = group
            else:
                cache = _batched(cache)
                for layer, g in zip(cache, group):
                    layer.extend(g)
        return cache

    def _start(self, lm: Any, slot: _Slot):
        """Check and encode ``slot``'s request and take its prompt cache; the CacheHit, or None when it ended."""
        req = slot.req
        slot.started = time.perf_counter()
        try:
            if lm is None:
                raise AlcoveError("No chat model is loaded. Load one first (alcove models list).")
            check_sampling(req)  # finite, in range: before anything reads the numbers
            req.sampling.validate()
            slot.ids = encode_request(lm, req)  # ids in the vocabulary, the prompt within the context
            use_store = req.use_prompt_cache and self._store is not None
            hit = self._store.take(lm.key, lm.model, slot.ids) if use_store else fresh_cache(lm.model)
            slot.cached_tokens = hit.cached_tokens
            slot.fed = slot.ids[: hit.cached_tokens]
            slot.next_input = slot.ids[-1]
            slot.sampler = Sampler(req.sampling)
            slot.stopper = StopMatcher(req.stop)
            slot.detok = lm.tokenizer.detokenizer
            slot.detok.reset()
            if req.sampling.repetition_penalty != 1.0:
                ctx = req.sampling.repetition_context
                slot.history = mx.array(slot.ids[-ctx:] if ctx > 0 else slot.ids)
            return hit
        except AlcoveError as exc:
            slot.finish, slot.error = "error", str(exc)
        except Exception as exc:  # noqa: BLE001 - a bad request ends itself, never the batch
            log.exception("admitting a request to the batch failed")
            slot.finish, slot.error = "error", f"Generation failed: {type(exc).__name__}: {exc}"
        self._finish(lm, slot, None)
        return None

    def _prefill_alone(self, lm: Any, slot: _Slot, hit: Any) -> list[Any] | None:
        """Prefill ``slot`` after its cached prefix, chunk by chunk; its single-request cache, or None if cancelled."""
        pos, end, chunk = hit.cached_tokens, len(slot.ids) - 1, max(1, slot.req.prefill_chunk)
        while pos < end:
            if slot.cancel.is_set():
                slot.finish = "cancelled"
                break
            piece = slot.ids[pos : min(pos + chunk, end)]
            lm.model(mx.array(piece)[None], cache=hit.cache)
            mx.eval([c.state for c in hit.cache])
            slot.fed.extend(piece)
            pos += len(piece)
        slot.prefill_s = time.perf_counter() - slot.started
        if slot.finish is None and slot.cancel.is_set():
            slot.finish = "cancelled"
        if slot.finish is not None:
            self._finish(lm, slot, hit.cache)
            return None
        return hit.cache

    def _prefill_group(self, lm: Any, slots: list[_Slot]) -> list[Any]:
        """Prefill several new prompts in one left-padded forward per chunk, like mlx-lm's batched prefill (one read
        of the weights for all of them); the batched cache holding their rows, in order."""
        t0 = time.perf_counter()
        self.group_prefills += 1
        prompts = [s.ids[:-1] for s in slots]
        longest = max(len(p) for p in prompts)
        pads = [longest - len(p) for p in prompts]
        batch_cache = mlx_cache().BatchKVCache
        cache = [batch_cache(pads) for _ in fresh_cache(lm.model).cache]
        tokens = mx.array([[0] * pad + p for pad, p in zip(pads, prompts)])
        chunk = max(1, min(s.req.prefill_chunk for s in slots))
        for start in range(0, longest, chunk):
            if all(s.cancel.is_set() for s in slots):
                break  # they all leave at the next ``_leave``; what was fed is consistent either way
            lm.model(tokens[:, start : start + chunk], cache=cache)
            mx.eval([c.state for c in cache])
        else:
            for s, p in zip(slots, prompts):
                s.fed = list(p)
        now = time.perf_counter()
        for s in slots:
            s.prefill_s = now - t0
        return cache

    def _submit(self, lm: Any, active: list[_Slot], cache: list[Any], pending: mx.array | None) -> mx.array:
        """Queue one batched forward and its sampling; returns the (lazy, being computed) tokens, one per slot.

        The first ``len(pending)`` slots are fed their pending (not yet read) tokens, the others their known
        ``next_input``; a known input is recorded in ``fed`` now, a pending one when it is handed out."""
        self.steps += 1
        self.peak_batch = max(self.peak_batch, len(active))
        n = pending.shape[0] if pending is not None else 0
        known = [s.next_input for s in active[n:]]
        for s in active[n:]:
            s.fed.append(s.next_input)
        if pending is None:
            inputs = mx.array(known)
        elif known:
            inputs = mx.concatenate([pending, mx.array(known, dtype=pending.dtype)])
        else:
            inputs = pending
        for i, s in enumerate(active):
            s.batch_peak = max(s.batch_peak, len(active))
            if s.history is not None and not s.fresh:  # the penalty sees every token fed, lazily
                ctx = s.req.sampling.repetition_context
                s.history = mx.concatenate([s.history, inputs[i : i + 1].astype(s.history.dtype)])
                if ctx > 0 and s.history.size > ctx:
                    s.history = s.history[-ctx:]
            s.fresh = False
        logits = lm.model(inputs[:, None], cache=cache)[:, -1, :]
        picked = _sample(active, logits)
        mx.async_eval(picked)
        return picked

    def _hand_out(self, lm: Any, slots: list[_Slot], tokens: list[int], *, fed: bool) -> None:
        """Give each slot its sampled token; ``fed``: the step just queued has already fed it back in."""
        now = time.perf_counter()
        for s, tok in zip(slots, tokens):
            if fed:
                s.fed.append(tok)
            _take(lm, s, tok, now)

    def _leave(self, lm: Any, active: list[_Slot], cache: list[Any] | None, pending: mx.array | None):
        """Finished and cancelled slots leave the batch (their caches extracted for the prompt-cache store, their
        rows dropped from the cache and from the pending tokens, which are never handed out)."""
        for s in active:
            if s.finish is None and s.cancel.is_set():
                s.finish = "cancelled"
        keep = [i for i, s in enumerate(active) if s.finish is None]
        if len(keep) == len(active):
            return active, cache, pending
        for i, s in enumerate(active):
            if s.finish is not None:
                if cache is None:
                    own = None
                elif _single(cache):  # the only row: the caches are its own
                    own = cache
                else:
                    own = [layer.extract(i) for layer in cache]
                self._finish(lm, s, own)
        if not keep:
            return [], None, None
        if pending is not None:
            rows = [i for i in keep if i < pending.shape[0]]
            pending = pending[mx.array(rows)] if rows else None  # still the first rows: ``keep`` is in order
        for layer in cache:
            layer.filter(keep)
        return [active[i] for i in keep], cache, pending

    def _finish(self, lm: Any, slot: _Slot, own_cache: list[Any] | None) -> None:
        if slot.finish != "stop_string" and slot.detok is not None and slot.finish != "error":
            slot.detok.finalize()
            tail, _ = slot.stopper.feed(slot.detok.last_segment)
            tail += slot.stopper.flush()
            if tail:
                slot.text.append(tail)
        if (
            own_cache is not None
            and lm is not None
            and self._store is not None
            and slot.req.use_prompt_cache
            and slot.error is None
        ):
            # The cache holds exactly ``slot.fed``: the prompt plus every token fed back in.
            self._store.put(lm.key, slot.fed, own_cache)
        slot.out.put(FinalEvent(slot.req.request_id, "".join(slot.text), tuple(slot.generated),
                                slot.finish or "error", _stats(slot), slot.error))  # fmt: skip
        slot.out.put(_END)
        with self._lock:
            self._slots.pop(slot.req.request_id, None)
            self.finished[slot.finish or "error"] += 1


def _stats(slot: _Slot) -> GenerationStats:
    end = time.perf_counter()
    times = slot.token_times
    itl = [b - a for a, b in zip(times, times[1:], strict=False)]
    decode_s = (times[-1] - times[0]) if len(times) > 1 else 0.0
    n_prefilled = max(0, len(slot.ids) - 1 - slot.cached_tokens)
    return GenerationStats(
        prompt_tokens=len(slot.ids),
        generated_tokens=len(slot.generated),
        cached_tokens=slot.cached_tokens,
        queue_s=max(0.0, (slot.started or end) - slot.submitted),
        prefill_s=slot.prefill_s,
        ttft_s=(times[0] - slot.submitted) if times else 0.0,
        itl_p50_s=float(np.percentile(itl, 50)) if itl else 0.0,
        itl_p95_s=float(np.percentile(itl, 95)) if itl else 0.0,
        e2e_s=end - slot.submitted,
        prefill_tokens_per_s=(n_prefilled / slot.prefill_s) if slot.prefill_s > 0 and n_prefilled else 0.0,
        decode_tokens_per_s=((len(times) - 1) / decode_s) if decode_s > 0 else 0.0,
        tokens_per_s=len(slot.generated) / (end - slot.submitted) if slot.generated else 0.0,
    )


def _sample(slots: list[_Slot], logits: mx.array) -> mx.array:
    """One token per row of ``logits``: a single argmax when every slot is plain greedy, else each slot's sampler."""
    if all(s.req.sampling.greedy and s.history is None for s in slots):
        return mx.argmax(logits, axis=-1)
    rows = [
        s.sampler.sample(process_logits(logits[i : i + 1], s.req.sampling, s.history)).reshape(-1)
        for i, s in enumerate(slots)
    ]
    return mx.concatenate(rows)


def _single(cache: list[Any]) -> bool:
    """Whether ``cache`` is one request's own caches (a lone request's batch) rather than batched caches."""
    return not hasattr(cache[0], "extract")


def _batched(cache: list[Any]) -> list[Any]:
    """Batched caches holding the same rows: a lone request's own caches merged into a batch of one."""
    return [type(c).merge([c]) for c in cache] if _single(cache) else cache


def _worth_pipelining(covered: list[_Slot]) -> bool:
    """Whether to queue the next step before reading the pending tokens: not when every slot with a pending token
    ends with it by length (the step would compute nothing anyone reads; a lone request's last token, above all)."""
    return not covered or any(len(s.generated) + 1 < s.req.max_tokens for s in covered)


def _take(lm: Any, s: _Slot, tok: int, now: float) -> None:
    """``tok`` was sampled for ``s``: record, emit, and decide whether ``s`` is finished."""
    s.token_times.append(now)
    if tok in lm.eos_ids:
        s.finish = "stop"
        return
    s.generated.append(tok)
    s.detok.add_token(tok)
    emit, stopped = s.stopper.feed(s.detok.last_segment)
    s.text.append(emit)
    s.out.put(TokenEvent(s.req.request_id, emit, tok, False))
    s.next_input = tok
    if stopped:
        s.finish = "stop_string"
    elif len(s.generated) >= s.req.max_tokens:
        s.finish = "length"
    elif s.cancel.is_set():
        s.finish = "cancelled"
