"""The chat model's check of an answer (issue 37): where it runs, its verdict on the quoted sentences decides whether
the answer is hedged, at the model's measured line; an extractive request never loads the chat model for it."""

from __future__ import annotations

import math
import threading

import mlx.core as mx
import pytest

from engine.core import AnswerCheck, AskRequest
from engine.models.loader import load_lm
from engine.rag import answer_check
from engine.rag.answer_check import (
    CHECK_PROMPT,
    MAX_QUESTION_CHARS,
    UNMEASURED_LINE,
    check_line,
    check_prompt_ids,
    checked_text,
    measured_line,
    model_check,
)
from engine.rag.generative_rerank import answer_ids
from engine.rag.models import Deferred, RagModels
from engine.rag.qa import ask
from engine.rag.results import AskResult, AskStats
from engine.rag.tuning import MODEL_CHECK_TOKENS
from tests.engine.rag.indexed import R_NOTES, indexed_folder

QUESTION = "How do I save a data frame as a comma-separated file?"
ANSWER = (
    "From your documents:\n\n- Use write.csv() to save a data frame as a comma-separated file. [1]\n"
    "- The function saveRDS() saves a single R object to a file. [2]"
)


@pytest.fixture(scope="module")
def lm(tiny_llama):
    return load_lm(str(tiny_llama))


@pytest.fixture(scope="module")
def embedder():
    from engine.encoders import default_embedder_path, load_embedder

    return load_embedder(default_embedder_path())


@pytest.fixture(scope="module")
def notes(tmp_path_factory, embedder):
    return indexed_folder(tmp_path_factory.mktemp("checknotes"), R_NOTES, embedder)


def test_the_model_reads_the_quoted_sentences_without_markers_or_introduction():
    assert checked_text(ANSWER) == (
        "- Use write.csv() to save a data frame as a comma-separated file.\n"
        "- The function saveRDS() saves a single R object to a file."
    )
    assert checked_text("- one sentence [3]") == "- one sentence"


def test_the_verdict_is_yes_over_no_at_the_answer_position(lm):
    text = checked_text(ANSWER)
    got = model_check(lm, QUESTION, text)
    # the same log-odds from the full forward pass (the check projects only the last position)
    ids = check_prompt_ids(lm, QUESTION, text)
    logits = lm.model(mx.array(ids)[None])[0, -1].astype(mx.float32)
    yes, no = answer_ids(lm.tokenizer, ("Yes", "yes", " Yes")), answer_ids(lm.tokenizer, ("No", "no", " No"))
    want = (mx.logsumexp(logits[mx.array(yes)]) - mx.logsumexp(logits[mx.array(no)])).item()
    assert got is not None and math.isfinite(got) and got == pytest.approx(want, abs=1e-3)
    # a list of sentences reads as the bullets of an answer
    assert model_check(lm, QUESTION, text.replace("- ", "").split("\n")) == pytest.approx(got, abs=1e-4)
    stop = threading.Event()
    stop.set()
    assert model_check(lm, QUESTION, text, cancel=stop) is None and model_check(lm, QUESTION, "  ") is None


def test_a_long_answer_is_cut_to_the_checks_token_budget(lm):
    words = " ".join(f"word{i}" for i in range(3 * MODEL_CHECK_TOKENS))
    ids = check_prompt_ids(lm, QUESTION, words)
    frame = check_prompt_ids(lm, QUESTION, "")
    assert len(frame) < len(ids) <= len(frame) + MODEL_CHECK_TOKENS + 2
    assert CHECK_PROMPT.split("{text}")[0].strip()[:20] in lm.tokenizer.decode(ids)
    # a hostile question of a million words is read to its first MAX_QUESTION_CHARS characters
    huge = check_prompt_ids(lm, "why " * 1_000_000, "text")
    assert len(huge) <= len(check_prompt_ids(lm, "", "text")) + MAX_QUESTION_CHARS + 1


def test_the_line_is_the_models_measured_one_or_even_odds_when_asked(lm, monkeypatch):
    assert measured_line(lm) is None
    assert check_line(AnswerCheck.WORDS, lm) is None and check_line(AnswerCheck.AUTO, lm) is None
    assert check_line(AnswerCheck.MODEL, lm) == UNMEASURED_LINE
    # a model never measured that passed the capability check (it writes the answers) checks at even odds
    assert check_line(AnswerCheck.AUTO, lm, capable=True) == UNMEASURED_LINE
    assert check_line(AnswerCheck.AUTO, lm, capable=False) is None
    assert check_line(AnswerCheck.WORDS, lm, capable=True) is None
    monkeypatch.setitem(answer_check.MEASURED_CHECKS, lm.info.name.lower()[:6], 0.7)
    assert measured_line(lm) == 0.7 and check_line(AnswerCheck.AUTO, lm) == 0.7
    assert check_line(AnswerCheck.MODEL, lm) == 0.7 and check_line(AnswerCheck.WORDS, lm) is None
    assert check_line(AnswerCheck.AUTO, lm, capable=True) == 0.7  # the measured line first


def test_the_verdict_replaces_the_words_and_reads_an_absent_word_too():
    words_hedge = AskStats(coverage=0.1, best_sentence_cosine=0.2)
    assert words_hedge.hedged
    from dataclasses import replace

    assert not replace(words_hedge, model_check=1.0, model_check_line=0.5).hedged
    assert replace(
        AskStats(coverage=1.0, best_sentence_cosine=0.9), model_check=0.1, model_check_line=0.5
    ).hedged
    # a word no document holds ("redone" beside "repeat the blood test") is the model's to read with the rest
    assert not replace(AskStats(absent_terms=("redone",)), model_check=0.8, model_check_line=0.45).hedged
    assert replace(AskStats(absent_terms=("parquet",)), model_check=-1.5, model_check_line=0.45).hedged
    assert AskStats(absent_terms=("parquet",)).hedged  # without the check the absent word hedges
    assert not replace(
        AskStats(coverage=1.0, best_sentence_cosine=0.9), model_check=0.1
    ).hedged  # no line: words


def _ask(db, models, **kw) -> AskResult:
    req = AskRequest(QUESTION, db=str(db), rewrite=False, **kw)
    events = list(ask(models, req, threading.Event()))
    return events[-1]


@pytest.mark.parametrize("line", [-1e9, 1e9])
def test_the_models_verdict_decides_the_hedge(notes, embedder, lm, line, monkeypatch):
    monkeypatch.setitem(answer_check.MEASURED_CHECKS, lm.info.name.lower(), line)
    models = RagModels(lm, embedder, None, None)
    words = _ask(notes, models, answer="extractive", check="words")
    assert words.stats.model_check is None and not words.hedged  # the words: write.csv() answers it
    res = _ask(notes, models, answer="extractive", check="model")
    assert not res.abstained and "write.csv()" in res.answer
    assert res.stats.model_check is not None and res.stats.model_check_line == line and res.stats.check_s > 0
    assert res.hedged is (line > 0)
    intro = "Your documents may not answer this directly." if line > 0 else "From your documents:"
    assert res.answer.startswith(intro)
    assert res.to_json()["stats"]["model_check"] == res.stats.model_check


def test_an_extractive_request_never_loads_the_chat_model_to_check(notes, embedder):
    def refuse():
        raise AssertionError("the chat model was loaded")

    models = RagModels(Deferred(refuse), embedder, None, None)
    res = _ask(notes, models, answer="extractive")  # check AUTO: the words decide
    assert not res.abstained and res.stats.model_check is None
    with pytest.raises(AssertionError, match="was loaded"):
        _ask(notes, models, answer="extractive", check="model")


def test_a_failed_check_leaves_the_words_to_decide(notes, embedder, lm, monkeypatch):
    def broken(*a, **k):
        raise RuntimeError("[metal::malloc] out of memory")

    monkeypatch.setattr("engine.rag.qa.model_check", broken)
    res = _ask(notes, RagModels(lm, embedder, None, None), answer="extractive", check="model")
    assert not res.abstained and res.stats.model_check is None and not res.hedged


def test_an_unknown_check_is_a_clear_error():
    with pytest.raises(ValueError, match="check must be one of auto, words, model"):
        AskRequest("q", db="i.sqlite3", check="oracle")


def test_a_capable_model_never_measured_checks_its_answers_at_even_odds(notes, embedder, lm, monkeypatch):
    from engine.generation.prompt_cache import PromptCacheStore
    from engine.rag import qa
    from engine.rag.capability import Capability

    models = RagModels(lm, embedder, None, PromptCacheStore(1 << 30))
    monkeypatch.setattr(qa, "check_capability", lambda *_a, **_k: Capability(False, 0, 2, ("", "")))
    weak = _ask(notes, models, answer="auto")  # the words decide: the model is not asked
    assert weak.stats.capable is False and weak.stats.model_check is None and weak.answer_kind == "extractive"
    monkeypatch.setattr(qa, "check_capability", lambda *_a, **_k: Capability(True, 2, 2, ("", "")))
    res = _ask(notes, models, answer="auto", max_tokens=4)
    assert res.stats.capable is True and res.stats.model_check_line == UNMEASURED_LINE
    assert res.stats.model_check is not None and res.stats.check_s > 0
    assert res.stats.hedged is (res.stats.model_check < UNMEASURED_LINE)
