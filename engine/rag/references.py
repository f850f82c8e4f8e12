"""A reference library's entries in an answer (an RIS or BibTeX file, read a reference a record by
engine.index.readers.ris and .bibtex: "Adaeze Okonedo, James R. Hartley and Sian Pellew (2021). Street tree canopy
..." then its fields): a sentence from inside a reference (its abstract, a note) is shown after whose work it is and
when ("Adaeze Okonedo, James R. Hartley and Sian Pellew (2021): We walked fixed routes ..."), as a journal entry's
sentence is after its day, so "Who wrote ...?" and "Which paper says ...?" are answered by what is shown."""

from __future__ import annotations

import re

from engine.rag.grounding import Span
from engine.rag.sources import read_type

# a reference's first line as the readers write it: its people and year, then its title
_LEAD = re.compile(r"([^\n]{1,400}? \(\d{4}[a-z]?\))\. ")


def reference_label(span: Span) -> str | None:
    """Whose work and when, for a sentence of a reference's record after its people and year (its title, its
    abstract, a note); None for the people and year themselves, a reference with no people or year, or any other
    document."""
    if read_type(span.source) not in ("ris", "bibtex", "csl"):
        return None
    text = span.source.text
    start = text.rfind("\n\n", 0, span.start)
    start = 0 if start < 0 else start + 2
    found = _LEAD.match(text, start)
    if found is None or span.start < found.end() - 1:
        return None  # the people and year themselves
    return found.group(1)
