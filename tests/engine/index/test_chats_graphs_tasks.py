"""A group's Messenger chat, a gardener's Roam graph and a couple's Google Tasks: Meta's JSON of a conversation read a
message a line with its escaped text read back as UTF-8, a Roam export read block by block under its pages, and a
Takeout Tasks.json read a task a chunk with its subtasks. Each is made here in its real on-disk form and read
through the indexer's own entry point; citations name the file's lines."""

from __future__ import annotations

import json

from engine.index.options import reader_tag
from tests.engine.index.reading_helpers import cited as _cited
from tests.engine.index.reading_helpers import line_of as _line_of
from tests.engine.index.reading_helpers import read_named as _read


def _meta(text: str) -> str:
    """Text as Meta writes it: its UTF-8 bytes each escaped as a Latin-1 code point."""
    return text.encode("utf-8").decode("latin-1")


MESSAGES = [
    {"sender_name": _meta("Siân Evans"), "timestamp_ms": 1772000000000,
     "content": _meta("I’ve booked the cottage in Abersoch, £640 for the weekend 😂"),
     "reactions": [{"reaction": _meta("❤"), "actor": "Tom Price"}], "is_geoblocked_for_viewer": False,
     "type": "Generic"},
    {"sender_name": "Tom Price", "timestamp_ms": 1772000600000, "content": "Shall we get the train?",
     "share": {"link": "https://trainline.example/x", "share_text": "Pwllheli trains"}, "type": "Share"},
    {"sender_name": "Tom Price", "timestamp_ms": 1772100000000, "content": "Tom started a call.",
     "call_duration": 725, "type": "Call"},
    {"sender_name": _meta("Siân Evans"), "timestamp_ms": 1772200000000,
     "photos": [{"uri": "messages/inbox/x/photos/1.jpg", "creation_timestamp": 1772200000}], "type": "Generic"},
]  # fmt: skip
CHAT = json.dumps(
    {"participants": [{"name": _meta("Siân Evans")}, {"name": "Tom Price"}], "messages": MESSAGES[::-1],
     "title": "Hen do 2027", "is_still_participant": True, "thread_path": "inbox/hendo_123", "magic_words": []},
    indent=2,
)  # fmt: skip

GRAPH = json.dumps(
    [{"title": "Seed order", "create-time": 1, "edit-time": 2, "children": [
        {"string": "Tomatoes", "uid": "aaaaaaaa1", "heading": 2, "children": [
            {"string": "{{[[TODO]]}} Order **Gardener's Delight** from [[Kings Seeds]] #veg", "uid": "aaaaaaaa2"},
            {"string": "price:: £2.95 a packet", "uid": "aaaaaaaa3"}]},
        {"string": "See ((aaaaaaaa2)) before March", "uid": "aaaaaaaa4"}]},
     {"title": "March 3rd, 2027", "children": [
        {"string": "{{[[DONE]]}} Sowed the #[[cherry tomatoes]] in the propagator", "uid": "bbbbbbbb1"}]}],
    indent=2,
)  # fmt: skip

TASKS = json.dumps(
    {"kind": "tasks#taskLists", "items": [{"kind": "tasks#taskList", "id": "L1", "title": "Wedding",
     "updated": "2027-03-01T10:00:00.000Z", "items": [
        {"kind": "tasks#task", "id": "t1", "title": "Book the photographer", "notes": "Priya recommends Ffion.",
         "status": "needsAction", "due": "2027-03-19T00:00:00.000Z", "position": "00000000000000000001"},
        {"kind": "tasks#task", "id": "t3", "title": "Order the cake", "status": "needsAction",
         "position": "00000000000000000002",
         "links": [{"type": "email", "description": "Cake quote", "link": "https://mail.google.com/x"}]},
        {"kind": "tasks#task", "id": "t2", "title": "Compare prices", "status": "completed",
         "completed": "2027-03-01T18:22:00.000Z", "parent": "t1", "position": "00000000000000000001"}]}]},
    indent=2,
)  # fmt: skip


def test_a_messenger_chat_reads_a_message_a_line_its_text_as_written(utc):
    doc = _read("message_1.json", CHAT)
    assert doc.file_type == "messages"
    page = doc.pages[0]
    assert page.text.split("\n") == [
        "Hen do 2027: a chat between Siân Evans, Tom Price.",
        # oldest first; Meta's escaped bytes read back as what was typed; a reaction with who
        "Wednesday 25 February 2026 06:13 Siân Evans: I’ve booked the cottage in Abersoch, £640 for the weekend 😂 "
        "(reactions: ❤ Tom Price)",
        "Wednesday 25 February 2026 06:23 Tom Price: Shall we get the train? (shared: https://trainline.example/x — "
        "Pwllheli trains)",
        "Thursday 26 February 2026 10:00 Tom Price: Tom started a call. (a call, 12 min 5 s)",
        "Friday 27 February 2026 13:46 Siân Evans: (a photo)",
    ]
    # the words at their "content" key (the message's first key is its sender)
    assert _cited(page, "I’ve booked")[0] == _line_of(CHAT, "I\\u00e2\\u0080\\u0099ve booked")
    assert (
        "messages" in reader_tag("code", ".json").decode()
        and "facebook" in reader_tag("code", ".json").decode()
    )


def test_a_roam_graph_reads_its_blocks_under_their_pages():
    doc = _read("Gardening.json", GRAPH)
    assert doc.file_type == "note"
    page = doc.pages[0]
    assert page.text.split("\n\n") == [
        "Seed order.",
        "Tomatoes",
        # a task, a link and bold as words, a tag at the end named after them, an attribute as "key: value"
        "To do: Order Gardener's Delight from Kings Seeds (tag: veg)",
        "price: £2.95 a packet",
        # a block reference as the words of the block it points at
        "See “To do: Order Gardener's Delight from Kings Seeds (tag: veg)” before March",
        "March 3rd, 2027 (daily note, Wednesday 3 March 2027).",  # a daily page's day in words
        "Done: Sowed the cherry tomatoes in the propagator",
    ]
    trails = dict((t, at) for at, t in page.trails)
    assert "Seed order › Tomatoes" in trails  # a heading's blocks under it
    assert _cited(page, "price: £2.95")[0] == _line_of(GRAPH, "price::")
    # each page starts a chunk (its title's block a record): no chunk runs on from one page into the next
    assert [page.text[b.start : b.end] for b in page.blocks if b.kind == "record"] == [
        "Seed order.",
        "March 3rd, 2027 (daily note, Wednesday 3 March 2027).",
    ]
    # an array of other objects stays code
    assert _read("list.json", '[{"title": "x", "string": "y"}]').file_type == "code"


def test_google_tasks_read_a_task_a_chunk_with_its_subtasks(utc):
    doc = _read("Tasks.json", TASKS)
    assert doc.file_type == "note"
    page = doc.pages[0]
    assert page.text.split("\n\n") == [
        "The task list Wedding: 3 tasks.",
        # the due day is the day itself (midnight UTC in the file); a task's subtasks named, then read after it
        "Book the photographer (Wedding): not done yet; due Friday 19 March 2027 (2027-03-19); its subtasks: Compare "
        "prices. Priya recommends Ffion.",
        "Compare prices, a subtask of Book the photographer (Wedding): done on Monday 1 March 2027 at 18:22 "
        "(2027-03-01).",
        "Order the cake (Wedding): not done yet. (made from email: Cake quote — https://mail.google.com/x)",
    ]
    assert {b.kind for b in page.blocks} == {"record"}  # a task a chunk of its own
    assert _cited(page, "Priya recommends")[0] == _line_of(TASKS, '"notes"')
    assert _cited(page, "Compare prices, a subtask")[0] == _line_of(TASKS, '"title": "Compare prices"')


def test_a_due_day_is_the_same_day_west_of_greenwich(time_zone):
    time_zone("America/Los_Angeles")
    text = _read("Tasks.json", TASKS).pages[0].text
    assert "due Friday 19 March 2027 (2027-03-19)" in text  # not Thursday 18 March in California
