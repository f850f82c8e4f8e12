"""A plain-text document in pages (form feeds, a running header, a numbered footer: engine.index.paged_text), read
through the real text reader: its furniture is in no paragraph, and every line keeps its number."""

from pathlib import Path

from engine.index.extraction import extract
from engine.index.paged_text import blank_furniture, furniture_lines

HEADER = "Example Co-op                 House Rules                 March 2027"


def _paged(pages: int = 5) -> str:
    out = []
    for n in range(1, pages + 1):
        head = f"{HEADER}\n\n" if n > 1 else "Example Co-op House Rules\n\n"
        body = "\n".join(
            f"{n}.{k} Bicycles are kept in the shed by gate {k}, never in the hallway of block {n}."
            for k in (1, 2, 3)
        )
        out.append(f"{head}{body}\n\nJ. Smith{' ' * 40}[Page {n}]\n")
    return "\f\n".join(out)


def test_running_header_and_footer_are_in_no_paragraph_and_lines_keep_their_numbers():
    text = _paged()
    page = extract(Path("rules.txt"), text.encode()).pages[0]
    assert len(page.text) == len(text) and page.text.count("\n") == text.count("\n")
    blocks = [page.text[b.start : b.end] for b in page.blocks]
    assert not any("House Rules" in b and "March" in b for b in blocks)
    assert not any("[Page" in b for b in blocks)
    assert "Example Co-op House Rules" in blocks  # the title page's title is no running header
    assert any("3.2 Bicycles are kept in the shed by gate 2" in b for b in blocks)
    line = next(i for i, x in enumerate(text.split("\n"), 1) if x.startswith("3.2 "))
    at = page.text.index("3.2 ")
    assert page.line_range(at, at + 5)[0] == line


def test_few_pages_or_no_form_feed_leave_the_text_as_it_is():
    two = "\f\n".join(_paged(5).split("\f\n")[:2])
    assert furniture_lines(two) == [] and blank_furniture(two) == two
    plain = _paged(5).replace("\f", "")
    assert blank_furniture(plain) == plain


def test_a_page_number_alone_is_furniture():
    text = "\f\n".join(f"Section {n} opens here with words.\nIt goes on.\n\n- {n} -\n" for n in range(1, 5))
    found = [text[a:b] for a, b in furniture_lines(text)]
    assert found == [f"- {n} -" for n in range(1, 5)]
