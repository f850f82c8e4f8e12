"""A BibTeX library (engine.index.readers.bibtex) read as a reference list: an entry a record, its people and title
first, then a line a field, LaTeX read as the characters it prints, every piece anchored to the file's lines."""

from __future__ import annotations

import time
from pathlib import Path

from engine.index import extract

BIB = r"""% Encoding: UTF-8
@String{ufug = {Urban Forestry \& Urban Greening}}

@Article{Moller2021,
  author    = {M{\"o}ller, Anna and O'Neill, P. and others},
  title     = {Shade from street trees: a field study},
  journal   = ufug,
  year      = {2021},
  pages     = {112--129},
  abstract  = {We measured surface temperatures under 120 street trees
               in three cities. Lime trees cooled pavements by 9~K on
               average.},
  file      = {:papers/Moller2021.pdf:PDF},
  readstatus = {read},
}

@book{garcia2019, title = "Cities of {S}hade", author = "Garc{\'\i}a, Luis", year = 2019, month = jun,
  publisher = {Verso}}

@Comment{jabref-meta: databaseType:bibtex;}
"""


def test_a_bibtex_entry_reads_as_a_reference_each_field_at_its_lines():
    doc = extract(Path("thesis.bib"), BIB.encode())
    page = doc.pages[0]
    assert doc.file_type == "bibtex"
    text = page.text
    assert text.startswith("Anna Möller, P. O'Neill et al. (2021). Shade from street trees: a field study.\n")
    lines = text.split("\n")
    assert "Journal: Urban Forestry & Urban Greening." in lines and "Pages: 112–129." in lines
    assert "File: papers/Moller2021.pdf." in lines and "Read status: read." in lines
    assert "Luis García (2019). Cities of Shade." in lines and "Month: June." in lines
    assert "Publisher: Verso." in lines
    for mark in ("\\", "{", "}", "@", "jabref-meta", "ufug"):
        assert mark not in text, mark
    # an entry a record, headed by its title; a sentence of the abstract cites the file lines it is on
    assert [b.kind for b in page.blocks] == ["record", "record"]
    assert [t for _, t in page.trails] == ["Shade from street trees: a field study", "Cities of Shade"]
    source = BIB.split("\n")
    at = text.index("Lime trees")
    assert page.locate(at)[0] == next(i for i, ln in enumerate(source, 1) if "Lime trees" in ln)
    assert page.locate(text.index("Pages:"))[0] == next(i for i, ln in enumerate(source, 1) if "pages" in ln)


def test_a_bib_file_without_entries_is_read_as_its_text():
    text = "Reading list, to sort into BibTeX later:\n- Moller 2021 on street trees\n"
    assert extract(Path("todo.bib"), text.encode()).pages[0].text == text


def test_hostile_bibtex_reads_in_linear_time():
    for body in ("@a{" * 100_000, "@article{k, title = {" + "{" * 200_000, "@article{k," + " x = y," * 50_000,
                 '@article{k, title = "' + '\\"' * 100_000):  # fmt: skip
        t = time.perf_counter()
        extract(Path("x.bib"), body.encode())
        assert time.perf_counter() - t < 10, body[:20]
