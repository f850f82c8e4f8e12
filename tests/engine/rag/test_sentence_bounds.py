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


def _cut_after(doc: str, cut_at: str, path: str, next_from: str | None = None):
    """Two chunks of ``doc`` as an IndexStore holds them: the first ending just after ``cut_at``, the second
    starting at ``next_from`` (overlapping the first) or where the first ends."""
    from engine.index.schema import ChunkRecord

    cut = doc.index(cut_at) + len(cut_at)
    at = doc.index(next_from) if next_from else cut
    kind = "code" if path.endswith((".py", ".rs")) else "text"

    def rec(i, a, b):
        first, last = doc.count("\n", 0, a) + 1, doc.count("\n", 0, b) + 1
        return ChunkRecord(i, None, first, last, a, b, 5, "", doc[a:b], id=i + 1, path=path, file_type=kind)

    cur, nxt = rec(0, 0, cut), rec(1, at, len(doc))

    class Store:
        def adjacent_chunks(self, ids):
            return {1: (None, cur, nxt)}

    return Store(), cur


RUST = (
    "//! Heating schedule for the house.\n"
    "//!\n"
    "//! 4. The day's plan, with\n"
    "//!    pre-heat, so the house is warm at the start of a period, not half an\n"
    "//!    hour into it.\n"
    "\n"
    "/// What the house is held at in Away mode: low, but well above frost level\n"
    "/// so the back bedroom doesn't get damp.\n"
    "pub const AWAY_SETPOINT_C: f32 = 12.0;\n"
)


def test_a_comments_sentence_cut_at_a_chunks_line_is_taken_whole():
    """In source code a passage's unit is the line, but a comment's sentence runs over the comment's lines: a chunk
    ending "... not half an" takes "hour into it." from the next chunk, and one opening "so the back bedroom ..."
    takes back the comment line its sentence starts on. A line of code is never taken for it."""
    store, cur = _cut_after(RUST, "not half an", "/src/schedule.rs")
    after = whole_sentences(store, [cur])[0]
    assert after.text.endswith("not half an\n//!    hour into it.") and after.line_end == 5
    store, cur = _cut_after(RUST, "frost level\n", "/src/schedule.rs", next_from="/// so the back")
    nxt = store.adjacent_chunks([1])[1][2]

    class Back:  # the chunk that opens inside the comment, with the one before it
        def adjacent_chunks(self, ids):
            return {2: (cur, nxt, None)}

    back = whole_sentences(Back(), [nxt])[0]
    assert back.text.startswith("/// What the house is held at in Away mode") and back.line_start == 7
    code = "    x = 1  # no sentence\n    y = 2\n"
    store, cur = _cut_after(code, "# no sentence", "/src/limits.py")
    assert whole_sentences(store, [cur])[0].text == cur.text  # the next line is code


def test_a_rust_inner_doc_comments_mark_ends_no_sentence_and_its_list_items_are_items():
    pieces = [RUST[a:b] for a, b in segments(RUST)]
    assert pieces[0] == "//! Heating schedule for the house."
    assert any(p.startswith("//! 4. The day's plan, with\n") and p.endswith("hour into it.") for p in pieces)
    assert (
        "/// What the house is held at in Away mode: low, but well above frost level\n/// so the back" in RUST
    )
    doc = "/// Returns:\n/// - the plan\n/// - its reason\n"
    assert [doc[a:b] for a, b in segments(doc)] == ["/// Returns:", "/// - the plan", "/// - its reason"]


def test_a_passage_ending_with_an_introduction_takes_the_display_it_introduces():
    """A chunk often ends just after "... to get better compression, do:" or "You can test a build by running",
    and the command they lead to is in the next chunk: the passage takes that display, so an answer can show it.
    Prose after a word that leads on, a long block, and source code are not taken."""
    man = (
        "       If you want to recompress concatenated files to get better compression,\n       do:\n\n"
        "             gzip -cd old.gz | gzip > new.gz\n\n       If a compressed file consists of several members.\n"
    )
    store, cur = _cut_after(man, "do:", "/d/gzip.1.txt", next_from="If you want")
    out = whole_sentences(store, [cur])[0]
    assert out.text.endswith("do:\n\n             gzip -cd old.gz | gzip > new.gz")
    assert out.line_end == 4 and man[out.char_start : out.char_end] == out.text
    pdf = "3.2 Checking the build\n\nYou can test a build by running\n\nmake check\n\nThe recommended packages.\n"
    store, cur = _cut_after(pdf, "by running", "/d/R-admin.txt")
    assert whole_sentences(store, [cur])[0].text.endswith("by running\n\nmake check")
    for doc, cut in (
        ("It is used as\n\nThe next paragraph is prose.\n", "used as"),  # a sentence, not a display
        ("Set these:\n\n" + "x = 1; " * 40 + "\n\nMore.\n", "these:"),  # too long to be one display
    ):
        store, cur = _cut_after(doc, cut, "/d/notes.txt")
        assert whole_sentences(store, [cur])[0] is cur, doc
    store, cur = _cut_after("def f():\n\n    return 1\n", "f():", "/d/f.py")
    assert whole_sentences(store, [cur])[0] is cur


def test_a_passage_takes_the_sentence_after_it_that_carries_it_on():
    """A chunk that ends on the problem ("... using an SSH key.") takes the next sentence when it names it ("To
    prevent even this possibility ...") or qualifies it ("However, ...", "Note that ..."), in the same paragraph."""
    doc = (
        "The user might still be able to access the system using an SSH key. To prevent even this possibility you "
        "have to expire the account as well using usermod -e 1 user. Groups are kept in /etc/group.\n"
    )
    store, cur = _cut_after(doc, "SSH key.", "/d/accounts.txt", next_from="The user")
    assert whole_sentences(store, [cur])[0].text.endswith("usermod -e 1 user.")
    for doc, cut in (
        ("Readline is needed. Note that the headers are needed too: install libreadline-dev.\n", "needed."),
        ("Arrays are not supported. However, structures can emulate them.\n", "supported."),
    ):
        store, cur = _cut_after(doc, cut, "/d/notes.txt")
        assert whole_sentences(store, [cur])[0].text == doc.strip(), doc
    for doc, cut in (
        ("The user can log in. Groups are kept in /etc/group.\n", "log in."),  # a sentence that only follows
        ("The user can log in.\n\nTo prevent this, expire the account.\n", "log in."),  # another paragraph
    ):
        store, cur = _cut_after(doc, cut, "/d/notes.txt")
        assert whole_sentences(store, [cur])[0] is cur, doc


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
