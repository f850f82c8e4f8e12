"""OpenDocument presentations (engine.index.readers.opendocument.extract_odp) a page per slide, as PPTX; Perl's POD
(engine.index.pod) read as perldoc shows it, every line where it is in the file."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from engine.index import ExtractError, extract

_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"'
)


def _frame(y: str, x: str, body: str, cls: str = "outline") -> str:
    return (
        f'<draw:frame presentation:class="{cls}" svg:x="{x}" svg:y="{y}" svg:width="20cm" svg:height="3cm">'
        f"<draw:text-box>{body}</draw:text-box></draw:frame>"
    )


def _odp(*slides: str) -> bytes:
    pages = "".join(f'<draw:page draw:name="page{i}">{s}</draw:page>' for i, s in enumerate(slides, 1))
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {_NS}><office:body>'
        f"<office:presentation>{pages}</office:presentation></office:body></office:document-content>"
    )
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.presentation")
        zf.writestr("content.xml", content, zipfile.ZIP_DEFLATED)
    return buf.getvalue()


def _lines(page) -> list[tuple[str, int]]:
    return [(page.text[b.start : b.end], b.heading_level) for b in page.blocks]


def test_an_odp_reads_a_slide_a_page_title_first_then_top_to_bottom_then_notes():
    slide1 = (
        _frame(
            "12cm", "2cm", "<text:p>Questions welcome at the end.</text:p>"
        )  # lower on the slide, first in XML
        + _frame("1cm", "2cm", "<text:p>Orchard Lane allotments</text:p>", "title")
        + _frame(
            "4cm",
            "2cm",
            "<text:list><text:list-item><text:p>Plot rent rises to £42 a year</text:p></text:list-item>"
            "<text:list-item><text:p>Water troughs refilled <text:span>weekly</text:span></text:p></text:list-item>"
            "</text:list>",
        )
        + "<presentation:notes><draw:page-thumbnail/>"
        + _frame("1in", "1in", "<text:p>Mention the skip arrives on 3 April.</text:p>", "notes")
        + "</presentation:notes>"
    )
    table = (
        '<draw:frame svg:x="2cm" svg:y="5cm"><table:table><table:table-row>'
        "<table:table-cell><text:p>Plot</text:p></table:table-cell>"
        "<table:table-cell><text:p>Holder</text:p></table:table-cell></table:table-row><table:table-row>"
        "<table:table-cell><text:p>14a</text:p></table:table-cell>"
        "<table:table-cell><text:p>R. Osei</text:p></table:table-cell></table:table-row></table:table></draw:frame>"
    )
    slide2 = _frame("1cm", "2cm", "<text:p>Who has which plot</text:p>", "title") + table
    doc = extract(Path("AGM.odp"), _odp(slide1, slide2, ""))
    assert doc.file_type == "odp" and [p.number for p in doc.pages] == [1, 2]  # the empty slide has no page
    assert _lines(doc.pages[0]) == [
        ("Orchard Lane allotments", 2),
        ("Plot rent rises to £42 a year", 0),
        ("Water troughs refilled weekly", 0),
        ("Questions welcome at the end.", 0),
        ("Notes", 3),
        ("Mention the skip arrives on 3 April.", 0),
    ]
    assert _lines(doc.pages[1]) == [("Who has which plot", 2), ("Plot | Holder", 0), ("14a | R. Osei", 0)]


def test_a_damaged_or_empty_odp_says_why():
    with pytest.raises(ExtractError, match="no text"):
        extract(Path("e.odp"), _odp(""))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("content.xml", "<office:document-content><broken")
    with pytest.raises(ExtractError, match="not valid XML"):
        extract(Path("b.odp"), buf.getvalue())
    odd = _odp(_frame("abc", "1e999cm", "<text:p>Still read.</text:p>"))
    assert "Still read." in extract(Path("o.odp"), odd).pages[0].text


POD = """=pod

=encoding utf8

=head1 NAME

Tide::Table - predict high and low water for a harbour

=head1 SYNOPSIS

    use Tide::Table;
    my $t = Tide::Table->new(port => 'Whitby');

=head1 DESCRIPTION

The constructor takes a B<port> name (see L<Tide::Ports|Tide::Ports/LIST>).
Times are in C<< $t->zone >>, which defaults to I<Europe/London>.
Heights are in metres E<gt> chart datum.X<datum>

=head2 Methods

=over 4

=item * next_high

Returns the next high water as a C<DateTime>.

=item springs

True within two days of a spring tide.

=back

=begin html

<p>Only for the HTML formatter.</p>

=end html

=for comment Not shown either.

=cut
"""


def test_pod_reads_as_perldoc_shows_it_each_line_in_its_place():
    doc = extract(Path("Table.pod"), POD.encode())
    text = doc.pages[0].text
    assert doc.file_type == "text" and len(text) == len(POD)
    assert [i for i, c in enumerate(text) if c == "\n"] == [i for i, c in enumerate(POD) if c == "\n"]
    prose = " ".join(text.split())
    assert "The constructor takes a port name (see Tide::Ports)." in prose
    assert "Times are in $t->zone, which defaults to Europe/London." in prose
    assert "Heights are in metres > chart datum." in prose
    assert "Returns the next high water as a DateTime." in prose
    for mark in (
        "=head",
        "=item",
        "=over",
        "=cut",
        "B<",
        "L<",
        "C<<",
        "E<gt>",
        "X<",
        "Only for the HTML",
        "comment",
    ):
        assert mark not in text, mark
    assert "my $t = Tide::Table->new(port => 'Whitby');" in text  # verbatim: as written
    blocks = [(text[b.start : b.end].strip(), b.heading_level, b.kind) for b in doc.pages[0].blocks]
    assert ("NAME", 1, "text") in blocks and ("Methods", 2, "text") in blocks
    assert any(level == 0 and kind == "code" and "use Tide::Table;" in t for t, level, kind in blocks)
    # an item's term is marked where "=item" stood, as perldoc lists it: "• next_high"
    assert ("• next_high", 0, "text") in blocks and ("• springs", 0, "text") in blocks


def test_a_pod_items_description_is_shown_under_its_term():
    """ "=item * Deflate (method 8)" over "This is the default compression ...": the sentence is labelled with the term
    its paragraph describes, as an option's description is (engine.rag.shown_span.term_above)."""
    from engine.rag.grounding import Span
    from engine.rag.sources import Source
    from engine.rag.terms import term_above, with_term

    pod = (
        "=head2 Zip methods\n\nThe formats supported:\n\n=over 5\n\n=item * Store (method 0)\n\nNo compression.\n\n"
        "=item * Deflate (method 8)\n\nThis is the default compression used when creating a zip file.\n\n=back\n"
    )
    text = extract(Path("FAQ.pod"), pod.encode()).pages[0].text
    source = Source(1, text, "/docs/FAQ.pod")
    at = text.index("This is the default")
    span = Span(source, at, text.index(".", at) + 1)
    assert term_above(span) == "Deflate (method 8)"
    assert with_term(span, 400) == span  # shown as "Deflate (method 8): This is ...", the term as its label
    # not in another kind of file: a Markdown list item over a paragraph is no term
    assert term_above(Span(Source(1, text, "/docs/notes.md"), span.start, span.end)) is None


def test_pod_codes_that_never_close_or_nest_too_deep_are_left_as_written():
    text = (
        extract(
            Path("x.pod"), b"=head1 A<B\n\nIf a<b and C<x then go.\n\n" + b"B<" * 5000 + b"deep" + b">" * 5000
        )
        .pages[0]
        .text
    )
    assert "If a<b and C<x then go." in text and "deep" in text
    # a text file that merely mentions =head1 is not POD
    plain = extract(Path("notes.txt"), b"Remember:\n=head1 is POD's heading command.\n").pages[0].text
    assert "=head1" in plain


def test_hostile_pod_reads_in_linear_time():
    """Codes that never close, nested past the limit, or a line of a million spaces: each read in about a second
    (the first reader recursed into every unclosed "A<" and took minutes on a thousand of them)."""
    import time

    for body in ("A<" * 200_000, "X<X<X<>" * 100_000, "C<< x " * 200_000, " " * 1_000_000 + "\nword"):
        began = time.perf_counter()
        page = extract(Path("hostile.pod"), f"=head1 NAME\n\n{body}\n".encode()).pages[0]
        assert time.perf_counter() - began < 10 and len(page.text) == len(body) + 14
