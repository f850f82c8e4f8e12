"""Real PDFs with placed lines, built by hand for the PDF reader's tests (no PDF library needed).

``build_pdf(pages)``: each page is a list of ``Text(x, y, text, size, font)`` (PDF points from the bottom-left;
font "R" Helvetica, "B" Helvetica-Bold, "M" Courier), written in WinAnsi encoding, so "¨" (0xA8) is the spacing
diaeresis a PDF text layer often holds beside its letter."""

from __future__ import annotations

from dataclasses import dataclass

FONTS = {"R": "Helvetica", "B": "Helvetica-Bold", "M": "Courier"}


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    size: float = 11.0
    font: str = "R"


def build_pdf(pages: list[list[Text]], width: int = 612, height: int = 792) -> bytes:
    objects: list[bytes] = [b"", b""]  # catalog and page tree, filled in below
    font_ids = {}
    for key, name in FONTS.items():
        objects.append(
            f"<< /Type /Font /Subtype /Type1 /BaseFont /{name} /Encoding /WinAnsiEncoding >>".encode()
        )
        font_ids[key] = len(objects)
    resources = " ".join(f"/F{key} {num} 0 R" for key, num in font_ids.items())
    kids = []
    for items in pages:
        ops = []
        for t in items:
            esc = t.text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            ops.append(f"BT /F{t.font} {t.size} Tf 1 0 0 1 {t.x} {t.y} Tm ({esc}) Tj ET")
        stream = "\n".join(ops).encode("cp1252")
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        content = len(objects)
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {width} {height}] /Resources << /Font << {resources} >> "
            f">> /Contents {content} 0 R >>".encode()
        )
        kids.append(f"{len(objects)} 0 R")
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>".encode()
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for num, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % num + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def page_lines(
    lines: list[tuple[str, str]], top: float = 700, pitch: float = 13.5, x: float = 72
) -> list[Text]:
    """Body lines top to bottom: ("R" | "B" | "M" | "H" (a 15 pt bold heading) | "" (an empty line: a gap), text);
    code ("M") is indented like a book's examples."""
    out, y = [], top
    for font, text in lines:
        if font:
            size = 15.0 if font == "H" else 11.0
            out.append(Text(x + (28 if font == "M" else 0), y, text, size, "B" if font == "H" else font))
        y -= pitch * (1.5 if font == "H" else 1)
    return out
