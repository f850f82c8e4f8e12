"""Subtitles and transcripts (SubRip ``.srt``, WebVTT ``.vtt``): what is said, as paragraphs, at the file's lines.

A caption file cuts speech into cues of a line or two, each under a number and a time line. Read as plain text, a
sentence that runs over three cues holds two numbers and two time lines in the middle, and an answer quotes "What is
actually going on when a radiator needs" or "6 00:00:29,900 --> 00:00:33,900 your boiler that most people have
never touched." Here the cues' words run on as prose:

- one paragraph per speaker's turn (a caption that opens with a name and a colon, "NADIA:" or "Nadia Brennan:", or a
  WebVTT voice ``<v Nadia>``), or after a pause of at least PAUSE_SECONDS between cues, or once a paragraph holds
  PARAGRAPH_CHARS and its last cue ended a sentence;
- each paragraph is headed by the time it starts (``Page.trails``: "at 13:32"), which Search and an answer's
  sources show;
- markup is left out: tags (``<i>``, ``<c.yellow>``, ``<00:01:02.000>``), SubRip's ``{\\an8}``, WebVTT's header,
  ``NOTE``, ``STYLE`` and ``REGION`` blocks, cue identifiers and cue settings; HTML entities are read as characters;
- a roll-up caption's repeated line (auto-generated captions repeat the last line of the cue before) is read once.

Every piece of text keeps its file line and character through the page's anchors (``Page.anchors``), so a citation
names the cue's lines in the file, as an HTML page's names its source lines.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from engine.index.document import Block, Page, line_starts
from engine.index.readers.anchored import as_text

READER_VERSION = 1
PAUSE_SECONDS = 3.0  # a silence this long between two cues starts a new paragraph
PARAGRAPH_CHARS = 600  # a paragraph this long ends with the next cue that ends a sentence

_TIME = r"(?:(\d+):)?(\d{1,2}):(\d{2})[,.](\d{1,3})"
_CUE_TIME = re.compile(rf"^[ \t]*{_TIME}[ \t]*-->[ \t]*{_TIME}")
_VOICE = re.compile(r"<v(?:\.[\w.-]+)?[ \t]+([^>]+)>")
_TAG = re.compile(r"<[^>\n]*>|\{\\[^}\n]*\}")
_LEAD = re.compile(r"(?:[ \t]+|<[^>\n]*>|\{\\[^}\n]*\})*")
# a caption that opens with who speaks: "NADIA:", "Nadia Brennan:", "DR. OKAFOR:" (up to four words)
_SPEAKER = re.compile(r"((?:[A-Z][\w.'\-]*)(?:[ \t]+[A-Z][\w.'\-]*){0,3}):[ \t]+\S")
_VTT_BLOCK = re.compile(r"(?:WEBVTT|NOTE|STYLE|REGION)(?:[ \t]|$)")
_SENTENCE_END = re.compile(r"[.!?…][\"'’”)\]]*$")
_LONG_DASH_OPEN = re.compile(r"[-–—][ \t]+")  # "- Is it on?" / "- Yes.": two speakers in one cue


def _seconds(groups: tuple[str | None, ...]) -> float:
    hours, minutes, seconds, millis = groups
    return int(hours or 0) * 3600 + int(minutes) * 60 + int(seconds) + int(millis.ljust(3, "0")) / 1000


def _clock(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def extract_subtitles(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of a caption file's text (``text``: decoded, newlines as "\\n"): its cues' words as paragraphs,
    anchored to the file's lines. A file with no cue reads as its text (nothing is lost)."""
    lines = text.split("\n")
    starts = line_starts(text)
    cues: list[
        tuple[float, float, list[tuple[int, int, str]]]
    ] = []  # (start s, end s, [(line, char, words)])
    i = 0
    while i < len(lines):
        if i % 2048 == 0:
            check()
        line = lines[i].lstrip("\ufeff")
        m = _CUE_TIME.match(line)
        if _VTT_BLOCK.match(line) and m is None:
            while (
                i < len(lines) and lines[i].strip()
            ):  # a header, NOTE, STYLE or REGION block: to its blank line
                i += 1
            continue
        if m is None:
            i += 1  # a cue number or identifier, a blank line
            continue
        start, end = _seconds(m.groups()[:4]), _seconds(m.groups()[4:])
        said = []
        i += 1
        while i < len(lines) and lines[i].strip() and not _CUE_TIME.match(lines[i]):
            raw = lines[i]
            voice = _VOICE.search(raw)
            words = " ".join(html.unescape(_TAG.sub("", raw)).split())
            if voice and words:
                words = f"{voice.group(1).strip()}: {words}"
            if words:
                lead = _LEAD.match(raw).end()  # where the words start: after any indent and opening tags
                said.append((i + 1, starts[i] + lead, words))
            i += 1
        if said:
            cues.append((start, end, said))
    if not cues:
        return as_text(text)
    out: list[str] = []
    anchors: list[tuple[int, int, int]] = []
    blocks: list[Block] = []
    trails: list[tuple[int, str]] = []
    size, para_start, prev_end, prev_last = 0, None, None, ""
    for start, end, said in cues:
        if said[0][2] == prev_last:
            said = said[1:]  # a roll-up caption: its first line is the last line of the cue before
            if not said:
                prev_end = end
                continue
        first = said[0][2]
        turn = _SPEAKER.match(first) is not None or _LONG_DASH_OPEN.match(first) is not None
        pause = prev_end is not None and start - prev_end >= PAUSE_SECONDS
        long = (
            para_start is not None
            and size - para_start >= PARAGRAPH_CHARS
            and _SENTENCE_END.search(prev_last)
        )
        if para_start is None or turn or pause or long:
            if para_start is not None:
                blocks.append(Block(para_start, size))
                out.append("\n\n")
                size += 2
            para_start = size
            trails.append((size, f"at {_clock(start)}"))
        for line_no, char, words in said:
            if size > para_start:
                out.append(" ")
                size += 1
            anchors.append((size, line_no, char))
            out.append(words)
            size += len(words)
        prev_end, prev_last = end, said[-1][2]
    blocks.append(Block(para_start, size))
    return Page("".join(out), tuple(blocks), anchors=tuple(anchors), trails=tuple(trails))
