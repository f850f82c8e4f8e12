"""PDF text as a reader sees it (issue 37): running headers, footers, page numbers and contents pages out of every
block, line-end hyphens joined, accents composed, code and tables in blocks of their own, lines counted exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.index import extract
from engine.index.chunking import chunk_document
from engine.index.document import text_lines_between
from engine.index.readers.pdf_text import text_layer_views
from engine.rag.citations import segments
from tests.engine.index.index_fakes import minilm_tokenizer
from tests.engine.index.pdf_pages import Text, build_pdf, page_lines

CONTENTS = [
    ("H", "Contents"),
    ("R", "1 Getting started . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 1"),
    ("R", "1.1 A first example . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 1"),
    ("R", "1.2 Tables of data . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 2"),
    ("R", "1.3 Reading files . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 3"),
    ("R", "2 Data files . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 4"),
]
FIRST = [
    ("H", "1.1 A first example"),
    ("R", "The example shows how a word cut at the end of a line is read again: an exam-"),
    ("R", "ple of hyphenation is joined when the document uses the word elsewhere."),
    ("R", "A well-known compound keeps its hyphen, and so does this well-"),
    ("R", "known one at the end of a line."),
    ("R", "The office is at the Wirtschaftsuniversit\u00a8at Wien in Austria."),
    ("R", "Floating point numbers may differ in their last digits, for example"),
    ("M", "> print(a * a, digits = 18)"),
    ("M", "[1] 2.00000000000000044"),
    ("R", "The function all.equal() compares two objects using a numeric tolerance."),
]
SECOND = [
    ("H", "1.2 Tables of data"),
    ("R", "The hills data set starts like this, with one row for each race"),
]
ROWS = [
    ("Race", "dist", "climb", "time"),
    ("Greenmantle", "2.5", "650", "16.083"),
    ("Carnethy", "6", "2500", "48.35"),
]
THIRD = [
    ("H", "1.3 Reading files"),
    ("R", "Data files are read with read.table, which takes the name of a file and gives"),
    ("R", "back a data frame. The first line may hold the names of the columns."),
]
FOURTH = [("H", "2 Data files"), ("R", "Chapter two begins here, on a page of its own.")]


def _header(chapter: str, number: int) -> list[Text]:
    return [
        Text(72, 750, chapter, 10),
        Text(530, 750, str(number), 10),
        Text(250, 40, "Alcove test manual", 9),
    ]


def manual() -> bytes:
    table = [
        Text(x, 640 - 13.5 * r, cell)
        for r, row in enumerate(ROWS)
        for x, cell in zip((72, 220, 300, 380), row)
    ]
    after = [
        Text(72, 640 - 13.5 * len(ROWS) - 4, "The table above lists distances, climbs and record times.")
    ]
    return build_pdf([
        [*page_lines(CONTENTS), Text(300, 40, "i", 10)],
        _header("Chapter 1: Getting started", 1) + page_lines(FIRST),
        _header("Chapter 1: Getting started", 2) + page_lines(SECOND) + table + after,
        _header("Chapter 1: Getting started", 3) + page_lines(THIRD),
        _header("Chapter 2: Data files", 4) + page_lines(FOURTH),
    ])  # fmt: skip


@pytest.fixture(scope="module")
def doc():
    return extract(Path("manual.pdf"), manual())


def _blocks(page) -> list[tuple[str, str, int]]:
    return [(page.text[b.start : b.end], b.kind, b.heading_level) for b in page.blocks]


def _sentences(doc) -> list[str]:
    return [" ".join(b[0][s:e].split()) for p in doc.pages for b in _blocks(p) for s, e in segments(b[0])]


def test_contents_page_and_furniture_are_in_no_block(doc):
    assert [p.number for p in doc.pages] == [1, 2, 3, 4, 5]
    contents = doc.pages[0]
    assert contents.blocks == () and "1.2 Tables of data" in contents.text  # kept in the text, not chunked
    every = " ".join(text for p in doc.pages for text, _, _ in _blocks(p))
    for furniture in ("Chapter 1: Getting started", "Chapter 2: Data files", "Alcove test manual"):
        assert furniture not in every
    sentences = _sentences(doc)
    assert not [s for s in sentences if s.startswith(("Chapter 1:", "Chapter 2:", "Alcove", "i ", "1 1.1"))]
    assert not [s for s in sentences if s.isdigit() or s == "i"]
    assert doc.pages[1].text.startswith("Chapter 1: Getting started")  # still line 1 of its page


def test_hyphens_joined_compounds_kept_and_accents_composed(doc):
    text = doc.pages[1].text
    assert "an example\nof hyphenation is joined" in text  # the rest of the word moved up: lines stay lines
    assert "exam-" not in text and "exam\n" not in text
    assert "this well-known\none at the end" in text  # the document writes "well-known": the hyphen stays
    assert "Wirtschaftsuniversität Wien" in text and "\u00a8" not in text


def test_code_and_tables_are_blocks_of_their_own(doc):
    first = _blocks(doc.pages[1])
    assert ("> print(a * a, digits = 18)\n[1] 2.00000000000000044", "code", 0) in first
    assert ("1.1 A first example", "text", 1) in [(t, k, min(h, 1)) for t, k, h in first]
    sentences = _sentences(doc)
    assert "The function all.equal() compares two objects using a numeric tolerance." in sentences
    assert not [s for s in sentences if "2.00000000000000044" in s and "function" in s]
    second = _blocks(doc.pages[2])
    tables = [t for t, k, _ in second if k == "table"]
    assert tables == [
        "Race\tdist\tclimb\ttime\nGreenmantle\t2.5\t650\t16.083\nCarnethy\t6\t2500\t48.35"
    ]  # cells
    assert "The table above lists distances, climbs and record times." in sentences
    assert not [s for s in sentences if "Greenmantle" in s and "table above" in s]


def test_lines_are_the_pages_lines_of_text(doc):
    """Line N is the N-th line of text on the page (the header is line 1; blank lines between blocks are none)."""
    page = doc.pages[1]
    where = {page.text[b.start : b.end].split("\n")[0]: page.locate(b.start)[0] for b in page.blocks}
    assert where["1.1 A first example"] == 2
    assert where["The office is at the Wirtschaftsuniversität Wien in Austria."] == 7
    assert where["> print(a * a, digits = 18)"] == 9
    assert where["The function all.equal() compares two objects using a numeric tolerance."] == 11
    code = next(b for b in page.blocks if b.kind == "code")
    assert page.locate(code.end - 1)[0] == 10
    assert text_lines_between(page.text, 0, code.start) == 8  # lines ended before it: what a quote counts


def test_chunks_hold_no_furniture_and_name_exact_lines(doc):
    chunks = chunk_document(doc, minilm_tokenizer(), max_tokens=40, overlap_tokens=0)
    assert chunks and not [c for c in chunks if "Chapter 1:" in c.text or "Alcove test manual" in c.text]
    assert not [c for c in chunks if c.page == 1]  # the contents page is not chunked
    code = next(c for c in chunks if "2.00000000000000044" in c.text)
    first = code.text.index("> print")
    assert code.page == 2 and code.line_start + text_lines_between(code.text, 0, first) == 9


def test_a_lone_number_line_at_the_top_is_a_page_number():
    data = build_pdf([[Text(300, 750, str(n), 10), *page_lines([("R", f"Body text of page {n} ends here.")])]
                      for n in (7, 8)])  # fmt: skip
    doc = extract(Path("n.pdf"), data)
    assert [[p.text[b.start : b.end] for b in p.blocks] for p in doc.pages] == [
        ["Body text of page 7 ends here."],
        ["Body text of page 8 ends here."],
    ]


def test_every_indexed_sentence_is_found_in_the_raw_text_layer(doc):
    """The source viewer boxes a quote on the page through ``text_layer_views``: every sentence the index holds
    is found there (white space aside) and maps back onto the raw characters it was read from."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(manual())
    for page in doc.pages[1:]:
        raw = pdf[page.number - 1].get_textpage().get_text_range()
        views = [(" ".join(v.split()), v, index) for v, index in text_layer_views(raw)]
        for text, _, _ in _blocks(page):
            for s, e in segments(text):
                quote = " ".join(text[s:e].split())
                assert any(quote in flat for flat, _, _ in views), quote
    raw = pdf[1].get_textpage().get_text_range()
    view, index = text_layer_views(raw)[0]
    at = view.index("an example of")
    assert raw[index[at] : index[at + len("an example of") - 1] + 1] == "an exam\ufffeple of"
    assert "Wirtschaftsuniversität" in view and "this well-known" in text_layer_views(raw)[1][0]


def test_a_quote_in_a_pdf_passage_names_its_own_lines(doc):
    """A quote's lines are counted from its chunk's first line over lines of text only (engine.rag.quote_lines):
    every block's first line, quoted from any chunk that holds it, is the line the page says."""
    from engine.rag.citations import quote_lines
    from engine.rag.sources import Source

    checked = 0
    for chunk in chunk_document(doc, minilm_tokenizer(), max_tokens=120, overlap_tokens=0):
        page = next(p for p in doc.pages if p.number == chunk.page)
        source = Source(1, chunk.text, "/docs/manual.pdf", chunk.page, chunk.line_start, chunk.line_end)
        offset = page.text.index(chunk.text)
        for block in page.blocks:
            if offset <= block.start < offset + len(chunk.text):
                at = block.start - offset
                assert quote_lines(source, at, at + 3)[0] == page.locate(block.start)[0]
                checked += 1 if "\n\n" in chunk.text[:at] else 0
    assert checked >= 3  # blocks after blank lines inside a chunk were among them


def test_a_title_repeated_as_the_running_header_stays_on_the_title_page():
    body = [("R", "Some body text for this page of the guide.")]
    pages = [[Text(150, 700, "Walrus Field Guide", 24, "B"), *page_lines(body, top=650)]]
    pages += [[Text(400, 750, "Walrus Field Guide", 9), *page_lines(body)] for _ in range(3)]
    doc = extract(Path("g.pdf"), build_pdf(pages))
    assert _blocks(doc.pages[0])[0] == ("Walrus Field Guide", "text", 1)
    assert all("Walrus" not in text for p in doc.pages[1:] for text, _, _ in _blocks(p))


def _mixed(y: float, pieces: list[tuple[str, str]], x: float = 72) -> list[Text]:
    """One line of words in several fonts ("R" or "M"), each word after the last with a word space."""
    out = []
    for font, word in pieces:
        out.append(Text(x, y, word, 11, font))
        x += 0.6 * 11 * len(word) + 3
    return out


def test_sentences_about_identifiers_stay_prose_and_examples_are_code():
    page = [
        *_mixed(
            700, [("R", "Creates the structures needed to manage the definitions; the array is a vector")]
        ),
        *_mixed(686.5, [("R", "created"), ("R", "by"), ("M", "asn1_parser2array().")]),
        *_mixed(
            673,
            [
                ("R", "Returns:"),
                ("M", "ASN1_SUCCESS_VALUE"),
                ("R", "if"),
                ("R", "the"),
                ("R", "structure"),
                ("R", "was"),
                ("M", "ASN1_ELEMENT_NOT_FOUND_AT_ALL"),
            ],
        ),  # fmt: skip
        *_mixed(659.5, [("R", "The definitions follow the syntax below:")]),
        *_mixed(646, [("M", "DEFINITIONS <EXPLICIT or IMPLICIT> TAGS ::=")], x=100),
    ]
    doc = extract(Path("ids.pdf"), build_pdf([page]))
    blocks = _blocks(doc.pages[0])
    assert [k for _, k, _ in blocks] == ["text", "text", "code"]
    assert blocks[0][0].endswith("is a vector\ncreated by asn1_parser2array().")
    assert blocks[1][0].startswith("Returns: ASN1_SUCCESS_VALUE if the structure was")


def test_a_list_items_label_is_not_glued_to_its_text():
    page = [
        Text(96, 700, "1. Precision"),
        Text(112, 686.5, "Most of the conversions of numbers done by these functions is to full"),
        Text(112, 673, "precision, but those by write are governed by the current setting."),
        Text(96, 655, "2. Header line"),
        Text(112, 641.5, "R prefers the header line to have no entry for the row names."),
    ]
    blocks = [text for text, _, _ in _blocks(extract(Path("l.pdf"), build_pdf([page])).pages[0])]
    assert blocks[0] == "1. Precision" and blocks[2] == "2. Header line"
    assert blocks[1].startswith("Most of the conversions") and blocks[3].startswith("R prefers")


def test_a_table_with_names_in_a_monospace_font_is_one_table():
    rows = [
        ("beta", "beta", "shape1, shape2"),
        ("binomial", "binom", "size, prob"),
        ("F", "f", "df1, df2, ncp"),
    ]
    page = [Text(72, 700, "The distributions, with their names in R:")]
    for r, (name, code, args) in enumerate(rows):
        y = 680 - 13.5 * r
        page += [Text(90, y, name), Text(200, y, code, font="M"), Text(300, y, args, font="M")]
    blocks = _blocks(extract(Path("t.pdf"), build_pdf([page])).pages[0])
    assert blocks[1] == (
        "beta\tbeta\tshape1, shape2\nbinomial\tbinom\tsize, prob\nF\tf\tdf1, df2, ncp",
        "table",
        0,
    )


def test_two_cell_rows_with_figures_are_a_table_and_a_wrapped_cell_stays_in_its_row():
    """A bill's "label ... £amount" lines and a price list under "Treatment  Price" are rows, not one long sentence;
    a cell wrapped onto the next line (set into its column) is the end of its row."""
    page = [Text(72, 720, "Your account at a glance", 11, "B")]
    glance = [("Balance on your last bill, in credit", "£38.15"), ("Gas charges this period", "£266.64"),
              ("Balance now, in debit: what you owe us", "£122.60")]  # fmt: skip
    for r, (label, value) in enumerate(glance):
        page += [Text(72, 700 - 13.5 * r, label), Text(480, 700 - 13.5 * r, value)]
    page += [Text(72, 640, "Treatment", 11, "B"), Text(400, 640, "Price", 11, "B")]
    for r, (label, value) in enumerate(
        [("Check-up (examination)", "£58.00"), ("White filling", "from £140.00")]
    ):
        page += [Text(72, 626.5 - 13.5 * r, label), Text(400, 626.5 - 13.5 * r, value)]
    plans = [
        ("Essential", "£14.50", "2 check-ups a year, X-rays when needed,"),
        ("Complete", "£34.00", "fillings"),
    ]
    page += [Text(72, 560, "Plan"), Text(200, 560, "Monthly fee"), Text(300, 560, "What it includes")]
    page += [Text(72, 546.5, plans[0][0]), Text(200, 546.5, plans[0][1]), Text(300, 546.5, plans[0][2])]
    page += [Text(300, 533, "10% off all other treatment")]
    page += [Text(72, 519.5, plans[1][0]), Text(200, 519.5, plans[1][1]), Text(300, 519.5, plans[1][2])]
    page += [Text(72, 480, "Definitions"), Text(72, 466.5, "The term in the manual starts the line.")]
    for r, (term, text) in enumerate(
        [("msg1", "the message used for n = 1."), ("msg2", "the message for n = 2.")]
    ):
        page += [Text(72, 450 - 13.5 * r, term), Text(160, 450 - 13.5 * r, text)]
    blocks = _blocks(extract(Path("bill.pdf"), build_pdf([page])).pages[0])
    tables = [text for text, kind, _ in blocks if kind == "table"]
    assert tables == [
        "Balance on your last bill, in credit\t£38.15\nGas charges this period\t£266.64\n"
        "Balance now, in debit: what you owe us\t£122.60",
        "Treatment\tPrice\nCheck-up (examination)\t£58.00\nWhite filling\tfrom £140.00",
        "Plan\tMonthly fee\tWhat it includes\n"
        "Essential\t£14.50\t2 check-ups a year, X-rays when needed, 10% off all other treatment\n"
        "Complete\t£34.00\tfillings",
    ]
    # a definition list's entries open with words, not figures: they stay paragraphs
    assert not any("msg1" in t for t in tables)


def test_a_footnotes_mark_after_a_word_is_no_part_of_it():
    from tests.engine.hostile.test_reader_fuzz_files import pdf

    # "Kadatch" and a raised, smaller "1" (text rise, as TeX sets a footnote's mark), then words on the baseline
    # that end in digits and stay as they are
    stream = (
        "BT /F1 11 Tf 72 700 Td (Andrew Kadatch) Tj 4 Ts /F1 7 Tf (1) Tj 0 Ts /F1 11 Tf ( and Bob Jenkins) Tj "
        "4 Ts /F1 7 Tf (2) Tj 0 Ts /F1 11 Tf ( wrote it for x86 and utf8 input on 10 cm) Tj "
        "4 Ts /F1 7 Tf (2) Tj 0 Ts /F1 11 Tf ( of board.) Tj ET"
    )
    data = pdf([(612, 792, stream)])
    text = extract(Path("paper.pdf"), data).pages[0].text
    # a unit squared ("cm" and a raised "2") is no footnote's mark
    assert "Andrew Kadatch and Bob Jenkins wrote it for x86 and utf8 input on 10 cm2 of board." in text
    # the source viewer finds the sentence as indexed on the page's text layer, which still holds the marks
    import pypdfium2

    raw = pypdfium2.PdfDocument(data)[0].get_textpage().get_text_range()
    views = [" ".join(v.split()) for v, _ in text_layer_views(raw)]
    assert any("Andrew Kadatch and Bob Jenkins wrote it" in v for v in views)
