"""Generative (yes/no) reranking against transformers, and ``rerank`` over both reranker kinds."""

from __future__ import annotations

import importlib.util
import threading
from pathlib import Path

import pytest

from engine.models.loader import load_lm
from engine.rag.generative_rerank import GenerativeReranker
from engine.rag.reranking import Candidate, rerank
from tests.tiny_models import make_tiny_cross_encoder

QUERY = "what is the capital of France"
PASSAGES = [
    "The capital of France is Paris.",
    "Water boils at one hundred degrees.",
    "def add(a, b):\n    return a + b",
    "Alcove runs language models privately on your Mac. " * 12,  # long: cut at max_passage_tokens
    "The quick brown fox jumps over the lazy dog.",
]


def reference_log_odds(folder: Path, rr: GenerativeReranker, query: str, passages: list[str]) -> list[float]:
    """transformers on PyTorch: one full forward per pair, log-odds of the answer tokens at the last position."""
    torch = pytest.importorskip("torch")
    from transformers import AutoModelForCausalLM

    model = AutoModelForCausalLM.from_pretrained(folder, dtype=torch.float32).eval()
    out = []
    for p in passages:
        prefix, tail, _ = rr.prompt_ids(query, p)
        with torch.no_grad():
            logits = model(torch.tensor([prefix + tail])).logits[0, -1]
        yes = torch.logsumexp(logits[rr.yes_ids], 0)
        no = torch.logsumexp(logits[rr.no_ids], 0)
        out.append(float(yes - no))
    return out


@pytest.mark.parametrize("arch", ["llama", "qwen3", "gemma3"])
def test_generative_scores_match_transformers(tiny_models, arch):
    folder = tiny_models[arch]
    lm = load_lm(str(folder))
    # small batches force several padded mini-batches over the shared prefix
    rr = GenerativeReranker(lm, max_passage_tokens=24, max_batch_size=2)
    scores = rr.score(QUERY, PASSAGES)
    ref = reference_log_odds(folder, rr, QUERY, PASSAGES)
    assert max(abs(a - b) for a, b in zip(scores.raw, ref)) < 1e-4
    assert scores.truncated == tuple(i for i, p in enumerate(PASSAGES) if rr.prompt_ids(QUERY, p)[2])
    assert 3 in scores.truncated and 0 not in scores.truncated
    for raw, sig in zip(scores.raw, scores.sigmoid):
        assert sig == pytest.approx(1 / (1 + 2.718281828459045 ** (-raw)), rel=1e-6)
    # batching and the shared prefix change nothing: one candidate at a time gives the same numbers
    single = GenerativeReranker(lm, max_passage_tokens=24, max_batch_size=1).score(QUERY, PASSAGES)
    assert max(abs(a - b) for a, b in zip(scores.raw, single.raw)) < 1e-4


def test_generative_rerank_cancel_and_empty(tiny_llama):
    rr = GenerativeReranker(load_lm(str(tiny_llama)))
    assert rr.score(QUERY, []).raw == ()
    cancel = threading.Event()
    cancel.set()
    assert rr.score(QUERY, PASSAGES, cancel=cancel).cancelled
    res = rerank(QUERY, PASSAGES, reranker=rr, cancel=cancel)
    assert res.cancelled and [it.old_rank for it in res.items] == [1, 2, 3, 4, 5]


def test_rerank_orders_by_score_and_keeps_sources(tiny_llama):
    lm = load_lm(str(tiny_llama))
    cands = [
        Candidate(
            p, path=f"/docs/{i}.txt", line_start=i + 1, line_end=i + 2, chunk_id=100 + i, score=1.0 / (i + 1)
        )
        for i, p in enumerate(PASSAGES)
    ]
    res = rerank(QUERY, cands, reranker=lm)  # a LoadedLM is wrapped in a GenerativeReranker
    assert res.kind == "generative" and res.model == lm.info.name
    raw = GenerativeReranker(lm).score(QUERY, PASSAGES).raw
    expected = sorted(range(len(PASSAGES)), key=lambda i: (-raw[i], i))
    assert [it.old_rank - 1 for it in res.items] == expected
    assert [it.new_rank for it in res.items] == [1, 2, 3, 4, 5]
    for it in res.items:
        c = cands[it.old_rank - 1]
        assert (it.path, it.line_start, it.chunk_id, it.retrieval_score, it.text) == (
            c.path, c.line_start, c.chunk_id, c.score, c.text)  # fmt: skip
    assert [it.score for it in res.items] == sorted((it.score for it in res.items), reverse=True)
    top2 = rerank(QUERY, [{"text": p} for p in PASSAGES], reranker=lm, top_k=2)
    assert [it.text for it in top2.items] == [it.text for it in res.items[:2]]


def test_rerank_rejects_candidates_without_text(tiny_llama):
    from engine.core.errors import AlcoveError

    with pytest.raises(AlcoveError, match="text"):
        rerank(QUERY, [{"path": "x"}], reranker=load_lm(str(tiny_llama)))


@pytest.fixture(scope="module")
def tiny_cross_encoder(tmp_path_factory):
    pytest.importorskip("torch")
    if importlib.util.find_spec("engine.encoders.cross_encoder") is None:
        pytest.skip("engine.encoders.cross_encoder is not there yet")
    return make_tiny_cross_encoder(tmp_path_factory.mktemp("tiny-ce"), QUERY, PASSAGES)


def test_rerank_with_a_cross_encoder_follows_transformers(tiny_cross_encoder):
    from engine.encoders.cross_encoder import load_cross_encoder

    folder, ref = tiny_cross_encoder
    res = rerank(QUERY, PASSAGES, reranker=load_cross_encoder(folder))
    assert res.kind == "cross-encoder"
    assert [it.old_rank - 1 for it in res.items] == sorted(range(len(ref)), key=lambda i: -ref[i])
    assert [it.raw_score for it in res.items] == pytest.approx(sorted(ref, reverse=True), abs=1e-4)


def test_default_model_reranks_fast_and_batched_equals_single():
    """The real SmolLM2-135M: batched scores over the shared prefix equal one-at-a-time ones."""
    from engine.models.builtin import default_chat_model_path

    lm = load_lm(str(default_chat_model_path()))
    rr = GenerativeReranker(lm, max_batch_size=8)
    passages = PASSAGES[:3]
    batched = rr.score(QUERY, passages)
    single = GenerativeReranker(lm, max_batch_size=1).score(QUERY, passages)
    assert lm.extra["fast_head"] is True  # only the answer position is projected onto the vocabulary
    assert max(abs(a - b) for a, b in zip(batched.raw, single.raw)) < 2e-3
    assert all(0.0 < s < 1.0 for s in batched.sigmoid)
