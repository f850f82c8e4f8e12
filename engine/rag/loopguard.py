"""Stop an answer that has started to loop: a repeated sentence, or a repeated run of words.

Small models answering from sources often fall into repeating one sentence until the token limit (seen: four of
five `alcove ask` replies with SmolLM2-135M). ``LoopGuard.check`` runs on the text streamed so far after every
token; when the newest complete sentence repeats an earlier one (normalised: case, spaces, citation markers), or
the last ``ngram`` words already occurred in that order, it returns where the repetition starts, and the answer is
cut there. A no-repeat n-gram rule at the sampler would instead push the model to paraphrase its loop; stopping
keeps what it said once and spends no more tokens.
"""

from __future__ import annotations

import re

from engine.rag.tuning import LOOP_LINE_REPEATS, LOOP_MIN_SENTENCE_WORDS, LOOP_NGRAM

_MARKER = re.compile(r"\[\s*[\d,;\s\-–and]+\]")
_SENT_END = re.compile(r"[.!?](?=\s)|\n")
_WORD = re.compile(r"\S+")
_CHAR_LOOP = re.compile(r"(\S{1,8}?)\1{7,}")


def _norm(text: str) -> str:
    return " ".join(_MARKER.sub(" ", text).lower().split()).strip(" .!?")


class LoopGuard:
    def __init__(self, ngram: int = LOOP_NGRAM) -> None:
        self.ngram = ngram
        self.cut: int | None = None

    def check(self, text: str) -> int | None:
        """Where the repetition starts in ``text`` (None while it does not loop). Once found it stays found."""
        if self.cut is None:
            self.cut = self._sentence_repeat(text)
        if self.cut is None:
            self.cut = self._line_repeat(text)
        if self.cut is None:
            self.cut = self._ngram_repeat(text)
        if self.cut is None:
            self.cut = self._char_repeat(text)
        return self.cut

    @staticmethod
    def _line_repeat(text: str) -> int | None:
        """A short line (any length) written LOOP_LINE_REPEATS times: "-fstack-protector-strong [3]" over and over."""
        seen: dict[str, tuple[int, int]] = {}
        pos = 0
        for line in text.split("\n"):
            key = _norm(line)
            if key:
                first, count = seen.get(key, (pos, 0))
                seen[key] = (first, count + 1)
                if count + 1 >= LOOP_LINE_REPEATS:
                    return text.find("\n", first) + 1 or first  # keep the first copy
            pos += len(line) + 1
        return None

    @staticmethod
    def _char_repeat(text: str) -> int | None:
        """A run without spaces that repeats a short unit: "x.x.x.x.x.x", "=-=-=-=-"."""
        m = _CHAR_LOOP.search(text)
        return m.start() + len(m.group(1)) * 2 if m else None

    @staticmethod
    def _sentence_repeat(text: str) -> int | None:
        seen: set[str] = set()
        pos = 0
        for m in _SENT_END.finditer(text):
            sent = _norm(text[pos : m.end()])
            if len(sent.split()) >= LOOP_MIN_SENTENCE_WORDS:
                if sent in seen:
                    return pos
                seen.add(sent)
            pos = m.end()
        return None

    def _ngram_repeat(self, text: str) -> int | None:
        words = [(m.start(), _norm(m.group(0))) for m in _WORD.finditer(text)]
        words = [(s, w) for s, w in words if w]
        n = self.ngram
        if len(words) < 2 * n:
            return None
        tail = tuple(w for _, w in words[-n:])
        for i in range(len(words) - 2 * n + 1):
            if tuple(w for _, w in words[i : i + n]) == tail:
                return words[len(words) - n][0]
        return None
