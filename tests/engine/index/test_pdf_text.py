"""The PDF reader's per-document decisions, one by one: characters, hyphens, furniture and contents pages."""

from __future__ import annotations

import pytest

from engine.index.readers.pdf_layout import Line, text_lines
from engine.index.readers.pdf_text import (
    Vocabulary,
    find_furniture,
    is_contents,
    join_hyphens,
    normalise,
    text_layer_views,
)


@pytest.mark.parametrize(
    ("raw", "read"),
    [
        (
            "Wirtschaftsuniversit\u00a8at Wien",
            "Wirtschaftsuniversität Wien",
        ),  # accent before its letter (TeX)
        ("Erd\u02ddos and na\u00a8\u0131ve", "Erdős and naïve"),  # a dotless i under the accent
        ("Universita\u00b4 di", "Universitá di"),  # accent after its letter, none following
        ("density \u02c6f(x)", "density f\u0302(x)"),  # no precomposed letter: the combining mark
        ("e\u0301te\u0301", "été"),  # combining marks: NFC
        ("\ufb01nd the \ufb02ow", "find the flow"),  # ligatures
        ("Copyright \rc 1999", "Copyright © 1999"),  # TeX's circle glyph read as CR
        ("soft\u00adhyphen\x07", "softhyphen"),
    ],
)
def test_characters_read_as_a_reader_sees_them(raw, read):
    assert normalise(raw) == read


def _vocab(*texts: str) -> Vocabulary:
    return Vocabulary([[Line(t, geometry=False) for t in texts]])


@pytest.mark.parametrize(
    ("first", "second", "soft", "others", "joined"),
    [
        ("exam", "ple of it", False, ["an example"], "example"),  # the document writes "example"
        ("exam", "ple of it", True, [], "example"),  # hyphenation mark, neither form elsewhere: joined
        ("well", "known one", False, [], "well-known"),  # a plain hyphen nothing confirms: kept
        (
            "well",
            "known one",
            True,
            ["a well-known fact", "well-known too"],
            "well-known",
        ),  # the document's form
        (
            "on",
            "line help",
            True,
            ["on-line", "on-line", "online"],
            "on-line",
        ),  # written hyphenated more often
        ("Non", "Sweave vignettes", True, [], "Non-Sweave"),  # before a capital
        ("La", "TeX files", True, ["LaTeX"], "LaTeX"),  # ... unless the document writes it joined
        ("column", "by-column order", True, [], "column-by-column"),  # the rest goes on with a hyphen
    ],
)
def test_line_end_hyphens(first, second, soft, others, joined):
    a = Line(f"text {first}" + ("" if soft else "-"), soft_hyphen=soft, geometry=False)
    b = Line(second, geometry=False)
    assert join_hyphens(a, b, _vocab(a.text, b.text, *others))
    assert a.text == f"text {joined}" and b.text == second.split(None, 1)[1]


def test_a_hyphen_before_a_capital_or_a_digit_is_no_cut_unless_marked():
    a, b = Line("pages 10-", geometry=False), Line("12 of it", geometry=False)
    assert not join_hyphens(a, b, _vocab()) and (a.text, b.text) == ("pages 10-", "12 of it")
    a, b = Line("the x-", geometry=False), Line("Axis is", geometry=False)
    assert not join_hyphens(a, b, _vocab())


def test_a_cut_word_alone_on_its_line_moves_down_so_no_line_empties():
    a, b = Line("For exam", soft_hyphen=True, geometry=False), Line("ple,", geometry=False)
    assert join_hyphens(a, b, _vocab("example"))
    assert (a.text, b.text) == ("For", "example,")


def test_an_option_cut_after_its_dashes_joins_its_name():
    """Apache FOP breaks a line after an option's "--": the name moves up to its dashes ("--exclusive-threshold"),
    in the text and in the raw layer's views the source viewer finds quotes with."""
    a, b = (
        Line("The two command line options --", geometry=False),
        Line("exclusive-threshold=<n> and", geometry=False),
    )
    assert join_hyphens(a, b, _vocab())
    assert (a.text, b.text) == ("The two command line options --exclusive-threshold=<n>", "and")
    a, b = (
        Line("use --", geometry=False),
        Line("verbose", geometry=False),
    )  # alone on its line: the dashes move down
    assert join_hyphens(a, b, _vocab()) and (a.text, b.text) == ("use", "--verbose")
    a, b = (
        Line("a rule --", geometry=False),
        Line("Then more", geometry=False),
    )  # a dash before a capital: prose
    assert not join_hyphens(a, b, _vocab())
    for view, _ in text_layer_views("options --\r\nexclusive-threshold=<n> and\r\nmore"):
        assert view == "options --exclusive-threshold=<n> and\nmore"


def test_furniture_by_repetition_and_page_numbers_without_geometry():
    words = ["tusks", "flippers", "whiskers", "blubber", "calves"]
    pages = [
        text_lines(f"Guide to walruses\nBody {n} says one thing.\nMore about {w}.\n{n}")
        for n, w in enumerate(words)
    ]
    found = find_furniture(pages)
    assert found == {**{(p, 0): "top" for p in range(5)}, **{(p, 3): "bottom" for p in range(5)}}


def test_contents_pages_by_dotted_leaders():
    toc = text_lines("Contents\n1 Intro . . . . . . . 1\n1.1 Start . . . . . . 2\n2 End . . . . . . . . 9\n")
    assert is_contents(toc)
    assert not is_contents(text_lines("A sentence . . . trailing off\nand a normal line.\nAnother one."))


def test_paragraphs_of_a_text_layer_without_geometry():
    """pypdf's text (a PDF PDFium cannot open): a sentence's end on a short line ends a paragraph."""
    from engine.index.readers.pdf_blocks import document_pages

    text = (
        "The first paragraph runs over two lines of text and it goes on to\n"
        "end here.\n"
        "The second paragraph starts here and runs over two lines as well, until\n"
        "it ends.\n"
    )
    page = document_pages([(1, text_lines(text))])[0]
    assert [page.text[b.start : b.end] for b in page.blocks] == [
        "The first paragraph runs over two lines of text and it goes on to\nend here.",
        "The second paragraph starts here and runs over two lines as well, until\nit ends.",
    ]


def test_a_short_documents_repeated_closing_line_is_text_unless_set_apart():
    """Two pages ending in the same sentence (digits aside) keep it; a footer set apart from the text is dropped."""
    from engine.index.readers.pdf_layout import Line as L

    def page(last: str, y_last: float) -> list[L]:
        body = [L(f"Body line {k} of the page.", x0=72, x1=400, y=700 - 14 * k, size=11) for k in range(3)]
        return [*body, L(last, x0=72, x1=200, y=y_last, size=11)]

    same_gap = [page("Total: 5 items.", 658), page("Total: 7 items.", 658)]
    assert find_furniture(same_gap) == {}
    footer = [page("Walrus Society newsletter", 60), page("Walrus Society newsletter", 60)]
    assert find_furniture(footer) == {(0, 3): "bottom", (1, 3): "bottom"}
