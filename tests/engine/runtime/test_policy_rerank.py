"""Who reranks a document answer: a chat model never does it unasked (issue 36 item 6)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.core import AnswerMode, RerankPolicy
from engine.runtime import policy


@dataclass(frozen=True)
class Info:
    parameters: int
    name: str = "Qwen2.5-Coder-1.5B-Instruct"


@pytest.mark.parametrize("params", [135_000_000, 494_000_000, 1_540_000_000, 8_000_000_000, 70_000_000_000])
def test_auto_never_makes_a_plain_chat_model_the_reranker_whatever_its_size(params):
    assert not policy.chat_reranks(RerankPolicy.AUTO, Info(params))


def test_a_reranker_chosen_as_the_chat_model_still_reranks_under_auto():
    assert policy.chat_reranks(RerankPolicy.AUTO, Info(600_000_000, "Qwen3-Reranker-0.6B"))
    assert policy.chat_reranks(RerankPolicy.AUTO, Info(135_000_000, "tiny-reranker"))


def test_generative_reranking_is_there_when_asked_for():
    assert policy.chat_reranks(RerankPolicy.GENERATIVE, Info(135_000_000))
    assert policy.chat_reranks(RerankPolicy.GENERATIVE, Info(1_540_000_000))
    assert not policy.chat_reranks(RerankPolicy.GENERATIVE, None)
    assert not policy.chat_reranks(RerankPolicy.NONE, Info(8_000_000_000, "big-reranker"))


def test_an_extractive_answer_never_loads_the_chat_model_to_rerank():
    assert not policy.loads_chat_to_rerank(RerankPolicy.AUTO, AnswerMode.EXTRACTIVE)
    assert not policy.loads_chat_to_rerank(RerankPolicy.NONE, AnswerMode.AUTO)
    assert policy.loads_chat_to_rerank(RerankPolicy.GENERATIVE, AnswerMode.AUTO)
