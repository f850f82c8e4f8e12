"""Speculative decoding: propose k tokens, verify them with ONE target forward, keep the longest valid prefix.

Greedy (temperature 0): keep proposals while they equal the target's argmax, then emit the target's own token, so
the output is token-identical to plain greedy decoding. Sampling: accept proposal x with probability
min(1, p(x)/q(x)); on rejection emit a sample of the normalised residual max(0, p - q); when all k are accepted emit
a bonus token from p. The output distribution is the target's (Leviathan et al. 2023, Chen et al. 2023). p and q come
from ``engine.generation.sampling.process_logits`` with the same settings, so temperature, top-k/top-p/min-p and the repetition
penalty are the same for both; for prompt lookup q is a point mass. The target cache is trimmed to the accepted
prefix after each verification and in ``finally`` (cancel, error), and ``state.fed`` always equals what it holds.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import mlx.core as mx

from engine.core import (
    AlcoveError,
    GenerateRequest,
    IncompatibleDraftError,
    SamplingParams,
    SpeculativeParams,
    SpeculativeStats,
)
from engine.generation import (
    Block,
    DecodeState,
    PromptCacheStore,
    plain_decoder,
    plain_steps,
    process_logits,
    run_generation,
)
from engine.speculative.compat import check_loaded
from engine.speculative.dflash import DFLASH_KIND
from engine.speculative.dflash_proposer import DFlashProposer, check_dflash
from engine.speculative.governor import Governor, GovernorConfig
from engine.speculative.mtp import MTPProposer, check_mtp
from engine.speculative.proposers import (
    DraftProposer,
    PromptLookup,
    Proposal,
    rewind_room,
    trim_cache,
    trim_to,
)

log = logging.getLogger(__name__)

MODES = ("off", "lookup", "draft", "mtp", "dflash", "auto")
COPYABLE_PROMPT_TOKENS = (
    64  # auto: a prompt this long has content worth copying (a passage, code, a chat history)
)


# -- acceptance (batched so tests can check the distribution over many samples with this very code) -------------
def acceptance_probability(p_x: mx.array, q_x: mx.array) -> mx.array:
    """min(1, p(x)/q(x)) for a proposal x drawn from q (q(x) > 0)."""
    return mx.minimum(1.0, p_x / mx.maximum(q_x, 1e-30))


def residual(p: mx.array, q: mx.array) -> mx.array:
    """Unnormalised max(0, p - q): where the target puts more mass than the proposer."""
    return mx.maximum(p - q, 0.0)


def accept_greedy(target_logprobs: mx.array, proposed: mx.array) -> tuple[mx.array, mx.array]:
    """[B, k+1, V], [B, k] -> accepted prefix length [B] and the target's token after it [B]."""
    best = mx.argmax(target_logprobs, axis=-1)
    k = proposed.shape[-1]
    if k == 0:
        return mx.zeros(best.shape[:1], dtype=mx.int32), best[:, 0]
    same = (best[:, :k] == proposed.astype(best.dtype)).astype(mx.int32)
    n = mx.sum(mx.cumprod(same, axis=-1), axis=-1)
    return n, mx.take_along_axis(best, n[:, None], axis=-1)[:, 0]


def accept_sampled(
    target_logprobs: mx.array,
    proposed: mx.array,
    draft_logprobs: mx.array | None,
    uniforms: mx.array,
    key: mx.array | None = None,
) -> tuple[mx.array, mx.array]:
    """Rejection sampling. [B, k+1, V] target, [B, k] proposals, [B, k, V] draft (None: point masses), [B, k] U(0,1).

    Returns the accepted prefix length [B] and the token emitted after it [B]: a residual sample at the first
    rejection, or a bonus sample from the target when every proposal was accepted.
    """
    p = mx.exp(target_logprobs)
    batch, k1, vocab = p.shape
    k = k1 - 1
    prop = proposed.astype(mx.int32)
    if draft_logprobs is None:
        q = (mx.arange(vocab)[None, None, :] == prop[..., None]).astype(p.dtype)
    else:
        q = mx.exp(draft_logprobs)
    if k > 0:
        p_x = mx.take_along_axis(p[:, :k, :], prop[..., None], axis=-1)[..., 0]
        q_x = mx.take_along_axis(q, prop[..., None], axis=-1)[..., 0]
        ok = (uniforms < acceptance_probability(p_x, q_x)).astype(mx.int32)
        n = mx.sum(mx.cumprod(ok, axis=-1), axis=-1)
        r = residual(p[:, :k, :], q)
        # p == q at a position means it can never reject there; keep the row finite anyway.
        mass = mx.sum(r, axis=-1, keepdims=True)
        r = mx.where(mass > 0, r / mx.maximum(mass, 1e-30), p[:, :k, :])
        dist = mx.concatenate([r, p[:, k:, :]], axis=1)
    else:
        n = mx.zeros((batch,), dtype=mx.int32)
        dist = p
    row = mx.take_along_axis(dist, n[:, None, None], axis=1)[:, 0, :]
    token = mx.random.categorical(mx.log(row), axis=-1, key=key)
    return n, token


# -- one verification ----------------------------------------------------------------------------------------------
def block_logprobs(
    logits: mx.array, params: SamplingParams, history: list[int], proposed: mx.array
) -> mx.array:
    """Processed target log-probs for the k+1 positions of a block [k+1, V]; position i has seen proposed[:i]."""
    if params.repetition_penalty == 1.0:
        return process_logits(logits, params)
    ctx = params.repetition_context
    base = mx.array(history[-ctx:] if ctx > 0 else history)
    rows = []
    for i in range(logits.shape[0]):
        hist = mx.concatenate([base, proposed[:i].astype(base.dtype)]) if i else base
        if ctx > 0 and hist.size > ctx:
            hist = hist[-ctx:]
        rows.append(process_logits(logits[i], params, hist))
    return mx.stack(rows)


def _align(draft_logprobs: mx.array, width: int) -> mx.array:
    if draft_logprobs.shape[-1] == width:
        return draft_logprobs
    if draft_logprobs.shape[-1] > width:
        return draft_logprobs[..., :width]
    pad = mx.full((*draft_logprobs.shape[:-1], width - draft_logprobs.shape[-1]), -float("inf"))
    return mx.concatenate([draft_logprobs, pad.astype(draft_logprobs.dtype)], axis=-1)


class _Stats:
    def __init__(self, mode: str, width: int) -> None:
        self.mode, self.width = mode, width
        self.proposed = self.accepted = self.verifications = self.forwards = self.tokens = 0
        self.fallbacks: list[str] = []

    def count_forward(self) -> None:
        self.forwards += 1

    def freeze(self, gov: Governor | None) -> SpeculativeStats:
        return SpeculativeStats(
            mode=self.mode,
            num_draft=self.width,
            proposed=self.proposed,
            accepted=self.accepted,
            verifications=self.verifications,
            target_forwards=self.forwards,
            acceptance_rate=self.accepted / self.proposed if self.proposed else 0.0,
            mean_accepted=self.accepted / self.verifications if self.verifications else 0.0,
            forwards_per_token=self.forwards / self.tokens if self.tokens else 0.0,
            fallbacks=tuple(self.fallbacks),
            gate_events=gov.gate_events if gov is not None else 0,
        )


def speculative_decoder(
    state: DecodeState, proposer: Any, governor: Governor, stats: _Stats
) -> Iterator[Block]:
    """Blocks of tokens; plain pipelined runs where the governor says drafting does not pay."""
    cache, params, sampler = state.cache, state.sampling, state.sampler
    # a proposer that drafts from the target's hidden states (MTP) runs the target through its own wrapper
    model = getattr(proposer, "target_model", None) or state.lm.model
    pending = 0  # target cache entries beyond ``state.fed``
    target_room, target_why = rewind_room(cache)
    fallen = False
    try:
        mark = time.perf_counter()
        while True:
            remaining = state.max_tokens - stats.tokens
            run = governor.plain_run()
            k = 0
            if not fallen and run == 0:
                # up to ``remaining`` proposals: a fully accepted last block ends exactly at max_tokens (its bonus
                # token is dropped by the request loop), as in mlx-lm
                k = min(governor.width, remaining)
                target_room, target_why = rewind_room(cache)
                room = target_room - 1
                if isinstance(proposer, DraftProposer):
                    draft_room, draft_why = proposer.rewind_room()
                    if draft_room - 1 < room:
                        room, target_why = draft_room - 1, f"the draft model's cache: {draft_why}"
                if room < 1 and remaining > 1:
                    fallen = True
                    stats.fallbacks.append(
                        f"{target_why or 'the cache cannot be rewound'}; plain decoding from token {stats.tokens}"
                    )
                    log.info("speculative decoding fell back to plain: %s", stats.fallbacks[-1])
                k = max(0, min(k, room))
            catch_up = 0.0
            if k > 0 and not fallen:
                catch_up = proposer.prepare(state)  # draft prefill: not part of the verification's cost
                if state.cancel.is_set():
                    yield []  # the request loop sees the cancel after a block
                    continue
            proposal = proposer.propose(state, k) if k > 0 and not fallen else Proposal([])
            if len(proposal) == 0:
                # Plain, pipelined: ``run`` tokens (1 when nothing was proposed, all the rest after a fallback).
                n = remaining if fallen else max(1, min(run, remaining))
                for tok in plain_steps(state, n, model=model, on_forward=stats.count_forward):
                    stats.tokens += 1
                    yield [(tok, False)]
                    now = time.perf_counter()
                    governor.record_plain(1, now - mark)
                    mark = now
                continue
            # One verification: feed [y, d0 .. d(k-1)], read k+1 positions.
            k = len(proposal)
            drafts = proposal.tokens if isinstance(proposal.tokens, mx.array) else mx.array(proposal.tokens)
            drafts = drafts.astype(mx.int32)
            block = mx.concatenate([mx.array([state.next_input], dtype=mx.int32), drafts])
            pending = k + 1
            logits = model(block[None], cache=cache)[0]
            stats.forwards += 1
            lp = block_logprobs(logits, params, state.history, drafts)
            if params.greedy:
                n, tok = accept_greedy(lp[None], drafts[None])
            else:
                q = None if proposal.logprobs is None else _align(proposal.logprobs, lp.shape[-1])[None]
                n, tok = accept_sampled(
                    lp[None], drafts[None], q, sampler.uniform((1, k)), key=sampler.next_key()
                )
            mx.eval(n, tok, drafts)
            n, tok, proposed = int(n.item()), int(tok.item()), drafts.tolist()
            trim_cache(cache, k - n)
            state.fed.extend([state.next_input, *proposed[:n]])
            pending = 0
            out = [*proposed[:n], tok]
            state.history.extend(out)
            state.next_input = tok
            proposer.after_verify(state, proposed, n)
            stats.proposed += k
            stats.accepted += n
            stats.verifications += 1
            stats.tokens += len(out)
            yield [(t, True) for t in proposed[:n]] + [(tok, False)]
            now = time.perf_counter()
            governor.record_verification(k, n, len(out), now - mark - catch_up)
            mark = now
    finally:
        trim_to(cache, len(state.fed), pending)
        proposer.close(state)
        stats.forwards += getattr(proposer, "target_forwards", 0)  # DFlash re-reading the prompt's tail
        state.speculative = stats.freeze(governor)


# -- choosing a decoder for a request --------------------------------------------------------------------------
def _plain_with_stats(state: DecodeState, stats: _Stats) -> Iterator[Block]:
    """Plain decoding that still reports why speculation was not used."""
    try:
        for block in plain_decoder(state):
            stats.tokens += len(block)
            stats.forwards += len(block)
            yield block
    finally:
        state.speculative = stats.freeze(None)


def governor_config(spec: SpeculativeParams) -> GovernorConfig:
    width = spec.num_draft
    return GovernorConfig(max_width=width, start_width=min(2, width), adaptive=spec.adaptive)


def validate_params(spec: SpeculativeParams) -> None:
    if spec.mode not in MODES:
        raise AlcoveError(f"Speculative mode {spec.mode!r} is not available; use one of {', '.join(MODES)}.")
    if not 1 <= spec.num_draft <= 64:
        raise AlcoveError("The number of draft tokens must be between 1 and 64.")
    if not 1 <= spec.ngram_min <= spec.ngram_max:
        raise AlcoveError("Prompt lookup needs 1 <= ngram_min <= ngram_max.")


def make_decoder_factory(
    req: GenerateRequest, target: Any, draft: Any | None
) -> Callable[[DecodeState, GenerateRequest], Iterator[Block]] | None:
    """The decoder for ``req.speculative`` (None for plain decoding). Raises a user-facing error for a draft
    request without a usable draft model; ``auto`` falls back quietly but records why."""
    spec = req.speculative
    validate_params(spec)
    if spec.mode == "off":
        return None
    notes: list[str] = []
    use_draft = use_mtp = use_dflash = False
    # a Gemma 4 assistant loaded as the draft drafts by multi-token prediction, a DFlash drafter by blocks
    assistant = drafter = None
    kind = getattr(getattr(draft, "info", None), "kind", None)
    if kind == "mtp-assistant":
        assistant, draft = draft, None
    elif kind == DFLASH_KIND:
        drafter, draft = draft, None
    if spec.mode == "mtp" or (assistant is not None and spec.mode in ("draft", "auto")):
        use_mtp, note = check_mtp(spec.mode, target, assistant)  # raises unless auto
        notes.extend([note] if note else [])
    if spec.mode == "dflash" or (drafter is not None and spec.mode in ("draft", "auto")):
        use_dflash, note = check_dflash(spec.mode, target, drafter)  # raises unless auto
        notes.extend([note] if note else [])
    if spec.mode in ("draft", "auto") and draft is not None:
        compat = check_loaded(target, draft)
        if compat.compatible:
            use_draft = True
        elif spec.mode == "draft":
            raise IncompatibleDraftError(compat.explanation)
        else:
            notes.append(compat.explanation)
    elif spec.mode == "draft" and not (use_mtp or use_dflash):
        raise IncompatibleDraftError(
            "Speculative mode 'draft' needs a draft model, and none is loaded. Choose as the draft a smaller model "
            "with the chat model's tokenizer, or use prompt lookup or automatic speculative decoding."
        )

    def factory(state: DecodeState, request: GenerateRequest) -> Iterator[Block]:
        mode = "mtp" if use_mtp else "dflash" if use_dflash else spec.mode
        if mode == "auto":
            if use_draft:
                mode = "draft"
            elif len(state.history) >= COPYABLE_PROMPT_TOKENS:
                mode = "lookup"
            else:
                stats = _Stats("auto->off", spec.num_draft)
                stats.fallbacks.extend(notes)
                stats.fallbacks.append(
                    f"no draft model is loaded and the prompt ({len(state.history)} tokens) has little to copy"
                )
                return _plain_with_stats(state, stats)
        label = mode if spec.mode == mode else f"{spec.mode}->{mode}"
        stats = _Stats(label, spec.num_draft)
        stats.fallbacks.extend(notes)
        if mode == "mtp":
            proposer: Any = MTPProposer(assistant, state)
        elif mode == "dflash":
            proposer = DFlashProposer(drafter, state, prefill_chunk=request.prefill_chunk)
        elif mode == "draft":
            proposer = DraftProposer(draft, state, prefill_chunk=request.prefill_chunk)
        else:
            proposer = PromptLookup(state.history, spec.ngram_min, spec.ngram_max)
        return speculative_decoder(state, proposer, Governor(governor_config(spec)), stats)

    return factory


def generate_with_decoder(
    lm: Any,
    req: GenerateRequest,
    draft: Any | None = None,
    *,
    cancel: threading.Event | None = None,
    store: PromptCacheStore | None = None,
    submitted_at: float | None = None,
    observe: Callable[[DecodeState], None] | None = None,
) -> Iterator[Any]:
    """The generation request loop with the decoder ``req.speculative`` asks for (engine thread only): what the
    engine runs for a chat request, and what benchmarks and tests run on a model they loaded themselves.
    ``observe(state)`` sees each decoder's state as it starts (tests check the caches with it)."""
    factory = make_decoder_factory(req, lm, draft) if req.speculative.mode != "off" else None
    if observe is not None:
        inner = factory or (lambda state, request: plain_decoder(state))

        def factory(state: DecodeState, request: GenerateRequest) -> Iterator[Block]:
            observe(state)
            return inner(state, request)

    yield from run_generation(
        lm,
        req,
        cancel=cancel or threading.Event(),
        store=store if store is not None else PromptCacheStore(),
        submitted_at=time.perf_counter() if submitted_at is None else submitted_at,
        decoder_factory=factory,
        draft=draft if req.speculative.mode != "off" else None,
    )
