"""A filled-in PDF form read as the person who filled it in sees it: each field's value where it is on the page.

An interactive form (AcroForm) keeps what was typed in its fields, not in the page's text: PDFium's text of a
council's permit application is the printed labels alone ("Registration number", "Colour"), and the answers ("HD21
KXR", "Silver") are the fields' values, drawn over the page by their widgets. Here each widget's value joins the
visual line it sits on, after the printed words before it: "Registration number: HD21 KXR; Colour: Silver", "How
will you pay? Card", "☒ (ticked) I am the vehicle's registered keeper"; such a line is a block of its own (a form's
rows are labels and answers, never a table under a header). A field on no printed line (a box for a paragraph under
its question) is a line of its own at its height. A ticked box reads "☒ (ticked)", an empty one "☐"; a chosen radio
button "◉ (chosen)", the others "○"; a list or a drop-down its chosen value; a push button or a signature nothing.
Hidden widgets are left out.
"""

from __future__ import annotations

import ctypes
import logging
from dataclasses import dataclass, replace

from engine.index.readers.pdf_layout import Line

log = logging.getLogger(__name__)

MAX_FIELDS = 2000  # widgets read on one page (a hostile file may hold millions)
MAX_VALUE_CHARS = 20_000
CHECKED, UNCHECKED = "☒ (ticked)", "☐"
CHOSEN, NOT_CHOSEN = "◉ (chosen)", "○"
_BOXES = ("☒", "☐", "◉", "○")


@dataclass(frozen=True)
class Field:
    text: str
    x0: float
    x1: float
    bottom: float
    top: float

    @property
    def middle(self) -> float:
        return (self.bottom + self.top) / 2


def open_forms(doc) -> bool:
    """Start PDFium's form environment for ``doc`` when it has a form (before any page is loaded)."""
    import pypdfium2.raw as raw

    try:
        if raw.FPDF_GetFormType(doc.raw) == raw.FORMTYPE_NONE:
            return False
        doc.init_forms()
        return doc.formenv is not None
    except Exception as exc:  # noqa: BLE001 - a damaged form: the page's own text is still read
        log.debug("the PDF's form cannot be read: %s", exc)
        return False


def page_fields(doc, page) -> list[Field]:
    """The filled-in widgets of ``page`` (a pypdfium2 PdfPage of ``doc``, whose forms are open)."""
    import pypdfium2.raw as raw

    env = doc.formenv
    if env is None:
        return []
    env = getattr(env, "raw", env)
    fields: list[Field] = []
    count = min(raw.FPDFPage_GetAnnotCount(page.raw), MAX_FIELDS)
    rect = raw.FS_RECTF()
    for i in range(count):
        annot = raw.FPDFPage_GetAnnot(page.raw, i)
        if not annot:
            continue
        try:
            if raw.FPDFAnnot_GetSubtype(annot) != raw.FPDF_ANNOT_WIDGET:
                continue
            if raw.FPDFAnnot_GetFlags(annot) & raw.FPDF_ANNOT_FLAG_HIDDEN:
                continue
            text = _shown(raw, env, annot)
            if text and raw.FPDFAnnot_GetRect(annot, ctypes.byref(rect)):
                lo, hi = sorted((rect.bottom, rect.top))
                left, right = sorted((rect.left, rect.right))
                fields.append(Field(text, left, right, lo, hi))
        finally:
            raw.FPDFPage_CloseAnnot(annot)
    return fields


def _shown(raw, env, annot) -> str:
    kind = raw.FPDFAnnot_GetFormFieldType(env, annot)
    if kind == raw.FPDF_FORMFIELD_CHECKBOX:
        return CHECKED if raw.FPDFAnnot_IsChecked(env, annot) else UNCHECKED
    if kind == raw.FPDF_FORMFIELD_RADIOBUTTON:
        return CHOSEN if raw.FPDFAnnot_IsChecked(env, annot) else NOT_CHOSEN
    if kind in (raw.FPDF_FORMFIELD_TEXTFIELD, raw.FPDF_FORMFIELD_COMBOBOX, raw.FPDF_FORMFIELD_LISTBOX):
        return " ".join(_string(raw.FPDFAnnot_GetFormFieldValue, env, annot).split())[:MAX_VALUE_CHARS]
    return ""  # a push button, a signature: nothing the person typed


def _string(fn, env, annot) -> str:
    size = fn(env, annot, None, 0)
    if size <= 2:
        return ""
    buf = ctypes.create_string_buffer(size)
    fn(env, annot, ctypes.cast(buf, ctypes.POINTER(ctypes.c_ushort)), size)
    return buf.raw[: size - 2].decode("utf-16-le", errors="replace")


def with_fields(lines: list[Line], fields: list[Field], textpage) -> list[Line]:
    """``lines`` (top to bottom) with each field's value on the line it sits on, among that line's printed words
    (read again from ``textpage`` in pieces round the fields), or as a line of its own at its height."""
    if not fields:
        return lines
    placed: dict[int, list[Field]] = {}
    alone: list[Field] = []
    for f in fields:
        at = next((k for k, ln in enumerate(lines) if ln.geometry and _on(ln, f)), None)
        (alone if at is None else placed.setdefault(at, [])).append(f)
    out = [_rebuilt(ln, placed[k], textpage) if k in placed else ln for k, ln in enumerate(lines)]
    sizes = sorted(ln.size for ln in lines if ln.geometry and ln.size > 0)
    body = sizes[len(sizes) // 2] if sizes else 10.0  # set as the page's body text, never a heading
    for f in alone:
        line = Line(f.text, False, f.x0, f.x1, f.bottom + 0.25 * (f.top - f.bottom), body, 0.0, 0.0, (), 1,
                    form_row=True)  # fmt: skip
        k = next((k for k, ln in enumerate(out) if ln.geometry and ln.y < line.y), len(out))
        out.insert(k, line)
    return out


def _on(line: Line, f: Field) -> bool:
    """Whether the field sits on the line: its middle within the line's height."""
    size = max(line.size, 1.0)
    return line.y - 0.5 * size <= f.middle <= line.y + 1.1 * size


def _rebuilt(line: Line, fields: list[Field], textpage) -> Line:
    """The line's printed words in pieces between its fields, each field's value in its place: a value after its
    printed label reads "label: value", pairs apart by "; " ("Registration number: HD21 KXR; Colour: Silver"), a box
    before or after its words. A plain line, never a table's row (a form's row is labels and answers, no header)."""
    size = max(line.size, 1.0)
    bottom, top = line.y - 0.4 * size, line.y + 1.0 * size
    fields = sorted(fields, key=lambda f: f.x0)
    pieces: list[tuple[str, str]] = []  # ("text" | "box" | "value", words)
    left = min(line.x0, fields[0].x0) - 1.0
    for f in fields:
        pieces.append(("text", _bounded(textpage, left, bottom, f.x0 + 0.5, top)))
        pieces.append(("box" if f.text.startswith(_BOXES) else "value", f.text))
        left = f.x1 - 0.5
    pieces.append(("text", _bounded(textpage, left, bottom, max(line.x1, fields[-1].x1) + 1.0, top)))
    out, label, after_box = "", "", False
    for kind, words in ((k, " ".join(w.split())) for k, w in pieces):
        if not words:
            continue
        if kind == "value" and label:  # "Total to pay: £92.00", "How will you pay? Card"
            sep = " " if label.endswith("?") else ": "
            words, label = f"{label.rstrip(' :')}{sep}{words}", ""
        elif kind == "text":
            if label:
                out, after_box = _joined(out, label, after_box), False
            label = words
            continue
        elif label:
            out, after_box = _joined(out, label, after_box), False
            label = ""
        out, after_box = _joined(out, words, after_box), kind == "box"
    if label:
        out = _joined(out, label, after_box)
    if not out:
        return line
    return replace(line, text=out, x0=min(line.x0, fields[0].x0), x1=max(line.x1, fields[-1].x1), gaps=(),
                   form_row=True)  # fmt: skip


def _joined(out: str, words: str, after_box: bool) -> str:
    return words if not out else out + (" " if after_box else "; ") + words


def _bounded(textpage, left: float, bottom: float, right: float, top: float) -> str:
    if right <= left:
        return ""
    try:
        return textpage.get_text_bounded(left=left, bottom=bottom, right=right, top=top)
    except Exception:  # noqa: BLE001 - a box PDFium cannot read: no words
        return ""
