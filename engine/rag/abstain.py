"""Stage 3 of an ask, the gate (``judge_passages``): do the ranked passages answer the question, or does Alcove
decline? A calibrated threshold on the best evidence, the terms the question names, and how much of it they hold.

Two evidence signals are available for every question:
- ``rerank``: the best reranked score (sigmoid of the reranker's logit / yes-no log-odds) among the top k;
- ``cosine``: the best cosine similarity between the query and any chunk (the embedder's vector search).
A policy names one signal and a threshold; below it Alcove answers that the documents do not contain the answer
and shows the closest passages. Thresholds are calibrated on the labelled evaluation set (answerable questions from
eval/queries.jsonl, unanswerable ones from eval/unanswerable.jsonl) by ``calibrate``: the threshold that maximises
balanced accuracy (mean of answerable-kept and unanswerable-abstained rates), placed midway between the two
neighbouring scores. bench/rag_eval.py recomputes the figures in ``CALIBRATED_COSINE`` (docs/TUNING.md).

A question can also name what the documents never mention: an identifier (snake_case, a dotted path, a word with
a digit), an option (``--track-origins``), a call (``slow_callback()``), an environment variable in capitals, a
CamelCase name (``NetworkManager``). When such a term occurs in none of the retrieved passages (their text or file
path; the hybrid search's keyword half brings any chunk holding it), the documents cannot answer a question about
it, however close the passages' wording: ``missing_terms`` names them and Alcove says so.

A question can also be near the documents' topics and still not answered by them ("How long does gpg-agent remember
my passphrase?" over docs that describe gpg-agent but never its cache time). ``evidence_coverage`` measures how
much of the question the best-covering source holds, each word weighted by its rarity in the index; below
COVERAGE_HEDGE the answer is still given, introduced as possibly not answering the question (``AskResult.hedged``).
Below the cosine line, the answer is shown hedged rather than declined when the line is near (SOFT_DECLINE_MARGIN),
or when a table row of the best passages, read under its header, is as close to the question
as the line asks, or a sentence of them is (``best_piece_cosine``: a passage embeds many rows, sentences or turns of a
conversation at once, far from a question about one). However it was answered, the answer is hedged when no sentence
or row of its first passages is as close to the question as SENTENCE_HEDGE: they share its topic, and none of their
sentences says what it asks.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from engine.index import IndexStore, file_type_for, query_identifiers, query_terms, term_pattern
from engine.rag.grounding import content_words, source_segments
from engine.rag.shown_span import leans_back
from engine.rag.sources import sources_from
from engine.rag.table_rows import table_rows
from engine.rag.tuning import (
    COSINE_THRESHOLD,
    COVERAGE_HEDGE,
    MAX_GATE_PASSAGES,
    MAX_GATE_ROWS,
    MAX_GATE_SENTENCES,
    MAX_PARAPHRASE_WORDS,
    MIN_GATE_SENTENCE_WORDS,
    MINILM_COSINE_THRESHOLD,
    PARAPHRASE_WORD_COSINE,
    RERANK_THRESHOLD,
    SENTENCE_HEDGE,
    SOFT_DECLINE_MARGIN,
)

if TYPE_CHECKING:  # results imports this module (ABSTAIN_TEXT, hedges)
    from engine.rag.results import AskStats

ABSTAIN_TEXT = "The documents do not contain an answer to this question."
_TERM = re.compile(r"(?<![\w.:\-])(?:--[A-Za-z][\w\-]*|\w+(?:(?:[-.]|::)\w+)*)(?:\(\))?")
_CAPITALS = re.compile(r"[A-Z][A-Z0-9]{4,}")  # PYTHONTZPATH (not RGB, TIFF: acronyms the docs may spell out)
_CAMEL = re.compile(r"[A-Za-z]*[a-z][A-Z]\w*")  # NetworkManager, ZoneInfoNotFoundError, PyTorch
_SPACING = re.compile(r"[\s\-]+")
_PASSAGE_WORD = re.compile(r"[A-Za-z]{3,}")
_WORD = re.compile(r"[^\W\d_]{4,}")
# a name of letters and digits, a letter first: "lz4", "h265", "ext4" (not "2pm", "10kg", nor "a4")
_LETTERS_DIGITS = re.compile(r"[a-z][a-z0-9]*[0-9][a-z0-9]*(?<=\w{3})")


@dataclass(frozen=True)
class AbstainPolicy:
    signal: str  # "rerank" | "cosine" | "none"
    threshold: float
    note: str = ""


@dataclass(frozen=True)
class Evidence:
    rerank: float | None  # best reranked sigmoid score in the top k (None: no reranker ran)
    cosine: float | None  # best query-chunk cosine similarity (None: no vector search ran)

    def value(self, signal: str) -> float | None:
        return {"rerank": self.rerank, "cosine": self.cosine}.get(signal)


@dataclass(frozen=True)
class AbstainDecision:
    abstain: bool
    signal: str
    value: float | None
    threshold: float


@dataclass(frozen=True)
class Gate:
    """The gate's verdict: ``declined`` is what Alcove says instead of an answer ("" when it answers)."""

    declined: str
    stats: AskStats


def judge_passages(question: str, query: str, hits: Sequence[Any], top: Sequence[Any], store: IndexStore,
                   embedder_name: str | None, policy: AbstainPolicy | None, stats: AskStats,
                   common: Callable[[str], bool] | None = None, embedder: Any = None) -> Gate:  # fmt: skip
    """Decline when the evidence is below the policy's threshold (``policy``: None, the calibrated one for these
    models), when a term the question names is in none of ``hits``, or when nothing was found; otherwise measure
    how much of the standalone ``query`` the best of ``top`` holds (``stats.coverage``, which hedges a weak answer)
    and which of its rare words no indexed passage holds (``stats.absent_terms``, which hedge it too; ``common``:
    whether a word is a common one, ``common_words``; None: not judged; a word ``paraphrased`` by a word of ``top``
    is not absent)."""
    cosine = max((h.vector_score for h in hits if getattr(h, "vector_score", None) is not None), default=None)
    rerank_best = max((it.score for it in top), default=None) if stats.reranker else None
    pol = policy or policy_for(stats.reranker_kind or None, stats.reranker or None, embedder_name)
    verdict = decide(Evidence(rerank_best, cosine), pol)
    stats = replace(
        stats, evidence_signal=verdict.signal, evidence=verdict.value, threshold=verdict.threshold
    )
    total, frequencies = store.chunk_frequencies(coverage_terms(query)) if top else (0, {})
    coverage = evidence_coverage(query, top, total, frequencies) if top else 0.0
    # below the cosine line: declined, unless the cosine is near the line (then answered, hedged)
    below = (
        bool(top)
        and verdict.abstain
        and verdict.signal == "cosine"
        and verdict.value is not None
        and verdict.value >= verdict.threshold - SOFT_DECLINE_MARGIN
    )
    piece = None
    if verdict.abstain and not below and verdict.signal == "cosine" and verdict.value is not None:
        # a passage embeds many sentences, table rows or turns of a conversation at once, far from a question about
        # one of them; its best sentence, or its best row read under its header, as close to the question as the
        # line asks of a passage: answered (hedged unless that piece is as close as SENTENCE_HEDGE)
        piece = best_piece_cosine(query, top, embedder)
        below = piece >= verdict.threshold
    if verdict.abstain and not below:
        return Gate(ABSTAIN_TEXT, stats)
    missing = missing_terms(question, hits) if pol.signal != "none" else ()
    if missing or not top:  # a term the question names that no passage holds is named in the reply
        return Gate(
            not_mentioned_text(missing) if missing else ABSTAIN_TEXT, replace(stats, missing_terms=missing)
        )
    absent = absent_terms(frequencies, common) if common is not None else ()
    if absent:
        near = paraphrased(absent, top, embedder, embedder_name)
        absent = tuple(t for t in absent if t not in near)
    if piece is None and embedder is not None:
        piece = best_piece_cosine(query, top, embedder)
    return Gate("", replace(stats, coverage=coverage, absent_terms=absent, below_line=below,
                            best_sentence_cosine=piece if piece is not None and piece >= 0 else None))  # fmt: skip


def absent_terms(frequencies: dict[str, int], common: Callable[[str], bool]) -> tuple[str, ...]:
    """The question's words (``frequencies``: how many indexed chunks hold each, as keyword search stems it) that no
    chunk of the index holds and that are no common word (``common``, nor with an ending taken off: "queued",
    "freezer" are common): "parquet", "journald". A question that needs such a word is not answered by the
    documents, however close their passages; but a user's own word for what the documents call otherwise may be
    one too, so the answer is hedged, not declined. Words of four letters or more: an acronym of three ("CSV",
    "XFS") the documents may spell out; and names of letters and digits, a letter first ("lz4", "h265", "ext4"),
    which nothing spells out."""
    return tuple(
        t
        for t, n in frequencies.items()
        if n == 0
        and (_WORD.fullmatch(t) or _LETTERS_DIGITS.fullmatch(t))
        and not any(common(f) for f in _word_forms(t))
    )


def paraphrased(
    terms: Sequence[str], passages: Sequence[Any], embedder: Any, embedder_name: str | None
) -> set[str]:
    """The ``terms`` (words no chunk holds) that a word of ``passages`` is close to by the embedder (cosine at least
    PARAPHRASE_WORD_COSINE for this embedder): the user's own word for what the passages say ("unpack" beside
    "unzip", "refresh" beside "update"), not a thing the documents lack ("brotli", "retry" beside "failed"). Empty
    without an embedder, or for one without a measured line."""
    line = PARAPHRASE_WORD_COSINE.get(embedder_name or "")
    if not terms or line is None or embedder is None:
        return set()
    words = sorted({w.lower() for p in passages for w in _PASSAGE_WORD.findall(p.text)} - set(terms))
    if not words:
        return set()
    vectors = np.asarray(
        embedder.embed(list(terms) + words[:MAX_PARAPHRASE_WORDS], kind="document").vectors, np.float32
    )
    best = (vectors[: len(terms)] @ vectors[len(terms) :].T).max(axis=1)
    return {t for t, b in zip(terms, best, strict=True) if b >= line}


def _word_forms(word: str) -> set[str]:
    """``word`` and the words it may be an inflection of: "queued" -> "queue", "freezer" -> "freeze"."""
    forms = {word}
    for ending in ("s", "es", "ed", "d", "ing", "er", "r", "ers", "ly"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            forms |= {word[: -len(ending)], word[: -len(ending)] + "e"}
    return forms


def common_words(embedder: Any) -> Callable[[str], bool] | None:
    """Whether a word is a common one, by the embedder's own vocabulary: a word its tokenizer holds whole (a
    WordPiece or BPE vocabulary keeps the frequent words of the text it was made from, and splits the rare ones into
    pieces). None without an embedder's tokenizer."""
    tok = getattr(embedder, "tokenizer", None)
    if tok is None or not hasattr(tok, "token_to_id"):
        return None

    def common(word: str) -> bool:
        return any(tok.token_to_id(f) is not None for f in (word, "\u0120" + word, "\u2581" + word))

    return common


@dataclass(frozen=True)
class Calibration:
    threshold: float
    balanced_accuracy: float
    answerable_kept: float  # share of answerable questions that would be answered
    unanswerable_abstained: float  # share of unanswerable questions that would be declined
    n_answerable: int
    n_unanswerable: int


# (embedder name) -> cosine policy; (reranker kind, model name) -> rerank policy. See bench/rag_eval.py.
CALIBRATED_COSINE: dict[str, AbstainPolicy] = {
    "all-MiniLM-L6-v2": AbstainPolicy(
        "cosine", MINILM_COSINE_THRESHOLD, "calibrated on eval/ (see bench/rag_eval.py)"
    ),
}
CALIBRATED_RERANK: dict[tuple[str, str], AbstainPolicy] = {}
DEFAULT_RERANK = AbstainPolicy("rerank", RERANK_THRESHOLD, "uncalibrated default")
DEFAULT_COSINE = AbstainPolicy("cosine", COSINE_THRESHOLD, "uncalibrated default")


def policy_for(
    reranker_kind: str | None, reranker_name: str | None, embedder_name: str | None
) -> AbstainPolicy:
    """The calibrated policy for these models: a calibrated reranker first, then a calibrated embedder, then the
    reranker's uncalibrated boundary (or the cosine default when nothing reranked)."""
    if reranker_kind and (reranker_kind, reranker_name or "") in CALIBRATED_RERANK:
        return CALIBRATED_RERANK[(reranker_kind, reranker_name or "")]
    if embedder_name:
        for key, pol in CALIBRATED_COSINE.items():
            if key in embedder_name:
                return pol
    if reranker_kind:
        return DEFAULT_RERANK
    return DEFAULT_COSINE


def decide(evidence: Evidence, policy: AbstainPolicy) -> AbstainDecision:
    if policy.signal == "none":
        return AbstainDecision(False, "none", None, policy.threshold)
    value = evidence.value(policy.signal)
    if value is None:  # the signal is missing (e.g. keyword-only search): fall back to the other one
        other = "cosine" if policy.signal == "rerank" else "rerank"
        value = evidence.value(other)
        if value is None:
            return AbstainDecision(False, policy.signal, None, policy.threshold)
        return AbstainDecision(value < DEFAULT_RERANK.threshold if other == "rerank" else value < DEFAULT_COSINE.threshold, other,
                               value, policy.threshold)  # fmt: skip
    return AbstainDecision(value < policy.threshold, policy.signal, value, policy.threshold)


def calibrate(answerable: Sequence[float], unanswerable: Sequence[float]) -> Calibration:
    """The threshold (answer when score >= threshold) maximising balanced accuracy on the two labelled sets."""
    pos, neg = sorted(answerable), sorted(unanswerable)
    if not pos or not neg:
        raise ValueError("calibration needs answerable and unanswerable examples")
    values = sorted(set(pos) | set(neg))
    cuts = [values[0] - 1e-6] + [(a + b) / 2 for a, b in zip(values, values[1:])] + [values[-1] + 1e-6]
    best = None
    for t in cuts:
        kept = sum(1 for v in pos if v >= t) / len(pos)
        declined = sum(1 for v in neg if v < t) / len(neg)
        bal = (kept + declined) / 2
        if best is None or bal > best.balanced_accuracy + 1e-12:
            best = Calibration(t, bal, kept, declined, len(pos), len(neg))
    return best


def evaluate(threshold: float, answerable: Sequence[float], unanswerable: Sequence[float]) -> Calibration:
    kept = sum(1 for v in answerable if v >= threshold) / max(1, len(answerable))
    declined = sum(1 for v in unanswerable if v < threshold) / max(1, len(unanswerable))
    return Calibration(threshold, (kept + declined) / 2, kept, declined, len(answerable), len(unanswerable))


def named_terms(question: str) -> list[str]:
    """The terms of ``question`` that name one exact thing (see the module docstring), lower-cased, in order."""
    out = []
    for m in _TERM.finditer(question):
        term = m.group(0)
        core = term[:-2] if term.endswith("()") else term
        if (
            query_identifiers(core)
            or (core.startswith("--") and len(core) >= 5)
            or _CAPITALS.fullmatch(core)
            or _CAMEL.fullmatch(core)
            or (term.endswith("()") and len(core) >= 3)
        ):
            out.append(core.lower())
    return list(dict.fromkeys(out))


def name_forms(term: str) -> list[str]:
    """How a named term may be written where it is used: as given, and a dotted name by its last part too when that
    is four characters or more (``asyncio.timeout_at`` as ``timeout_at``; ``importlib.resources.abc`` not as
    ``abc``), unless the name is a file's, whose last part is its type (``pylock.toml`` not as ``toml``)."""
    last = term.rsplit(".", 1)[-1]
    if last == term or len(last) < 4 or file_type_for(Path(term)) is not None:
        return [term]
    return [term, last]


def missing_terms(question: str, hits: Sequence) -> tuple[str, ...]:
    """The named terms of ``question`` found in none of ``hits`` (their text or path, case-insensitively). A dotted
    name is found by its last part too (``asyncio.timeout_at`` by ``timeout_at``) and as a module's path
    (``importlib.resources.abc`` in .../importlib/resources/abc.py), a CamelCase name also when the passage writes
    it apart (``NetworkManager`` in "Network Manager")."""
    terms = named_terms(question)
    if not terms:
        return ()
    seen = [f"{h.text}\n{h.path}".lower() for h in hits]

    def found(term: str) -> bool:
        forms = name_forms(term)
        if "." in term:
            forms.append(term.replace(".", "/"))
        if any(f in text for text in seen for f in forms):
            return True
        # a CamelCase name may be written apart in prose ("Network Manager", "network-manager"); identifiers with
        # separators are matched as written
        return term.isalnum() and any(term in _SPACING.sub("", text) for text in seen)

    return tuple(t for t in terms if not found(t))


def not_mentioned_text(terms: Sequence[str]) -> str:
    """What Alcove says instead of an answer when the question names ``terms`` no document searched mentions."""
    return (
        f"None of the documents searched mentions {quoted_names(terms)}, so they do not answer this question."
    )


def quoted_names(terms: Sequence[str]) -> str:
    """“a”, “b” or “c”."""
    quoted = [f"“{t}”" for t in terms]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def hedges(coverage: float | None, absent: Sequence[str] = (), below_line: bool = False,
           best_sentence: float | None = None) -> bool:  # fmt: skip
    """Whether an answer with this ``stats.coverage`` (None: not measured), these ``stats.absent_terms``, this
    ``stats.best_sentence_cosine`` (``best_piece_cosine``; None: not measured) and ``stats.below_line`` (answered
    below the cosine line) is introduced as possibly not answering: low coverage, an absent word, or no sentence of
    the sources as close to the question as SENTENCE_HEDGE (without that measure: answered below the line)."""
    if absent or (coverage is not None and coverage < COVERAGE_HEDGE):
        return True
    return below_line if best_sentence is None else best_sentence < SENTENCE_HEDGE


def named_columns(question: str, row: str) -> str | None:
    """A row read under its header ("Pupil: Lily-Rose Carver; Day: Tuesday; ...; Working towards: Prep Test")
    narrowed to its first cell and the cells whose column ``question`` names ("What is Lily-Rose working
    towards?": "Pupil: Lily-Rose Carver; Working towards: Prep Test"); None where it names no column but the first
    or every one. A wide row embeds all its cells at once, far from a question about one of them."""
    cells = row.split("; ")
    if len(cells) < 3:
        return None
    want = content_words(question)
    named = [c for c in cells[1:] if ": " in c and content_words(c.split(": ", 1)[0]) & want]
    if not named or len(named) == len(cells) - 1:
        return None
    return "; ".join([cells[0], *named])


def best_piece_cosine(query: str, top: Sequence[Any], embedder: Any) -> float:
    """The best cosine between ``query`` and a piece of the first MAX_GATE_PASSAGES passages: a table row read under
    its header ("Name: Colin Thwaite; Chip time: 00:39:52; ..."; engine.rag.table_rows; at most MAX_GATE_ROWS), and
    narrowed to the columns the question names (``named_columns``), or
    a sentence of MIN_GATE_SENTENCE_WORDS words or more (at most MAX_GATE_SENTENCES: "Marek Novak: I wouldn't go
    live on the 14th." in a meeting's transcript, whose passage holds five speakers' turns; one that opens with a
    pronoun read after the sentence before it, as the answer reads it); -1 without an embedder or a piece."""
    if embedder is None or not top:
        return -1.0
    sources = sources_from(top[:MAX_GATE_PASSAGES])
    rows = [r for src in sources for _, _, r in table_rows(src)[0]][:MAX_GATE_ROWS]
    rows += [n for n in (named_columns(query, r) for r in rows) if n is not None]
    sentences = []
    for src in sources:
        # the sentence before, in the same paragraph: "It was written by ..." is read after it too
        before = ""
        for a, b in source_segments(src):  # a DOCX's lines are paragraphs: none runs over a line end
            t = " ".join(src.text[a:b].split())
            if len(t.split()) >= MIN_GATE_SENTENCE_WORDS:
                sentences.append(f"{before} {t}" if before and leans_back(t) else t)
            before = "" if "\n\n" in src.text[b : b + 3] else t
    sentences = sentences[:MAX_GATE_SENTENCES]
    pieces = rows + sentences
    if not pieces:
        return -1.0
    q = np.asarray(embedder.embed([query], kind="query").vectors, np.float32)[0]
    return float((np.asarray(embedder.embed(pieces, kind="document").vectors, np.float32) @ q).max())


def coverage_terms(question: str) -> list[str]:
    """The terms ``evidence_coverage`` weighs: the question's (engine.index.query_terms) of two letters or more."""
    return [t for t in query_terms(question) if len(t) > 1]


def evidence_coverage(question: str, hits: Sequence, total: int, frequencies: dict[str, int]) -> float:
    """The largest share of ``question``'s terms (coverage_terms, matched as search snippets mark them)
    that one of ``hits`` holds in its text, heading or path. Each term weighs log((total + 1) / (chunks holding
    it + 0.5)), positive even in an index of two chunks. A term no chunk holds (a paraphrase, "wrote" for
    "written", or a word the index lacks) weighs the mean of the others: its rarity says nothing about which
    source answers. 1.0 for a question with no term (nothing to judge by)."""
    terms = coverage_terms(question)
    weights = {t: math.log((max(0, total) + 1) / (frequencies.get(t, 0) + 0.5)) for t in terms}
    known = [weights[t] for t in terms if frequencies.get(t, 0) > 0]
    for t in terms:
        if frequencies.get(t, 0) == 0:
            weights[t] = sum(known) / len(known) if known else 1.0
    whole = sum(weights.values())
    if whole <= 0:
        return 1.0
    patterns = {t: re.compile(r"\b(?:" + term_pattern(t) + ")", re.IGNORECASE) for t in terms}
    best = 0.0
    for h in hits:
        text = f"{h.text}\n{getattr(h, 'heading', '')}\n{h.path}"
        best = max(best, sum(w for t, w in weights.items() if patterns[t].search(text)) / whole)
    return best
