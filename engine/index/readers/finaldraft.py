"""A Final Draft screenplay (``.fdx``: the XML Final Draft writes on the Mac and Windows, which WriterDuet, Fade In,
Highland and Arc Studio import and export) read as its script reads, as a Fountain one is
(``engine.index.readers.fountain``).

An ``.fdx`` holds the script as ``<Paragraph Type="Scene Heading|Action|Character|Parenthetical|Dialogue|
Transition|Shot|General">`` elements under ``<Content>``, a paragraph's words in ``<Text>`` runs (a run per style:
"Rain. " then a bold "A knock."), a scene heading's ``<SceneProperties>`` with its title and ``<Summary>``, a
``<TitlePage>`` of its own paragraphs, ``<ScriptNote>``s, and the app's settings (fonts, page layout, SmartType's
lists of names, headers and footers) that are not the script. Read as text, an answer quoted tags and the settings.

Here each speech is one line with its speaker ("MAGGIE (V.O.): (quietly) I told you she'd come back."); a scene reads
under its heading ("Scene 3, inside: LOCK COTTAGE - KITCHEN - NIGHT", the script's own number when it has one), its
title and summary after it ("Scene title: ...", "Synopsis: ..."); action, shots and transitions are lines of their
own; the title page reads first, its first line as the title ("Title: THE LAST FERRY.", "Written by Ruth Calloway.");
a note reads "Note: ..." after what it is attached to. Runs are joined as the page shows them. Every line is anchored
at the file line of its first run, so a citation names the script's own lines. A file with no script paragraph is read
as its text; so is one that is not well-formed XML or that declares a document type of its own (entities
are never expanded).
"""

from __future__ import annotations

from collections.abc import Callable
from xml.parsers import expat

from engine.index.document import Page, joined_line, line_page
from engine.index.readers.anchored import SENTENCE_END, XmlRefused, as_text, walk_xml
from engine.index.readers.fountain import read_fountain, scene_heading

READER_VERSION = 2  # 1: before held-out 30 was reported (its title page first, "Title: ...")
_SKIPPED = frozenset({"ElementSettings", "HeaderAndFooter", "Header", "Footer", "SmartType", "Macros", "PageLayout",
                      "DisplayBoards", "MoresAndContinueds", "LockedPages", "Revisions", "SplitState", "TextState",
                      "Actors", "Cast", "Tags", "TagData", "Tagger", "ListItems", "Transitions", "Extensions",
                      "CharacterHighlighting", "SpellCheckIgnoreLists", "WindowState", "Chat"})  # fmt: skip
_SPEECH = ("Parenthetical", "Dialogue", "Lyrics")


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text if not text or SENTENCE_END.search(text) else text + "."


class _Para:
    __slots__ = ("kind", "number", "runs", "at", "title", "title_at", "summary", "notes")

    def __init__(self, kind: str, number: str, at: tuple[int, int]) -> None:
        self.kind, self.number, self.at = kind, number, at
        self.runs: list[str] = []
        self.title = ""
        self.title_at = at
        self.summary: list[tuple[str, tuple[int, int]]] = []
        self.notes: list[tuple[str, tuple[int, int]]] = []

    def text(self) -> str:
        return " ".join("".join(self.runs).split())


def read_fdx(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of a Final Draft script in words (see the module's docstring)."""
    names: list[str] = []  # the open elements
    paras: list[_Para] = []  # the open paragraphs (a summary's and a dual dialogue's sit inside another)
    title_page: list[_Para] = []
    script: list[_Para] = []
    notes: list[_Para] = []  # the script's notes that stand on their own

    def opened(name: str, attrs: dict[str, str], at: tuple[int, int]) -> None:
        names.append(name)
        if name == "Paragraph":
            paras.append(_Para(attrs.get("Type", ""), attrs.get("Number", ""), at))
        elif name == "SceneProperties" and paras:
            paras[-1].title = " ".join(attrs.get("Title", "").split())
            paras[-1].title_at = at

    def closed(name: str, _parent: str, value: str, at: tuple[int, int]) -> None:
        if names:
            names.pop()
        if any(n in _SKIPPED for n in names):
            return
        if name == "Text" and paras:
            if not paras[-1].runs:
                paras[-1].at = at
            paras[-1].runs.append(value)
        elif name == "Paragraph" and paras:
            para = paras.pop()
            if not para.text():
                return
            if "Summary" in names and paras:
                paras[-1].summary.append((para.text(), para.at))
            elif "ScriptNote" in names:
                if paras:
                    paras[-1].notes.append((para.text(), para.at))
                else:
                    notes.append(para)
            elif "TitlePage" in names:
                title_page.append(para)
            elif "Content" in names:
                script.append(para)

    try:
        walk_xml(text, check, opened, closed, external_doctype=True)
    except (expat.ExpatError, XmlRefused):  # not well-formed, or a document type of its own: read as its text
        return as_text(text)
    if not script and not title_page:
        return as_text(text)
    return _write(title_page, script, notes)


def _write(title_page: list[_Para], script: list[_Para], notes: list[_Para]) -> Page:
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    trails: list[tuple[int, str]] = []

    def emit(pieces: list[tuple[str, tuple[int, int]]]) -> None:
        line = joined_line(pieces)
        if line is not None:
            lines.append(line)

    def emit_notes(para: _Para) -> None:
        for note, at in para.notes:
            emit([(_sentence(f"Note: {note}"), at)])

    # the title page where the file holds it (after the script, in Final Draft's files): every anchor after the last
    title_first = bool(title_page) and (not script or title_page[0].at < script[0].at)
    if title_first:
        _title_page(title_page, lines, trails, emit)
    scene = 0
    k = 0
    while k < len(script):
        para = script[k]
        kind, said = para.kind, para.text()
        if kind == "Scene Heading":
            scene += 1
            heading = scene_heading(said, para.number or str(scene))
            trails.append((len(lines), heading))
            emit([(_sentence(heading), para.at)])
            if para.title:
                emit([(_sentence(f"Scene title: {para.title}"), para.title_at)])
            if para.summary:
                pieces = [
                    (("Synopsis: " if n == 0 else "") + t, at) for n, (t, at) in enumerate(para.summary)
                ]
                emit([*pieces[:-1], (_sentence(pieces[-1][0]), pieces[-1][1])])
            emit_notes(para)
        elif kind == "Character":
            pieces = [(f"{said}:", para.at)]
            group = [para]
            while k + 1 < len(script) and script[k + 1].kind in _SPEECH:
                k += 1
                group.append(script[k])
                line = script[k].text()
                pieces.append(("(sung) " + line if script[k].kind == "Lyrics" else line, script[k].at))
            emit(pieces if len(pieces) > 1 else [(said, para.at)])
            for g in group:
                emit_notes(g)
        else:
            emit([(said if kind == "Transition" else _sentence(said), para.at)])
            emit_notes(para)
        k += 1
    if title_page and not title_first:
        _title_page(title_page, lines, trails, emit)
    for para in notes:
        emit([(_sentence(f"Note: {para.text()}"), para.at)])
    return line_page(lines, trails, sep="\n\n")


_CREDITS = (
    "written by",
    "by",
    "screenplay by",
    "teleplay by",
    "story by",
    "a screenplay by",
    "an original screenplay by",
)


def _title_page(paras: list[_Para], lines: list, trails: list, emit) -> None:
    """The title page: its title and credit one sentence that says what the file is ("The screenplay LAST BUS TO
    DUNMERE, written by Catriona Lyttle."), then its other lines; a line ending in a comma read on into the next."""
    trails.append((len(lines), "Title page"))
    paras = [p for p in paras if p.text()]
    k = 0
    if paras:
        title = paras[0]
        credit = paras[1] if len(paras) > 2 and paras[1].text().lower().rstrip(":") in _CREDITS else None
        if credit is not None:
            name = paras[2]
            said = credit.text()[:1].lower() + credit.text()[1:]
            emit(
                [
                    (f"The screenplay {title.text()},", title.at),
                    (said, credit.at),
                    (_sentence(name.text()), name.at),
                ]
            )
            k = 3
        else:
            emit([(_sentence(f"The screenplay {title.text()}"), title.at)])
            k = 1
    while k < len(paras):
        pieces = [(paras[k].text(), paras[k].at)]
        while k + 1 < len(paras) and pieces[-1][0].endswith(","):
            k += 1
            pieces.append((paras[k].text(), paras[k].at))
        if paras[k].text().lower().rstrip(":") in _CREDITS and k + 1 < len(paras):  # "Story by" over a name
            k += 1
            pieces.append((paras[k].text(), paras[k].at))
        emit([*pieces[:-1], (_sentence(pieces[-1][0]), pieces[-1][1])])
        k += 1


def read_screenplay(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """A screenplay file's page: Final Draft's XML (``.fdx``) or Fountain, told apart by the text itself."""
    head = text[:4096].lstrip("\ufeff \t\r\n")
    if head.startswith("<?xml") or "<FinalDraft" in head:
        return read_fdx(text, check)
    return read_fountain(text, check)
