"""A family historian's, a learner's and a planner's files: a GEDCOM family tree read a person a record in sentences
(parents, grandparents, marriages, notes, sources), an Anki deck read a note a page (its deck, its card's question
and answer on one line, clozes filled in), and an XMind map read a sheet a page (topics under their branches, with
their markers, labels and notes). Each file is made here in its real on-disk format and read through the indexer's
own entry point."""

from __future__ import annotations

import io
import json
import sqlite3
import zipfile

import pytest

from engine.index.document import ExtractError
from engine.index.readers.gedcom import date_words
from tests.engine.index.reading_helpers import cited as _cited
from tests.engine.index.reading_helpers import line_of as _line_of
from tests.engine.index.reading_helpers import read_named as _read

TREE = """\ufeff0 HEAD
1 SOUR MacFamilyTree
2 NAME MacFamilyTree 10
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
1 DATE 3 NOV 2027
0 @I1@ INDI
1 NAME Ada Mary /Thornton/
1 SEX F
1 BIRT
2 DATE 12 MAR 1891
2 PLAC Whitby, Yorkshire, England
2 SOUR @S1@
3 PAGE RG12/3984, folio 22
1 OCCU Dressmaker
2 DATE 1911
1 DEAT
2 DATE ABT 1962
2 PLAC Scarborough
2 CAUS pneumonia
1 NOTE Ada ran a dress shop on Flowergate until the war, when she
2 CONC  turned it over to making uniforms.
2 CONT She never spoke of it afterwards.
1 FAMS @F1@
1 FAMC @F2@
0 @I2@ INDI
1 NAME Tom /Ellis/
1 SEX M
1 FAMS @F1@
1 NOTE @N1@
0 @I3@ INDI
1 NAME Jack /Ellis/
1 SEX M
1 BIRT
2 DATE BET 1913 AND 1914
1 FAMC @F1@
0 @I4@ INDI
1 NAME John /Thornton/
1 SEX M
1 FAMS @F2@
0 @F1@ FAM
1 HUSB @I2@
1 WIFE @I1@
1 MARR
2 DATE 3 JUN 1912
2 PLAC St Mary's Church, Whitby
1 CHIL @I3@
0 @F2@ FAM
1 HUSB @I4@
1 CHIL @I1@
0 @N1@ NOTE Tom was a cooper
1 CONT at the Whitby brewery.
0 @S1@ SOUR
1 TITL 1891 Census of England
1 AUTH The National Archives
0 TRLR
"""


def test_a_family_tree_reads_each_person_in_sentences_cited_at_the_files_lines():
    doc = _read("Thornton family.ged", TREE.encode())
    assert doc.file_type == "gedcom"
    page = doc.pages[0]
    text = page.text
    assert "Ada Mary Thornton was born on 12 March 1891 in Whitby, Yorkshire, England." in text
    assert "Ada Mary Thornton died about 1962 in Scarborough (cause: pneumonia)." in text
    assert "Ada Mary Thornton’s occupation: Dressmaker, in 1911." in text
    assert "Ada Mary Thornton’s birth is recorded in 1891 Census of England, RG12/3984, folio 22." in text
    assert "Ada Mary Thornton is the daughter of John Thornton." in text
    assert "Jack Ellis is the son of Tom Ellis and Ada Mary Thornton." in text
    assert "Jack Ellis is the grandson of John Thornton." in text  # his mother's father
    assert "Ada Mary Thornton married Tom Ellis on 3 June 1912 in St Mary's Church, Whitby" in text
    # a CONC goes on with the line, a CONT starts one; a shared note reads under the person who points at it
    assert (
        "Note on Ada Mary Thornton: Ada ran a dress shop on Flowergate until the war, when she turned it over"
        in text
    )
    assert "Note on Tom Ellis: Tom was a cooper at the Whitby brewery." in text
    assert "Source: 1891 Census of England, by The National Archives." in text
    assert "@I1@" not in text and "2 DATE" not in text
    # each sentence is cited at the file's own lines
    # an event's sentence names its own lines: the date at the DATE line, the whole from BIRT to PLAC
    assert _cited(page, "12 March 1891") == (_line_of(TREE, "12 MAR 1891"),) * 2
    born = "Ada Mary Thornton was born on 12 March 1891 in Whitby, Yorkshire, England"
    assert _cited(page, born) == (_line_of(TREE, "1 BIRT"), _line_of(TREE, "2 PLAC Whitby"))
    assert _cited(page, "Tom was a cooper")[0] == _line_of(TREE, "0 @N1@ NOTE")
    assert _cited(page, "RG12/3984")[0] == _line_of(TREE, "3 PAGE")
    # each person is a record of their own (a chunk never holds two people)
    records = [text[b.start : b.end] for b in page.blocks]
    assert any(r.startswith("Ada Mary Thornton was born") and "Tom Ellis married" not in r for r in records)
    assert "Ada Mary Thornton, female." not in text  # every sentence names her: no line of her name alone
    lone = "0 HEAD\n0 @I1@ INDI\n1 NAME Ann /Lee/\n1 SEX F\n"
    assert "Ann Lee, female." in _read("lone.ged", lone.encode()).pages[0].text  # a name alone: its own line
    assert any(t == "Jack Ellis" for _, t in page.trails)


def test_gedcom_dates_read_in_words():
    assert date_words("12 MAR 1891") == "on 12 March 1891"
    assert date_words("MAR 1891") == "in March 1891"
    assert date_words("ABT 1850") == "about 1850"
    assert date_words("BEF 3 JAN 1900") == "before 3 January 1900"
    assert date_words("BET 1850 AND 1855") == "between 1850 and 1855"
    assert date_words("FROM 1901 TO 1911") == "from 1901 to 1911"


def test_a_file_named_ged_that_is_no_family_tree_reads_as_its_text():
    doc = _read("notes.ged", b"Grandad's notes: the Whitby side came from Sleights.\n")
    assert "came from Sleights" in doc.pages[0].text


def test_a_hostile_family_tree_reads_in_linear_time_without_recursion():
    deep = "0 HEAD\n0 @I1@ INDI\n1 NAME Deep /Person/\n" + "".join(
        f"{min(k, 99)} NOTE x\n" for k in range(2, 60000)
    )
    page = _read("deep.ged", deep.encode()).pages[0]
    assert "Deep Person" in page.text
    loop = "0 HEAD\n0 @I1@ INDI\n1 NAME Loop /Me/\n1 FAMC @F1@\n1 FAMS @F1@\n0 @F1@ FAM\n1 HUSB @I1@\n1 CHIL @I1@\n"
    assert "Loop Me" in _read("loop.ged", loop.encode()).pages[0].text  # one's own parent: read, not looped


def _apkg(notes: list[tuple[str, str, list[str], str]], *, newer: bool = False) -> bytes:
    """An Anki deck package as Anki writes it (schema 11: note types and decks as JSON in ``col``)."""
    con = sqlite3.connect(":memory:")
    con.executescript(
        "CREATE TABLE col (id integer primary key, crt integer, mod integer, scm integer, ver integer, dty integer,"
        " usn integer, ls integer, conf text, models text, decks text, dconf text, tags text);"
        "CREATE TABLE notes (id integer primary key, guid text, mid integer, mod integer, usn integer, tags text,"
        " flds text, sfld integer, csum integer, flags integer, data text);"
        "CREATE TABLE cards (id integer primary key, nid integer, did integer, ord integer, mod integer, usn integer,"
        " type integer, queue integer, due integer, ivl integer, factor integer, reps integer, lapses integer,"
        " left integer, odue integer, odid integer, flags integer, data text);"
    )
    models = {
        "1001": {"id": 1001, "name": "Basic", "type": 0, "flds": [{"name": "Back", "ord": 1}, {"name": "Front", "ord": 0}]},
        "1002": {"id": 1002, "name": "Cloze", "type": 1, "flds": [{"name": "Text", "ord": 0}, {"name": "Back Extra", "ord": 1}]},
    }  # fmt: skip
    decks: dict[str, int] = {}
    for deck, *_ in notes:
        decks.setdefault(deck, 2000 + len(decks))
    con.execute(
        "INSERT INTO col VALUES (1,0,0,0,11,0,0,0,'{}',?,?,'{}','{}')",
        (json.dumps(models), json.dumps({str(i): {"id": i, "name": d} for d, i in decks.items()})),
    )
    for n, (deck, model, fields, tags) in enumerate(notes):
        nid = 1_700_000_000_000 - n * 1000  # added in the opposite order of the rows
        con.execute("INSERT INTO notes VALUES (?,?,?,0,0,?,?,?,0,0,'')",
                    (nid, f"g{n}", 1001 if model == "Basic" else 1002, tags, "\x1f".join(fields), fields[0]))  # fmt: skip
        con.execute(
            "INSERT INTO cards VALUES (?,?,?,0,0,0,0,0,0,0,0,0,0,0,0,0,0,'')", (nid + 1, nid, decks[deck])
        )
    con.commit()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("collection.anki2", con.serialize())
        zf.writestr("media", json.dumps({"0": "colosseo.jpg"}))
        zf.writestr("0", b"\xff\xd8\xff\xd9")
        if newer:
            zf.writestr("collection.anki21b", b"\x28\xb5\x2f\xfd\x00")
    return buf.getvalue()


def test_an_anki_deck_reads_a_note_a_page_in_the_order_the_notes_were_added():
    data = _apkg([
        ("Geography", "Cloze", ["The capital of {{c1::Australia}} is {{c2::Canberra::city}}.", "Not Sydney!&nbsp;<img src=\"colosseo.jpg\">"], "capitals"),
        ("Italian::Verbs", "Basic", ["<b>mangiare</b>", "to eat<br>Io mangio = I eat"], ""),
        ("Italian::Verbs", "Basic", ["andare", "to go [sound:andare.mp3]"], "verbs irregular"),
    ])  # fmt: skip
    doc = _read("Italian.apkg", data)
    assert doc.file_type == "flashcards"
    pages = {p.number: p.text for p in doc.pages}
    # the notes' ids order them (the last row was added first); a card's question and answer are one line
    assert pages[1].splitlines() == ["Deck: Italian, subdeck: Verbs, Basic", "", "andare — to go (sound: andare.mp3).",
                                     "Tags: verbs, irregular."]  # fmt: skip
    assert "mangiare — to eat; Io mangio = I eat." in pages[2]
    assert "The capital of Australia is Canberra." in pages[3]
    assert "Back Extra: Not Sydney! (picture: colosseo.jpg)" in pages[3]
    assert "{{c1" not in pages[3] and "<b>" not in pages[2]


def test_an_anki_deck_alcove_cannot_read_says_why():
    update = [("Default", "Basic", ["", "Please update to the latest Anki version, then import the .colpkg/.apkg file again."], "")]  # fmt: skip
    with pytest.raises(ExtractError, match="Support older Anki versions"):
        _read("new.apkg", _apkg(update, newer=True))
    bad = io.BytesIO()
    with zipfile.ZipFile(bad, "w") as zf:
        zf.writestr("collection.anki2", b"SQLite format 3\x00" + b"\x13" * 3000)
    with pytest.raises(ExtractError, match="Anki deck"):
        _read("broken.apkg", bad.getvalue())
    with pytest.raises(ExtractError):
        _read("empty.apkg", _apkg([]))
    with pytest.raises(ExtractError):
        _read("not.apkg", b"PK\x05\x06" + b"\x00" * 18)


def _topic(i: str, title: str, kids: list[dict] | None = None, **extra) -> dict:
    t = {"id": i, "class": "topic", "title": title, **extra}
    if kids:
        t.setdefault("children", {})["attached"] = kids
    return t


MAP = [
    {"id": "s1", "class": "sheet", "title": "Bakery launch", "rootTopic": _topic("r", "Launch the bakery", [
        _topic("m", "Marketing", [
            _topic("m1", "Book the stall at Otley market", markers=[{"markerId": "task-done"}], labels=["market"]),
            _topic("m2", "Print leaflets", markers=[{"markerId": "priority-1"}],
                   notes={"plain": {"content": "500 from Printwise\nPick up Friday"}}),
        ]),
        _topic("b", "Budget", [_topic("b1", "Oven: £2,400", href="https://example.com/oven")]),
        _topic("o", "Opening day", notes={"plain": {"content": "Doors at 10, raku firing at 2"}}),
    ]), "relationships": [{"id": "x", "end1Id": "m2", "end2Id": "b1", "title": "after the oven"}]},
    {"id": "s2", "class": "sheet", "title": "Holiday", "rootTopic": _topic("h", "Skye in May", [_topic("h1", "Ferry from Mallaig")])},
]  # fmt: skip
MAP[0]["rootTopic"]["children"]["detached"] = [_topic("f", "Ask Gran for the scone recipe")]
STUB_XML = (
    '<?xml version="1.0"?><xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0"><sheet id="w"><topic id="t">'
    "<title>Warning: this file needs a newer XMind</title></topic><title>Warning</title></sheet></xmap-content>"
)


def _xmind(sheets: list | None, xml: str | None = None) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        if sheets is not None:
            zf.writestr("content.json", json.dumps(sheets))
            zf.writestr("metadata.json", "{}")
            zf.writestr(
                "manifest.json", json.dumps({"file-entries": {"content.json": {}, "metadata.json": {}}})
            )
        zf.writestr("content.xml", xml or STUB_XML)
    return buf.getvalue()


def test_an_xmind_map_reads_a_sheet_a_page_topics_under_their_branches():
    doc = _read("Plans.xmind", _xmind(MAP))
    assert doc.file_type == "mindmap"
    first, second = doc.pages
    assert (first.number, second.number) == (1, 2)
    lines = first.text.splitlines()
    # a heading is a sentence of its own: a blank line under it
    assert lines[:6] == ["Bakery launch", "", "Launch the bakery", "", "Marketing", ""]
    assert "Book the stall at Otley market (done; labels: market)." in lines
    assert "Print leaflets (priority 1, the top priority)." in lines
    assert "Note on Print leaflets: 500 from Printwise" in lines
    assert "Oven: £2,400 (link: https://example.com/oven)." in lines
    assert "Floating topic: Ask Gran for the scone recipe." in lines
    assert "Print leaflets → Oven: £2,400: after the oven." in lines
    assert "needs a newer XMind" not in first.text  # XMind Zen's stub for old readers is not the map
    levels = {first.text[b.start : b.end]: b.heading_level for b in first.blocks}
    assert levels["Marketing"] > levels["Launch the bakery"] > levels["Bakery launch"]
    assert levels["Print leaflets (priority 1, the top priority)."] == 0
    # a topic after a branch beside it is a heading too: it does not read as that branch's last line
    assert levels["Opening day"] == levels["Budget"] > 0 and "Note on Opening day: Doors at 10" in first.text
    assert "Ferry from Mallaig." in second.text


def test_an_xmind_8_map_reads_from_its_xml():
    xml = (
        '<?xml version="1.0"?><xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0"><sheet id="s"><topic id="r">'
        '<title>Thesis</title><children><topics type="attached"><topic id="a"><title>Chapter 1</title><marker-refs>'
        '<marker-ref marker-id="task-half"/></marker-refs><notes><plain>Draft due June</plain></notes></topic>'
        "</topics></children></topic><title>Plan</title></sheet></xmap-content>"
    )
    page = _read("Thesis.xmind", _xmind(None, xml)).pages[0]
    assert [x for x in page.text.splitlines() if x] == [
        "Plan",
        "Thesis",
        "Chapter 1 (half done).",
        "Note on Chapter 1: Draft due June",
    ]


def _nested(depth: int) -> dict:
    """A sheet whose topics are ``depth`` deep, each with a floating topic (JSON written by hand: the encoder
    recurses)."""
    inner = ""
    for k in reversed(range(depth)):
        kids = (
            f', "children": {{"attached": [{inner}], "detached": [{{"id": "f{k}", "title": "Float {k}"}}]}}'
        )
        inner = f'{{"id": "{k}", "title": "Level {k}"{kids if inner else ""}}}'
    return inner


def test_a_hostile_xmind_map_is_read_without_recursion_or_refused():
    sheet = '[{"id": "s", "title": "Deep", "rootTopic": %s}]'
    data = _xmind([])
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:  # topics 250 deep, floating topics inside floating topics
        zf.writestr("content.json", sheet % _nested(250))
    page = _read("deep.xmind", buf.getvalue()).pages[0]
    assert "Level 249." in page.text and "Floating topic: Float 248." in page.text
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:  # deeper than JSON is read: an error that says so, not a crash
        zf.writestr("content.json", sheet % _nested(3000))
    with pytest.raises(ExtractError, match="XMind"):
        _read("deeper.xmind", buf.getvalue())
    bomb = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><xmap-content/>'
    with pytest.raises(ExtractError, match="document type"):
        _read("bomb.xmind", _xmind(None, bomb))
    with pytest.raises(ExtractError, match="no map"):
        _read("empty.xmind", _xmind([{"id": "s", "title": "Nothing"}]))
    assert data


def test_a_family_with_thousands_of_parents_and_children_reads_in_linear_time():
    import time

    people = "".join(f"0 @I{k}@ INDI\n1 NAME P{k} /X/\n1 FAMC @F1@\n1 FAMS @F1@\n" for k in range(1500))
    family = "0 @F1@ FAM\n" + "".join(f"1 HUSB @I{k}@\n1 CHIL @I{k}@\n" for k in range(1500))
    t = time.perf_counter()
    page = _read("hostile.ged", ("0 HEAD\n" + people + family).encode()).pages[0]
    assert time.perf_counter() - t < 10 and "P1499 X is the child of P0 X and P1 X" in page.text
