"""The chat model's check of an answer (``AskRequest.check``): do the sentences the answer would quote state the
answer to the question, or only share its topic?

The words and the embedder cannot tell "Sintra day trip: go by train from Rossio, ~40 min" from a departure time
asked for (docs/EVALUATION.md, "Answers from real documents": no word signal separates the two kinds). A chat model
reading the question against the sentences can: the verdict is its preference for "Yes" over "No", log-odds, one
forward pass over the prompt (no generation, no prompt cache). Where the check runs, the verdict decides whether
the answer is hedged (``AskStats.model_check`` against the model's line), in place of the words' coverage, the
sentence cosine and a word of the question that no document holds (the model reads "redone" beside "repeat the
blood test", and "kubernetes" beside nothing; docs/EVALUATION.md, seventeenth round).

The line is the model's own, measured (``MEASURED_CHECKS``; bench/answer_check.py, docs/EVALUATION.md); a model
never measured is read at even odds (0.0), when the request asks for the model's check or when the model passed the
capability check (engine.rag.capability: it writes the answers). Engine thread only.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Sequence

import mlx.core as mx

from engine.core import AnswerCheck
from engine.rag.capability import measured_for
from engine.rag.generative_rerank import answer_ids, encode_text, fast_head, logits_at
from engine.rag.tuning import MODEL_CHECK_TOKENS

log = logging.getLogger(__name__)

CHECK_SYSTEM = "You are a careful assistant who checks whether a text answers a question."
CHECK_PROMPT = (
    'Text from my files:\n"""\n{text}\n"""\n\nQuestion: {question}\n\n'
    "Does the text state the answer to this exact question (not just related information)? "
    "Reply with Yes or No only."
)
_YES, _NO = ("Yes", "yes", " Yes"), ("No", "no", " No")
_MARKER = re.compile(r"[ \t]*\[\d+\]")

# The line of each model whose check was measured (log-odds of "Yes" over "No"; below it the answer is hedged), by
# the start of its name as for engine.rag.capability.MEASURED_ROUTES: chosen on a sample of the realdocs tuning
# parts (bench/answer_check.py; docs/EVALUATION.md, "The chat model's check of an answer").
MEASURED_CHECKS = {"qwen2.5-coder-1.5b-instruct": 0.45}
# a model never measured: even odds. Asked for (AnswerCheck.MODEL), or under AUTO for a model that passed the capability
# check (it writes the answers): at even odds the measured 1.5B, which passes it, hedged fewer answered questions than
# the words and caught more near-topic ones (docs/TUNING.md); the models that fail it judge no better than chance
UNMEASURED_LINE = 0.0
MAX_QUESTION_CHARS = (
    2000  # a question longer than any person's is read to here (the prompt stays one short pass)
)


def measured_line(lm) -> float | None:
    """The measured line of ``lm``'s model, or None when its check was never measured."""
    return measured_for(lm, MEASURED_CHECKS)


def check_line(check: AnswerCheck, lm, capable: bool | None = None) -> float | None:
    """The line the check of ``lm`` is read at for a request's ``check``, or None when the model does not check
    (WORDS; AUTO for a model never measured, unless ``capable``: it passed the capability check)."""
    if check is AnswerCheck.WORDS:
        return None
    line = measured_line(lm)
    if line is None and (check is AnswerCheck.MODEL or capable):
        return UNMEASURED_LINE
    return line


def checked_text(answer_text: str) -> str:
    """What the model reads of an extractive answer: its quoted sentences (the list after the introduction),
    without citation markers."""
    _, sep, body = answer_text.partition("\n\n")
    return _MARKER.sub("", body if sep else answer_text).strip()


def check_prompt_ids(lm, question: str, text: str) -> list[int]:
    """The prompt's token ids: the text cut to MODEL_CHECK_TOKENS tokens, in the model's chat template."""
    tok = lm.tokenizer
    ids = encode_text(tok, text)
    if len(ids) > MODEL_CHECK_TOKENS:
        text = tok.decode(ids[:MODEL_CHECK_TOKENS])
    user = CHECK_PROMPT.format(text=text, question=" ".join(question.split())[:MAX_QUESTION_CHARS])
    messages = [{"role": "system", "content": CHECK_SYSTEM}, {"role": "user", "content": user}]
    if getattr(tok, "chat_template", None):
        prompt = tok.apply_chat_template(messages, add_generation_prompt=True, tokenize=False)
    else:
        prompt = f"{CHECK_SYSTEM}\n\n{user}\n\nAnswer:"
    return encode_text(tok, prompt)


def model_check(lm, question: str, sentences: Sequence[str] | str,
                cancel: threading.Event | None = None) -> float | None:  # fmt: skip
    """The model's log-odds that ``sentences`` state the answer to ``question``; None when cancelled, when there is
    nothing to read, or when the model has no single-token "Yes"/"No"."""
    text = sentences if isinstance(sentences, str) else "\n".join(f"- {s}" for s in sentences)
    if not text.strip() or (cancel is not None and cancel.is_set()):
        return None
    tok = lm.tokenizer
    yes, no = answer_ids(tok, _YES), answer_ids(tok, _NO)
    if not yes or not no or set(yes) & set(no):
        log.info("answer check: %s has no single-token Yes/No", lm.info.name)
        return None
    ids = check_prompt_ids(lm, question, text)
    x = mx.array(ids)[None]
    # only the last position goes through the vocabulary projection where that reproduces the model's logits
    logits = logits_at(lm.model, x, mx.array([len(ids) - 1]), fast_head(lm, ids[:8]))[0].astype(mx.float32)
    verdict = mx.logsumexp(logits[mx.array(yes)]) - mx.logsumexp(logits[mx.array(no)])
    return float(verdict.item())
