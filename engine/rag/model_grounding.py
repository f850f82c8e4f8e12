"""The chat model's own yes/no judgment of an answer sentence: an optional grounding signal (Qwen3-Reranker recipe).

For a claim and the source it cites, the prompt asks whether the document supports the statement; the score is
p("yes") / (p("yes") + p("no")) at the answer position (engine.rag.generative_rerank does the scoring: the claim
is the shared prefix, the cited sources the documents). It is never the default: bench/rag_eval.py --judge-grounding
measures it against the offline checks (engine.rag.grounding) on pairs built from the tuning set, and Alcove uses
it only where it is asked for (``ask(..., grounding="model")``, ``alcove ask --grounding model``).
A sentence is then supported when the offline checks AND the model agree: the model can only take support away
(it cannot vouch for a number or a negation the checks found wrong).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.rag.generative_rerank import GenerativeReranker
from engine.rag.sources import Source
from engine.rag.tuning import GROUNDING_MIN_YES, JUDGE_SOURCE_TOKENS

if TYPE_CHECKING:  # grounding runs this judgment after its own checks (engine.rag.grounding.check_answer)
    from engine.rag.grounding import SentenceSupport

GROUNDING_INSTRUCTION = "Given a statement, judge whether the document supports the statement"
ANSWERS_INSTRUCTION = "Given a question, judge whether the document states the answer to the question"


def judge_for(lm) -> GenerativeReranker:
    """The yes/no judge of a loaded chat model, made once and kept with it."""
    return _kept_judge(lm, "grounding_judge", GROUNDING_INSTRUCTION)


def answers_judge_for(lm) -> GenerativeReranker:
    """The yes/no judge of whether a passage states a question's answer (not only shares its topic), kept with the
    loaded chat model: the answerability signal a capable model may add (bench/real_answers.py --judge measures it;
    docs/EVALUATION.md, "Answers from real documents, third round": not used, it did not separate)."""
    return _kept_judge(lm, "answers_judge", ANSWERS_INSTRUCTION)


def _kept_judge(lm, key: str, instruction: str) -> GenerativeReranker:
    judge = lm.extra.get(key)
    if judge is None:
        judge = lm.extra[key] = GenerativeReranker(
            lm, instruction=instruction, max_passage_tokens=JUDGE_SOURCE_TOKENS
        )
    return judge


def support_scores(judge, claim: str, documents: Sequence[str], cancel=None) -> tuple[float, ...]:
    """p(yes) per document for one claim (empty when cancelled)."""
    scores = judge.score(claim, list(documents), cancel=cancel)
    return () if scores.cancelled else scores.sigmoid


def judge_verdicts(judge, verdicts: Sequence[SentenceSupport], sources: Sequence[Source], cancel=None,
                   min_yes: float = GROUNDING_MIN_YES) -> tuple[SentenceSupport, ...]:  # fmt: skip
    """The offline verdicts with the model's judgment applied to each supported one: the source its evidence
    came from must also convince the model (``reason`` "model" when it does not)."""
    by_n = {s.n: s for s in sources}
    out = []
    for v in verdicts:
        src = by_n.get(v.citation) if v.supported else None
        if src is None:
            out.append(v)
            continue
        got = support_scores(judge, v.text, [src.text], cancel)
        if not got:  # cancelled: the offline verdicts stand
            return tuple(verdicts)
        out.append(v if got[0] >= min_yes else replace(v, supported=False, reason="model"))
    return tuple(out)
