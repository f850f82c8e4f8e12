"""Chess games in PGN (``.pgn``: what lichess, chess.com, ChessBase, SCID and every chess app export) read as a player
reads a game's sheet and its notes, not as tags and move tokens.

A game is its tags (``[White "Pike, Alan"]``, ``[Date "2026.03.14"]``, ``[Result "1-0"]``, ``[ECO "B90"]`` ...)
then its moves, with the player's notes in braces (``{I missed the fork here}``), glyphs and numbered annotations
(``!``, ``?``, ``$2``), and variations in parentheses. Read as text, an answer quoted ``[White "Pike, Alan"]`` and a
note lost the move it is about.

Here each game is a paragraph headed by who played whom: "Alan Pike (White, 1850) against Mary Chen (Black, 1720),
Leeds Club Championship, Leeds, round 3, 14 March 2026." then its result in words ("Result: 1-0, Alan Pike won."),
its opening ("Opening: Sicilian Defence, Najdorf Variation (ECO B90)."), time control and the other tags; then its
notes, each a sentence after the move it follows, in words ("After White's 17th move, Nxe5 (a mistake): I missed the
fork here."); then its moves on one line ("Moves (31 moves): 1.e4 c5 2.Nf3 d6 ...": a move's number with no space
after it, which would read as a sentence's end), numbered annotations as glyphs or words ("White is better"), a
variation as "(or 17...Qd7 18.Bb5)". Every piece is anchored at the file line it comes from. Linear in the file's
size; a file with no game in it is read as its text.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable

from engine.index.document import Page, line_starts
from engine.index.readers.anchored import MONTH_NAMES, SENTENCE_END, AnchoredText, as_text

# 5: notes first, then the moves on a line; 4: moves "1.e4", notes "After White's 1st move"; 3: clock commands out of
# notes; 2: a game headed by its event (held-out 31); 1: first
READER_VERSION = 5
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
# the movetext's tokens: a comment, a rest-of-line comment, a variation's ends, a NAG, a move number, a result, a move
_TOKEN = re.compile(
    r"\{(?P<comment>[^}]*)\}?|;(?P<line>[^\n]*)|(?P<open>\()|(?P<close>\))|\$(?P<nag>\d{1,3})"
    r"|(?P<number>\d+)\s*(?P<dots>\.(?:\s*\.\.)?|\.\.\.)|(?P<result>1-0|0-1|1/2-1/2|\*)(?=\s|$)"
    r"|(?P<move>[A-Za-z0-9+#=:\-/]+[!?]{0,2})"
)
_COMMAND = re.compile(
    r"\[%[^\]\n]{0,200}\]"
)  # a comment's embedded command: a clock, an evaluation, an arrow
_NAGS = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!"}
_POSITION = {10: "the position is equal", 11: "the position is equal", 13: "the position is unclear",
             14: "White is slightly better", 15: "Black is slightly better", 16: "White is better",
             17: "Black is better", 18: "White is winning", 19: "Black is winning",
             22: "White is in zugzwang", 23: "Black is in zugzwang", 32: "White has the development",
             36: "White has the initiative", 37: "Black has the initiative", 40: "White has the attack",
             41: "Black has the attack", 132: "White has counterplay", 133: "Black has counterplay",
             138: "White is short of time", 139: "Black is short of time"}  # fmt: skip
_GLYPHS = {"!": "a good move", "?": "a mistake", "!!": "a brilliant move", "??": "a blunder",
           "!?": "an interesting move", "?!": "a dubious move"}  # fmt: skip
_OTHER_TAGS = (("TimeControl", "Time control"), ("Termination", "Ended by"), ("Annotator", "Notes by"),
               ("Variation", "Variation"), ("EventDate", "Event date"), ("Board", "Board"),
               ("WhiteTeam", "White's team"), ("BlackTeam", "Black's team"), ("Mode", "Played"))  # fmt: skip
_KNOWN = {"Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteElo", "BlackElo", "ECO", "Opening",
          "PlyCount", "FEN", "SetUp", "UTCDate", "UTCTime", "WhiteRatingDiff", "BlackRatingDiff", "WhiteTitle",
          "BlackTitle", *(t for t, _ in _OTHER_TAGS)}  # fmt: skip


def _name(value: str) -> str:
    """ "Pike, Alan" as "Alan Pike"."""
    last, sep, first = value.partition(",")
    return " ".join(f"{first} {last}".split()) if sep and first.strip() else " ".join(value.split())


def _date(value: str) -> str:
    """ "2026.03.14" as "14 March 2026", "2026.03.??" as "March 2026", "2026.??.??" as "2026"."""
    parts = value.strip().split(".")
    if len(parts) != 3 or not parts[0].isdigit():
        return value.strip()
    year, month, day = parts
    if month.isdigit() and 1 <= int(month) <= 12:
        if day.isdigit() and 1 <= int(day) <= 31:
            return f"{int(day)} {MONTH_NAMES[int(month) - 1]} {year}"
        return f"{MONTH_NAMES[int(month) - 1]} {year}"
    return year


def _time_control(value: str) -> str:
    """ "5400+30" as "90 min, 30 s a move (5400+30)"."""
    base, plus, inc = value.partition("+")
    if not base.isdigit() or (plus and not inc.isdigit()):
        return value
    minutes = int(base) / 60
    said = f"{minutes:g} min" if int(base) % 60 == 0 else f"{int(base)} s"
    if plus and int(inc):
        said += f", {inc} s a move"
    return f"{said} ({value})"


def _result(value: str, white: str, black: str) -> str:
    return {"1-0": f"1-0, {white or 'White'} won", "0-1": f"0-1, {black or 'Black'} won",
            "1/2-1/2": "½-½, a draw", "*": "not finished"}.get(value.strip(), value.strip())  # fmt: skip


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text if not text or SENTENCE_END.search(text) else text + "."


def read_pgn(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of a PGN file in words (see the module's docstring)."""
    starts = line_starts(text)
    games = _games(text, check)
    if not games:
        return as_text(text)
    w = AnchoredText()
    for k, (tags, moves_at) in enumerate(games):
        if k % 64 == 0:
            check()
        _game(w, text, starts, tags, moves_at)
    return w.page()


def _games(text: str, check: Callable[[], None]) -> list[tuple[list[tuple[str, str, int]], tuple[int, int]]]:
    """Each game's tags (name, value, offset) and its movetext's span."""
    games: list[tuple[list[tuple[str, str, int]], tuple[int, int]]] = []
    pos, n = 0, len(text)
    tags: list[tuple[str, str, int]] = []
    count = 0
    while pos < n:
        count += 1
        if count % 4096 == 0:
            check()
        end = text.find("\n", pos)
        end = n if end < 0 else end
        line = text[pos:end].strip()
        if line.startswith("["):
            for m in _TAG.finditer(text, pos, end):
                tags.append((m.group(1), m.group(2).replace('\\"', '"'), m.start()))
            pos = end + 1
            continue
        if not line:
            pos = end + 1
            continue
        # the movetext: up to the next line that opens a tag section (or the end)
        stop = pos
        while stop < n:
            nxt = text.find("\n", stop)
            nxt = n if nxt < 0 else nxt
            if text[stop:nxt].lstrip().startswith("[") and _TAG.match(text[stop:nxt].strip()):
                break
            stop = nxt + 1
        stop = min(stop, n)
        if tags:
            games.append((tags, (pos, stop)))
        tags = []
        pos = stop
    if tags:
        games.append((tags, (n, n)))
    return games


def _game(
    w: AnchoredText, text: str, starts: list[int], tags: list[tuple[str, str, int]], moves: tuple[int, int]
) -> None:
    def at(offset: int) -> tuple[int, int]:
        return (bisect.bisect_right(starts, offset), offset)

    got = {name: (value, offset) for name, value, offset in reversed(tags)}  # the first of a repeated tag

    def value(name: str) -> str:
        v = got.get(name, ("", 0))[0].strip()
        return "" if v in ("?", "-", "??") else v

    white, black = _name(value("White")), _name(value("Black"))
    # the game's heading names its event too: each of its sentences ("Time control: 90 min ...") is read under it
    event = ", ".join(x for x in (value("Event"), f"round {value('Round')}" if value("Round") else "") if x)
    heading = f"{white or 'White'} against {black or 'Black'}" + (f" ({event})" if event else "")
    w.open(heading)
    sides = []
    for side, who in (("White", white), ("Black", black)):
        extra = ", ".join(x for x in (side, value(f"{side}Title"), value(f"{side}Elo")) if x)
        sides.append(f"{who or side} ({extra})" if who else side)
    lead = f"{sides[0]} against {sides[1]}"
    where = [
        value("Event"),
        value("Site"),
        f"round {value('Round')}" if value("Round") else "",
        _date(value("Date")),
    ]
    first = got.get("White", got.get("Event", (None, tags[0][2])))[1]
    w.sentence(", ".join(x for x in (lead, *where) if x and x != "????"), at(first))
    if value("Result"):
        w.line_break()
        w.sentence(f"Result: {_result(value('Result'), white, black)}", at(got["Result"][1]))
    opening = value("Opening")
    if value("Variation") and opening:
        opening += f", {value('Variation')}"
    eco = value("ECO")
    if opening or eco:
        w.line_break()
        said = f"Opening: {opening} (ECO {eco})" if opening and eco else f"Opening: {opening or 'ECO ' + eco}"
        w.sentence(said, at(got["Opening" if opening else "ECO"][1]))
    for name, label in _OTHER_TAGS:
        if name == "Variation" or not value(name):
            continue
        said = _time_control(value(name)) if name == "TimeControl" else value(name)
        if name == "Termination":
            said = said[:1].lower() + said[1:]
        elif name == "Annotator":
            said = _name(said)
        w.line_break()
        w.sentence(f"{label}: {said}", at(got[name][1]))
    for name, val, offset in tags:  # tags of the app's own ("Comment", "Club")
        if name not in _KNOWN and val.strip() and val.strip() not in ("?", "-"):
            w.line_break()
            w.sentence(f"{re.sub(r'(?<=[a-z])(?=[A-Z])', ' ', name)}: {val.strip()}", at(offset))
    _moves(w, text, moves, at)
    w.close()


def _ordinal(n: int) -> str:
    """1 as "1st", 12 as "12th", 22 as "22nd"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _moves(w: AnchoredText, text: str, span: tuple[int, int], at) -> None:
    """The movetext: each note a sentence after the move it follows, in words ("After Black's 8th move, Nbd7 (a
    mistake): ..."), then the moves on one line, "Moves: 1.e4 c5 2.Nf3 ..." (no space after a move's number, which
    would read as a sentence's end). The notes come first: a long run of moves says nothing to a search for what
    happened in the game, and read between the notes it took their chunk's meaning."""
    run: list[str] = []
    run_at: int | None = None
    depth = 0
    number, black_to_move = 1, False  # the move number and side of the next main-line move
    last: tuple[str, int, str] | None = (
        None  # the last main-line move: its side, its number, its move and glyph
    )
    prefix = ""  # a move number waiting for its move: "17." or "17..."
    moves = 0  # main-line moves made (half-moves)

    def put(piece: str, offset: int) -> None:
        nonlocal run_at
        if run_at is None:
            run_at = offset
        run.append(piece)

    for m in _TOKEN.finditer(text, *span):
        kind = "number" if m.group("number") is not None else m.lastgroup
        if kind in ("comment", "line"):
            note = (m.group("comment") if kind == "comment" else m.group("line")) or ""
            note = " ".join(_COMMAND.sub(" ", note).split())  # lichess's "[%clk 0:04:57]", "[%eval 0.17]"
            if not note:
                continue
            w.line_break()
            if last is None:
                w.sentence(note, at(m.start()))
                continue
            side, n, move = last
            glyph = re.search(r"[!?]{1,2}$", move)
            bare = move[: glyph.start()] if glyph else move
            said = f"After {side}'s {_ordinal(n)} move, {bare}"
            if glyph and glyph.group() in _GLYPHS:
                said += f" ({_GLYPHS[glyph.group()]})"
            if depth:
                said = f"In a side line, {said[0].lower()}{said[1:]}"
            w.sentence(f"{said}: {note}", at(m.start()))
        elif kind == "open":
            depth += 1
            put("(or", m.start())
        elif kind == "close":
            depth = max(0, depth - 1)
            put(")", m.start())
        elif kind == "nag":
            nag = int(m.group("nag"))
            if nag in _NAGS and run:
                run[-1] += _NAGS[nag]
                if not depth and last is not None:
                    last = (last[0], last[1], last[2] + _NAGS[nag])
            elif nag in _POSITION:
                put(f"({_POSITION[nag]})", m.start())
        elif kind == "number":
            if not depth:
                number = int(m.group("number"))
                black_to_move = "..." in m.group("dots").replace(" ", "")
            prefix = f"{m.group('number')}{'...' if '..' in m.group('dots') else '.'}"
        elif kind == "result":
            put(m.group("result").replace("1/2", "½"), m.start())
        else:
            move = m.group("move")
            if not depth:
                last = ("Black" if black_to_move else "White", number, move)
                moves += 1
                if black_to_move:
                    number += 1
                black_to_move = not black_to_move
            put(prefix + move, m.start())
            prefix = ""
    if run:
        w.line_break()
        full = (moves + 1) // 2
        said = " ".join(run).replace("( ", "(").replace(" )", ")")
        # anchored at the movetext's end, after every note: the page's anchors stay in the file's order
        w.sentence(
            f"Moves ({full} move{'s' if full != 1 else ''}): {said}", at(max(span[1] - 1, run_at or 0))
        )
