"""TTFT of turn 2 of a ~2,000-token conversation after a relaunch: with the persisted prompt cache vs without.

The two sides run in ABBA order, ``--runs`` rounds (bench/abba.py). "with": engine A answers turn 1 with the disk tier
on and shuts down (its cache file is written after the reply), then a fresh engine B with the same cache folder (a
relaunch) answers turn 2; "without": a fresh engine C without a cache folder answers turn 2. Greedy throughout.
Reported: both TTFTs (min/median), the speed-up (of the medians and per round), the tokens B reused and prefilled,
whether B and C produced the same tokens, the file's size, the engine-thread cost of the copy taken after the reply
and the writer thread's time. The cache file is read back from the OS page cache (it was just written); a cold SSD read adds about
size / SSD bandwidth.

    python bench/bench_prompt_cache_relaunch.py --runs 3
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from _common import blas, emit
from abba import abba

from engine.core import FinalEvent, GenerateRequest, SamplingParams
from engine.models import default_chat_model_path
from engine.runtime import Engine

PARAGRAPH = (
    "Alcove keeps an index of your own documents and answers questions about them with citations. "
    "Every chunk remembers its file, page and lines, so a citation opens the exact place. "
)
GREEDY = SamplingParams(temperature=0.0)


def _final(events) -> FinalEvent:
    final = [e for e in events if isinstance(e, FinalEvent)][0]
    if final.error:
        raise SystemExit(f"generation failed: {final.error}")
    return final


def _conversation(engine: Engine, tokens: int) -> tuple[dict, ...]:
    tok = engine.run(lambda: engine.model("chat").tokenizer)
    history: list[dict] = []
    while True:
        msgs = history + [
            {"role": "user", "content": PARAGRAPH * 6},
            {"role": "assistant", "content": PARAGRAPH * 4},
        ]
        if len(tok.apply_chat_template(msgs)) > tokens:
            break
        history = msgs
    return tuple(history + [{"role": "user", "content": "Summarise what Alcove does."}])


def _engine(model: str, folder: Path | None) -> Engine:
    engine = Engine()
    engine.load_model(model)
    if folder is not None:
        engine.run(engine.prompt_cache.use_files, folder, 4 << 30)
    return engine


def _first_launch(model: str, folder: Path, conversation_tokens: int) -> dict:
    """Engine A answers turn 1 with the disk tier in ``folder`` and shuts down (its cache file written)."""
    first = _engine(model, folder)
    try:
        turn1 = _conversation(first, conversation_tokens)
        f1 = _final(first.generate(GenerateRequest(messages=turn1, max_tokens=24, sampling=GREEDY)))
        copy_s = first.run(lambda e=first: e.prompt_cache.last_persist_s)
        t0 = time.perf_counter()
        first.run(first.prompt_cache.close)
        write_s = time.perf_counter() - t0
    finally:
        first.shutdown()
    files = list(folder.glob("*.safetensors"))
    turn2 = turn1 + (
        {"role": "assistant", "content": f1.text},
        {"role": "user", "content": "And in one word?"},
    )
    return {"turn2": turn2, "copy_s": copy_s, "write_s": write_s, "cache_files": len(files),
            "cache_file_bytes": sum(p.stat().st_size for p in files)}  # fmt: skip


def _relaunch(model: str, folder: Path | None, turn2: tuple[dict, ...]) -> FinalEvent:
    """Turn 2 from a new engine (nothing in memory), with the cache folder or without one."""
    engine = _engine(model, folder)
    try:
        return _final(engine.generate(GenerateRequest(messages=turn2, max_tokens=8, sampling=GREEDY)))
    finally:
        engine.shutdown()


def run(model: str, runs: int, conversation_tokens: int) -> dict:
    """With and without the persisted cache in ABBA order, ``runs`` rounds. Greedy: every engine A gives the same
    turn 1 reply, so every call's turn 2 is the same prompt (taken here from one launch before the rounds)."""
    with tempfile.TemporaryDirectory() as tmp:
        turn2 = _first_launch(model, Path(tmp), conversation_tokens)["turn2"]

    def with_cache() -> dict:
        with tempfile.TemporaryDirectory() as tmp:
            first = _first_launch(model, Path(tmp), conversation_tokens)
            return {**first, "final": _relaunch(model, Path(tmp), first["turn2"])}

    r = abba({"with": with_cache, "without": lambda: {"final": _relaunch(model, None, turn2)}}, runs)
    ttft = lambda x: x["final"].stats.ttft_s  # noqa: E731
    w, wo = r.results("with")[-1], r.results("without")[-1]
    return {
        "conversation_tokens": w["final"].stats.prompt_tokens,
        "cached_tokens_with": w["final"].stats.cached_tokens,
        "prefilled_tokens_with": w["final"].stats.prompt_tokens - w["final"].stats.cached_tokens,
        "cached_tokens_without": wo["final"].stats.cached_tokens,
        "same_tokens": all(
            x["final"].token_ids == wo["final"].token_ids for x in r.results("with") + r.results("without")
        ),
        "cache_file_bytes": w["cache_file_bytes"],  # before turn 2's file replaces it
        "cache_files": w["cache_files"],
        **r.about(),
        "ttft_relaunch_with_persisted_cache_s": r.summary("with", ttft),
        "ttft_relaunch_without_s": r.summary("without", ttft),
        "speedup_median": r.ratio("without", "with", ttft)["of_medians"],
        "speedup_paired": r.ratio("without", "with", ttft)["paired_median"],
        "engine_thread_copy_after_reply_s": r.summary("with", "copy_s"),
        "writer_thread_write_s": r.summary("with", "write_s"),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3, help="ABBA rounds")
    ap.add_argument("--model", default="", help="a model folder or spec (default: the built-in SmolLM2)")
    ap.add_argument("--conversation-tokens", type=int, default=2000)
    args = ap.parse_args()
    model = args.model or str(default_chat_model_path())
    emit({"blas": blas(), "runs": args.runs, "model": model,
          "relaunch": run(model, args.runs, args.conversation_tokens)})  # fmt: skip


if __name__ == "__main__":
    main()
