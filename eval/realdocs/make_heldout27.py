"""Generate the private documents of the realdocs ``heldout27`` part under ``files/private27/``: a novelist's novel in
progress as Scrivener 3 for macOS keeps a project on disk (``The Saltings.scriv/``: the ``.scrivx`` binder, XML, and
for each text ``Files/Data/<UUID>/content.rtf``, RTF as Cocoa writes it, with ``synopsis.txt`` (the index card) and,
for some, ``notes.rtf`` (the document notes); ``Files/version.txt``), a short film as a Fountain screenplay
(``Low Water.fountain``: a title page, scene headings, action, character cues, parentheticals, dual dialogue,
transitions, centred text, sections, synopses, notes, a boneyard, emphasis, a lyric and page breaks) and a street
fair's planning outline as an outliner exports it to OPML 2.0 (``Harbour Street Fair 2027.opml``: nested outlines,
notes, checkboxes, entities).

    python eval/realdocs/make_heldout27.py          # rewrite them; the output is the same on every run

The standard library only; fixed text, times and ids (a binder item's UUID is a name-based UUID of its key), so a rerun
gives the same bytes. Every weekday written next to a date is checked against the calendar; the binder against the
files beside it, each RTF file read back (``rtf_paragraphs``, a reader of its own) as the paragraphs it was written
from, the screenplay's elements, and the outline read back with ``xml.etree`` as it was laid out.
"""

from __future__ import annotations

import re
import uuid
import xml.etree.ElementTree as ET
from pathlib import Path

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout27 (the tests, check.py)
    import heldout27_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import check_weekdays
except ImportError:
    from eval.realdocs import heldout27_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private27"
_NAMESPACE = uuid.UUID("6f1c2a4e-2b7d-4c1e-9a53-27c0ffee2027")


# --- the Scrivener project ------------------------------------------------------------------------------------------


def item_uuid(key: str) -> str:
    """A binder item's UUID as Scrivener writes it (upper case), made from the project's name and the item's key."""
    return str(uuid.uuid5(_NAMESPACE, f"{T.PROJECT_ID}/{key}")).upper()


def binder_items() -> list[dict]:
    """Every binder item, depth first, in the binder's order."""
    out: list[dict] = []

    def walk(items: list[dict]) -> None:
        for item in items:
            out.append(item)
            walk(item.get("children", []))

    walk(T.BINDER)
    return out


_RTF_HEADER = (
    "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n"
    "\\cocoatextscaling0\\cocoaplatform0{\\fonttbl\\f0\\fnil\\fcharset0 Palatino-Roman;\\f1\\fnil\\fcharset0 "
    "Palatino-Italic;}\n"
    "{\\colortbl;\\red255\\green255\\blue255;}\n"
    "{\\*\\expandedcolortbl;;}\n"
    "\\paperw11900\\paperh16840\\margl1440\\margr1440\\vieww12000\\viewh15840\\viewkind0\n"
)
# a scene's paragraphs: a first-line indent and one and a half spacing; a research note's: none
_RTF_PARD = {
    True: "\\pard\\tx360\\tx720\\tx1080\\tx1440\\tx1800\\tx2160\\tx2880\\tx3600\\tx4320\\fi360\\sl360\\slmult1"
    "\\pardirnatural\\partightenfactor0\n",
    False: "\\pard\\tx560\\tx1120\\tx1680\\tx2240\\tx2800\\tx3360\\tx3920\\tx4480\\tx5040\\tx5600\\tx6160\\tx6720"
    "\\pardirnatural\\partightenfactor0\n",
}


def _rtf_chars(text: str) -> str:
    """Text as Cocoa's RTF writer escapes it: ASCII as it is (``\\``, ``{`` and ``}`` escaped), a character of Latin-1
    as ``\\'xx``, any other as ``\\uc0\\uN`` and a space."""
    out = []
    for ch in text:
        if ch in "\\{}":
            out.append("\\" + ch)
        elif ord(ch) < 128:
            out.append(ch)
        elif ord(ch) < 256:
            out.append(f"\\'{ord(ch):02x}")
        else:
            out.append(f"\\uc0\\u{ord(ch)} ")
    return "".join(out)


def _rtf_paragraph(text: str) -> str:
    """A paragraph's RTF: ``*...*`` set in the italic face (``\\f1\\i`` ... ``\\f0\\i0``)."""
    parts = text.split("*")
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append("\\f1\\i " + _rtf_chars(part) + "\\f0\\i0 ")
        else:
            out.append(_rtf_chars(part))
    return "".join(out)


def rtf_file(paragraphs: list[str], scene: bool) -> bytes:
    """An RTF file as Scrivener 3 on macOS (Cocoa) writes a text: its header, then the paragraphs, each ended by
    ``\\`` and a line end, the last by the closing brace."""
    body = "\\\n".join(_rtf_paragraph(p) for p in paragraphs)
    return (_RTF_HEADER + _RTF_PARD[scene] + "\n\\f0\\fs24 \\cf0 " + body + "}").encode("ascii")


_RTF_READ = re.compile(r"\\([a-zA-Z]+)(-?\d+)? ?|\\'([0-9a-f]{2})|\\(.)|([{}])|(\n)|([^\\{}\n]+)", re.S)


def rtf_paragraphs(data: bytes) -> list[str]:
    """A Cocoa RTF file's paragraphs, read back: the groups of the header skipped, ``\\'xx`` as Latin-1, ``\\uN`` a
    character (``\\uc0``: no fallback), ``\\`` and a line end a paragraph's end; the italic face's runs as ``*...*``."""
    out, depth, skipped = [""], 0, None
    for m in _RTF_READ.finditer(data.decode("ascii")):
        word, arg, hexa, sym, brace, newline, chars = m.groups()
        if brace:
            depth += 1 if brace == "{" else -1
            if skipped is not None and depth < skipped:
                skipped = None
            continue
        if skipped is not None or newline:
            continue
        if word in ("fonttbl", "colortbl") or sym == "*":
            skipped = depth
        elif word == "i":
            out[-1] += "*"
        elif word == "u":
            out[-1] += chr(int(arg))
        elif hexa:
            out[-1] += bytes([int(hexa, 16)]).decode("latin-1")
        elif sym == "\n":
            out.append("")
        elif sym:
            out[-1] += sym
        elif chars and depth == 1:
            out[-1] += chars
    return out


def _ts(when: str) -> str:
    return f"{when} +0000"


def scrivx() -> str:
    """The project's binder, ``<Name>.scrivx``, as Scrivener 3 writes it (version 2.0 of the format)."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<ScrivenerProject Template="NO" Version="2.0" Identifier="{item_uuid("project")}" '
        f'Creator="{T.CREATOR}" Device="{T.DEVICE}" Author="{T.AUTHOR}">',
        "    <Binder>",
    ]

    def item(it: dict, depth: int) -> None:
        pad = "    " * depth
        lines.append(
            f'{pad}<BinderItem UUID="{item_uuid(it["key"])}" Type="{it["type"]}" Created="{_ts(it["created"])}" '
            f'Modified="{_ts(it["modified"])}">'
        )
        lines.append(f"{pad}    <Title>{_xml(it['title'])}</Title>")
        meta = []
        if it["type"] in ("Text", "Folder", "DraftFolder"):
            meta.append(f"<IncludeInCompile>{'Yes' if it.get('include', True) else 'No'}</IncludeInCompile>")
        if it.get("label"):
            meta.append(f"<LabelID>{it['label']}</LabelID>")
        if it.get("status"):
            meta.append(f"<StatusID>{it['status']}</StatusID>")
        if meta:
            lines.append(f"{pad}    <MetaData>")
            lines.extend(f"{pad}        {m}" for m in meta)
            lines.append(f"{pad}    </MetaData>")
        if it["type"] == "Text":
            lines.append(f"{pad}    <TextSettings>")
            lines.append(f"{pad}        <TextSelection>0,0</TextSelection>")
            lines.append(f"{pad}    </TextSettings>")
        if it.get("children"):
            lines.append(f"{pad}    <Children>")
            for child in it["children"]:
                item(child, depth + 2)
            lines.append(f"{pad}    </Children>")
        lines.append(f"{pad}</BinderItem>")

    for top in T.BINDER:
        item(top, 2)
    lines += ["    </Binder>", "    <LabelSettings>", "        <Title>Label</Title>"]
    lines += ["        <DefaultLabelID>-1</DefaultLabelID>", "        <Labels>"]
    for ident, name, colour in T.LABELS:
        attr = f' Color="{colour}"' if colour else ""
        lines.append(f'            <Label ID="{ident}"{attr}>{_xml(name)}</Label>')
    lines += [
        "        </Labels>",
        "    </LabelSettings>",
        "    <StatusSettings>",
        "        <Title>Status</Title>",
    ]
    lines += ["        <DefaultStatusID>-1</DefaultStatusID>", "        <StatusItems>"]
    for ident, name in T.STATUSES:
        lines.append(f'            <Status ID="{ident}">{_xml(name)}</Status>')
    lines += ["        </StatusItems>", "    </StatusSettings>", "</ScrivenerProject>"]
    return "\n".join(lines) + "\n"


def _xml(text: str, attribute: bool = False) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;").replace("\n", "&#10;") if attribute else text


def scrivener_files() -> dict[str, bytes]:
    """The project's files, by their path under ``files/private27``."""
    root = T.SCRIV_NAME
    stem = T.SCRIV_NAME.removesuffix(".scriv")
    made = {
        f"{root}/{stem}.scrivx": scrivx().encode("utf-8"),
        f"{root}/Files/version.txt": T.SCRIVENER_VERSION.encode("ascii"),
    }
    research = {it["key"] for top in T.BINDER if top["type"] == "ResearchFolder" for it in _below(top)}
    for it in binder_items():
        if it["type"] != "Text":
            continue
        folder = f"{root}/Files/Data/{item_uuid(it['key'])}"
        made[f"{folder}/content.rtf"] = rtf_file(it["text"], it["key"] not in research)
        if it.get("synopsis"):
            made[f"{folder}/synopsis.txt"] = it["synopsis"].encode("utf-8")
        if it.get("notes"):
            made[f"{folder}/notes.rtf"] = rtf_file(it["notes"], False)
    return dict(sorted(made.items()))


def _below(item: dict) -> list[dict]:
    out = []
    for child in item.get("children", []):
        out += [child, *_below(child)]
    return out


def scene_path(key: str, name: str = "content.rtf") -> str:
    """A binder item's file, by its path under ``files/private27``."""
    return f"{T.SCRIV_NAME}/Files/Data/{item_uuid(key)}/{name}"


def check_scrivener(made: dict[str, bytes]) -> None:
    """The binder parses, names each text's folder, and its items' times run forwards; each RTF file reads back as the
    paragraphs it was written from; a synopsis is one line; the draft, research and trash folders are there once."""
    stem = T.SCRIV_NAME.removesuffix(".scriv")
    root = ET.fromstring(made[f"{T.SCRIV_NAME}/{stem}.scrivx"])
    assert root.tag == "ScrivenerProject" and root.get("Version") == "2.0"
    types = [e.get("Type") for e in root.iter("BinderItem")]
    assert all(types.count(t) == 1 for t in ("DraftFolder", "ResearchFolder", "TrashFolder"))
    folders = {p.split("/")[3] for p in made if p.startswith(f"{T.SCRIV_NAME}/Files/Data/")}
    texts = {e.get("UUID") for e in root.iter("BinderItem") if e.get("Type") == "Text"}
    assert folders == texts, folders ^ texts
    labels, statuses = {i for i, _, _ in T.LABELS}, {i for i, _ in T.STATUSES}
    for it in binder_items():
        assert it["created"] <= it["modified"] <= "2027-04-18 21:03:55", it["key"]
        assert it.get("label", -1) in labels and it.get("status", -1) in statuses
        if it["type"] == "Text":
            assert rtf_paragraphs(made[scene_path(it["key"])]) == it["text"], it["key"]
            if it.get("notes"):
                assert rtf_paragraphs(made[scene_path(it["key"], "notes.rtf")]) == it["notes"], it["key"]
            assert "\n" not in it["synopsis"]
        for child in it.get("children", []):
            assert it["created"] <= child["created"] and child["modified"] <= it["modified"], child["key"]
    rtf = b"".join(v for k, v in made.items() if k.endswith(".rtf"))
    assert b"\\'" in rtf and b"\\uc0\\u8217 " in rtf and b"\\f1\\i " in rtf


# --- the Fountain screenplay ----------------------------------------------------------------------------------------

SCENE_HEADING = re.compile(r"^(?:(?:INT|EXT|EST|INT\./EXT|I/E)\.? .+|\.[A-Z].*)$")


def fountain_elements(text: str) -> list[tuple[int, str, str]]:
    """The screenplay's elements as Fountain reads them, a line each: (line, kind, text) for the title page's keys,
    sections, synopses, scene headings, characters (and their dual-dialogue mark), parentheticals, dialogue,
    transitions, centred text, lyrics, page breaks, notes and the boneyard; action otherwise."""
    lines = text.split("\n")
    out: list[tuple[int, str, str]] = []
    title_page, boneyard, speaking = True, False, False
    for n, line in enumerate(lines, 1):
        s = line.strip()
        prev = lines[n - 2] if n > 1 else ""
        if title_page:
            if not s:
                title_page = False
            else:
                out.append((n, "title" if not line.startswith(" ") else "title-more", s))
            continue
        if boneyard or s.startswith("/*"):
            boneyard = not s.endswith("*/")
            out.append((n, "boneyard", s))
            continue
        if not s:
            speaking = False
            continue
        if speaking:
            out.append((n, "parenthetical" if s.startswith("(") else "dialogue", s))
        elif s.startswith("#"):
            out.append((n, "section", s))
        elif s.startswith("="):
            out.append((n, "page-break" if s == "===" else "synopsis", s))
        elif s.startswith("[[") and s.endswith("]]"):
            out.append((n, "note", s))
        elif s.startswith(">") and s.endswith("<"):
            out.append((n, "centered", s))
        elif s.startswith(">") or (s.isupper() and s.endswith("TO:")):
            out.append((n, "transition", s))
        elif s.startswith("~"):
            out.append((n, "lyric", s))
        elif not prev.strip() and SCENE_HEADING.match(s):
            out.append((n, "scene", s))
        elif (
            not prev.strip()
            and n < len(lines)
            and lines[n].strip()
            and (s.startswith("@") or (re.sub(r"\(.*?\)|\^", "", s).strip().isupper()))
        ):
            out.append((n, "character", s))
            speaking = True
        else:
            out.append((n, "action", s))
    return out


def check_fountain(text: str) -> None:
    """The title page's keys; the scenes (one forced with '.'), characters (one forced with '@', one with (V.O.), one
    with (CONT'D), a dual-dialogue pair), a parenthetical, transitions (one forced with '>'), centred text, sections,
    synopses, a note, a boneyard, emphasis, a lyric and page breaks are there; every character speaks."""
    elements = fountain_elements(text)
    kinds = [k for _, k, _ in elements]
    titles = [t.split(":")[0] for _, k, t in elements if k == "title"]
    assert titles == ["Title", "Credit", "Author", "Source", "Draft date", "Contact"]
    scenes = [t for _, k, t in elements if k == "scene"]
    assert len(scenes) == 11 and sum(s.startswith(".") for s in scenes) == 1
    cues = [t for _, k, t in elements if k == "character"]
    assert any(c.startswith("@") for c in cues) and any("(V.O.)" in c for c in cues)
    assert any("(CONT'D)" in c for c in cues) and sum(c.endswith("^") for c in cues) == 1
    for need in (
        "parenthetical",
        "transition",
        "centered",
        "section",
        "synopsis",
        "note",
        "boneyard",
        "lyric",
    ):
        assert need in kinds, need
    assert kinds.count("page-break") == 2 and "> THE END <" in text and "> MATCH CUT TO:" in text
    assert "**eleven**" in text and "*Technically*" in text and "_very_" in text
    for i, (_, k, _) in enumerate(elements):
        if k == "character":
            assert elements[i + 1][1] in ("dialogue", "parenthetical")


# --- the OPML outline -----------------------------------------------------------------------------------------------


def _rows(items, depth=0):
    for text, note, status, children in items:
        yield depth, text, note, status, children
        yield from _rows(children, depth + 1)


def expansion_state() -> str:
    """The rows expanded (every row with children), by their index among the outline's rows, as the head lists them."""
    return ",".join(str(i) for i, row in enumerate(_rows(T.OUTLINE)) if row[4])


def opml_text() -> str:
    """The outline as the outliner exports OPML 2.0: a tab a level, an ``<outline>`` a row with its ``text``, its
    ``_note`` (line breaks as ``&#10;``) and its checkbox's ``_status``, the entities escaped."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<opml version="2.0">',
        "\t<head>",
        f"\t\t<title>{_xml(T.OPML_TITLE)}</title>",
        f"\t\t<dateCreated>{T.OPML_CREATED}</dateCreated>",
        f"\t\t<dateModified>{T.OPML_MODIFIED}</dateModified>",
        f"\t\t<ownerName>{_xml(T.OPML_OWNER)}</ownerName>",
        f"\t\t<ownerEmail>{T.OPML_EMAIL}</ownerEmail>",
        f"\t\t<expansionState>{expansion_state()}</expansionState>",
        "\t</head>",
        "\t<body>",
    ]

    def outline(items, depth: int) -> None:
        for text, note, status, children in items:
            attrs = f'text="{_xml(text, True)}"'
            if note:
                attrs += f' _note="{_xml(note, True)}"'
            if status:
                attrs += f' _status="{status}"'
            pad = "\t" * depth
            if children:
                lines.append(f"{pad}<outline {attrs}>")
                outline(children, depth + 1)
                lines.append(f"{pad}</outline>")
            else:
                lines.append(f"{pad}<outline {attrs}/>")

    outline(T.OUTLINE, 2)
    lines += ["\t</body>", "</opml>"]
    return "\n".join(lines) + "\n"


def check_opml(text: str) -> None:
    """The outline reads back with ``xml.etree`` as laid out: each row's text, note and status, in order, a level a
    tab; the entities ``&amp;``, ``&lt;``, ``&quot;`` and ``&#10;`` are used."""
    root = ET.fromstring(text.encode("utf-8"))
    assert root.get("version") == "2.0" and root.find("head/title").text == T.OPML_TITLE
    read = [(o.get("text"), o.get("_note", ""), o.get("_status")) for o in root.iter("outline")]
    assert read == [(t, n, s) for _, t, n, s, _ in _rows(T.OUTLINE)]
    for entity in ("&amp;", "&lt;", "&quot;", "&#10;"):
        assert entity in text, entity
    for line in text.split("\n"):
        if line.lstrip("\t").startswith("<outline"):
            assert not line.startswith("\t\t\t\t\t\t\t") and " " not in line[: len(line) - len(line.lstrip())]
    assert {s for *_, s in read} == {None, "checked", "unchecked"}


# --- all ------------------------------------------------------------------------------------------------------------


def check_texts() -> int:
    """Every weekday written next to a date in the three documents is the calendar's."""
    words = [T.FOUNTAIN] + [f"{t}\n{n}" for _, t, n, _, _ in _rows(T.OUTLINE)]
    for it in binder_items():
        words += [it.get("synopsis", ""), *it.get("text", []), *it.get("notes", [])]
    return check_weekdays("\n".join(words))


def files() -> dict[str, bytes]:
    """The project's, the screenplay's and the outline's files, by their path under ``files/private27``."""
    return {
        **scrivener_files(),
        T.FOUNTAIN_NAME: T.FOUNTAIN.encode("utf-8"),
        T.OPML_NAME: opml_text().encode("utf-8"),
    }


def check(made: dict[str, bytes]) -> int:
    n = check_texts()
    check_scrivener(made)
    check_fountain(made[T.FOUNTAIN_NAME].decode("utf-8"))
    check_opml(made[T.OPML_NAME].decode("utf-8"))
    return n


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
