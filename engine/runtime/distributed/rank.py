"""One rank of a split model, run as its own process (``python -m engine.runtime.distributed.rank``): MLX's ring
group, mlx-lm's pipeline sharding, and a greedy decode loop that every rank runs in lockstep.

Its parent writes one JSON line of setup to stdin (rank, ring addresses, model folder, split, the ring tokens), then
(rank 0 only) requests, one JSON line each. It answers in JSON lines on stdout. A rank whose stdin closes (its parent
quit or was killed) exits at once, which closes its ring sockets, so the other rank fails fast instead of hanging.

Per step, rank 0 broadcasts a header through the ring (an ``all_sum`` to which the other ranks add zeros):
[1, n, reuse] then the n new prompt tokens for a new request, [2, token] for the next decode step, [0, 0] to quit.
Other ranks hold no tokenizer and make no choices; they run their layers on what rank 0 broadcasts.

The prompt cache: every rank keeps its layers' KV cache from one request to the next. Rank 0 alone knows the tokens
it holds; for a new prompt it finds the longest common prefix (at least one prompt token is always run again) and
broadcasts its length ``reuse``: every rank trims its cache to those tokens and runs only the rest, so a
conversation's next turn prefills only the new turn, on both machines.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import sys
import tempfile
import threading
import time
from pathlib import Path

log = logging.getLogger("alcove.distributed.rank")

QUIT, PROMPT, STEP = 0, 1, 2


def _emit(obj: dict) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def _stdin_reader(commands: queue.Queue) -> None:
    for line in sys.stdin:
        if line.strip():
            commands.put(json.loads(line))
    os._exit(0)  # the parent is gone: leave now, closing the ring sockets


def _bcast(mx, values: list[int], rank: int):
    arr = mx.array(values if rank == 0 else [0] * len(values), dtype=mx.int32)
    out = mx.distributed.all_sum(arr, stream=mx.cpu)
    mx.eval(out)
    return out.tolist()


def _check_ring(mx, group, own: bytes, expected_other: bytes) -> None:
    """Each rank sends its rank-bound token; the ring's other end must be the paired session."""
    gathered = mx.distributed.all_gather(mx.array(list(own), dtype=mx.uint8), group=group, stream=mx.cpu)
    mx.eval(gathered)
    parts = [bytes(gathered[i * 32 : (i + 1) * 32].tolist()) for i in range(group.size())]
    other = parts[1 - group.rank()]
    if other != expected_other:
        raise RuntimeError("the ring's other end did not prove the pairing session: refusing to run")


def _run(setup: dict, commands: queue.Queue) -> None:
    # deferred: MLX after engine/__init__ preloaded BLAS, and main() reads its setup before paying for the import
    import mlx.core as mx
    from mlx.utils import tree_flatten
    from mlx_lm.models.cache import can_trim_prompt_cache, make_prompt_cache, trim_prompt_cache
    from mlx_lm.utils import load_model

    rank = int(setup["rank"])
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(setup["hosts"], f)
    os.environ["MLX_RANK"] = str(rank)
    os.environ["MLX_HOSTFILE"] = f.name
    t0 = time.perf_counter()
    try:
        group = mx.distributed.init(backend="ring", strict=True)
    finally:
        os.unlink(f.name)
    _check_ring(mx, group, bytes.fromhex(setup["token_self"]), bytes.fromhex(setup["token_other"]))
    t_ring = time.perf_counter() - t0
    model, _ = load_model(Path(setup["model"]), lazy=True, strict=False)
    model.model.pipeline(group, split=list(setup["split"]))
    mx.eval(model.parameters())
    held = sum(v.nbytes for _, v in tree_flatten(model.parameters()))
    mx.eval(mx.distributed.all_sum(mx.array(1.0), stream=mx.cpu))
    _emit({"ready": True, "rank": rank, "held_bytes": held, "ring_s": round(t_ring, 3),
           "layers": [model.model.start_idx, model.model.end_idx]})  # fmt: skip
    cache, seen = (
        make_prompt_cache(model),
        [],
    )  # seen: the tokens whose keys and values the cache holds (rank 0)
    while True:
        if rank == 0:
            cmd = commands.get()
            if cmd.get("op") == "cancel":  # came after its reply had ended already
                continue
            if cmd.get("op") == "quit":
                _bcast(mx, [QUIT, 0, 0], rank)
                return
            prompt = [int(t) for t in cmd["prompt"]]
            reuse = _reusable(seen, prompt) if cmd.get("use_cache", True) else 0
            header = _bcast(mx, [PROMPT, len(prompt) - reuse, reuse], rank)
        else:
            header = _bcast(mx, [0, 0, 0], rank)
        if header[0] == QUIT:
            return
        reuse = header[2]
        new = _bcast(mx, prompt[reuse:] if rank == 0 else [0] * header[1], rank)
        if reuse and can_trim_prompt_cache(cache):
            trim_prompt_cache(cache, cache[0].offset - reuse)
        else:
            cache = make_prompt_cache(model)
        fed = _serve_request(mx, model, cache, new, reuse, rank, cmd if rank == 0 else None, commands)
        if rank == 0:
            seen = prompt + fed


def _reusable(seen: list[int], prompt: list[int]) -> int:
    """Tokens of ``prompt`` already in the cache: the common prefix, leaving at least one token to run."""
    n = 0
    for a, b in zip(seen, prompt[:-1]):
        if a != b:
            break
        n += 1
    return n


def _serve_request(mx, model, cache, prompt, reused, rank, cmd, commands) -> list[int]:
    """One reply; returns (rank 0) the generated tokens fed through the model (all but the last)."""
    x = mx.array([prompt], dtype=mx.int32)
    fed: list[int] = []
    pick = _picker(mx, cmd.get("sampling") or {}) if cmd else None
    eos = set(cmd.get("eos", [])) if cmd else set()
    max_tokens = int(cmd["max_tokens"]) if cmd else 0
    t0, produced, t_first = time.perf_counter(), 0, None
    while True:
        if rank == 0:
            y = pick(model(x, cache=cache)[:, -1, :])
            produced += 1
            if t_first is None:
                t_first = time.perf_counter()
            _emit({"token": y})
            cancelled = _cancelled(commands)
            go = produced < max_tokens and y not in eos and not cancelled
            _bcast(mx, [STEP if go else 0, y, 0], rank)
            if not go:
                t1 = time.perf_counter()
                _emit({"done": {"prompt_tokens": len(prompt) + reused, "cached_tokens": reused,
                                "generated": produced, "cancelled": cancelled,
                                "prefill_s": round(t_first - t0, 6), "decode_s": round(t1 - t_first, 6)}})  # fmt: skip
                return fed
            fed.append(y)
        else:
            mx.eval(model.model(x, cache=cache))
            ctl = _bcast(mx, [0, 0, 0], rank)
            if ctl[0] != STEP:
                return fed
            y = ctl[1]
        x = mx.array([[y]], dtype=mx.int32)


def _picker(mx, sampling: dict):
    """How rank 0 picks each token: argmax, or mlx-lm's sampler over log-probabilities (as its generate_step)."""
    from mlx_lm.sample_utils import make_sampler  # deferred: only rank 0 of a sampled request needs it

    temp = float(sampling.get("temp") or 0.0)
    if temp <= 0.0:
        return lambda logits: int(mx.argmax(logits[0]).item())
    if sampling.get("seed") is not None:
        mx.random.seed(int(sampling["seed"]))
    sampler = make_sampler(temp, float(sampling.get("top_p") or 0.0), float(sampling.get("min_p") or 0.0),
                           top_k=int(sampling.get("top_k") or 0))  # fmt: skip
    return lambda logits: int(sampler(logits - mx.logsumexp(logits, keepdims=True)).item())


def _cancelled(commands: queue.Queue) -> bool:
    try:
        return commands.get_nowait().get("op") == "cancel"
    except queue.Empty:
        return False


def main() -> int:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    setup = json.loads(sys.stdin.readline())
    commands: queue.Queue = queue.Queue()
    threading.Thread(target=_stdin_reader, args=(commands,), daemon=True).start()
    try:
        _run(setup, commands)
    except Exception as exc:  # noqa: BLE001 - the parent gets every failure as a value
        _emit({"error": f"{type(exc).__name__}: {exc}"})
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
