"""The chat role run across two machines: what ``Engine.pair`` sets up and ``Engine.chat`` routes to while it holds.

A ChatRequest becomes prompt ids here (the tokenizer lives on this Mac only), runs through the DistributedSession
(rank 0 in a child process: no MLX work on the engine thread) and comes back as the engine's own events: one
RouteEvent ("split"), TokenEvents, one FinalEvent whose stats carry ``distributed``. One reply at a time (the ranks
run in lockstep); others wait their turn. After a fault the reply ends with the error and whether the model fits
here; the next request pairs again (a new session, new challenge), and when that fails it runs on this Mac alone if
the pairing allowed it (``PairRequest.fallback_local``) and the model fits, else it ends with the error.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core import (
    AlcoveError,
    ChatRequest,
    DistributedStats,
    FinalEvent,
    GenerationStats,
    PairRequest,
    RequestRefused,
    RouteEvent,
    TokenEvent,
)
from engine.models import load_tokenizer, resolve_model
from engine.runtime.distributed.pairing import DistributedError
from engine.runtime.distributed.plan import folder_bytes, free_memory_bytes
from engine.runtime.distributed.session import DistributedSession

log = logging.getLogger("alcove.distributed.chat")


@dataclass(frozen=True)
class PairInfo:
    """A paired split: the model, the plan in words and as numbers, and its stats."""

    model: str  # the folder
    peer: str
    plan: str  # Plan.describe()
    plan_json: dict[str, Any]
    stats: DistributedStats
    fits_locally: bool


def fits_here(folder: Path, free: int | None = None) -> tuple[bool, str]:
    """Whether the model's weights fit in this machine's free memory (90% of it), and the figures in words."""
    need = folder_bytes(folder)
    free = free_memory_bytes() if free is None else free
    return need <= free * 0.9, f"{need / 1e9:.2f} GB, {free / 1e9:.2f} GB free"


class SplitChat:
    """One paired split of the chat model. ``open()`` pairs, plans and starts both ranks; ``route()`` serves a
    ChatRequest (or returns None: run it locally); ``close()`` ends the session."""

    def __init__(self, request: PairRequest) -> None:
        self.request = request
        self.folder = Path(request.model).expanduser().resolve()
        self.config = json.loads((self.folder / "config.json").read_text())
        self.tokenizer = load_tokenizer(self.folder, self.config)
        self.session: DistributedSession | None = None
        self.local = False  # after a fault with fallback_local: replies run here
        self.info: PairInfo | None = None
        self._turn = threading.Lock()

    def open(self) -> PairInfo:
        session = DistributedSession(self.request.peer, self.request.code, self.folder,
                                     step_timeout_s=self.request.step_timeout_s,
                                     allow_public=self.request.allow_public_peer)  # fmt: skip
        try:
            session.pair()
            plan = session.make_plan()
            log.info("splitting %s over 2 ranks (ring backend):\n%s", self.folder.name, plan.describe())
            session.start(plan)
        except BaseException:
            session.close()
            raise
        self.session, self.local = session, False
        self.info = PairInfo(str(self.folder), self.request.peer, plan.describe(), plan.as_json(), session.stats,
                             fits_here(self.folder)[0])  # fmt: skip
        return self.info

    def serves(self, request: ChatRequest) -> bool:
        """Whether ``request`` is for the split model (no model named, or this very folder)."""
        if request.role != "chat":
            return False
        if request.model is None:
            return True
        spec = Path(request.model.spec).expanduser()
        if not spec.exists():  # a catalog name (the window's Settings name models so)
            try:
                spec = Path(resolve_model(request.model.spec).path)
            except AlcoveError:
                return False
        return spec.resolve() == self.folder

    def check(self, request: ChatRequest) -> None:
        """What a split reply cannot do yet, refused before it is queued."""
        if request.stop:
            raise RequestRefused("Stop strings are not supported over a model split across two Macs yet.",
                                 code="unsupported", param="stop")  # fmt: skip
        if request.sampling.repetition_penalty != 1.0:
            raise RequestRefused("A repetition penalty is not supported over a model split across two Macs yet.",
                                 code="unsupported", param="repetition_penalty")  # fmt: skip
        if request.diffusion:
            raise RequestRefused("A split model is not a diffusion model.", param="diffusion")

    def route(self, request: ChatRequest, cancel: threading.Event, done) -> Iterator[Any] | None:
        """The reply's events, or None when it runs on this Mac alone (after a fault, see the module). Pairs again
        first when the last session ended in a fault."""
        try:
            self.check(request)
            ids = self._ids(request)
            with self._turn:
                why = self._ensure_session()
            if self.local:
                done()
                return None
        except BaseException:
            done()
            raise
        return self._reply(request, ids, cancel, done, why)

    def _ids(self, request: ChatRequest) -> list[int]:
        tok = self.tokenizer
        try:
            if request.prompt_ids is not None:
                ids = list(request.prompt_ids)
            elif request.messages is not None:
                ids = tok.apply_chat_template([dict(m) for m in request.messages], tokenize=True,
                                              add_generation_prompt=request.add_generation_prompt)  # fmt: skip
                ids = list(ids["input_ids"] if isinstance(ids, dict) else ids)
            else:
                ids = list(tok.encode(request.prompt or ""))
        except Exception as exc:  # noqa: BLE001 - a template that refuses these messages
            raise RequestRefused(f"The prompt could not be tokenised: {type(exc).__name__}: {exc}",
                                 param="prompt") from exc  # fmt: skip
        if not ids:
            raise RequestRefused("The prompt is empty after tokenisation.", param="prompt")
        vocab = int(self.config.get("vocab_size") or 0)
        if vocab and any(not 0 <= i < vocab for i in ids):
            raise RequestRefused(f"Token ids must be in [0, {vocab}).", param="prompt")
        return ids

    def _reply(
        self, req: ChatRequest, ids: list[int], cancel: threading.Event, done, why: str | None
    ) -> Iterator[Any]:
        submitted = time.perf_counter()
        yield RouteEvent(req.request_id, "split", f"the model runs across this Mac and the helper at "
                                                  f"{self.request.peer} (ring backend)")  # fmt: skip
        try:
            if why:
                yield FinalEvent(req.request_id, "", (), "error", GenerationStats(), why)
                return
            with self._turn:
                yield from self._run(req, ids, cancel, submitted)
        finally:
            done()

    def _ensure_session(self) -> str | None:
        """A running session (pairing again after a fault); None when there is one (or this Mac runs the model
        alone from now on: ``self.local``), else why not."""
        if self.local or (self.session is not None and self.session.rank0 is not None):
            return None
        self.session = None
        try:
            self.open()
            log.info("paired again with %s", self.request.peer)
            return None
        except DistributedError as exc:
            fits, sizes = fits_here(self.folder)
            if self.request.fallback_local and fits:
                log.warning(
                    "pairing again failed (%s); the model fits here (%s): continuing on this Mac", exc, sizes
                )
                self.local = True
                return None
            return f"{exc} {self.hint()}"

    def hint(self, free: int | None = None) -> str:
        """After a fault: whether the model fits on this Mac alone, and what happens next."""
        fits, sizes = fits_here(self.folder, free)
        if not fits:
            return f"The model does not fit on this Mac alone ({sizes}): pair again when the helper is back."
        then = ("the next reply runs here if the helper cannot be paired again" if self.request.fallback_local
                else "continue here with --continue-locally, or without --peer")  # fmt: skip
        return f"The model fits on this Mac alone ({sizes}): {then}."

    def _run(
        self, req: ChatRequest, ids: list[int], cancel: threading.Event, submitted: float
    ) -> Iterator[Any]:
        rid = req.request_id
        session = self.session
        if session is None:  # another reply's fault ended it while this one waited its turn
            yield FinalEvent(
                rid, "", (), "error", GenerationStats(), f"The split model stopped. {self.hint()}"
            )
            return
        tok = self.tokenizer
        eos = sorted(tok.eos_token_ids)
        detok = tok.detokenizer
        detok.reset()
        tokens: list[int] = []
        s = req.sampling
        sampling = {
            "temp": s.temperature,
            "top_p": s.top_p,
            "top_k": s.top_k,
            "min_p": s.min_p,
            "seed": s.seed,
        }
        started = time.perf_counter()
        first = None
        stream = session.generate(ids, req.max_tokens, eos, sampling, use_cache=req.use_prompt_cache)
        reason = "length"
        try:
            for t in stream:
                first = first or time.perf_counter()
                tokens.append(t)
                if t in eos:  # rank 0 stops after it: read on to its "done" (no cancel to send)
                    reason = "stop"
                    continue
                detok.add_token(t)
                yield TokenEvent(rid, detok.last_segment, t)
                if cancel.is_set():
                    reason = "cancelled"
                    break
        except DistributedError as exc:
            self.session = None
            log.warning("split reply %s ended: %s", rid, exc)
            yield FinalEvent(rid, detok.text, tuple(tokens), "error", GenerationStats(
                prompt_tokens=len(ids), generated_tokens=len(tokens), distributed=session.stats),
                f"{exc} {self.hint()}")  # fmt: skip
            return
        finally:
            stream.close()  # a reply stopped early: rank 0 cancels and drains
        detok.finalize()  # what it still held is in the final text (as the engine's own loop does)
        yield FinalEvent(rid, detok.text, tuple(tokens), reason,
                         self._stats(ids, tokens, session, submitted, started, first))  # fmt: skip

    def _stats(self, ids, tokens, session, submitted, started, first) -> GenerationStats:
        done = session.last_done or {}
        now = time.perf_counter()
        decode_s, prefill_s = float(done.get("decode_s") or 0.0), float(done.get("prefill_s") or 0.0)
        cached = int(done.get("cached_tokens") or 0)
        n = len(tokens)
        return GenerationStats(
            prompt_tokens=len(ids), generated_tokens=n, cached_tokens=cached, queue_s=started - submitted,
            prefill_s=prefill_s, ttft_s=(first or now) - submitted, e2e_s=now - submitted,
            prefill_tokens_per_s=(len(ids) - cached) / prefill_s if prefill_s > 0 else 0.0,
            decode_tokens_per_s=(n - 1) / decode_s if decode_s > 0 and n > 1 else 0.0,
            tokens_per_s=n / (now - submitted) if now > submitted else 0.0, distributed=session.stats,
        )  # fmt: skip

    def close(self) -> None:
        session, self.session = self.session, None
        if session is not None:
            session.close()
