"""A speech-to-text transcript as JSON: what openai-whisper writes (``--output_format json``) and what MacWhisper and
other Whisper apps export, read as what was said, when and by whom.

The file is one object: the whole ``text``, the ``language``, and ``segments``, each with its ``start`` and ``end``
(seconds into the recording), its ``text`` (a leading space, a sentence or part of one) and the decoder's figures
(``tokens``, ``avg_logprob``, ``no_speech_prob`` ...); an app that tells speakers apart adds a ``speaker`` to each.
Read as code, an answer quoted ``"start": 754.2, "end": 758.9, "text": " and the boiler's about"``.

Here the segments are joined into sentences, each a line opening with when it was said and who said it ("12:34 Dr
Patel: The boiler is about twelve years old."): a line runs on over segments of one speaker until a sentence ends, the
speaker changes or a pause of PAUSE_SECONDS falls, and opens with the first one's time (minutes and seconds, hours
beyond an hour); each run is a paragraph, and the transcript is stored as a chat's messages are, so an answer that
quotes a later sentence of a run says whose it is and when ("Dr Patel (12:34): ...", engine.rag.replies). The whole
``text`` is not read again. Every line is anchored at its first segment's "text" in the
file, so a citation names the segments' lines. A file of another shape is read as code (``read_whisper`` is None).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.index.document import Page, line_page, line_starts, source_place
from engine.index.readers.json_spans import members, top_array

READER_VERSION = (
    3  # 3: a run a paragraph, read as a chat's messages; 2: a sentence a paragraph; 1: a run a line
)

PAUSE_SECONDS = 2.0  # a silence this long ends a line, sentence or not
MAX_LINE_CHARS = 600  # a line without a sentence's end is cut here
_SENTENCE_END = re.compile(r"[.!?…][\"'’”)\]]*$")


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
    segments = top_array(text, "segments")
    if segments is None:
        return None
    starts = line_starts(text)
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    run: list[str] = []  # the line being joined: its words so far
    head: tuple[str, tuple[int, int]] | None = None  # its opening and where its first segment's words are
    last_end, last_speaker = None, None

    def flush() -> None:
        nonlocal head
        if head is not None and run:
            said = " ".join(" ".join(run).split())
            lines.append((f"{head[0]} {said}", [(0, *head[1])]))
        run.clear()
        head = None

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
        if run and (speaker != last_speaker or paused or sum(map(len, run)) > MAX_LINE_CHARS):
            flush()
        if not run:
            keys = {k: a for k, _v, a, _e in members(text, at)}
            opening = (when(start) if start is not None else "") + (f" {speaker}:" if speaker else "")
            head = (opening.strip(), source_place(starts, keys.get("text", at)))
        run.append(segment["text"].strip())
        end = segment.get("end")
        last_end = float(end) if isinstance(end, (int, float)) and not isinstance(end, bool) else start
        last_speaker = speaker
        if _SENTENCE_END.search(run[-1]):
            flush()
    flush()
    # a run a paragraph: none runs on into the next one's opening ("... same fob. 20:06 Owen: ...")
    return line_page(lines, sep="\n\n") if lines else None
