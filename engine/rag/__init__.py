"""Document Q&A, a pipeline read top to bottom in engine.rag.qa (``ask``):

question (followup) -> retrieve -> rerank (reranking) -> gate (sentence_bounds, abstain) -> sources -> answer
(extractive | generative) -> grounding -> result (results); whole-document mode (whole) for aggregate questions.
The models it uses: models; every tuned constant: tuning. Beside the pipeline: the capability check (capability),
citations, the loop guard (loopguard), the prompt (prompt), the chat model's yes/no judgment (model_grounding,
generative_rerank), how a quoted sentence is shown (shown_span; a definition's term: terms), file lines
(source_lines).
"""

from engine.rag.abstain import AbstainPolicy, calibrate, evaluate
from engine.rag.answer_check import checked_text, model_check
from engine.rag.capability import Capability, check_capability
from engine.rag.citations import Citation, map_citations, quote_lines, segments
from engine.rag.extractive import (
    EXTRACTIVE_INTRO,
    ExtractiveAnswer,
    extract_answer,
    score_parts,
    score_spans,
)
from engine.rag.followup import leans_on_context
from engine.rag.generative_rerank import GenerativeReranker
from engine.rag.grounding import UNSUPPORTED_MARK, SentenceSupport, ground, split_spans
from engine.rag.loopguard import LoopGuard
from engine.rag.model_grounding import answers_judge_for, judge_for, judge_verdicts, support_scores
from engine.rag.models import Deferred, RagModels, Reranker, generative_reranker_for
from engine.rag.not_answers import form_texts
from engine.rag.numbering import numbering_gaps
from engine.rag.qa import ask
from engine.rag.reranking import RerankedItem, RerankResult, rerank, rerank_steps
from engine.rag.results import MODEL_LABEL, AskResult, AskStats, Passage
from engine.rag.shown_span import shown_span
from engine.rag.sources import Source, sources_from
from engine.rag.tuning import GROUNDING_MIN_YES

__all__ = [
    "numbering_gaps",
    "rerank_steps",
    "segments",
    "EXTRACTIVE_INTRO",
    "GROUNDING_MIN_YES",
    "MODEL_LABEL",
    "UNSUPPORTED_MARK",
    "AbstainPolicy",
    "AskResult",
    "AskStats",
    "Capability",
    "Citation",
    "Deferred",
    "ExtractiveAnswer",
    "GenerativeReranker",
    "LoopGuard",
    "Passage",
    "RagModels",
    "RerankResult",
    "RerankedItem",
    "Reranker",
    "SentenceSupport",
    "Source",
    "ask",
    "calibrate",
    "check_capability",
    "evaluate",
    "extract_answer",
    "generative_reranker_for",
    "ground",
    "judge_for",
    "answers_judge_for",
    "checked_text",
    "model_check",
    "judge_verdicts",
    "leans_on_context",
    "map_citations",
    "quote_lines",
    "rerank",
    "form_texts",
    "score_parts",
    "score_spans",
    "shown_span",
    "sources_from",
    "split_spans",
    "support_scores",
]
