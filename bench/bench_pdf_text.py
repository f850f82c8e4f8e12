"""PDF text layers: pypdf against pypdfium2 (what the indexer reads with), and how the reader's text reads.

Speed (default): for each PDF, pages, seconds to extract every page's text (min and median; the two libraries in
ABBA order, ``--runs`` rounds: bench/abba.py), characters and words found, and how much of one library's words the
other finds (word-set overlap), so a switch is decided on speed AND coverage.

    .venv/bin/python bench/bench_pdf_text.py [PDF ...] [--runs 3]

Reading (``--reading``): the sentences a user may be quoted (``engine.rag.citations.segments`` over every block the
chunker packs) under the first PDF reader (reader 1: PDFium's text as it came, blocks at blank lines) and under the
current one (``engine.index.extract``), counted for what issue 37 found wrong (``bench/pdf_reading.py``): sentences
that start with page furniture (a running header, footer or page number of that document, found independently on
the raw text layer: an edge line repeating on 3+ pages with digits masked, a number alone, or a top line set apart
holding a number at the height where half the pages have one) or hold a contents
entry (dotted leaders), words still cut by a line-end hyphen, accents still split from their letters, and
sentences that glue a console/code line to prose. Plus seconds to extract (min of ``--runs``).

    .venv/bin/python bench/bench_pdf_text.py --reading /usr/share/R/doc/manual/R-*.pdf
"""

from __future__ import annotations

import argparse
import re
from functools import partial
from pathlib import Path

from _common import emit
from abba import abba

DEFAULT = [Path("/usr/share/doc/libtasn1-doc/libtasn1.pdf"), Path("/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf")]  # fmt: skip


def with_pypdf(data: bytes) -> list[str]:
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    return [p.extract_text() or "" for p in reader.pages]


def with_pdfium(data: bytes) -> list[str]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(data)
    out = []
    for page in doc:
        tp = page.get_textpage()
        out.append(tp.get_text_range())
        tp.close()
        page.close()
    doc.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("pdfs", nargs="*", type=Path)
    ap.add_argument("--runs", type=int, default=3, help="ABBA rounds")
    ap.add_argument("--reading", action="store_true", help="count what reads wrong, reader 1 against now")
    ap.add_argument("--examples", type=int, default=0, help="with --reading: show this many of each fault")
    args = ap.parse_args()
    if args.reading:
        from pdf_reading import reading_report

        emit(reading_report([p for p in args.pdfs if p.exists()], args.runs, args.examples))
        return 0
    results = []
    for path in [p for p in (args.pdfs or DEFAULT) if p.exists()]:
        data = path.read_bytes()
        row = {"pdf": str(path), "bytes": len(data)}
        words = {}
        run = abba({"pypdf": partial(with_pypdf, data), "pypdfium2": partial(with_pdfium, data)}, args.runs)
        for name in run.sides:
            pages = run.results(name)[-1]
            text = "\n".join(pages)
            words[name] = set(re.findall(r"\w{3,}", text.lower()))
            times = run.summary(name)
            row[name] = {"pages": len(pages), "seconds_min": times["min"], "seconds_median": times["median"],
                         "chars": len(text), "distinct_words": len(words[name])}  # fmt: skip
        row["pypdfium2_speedup"] = row["pypdf"]["seconds_min"] / row["pypdfium2"]["seconds_min"]
        row["pypdfium2_speedup_paired"] = run.ratio("pypdf", "pypdfium2")["paired_median"]
        row["order"] = run.about()
        a, b = words["pypdf"], words["pypdfium2"]
        row["words_only_pypdf"] = len(a - b)
        row["words_only_pypdfium2"] = len(b - a)
        row["word_overlap_jaccard"] = len(a & b) / max(1, len(a | b))
        results.append(row)
    emit({"results": results})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
