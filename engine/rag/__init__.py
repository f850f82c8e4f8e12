"""Document Q&A: retrieval for answers, reranking, prompts, citations, abstention, follow-ups, whole-document mode."""

from engine.rag.abstain import AbstainPolicy, calibrate, evaluate
from engine.rag.citations import Citation, map_citations
from engine.rag.followup import leans_on_context
from engine.rag.generative_rerank import GenerativeReranker
from engine.rag.pipeline import RagModels, generative_reranker_for, models_from_engine
from engine.rag.prompt import sources_from
from engine.rag.qa import ask, ask_on_engine
from engine.rag.reranking import RerankResult, rerank
from engine.rag.results import AskResult, AskStats, Passage

__all__ = [
    "AbstainPolicy",
    "AskResult",
    "AskStats",
    "Citation",
    "GenerativeReranker",
    "Passage",
    "RagModels",
    "RerankResult",
    "ask",
    "ask_on_engine",
    "calibrate",
    "evaluate",
    "generative_reranker_for",
    "leans_on_context",
    "map_citations",
    "models_from_engine",
    "rerank",
    "sources_from",
]
