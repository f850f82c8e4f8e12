"""Passages that begin and end with whole sentences.

A chunk may begin inside a sentence (the overlap with the chunk before it starts some tokens back; a paragraph too
long for one chunk is cut at a token) or end inside one. Shown alone, such a passage's first sentence reads "or
equivalent fake environments, or less secure due to the increased dangers ..." and its last "... with the additional
step of subtracting the". Before an answer is made, each retrieved passage takes back from the chunks just before
and after it in its document (``IndexStore.adjacent_chunks``) the rest of the sentences it cuts, up to
MAX_EXTEND_CHARS at either end, and its lines and offsets are moved to match, so a citation still names the lines it
quotes. Only where the neighbour continues the passage (its text overlaps or abuts the passage's on the same page):
a chunk after a gap began a paragraph. In source code the unit is the line, not the sentence (a docstring's sentence
would pull in half a function). Plain SQLite and string work, no MLX: one small query per answer, in the answer's
own step after retrieval.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Sequence
from typing import Any

from engine.index import line_breaks
from engine.rag.citations import segments
from engine.rag.code_comments import comment_prose
from engine.rag.shown_span import LEADS_ON, SENTENCE_END, goes_on
from engine.rag.source_lines import mapped_lines
from engine.rag.tuning import INTRO_EXTEND_CHARS, MAX_EXTEND_CHARS, MAX_LIST_EXTEND_CHARS

log = logging.getLogger(__name__)

_RULE = re.compile(r"^[ \t]*[=\-~^*#]{3,}[ \t]*$", re.MULTILINE)  # a heading's underline, a horizontal rule
_ITEM_GOES_ON = re.compile(r";(?:[ \t]+(?:and|or))?[ \t]*$")  # a list item that another follows
# how a list item opens: a mark ("-", "(b)", "3.") or the term it describes ("crit: ...", "local0 to local7: ...")
_ITEM_OPENS = re.compile(r"(?:[-*\u2022]|\(?[a-z0-9]{1,3}[.)]|[\w.\-/]+(?:[ \t]+[\w.\-/]+){0,3}:)[ \t]")
# the block that follows a line end, up to a blank line
_DISPLAY = re.compile(r"[ \t]*\n(?:[ \t]*\n)*([ \t]*\S.*?)(?=\n[ \t]*\n|\s*$)", re.DOTALL)
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
_PROBE_CHARS = 32  # where offsets are not the text's own (HTML), an overlap is found by this much of its text


def whole_sentences(store, items: Sequence[Any]) -> list[Any]:
    """``items`` (search hits, reranked items, stored chunks: text, lines and a chunk id), each extended to
    the sentences it cuts; an item without a chunk id, or whose chunks are gone from ``store``, is kept as it
    is."""
    ids = [i for i in map(_chunk_id, items) if i is not None]
    if not ids:
        return list(items)
    near = store.adjacent_chunks(ids)
    out = []
    for it in items:
        prev, rec, nxt = near.get(_chunk_id(it), (None, None, None))
        if rec is None or rec.text != it.text:
            out.append(it)
            continue
        out.append(_extended(it, rec, _lead(prev, rec), _tail(rec, nxt)))
    return out


def _chunk_id(item) -> int | None:
    """The stored chunk ``item`` is (a hit's ``chunk_id``, a stored chunk's ``id``), as ``sources_from`` reads it."""
    return getattr(item, "chunk_id", None) or getattr(item, "id", None)


def _exact(rec) -> bool:
    """The chunk's offsets index its own text (plain formats; HTML offsets are the markup's)."""
    return rec.char_end - rec.char_start == len(rec.text)


def _lead(prev, cur) -> str:
    """The text of ``prev`` before where ``cur`` begins, when ``cur`` continues it; "" otherwise."""
    if prev is None or prev.page != cur.page or not cur.text:
        return ""
    if _exact(prev) and _exact(cur):
        ov = prev.char_end - cur.char_start
        cut = len(prev.text) - ov
        return prev.text[:cut] if 0 <= ov <= len(prev.text) and cur.text.startswith(prev.text[cut:]) else ""
    probe = cur.text[:_PROBE_CHARS]
    at = prev.text.rfind(probe)
    while at > 0:
        if cur.text.startswith(prev.text[at:]):
            return prev.text[:at]
        at = prev.text.rfind(probe, 0, at + len(probe) - 1)
    return ""


def _tail(cur, nxt) -> str:
    """The text of ``nxt`` after where ``cur`` ends, when it continues ``cur``; "" otherwise."""
    if nxt is None or nxt.page != cur.page or not cur.text:
        return ""
    if _exact(cur) and _exact(nxt):
        ov = cur.char_end - nxt.char_start
        return nxt.text[ov:] if 0 <= ov <= len(nxt.text) and cur.text.endswith(nxt.text[:ov]) else ""
    probe = cur.text[-_PROBE_CHARS:]
    at = nxt.text.find(probe)
    while at >= 0:
        end = at + len(probe)
        if cur.text.endswith(nxt.text[:end]) and end < len(nxt.text):
            return nxt.text[end:]
        at = nxt.text.find(probe, at + 1)
    return ""


def _list_rest(text: str, after: str) -> int:
    """How much of ``after`` (what follows a passage in its document) ends the list the passage ends inside: a
    passage whose last line is an item ending with ";" ("alert: hurry up, ... immediately;") stops in the middle of
    its list, and the next chunk holds the rest ("crit: conditions are critical;" ... "debug: debugging message.").
    Its lines are taken up to the one that ends with a full stop, when each opens as an item (``_ITEM_OPENS``), each
    line before the last ends with ";" (or "; and", "; or") and all fit in MAX_LIST_EXTEND_CHARS; 0 otherwise."""
    last = text.rstrip().rsplit("\n", 1)[-1].strip()
    if not _ITEM_GOES_ON.search(last) or not _ITEM_OPENS.match(last):
        return 0
    pos = 0
    for line in after.split("\n"):
        pos += len(line) + 1
        item = line.strip()
        if pos > MAX_LIST_EXTEND_CHARS:
            return 0
        if not item:
            continue
        if not _ITEM_OPENS.match(item):
            return 0  # prose after the list, not an item of it
        if item.endswith("."):
            return pos - 1 - (len(line) - len(line.rstrip()))
        if not _ITEM_GOES_ON.search(item):
            return 0
    return 0


def _introduced(text: str, after: str) -> int:
    """How much of ``after`` (what follows a passage in its document) is the display its last sentence introduces:
    a passage that ends with "... to get better compression, do:" or "You can test a build by running" (a chunk
    often ends just there) leaves out the command it leads to ("gzip -cd old.gz | gzip > new.gz", "make check"),
    which the next chunk holds. The next block (up to a blank line) is taken when it starts on a line of its own and
    is at most INTRO_EXTEND_CHARS long; after a word that leads on (``LEADS_ON``) only when it ends no sentence, as
    a command does. 0 otherwise."""
    last = text.rstrip()
    colon = last.endswith(":")
    if not colon and not LEADS_ON.search(last):
        return 0
    m = _DISPLAY.match(after)
    if m is None or len(m.group(1).strip()) > INTRO_EXTEND_CHARS:
        return 0
    if not colon and SENTENCE_END.search(m.group(1).rstrip()):
        return 0
    return m.end(1)


def _carried_on(window: str, b: int) -> int:
    """Where the sentence after a passage (ending at ``b`` of ``window``) ends, when it is in the passage's
    paragraph and carries on its last one (``goes_on``: "The user might still be able to access the system using an
    SSH key." / "To prevent even this possibility you have to expire the account as well ..."), within
    MAX_EXTEND_CHARS; ``b`` otherwise. A chunk that ends just before such a sentence would show the problem without
    its remedy, or a statement without its "However"."""
    for s, e in segments(window):
        if s < b:
            continue
        if _PARAGRAPH_BREAK.search(window, b, s) or e - b > MAX_EXTEND_CHARS or not goes_on(window[s:e]):
            return b
        return e
    return b


def _comment_sentence_end(window: str, end: int, b: int) -> int:
    """Where the comment sentence that the line ending at ``end`` leaves unfinished ends: on the comment's next lines,
    the first whose words end a sentence, within MAX_EXTEND_CHARS of ``b``; ``end`` when that line ends one, is no
    comment, or none does."""
    last = window[window.rfind("\n", 0, end) + 1 : end]
    words = comment_prose(last)
    if not words or SENTENCE_END.search(words):
        return end
    pos = end
    while pos < len(window) and pos - b <= MAX_EXTEND_CHARS:
        stop = window.find("\n", pos + 1)
        stop = len(window) if stop < 0 else stop
        words = comment_prose(window[pos + 1 : stop])
        if not words:  # code, a blank line, a line of marks: the sentence was left as it is
            return end
        if SENTENCE_END.search(words):
            return stop if stop - b <= MAX_EXTEND_CHARS else end
        pos = stop
    return end


def _comment_sentence_start(window: str, start: int, a: int) -> int:
    """Where the comment sentence that the line at ``start`` goes on with begins: back over the comment's lines to
    the first after one whose words end a sentence, within MAX_EXTEND_CHARS of ``a``; ``start`` when the line before
    ends one, or is no comment."""
    stop = window.find("\n", start)
    if not comment_prose(window[start : stop if stop >= 0 else len(window)]):
        return start  # the passage opens with code
    pos = start
    while pos > 0:
        before = window.rfind("\n", 0, pos - 1) + 1
        words = comment_prose(window[before : pos - 1])
        if not words or SENTENCE_END.search(words) or a - before > MAX_EXTEND_CHARS:
            return pos
        pos = before
    return pos


def _extended(item, rec, lead: str, tail: str):
    """``item`` with its text running from the start of the sentence it begins inside (in ``lead``) to the end
    of the one it ends inside (in ``tail``), each when within MAX_EXTEND_CHARS; ``item`` itself when neither."""
    text = item.text
    window = lead + text + tail
    a, b = len(lead), len(lead) + len(text)
    start, end = a, b
    if rec.file_type == "code":  # source code: a "sentence" may run over many lines; its unit is the line
        s, e = window.rfind("\n", 0, a) + 1, window.find("\n", b)
        e = len(window) if e < 0 else e
        start = s if a - s <= MAX_EXTEND_CHARS else a
        end = e if e - b <= MAX_EXTEND_CHARS and window[b - 1 : b] != "\n" else b
        # ... and a comment's sentence, which runs over the comment's lines ("... not half an" / "hour into it.")
        start, end = _comment_sentence_start(window, start, a), _comment_sentence_end(window, end, b)
    else:
        for s, e in segments(window):
            if s < a < e and a - s <= MAX_EXTEND_CHARS:
                start = s
            if s < b < e and e - b <= MAX_EXTEND_CHARS:
                end = e
    if end == b and tail:
        rest = window[b:]
        end = b + _list_rest(text, rest)
        if (
            end == b and rec.file_type != "code"
        ):  # prose: the display it introduces, else a sentence carrying it on
            shown = _introduced(text, rest)
            end = b + shown if shown else _carried_on(window, b)
    if _RULE.search(window, start, a):
        start = a  # the underline of a heading is no part of the sentence after it
    if _RULE.search(window, b, end):
        end = b  # nor of the heading line a chunk ends with ("Specification" / "-------------")
    if (start, end) == (a, b):
        return item
    new = window[start:end]
    changes: dict[str, Any] = {"text": new}
    names = {f.name for f in dataclasses.fields(item)}
    char_start = rec.char_start - (a - start) if _exact(rec) else rec.char_start
    if item.line_start is not None:
        lines = mapped_lines(rec.path, char_start, new, 0, len(new))
        if lines is None:
            lines = (item.line_start - line_breaks(rec.path, window, start, a),
                     (item.line_end or item.line_start) + line_breaks(rec.path, window, b, end))  # fmt: skip
        changes["line_start"], changes["line_end"] = lines
    if "char_start" in names and _exact(rec):
        changes["char_start"], changes["char_end"] = char_start, rec.char_end + (end - b)
    log.debug("passage %s extended by %d and %d characters to whole sentences", rec.id, a - start, end - b)
    return dataclasses.replace(item, **changes)
