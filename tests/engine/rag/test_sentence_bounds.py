"""Passages handed to an answer begin and end with whole sentences: a chunk cut inside a sentence takes the rest of
it back from the chunk beside it, and its lines and offsets still name the file's own text."""

from __future__ import annotations

import re

import pytest

from engine.encoders import default_embedder_path, load_embedder
from engine.index import IndexStore, IndexSummary, index_paths
from engine.rag.citations import segments
from engine.rag.sentence_bounds import MAX_EXTEND_CHARS, whole_sentences

WORDS = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa".split()
# one long paragraph (many chunks, cut inside it) and a short one after a blank line (a chunk of its own)
LONG = " ".join(
    f"Option {w} sets the {WORDS[(i + 3) % len(WORDS)]} limit of the {WORDS[(i + 7) % len(WORDS)]} "
    f"queue to {i * 7} entries when the daemon starts."
    for i, w in enumerate(WORDS * 3)
)
SHORT = "The daemon reads its settings once, at start."
TEXT = f"Queue settings\n\n{LONG}\n\n{SHORT}\n"
# one long function without blank lines: cut inside it, its chunks overlap from a word in the middle of a line
CODE = "def limits(queue):\n" + "".join(
    f"    queue.{w}_limit = queue.{WORDS[(i + 5) % len(WORDS)]}_base * {i} + len(queue.{w}_items)  # {w}.\n"
    for i, w in enumerate(WORDS * 2)
)
_STARTS_SENTENCE = re.compile(r"(?:Queue|Option|The)\b")


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    root = tmp_path_factory.mktemp("bounds")
    (root / "docs").mkdir()
    (root / "docs" / "queues.txt").write_text(TEXT)
    (root / "docs" / "limits.py").write_text(CODE)
    db = root / "index.sqlite3"
    summary = [e for e in index_paths([root / "docs"], db, load_embedder(default_embedder_path()))
               if isinstance(e, IndexSummary)][0]  # fmt: skip
    assert not summary.error
    st = IndexStore(db, read_only=True)
    yield st
    st.close()


def _chunks(store, name="queues.txt"):
    return store.chunks_for_document(next(d.path for d in store.documents() if d.path.endswith(name)))


def test_the_fixture_has_chunks_that_begin_and_end_inside_a_sentence(store):
    chunks = _chunks(store)
    assert len(chunks) >= 4
    assert any(not _STARTS_SENTENCE.match(c.text) for c in chunks)  # else the test below tests nothing
    assert any(not c.text.rstrip().endswith(".") for c in chunks)


def test_each_passage_is_extended_to_whole_sentences_that_are_the_files_own_text(store):
    chunks = _chunks(store)
    out = whole_sentences(store, chunks)
    lines = TEXT.split("\n")
    for before, after in zip(chunks, out, strict=True):
        assert _STARTS_SENTENCE.match(after.text), after.text[:60]
        assert after.text.rstrip().endswith(".") or after.text == "Queue settings", after.text[-60:]
        assert before.text in after.text
        assert len(after.text) - len(before.text) <= 2 * MAX_EXTEND_CHARS
        assert TEXT[after.char_start : after.char_end] == after.text  # offsets moved with the text
        assert after.text.split("\n")[0] in lines[after.line_start - 1]
        assert after.text.split("\n")[-1] in lines[after.line_end - 1]


def test_a_passage_that_already_holds_whole_sentences_is_kept_as_it_is(store):
    last = _chunks(store)[-1]
    assert last.text.strip() == SHORT  # the short paragraph after a blank line: its own chunk
    assert whole_sentences(store, [last])[0] is last


def test_neighbours_are_the_chunks_on_either_side_in_the_document(store):
    chunks = _chunks(store)
    near = store.adjacent_chunks([chunks[0].id, chunks[1].id, 10**9])
    assert set(near) == {chunks[0].id, chunks[1].id}  # an id not stored is left out
    assert near[chunks[0].id][0] is None and near[chunks[0].id][2].id == chunks[1].id
    assert [c.id for c in near[chunks[1].id]] == [chunks[0].id, chunks[1].id, chunks[2].id]


def test_an_item_without_a_chunk_or_with_changed_text_is_kept(store):
    from dataclasses import replace

    first = _chunks(store)[1]
    edited = replace(first, text=first.text + " more")
    assert whole_sentences(store, [edited])[0] is edited
    assert whole_sentences(store, []) == []


def test_source_code_is_extended_to_whole_lines_not_sentences(store):
    chunks = _chunks(store, "limits.py")
    assert any(c.char_start > 0 and CODE[c.char_start - 1] != "\n" for c in chunks)  # a chunk opens mid-line
    for after in whole_sentences(store, chunks):
        assert CODE[after.char_start : after.char_end] == after.text
        assert after.char_start == 0 or CODE[after.char_start - 1] == "\n", after.text[:60]
        assert CODE[after.char_end : after.char_end + 1] in ("", "\n"), after.text[-60:]
        assert after.text.split("\n")[0] == CODE.split("\n")[after.line_start - 1]  # its first line, whole


def test_a_heading_underline_is_not_taken_into_a_passage():
    """A chunk ending with the heading line "Specification" (its underline and the section in the next chunk) is
    not extended across the underline: shown, "=============" would read as a loop of one character."""
    from engine.index.schema import ChunkRecord

    doc = "Each target runs under fakeroot.\nSpecification\n=============\nThe field is a list.\n"
    cut = doc.index("Specification") + len("Specification")
    nxt_at = doc.index("Specification")

    def rec(i, a, b):
        return ChunkRecord(
            i, None, 1, 1, a, b, 5, "", doc[a:b], id=i + 1, path="/d/spec.txt", file_type="text"
        )

    cur, nxt = rec(0, 0, cut), rec(1, nxt_at, len(doc))

    class Store:  # the two chunks as an IndexStore holds them
        def adjacent_chunks(self, ids):
            return {1: (None, cur, nxt)}

    assert whole_sentences(Store(), [cur])[0] is cur


def test_an_answer_is_made_from_the_extended_passages(store, tiny_llama):
    """``ask`` hands the answerer whole-sentence passages: every source it shows begins a sentence, and every quoted
    sentence is the file's own text at the lines its citation names."""
    from engine.core import AskRequest
    from engine.generation.prompt_cache import PromptCacheStore
    from engine.models.loader import load_lm
    from engine.rag.abstain import AbstainPolicy
    from engine.rag.models import RagModels
    from engine.rag.qa import ask

    models = RagModels(load_lm(str(tiny_llama)), load_embedder(default_embedder_path()), None,
                       PromptCacheStore(1 << 30))  # fmt: skip
    question = "What limit does option kilo set, and to how many entries?"
    req = AskRequest(question, db=str(store.path), answer="extractive")
    result = list(ask(models, req, policy=AbstainPolicy("none", 0.0), store=store))[-1]
    assert not result.abstained and result.closest
    queues = [p for p in result.closest if p.path.endswith("queues.txt")]
    assert queues and all(_STARTS_SENTENCE.match(p.text) for p in queues), [p.text[:40] for p in queues]
    lines = TEXT.split("\n")
    for s in result.sentences:
        if s.path.endswith("queues.txt"):
            assert " ".join(s.evidence.split()) in " ".join(lines[s.line_start - 1 : s.line_end])


def test_a_section_name_in_capitals_over_indented_text_is_no_part_of_its_first_sentence():
    text = "NOTES\n       POSIX option processing is used.\nWARNING about the\nnext line.\nADMISSION\nPlease come.\n"
    assert [text[a:b] for a, b in segments(text)] == [
        "NOTES",
        "POSIX option processing is used.",
        "WARNING about the\nnext line.",
        "ADMISSION",
        "Please come.",
    ]


def test_a_logs_entries_are_one_per_line():
    text = (
        "2027-04-14 02:08:12 WARN [offsite] rosie-pi unreachable: connection timed out (try 1 of 3)\n"
        "2027-04-14 02:18:13 ERROR [job] nightly run finished with errors after 18m13s\n"
        "Apr 14 02:20:01 attic-nas CRON[811]: (root) CMD (run-parts /etc/cron.hourly)\n"
    )
    assert [text[a:b] for a, b in segments(text)] == text.strip().split("\n")
