"""Family trees in GEDCOM (``.ged``: what MacFamilyTree, Reunion, Gramps, Ancestry and FamilySearch export), read as
a family historian reads them, not as tagged lines.

A GEDCOM file is lines of ``LEVEL [@ID@] TAG [VALUE]``: level-0 records (``INDI`` a person, ``FAM`` a family,
``NOTE``, ``SOUR`` a source, ``SUBM`` the researcher) and under them, a level deeper each, their facts (``NAME Ada
/Thornton/``, ``BIRT`` with ``DATE 12 MAR 1891`` and ``PLAC Whitby``, ``FAMC @F2@`` the family a person is a child
of, ``FAMS`` a family they head). ``CONT`` starts a new line of the value above it and ``CONC`` goes on with it.
Read as text, an answer quotes "2 DATE 12 MAR 1891".

Here each person is a record (a chunk of its own) headed by their name: a sentence for each fact, every one naming
the person ("Ada Mary Thornton was born on 12 March 1891 in Whitby, Yorkshire, England."), whose child they are and
whose grandchild, whom they married and their children, then their notes (a shared ``NOTE`` record read under
everyone who points at it) and where a fact is sourced, the source's title and page. Each family is a record (the
marriage, a divorce, each child), and each source. Every sentence is anchored at the file's line it comes from, so
a citation names the file's own lines. A file with no ``HEAD`` or no person is read as its text (nothing is lost).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.index.document import Page, line_starts
from engine.index.readers.anchored import MONTH_NAMES, SENTENCE_END, AnchoredText, as_text

MAX_LISTED = 60  # a family's children named in a parent's sentence (the family's own record names each)
MAX_FAMC = (
    4  # the families a person is a child of that are read (birth, adoption ...), for parents and grandparents
)
READER_VERSION = 3  # 1, 2: this stop's readings before and after held-out 28's report; 3: details' own lines

_LINE = re.compile(r"\s*(\d{1,2})\s+(?:(@[^@\s]{1,40}@)\s+)?([A-Za-z0-9_]{1,31})(?:\s(.*))?$")
_MONTHS = {m: n for n, m in enumerate("JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC".split(), 1)}
_QUALIFIERS = {"ABT": "about", "EST": "about", "CAL": "about", "BEF": "before", "AFT": "after", "INT": ""}
# a person's events: what they did, as a sentence's verb
_EVENTS = {
    "BIRT": "was born", "CHR": "was christened", "BAPM": "was baptised", "DEAT": "died", "BURI": "was buried",
    "CREM": "was cremated", "ADOP": "was adopted", "BARM": "had a bar mitzvah", "BASM": "had a bat mitzvah",
    "CONF": "was confirmed", "FCOM": "took first communion", "EMIG": "emigrated", "IMMI": "immigrated",
    "NATU": "was naturalised", "GRAD": "graduated", "RETI": "retired", "CENS": "was recorded in the census",
    "PROB": "had probate granted", "WILL": "made a will", "RESI": "lived", "ORDN": "was ordained",
    "_MILI": "served in the military", "MILI": "served in the military",
}  # fmt: skip
# a person's attributes: a value of their own ("OCCU Dressmaker")
_ATTRIBUTES = {
    "OCCU": "occupation", "EDUC": "education", "RELI": "religion", "NATI": "nationality", "TITL": "title",
    "DSCR": "description", "PROP": "property", "CAST": "caste", "NCHI": "number of children",
    "NMR": "number of marriages", "SSN": "social security number", "IDNO": "identity number",
}  # fmt: skip
# what a sourced fact is called ("Ada Mary Thornton's birth is recorded in ...")
_NOUNS = {"BIRT": "birth", "CHR": "christening", "BAPM": "baptism", "DEAT": "death", "BURI": "burial",
          "MARR": "marriage", "DIV": "divorce", "RESI": "residence", "CENS": "census entry", "EMIG": "emigration",
          "IMMI": "immigration", "PROB": "probate", "WILL": "will", **_ATTRIBUTES}  # fmt: skip
_FAMILY_EVENTS = {"MARR": "married", "DIV": "divorced", "ENGA": "became engaged", "MARB": "had banns read",
                  "MARL": "took a marriage licence", "MARC": "made a marriage contract", "ANUL": "had the marriage annulled",
                  "DIVF": "filed for divorce"}  # fmt: skip
_KIN = {"M": ("son", "grandson", "husband"), "F": ("daughter", "granddaughter", "wife")}


@dataclass
class _Node:
    tag: str
    value: str
    line: int  # 0-based file line
    xref: str = ""
    children: list[_Node] = field(default_factory=list)

    def first(self, tag: str) -> _Node | None:
        return next((c for c in self.children if c.tag == tag), None)

    def all(self, tag: str) -> list[_Node]:
        return [c for c in self.children if c.tag == tag]


def _parse(text: str, check: Callable[[], None]) -> list[_Node]:
    """The level-0 records, each with its lines under it; ``CONT``/``CONC`` joined into the value above them."""
    records: list[_Node] = []
    stack: list[_Node] = []
    for n, raw in enumerate(text.splitlines()):
        if n % 4096 == 0:
            check()
        m = _LINE.match(raw.lstrip("\ufeff"))
        if m is None:
            continue
        level, xref, tag, value = int(m[1]), m[2] or "", m[3].upper(), (m[4] or "")
        if tag in ("CONT", "CONC") and stack and level == len(stack):
            parent = stack[-1]
            parent.value += ("\n" if tag == "CONT" else "") + value
            continue
        if level > len(stack):  # a level skipped: a broken line, read under the last node
            level = len(stack)
        del stack[level:]
        node = _Node(tag, value.strip() if tag not in ("NOTE", "TEXT") else value, n, xref)
        (stack[-1].children if stack else records).append(node)
        stack.append(node)
    return records


def _name(person: _Node) -> str:
    name = person.first("NAME")
    words = " ".join((name.value if name else "").replace("/", " ").split())
    if not words and name is not None:
        words = " ".join(
            f"{(name.first(t).value if name.first(t) else '')}" for t in ("GIVN", "SURN")
        ).strip()
    return words or "Someone unnamed"


def date_words(value: str) -> str:
    """A GEDCOM date as words: "12 MAR 1891" -> "on 12 March 1891", "ABT 1850" -> "about 1850", "BET 1850 AND
    1855" -> "between 1850 and 1855", "MAR 1891" -> "in March 1891"."""
    words = value.split()
    if not words:
        return ""
    head = words[0].upper()
    if head == "BET" and "AND" in (w.upper() for w in words):
        i = [w.upper() for w in words].index("AND")
        return f"between {_plain(words[1:i])} and {_plain(words[i + 1 :])}"
    if head == "FROM":
        up = [w.upper() for w in words]
        if "TO" in up:
            i = up.index("TO")
            return f"from {_plain(words[1:i])} to {_plain(words[i + 1 :])}"
        return f"from {_plain(words[1:])}"
    if head == "TO":
        return f"until {_plain(words[1:])}"
    if head in _QUALIFIERS:
        rest = _plain(words[1:])
        return f"{_QUALIFIERS[head]} {rest}".strip()
    plain = _plain(words)
    return f"on {plain}" if len(words) == 3 and words[0].isdigit() else f"in {plain}"


def _plain(words: list[str]) -> str:
    """Date words with the months spelled out ("12 MAR 1891" -> "12 March 1891")."""
    out = []
    for w in words:
        month = _MONTHS.get(w.upper())
        out.append(MONTH_NAMES[month - 1] if month else w)
    return " ".join(out)


def _detail_parts(node: _Node) -> list[tuple[str, int]]:
    """An event's date, place, address, age and cause, as the end of a sentence: each with its file line."""
    parts: list[tuple[str, int]] = []  # an EVEN's or FACT's TYPE is its sentence's verb, not a detail
    date = node.first("DATE")
    if date is not None and date.value:
        parts.append((date_words(date.value), date.line))
    place = node.first("PLAC")
    if place is not None and place.value:
        where = " ".join(place.value.split())
        said = where[0].lower() + where[1:] if where.lower().startswith("at ") else f"in {where}"
        parts.append((said, place.line))
    addr = node.first("ADDR")
    if addr is not None and (addr.value or addr.children):
        lines = [*addr.value.split("\n"), *(c.value for c in addr.children if c.tag.startswith("ADR") or c.tag in ("CITY", "POST", "CTRY"))]  # fmt: skip
        parts.append(("at " + ", ".join(x.strip() for x in lines if x.strip()), addr.line))
    age = node.first("AGE")
    if age is not None and age.value:
        parts.append((f"aged {age.value.strip()}", age.line))
    cause = node.first("CAUS")
    if cause is not None and cause.value:
        parts.append((f"(cause: {cause.value.strip()})", cause.line))
    return parts


def _detail(node: _Node) -> str:
    """An event's details as words (``_detail_parts``)."""
    return " ".join(text for text, _ in _detail_parts(node))


def _said(w: AnchoredText, head: str, line: int, parts: list[tuple[str, int]],
          at: Callable[[int], tuple[int, int]], sep: str = " ") -> None:  # fmt: skip
    """A sentence: ``head`` at its fact's line, each detail at its own (a citation names the lines that hold it)."""
    w.add(head, at(line))
    for k, (text, where) in enumerate(parts):
        w.add((sep if k == 0 else " ") + text, at(where))
    last = parts[-1][0] if parts else head
    if not SENTENCE_END.search(last.rstrip()):
        w.add(".", None)


def _partners(fam: _Node) -> list[_Node]:
    """A family's husband and wife lines (two of each at most: a hostile file's thousands are not read for every
    child)."""
    return [*fam.all("HUSB")[:2], *fam.all("WIFE")[:2]]


class _Tree:
    def __init__(self, records: list[_Node]) -> None:
        self.records = records
        self.by_id = {r.xref: r for r in records if r.xref}
        self.names = {r.xref: _name(r) for r in records if r.tag == "INDI" and r.xref}

    def family(self, ref: str) -> _Node | None:
        node = self.by_id.get(ref.strip())
        return node if node is not None and node.tag == "FAM" else None

    def person(self, ref: str) -> str:
        return self.names.get(ref.strip(), "")

    def parents(self, person: _Node) -> list[str]:
        """The names of ``person``'s parents (those recorded as people)."""
        return [name for p in self.parent_nodes(person) if (name := self.names.get(p.xref, ""))]

    def parent_nodes(self, person: _Node) -> list[_Node]:
        out = []
        for famc in person.all("FAMC")[:MAX_FAMC]:
            fam = self.family(famc.value)
            if fam is not None:
                out += [self.by_id[p.value.strip()] for p in _partners(fam)
                        if p.value.strip() in self.by_id]  # fmt: skip
        return out

    def note_text(self, note: _Node) -> tuple[str, int]:
        """A NOTE's text and the file line it starts at (a shared note's own record)."""
        ref = note.value.strip()
        if ref.startswith("@") and ref.endswith("@") and ref in self.by_id:
            shared = self.by_id[ref]
            return shared.value, shared.line
        return note.value, note.line


def read_gedcom(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of a GEDCOM family tree in words (see the module's docstring)."""
    records = _parse(text, check)
    if not records or records[0].tag != "HEAD" or not any(r.tag == "INDI" for r in records):
        return as_text(text)
    starts = line_starts(text)
    tree = _Tree(records)
    w = AnchoredText()

    def at(line: int) -> tuple[int, int]:
        return (line + 1, starts[line] if line < len(starts) else 0)

    head = records[0]
    said = []
    src = head.first("SOUR")
    if src is not None and src.value:
        name = src.first("NAME")
        said.append(f"exported from {name.value if name and name.value else src.value}")
    date = head.first("DATE")
    if date is not None and date.value:
        said.append(date_words(date.value))
    w.open("Family tree")
    w.sentence("Family tree" + (" " + " ".join(said) if said else ""), at(head.line))
    for n, rec in enumerate(records):
        if n % 256 == 0:
            check()
        if rec.tag == "INDI":
            _person(w, tree, rec, at)
        elif rec.tag == "FAM":
            _family(w, tree, rec, at)
        elif rec.tag in ("SOUR", "REPO", "SUBM"):
            _source(w, rec, at)
    return w.page()


def _person(w: AnchoredText, tree: _Tree, rec: _Node, at: Callable[[int], tuple[int, int]]) -> None:
    name = tree.names.get(rec.xref) or _name(rec)
    sex = rec.first("SEX").value.strip().upper()[:1] if rec.first("SEX") else ""
    child_word, grand_word, _ = _KIN.get(sex, ("child", "grandchild", "spouse"))
    w.open(name)
    name_node = rec.first("NAME")
    told = ("FAMC", "FAMS", "NOTE", "EVEN", "FACT", *_EVENTS, *_ATTRIBUTES)
    if not any(c.tag in told for c in rec.children):  # else every sentence names them
        w.sentence(
            name + {"M": ", male", "F": ", female"}.get(sex, ""),
            at(name_node.line if name_node else rec.line),
        )
    for alias in rec.all("NAME")[1:]:
        kind = alias.first("TYPE")
        w.next_line()
        other = " ".join(alias.value.replace("/", " ").split())
        w.sentence(f"{name} was also known as {other}" + (f" ({kind.value})" if kind and kind.value else ""),
                   at(alias.line))  # fmt: skip
    nick = name_node.first("NICK") if name_node else None
    if nick is not None and nick.value:
        w.next_line()
        w.sentence(f"{name} was known as {nick.value}", at(nick.line))
    for fact in rec.children:
        if fact.tag in _EVENTS or fact.tag in ("EVEN", "FACT"):
            verb = _EVENTS.get(fact.tag, "")
            if not verb:
                kind = fact.first("TYPE")
                verb = (kind.value if kind and kind.value else "had an event").strip()
                verb = f"— {verb}:" if fact.tag in ("EVEN", "FACT") else verb
            detail = _detail(fact)
            value = fact.value.strip() if fact.value.strip().upper() != "Y" else ""
            if not detail and not value and fact.tag != "DEAT":
                continue
            w.next_line()
            _said(w, " ".join(x for x in (name, verb, value) if x), fact.line, _detail_parts(fact), at)
            _notes_sources(w, tree, fact, name, at)
        elif fact.tag in _ATTRIBUTES and fact.value.strip():
            w.next_line()
            said = f"{name}{chr(8217)}s {_ATTRIBUTES[fact.tag]}: {fact.value.strip()}"
            _said(w, said, fact.line, _detail_parts(fact), at, sep=", ")
            _notes_sources(w, tree, fact, name, at)
    for famc in rec.all("FAMC")[:MAX_FAMC]:
        fam = tree.family(famc.value)
        parents = [tree.person(p.value) for p in _partners(fam)] if fam else []
        parents = [p for p in parents if p]
        if parents:
            w.next_line()
            pedi = famc.first("PEDI")
            how = (
                f" ({pedi.value.strip()})"
                if pedi and pedi.value.strip() and pedi.value.lower() != "birth"
                else ""
            )
            w.sentence(f"{name} is the {child_word} of {' and '.join(parents)}{how}", at(famc.line))
    grand = [g for p in tree.parent_nodes(rec) for g in tree.parents(p)]
    if grand:
        w.next_line()
        first = rec.all("FAMC")[0]
        w.sentence(f"{name} is the {grand_word} of {_listed(grand)}", at(first.line))
    for fams in rec.all("FAMS"):
        fam = tree.family(fams.value)
        if fam is None:
            continue
        spouses = [tree.person(p.value) for p in _partners(fam)]
        spouses = [s for s in spouses if s and s != name]
        children = [tree.person(c.value) for c in fam.all("CHIL")[:MAX_LISTED]]
        children = [c for c in children if c]
        said = []
        if spouses:
            marr = fam.first("MARR")
            when = _detail(marr) if marr is not None else ""
            said.append(f"{name} married {_listed(spouses)}" + (f" {when}" if when else ""))
        if children:
            said.append(f"{'their' if spouses else name + chr(8217) + 's'} children: {_listed(children)}")
        if said:
            w.next_line()
            w.sentence("; ".join(said), at(fams.line))
    _notes_sources(w, tree, rec, name, at, sources=False)


def _notes_sources(w: AnchoredText, tree: _Tree, node: _Node, name: str, at: Callable[[int], tuple[int, int]],
                   sources: bool = True) -> None:  # fmt: skip
    """A node's notes, a paragraph of lines each, and where it is sourced (the source's title and page)."""
    for note in node.all("NOTE"):
        body, line = tree.note_text(note)
        first, open_end = True, False
        for k, part in enumerate(body.split("\n")):
            if not part.strip():
                open_end = False
                continue
            if open_end:  # a line wrapped mid-sentence goes on with it
                w.add(" ", None)
            else:
                w.next_line()
            w.add((f"Note on {name}: " if first else "") + part.strip(), at(line + k))
            first, open_end = False, not SENTENCE_END.search(part.rstrip())
    if not sources:
        return
    for cite in node.all("SOUR"):
        src = tree.by_id.get(cite.value.strip())
        title = src.first("TITL") if src is not None else None
        what = " ".join((title.value if title is not None else cite.value).split())
        page = cite.first("PAGE")
        if what:
            w.next_line()
            where = f", {page.value.strip()}" if page is not None and page.value.strip() else ""
            noun = _NOUNS.get(node.tag)
            said = f"{name}{chr(8217)}s {noun} is recorded in" if noun else f"Source for {name}:"
            w.sentence(f"{said} {what}{where}", at(page.line if page is not None else cite.line))


def _listed(names: list[str]) -> str:
    names = list(dict.fromkeys(names))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _family(w: AnchoredText, tree: _Tree, rec: _Node, at: Callable[[int], tuple[int, int]]) -> None:
    partners = [tree.person(p.value) for p in _partners(rec)]
    partners = [p for p in partners if p]
    couple = " and ".join(partners) or "An unnamed couple"
    w.open(f"Family of {couple}")
    w.sentence(f"The family of {couple}", at(rec.line))
    for fact in rec.children:
        if fact.tag in _FAMILY_EVENTS or fact.tag == "EVEN":
            verb = _FAMILY_EVENTS.get(fact.tag) or (
                fact.first("TYPE").value if fact.first("TYPE") else "had an event"
            )
            w.next_line()
            _said(w, f"{couple} {verb}", fact.line, _detail_parts(fact), at)
            _notes_sources(w, tree, fact, couple, at)
        elif fact.tag == "CHIL":
            child = tree.person(fact.value)
            if child:
                w.next_line()
                w.sentence(f"{child} is a child of {couple}", at(fact.line))
    _notes_sources(w, tree, rec, couple, at)


def _source(w: AnchoredText, rec: _Node, at: Callable[[int], tuple[int, int]]) -> None:
    title = rec.first("TITL") or rec.first("NAME")
    what = {"SOUR": "Source", "REPO": "Repository", "SUBM": "Researcher"}[rec.tag]
    w.open(f"{what}: {title.value.strip()}" if title and title.value.strip() else what)
    words = {"ADDR": "address", "EMAIL": "e-mail", "PHON": "telephone", "WWW": "web", "TEXT": "text",
             "CALN": "call number", "NOTE": "note"}  # fmt: skip
    said, where = [], None
    for tag, word in (
        ("TITL", ""),
        ("NAME", ""),
        ("ABBR", "known as"),
        ("AUTH", "by"),
        ("PUBL", "published"),
    ):
        node = rec.first(tag)
        if node is not None and node.value.strip():
            said.append(f"{word} {' '.join(node.value.split())}".strip())
            where = where or at(node.line)
    w.sentence(f"{what}: {', '.join(said)}" if said else what, where or at(rec.line))
    for fact in rec.children:
        if fact.tag in words and fact.value.strip():
            w.next_line()
            w.sentence(f"{what} {words[fact.tag]}: {' '.join(fact.value.split())}", at(fact.line))
