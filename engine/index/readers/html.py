"""HTML: the visible text of a page, its blocks (paragraphs, headings) and the anchors that map that text back to
the source's lines and characters. A table's row is one line, its cells apart by " | " (as the DOCX, PPTX and ODT
readers write them: engine.rag.table_rows reads it under its header row); a cell that holds paragraphs or lists of its
own (a table used for layout) breaks its row into blocks as before."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from engine.index.bounds import no_check
from engine.index.document import Block, ExtractError, Page, add_span, line_starts

_BLOCK_TAGS = {
    "p", "div", "section", "article", "header", "footer", "main", "nav", "aside", "li", "ul", "ol", "dl",
    "dt", "dd", "table", "tr", "blockquote", "pre", "figure", "figcaption", "form", "fieldset", "address",
    "h1", "h2", "h3", "h4", "h5", "h6", "hr", "body", "title", "details", "summary", "caption", "legend", "dialog",
    "menu", "hgroup",
}  # fmt: skip
_CELL_TAGS = frozenset({"td", "th"})
CELL_SEPARATOR = " | "
# 1: a table's row is one line, its cells apart by " | "; 2: a heading's permalink mark ("¶") left out; 3: a
# <details> disclosure's <summary> (a FAQ's question), a table's <caption> and a form's <legend> are blocks of their
# own, links side by side with nothing between them (a menu) a space apart, a row of a label and its value
# (<th>Pitch</th><td>R14</td>) reads "Pitch: R14", and a menu's or a cookie banner's text is in no block
READER_VERSION = 3
_SKIP_TAGS = frozenset({"script", "style", "noscript", "template", "svg"})  # (a <head> is read: its <title>)
_WS = re.compile(r"\s+")
# a heading's permalink, "Versions¶" (Sphinx, MkDocs: class "headerlink"; Jupyter: "anchor-link"), or any link
# to a place on the page whose text is only such a mark
_PERMALINK_CLASSES = frozenset({"headerlink", "anchor-link", "header-anchor"})
_PERMALINK_MARKS = frozenset({"¶", "§", "#", "🔗", "\uf0c1"})
_WS_CHANGED = re.compile(r"\s\s+|[^\S ]")  # the whitespace runs that collapsing changes: all but a lone space
# a page's furniture that answers nothing: its menus (<nav>, role="navigation") and its cookie banner (an element whose
# class or id names cookies or consent). Its text stays on the page (the viewer shows it) in no block, so it is not
# indexed, unless it would be most of the page (a page that never closes its menu)
# ("cookie-banner", "cookieConsent", "gdpr-notice", OneTrust's and Cookiebot's; not a baking page's "cookie-card")
_FURNITURE_NAMES = re.compile(
    r"(?:cookies?|consent)[-_]?(?:banner|notice|consent|bar|popup|pop-up|law|policy|message|modal|dialog|alert|"
    r"warning|disclaimer|container|wrapper|overlay|box|settings|preferences|manager|sdk|window)|gdpr|onetrust|"
    r"cookiebot|\bcc-(?:window|banner)\b",
    re.IGNORECASE,
)
_VOID_TAGS = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                        "track", "wbr"})  # fmt: skip
MAX_FURNITURE_SHARE = 0.5


class _HTMLText(HTMLParser):
    def __init__(self, source: str, skip: frozenset[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.skip_tags = skip
        self.line_starts = line_starts(source)
        self.parts: list[str] = []
        self.size = 0
        self.anchors: list[tuple[int, int, int]] = []
        self.blocks: list[tuple[int, int, int]] = []
        self.block_start = 0
        self.block_part = 0  # index in ``parts`` where the open block starts
        self.skip = 0
        self.pre = 0
        self.heading = 0
        self.title_seen = False
        self.cells = 0  # cells begun in the open table row
        self.row_open = False  # the open block is a table row's, not broken by a block inside a cell
        self.links: list[bool] = []  # per open <a>: whether it is a permalink, whose mark is left out
        self.link_ended = -1  # where the text stood when the last <a> closed: a link right after it is apart
        # the open row's cells: (tag, where its separator is in ``parts`` (-1: none), the text's size there)
        self.row_cells: list[tuple[str, int, int]] = []
        self.furniture: list = []  # [tag, how many of it are open] while inside a menu or a cookie banner

    def _emit(self, text: str) -> None:
        self.parts.append(text)
        self.size += len(text)

    def _end_row(self) -> None:
        """A row of a label and its value (``<th>Pitch</th><td>R14</td>``, a booking's or a product's details) reads
        "Pitch: R14", not as a row of a table under a header it does not have."""
        cells, self.row_cells = self.row_cells, []
        if (
            [c[0] for c in cells] != ["th", "td"]
            or cells[1][1] < 0
            or self.parts[cells[1][1]] != CELL_SEPARATOR
        ):
            return
        index, at = cells[1][1], cells[1][2]
        label = "".join(self.parts[self.block_part : index]).strip()
        if not label:
            return
        joint = " " if label.endswith(":") else ": "
        self.parts[index] = joint
        shift = len(CELL_SEPARATOR) - len(joint)
        self.size -= shift
        for i in range(len(self.anchors) - 1, -1, -1):  # the anchors of the value's text, the row's last ones
            if self.anchors[i][0] <= at:
                break
            self.anchors[i] = (self.anchors[i][0] - shift, *self.anchors[i][1:])

    def _break(self) -> None:
        if self.row_cells:
            self._end_row()
        # Only the open block's parts are looked at: joining everything at each break was quadratic.
        if any(p.strip() for p in self.parts[self.block_part :]):
            self.blocks.append((self.block_start, self.size, self.heading, bool(self.furniture)))
            self._emit("\n\n")
        elif self.size > self.block_start:  # drop a whitespace-only tail
            del self.parts[self.block_part :]
            self.size = self.block_start
        self.block_start = self.size
        self.block_part = len(self.parts)

    def _enter(self, tag, attrs) -> None:
        if self.furniture:
            self.furniture[1] += tag == self.furniture[0]
        elif tag not in _VOID_TAGS:
            a = dict(attrs)
            names = f"{a.get('class') or ''} {a.get('id') or ''}"
            if tag == "nav" or a.get("role") == "navigation" or _FURNITURE_NAMES.search(names):
                self.furniture = [tag, 1]

    def _leave(self, tag) -> None:
        if self.furniture and tag == self.furniture[0]:
            self.furniture[1] -= 1
            if not self.furniture[1]:
                self._break()  # its text is a block of its own, not the start of the next one
                self.furniture = []

    def handle_starttag(self, tag, attrs):
        self._enter(tag, attrs)
        if tag in self.skip_tags:
            self.skip += 1
        elif tag in _CELL_TAGS and not self.skip:
            # an empty cell keeps its place: the header names cells by position
            if self.cells and self.row_open:
                self.row_cells.append((tag, len(self.parts), self.size))
                self._emit(CELL_SEPARATOR)
            elif self.row_open:
                self.row_cells.append((tag, -1, self.size))
            self.cells += 1
        elif tag in _BLOCK_TAGS:
            self._break()
            self.row_open = tag == "tr"
            if tag in ("tr", "table"):
                self.cells = 0
            if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
                self.heading = int(tag[1])
            if tag == "pre":
                self.pre += 1
        elif tag == "br":
            self._emit(" " if self.row_open else "\n")
        elif tag == "a":
            a = dict(attrs)
            classes = set((a.get("class") or "").split())
            self.links.append(bool(classes & _PERMALINK_CLASSES) or (a.get("href") or "").startswith("#"))
            if self.link_ended == self.size and self.parts and not self.parts[-1][-1:].isspace():
                self._emit(" ")  # a menu's links side by side ("Products</a><a ...>Recipes"), apart on screen

    def handle_endtag(self, tag):
        if tag == "a" and self.links:
            self.links.pop()
            self.link_ended = self.size
        if tag in self.skip_tags:
            self.skip = max(0, self.skip - 1)
        elif tag in _BLOCK_TAGS:
            self._break()
            self.row_open = False
            self.heading = 0
            if tag == "pre":
                self.pre = max(0, self.pre - 1)
        self._leave(tag)

    def handle_data(self, data):
        if self.skip or (self.links and self.links[-1] and data.strip() in _PERMALINK_MARKS):
            return
        line, col = self.getpos()
        if self.pre:
            if data:
                self.anchors.append((self.size, line, self.line_starts[line - 1] + col))
                self._emit(data)
            return
        at_start = self.size == self.block_start or (self.parts and self.parts[-1].endswith((" ", "\n")))
        text = _WS.sub(" ", data)
        strip = len(text) - len(text.lstrip()) if at_start else 0
        text = text[strip:]
        if not text:
            return
        self.anchors.append((self.size, line, self.line_starts[line - 1] + col))
        shrink = lines = 0
        for ws in _WS_CHANGED.finditer(data):
            shrink += len(ws.group()) - 1
            if "\n" in ws.group() and ws.end() < len(data):
                # the text after a line break is on the file's next line, not the node's first (a paragraph
                # wrapped over several source lines is one text node)
                lines += ws.group().count("\n")
                char = self.line_starts[line + lines - 1] + ws.end() - data.rfind("\n", 0, ws.end()) - 1
                self.anchors.append((self.size + ws.end() - shrink - strip, line + lines, char))
        self._emit(text)


def extract_html(source: str, check=no_check, *, title: bool = True):
    """The page's visible text; ``title=False`` leaves out its <title> (an e-book chapter's, which repeats the book's
    or the chapter's name above its own heading)."""
    parser = _HTMLText(source, _SKIP_TAGS if title else _SKIP_TAGS | {"title"})
    try:
        for i in range(0, len(source), 1 << 20):  # fed in pieces, so a cancel or deadline is noticed
            parser.feed(source[i : i + (1 << 20)])
            check()
        parser.close()
    except Exception as exc:  # noqa: BLE001 - html.parser is lenient; anything else is a damaged file
        raise ExtractError(f"The HTML could not be parsed ({exc}).") from exc
    parser._break()
    text = "".join(parser.parts)
    furniture = sum(end - start for start, end, _, menu in parser.blocks if menu)
    keep_all = furniture > MAX_FURNITURE_SHARE * sum(end - start for start, end, _, _ in parser.blocks)
    blocks: list[Block] = []
    for start, end, level, menu in parser.blocks:
        if keep_all or not menu:
            add_span(blocks, text, start, end, level)
    if not blocks:
        raise ExtractError("The HTML page has no visible text.")
    return Page(text, tuple(blocks), anchors=tuple(parser.anchors))
