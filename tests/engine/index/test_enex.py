"""Evernote exports (engine.index.readers.enex): each note a heading, its dates, tags and text in words, anchored to
the export's lines, read through the real text reader and indexed; a DOCTYPE with an internal subset is refused."""

from pathlib import Path

from engine.index.extraction import extract

ENEX = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE en-export SYSTEM "http://xml.evernote.com/pub/evernote-export4.dtd">
<en-export export-date="20270402T181200Z" application="Evernote" version="10.58.8">
  <note>
    <title>Bike service checklist</title>
    <created>20270321T084500Z</created>
    <updated>20270322T190000Z</updated>
    <tag>bike</tag>
    <tag>spring</tag>
    <note-attributes>
      <author>Noor Haddad</author>
    </note-attributes>
    <content>
      <![CDATA[<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!DOCTYPE en-note SYSTEM "http://xml.evernote.com/pub/enml2.dtd">
<en-note>
<div>Before the club ride on the 28th:</div>
<div><en-todo checked="true"/>Replace the chain (KMC X11, &pound;24)</div>
<div><en-todo checked="false"/>Bleed the rear brake</div>
<div><en-todo/>True the front wheel</div>
<div><en-media hash="4f1c" type="image/jpeg"/></div>
<table><tr><td>Tyre</td><td>Pressure</td></tr>
<tr><td>Front</td><td>65 psi</td></tr>
<tr><td style="padding: 8px;"><div>Rear</div></td><td style="padding: 8px;"><div><b>70 psi</b></div></td></tr></table>
</en-note>]]>
    </content>
    <resource>
      <data encoding="base64">iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk</data>
      <mime>image/jpeg</mime>
      <resource-attributes><file-name>chain-wear.jpg</file-name></resource-attributes>
    </resource>
  </note>
  <note>
    <title>Why sourdough needs time</title>
    <created>20270102T120000Z</created>
    <note-attributes><source-url>https://bread.example.org/slow-dough</source-url></note-attributes>
    <content><![CDATA[<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!DOCTYPE en-note SYSTEM "http://xml.evernote.com/pub/enml2.dtd">
<en-note><h1>Slow fermentation</h1>
<p>A long cold proof of 14 hours in the fridge lets the flavour develop.</p>
<ul><li>Feed the starter the night before.</li><li>Keep the dough at 4 degrees.</li></ul>
</en-note>]]></content>
  </note>
</en-export>
"""


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_notes_are_read_as_headings_dates_and_text_anchored_to_the_export_lines():
    doc = extract(Path("Notes.enex"), ENEX.encode())
    assert doc.file_type == "evernote" and len(doc.pages) == 1
    page = doc.pages[0]
    text = page.text
    assert "CDATA" not in text and "en-todo" not in text and "<div>" not in text and "iVBOR" not in text
    assert text.startswith(
        "Bike service checklist\n\nCreated Sun 21 Mar 2027, 08:45 UTC. Updated Mon 22 Mar 2027"
    )
    assert "By Noor Haddad. Tags: bike, spring." in text
    assert "(done) Replace the chain (KMC X11, £24)" in text
    assert "(to do) Bleed the rear brake" in text and "(to do) True the front wheel" in text
    assert "Front | 65 psi" in text  # a table row, cells apart as the other readers write them
    assert "Rear | 70 psi" in text  # Evernote's cells each hold a <div>: still one row
    assert "Attachments: chain-wear.jpg." in text
    assert "Clipped from https://bread.example.org/slow-dough" in text
    # each note's title is a heading; the note's own headings sit one level under it
    headings = {text[b.start : b.end]: b.heading_level for b in page.blocks if b.heading_level}
    assert headings == {"Bike service checklist": 1, "Why sourdough needs time": 1, "Slow fermentation": 2}
    # every piece names its line in the export file
    for needle in (
        "Bleed the rear brake",
        "Front | 65 psi",
        "A long cold proof of 14 hours",
        "Keep the dough",
    ):
        line = page.locate(text.index(needle))[0]
        assert line == _line_of(ENEX, needle.split(" |")[0]), needle
    assert page.locate(text.index("Why sourdough"))[0] == _line_of(ENEX, "<title>Why sourdough")
    assert page.locate(text.index("Created Sat 2 Jan"))[0] == _line_of(ENEX, "<created>20270102")


def test_an_export_is_indexed_and_found_note_by_note(tmp_path):
    from engine.index.chunking import chunk_document
    from tests.engine.index.index_fakes import minilm_tokenizer

    doc = extract(tmp_path / "Notes.enex", ENEX.encode())
    chunks = list(chunk_document(doc, minilm_tokenizer(), max_tokens=64))
    assert chunks
    # a chunk never holds two notes
    assert not any("Bike service" in c.text and "sourdough" in c.text.lower() for c in chunks)
    proof = next(c for c in chunks if "14 hours" in c.text)
    assert proof.line_start == _line_of(ENEX, "<h1>Slow") and proof.line_end >= _line_of(
        ENEX, "A long cold proof"
    )
    assert "Why sourdough needs time" in proof.heading


def test_a_doctype_with_an_internal_subset_is_refused_and_the_file_read_as_its_text():
    hostile = ENEX.replace(
        '<!DOCTYPE en-export SYSTEM "http://xml.evernote.com/pub/evernote-export4.dtd">',
        '<!DOCTYPE en-export [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>',
    )
    page = extract(Path("Notes.enex"), hostile.encode()).pages[0]
    assert page.text == hostile and not page.anchors


def test_escaped_enml_a_note_with_no_text_and_a_file_with_no_notes():
    escaped = """<?xml version="1.0"?>
<en-export><note><title>Plain</title>
<content>&lt;en-note&gt;&lt;div&gt;Gate code 4471&lt;/div&gt;&lt;/en-note&gt;</content></note>
<note><title>Empty</title><content><![CDATA[<en-note></en-note>]]></content></note></en-export>"""
    page = extract(Path("a.enex"), escaped.encode()).pages[0]
    assert "Gate code 4471" in page.text and "Empty" in page.text
    assert page.locate(page.text.index("Gate code"))[0] == 3  # at its <content> element
    junk = extract(Path("b.enex"), b"<en-export></en-export>").pages[0]
    assert junk.text == "<en-export></en-export>"
    broken = extract(Path("c.enex"), b"<en-export><note><title>x</en-export>").pages[0]
    assert broken.text.startswith("<en-export>")
