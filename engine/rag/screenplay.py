"""A screenplay's speeches in an answer (a Fountain script, read a speech a line by engine.index.readers.fountain:
"MAGGIE (V.O.): (quietly) Twenty past. He's late again."): a sentence from inside a speech is shown with who says it
("MAGGIE: He's late again."), as a chat's older message is shown with whose it is."""

from __future__ import annotations

import re
from pathlib import Path

from engine.index import file_type_for
from engine.rag.grounding import Span

# a speech's line as the reader writes it: the cue (in capitals, or a name forced with "@": "McBride"), its
# extensions, a colon
_SPEAKER = re.compile(r"([A-Z0-9][\w .'’\-]*?)(?: \([^)\n]*\))*: ")
# what else the reader writes as "Word: ...": the title page's keys, a synopsis, a note
_NOT_SPEAKERS = frozenset({"title", "credit", "author", "authors", "source", "contact", "copyright", "notes",
                           "revision", "synopsis", "note"})  # fmt: skip


def speaker_label(span: Span) -> str | None:
    """Who says the sentence ``span`` of a screenplay's speech, where the sentence does not start the speech (that
    one opens with the name); None for any other sentence."""
    source = span.source
    if file_type_for(Path(source.path)) != "screenplay":
        return None
    line_start = source.text.rfind("\n", 0, span.start) + 1
    found = _SPEAKER.match(source.text, line_start)
    if found is None or span.start < found.end():
        return None
    name = found.group(1).strip()
    words = name.split()
    if (
        name.lower() in _NOT_SPEAKERS
        or words[0] == "Scene"
        or len(words) > 4
        or any(w[0].islower() for w in words)
    ):
        return None  # "Looks at it: ..." is action, "Draft date: ..." the title page
    return name


# a scene's heading as the reader writes it: "Scene 8, outside: SEA WALL - DUSK.", "Scene 2: FLASHBACK - 1963."
_SCENE = re.compile(r"(?m)^Scene (\S+?)(?:, ([^:\n]+))?: ([^\n]+?)\.?$")


def scene_label(span: Span) -> str | None:
    """The scene a screenplay's sentence is in, shown before it as a journal entry's day is: "Scene 8 (outside, SEA
    WALL - DUSK)", from the scene's heading above it in the passage, else the passage's trail (it starts inside the
    scene); None for a sentence of no scene (the title page), the heading itself, or any other document."""
    source = span.source
    if file_type_for(Path(source.path)) != "screenplay":
        return None
    above = list(_SCENE.finditer(source.text, 0, span.start))
    if above:
        found = above[-1]
    else:
        trail = (source.heading or "").split(" > ")[-1].split(" › ")[-1].strip()
        found = _SCENE.fullmatch(trail)
    line_start = source.text.rfind("\n", 0, span.start) + 1
    if found is None or _SCENE.search(span.text) or source.text.startswith("Synopsis: ", line_start):
        return None  # a synopsis says what it sums up (an act, a sequence) itself
    number, where, place = found.groups()
    return f"Scene {number} ({where}, {place})" if where else f"Scene {number} ({place})"


def scene_heading(span: Span) -> str | None:
    """The place and time of a screenplay's scene heading line as the reader writes it ("Scene 2, inside: DELIVERY
    VAN - CONTINUOUS." -> "DELIVERY VAN - CONTINUOUS"), judged as a heading is (engine.rag.not_answers.form_texts):
    each sentence of the scene is shown after it already; None for any other span."""
    if file_type_for(Path(span.source.path)) != "screenplay":
        return None
    found = _SCENE.fullmatch(span.text.strip())
    return found.group(3) if found else None


def asked_above(span: Span) -> int | None:
    """Where the speech that ``span`` answers starts, in a screenplay: ``span`` opens a speech, and the speech before
    it, by someone else, ends with a question ("JOYCE: Where's the guitar?" over "KIERAN: Pawn shop on Crossley
    Street."): the reply names nothing of what it answers, the question does. None for any other sentence."""
    source = span.source
    text = source.text
    line_start = text.rfind("\n", 0, span.start) + 1
    if span.start > line_start + 40 or file_type_for(Path(source.path)) != "screenplay":
        return None
    own = _SPEAKER.match(text, line_start)
    if own is None or span.start > own.end() or text[line_start : own.start()].strip():
        return None
    end = len(text[:line_start].rstrip())  # the line before, past the blank lines between speeches
    if end == 0 or not text[:end].endswith("?"):
        return None
    start = text.rfind("\n", 0, end) + 1
    asked = _SPEAKER.match(text, start)
    if asked is None or asked.group(1).strip() == own.group(1).strip():
        return None
    names = asked.group(1).split()
    if asked.group(1).strip().lower() in _NOT_SPEAKERS or names[0] == "Scene" or len(names) > 4:
        return None
    return start
