"""TaskPaper documents: projects as headings, a task a block, its tags read in words, and answers that say whether a
task is done."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.encoders import default_embedder_path, load_embedder
from engine.index import extract, file_type_for
from engine.index.taskpaper import task_words
from engine.rag.extractive import extract_answer
from engine.rag.prompt import Source

LIST = (
    "Cottage:\n"
    "\t- Fix the garden gate @due(2027-06-14) @flag\n"
    "\t- Ring Hollins the plumber about the outside tap @done(2027-05-02)\n"
    "\t\tHe can come on a Tuesday morning; bring the spare washer.\n"
    "\t- Buy two bags of lime mortar @context(errands)\n"
    "\tBathroom: @waiting\n"
    "\t\t- Choose the tiles with Jo @due(2027-07-01 10:30)\n"
    "Allotment:\n"
    "- Sow the runner beans @done\n"
    "- Net the brassicas\n"
    "Fees are due by the end of May. The committee meets monthly.\n"
)


@pytest.fixture(scope="module")
def embedder():
    return load_embedder(default_embedder_path())


def _blocks(text: str) -> list[tuple[str, int]]:
    doc = extract(Path("/n/jobs.taskpaper"), text.encode())
    page = doc.pages[0]
    assert doc.file_type == "text" and page.text == text  # the file's own text: every line keeps its number
    return [(page.text[b.start : b.end], b.heading_level) for b in page.blocks]


def test_projects_are_headings_and_each_task_a_block_of_its_own():
    assert file_type_for(Path("Jobs.TaskPaper")) == "text"
    assert _blocks(LIST) == [
        ("Cottage:", 1),
        ("- Fix the garden gate @due(2027-06-14) @flag", 0),
        ("- Ring Hollins the plumber about the outside tap @done(2027-05-02)", 0),
        ("He can come on a Tuesday morning; bring the spare washer.", 0),
        ("- Buy two bags of lime mortar @context(errands)", 0),
        ("Bathroom: @waiting", 2),
        ("- Choose the tiles with Jo @due(2027-07-01 10:30)", 0),
        ("Allotment:", 1),
        ("- Sow the runner beans @done", 0),
        ("- Net the brassicas", 0),
        ("Fees are due by the end of May. The committee meets monthly.", 0),
    ]


def test_the_same_list_in_a_text_file_is_read_as_paragraphs():
    """Only a .taskpaper file is read as one: a note's "Shopping:" line in a .txt stays plain text."""
    page = extract(Path("/n/jobs.txt"), LIST.encode()).pages[0]
    assert all(b.heading_level == 0 for b in page.blocks)


def test_a_note_of_several_lines_is_one_paragraph_and_a_blank_line_ends_it():
    text = (
        "Trip:\n\tThe ferry leaves at 9.\n\tCheck in an hour before.\n\n\tParking is on the quay.\n- Pack\n"
    )
    assert _blocks(text) == [
        ("Trip:", 1),
        ("The ferry leaves at 9.\n\tCheck in an hour before.", 0),
        ("Parking is on the quay.", 0),
        ("- Pack", 0),
    ]


@pytest.mark.parametrize(
    ("item", "task", "words"),
    [
        ("Fix the gate @due(2027-06-14) @flag", True, "still to do: Fix the gate (due Monday 14 June 2027; flagged)"),
        ("Call Hollins @done(2027-05-02)", True, "done: Call Hollins (on Sunday 2 May 2027)"),
        ("Call Hollins @done", True, "done: Call Hollins"),
        ("Tiles @due(2027-07-01 10:30) @context(shop)", True,
         "still to do: Tiles (due Thursday 1 July 2027 10:30; context: shop)"),
        ("Tiles @due(next week)", True, "still to do: Tiles (due next week)"),
        ("Tiles @due(2027-02-30)", True, "still to do: Tiles (due 2027-02-30)"),  # no such day: as written
        ("Email bob@example.org", True, "still to do: Email bob@example.org"),  # an address is no tag
        ("Meet at the hall @start(2027-05-03)", False, "Meet at the hall (starts Monday 3 May 2027)"),
        ("A note with no tags", False, "A note with no tags"),
        ("Kitchen: @done(2027-04-30)", False, "Kitchen: (done on Friday 30 April 2027)"),
        ("Kitchen: @done", False, "Kitchen: (done)"),
    ],
)  # fmt: skip
def test_a_task_reads_in_words(item, task, words):
    assert task_words(item, task) == words


def test_an_answer_says_which_tasks_are_still_to_do_and_when_one_was_done(embedder):
    source = Source(1, LIST, "/n/jobs.taskpaper", line_start=1, line_end=12)
    ex = extract_answer("What is still to do at the cottage?", (source,), embedder)
    shown = [s.text for s in ex.sentences]
    assert "still to do: Fix the garden gate (due Monday 14 June 2027; flagged)" in shown
    assert not any("@" in s for s in shown)  # tags in words, never TaskPaper's marks
    ex = extract_answer("When did I ring the plumber about the outside tap?", (source,), embedder)
    rang = next(s for s in ex.sentences if "Hollins" in s.text)
    # the task with its note under it (the note's line indented deeper), the date it was done in words
    assert rang.text == (
        "done: Ring Hollins the plumber about the outside tap (on Sunday 2 May 2027) He can come on a Tuesday "
        "morning; bring the spare washer."
    )
    assert (rang.line_start, rang.line_end) == (3, 4)
    # a one-word task is an answer too; no task runs on into the next item or project
    ex = extract_answer("What's left to do on the allotment?", (source,), embedder)
    shown = [s.text for s in ex.sentences]
    assert "still to do: Net the brassicas" in shown
    assert "still to do: Buy two bags of lime mortar (context: errands)" in shown


def test_a_project_is_shown_with_its_tasks_as_a_list(embedder):
    source = Source(1, LIST, "/n/jobs.taskpaper", line_start=1, line_end=12)
    ex = extract_answer("What's on the bathroom list?", (source,), embedder)
    assert "Bathroom: (waiting) - still to do: Choose the tiles with Jo (due Thursday 1 July 2027 10:30)" in [
        s.text for s in ex.sentences
    ]


def test_a_task_in_lower_case_is_shown_whole(embedder):
    """A task's words open after its tabs and "- ": "- pay the campsite balance" is no sentence cut short ("…")."""
    text = "Holiday:\n\t- pay the campsite balance @due(2027-07-01)\n\t- find someone to feed the cat @flag\n"
    ex = extract_answer("What still needs doing before the holiday?",
                        (Source(1, text, "/n/h.taskpaper", line_start=1, line_end=3),), embedder)  # fmt: skip
    assert "still to do: pay the campsite balance (due Thursday 1 July 2027)" in [
        s.text for s in ex.sentences
    ]
    assert "…" not in ex.text
