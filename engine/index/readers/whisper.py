"""A speech-to-text transcript as JSON: what openai-whisper writes (``--output_format json``) and what MacWhisper and
other Whisper apps export, read as what was said, when and by whom.

The file is one object: the whole ``text``, the ``language``, and ``segments``, each with its ``start`` and ``end``
(seconds into the recording), its ``text`` (a leading space, a sentence or part of one) and the decoder's figures
(``tokens``, ``avg_logprob``, ``no_speech_prob`` ...); an app that tells speakers apart adds a ``speaker`` to each.
Read as code, an answer quoted ``"start": 754.2, "end": 758.9, "text": " and the boiler's about"``.

Here the segments are joined into sentences, each a paragraph opening with when it was said and who said it ("12:34
Dr Patel: The boiler is about twelve years old."): segments of one speaker run on until a sentence ends, the speaker
changes or a pause of PAUSE_SECONDS falls; each sentence of the run opens with the time of the segment it starts in
(minutes and seconds, hours beyond an hour), so a quoted sentence always says when and by whom. The whole ``text`` is not read again. Every line is anchored at its first segment's "text" in the
file, so a citation names the segments' lines. A file of another shape is read as code (``read_whisper`` is None).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.index.document import Page, line_page, line_starts, source_place
from engine.index.readers.json_spans import elements, members, skip

READER_VERSION = 2  # 2: a sentence a paragraph, each with its segment's time and speaker; 1: a run a line

PAUSE_SECONDS = 2.0  # a silence this long ends a line, sentence or not
MAX_LINE_CHARS = 600  # a line without a sentence's end is cut here
_SENTENCE_END = re.compile(r"[.!?…][\"'’”)\]]*$")
# where one sentence ends and the next starts within a segment's words: "... for this flat. It's sixty pounds ..."
_SENTENCE_BREAK = re.compile(r"(?<=[a-z0-9%)][.!?])\s+(?=[\"'‘“(]?[A-Z0-9])")


def is_whisper(text: str) -> bool:
    head = text[:65536]
    return '"segments"' in head and '"start"' in head and '"end"' in head and '"text"' in head


def when(seconds: float) -> str:
    """Seconds into a recording as a player shows them: "12:34", "1:02:05"."""
    total = int(seconds)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def read_whisper(text: str, check: Callable[[], None] = lambda: None) -> Page | None:
    """The page of a Whisper transcript's JSON; None when ``text`` is not one."""
    if not is_whisper(text):
        return None
    try:
        top = {k: a for k, _v, a, _e in members(text, skip(text, text.find("{")))}
        if "segments" not in top:
            return None
        segments = list(elements(text, text.find("[", top["segments"])))
    except (ValueError, RecursionError, IndexError):
        return None
    starts = line_starts(text)
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    run: list[
        tuple[str, str, tuple[int, int]]
    ] = []  # the run being joined: (opening, words, where) a segment
    last_end, last_speaker = None, None

    def flush() -> None:
        """The run's sentences, a line each, opening with the time and speaker of the segment it starts in."""
        joined, begins = "", []
        for opening, words, where in run:
            begins.append((len(joined) + (1 if joined else 0), opening, where))
            joined = f"{joined} {words}" if joined else words
        cut = 0
        for m in list(_SENTENCE_BREAK.finditer(joined)) + [None]:
            end = m.start() + 1 if m is not None else len(joined)
            said = " ".join(joined[cut:end].split())
            if said:
                opening, where = next((o, w) for at, o, w in reversed(begins) if at <= cut)
                lines.append((f"{opening} {said}".strip(), [(0, *where)]))
            cut = m.end() if m is not None else end
        run.clear()

    for n, (segment, at, _end) in enumerate(segments):
        if n % 512 == 0:
            check()
        if (
            not isinstance(segment, dict)
            or not isinstance(segment.get("text"), str)
            or not segment["text"].strip()
        ):
            continue
        start = segment.get("start")
        start = float(start) if isinstance(start, (int, float)) and not isinstance(start, bool) else None
        speaker = segment.get("speaker")
        speaker = " ".join(speaker.split()) if isinstance(speaker, str) and speaker.strip() else None
        paused = start is not None and last_end is not None and start - last_end >= PAUSE_SECONDS
        if run and (speaker != last_speaker or paused or sum(len(w) for _o, w, _a in run) > MAX_LINE_CHARS):
            flush()
        keys = {k: a for k, _v, a, _e in members(text, at)}
        opening = ((when(start) if start is not None else "") + (f" {speaker}:" if speaker else "")).strip()
        run.append((opening, segment["text"].strip(), source_place(starts, keys.get("text", at))))
        end = segment.get("end")
        last_end = float(end) if isinstance(end, (int, float)) and not isinstance(end, bool) else start
        last_speaker = speaker
        if _SENTENCE_END.search(run[-1][1]):
            flush()
    flush()
    # a sentence a paragraph: none runs on into the next one's opening ("... same fob. 20:06 Owen: ...")
    return line_page(lines, sep="\n\n") if lines else None
