"""The extraction workers: ``prepare_file`` and then the embedder's tokenization of the chunks, beside the engine
thread, on a pool of threads or spawned processes (or, in an inline run, on the calling thread)."""

from __future__ import annotations

import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from multiprocessing import get_context
from typing import Any

from engine.index.prepare import Prepared, prepare_file

# In a worker process: the embedder's tokenizer (for chunking) and its document encoder, sent once by the pool
# initializer.
_worker_tokenizer = None
_worker_encoder = None


def default_workers() -> int:
    return max(1, min(4, (os.cpu_count() or 2) - 1))


def document_encoder(embedder) -> Any:
    """The embedder's document tokenizer, to run on the workers; None when it has none (the test fakes)."""
    make_encoder = getattr(embedder, "document_encoder", None)
    return make_encoder("document") if make_encoder is not None else None


def _init_process(tokenizer_json: str, encoder) -> None:
    from tokenizers import Tokenizer  # deferred: only worker processes need to rebuild the tokenizer

    global _worker_tokenizer, _worker_encoder
    _worker_tokenizer = Tokenizer.from_str(tokenizer_json)
    _worker_encoder = encoder


def timed_prepare(found, old, opts, tokenizer, cancel=None, gate=None, encoder=None
                  ) -> tuple[Prepared, float, float]:  # fmt: skip
    """prepare_file, then (when the embedder offers it) the chunks tokenized for the embedder: on this worker, so
    the engine thread only runs the model. ``tokenizer`` None: in a worker process, which has its own."""
    t0 = time.perf_counter()
    in_process = tokenizer is None
    p = prepare_file(found, old, opts, _worker_tokenizer if in_process else tokenizer, cancel, gate)
    encoder = _worker_encoder if in_process else encoder
    if p.kind == "embed" and encoder is not None:
        p.pending.encoded = encoder.encode(p.pending.texts)
    return p, t0, time.perf_counter()


def make_pool(kind: str, workers: int, tokenizer, encoder) -> tuple[Executor, Any, Any]:
    """The extraction pool, and the tokenizer and encoder to send with each file (None: a worker process has its
    own, sent once)."""
    if kind == "processes":
        # spawn, never fork: the parent runs MLX and Metal threads, which a forked child must not inherit.
        pool = ProcessPoolExecutor(workers, mp_context=get_context("spawn"), initializer=_init_process,
                                   initargs=(tokenizer.to_str(), encoder))  # fmt: skip
        return pool, None, None
    if kind != "threads":
        raise ValueError(f"extraction workers are 'threads' or 'processes', not {kind!r}")
    return ThreadPoolExecutor(workers, thread_name_prefix="alcove-extract"), tokenizer, encoder
