"""A writer's files: a Fountain screenplay read a speech a line with who says it, an OPML outline read an item a line
under the items it sits in, and a Scrivener project read as its binder shows it (each text under its place, the
binder as an outline, Scrivener's own files passed by)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.encoders import default_embedder_path, load_embedder
from engine.index import extract, file_type_for
from engine.index.walk import walk
from engine.rag.extractive import extract_answer
from engine.rag.prompt import Source

SCRIPT = """Title: **THE LAST FERRY**
Credit: Written by
Author: Jo Marsh
Draft date: 3 May 2027
Contact:
    Jo Marsh
    12 Quay Street, Dartmouth

# ACT ONE

= Maggie learns the ferry will stop.

EXT. DARTMOUTH QUAY - DAWN #1#

Fog lies on the river. MAGGIE (60s) ties up the *Kingswear Belle*.
She checks her watch. [[Is it too early for gulls?]]

MAGGIE
(to herself)
Twenty past. He's late again.

TOM (V.O.)
I'm never late, Maggie.
~The river keeps its time.

> CUT TO:

.FLASHBACK - THE SAME QUAY, 1987

/* A scene we cut
MAGGIE
The old ferry sank in the storm. */

BRIAN ^
The council voted to close the crossing on Friday.

@McBride (V.O.)
(on the radio)
This is the coastguard. The causeway is clear from twenty to ten.

===

>THE END<
"""


def _lines(text: str, path: str) -> tuple[list[tuple[str, tuple[int, int]]], object]:
    doc = extract(Path(path), text.encode())
    page = doc.pages[0]
    return [(page.text[b.start : b.end], page.line_range(b.start, b.end)) for b in page.blocks], doc


def test_a_screenplay_reads_a_speech_a_line_with_who_says_it():
    assert file_type_for(Path("Last Ferry.fountain")) == "screenplay"
    lines, doc = _lines(SCRIPT, "/w/Last Ferry.fountain")
    assert doc.file_type == "screenplay"
    assert lines == [
        ("Title: THE LAST FERRY, written by Jo Marsh.", (1, 3)),  # the credit with its author, as the page shows
        ("Draft date: 3 May 2027.", (4, 4)),
        ("Contact: Jo Marsh, 12 Quay Street, Dartmouth.", (5, 5)),
        ("ACT ONE.", (9, 9)),
        ("Synopsis: Maggie learns the ferry will stop.", (11, 11)),
        ("Scene 1, outside: DARTMOUTH QUAY - DAWN.", (13, 13)),  # "EXT." in words: no sentence ends there
        ("Fog lies on the river. MAGGIE (60s) ties up the Kingswear Belle. She checks her watch. "
         "(note: Is it too early for gulls?)", (15, 16)),
        ("MAGGIE: (to herself) Twenty past. He's late again.", (18, 20)),
        ("TOM (V.O.): I'm never late, Maggie. (sung) The river keeps its time.", (22, 24)),
        ("CUT TO:", (26, 26)),
        ("Scene 2: FLASHBACK - THE SAME QUAY, 1987.", (28, 28)),
        ("BRIAN: The council voted to close the crossing on Friday.", (34, 35)),
        ("McBride (V.O.): (on the radio) This is the coastguard. The causeway is clear from twenty to ten.", (37, 39)),
        ("THE END", (43, 43)),
    ]  # fmt: skip
    page = doc.pages[0]
    assert "sank" not in page.text  # the boneyard: text cut from the script
    at = page.text.index("He's late")
    assert page.trail_at(at) == "ACT ONE › Scene 1, outside: DARTMOUTH QUAY - DAWN"
    assert page.line_range(at, at + 10) == (20, 20)  # a speech's line is its own line of the file


def test_an_answer_from_inside_a_speech_says_who_says_it():
    embedder = load_embedder(default_embedder_path())
    page = extract(Path("/w/Last Ferry.fountain"), SCRIPT.encode()).pages[0]
    source = Source(1, page.text, "/w/Last Ferry.fountain", line_start=1, line_end=43)
    ex = extract_answer("Who wrote The Last Ferry?", (source,), embedder)
    assert ex.sentences[0].text == "Title: THE LAST FERRY, written by Jo Marsh."
    ex = extract_answer("Who says that he is late again?", (source,), embedder)
    shown = [s.text for s in ex.sentences]
    # the scene it is in, then who says it
    assert (
        "Scene 1 (outside, DARTMOUTH QUAY - DAWN): MAGGIE: (to herself) Twenty past. He's late again."
        in shown
    )
    # a scene's heading is no answer of its own (its sentences are shown after it), unless nothing else is there
    ex = extract_answer("Who ties up the boat on the quay at dawn?", (source,), embedder)
    shown = [s.text for s in ex.sentences]
    assert "Scene 1, outside: DARTMOUTH QUAY - DAWN." not in shown
    assert any(
        s.startswith("Scene 1 (outside, DARTMOUTH QUAY - DAWN): MAGGIE (60s) ties up") for s in shown
    ), shown
    ex = extract_answer("When will the crossing close?", (source,), embedder)
    assert (
        "Scene 2 (FLASHBACK - THE SAME QUAY, 1987): BRIAN: The council voted to close the crossing on Friday."
        in [s.text for s in ex.sentences]
    )
    ex = extract_answer("From what time is the causeway clear?", (source,), embedder)
    shown = [s.text for s in ex.sentences]
    assert any(s.endswith("McBride: The causeway is clear from twenty to ten.") for s in shown), (
        shown
    )  # forced "@"
    # a sentence is never read on into the next piece of the script
    assert not any("THE END" in s or "Scene" in s for s in shown if "causeway" in s)


def test_a_text_file_with_no_screenplay_in_it_reads_as_its_paragraphs():
    lines, _ = _lines("Just a note.\nAbout the ferry times.\n\nSecond paragraph here.\n", "/w/n.fountain")
    assert [t for t, _ in lines] == ["Just a note. About the ferry times.", "Second paragraph here."]


OUTLINE = """<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head>
    <title>Village fete 2027</title>
    <dateCreated>Mon, 03 May 2027 09:12:00 GMT</dateCreated>
    <ownerName>Sam Price</ownerName>
  </head>
  <body>
    <outline text="Stalls">
      <outline text="Cakes &amp; teas" _note="Ask Jean first.&#10;Urn from the church: 40 cups"/>
      <outline text="Book the &lt;b&gt;hall&lt;/b&gt;" _status="checked"/>
      <outline text="Ring the council" _status="unchecked"/>
      <outline text="Tombola" _complete="true"><outline text="Prizes from the pub"/></outline>
    </outline>
    <outline text="Podcasts"><outline type="rss" text="In Our Time" xmlUrl="https://example.org/feed"/></outline>
  </body>
</opml>
"""


def test_an_outline_reads_an_item_a_line_under_the_items_it_sits_in():
    assert file_type_for(Path("Fete.OPML")) == "outline"
    lines, doc = _lines(OUTLINE, "/w/Fete.opml")
    assert lines == [
        ("Village fete 2027, by Sam Price, created Mon 3 May 2027.", (3, 3)),
        ("Stalls.", (9, 9)),
        ("Cakes & teas.", (10, 10)),
        ("Ask Jean first.", (10, 10)),
        ("Urn from the church: 40 cups", (10, 10)),
        ("Book the hall (done).", (11, 11)),
        ("Ring the council (still to do).", (12, 12)),
        ("Tombola (done).", (13, 13)),
        ("Prizes from the pub.", (13, 13)),
        ("Podcasts.", (15, 15)),
        ("In Our Time (feed: https://example.org/feed).", (15, 15)),
    ]
    page = doc.pages[0]
    assert page.trail_at(page.text.index("Urn")) == "Stalls › Cakes & teas"  # a note under its item
    assert page.trail_at(page.text.index("Prizes")) == "Stalls › Tombola"
    assert page.trail_at(page.text.index("Stalls")) == "Village fete 2027"
    # an item and its note are a paragraph; the next item is another
    assert "Cakes & teas.\nAsk Jean first.\nUrn from the church: 40 cups\n\nBook the hall" in page.text


@pytest.mark.parametrize(
    "text",
    [
        '<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY x "boom">]><opml><body><outline text="&x;"/></body></opml>',
        '<?xml version="1.0"?><rss><channel><title>Not an outline</title></channel></rss>',
        '<opml version="2.0"><body><outline text="cut short',
    ],
)
def test_an_outline_that_is_refused_or_no_outline_reads_as_its_text(text):
    lines, _ = _lines(text, "/w/x.opml")
    assert lines == [(text, (1, 1))]


BINDER = """<?xml version="1.0" encoding="UTF-8"?>
<ScrivenerProject Template="NO" Version="2.0" Identifier="8F2" Creator="SCRMAC-3.3.6-17551">
    <Binder>
        <BinderItem UUID="A1" Type="DraftFolder" Created="2027-01-02 10:00:00 +0000">
            <Title>Draft</Title>
            <Children>
                <BinderItem UUID="B2" Type="Folder" Created="2027-01-02 10:00:00 +0000">
                    <Title>Chapter One</Title>
                    <MetaData><IncludeInCompile>Yes</IncludeInCompile></MetaData>
                    <Children>
                        <BinderItem UUID="C3" Type="Text" Created="2027-01-02 10:00:00 +0000">
                            <Title>The lock at dawn</Title>
                            <MetaData><LabelID>1</LabelID><StatusID>2</StatusID></MetaData>
                        </BinderItem>
                    </Children>
                </BinderItem>
            </Children>
        </BinderItem>
        <BinderItem UUID="D4" Type="ResearchFolder" Created="2027-01-02 10:00:00 +0000"><Title>Research</Title>
        </BinderItem>
        <BinderItem UUID="E5" Type="TrashFolder" Created="2027-01-02 10:00:00 +0000">
            <Title>Trash</Title>
            <Children>
                <BinderItem UUID="F6" Type="Text" Created="2027-01-02 10:00:00 +0000">
                    <Title>Old opening</Title>
                    <MetaData><IncludeInCompile>No</IncludeInCompile></MetaData>
                </BinderItem>
            </Children>
        </BinderItem>
    </Binder>
    <LabelSettings><Labels><Label ID="-1">No Label</Label><Label ID="1">Scene</Label></Labels></LabelSettings>
    <StatusSettings><StatusItems><Status ID="-1">No Status</Status><Status ID="2">First Draft</Status>
    </StatusItems></StatusSettings>
</ScrivenerProject>
"""
RTF = (
    "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n{\\fonttbl\\f0\\fnil\\fcharset0 Palatino-Roman;}\n"
    "\\pard\\tx560\\pardirnatural\\partightenfactor0\n\n\\f0\\fs26 \\cf0 Nell had the lock gates open before the "
    "gulls woke.\\\n\\\nShe counted the boats: four.}"
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "Saltings.scriv"
    for d in ("Files/Data/C3", "Files/Data/F6", "Settings", "QuickLook", "Snapshots/C3.snapshots"):
        (root / d).mkdir(parents=True)
    (root / "Saltings.scrivx").write_text(BINDER)
    (root / "Files/Data/C3/content.rtf").write_text(RTF)
    (root / "Files/Data/C3/synopsis.txt").write_text("Nell opens the lock and counts the boats.")
    (root / "Files/Data/C3/notes.rtf").write_text(RTF.replace("Nell had", "Check the tide tables. Nell had"))
    (root / "Files/Data/F6/content.rtf").write_text(RTF.replace("Nell", "Ada"))
    # Scrivener's own files: its search index repeats every text; settings, a preview, an old version
    (root / "Files/search.indexes").write_text(
        "<SearchIndexes><Text>Nell had the lock</Text></SearchIndexes>"
    )
    (root / "Files/version.txt").write_text("23")
    (root / "Settings/ui-common.xml").write_text("<x/>")
    (root / "QuickLook/Preview.html").write_text("<html>Nell</html>")
    (root / "Snapshots/C3.snapshots/2027-02-01.rtf").write_text(RTF)
    return root


def test_a_scrivener_project_is_read_as_its_binder_shows_it(project: Path):
    found = sorted(Path(f.path).relative_to(project).as_posix() for f in walk(str(project.parent)))
    assert found == ["Files/Data/C3/content.rtf", "Files/Data/C3/notes.rtf", "Files/Data/C3/synopsis.txt",
                     "Files/Data/F6/content.rtf", "Saltings.scrivx"]  # fmt: skip
    assert (
        list(walk(str(project / "Settings"))) == []
    )  # a watcher's refresh of one of Scrivener's own folders

    def trails(rel: str) -> tuple:
        path = project / rel
        return extract(path, path.read_bytes()).pages[0].trails

    assert trails("Files/Data/C3/content.rtf") == ((0, "Draft › Chapter One › The lock at dawn"),)
    assert trails("Files/Data/C3/notes.rtf") == ((0, "Notes on Draft › Chapter One › The lock at dawn"),)
    assert trails("Files/Data/C3/synopsis.txt") == (
        (0, "Synopsis of Draft › Chapter One › The lock at dawn"),
    )
    assert trails("Files/Data/F6/content.rtf") == ((0, "Trash (deleted) › Old opening"),)
    lines, doc = _lines(BINDER, str(project / "Saltings.scrivx"))
    assert doc.file_type == "scrivener"
    assert lines == [
        ("Draft (the manuscript).", (4, 4)),
        ("Chapter One (folder).", (7, 7)),
        ("The lock at dawn (text; label: Scene; status: First Draft).", (11, 11)),
        ("Research (research).", (19, 19)),
        ("Trash (deleted items).", (21, 21)),
        ("Old opening (text; not compiled).", (24, 24)),
    ]
    page = doc.pages[0]
    assert page.trail_at(page.text.index("The lock")) == "Draft › Chapter One"


def test_a_renamed_item_is_read_under_its_new_title_and_a_project_with_no_binder_under_none(project: Path):
    binder = project / "Saltings.scrivx"
    binder.write_text(BINDER.replace("The lock at dawn", "Low water"))
    path = project / "Files/Data/C3/content.rtf"
    assert extract(path, path.read_bytes()).pages[0].trails == ((0, "Draft › Chapter One › Low water"),)
    binder.unlink()
    assert extract(path, path.read_bytes()).pages[0].trails == ()
    loose = project.parent / "content.rtf"  # the same file outside a project
    loose.write_text(RTF)
    assert extract(loose, loose.read_bytes()).pages[0].trails == ()


def test_scrivener_2_keeps_its_texts_by_number(tmp_path: Path):
    root = tmp_path / "Old.scriv"
    (root / "Files/Docs").mkdir(parents=True)
    (root / "project.scrivx").write_text(BINDER.replace('UUID="C3"', 'ID="7" UUID=""'))
    (root / "Files/Docs/7.rtf").write_text(RTF)
    (root / "Files/Docs/7_synopsis.txt").write_text("Nell opens the lock.")
    for name, trail in (("7.rtf", "Draft › Chapter One › The lock at dawn"),
                        ("7_synopsis.txt", "Synopsis of Draft › Chapter One › The lock at dawn")):  # fmt: skip
        path = root / "Files/Docs" / name
        assert extract(path, path.read_bytes()).pages[0].trails == ((0, trail),)


def test_an_indexed_project_s_scenes_carry_its_name_and_their_place_in_the_binder(
    project: Path, tmp_path: Path
):
    from engine.index import IndexStore, index_paths
    from tests.engine.index.index_fakes import HashEmbedder

    db = tmp_path / "i.sqlite3"
    summary = list(index_paths([str(project)], db, HashEmbedder()))[-1]
    assert summary.files_indexed == 5  # the four texts and the binder; none of Scrivener's own files
    with IndexStore(db, read_only=True) as store:
        scene = store.chunks_for_document(str(project / "Files/Data/C3/content.rtf"))
        assert [c.heading for c in scene] == ["Draft › Chapter One › The lock at dawn"]
        # the project's name is every chunk's title (a scene's file is a "content.rtf" like every other)
        found = {cid for cid, _ in store.keyword_search("title:saltings", 20)}
        assert {c.id for c in scene} <= found and len(found) == 5
        assert store.keyword_search("title:content", 20) == []


def test_a_scene_renamed_in_the_binder_is_read_again_under_its_new_place(project: Path, tmp_path: Path):
    """Only the binder changes when a scene is renamed or moved in Scrivener: its text is read again, under its new
    place; a scene whose place is the same is not embedded again."""
    from engine.index import IndexStore, index_paths
    from tests.engine.index.index_fakes import HashEmbedder

    db, emb = tmp_path / "i.sqlite3", HashEmbedder()
    list(index_paths([str(project)], db, emb))
    embedded = emb.embedded
    binder = project / "Saltings.scrivx"
    binder.write_text(BINDER.replace("The lock at dawn", "Low water"))
    summary = list(index_paths([str(project)], db, emb))[-1]
    # the renamed scene's text, notes and synopsis, and the binder itself; not the scene in the Trash
    assert summary.files_indexed == 4 and emb.embedded - embedded == 4
    with IndexStore(db, read_only=True) as store:
        scene = store.chunks_for_document(str(project / "Files/Data/C3/content.rtf"))
        assert [c.heading for c in scene] == ["Draft › Chapter One › Low water"]
        trash = store.chunks_for_document(str(project / "Files/Data/F6/content.rtf"))
        assert [c.heading for c in trash] == ["Trash (deleted) › Old opening"]
    assert (
        list(index_paths([str(project)], db, emb))[-1].files_indexed == 0
    )  # nothing changed: nothing read again


REPLY = """INT. BUS - NIGHT

Kieran sits three rows back, the empty guitar case across his knees.

JOYCE
Where's the guitar?

KIERAN
Pawn shop on Crossley Street. Forty quid.

JOYCE
You'll want it back before the gig.
"""


def test_a_reply_is_read_with_the_question_it_answers():
    """Held-out 30's script: the reply names nothing of what it answers ("Pawn shop on Crossley Street."); read with
    the question above it, by another speaker, it is the sentence shown."""
    from engine.rag.extractive import score_parts
    from engine.rag.grounding import split_spans
    from engine.rag.reading import reading
    from engine.rag.screenplay import asked_above

    page = extract(Path("/w/Bus.fountain"), REPLY.encode()).pages[0]
    source = Source(1, page.text, "/w/Bus.fountain", line_start=1, line_end=12)
    spans = split_spans(source)
    reply = next(sp for sp in spans if sp.text.startswith("KIERAN: Pawn shop"))
    assert page.text[asked_above(reply) :].startswith("JOYCE: Where's the guitar?")
    # no question above, the same speaker, or no speech: nothing to read it with
    assert all(asked_above(sp) is None for sp in spans if sp is not reply)
    embedder = load_embedder(default_embedder_path())
    question = "Where has Kieran left his guitar?"
    spans, cos, keyword, _, _ = score_parts(question, (source,), embedder)
    k = next(i for i, sp in enumerate(spans) if sp.text.startswith("KIERAN: Pawn shop"))
    alone = embedder.embed([reading(spans[k])], kind="document").vectors[0]
    asked = embedder.embed([question], kind="query").vectors[0]
    assert (
        cos[k] > float(sum(a * b for a, b in zip(alone, asked, strict=True))) + 0.1
    )  # read with the question
    assert keyword[k] > 0  # "guitar" is the question's word, not the reply's
    assert "Crossley Street" in extract_answer(question, (source,), embedder, max_sentences=2).text
