"""Stage 0 of an ask, the question: a follow-up ("and what license does it use?") rewritten into a standalone search
query.

The chat model rewrites the question using the conversation; its output is accepted only when it keeps the
question's own content words and, for a question that leans on the conversation (pronouns, very short), brings in
words from it. Otherwise a deterministic rewrite is used: the question plus the previous question it follows from.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import FinalEvent, GenerateRequest, SamplingParams
from engine.generation import PromptCacheStore, run_generation
from engine.rag.prompt import history_messages
from engine.rag.tuning import ANTECEDENT_WORDS, REWRITE_TOKENS, REWRITE_TURN_CHARS

_WORD = re.compile(r"\w+", re.UNICODE)
_STOP = frozenset(
    "a an and are as at be by can could do does did for from has have how i if in into is it its of on or that the "
    "this these those to was were what when where which who whom whose why will with would you your about also "
    "tell me please there their they them he she his her him more than then so any some one ones other".split()
)
_ANAPHORA = frozenset(
    "it its it's they them their theirs this that these those he she him his her there such same former latter "
    "one ones above previous".split()
)
_LEADS = ("and ", "what about", "how about", "also", "but ", "why not", "and?")
REWRITE_SYSTEM = (
    "You rewrite a follow-up question so that it can be understood without the conversation. "
    "Replace pronouns with what they refer to. Reply with the rewritten question only."
)


@dataclass(frozen=True)
class Rewrite:
    query: str  # the standalone question used for retrieval
    method: str  # "none" (no history) | "model" | "fallback" | "unchanged" (already standalone)
    seconds: float = 0.0
    model_output: str = ""  # what the model wrote (also when it was rejected)


def content_words(text: str) -> list[str]:
    return [w for w in (x.lower() for x in _WORD.findall(text)) if w not in _STOP and len(w) > 1]


def leans_on_context(question: str) -> bool:
    """True for questions that cannot stand alone: a leading "and / what about", a pronoun with nothing before it
    in the question to refer to, or two content words or fewer and no name. A question that names its own subject
    ("Who holds the copyright for bash and what license does it use?") is left as asked; so is an expletive "it" /
    "there" ("Is it possible to ...", "Is there a way ..."). Chosen on the "tune" split of eval/followups.jsonl."""
    q = question.strip().lower()
    if q.startswith(_LEADS):
        return True
    tokens = _WORD.findall(question)
    lower = [t.lower() for t in tokens]
    for i, w in enumerate(lower):
        if w not in _ANAPHORA or _expletive(lower, i):
            continue
        before = [
            t for t in lower[:i] if t not in _STOP and t not in _ANAPHORA and t not in _HOW and len(t) > 1
        ]
        if len(before) < ANTECEDENT_WORDS:
            return True
    named = any(t[:1].isupper() for t in tokens[1:])
    return len(content_words(question)) <= 2 and not named


_HOW = frozenset(
    "long much many often far old big should must might may shall".split()
)  # "how long should it"


def _expletive(words: list[str], i: int) -> bool:
    """ "is it possible to", "it is worth ...ing", "is there a way", "there are": no referent needed."""
    w = words[i]
    if w == "it":
        return "to" in words[i + 1 : i + 4] and (i == 0 or words[i - 1] in ("is", "was", "would", "will"))
    if w == "there":
        return (i > 0 and words[i - 1] in ("is", "are", "was", "were")) or words[i + 1 : i + 2] in (
            ["is"], ["are"], ["was"], ["were"])  # fmt: skip
    return False


def _user_turns(history: Sequence[Any]) -> list[str]:
    return [m["content"] for m in history_messages(history) if m["role"] == "user"]


def fallback_rewrite(question: str, history: Sequence[Any]) -> str:
    """The question, followed by the latest earlier question that has content words, when it leans on context."""
    question = question.strip()
    if not history or not leans_on_context(question):
        return question
    for prev in reversed(_user_turns(history)):
        if content_words(prev):
            return f"{question} (context: {prev.strip()})"
    return question


def accept_rewrite(candidate: str, question: str, history: Sequence[Any]) -> bool:
    words = set(content_words(candidate))
    if not words or len(_WORD.findall(candidate)) > 3 * len(_WORD.findall(question)) + 30:
        return False
    own = set(content_words(question)) - _ANAPHORA
    if own and not (own & words):
        return False
    if leans_on_context(question):
        context = set()
        for m in history_messages(history):
            context |= set(content_words(m["content"]))
        if not ((context - own) & words):
            return False
    return True


def clean_output(text: str) -> str:
    text = text.strip().splitlines()[0] if text.strip() else ""
    text = re.sub(r"^(standalone|rewritten)?\s*question\s*:\s*", "", text, flags=re.I).strip()
    return text.strip(" \"'`")


def rewrite_messages(
    question: str, history: Sequence[Any], *, max_chars: int = REWRITE_TURN_CHARS
) -> tuple[dict, ...]:
    lines = []
    for m in history_messages(history)[-6:]:
        who = "User" if m["role"] == "user" else "Assistant"
        content = m["content"].strip().replace("\n", " ")
        lines.append(f"{who}: {content[:max_chars]}")
    convo = "\n".join(lines)
    user = f"Conversation:\n{convo}\n\nFollow-up question: {question.strip()}\n\nRewritten question:"
    return ({"role": "system", "content": REWRITE_SYSTEM}, {"role": "user", "content": user})


def rewrite_question(
    question: str, history: Sequence[Any], *, lm=None, cancel=None, max_tokens: int = REWRITE_TOKENS
) -> Rewrite:
    """A standalone query for ``question`` (engine thread when ``lm`` is given: it runs the chat model)."""
    t0 = time.perf_counter()
    if not history_messages(history):
        return Rewrite(question.strip(), "none")
    if not leans_on_context(question):
        return Rewrite(question.strip(), "unchanged", time.perf_counter() - t0)
    output = ""
    if lm is not None and getattr(lm.tokenizer, "chat_template", None):
        output = _model_rewrite(lm, question, history, cancel, max_tokens)
        candidate = clean_output(output)
        if candidate and accept_rewrite(candidate, question, history):
            return Rewrite(candidate, "model", time.perf_counter() - t0, output)
    return Rewrite(fallback_rewrite(question, history), "fallback", time.perf_counter() - t0, output)


def _model_rewrite(lm, question: str, history: Sequence[Any], cancel, max_tokens: int) -> str:

    req = GenerateRequest(
        messages=rewrite_messages(question, history),
        max_tokens=max_tokens,
        sampling=SamplingParams(temperature=0.0),
        stop=("\n",),
        use_prompt_cache=False,  # never trims the conversation's cached prompt
    )
    final = None
    for ev in run_generation(
        lm,
        req,
        cancel=cancel or threading.Event(),
        store=PromptCacheStore(0),
        submitted_at=time.perf_counter(),
    ):
        if isinstance(ev, FinalEvent):
            final = ev
    return final.text if final is not None and final.error is None else ""
