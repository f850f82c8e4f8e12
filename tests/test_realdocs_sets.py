"""The real-document sets of issue 37 (eval/realdocs/): the labels on the documents committed with them (personal
notes, mail, office files, an EPUB) hold against those files, and the parts stay apart. Questions on Debian
packages' documents are checked by ``eval/realdocs/check.py`` where the packages are installed."""

from __future__ import annotations

from eval.realdocs import check as realdocs_check
from eval.realdocs.realdocs import FILES, HERE, SETS, answer_found, documents, flat, load, relevant


def test_each_part_has_its_files():
    assert all((HERE / name).is_file() for names in SETS.values() for name in names)


def test_committed_documents_are_listed_and_present():
    listed = {d["path"] for d in documents() if "package" not in d}
    on_disk = {str(p.relative_to(FILES)) for p in FILES.rglob("*") if p.is_file()}
    assert listed == on_disk


def test_labels_on_committed_documents_hold():
    assert realdocs_check.check("all", committed_only=True) == []


def test_parts_share_no_document_and_every_question_is_on_its_part():
    parts = {d["path"]: d["part"] for d in documents()}
    for part in SETS:
        if not (HERE / SETS[part][0]).is_file():
            continue
        answerable, _ = load(part)
        assert all(parts[q["path"]] == part for q in answerable)
    assert len(parts) == len(documents())


def test_held_out_part_has_kinds_tuning_lacks_and_both_parts_have_unanswerables():
    kinds = {p: {d["kind"] for d in documents(p)} for p in SETS}
    assert kinds["heldout"] - kinds["tuning"] >= {"eml", "mbox", "docx", "xlsx", "pptx", "epub"}
    for part in SETS:
        answerable, unanswerable = load(part)
        assert len(unanswerable) >= 10 and len(answerable) >= 30
        assert {q["kind"] for q in unanswerable} == {"near-topic", "missing-term"}


def test_a_wrong_label_is_caught():
    q = next(x for x in load("tuning")[0] if x["kind"] == "notes")
    src = FILES / q["path"]
    unit = realdocs_check.unit_text(src, q)
    assert answer_found(q, unit)
    moved = {**q, "line_start": q["line_start"] + 1, "line_end": q["line_end"] + 1}
    assert not answer_found(moved, realdocs_check.unit_text(src, moved))
    assert not answer_found({**q, "all_of": ["a fact the note does not hold"]}, unit)
    assert realdocs_check.copied_run(q["quote"], unit) is not None


def test_flat_reads_as_a_reader_does():
    assert flat("exam-\nple  Wirtschaftsuniversit\u0061\u0308t") == "example wirtschaftsuniversität"
    assert flat("\u201cgrace period\u201d") == '"grace period"'


def test_relevant_needs_the_labelled_page_and_lines(tmp_path):
    f = tmp_path / "a.pdf"
    f.write_bytes(b"x")
    q = {"abs_path": str(f.resolve()), "page": 3}
    assert relevant(q, str(f), 3, 1, 4) and not relevant(q, str(f), 2, 1, 4)
    q = {"abs_path": str(f.resolve()), "line_start": 10, "line_end": 12}
    assert relevant(q, str(f), None, 12, 20) and not relevant(q, str(f), None, 13, 20)
    assert not relevant(q, str(tmp_path / "b.pdf"), None, 10, 12)
