"""TTFT of turn 2 of a ~2,000-token conversation after a relaunch: with the persisted prompt cache vs without.

Each run: engine A answers turn 1 with the disk tier on and shuts down (its cache file is written after the reply);
then, interleaved, a fresh engine B with the same cache folder (a relaunch) and a fresh engine C without it answer
turn 2, greedy. Reported: both TTFTs (min/median), the speed-up, the tokens B reused and prefilled, whether B and C
produced the same tokens, the file's size, the engine-thread cost of the copy taken after the reply and the writer
thread's time. The cache file is read back from the OS page cache (it was just written); a cold SSD read adds about
size / SSD bandwidth.

    python bench/bench_prompt_cache_relaunch.py --runs 3
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from _common import blas, emit, summary

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


def run(model: str, runs: int, conversation_tokens: int) -> dict:
    with_cache, without, copy_s, write_s = [], [], [], []
    out: dict = {}
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            first = _engine(model, folder)
            try:
                turn1 = _conversation(first, conversation_tokens)
                f1 = _final(first.generate(GenerateRequest(messages=turn1, max_tokens=24, sampling=GREEDY)))
                copy_s.append(first.run(lambda e=first: e.prompt_cache.last_persist_s))
                t0 = time.perf_counter()
                first.run(first.prompt_cache.close)
                write_s.append(time.perf_counter() - t0)
            finally:
                first.shutdown()
            files = list(folder.glob("*.safetensors"))
            file_bytes = sum(p.stat().st_size for p in files)  # before turn 2's file replaces it
            turn2 = turn1 + (
                {"role": "assistant", "content": f1.text},
                {"role": "user", "content": "And in one word?"},
            )
            request = GenerateRequest(messages=turn2, max_tokens=8, sampling=GREEDY)
            finals = {}
            for label, cache_folder in (("with", folder), ("without", None)):
                engine = _engine(model, cache_folder)  # a relaunch: a new engine, nothing in memory
                try:
                    finals[label] = _final(engine.generate(request))
                finally:
                    engine.shutdown()
            with_cache.append(finals["with"].stats.ttft_s)
            without.append(finals["without"].stats.ttft_s)
            out = {
                "conversation_tokens": finals["with"].stats.prompt_tokens,
                "cached_tokens_with": finals["with"].stats.cached_tokens,
                "prefilled_tokens_with": finals["with"].stats.prompt_tokens
                - finals["with"].stats.cached_tokens,
                "cached_tokens_without": finals["without"].stats.cached_tokens,
                "same_tokens": finals["with"].token_ids == finals["without"].token_ids,
                "cache_file_bytes": file_bytes,
                "cache_files": len(files),
            }
    return {
        **out,
        "ttft_relaunch_with_persisted_cache_s": summary(with_cache),
        "ttft_relaunch_without_s": summary(without),
        "speedup_median": summary(without)["median"] / summary(with_cache)["median"],
        "engine_thread_copy_after_reply_s": summary(copy_s),
        "writer_thread_write_s": summary(write_s),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--model", default="", help="a model folder or spec (default: the built-in SmolLM2)")
    ap.add_argument("--conversation-tokens", type=int, default=2000)
    args = ap.parse_args()
    model = args.model or str(default_chat_model_path())
    emit({"blas": blas(), "runs": args.runs, "model": model,
          "relaunch": run(model, args.runs, args.conversation_tokens)})  # fmt: skip


if __name__ == "__main__":
    main()
