"""A filled-in PDF form (engine.index.readers.pdf_forms): each field's value read where it is on the page, among the
printed labels; ticked and empty boxes told apart; an empty form reads as its labels."""

from __future__ import annotations

from pathlib import Path

from engine.index import extract


def _form_pdf(fields_filled=True) -> bytes:
    """A one-page application form written by hand: printed labels in the page's text, the answers in AcroForm
    widgets (a text field on a labelled line, two on one line, a ticked and an empty box, a paragraph box)."""

    def esc(s):
        return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")

    labels = [
        (50, 780, 14, "Parking permit application"),
        (50, 700, 10, "Vehicle registration"),
        (300, 700, 10, "Colour"),
        (70, 648, 10, "I am the registered keeper"),
        (70, 628, 10, "The car is a company car"),
        (50, 600, 10, "Why do you need a permit?"),
    ]
    content = "".join(f"BT /F1 {s} Tf {x} {y} Td ({esc(t)}) Tj ET\n" for x, y, s, t in labels).encode()
    v = (lambda t: f"({esc(t)})") if fields_filled else (lambda t: "()")
    widgets = [
        f"/FT /Tx /T (reg) /V {v('AB12 CDE')} /Rect [160 695 280 712]",
        f"/FT /Tx /T (colour) /V {v('Dark blue')} /Rect [340 695 450 712]",
        "/FT /Btn /T (keeper) /V /Yes /AS /Yes /Rect [50 645 62 657] /AP << /N << /Yes 12 0 R /Off 12 0 R >> >>",
        "/FT /Btn /T (company) /V /Off /AS /Off /Rect [50 625 62 637] /AP << /N << /Yes 12 0 R /Off 12 0 R >> >>",
        f"/FT /Tx /T (why) /Ff 4096 /V {v('I care for my mother, who lives at number 12.')} /Rect [50 520 545 590]",
    ]
    objs = {
        1: "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [5 0 R 6 0 R 7 0 R 8 0 R 9 0 R] "
        "/DA (/Helv 10 Tf 0 g) /DR << /Font << /Helv 4 0 R >> >> >> >>",
        2: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> "
        "/Contents 10 0 R /Annots [5 0 R 6 0 R 7 0 R 8 0 R 9 0 R] >>",
        4: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    }
    for i, w in enumerate(widgets):
        objs[5 + i] = f"<< /Type /Annot /Subtype /Widget /P 3 0 R /F 4 /DA (/Helv 10 Tf 0 g) {w} >>"
    objs[10] = content
    objs[12] = b"<< /Type /XObject /Subtype /Form /BBox [0 0 12 12] >>"
    out = bytearray(b"%PDF-1.7\n")
    offsets = {}
    for n in sorted(objs):
        offsets[n] = len(out)
        body = objs[n]
        if isinstance(body, bytes) and n == 10:
            out += (
                f"{n} 0 obj\n<< /Length {len(body)} >>\nstream\n".encode() + body + b"\nendstream\nendobj\n"
            )
        elif isinstance(body, bytes):
            out += f"{n} 0 obj\n".encode() + body[:-2] + b" /Length 0 >>\nstream\n\nendstream\nendobj\n"
        else:
            out += f"{n} 0 obj\n{body}\nendobj\n".encode()
    size = max(objs) + 1
    xref = len(out)
    out += f"xref\n0 {size}\n0000000000 65535 f \n".encode()
    for n in range(1, size):
        out += (f"{offsets[n]:010d} 00000 n \n" if n in offsets else "0000000000 65535 f \n").encode()
    out += f"trailer\n<< /Size {size} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def test_a_forms_values_are_read_where_they_are_on_the_page():
    page = extract(Path("permit.pdf"), _form_pdf()).pages[0]
    lines = [ln.strip() for ln in page.text.split("\n") if ln.strip()]
    # two fields on one printed line, each after its label; the row a block of its own (no table's header row)
    row = "Vehicle registration: AB12 CDE; Colour: Dark blue"
    assert (
        row in lines
        and "☒ (ticked) I am the registered keeper" in lines
        and "☐ The car is a company car" in lines
    )
    assert row in [page.text[b.start : b.end].strip() for b in page.blocks]
    assert all(b.kind == "text" for b in page.blocks)
    # a paragraph box under its question is a line of its own, just below it, a block of its own
    para = "I care for my mother, who lives at number 12."
    assert lines.index(para) == lines.index("Why do you need a permit?") + 1
    assert any(page.text[b.start : b.end].strip() == para for b in page.blocks)


def test_an_empty_form_reads_as_its_labels():
    text = extract(Path("permit.pdf"), _form_pdf(fields_filled=False)).pages[0].text
    assert "Vehicle registration Colour" in " ".join(text.split()) and "AB12" not in text
