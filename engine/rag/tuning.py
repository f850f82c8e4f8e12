"""Every tuned constant of document Q&A, each with why it has its value in one line. How each was chosen (the sets,
the sweeps, the figures) is in docs/TUNING.md; bench/rag_eval.py measures them again.

In the order one ask uses them. The search's own fusion constants (``SAME_FILE_SPREAD``, ``KEYWORD_LEAD``, ...) live
with the search in engine/index/hybrid.py, a layer below this package; docs/TUNING.md gives their history too.
"""

from __future__ import annotations

# -- the question --------------------------------------------------------------------------------------------
ANTECEDENT_WORDS = 2  # content words before a pronoun that give it something in the question to refer to
REWRITE_TOKENS = 48  # a rewritten follow-up is one question: a line, not a paragraph
REWRITE_TURN_CHARS = (
    400  # each earlier turn shown to the rewriter is cut here (the rewrite needs its subject only)
)

# -- retrieval -----------------------------------------------------------------------------------------------
WHOLE_RETRIEVE_K = 20  # whole-document mode: search results read to choose the documents
MAX_AUTO_DOCUMENTS = (
    3  # whole-document mode: documents chosen by retrieval when none were named (each is read whole)
)
NOTE_TOKENS = 64  # whole-document mode: one note per chunk is one or two short sentences
NOTE_TOKEN_BUDGET = 3000  # whole-document mode: notes in the reduce prompt

# -- sources -------------------------------------------------------------------------------------------------
MAX_EXTEND_CHARS = 300  # at most this much of a cut sentence is taken back at either end of a passage
MAX_LIST_EXTEND_CHARS = (
    400  # not fitted: the rest of a list a passage ends inside is taken up to this (LIST_SHOW_CHARS)
)
SOURCE_TOKEN_BUDGET = 1800  # sources in one prompt (a small model's attention is the limit, not its context)

# -- abstention: answer or decline ---------------------------------------------------------------------------
MINILM_COSINE_THRESHOLD = (
    0.4433  # all-MiniLM-L6-v2's best cosine in the hybrid top 50: best balanced accuracy
)
RERANK_THRESHOLD = 0.5  # not fitted: a cross-encoder's sigmoid 0.5 (P(yes) 0.5) is its own relevance boundary
COSINE_THRESHOLD = 0.40  # not fitted: the cosine line for an embedder without a calibration
COVERAGE_HEDGE = 0.33  # below this share of the question in the best source an answer is hedged (tuning sets)
# below the cosine line a question is declined unless the cosine is within SOFT_DECLINE_MARGIN of it (then the answer
# is shown hedged: personal notes and office files asked in the user's words sit just below the line) ...
# ... or a table row of the best passages is as close as the line (answered, hedged): realdocs heldout4 CSV and PPTX
# rows, 3 answered with the fact, no unanswerable question answered unhedged (stop 44); the rows read at most
MAX_GATE_PASSAGES = 5
MAX_GATE_ROWS = 80
# ... or a sentence of them is (a meeting transcript's turn, a notes file's line, a log's entry): realdocs tuning-
# heldout11, 14 of 18 declined answerable questions shown hedged, 4 of 14 declined near-topic ones hedged, no
# missing-term one (stop 48); sentences of at least this many words, at most this many (one short batch)
MIN_GATE_SENTENCE_WORDS = 3
MAX_GATE_SENTENCES = 200
# an answer is hedged when no sentence (or row) of its first MAX_GATE_PASSAGES passages is this close to the question
# by the embedder, and, measured so, no longer for being answered below the line: on realdocs tuning-heldout11 the
# answerable questions hedged 0.253 -> 0.240 and the near-topic unanswerable declined or hedged 0.467 -> 0.557 (a
# curve, no plateau: 0.49 gives 0.221 / 0.500, 0.51 gives 0.261 / 0.574; the first point better on both, stop 49)
SENTENCE_HEDGE = 0.5
# the chat model's check of an answer (engine.rag.answer_check) reads at most this many tokens of its sentences
MODEL_CHECK_TOKENS = 480
# the margin below the cosine line within which an answer is hedged, not declined (tuning: answerable 0.34-0.43).
# Until stop 55 the best source also had to hold 0.3 of the question's words; without that, on realdocs tuning-
# heldout18, 11 answerable questions declined were answered hedged (6 more holding the fact, 9 more cited) and the
# 9 unanswerable ones it touched went from declined to hedged (docs/EVALUATION.md, "sixteenth round")
SOFT_DECLINE_MARGIN = 0.15
# a question's word no chunk holds is the user's own word for what a shown passage says ("unpack" beside "unzip",
# "refresh" beside "update") when a word of the shown passages is this close to it by the embedder: per embedder,
# chosen on realdocs tuning + heldout2 (docs/EVALUATION.md, "Absent words that are paraphrases")
PARAPHRASE_WORD_COSINE = {"all-MiniLM-L6-v2": 0.5}
MAX_PARAPHRASE_WORDS = 600  # the shown passages' distinct words compared (bounds the cost: one short batch)

# -- the extractive answer: sentence score weights, chosen together on the tuning sets -----------------------
EMBED_WEIGHT = (
    0.4  # cosine(question, sentence) against the keyword score (1 - this): inside the 0.829 plateau
)
RANK_WEIGHT = 0.0  # the retrieval order prior: no weight scored as well as any on the tuning sets
PASSAGE_WEIGHT = (
    0.7  # cosine(question, the sentence's passage): lends a short sentence its context; in the plateau
)
NAMED_WEIGHT = (
    0.2  # a sentence that defines a name the question gives: 0.1-0.3 alike on six tuning sets; the middle
)
# a sentence that holds the kind of thing the question asks for (a figure, a time, a year, an option:
# engine.rag.answer_kinds), on the keyword score: 0.15 there is 0.09 of the sentence's score, inside the plateau of
# 0.05-0.2 on the eleven realdocs parts (docs/EVALUATION.md, "ninth round")
ANSWER_KIND_WEIGHT = 0.15
# a word of the question in the heading of a sentence's section ("## Yeast" over "Lallemand Verdant IPA, one 11 g
# packet ..." for "Which yeast did I pitch?") counts this much of what it would in the sentence itself
HEADING_WORD_WEIGHT = 0.5
NOT_ANSWER_PENALTY = (
    0.2  # not fitted: keeps navigation and headings out of answers (the figures did not move)
)
MAX_SENTENCES = 5  # sentences shown: best at every weight with 5 (of 3, 4, 5)
DUPLICATE_JACCARD = 0.7  # a sentence sharing this much of a shown one's words says it again
COPY_MIN_WORDS = (
    3  # a sentence held word for word by another source cites it too from this many content words
)
COPY_MAX = 2  # and only when at most this many other sources hold it (more: a page header, not a copy)

# -- how a chosen sentence is shown (engine.rag.shown_span) --------------------------------------------------
MIN_SENTENCE_WORDS = 2  # a piece with fewer content words is no candidate sentence (and no antecedent)
INTRO_EXTEND_CHARS = 200  # what a sentence ending with ':' introduces is shown with it up to this
LIST_SHOW_CHARS = 400  # a list is shown whole with its introduction up to this (a citation quote's limit)
RECORD_SHOW_CHARS = 700  # not fitted: a calendar's event or a contact's card is shown whole up to this
MAX_QUOTE_CHARS = 400  # a citation's quote: a sentence or a few lines, not a page
# the best sentences shown are read on into the next sentence of their paragraph, when the two fit: chosen on the
# realdocs parts tuning..heldout6 (1, 2 or 5 best: +3, +6, +8 answers holding the fact, none lost; answers 1%, 4%,
# 13% longer: docs/EVALUATION.md, "fifth round")
NEXT_SENTENCE_BULLETS = 2
NEXT_SENTENCE_CHARS = 400
LONG_SENTENCE_CHARS = 600  # not fitted: a sentence cut into pieces for scoring is shown whole up to this long

# -- the generative answer -----------------------------------------------------------------------------------
LOOP_NGRAM = 8  # the loop guard stops an answer when its last this many words already occurred in that order
LOOP_LINE_REPEATS = 3  # or when one short line is written this many times
LOOP_MIN_SENTENCE_WORDS = 3  # or when a sentence of at least this many words repeats an earlier one

# -- grounding: set by what the checks mean, not fitted ------------------------------------------------------
MAX_EVIDENCE_CHARS = 300  # a source sentence (or group of lines) checked against a claim is at most this long
MIN_WORD_SHARE = 0.6  # most of a claim's content words found in one source sentence
MIN_COSINE = 0.75  # or a near-paraphrase by the embedder (all-MiniLM-L6-v2 puts paraphrases above ~0.75)
MIN_WORD_SHARE_WITH_COSINE = 0.34  # that shares a third of the claim's words
MIN_PAIR_WORD_SHARE = (
    0.8  # two adjacent source sentences as one span: most words, no cosine path (0.6 let a pair
)
# of loosely related sentences support a claim from another passage: docs/EVALUATION.md, "Grounding a joined claim")
GROUNDING_MIN_YES = 0.5  # the model's judgment: p(yes) over yes/no at even odds, not a fitted threshold
JUDGE_SOURCE_TOKENS = 384  # the model's judgment reads this much of the cited source
