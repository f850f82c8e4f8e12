"""The chat model's yes/no grounding (optional): it scores every supported sentence against its own source and
can only withdraw support, never grant it."""

from __future__ import annotations

import threading

import pytest

from engine.core import AskRequest
from engine.models.loader import load_lm
from engine.rag.grounding import ground
from engine.rag.model_grounding import GROUNDING_INSTRUCTION, judge_for, judge_verdicts, support_scores
from engine.rag.prompt import Source

ZLIB = "zlib is a general purpose data compression library.\nIt was written by Jean-loup Gailly and Mark Adler.\n"
ANSWER = "zlib was written by Jean-loup Gailly and Mark Adler [1]. It was written in Paris by Alice [1]."


def test_the_judge_reads_yes_over_no_for_each_claim(tiny_llama):
    lm = load_lm(str(tiny_llama))
    judge = judge_for(lm)
    assert judge is judge_for(lm) and judge.instruction == GROUNDING_INSTRUCTION
    got = support_scores(judge, "zlib is a compression library.", [ZLIB, "Paris is in France."])
    assert len(got) == 2 and all(0.0 <= p <= 1.0 for p in got)
    stop = threading.Event()
    stop.set()
    assert support_scores(judge, "x", [ZLIB], cancel=stop) == ()


@pytest.mark.parametrize("min_yes", [0.0, 1.01])
def test_the_model_can_only_withdraw_support(tiny_llama, min_yes):
    src = (Source(1, ZLIB, "/docs/zlib.txt", line_start=1, line_end=2),)
    offline = ground(ANSWER, src)
    assert [v.supported for v in offline] == [True, False]
    judged = judge_verdicts(judge_for(load_lm(str(tiny_llama))), offline, src, min_yes=min_yes)
    assert len(judged) == len(offline) and not judged[1].supported  # never granted
    if (
        min_yes > 1
    ):  # nothing convinces it: the supported sentence is withdrawn, marked as the model's verdict
        assert not judged[0].supported and judged[0].reason == "model"
    else:
        assert judged == offline


def test_an_unknown_grounding_is_a_clear_error():
    # the mode is an enum of the typed request: an unknown one fails where the request is built, before any model
    with pytest.raises(ValueError, match="grounding must be one of offline, model"):
        AskRequest("Who wrote zlib?", db="index.sqlite3", grounding="oracle")
