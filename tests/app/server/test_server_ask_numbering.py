"""A document answer over the OpenAI-compatible API reads as ``alcove ask`` shows it (issue 37): streamed or not,
the content is the checked answer, its [n] numbered 1..k as its citations number them, and passage n of ``closest``
is the one [n] names."""

from __future__ import annotations

import re

import httpx

from engine.core import AnswerMode

_MARKER = re.compile(r"\[(\d+(?:, \d+)*)\]")


def _numbers(text: str) -> set[int]:
    return {int(n) for m in _MARKER.finditer(text) for n in m.group(1).split(", ")}


def _chat(url: str, stream: bool) -> tuple[str, dict]:
    body = {"model": "default", "messages": [{"role": "user", "content": "What is the capital of France?"}],
            "max_tokens": 12, "stream": stream, "alcove": {"documents": True}}  # fmt: skip
    if not stream:
        r = httpx.post(f"{url}/chat/completions", json=body, timeout=120).json()
        return r["choices"][0]["message"]["content"], r["alcove"]
    content, ext = "", {}
    with httpx.stream("POST", f"{url}/chat/completions", json=body, timeout=120) as r:
        for line in r.iter_lines():
            if line.startswith("data: {"):
                chunk = httpx.Response(200, content=line[6:]).json()
                for ch in chunk.get("choices") or []:
                    content += (ch.get("delta") or {}).get("content") or ""
                ext = chunk.get("alcove") or ext
    return content, ext


def test_streamed_and_whole_answers_are_the_checked_answer_numbered_as_shown(docs, monkeypatch):
    # the model writes (the tiny one fails the capability check): its raw tokens must not be what the client reads
    monkeypatch.setattr(
        "engine.rag.qa._answer_mode", lambda models, stats, cancel: (AnswerMode.GENERATIVE, stats)
    )
    whole, ext = _chat(docs.url, stream=False)
    streamed, sext = _chat(docs.url, stream=True)
    assert streamed == whole  # the tiny model is greedy: the same checked answer, never its raw tokens
    for text, e in ((whole, ext), (streamed, sext)):
        k = len(e["citations"])
        assert _numbers(text) == set(range(1, k + 1)), text
        assert [c["n"] for c in e["citations"]] == list(range(1, k + 1))
        assert [p["n"] for p in e["closest"]] == list(range(1, len(e["closest"]) + 1))
        for c in e["citations"]:
            assert e["closest"][c["n"] - 1]["path"] == c["path"]
    ask = httpx.post(f"{docs.url}/alcove/ask", json={"question": "What is the capital of France?",
                                                   "max_tokens": 12}, timeout=120).json()  # fmt: skip
    assert ask["answer"] == whole and [c["n"] for c in ask["citations"]] == [c["n"] for c in ext["citations"]]
