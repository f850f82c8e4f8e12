"""Screenplays in Fountain (``.fountain``: the plain-text format Highland, Slugline, Fade In and Final Draft read and
write), read as a script reads, not as its marks.

Fountain says what each line is by its shape: a title page of ``Key: value`` lines, scene headings ("INT. LOCK
COTTAGE - NIGHT", or forced with a leading "."), a CHARACTER cue in capitals (or forced with "@", "^" for dual
dialogue) over parentheticals and dialogue, transitions ("CUT TO:", or forced with ">"), centred text (">THE END<"),
sections ("#"), synopses ("="), notes ("[[...]]"), lyrics ("~"), page breaks ("===") and a boneyard ("/* ... */", text
cut from the script). Read as plain text, a line of dialogue stands apart from the name of who says it, and
"**bold**" keeps its stars.

Here each speech is one line with its speaker: "MAGGIE (V.O.): (quietly) I told you she'd come back." A scene reads
under its heading (the page's trail: "Scene 3: INT. LOCK COTTAGE - KITCHEN - NIGHT"), its action as paragraphs, a
synopsis as "Synopsis: ..." and a note as "(note: ...)". The title page reads as its lines ("Title: The Last Ferry.",
"Contact: ..., ..."). Emphasis marks are dropped; the boneyard and page breaks are not read. Every line is anchored at
the file's line it comes from, so a citation names the script's own lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.index.document import Page, joined_line, line_page, line_starts, source_place

READER_VERSION = 1

_MARKED_MAX = (
    4000  # a longer line keeps its emphasis marks (no regular expression runs long over a hostile line)
)
_TITLE_KEY = re.compile(r"([A-Za-z][A-Za-z ]{0,30}):[ \t]*(.*)$")
_SCENE = re.compile(r"(?i)(?:int|ext|est|int\.?/ext|i/e)[. ]")
# a scene heading's opening word and what it says: "INT." inside, "EXT." outside
_PLACE = re.compile(r"(?i)(int\.?/ext|i/e|int|ext|est)\.?\s+")
_WHERE = {"int": "inside", "ext": "outside", "int/ext": "inside and outside", "i/e": "inside and outside",
          "est": "establishing shot"}  # fmt: skip
_SCENE_NUMBER = re.compile(r"\s*#([\w.\-]+)#\s*$")
_TRANSITION = re.compile(r"[A-Z0-9 .'\-]+TO:$")
_CENTERED = re.compile(r">\s*(.*?)\s*<$")
_EXTENSION = re.compile(r"\s*(\([^)]*\))\s*")
_EMPHASIS = re.compile(r"(?<!\\)(\*{1,3}|_)(?=\S)(.+?)(?<=\S)(?<!\\)\1")
_ESCAPED = re.compile(r"\\([*_\\])")
_PAGE_BREAK = re.compile(r"={3,}\s*$")
_END = re.compile(r"[.!?:;…][\"'’”)\]]*$")


def is_fountain_cue(line: str) -> bool:
    """A CHARACTER cue: a line in capitals (one letter at least, an extension such as "(V.O.)" aside), or one forced
    with "@"."""
    line = line.strip()
    if line.startswith("@"):
        return len(line) > 1
    name = _EXTENSION.sub(" ", line.rstrip("^").strip()).strip()
    return bool(name) and any(c.isalpha() for c in name) and name == name.upper() and not name.endswith(":")


def _plain(text: str) -> str:
    """Emphasis marks dropped, escapes undone, a note as "(note: ...)" (one over lines: its ends in each)."""
    text = text.replace("[[", "(note: ").replace("]]", ")").replace("(note: )", "")
    for _ in range(3 if len(text) <= _MARKED_MAX else 0):  # "***bold italic***", nested "_*...*_"
        text = _EMPHASIS.sub(r"\2", text)
    return " ".join(_ESCAPED.sub(r"\1", text).split())


def _blank_boneyard(text: str) -> str:
    """The boneyard ("/* ... */", text cut from the script) as spaces, its line breaks kept: every line keeps its
    number. One pass; an opener with no closer blanks the rest."""
    parts, pos = [], 0
    while (start := text.find("/*", pos)) >= 0:
        end = text.find("*/", start + 2)
        end = len(text) if end < 0 else end + 2
        parts += [text[pos:start], re.sub(r"[^\n]", " ", text[start:end])]
        pos = end
    return "".join([*parts, text[pos:]])


def _sentence(text: str) -> str:
    return text if not text or _END.search(text) else text + "."


def read_fountain(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of a Fountain screenplay in words (see the module's docstring)."""
    text = _blank_boneyard(text)
    starts = line_starts(text)
    raw = text.split("\n")
    offsets = [0]
    for line in raw[:-1]:
        offsets.append(offsets[-1] + len(line) + 1)
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    trails: list[tuple[int, str]] = []

    def emit(said: str | list[tuple[str, int]], at: list[int]) -> None:
        """A line of the page: ``said`` anchored at the first of the source lines ``at`` (indices into ``raw``), or
        pieces (text, the source line's index) joined by spaces, each anchored at its own line."""
        if isinstance(said, str):
            if said:
                lines.append((said, [(0, *source_place(starts, offsets[at[0]]))] if at else []))
            return
        line = joined_line([(piece, source_place(starts, offsets[n])) for piece, n in said])
        if line is not None:
            lines.append(line)

    i = 0
    # the title page: "Key: value" lines, a value going on in indented lines, up to the first blank line
    while i < len(raw) and not raw[i].strip():
        i += 1
    if i < len(raw) and _TITLE_KEY.match(raw[i]) and not _SCENE.match(raw[i]):
        trails.append((len(lines), "Title page"))
        keys: list[tuple[str, list[str], int]] = []  # (key, its values, its line)
        while i < len(raw) and raw[i].strip():
            found = _TITLE_KEY.match(raw[i]) if not raw[i][:1].isspace() else None
            if found:
                keys.append((found.group(1).strip(), [], i))
                if found.group(2).strip():
                    keys[-1][1].append(_plain(found.group(2)))
            elif keys:
                keys[-1][1].append(_plain(raw[i]))
            i += 1
        k = 0
        while k < len(keys):
            key, values, at = keys[k]
            pieces: list[tuple[str, int]] = []
            if key.lower() == "title" and values and k + 1 < len(keys) and keys[k + 1][0].lower() == "credit":
                pieces.append((f"{key}: {' '.join(values)},", at))  # the title with its credit: one sentence
                k += 1
                key, values, at = keys[k]
            nxt = keys[k + 1] if k + 1 < len(keys) else None
            if (
                key.lower() == "credit"
                and nxt is not None
                and nxt[0].lower() in ("author", "authors")
                and nxt[1]
            ):
                # "Credit: Written by" over "Author: Ruth Calloway": "Written by Ruth Calloway." (as the page shows it)
                credit = " ".join(values) or "by"
                credit = credit[:1].lower() + credit[1:] if pieces else credit[:1].upper() + credit[1:]
                emit([*pieces, (credit, at), (_sentence(", ".join(nxt[1])), nxt[2])], [at])
                k += 2
                continue
            if pieces:
                emit([(pieces[0][0][:-1] + ".", pieces[0][1])], [pieces[0][1]])
            emit(_sentence(f"{key}: {', '.join(values)}" if values else f"{key}:"), [at])
            k += 1
    scene = 0
    section: list[str] = []
    count = 0
    while i < len(raw):
        count += 1
        if count % 512 == 0:
            check()
        if not raw[i].strip():
            i += 1
            continue
        first = i
        while i < len(raw) and raw[i].strip():  # a paragraph: the lines up to a blank one
            i += 1
        group = list(range(first, i))
        _element(group, raw, emit, lines, trails, section)
        if _is_scene(raw[first]):
            scene += 1
            number = _SCENE_NUMBER.search(raw[first])  # "#12A#": the script's own scene number
            said = scene_heading(raw[first], number.group(1) if number else str(scene))
            trails.append((len(lines), " › ".join([*section, said])))
            emit(_sentence(said), [first])
            rest = group[1:]
            if rest:
                _element(rest, raw, emit, lines, trails, section)
    if not lines:
        return Page(text, ())
    return line_page(lines, trails, sep="\n\n")  # each piece a paragraph: none reads on into the next


def _is_scene(line: str) -> bool:
    s = line.strip()
    return (s.startswith(".") and not s.startswith("..") and len(s) > 1) or bool(_SCENE.match(s))


def scene_heading(line: str, number: str) -> str:
    """ "Scene 3, inside: LOCK COTTAGE - NIGHT" for "INT. LOCK COTTAGE - NIGHT": where it is in words, never an "INT."
    that reads as the end of a sentence; a forced heading as it is written ("Scene 4: FLASHBACK")."""
    s = _SCENE_NUMBER.sub("", line.strip())
    if s.startswith("."):
        return f"Scene {number}: {_plain(s[1:])}"
    found = _PLACE.match(s)
    where = _WHERE.get(found.group(1).lower().replace(".", ""), "") if found else ""
    rest = _plain(s[found.end() :]) if found else _plain(s)
    return f"Scene {number}, {where}: {rest}" if where and rest else f"Scene {number}: {_plain(s)}"


def _element(group, raw, emit, lines, trails, section) -> None:
    """One paragraph of the script (its lines' indices ``group``) written as the page's lines; a scene heading is
    left to the caller."""
    first = raw[group[0]].strip()
    if _is_scene(first):
        return
    if _PAGE_BREAK.match(first) and len(group) == 1:
        return
    if first.startswith("#"):  # sections: "# Act One", "## The flood"
        for n in group:
            s = raw[n].strip()
            depth = len(s) - len(s.lstrip("#"))
            title = _plain(s.lstrip("#"))
            if title:
                del section[max(depth - 1, 0) :]
                section.append(title)
                trails.append((len(lines), " › ".join(section)))
                emit(_sentence(title), [n])
        return
    if first.startswith("=") and not first.startswith("==="):  # synopses
        emit(_sentence("Synopsis: " + _plain(" ".join(raw[n].strip().lstrip("=") for n in group))), group)
        return
    if len(group) == 1 and (_CENTERED.match(first) or first.startswith(">")):
        centred = _CENTERED.match(first)
        emit(_plain(centred.group(1) if centred else first[1:]), group)
        return
    if len(group) == 1 and _TRANSITION.fullmatch(first):
        emit(first, group)
        return
    if first.startswith("!"):  # forced action
        _action(group, raw, emit, force=True)
        return
    if len(group) > 1 and is_fountain_cue(first) and not raw[group[0]][:1].isspace():
        _speech(group, raw, emit)
        return
    if first.startswith("~"):
        emit(_sentence("(sung) " + _plain(" ".join(raw[n].strip().lstrip("~") for n in group))), group)
        return
    if (
        first.startswith("[[")
        and first.endswith("]]")
        or (first.startswith("[[") and raw[group[-1]].strip().endswith("]]"))
    ):
        note = " ".join(raw[n].strip() for n in group)[2:-2]
        emit(_sentence("Note: " + _plain(note)), group)
        return
    _action(group, raw, emit)


def _action(group, raw, emit, force: bool = False) -> None:
    pieces = []
    for k, n in enumerate(group):
        s = raw[n].strip()
        pieces.append((_plain(s[1:] if force and k == 0 else s), n))
    emit(pieces, group)


def _speech(group, raw, emit) -> None:
    """A cue with its parentheticals, dialogue and lyrics: "NAME (V.O.): (quietly) words ..." as one line."""
    cue = raw[group[0]].strip()
    cue = cue[1:] if cue.startswith("@") else cue
    cue = cue.rstrip().rstrip("^").rstrip()
    extensions = " ".join(_EXTENSION.findall(cue))
    name = _EXTENSION.sub(" ", cue).strip()
    speaker = f"{name} {extensions}".strip()
    pieces = [(f"{speaker}:", group[0])]
    for n in group[1:]:
        s = raw[n].strip()
        pieces.append((_plain("(sung) " + s[1:].strip() if s.startswith("~") else s), n))
    emit(pieces, group)
