"""Stage 5a of an ask, the extractive answer: the few sentences of the sources that best answer the question, each
cited; no chat model is read. The weights below are engine.rag.tuning's (their history: docs/TUNING.md).

Used when the chat model fails the capability check (engine.rag.capability) or its answer has no supported
sentence. Every sentence of the top passages is scored by
    EMBED_WEIGHT * cosine(question, sentence) + (1 - EMBED_WEIGHT) * keyword score
    + PASSAGE_WEIGHT * cosine(question, the sentence's whole passage under its heading trail) + RANK_WEIGHT * prior
where the keyword score is the idf-weighted share of the question's content words found in the sentence (idf over
the candidate sentences, plus NAMED_WEIGHT times the share of the names the question gives, ``terminate()``, that
the sentence defines, ``def terminate(self):``, plus ANSWER_KIND_WEIGHT where the sentence holds the kind of thing
the question asks for, a figure for "how many": engine.rag.answer_kinds), the passage cosine lends a sentence the
context it was written in (a short sentence such as "There is no support for bit fields in structures." does not
name what it is about; its passage does), and the passage prior favours the passages retrieval ranked first. Lines that answer nothing by their
form (a page's navigation "Next: ..., Previous: ..., Up: ...", a Markdown link definition "[name]: url", a heading
or title line: two or three words, or up to eight in Title Case, without sentence punctuation or code: "Zlib notes",
"An Overview of Valgrind", also with a note in brackets after it: "Closure Example (libffi: the portable foreign
function interface library)"; in a Markdown file also "# Shared MIME Info") lose NOT_ANSWER_PENALTY, so they are
shown only when nothing better is there. Each chosen sentence is shown with what it needs around it to be read right
(engine.rag.shown_span: the piece a colon introduces, the rest of a list item, a pronoun's antecedent, a qualifying
"However", a displayed command, a short Python def). Quoted code is a Markdown code span, so it reads as written.
The best ``max_sentences`` (near-duplicates dropped, though not two Python defs of different names) are shown in
document order within a source, sources in retrieval order, each with its exact citation (file, lines, the sentence
itself), and with the other sources that hold it word for word (``engine.rag.copies``: two copies of a page cite both).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from engine.index import STAMPED_LINE, file_type_for, is_taskpaper
from engine.rag.abstain import name_forms, named_terms
from engine.rag.answer_kinds import kind_share, wanted_kinds
from engine.rag.citations import Citation, quote_lines
from engine.rag.clippings import clipping_furniture, clipping_label
from engine.rag.code_comments import comment_over_code, comment_prose
from engine.rag.copies import copies, says_again
from engine.rag.grounding import (
    PARAGRAPH_LINE_TYPES,
    SentenceSupport,
    Span,
    content_words,
    front_matter_end,
    source_segments,
    split_spans,
)
from engine.rag.loopguard import LoopGuard
from engine.rag.not_answers import SMALL_WORDS, a_title, form_texts, not_an_answer, tag_line
from engine.rag.outlines import entry_date, release_of, said_before
from engine.rag.reading import reading, task_item
from engine.rag.references import reference_label
from engine.rag.replies import attribution_line, quoted_label, reply_note
from engine.rag.screenplay import asked_above, scene_label, speaker_label
from engine.rag.shown_span import (
    BULLET,
    is_code,
    joined,
    leans_back,
    next_piece,
    one_list,
    section_heading,
    shown_span,
)
from engine.rag.sources import Source
from engine.rag.table_rows import row_reading, table_lines, table_rows
from engine.rag.task_lists import taskpaper_task
from engine.rag.terms import ATX_MARKS, described, term_above, with_term
from engine.rag.tuning import (
    ANSWER_KIND_WEIGHT,
    EMBED_WEIGHT,
    HEADING_WORD_WEIGHT,
    INTRO_EXTEND_CHARS,
    LONG_SENTENCE_CHARS,
    MAX_SENTENCES,
    MIN_SENTENCE_WORDS,
    NAMED_WEIGHT,
    NEXT_SENTENCE_BULLETS,
    NEXT_SENTENCE_CHARS,
    NOT_ANSWER_PENALTY,
    PASSAGE_WEIGHT,
    RANK_WEIGHT,
)

EXTRACTIVE_INTRO = "From your documents:"
# when the sources hold little of what the question asks (engine.rag.abstain.COVERAGE_HEDGE)
HEDGED_INTRO = "Your documents may not answer this directly. The closest they come:"
# a list item's line up to its words: its indent and its bullet (Markdown's, a TaskPaper task's "- ")
_ITEM_OPENING = re.compile(r"[ \t]*[-*+\u2022][ \t]+")
_ENDS_SENTENCE = re.compile(r"[.!?][\"'”’)\]]*\s*$")


@dataclass(frozen=True)
class ExtractiveAnswer:
    text: str  # EXTRACTIVE_INTRO, then a Markdown list: one cited sentence per item
    sentences: tuple[SentenceSupport, ...]  # every shown sentence (supported: it is the source's own text)
    citations: tuple[Citation, ...]


def score_parts(
    question: str, sources: Sequence[Source], embedder=None
) -> tuple[list[Span], list[float], list[float], list[float], list[float]]:
    """The candidate sentences of ``sources`` and, per sentence, its cosine to the question, its keyword score,
    its passage prior (1 for the first source, falling linearly) and its passage's cosine to the question: the
    parts ``score_spans`` weighs."""
    # a table's header row names columns and answers nothing: its rows are read with it (engine.rag.table_rows)
    # (a Kindle clipping's "- Your Note on page 41 | ..." line says where its text is from, shown as its label, as a
    # mail's "On ... wrote:" line says whose a quoted message is)
    spans = [sp for s in sources for sp in split_spans(s)
             if len(content_words(sp.text)) >= (1 if task_item(sp.text) or taskpaper_task(sp) else MIN_SENTENCE_WORDS)
             and (sp.start, sp.end) not in table_rows(s)[1]
             and not clipping_furniture(sp) and not attribution_line(sp) and not reply_note(sp)
             and not tag_line(sp.text)]  # fmt: skip
    want = content_words(question)
    read = [reading(sp) for sp in spans]  # a table's row under its header (engine.rag.table_rows)
    words = [content_words(t) for t in read]
    n = len(spans)
    idf = {w: math.log(1 + n / (1 + sum(w in ws for ws in words))) for w in want}
    total = sum(idf.values()) or 1.0
    # the words of a sentence's section heading count for it too, at HEADING_WORD_WEIGHT
    heads = (
        [want & content_words(section_heading(sp)) for sp in spans] if HEADING_WORD_WEIGHT else [set()] * n
    )
    keyword = [
        (sum(idf[w] for w in want & ws) + HEADING_WORD_WEIGHT * sum(idf[w] for w in hs - ws)) / total
        for ws, hs in zip(words, heads, strict=True)
    ]
    # a figure for "how many", a time for "when": a small lift for a sentence that holds one
    kinds = wanted_kinds(question)
    if kinds:
        # an option's description is read with its name on the line above ("-k --keep" over "Keep (don't delete)
        # input files ..."): the name is the option asked for
        termed = read
        if {"option", "setting"} & set(kinds):
            termed = [f"{term_above(sp) or ''} {t}" for sp, t in zip(spans, read, strict=True)]
        keyword = [
            k + ANSWER_KIND_WEIGHT * kind_share(kinds, t) for k, t in zip(keyword, termed, strict=True)
        ]
    # a screenplay's reply is also read with the question it answers, the speech above it ("JOYCE: Where's the
    # guitar?" over "KIERAN: Pawn shop on Crossley Street."): its words and its meaning
    replies = [(i, at) for i, sp in enumerate(spans) if (at := asked_above(sp)) is not None]
    for i, at in replies:
        asked = content_words(spans[i].source.text[at : spans[i].start]) - words[i]
        keyword[i] += sum(idf[w] for w in want & asked) / total
    named = [_name_pattern(t) for t in named_terms(question)]
    if named:
        for i, sp in enumerate(spans):
            keyword[i] += NAMED_WEIGHT * sum(p.search(sp.text) is not None for p in named) / len(named)
    if embedder is not None and spans:
        q = np.asarray(embedder.embed([question], kind="query").vectors, np.float32)
        # a sentence that opens with a pronoun ("They will run roughly 5 times more slowly") is also read with the
        # sentence before it in its paragraph, which names what it is about ("... run programs with Nulgrind.")
        led = [i for i in range(1, n) if leans_back(spans[i].text) and joined(spans[i - 1], spans[i])]
        # a passage is read under its heading trail, as the index embedded it (Chunk.embedding_text)
        passages = [f"{s.heading}\n{s.text}" if s.heading else s.text for s in sources]
        # an option's description is also read without the option's names on the line above it ("-g, --chgexit"
        # over "Exit when the output of command changes."): they say little to the embedder
        terms = [(i, at) for i, sp in enumerate(spans) if (at := described(sp)) is not None]
        # each (sentence, another reading of it): its cosine is the better of its own and that reading's
        also = [(i, spans[i].source.text[spans[i - 1].start : spans[i].end]) for i in led]
        also += [(i, reading(Span(spans[i].source, at, spans[i].end))) for i, at in terms]
        also += [(i, spans[i].source.text[at : spans[i].end]) for i, at in replies]
        texts = read + passages + [t for _, t in also]
        v = np.asarray(embedder.embed(texts, kind="document").vectors, np.float32) @ q[0]
        cos = v[:n].tolist()
        for (i, _), c in zip(also, v[n + len(sources) :], strict=True):
            cos[i] = max(cos[i], float(c))
        of_source = {s.n: float(c) for s, c in zip(sources, v[n : n + len(sources)], strict=True)}
        passage = [of_source[sp.source.n] for sp in spans]
    else:
        cos, passage = [0.0] * n, [0.0] * n
    prior = [1 - (sp.source.n - 1) / max(1, len(sources)) for sp in spans]
    return spans, cos, keyword, prior, passage


def _name_pattern(term: str) -> re.Pattern:
    """Where ``term`` (a name the question gives, ``engine.rag.abstain.named_terms``) is defined: ``def``, ``class``
    or ``#define`` and the name in one of its ``name_forms`` as a whole word, case-insensitively
    (``TraversableResources.resource_path()`` by ``def resource_path``)."""
    names = "|".join(re.escape(f) for f in name_forms(term))
    return re.compile(r"(?:\bdef|\bclass|#define)\s+(?:" + names + r")(?!\w)", re.IGNORECASE)


def score_spans(cos, keyword, prior, passage, with_embedder: bool, texts=None, *, embed_weight: float | None = None,
                passage_weight: float | None = None, rank_weight: float | None = None) -> list[float]:  # fmt: skip
    """Each sentence's score (the module docstring's formula; the weights default to the module's)."""
    w = EMBED_WEIGHT if embed_weight is None else embed_weight
    pw = PASSAGE_WEIGHT if passage_weight is None else passage_weight
    rw = RANK_WEIGHT if rank_weight is None else rank_weight
    if not with_embedder:
        w = pw = 0.0
    penalty = (
        [NOT_ANSWER_PENALTY * not_an_answer(t) for t in texts] if texts is not None else [0.0] * len(cos)
    )
    return [w * c + (1 - w) * k + rw * p + pw * s - x
            for c, k, p, s, x in zip(cos, keyword, prior, passage, penalty, strict=True)]  # fmt: skip


def extract_answer(
    question: str,
    sources: Sequence[Source],
    embedder=None,
    *,
    max_sentences: int = MAX_SENTENCES,
    intro: str = EXTRACTIVE_INTRO,
) -> ExtractiveAnswer:
    spans, cos, keyword, prior, passage = score_parts(question, sources, embedder)
    if not spans:
        return ExtractiveAnswer("", (), ())
    pieces = {s.n: split_spans(s) for s in sources}
    sentences = {s.n: source_segments(s) for s in sources}
    forms = form_texts(spans, pieces)
    scores = score_spans(cos, keyword, prior, passage, embedder is not None, forms)
    # a heading of words alone (a note's title over its lines) is shown only where nothing else is there to show;
    # one that holds a figure may be the answer ("Noteworthy changes in release 3.8 (2021-08-01)" for "When did 3.8
    # come out?"), and other kinds of furniture are scored down (``NOT_ANSWER_PENALTY``): a mail's signature holds
    # a phone number, a table row may open like a header line ("Date: Sun 16 May 2027; Kick-off: 10:00")
    furniture = [a_title(t) and not any(c.isdigit() for c in t.split("\n")[0]) for t in forms]
    if all(furniture):
        furniture = [False] * len(spans)
    chosen: list[tuple[Span, float]] = []
    used = 0  # sentences shown: a bullet counts one, and one more for the sentence a pronoun's sentence is shown with
    # Scores within float noise of each other are a tie, kept in source order: one text in two sources differs
    # only in the last bits of its vectors (its rows in the embedding batch), and the first source must win.
    for i in sorted(range(len(spans)), key=lambda i: -round(float(scores[i]), 5)):
        own = spans[i]
        if furniture[i]:
            continue
        if row_reading(own.source, own.start, own.end) is not None:
            shown = own  # a table's row is shown alone
        elif own.end <= front_matter_end(own.source):
            shown = own  # a line of a post's front matter ("date: 2027-02-21T19:05:00Z") is shown alone
        else:
            around = shown_span(own, pieces[own.source.n])
            shown = _whole_sentence(around, sentences[own.source.n])
            # a definition's description with its term ("-k --keep Keep ...")
            if not is_code(own.source):
                shown = with_term(shown, LONG_SENTENCE_CHARS)
            shown = _clear_of_rows(shown, own)
        with_antecedent = shown.start < spans[i].start and leans_back(spans[i].text)
        # two items of one list: shown together, with the items between them (engine.rag.shown_span.one_list)
        listed = next(((k, ls) for k, (c, _) in enumerate(chosen)
                       if (ls := one_list(c, shown, pieces[own.source.n])) is not None), None)  # fmt: skip
        if listed is not None and not _reads_as_loop(
            [x for k, (x, _) in enumerate(chosen) if k != listed[0]] + [listed[1]]
        ):
            chosen[listed[0]] = (listed[1], chosen[listed[0]][1])
            continue
        clash = [k for k, (c, _) in enumerate(chosen)
                 if c.source is shown.source and c.start < shown.end and shown.start < c.end]  # fmt: skip
        if clash:  # already shown; or shown now with the sentence that introduces it
            c, score = chosen[clash[0]]
            covers = shown.start <= c.start and shown.end >= c.end
            if covers and not _reads_as_loop(
                [x for k, (x, _) in enumerate(chosen) if k != clash[0]] + [shown]
            ):
                chosen[clash[0]] = (shown, score)
                used += with_antecedent and (shown.start, shown.end) != (c.start, c.end)
                if used >= max_sentences:
                    break
            continue
        ws = content_words(shown.text)
        if any(says_again(shown, ws, c) for c, _ in chosen):
            continue
        if _reads_as_loop([c for c, _ in chosen] + [shown]):
            continue
        chosen.append((shown, scores[i]))
        used += 1 + with_antecedent
        if used >= max_sentences:
            break
    for k in range(min(NEXT_SENTENCE_BULLETS, len(chosen))):  # the best are read on into their next sentence
        chosen[k] = (_read_on(chosen[k][0], pieces[chosen[k][0].source.n], chosen), chosen[k][1])
    chosen.sort(key=lambda t: (t[0].source.n, t[0].start))
    lines, verdicts, cites = [intro, ""], [], {}  # a Markdown list: one quoted sentence per item
    # source number -> the stretch of it from its first quoted text to its last
    stretch: dict[int, tuple[int, int]] = {}
    said: dict[int, str] = {}  # source number -> the last sentence shown from it
    voice: dict[int, str] = {}  # source number -> the older message its last shown sentence is from
    for sp, score in chosen:
        row = row_reading(sp.source, sp.start, sp.end) is not None  # a row's "- " is its first cell
        bullet = None if is_code(sp.source) or row else BULLET.match(sp.text)
        if bullet is not None:
            sp = Span(sp.source, sp.start + bullet.end(), sp.end)
        text = " ".join(reading(sp).split())
        marks = None if is_code(sp.source) else ATX_MARKS.match(text)
        text = text[marks.end() :] if marks else text  # a heading shown with its section's first sentence
        # a NEWS entry's release, a journal entry's date, an option's name above its description: said before the
        # sentence (a date once for the sentences shown from its entry in a row)
        # a screenplay's scene and a reference's people and year, as a journal entry's day
        dated = entry_date(sp) or scene_label(sp) or reference_label(sp)
        carried = dated if dated and said_before(dated, said.get(sp.source.n, "")) else None  # said: once
        dated = None if carried else dated
        speaker = speaker_label(sp)  # who says a sentence from inside a speech, after its scene
        label = (
            None
            if row
            else release_of(sp)
            or clipping_label(sp)
            or (f"{dated}, {speaker}" if dated and speaker else speaker or dated)
        )
        quoted = None if label is not None or row else quoted_label(sp)
        if quoted is not None:
            # an older message's sentences in a row, from one passage: whose and when said once
            label = None if voice.get(sp.source.n) == quoted else quoted
            voice[sp.source.n] = quoted
        elif label is None and not row and not is_code(sp.source):
            label = term_above(sp)
            if label and label in said.get(sp.source.n, ""):
                label = None  # the sentence shown just before it, from the same passage, gave it
        text = f"{label}: {text}" if label else text
        said[sp.source.n] = text if carried is None else f"{text} ({carried})"
        first, last = quote_lines(sp.source, sp.start, sp.end)
        # source code in backticks; a comment in it is shown as its words, and so is one over the code it describes
        code = is_code(sp.source) and not row and comment_prose(sp.source.text, sp.start, sp.end) is None
        over = comment_over_code(sp.source.text, sp.start, sp.end) if code and not label else None
        if over is not None:
            below = " ".join(sp.source.text[over[1] : sp.end].split())
            ticks = _code_ticks(below)
            text, code = f"{over[0]} {ticks[0]}{below}{ticks[1]}", False
        opening, closing = _code_ticks(text) if code else ("", "")
        head_cut, tail_cut = _cut_short(sp)  # a sentence shown in part says so: "… which should take a …"
        opening, closing = ("… " if head_cut else "") + opening, closing + (" …" if tail_cut else "")
        # the sentence, and the other sources that hold it word for word, each with its lines
        held = [(sp, first, last), *copies(sp, (first, last), sources)]
        # one marker for them all, "[1, 3]": Markdown would read "[1][3]" as a reference link
        tag = "[" + ", ".join(str(h.source.n) for h, _, _ in held) + "]"
        line = f"- {opening}{text}{closing} {tag}"
        start = sum(len(x) + 1 for x in lines) + 2 + len(opening)  # where the sentence itself begins
        marker = start + len(text) + len(closing) + 1
        lines.append(line)
        verdicts.append(SentenceSupport(text, True, sp.source.n, sp.text, sp.source.path, first, last,
                                        float(score), "", start, start + len(text)))  # fmt: skip
        for h, h_first, h_last in held:
            n = h.source.n
            prev = cites.get(n)
            if prev is None:
                cites[n] = Citation(n, h.source.path, h.source.page, h_first, h_last, h.text, h.source.chunk_id,
                                    marker, marker + len(tag))  # fmt: skip
                stretch[n] = (h.start, h.end)
            else:  # one chip per source: the verbatim stretch from its first quoted sentence to its last
                lo, hi = min(stretch[n][0], h.start), max(stretch[n][1], h.end)
                h_first, h_last = quote_lines(h.source, lo, hi)
                cites[n] = replace(prev, line_start=h_first, line_end=h_last, quote=h.source.text[lo:hi])
                stretch[n] = (lo, hi)
    return ExtractiveAnswer("\n".join(lines), tuple(verdicts), tuple(cites.values()))


def _read_on(shown: Span, own: Sequence[Span], chosen: Sequence[tuple[Span, float]]) -> Span:
    """``shown`` (a sentence: a log's or a list's line stays apart; in source code a comment's) with the sentence after
    it in its paragraph (its comment), when the two fit in NEXT_SENTENCE_CHARS and the next is prose not shown
    already (no list item, no question, no navigation): an answer's best sentences often name the thing and the next
    gives the value ("This special variable, HISTORY is the number of lines of history retained." / "For GNU
    readline, a value of -1 means that an unlimited number of history lines are retained."). A next sentence that
    ends with a colon comes with the short piece it introduces, as a shown colon sentence does
    (engine.rag.shown_span)."""
    text = shown.source.text
    code = is_code(shown.source)  # in source code only a comment's prose reads on, into more of its prose
    if row_reading(shown.source, shown.start, shown.end) is not None or (
        code and comment_prose(text, shown.start, shown.end) is None
    ):
        return shown
    nxt = next_piece(own, shown)
    if (
        nxt is None
        or not _ENDS_SENTENCE.search(shown.text)
        or not joined(shown, nxt)
        or nxt.end - shown.start > NEXT_SENTENCE_CHARS
        or row_reading(nxt.source, nxt.start, nxt.end) is not None
        or not_an_answer(nxt.text)  # navigation, a heading, a question
        or BULLET.match(nxt.text) is not None  # a list's next item is an item of its own
        or STAMPED_LINE.match(nxt.text) is not None  # a log's next entry, a chat's next message
        or is_taskpaper(Path(nxt.source.path))  # a task list's item: its notes come with it (shown_span)
        or (code and comment_prose(text, nxt.start, nxt.end) is None)
        or any(c.source is shown.source and c.start < nxt.end and nxt.start < c.end for c, _ in chosen)
    ):
        return shown
    # what a next sentence ending with a colon introduces: "The easiest way is to use autoreconf::" / "autoreconf -i"
    after = next_piece(own, nxt) if nxt.text.rstrip().endswith(":") else None
    if after is not None and after.end - after.start <= INTRO_EXTEND_CHARS:
        return Span(shown.source, shown.start, after.end)
    return Span(shown.source, shown.start, nxt.end)


def _clear_of_rows(shown: Span, own: Span) -> Span:
    """``shown`` (``own`` with what it needs around it) ending before the table rows that follow ``own`` and starting
    after those before it: a table's rows are sentences of their own, never the rest of a prose sentence."""
    start, end = shown.start, shown.end
    for a, b in table_lines(own.source):
        if own.end <= a < end:
            end = a
        if start < b <= own.start:
            start = b
    text = own.source.text
    while end > start and text[end - 1].isspace():
        end -= 1
    while start < end and text[start].isspace():
        start += 1
    return shown if (start, end) == (shown.start, shown.end) else Span(own.source, start, end)


def _whole_sentence(span: Span, sentences: Sequence[tuple[int, int]]) -> Span:
    """``span`` grown to the whole sentences it cuts (``sentences``: its source's ``segments``), each end when the
    sentence is at most LONG_SENTENCE_CHARS long: a long sentence is split into pieces of at most MAX_EVIDENCE_CHARS
    to be scored (engine.rag.grounding.split_spans), and a piece shown alone ends mid-sentence ("... which should
    take a")."""
    start, end = span.start, span.end
    for a, b in sentences:
        if a < start < b and b - a <= LONG_SENTENCE_CHARS:
            start = a
        if a < end < b and b - a <= LONG_SENTENCE_CHARS and span.source.text[end:b].strip():
            end = b
    return span if (start, end) == (span.start, span.end) else Span(span.source, start, end)


def _cut_short(span: Span) -> tuple[bool, bool]:
    """Whether ``span`` starts and ends inside a sentence of its source: it starts with a lower-case word that goes
    on from text before it in the same line or paragraph, or ends on a word (or comma) that text after it in the
    paragraph continues in lower case, or at the passage's cut end. In a document read a paragraph a line
    (``PARAGRAPH_LINE_TYPES``) only its own line can go on into it or from it."""
    text, a, b = span.source.text, span.start, span.end
    shown = text[a:b].strip()
    if not shown:
        return False, False
    path = Path(span.source.path)
    by_line = (
        file_type_for(path) in PARAGRAPH_LINE_TYPES
        or is_taskpaper(path)
        or b <= front_matter_end(span.source)
    )
    if by_line:
        lo, hi = text.rfind("\n", 0, a) + 1, text.find("\n", b)
        hi = len(text) if hi < 0 else hi
        text, a, b = text[lo:hi], a - lo, b - lo
    before = text[:a].rstrip(" \t")
    # a list item's words open after its bullet: "- pay the campsite balance" is whole, though in lower case
    opens_item = _ITEM_OPENING.fullmatch(text, text.rfind("\n", 0, a) + 1, a) is not None
    head = (
        not opens_item
        and shown[0].islower()
        and bool(before)
        and not before.endswith(("\n\n", ".", "!", "?", ":"))
        and (before[-1].isalnum() or before[-1] in ",;(" or not before.endswith("\n"))
    )
    after = text[b:].lstrip(" \t\n")
    ends_open = shown[-1].isalnum() or shown[-1] in ",;-("
    tail = (
        ends_open
        and shown[-1] != ";"
        and (
            (not after and not by_line and _unfinished(shown))
            or (bool(after) and after[0].islower() and "\n\n" not in text[b : b + 3])
        )
    )
    return head, tail


def _unfinished(shown: str) -> bool:
    """The passage's last words read as a sentence broken off: it ends on a small word ("take a", "of the", "and")
    or a comma, not on a title or a name."""
    last = shown.rsplit(None, 1)[-1].lower()
    return (
        shown[-1] == ","
        or last in SMALL_WORDS
        or last in {"is", "are", "be", "which", "that", "this", "should"}
    )


def _code_ticks(text: str) -> tuple[str, str]:
    """The backticks that make ``text`` a Markdown code span, shown as written: quoted code would otherwise render
    as Markdown ("def __init__(self, *args)" as "def **init**(self, _args)", "# comment" as a heading). One more
    backtick than the longest run inside; a space inside them when the text starts or ends with one."""
    ticks = "`" * (max((len(m) for m in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return ticks + pad, pad + ticks


def _reads_as_loop(spans: list[Span]) -> bool:
    """The sentences as they would be shown (in document order within a source, sources in retrieval order) read
    as a loop to the loop guard: the same sentence inside two different stretches (a docstring repeated in a file),
    a line repeated. Checked on the shown order, as a reader (and the eval) meets them, not the order chosen."""
    shown = sorted(spans, key=lambda sp: (sp.source.n, sp.start))
    return LoopGuard().check(" ".join(" ".join(sp.text.split()) for sp in shown) + " ") is not None
