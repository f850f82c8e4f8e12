"""How a PDF's extracted text reads: the faults issue 37 found, counted under reader 1 and the current reader.

Used by ``bench/bench_pdf_text.py --reading``; see its docstring for what is counted and how furniture is found
independently of the reader under test.
"""

from __future__ import annotations

import re
import time
from collections import Counter, defaultdict
from pathlib import Path

from engine.index import extract, page_lines, paragraph_blocks
from engine.rag import segments

_DIGITS = re.compile(r"\d+")
_ROMAN_ALONE = re.compile(r"^[ivxlc]{1,6}$", re.IGNORECASE)
_LEADERS = re.compile(r"(?:\s?\.){5,}")
_ACCENT_SPLIT = re.compile(r"[\u00a8\u00b4\u02c6\u02dc\u00b8\u02da\u02dd\u02c7\u02d8\u00af\u02d9\u02db]")
_CUT_WORD = re.compile(r"\b([^\W\d_]+)-\s*([^\W\d_]+)\b")


def reader1_pages(data: bytes) -> list[tuple[int, str, list[str]]]:
    """Reader 1 (before issue 37): PDFium's text with U+FFFE as "-", blocks at blank lines."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(data)
    out = []
    for number in range(1, len(doc) + 1):
        tp = doc[number - 1].get_textpage()
        text = tp.get_text_range()
        tp.close()
        text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
        text = text.replace("\ufffe\n", "").replace("\ufffe", "-")
        blocks = paragraph_blocks(text)
        if blocks:
            out.append((number, text, [text[b.start : b.end] for b in blocks]))
    doc.close()
    return out


def current_pages(path: Path) -> list[tuple[int, str, list[str]]]:
    doc = extract(path, path.read_bytes())
    return [(p.number, p.text, [p.text[b.start : b.end] for b in p.blocks]) for p in doc.pages]


class RawPages:
    """What the raw text layer says, independently of the reader under test: each page's edge lines that are
    furniture (a first or last line repeating on 3+ pages with digits masked, or a number alone; or a top line set
    apart from the text, holding a number, at the height where half the pages have such a line), the line-end
    cuts PDFium marked as hyphenation (U+FFFE), and which lines are code (wholly in a monospace font by
    pdf_layout's font reading, indented past the page's prose, two or more words: not a wrapped URL's end or a
    definition list's term) or prose (6+ words in a proportional font, opening with a letter or a bracket or
    quote: not a code comment set in roman)."""

    def __init__(self, data: bytes) -> None:
        import pypdfium2 as pdfium

        doc = pdfium.PdfDocument(data)
        edges: dict[str, set[int]] = defaultdict(set)
        first_last: dict[int, list[tuple[str, str]]] = {}
        cuts: set[tuple[str, str]] = set()
        words: Counter[str] = Counter()
        self.mono: dict[int, set[str]] = defaultdict(set)
        sits: dict[int, tuple[int, str]] = {}
        self.prose: dict[int, set[str]] = defaultdict(set)
        for number in range(1, len(doc) + 1):
            tp = doc[number - 1].get_textpage()
            raw = tp.get_text_range()
            for m in re.finditer(r"([^\W\d_]+)\ufffe([^\W\d_]+)", raw):
                cuts.add((m.group(1), m.group(2)))
            words.update(
                w.lower() for w in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)*", raw.replace("\ufffe", "\ufffe "))
            )
            lines = [" ".join(ln.split()) for ln in raw.split("\r\n") if ln.strip()]
            laid = page_lines(tp)
            placed = sorted((ln for ln in laid if ln.geometry), key=lambda ln: -ln.y)
            if len(placed) > 1 and placed[0].y - placed[1].y >= 1.8 * max(placed[0].size, 1.0):
                sits[number] = (round(placed[0].y), " ".join(placed[0].text.split()))  # apart above the text
            margin = min((ln.x0 for ln in laid if ln.mono < 0.2 and ln.geometry), default=0.0)
            for ln in laid:
                flat = " ".join(ln.text.split())
                tokens = flat.split()
                if ln.mono >= 0.95 and ln.x0 > margin + 5 and len(tokens) >= 2:
                    self.mono[number].add(flat)
                elif ln.mono < 0.2 and len(tokens) >= 6 and (flat[0].isalpha() or flat[0] in '("“‘'):
                    self.prose[number].add(flat)
            tp.close()
            first_last[number] = []
            for line in lines[:1] + lines[-1:]:
                key = _DIGITS.sub("#", line.lower())
                edges[key].add(number)
                first_last[number].append((key, line))
        doc.close()
        # cuts a reader would not write with a hyphen: the document writes the joined word, never the hyphenated one
        self.cuts = {(a, b) for a, b in cuts if words[(a + b).lower()] and not words[f"{a}-{b}".lower()]}
        self.furniture = {
            number: {
                line for key, line in pairs if len(edges[key]) >= 3 or key == "#" or _ROMAN_ALONE.match(key)
            }
            for number, pairs in first_last.items()
        }
        # a running header whose words change with every page (refman's "agrep 9"): a top line set apart from the
        # text below it, holding a number, at the height where half the pages have such a line
        heights = Counter(y for y, _ in sits.values())
        if heights and heights.most_common(1)[0][1] >= 0.5 * len(first_last):
            y0 = heights.most_common(1)[0][0]
            for number, (y, text) in sits.items():
                if abs(y - y0) <= 1 and re.search(r"\d", text):
                    self.furniture.setdefault(number, set()).add(text)


def faults(pages: list[tuple[int, str, list[str]]], raw: RawPages, examples: int) -> dict:
    shown: dict[str, list] = defaultdict(list)
    counts = dict.fromkeys(("sentences", "starts_with_furniture", "contents_entries", "cut_words", "split_accents",
                            "code_glued_to_prose"), 0)  # fmt: skip

    def note(kind: str, number: int, sentence: str) -> None:
        counts[kind] += 1
        if len(shown[kind]) < examples:
            shown[kind].append(f"p{number}: {' '.join(sentence.split())[:140]}")

    for number, _, blocks in pages:
        furniture = raw.furniture.get(number, set())
        for block in blocks:
            for a, b in segments(block):
                sentence = block[a:b]
                flat = " ".join(sentence.split())
                counts["sentences"] += 1
                first = " ".join(sentence.split("\n", 1)[0].split())
                if any(first == f or (first.startswith(f + " ") and not f.isdigit()) for f in furniture):
                    note("starts_with_furniture", number, sentence)
                if _LEADERS.search(flat):
                    note("contents_entries", number, sentence)
                for m in _CUT_WORD.finditer(sentence):
                    if (m.group(1), m.group(2)) in raw.cuts:
                        note("cut_words", number, m.group(0))
                if _ACCENT_SPLIT.search(sentence):
                    note("split_accents", number, sentence)
                lines = {" ".join(ln.split()) for ln in sentence.split("\n")}
                if lines & raw.mono[number] and lines & raw.prose[number]:
                    note("code_glued_to_prose", number, sentence)
    return {**counts, **({"examples": dict(shown)} if examples else {})}


def reading_report(paths: list[Path], runs: int, examples: int) -> dict:
    results = []
    total: dict[str, dict[str, int]] = {"reader1": defaultdict(int), "current": defaultdict(int)}
    for path in paths:
        data = path.read_bytes()
        raw = RawPages(data)
        row: dict = {"pdf": str(path), "furniture_lines": sum(map(len, raw.furniture.values()))}
        for name, read in (
            ("reader1", lambda data=data: reader1_pages(data)),
            ("current", lambda path=path: current_pages(path)),
        ):
            times = []
            for _ in range(max(1, runs)):
                t = time.perf_counter()
                pages = read()
                times.append(time.perf_counter() - t)
            row[name] = {
                "pages": len(pages),
                "seconds_min": round(min(times), 3),
                **faults(pages, raw, examples),
            }
            for k, v in row[name].items():
                if isinstance(v, int | float) and k != "seconds_min":
                    total[name][k] += v
            total[name]["seconds"] = round(total[name]["seconds"] + min(times), 3)
        results.append(row)
    return {"results": results, "total": {k: dict(v) for k, v in total.items()}}
