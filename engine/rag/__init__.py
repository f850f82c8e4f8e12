"""Document Q&A: retrieval for answers, reranking, prompts, citations, grounding, extractive answers, the loop guard,
abstention, follow-ups, whole-document mode."""

from engine.rag.abstain import AbstainPolicy, calibrate, evaluate
from engine.rag.capability import Capability, check_capability
from engine.rag.citations import Citation, map_citations, quote_lines
from engine.rag.extractive import (
    EXTRACTIVE_INTRO,
    ExtractiveAnswer,
    extract_answer,
    form_texts,
    score_parts,
    score_spans,
)
from engine.rag.followup import leans_on_context
from engine.rag.generative_rerank import GenerativeReranker
from engine.rag.grounding import SentenceSupport, ground, split_spans
from engine.rag.loopguard import LoopGuard
from engine.rag.model_grounding import GROUNDING_MIN_YES, judge_for, judge_verdicts, support_scores
from engine.rag.pipeline import (
    MODEL_LABEL,
    UNSUPPORTED_MARK,
    Deferred,
    RagModels,
    generative_reranker_for,
)
from engine.rag.prompt import sources_from
from engine.rag.qa import ask, ask_request
from engine.rag.reranking import RerankedItem, RerankResult, rerank
from engine.rag.results import AskResult, AskStats, Passage
from engine.rag.shown_span import shown_span

__all__ = [
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
    "SentenceSupport",
    "ask",
    "ask_request",
    "calibrate",
    "check_capability",
    "evaluate",
    "extract_answer",
    "generative_reranker_for",
    "ground",
    "judge_for",
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
