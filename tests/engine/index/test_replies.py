"""A mail reply's quoted messages (engine.index.readers.replies): without their "> " marks, each under the line that
says whose it is, read through the real e-mail reader."""

import re
from email.message import EmailMessage
from pathlib import Path

from engine.index.extraction import extract
from engine.index.readers.replies import reply_sections

REPLY = """Hi all,

Quick update: the barbecue has moved to Sunday 20 June, same time.

Ann

On Fri, 4 Jun 2027 at 18:30, Bob Grant <bob@example.org> wrote:
> Great, I'll bring the big grill. Should we ask people to bring
> their own chairs this year?
>
> On Thu, 3 Jun 2027 at 10:02, Ann Lee <
> ann@example.org> wrote:
> > The summer barbecue is on Saturday 19 June at 1pm. Tickets are £8 for adults and children
> > go free.
"""


def _page(body: str):
    msg = EmailMessage()
    msg["From"] = "Ann Lee <ann@example.org>"
    msg["Subject"] = "Re: Summer barbecue"
    msg.set_content(body)
    return extract(Path("re.eml"), msg.as_bytes()).pages[0]


def test_quotes_lose_their_marks_and_sit_under_their_attribution():
    page = _page(REPLY)
    blocks = [(page.text[b.start : b.end], b.heading_level) for b in page.blocks]
    assert ">" not in re.sub(r"<\s*\w+@example\.org>", "", page.text)
    assert ("On Fri, 4 Jun 2027 at 18:30, Bob Grant <bob@example.org> wrote:", 2) in blocks
    # the attribution a mail program wrapped over two lines is one heading again
    assert ("On Thu, 3 Jun 2027 at 10:02, Ann Lee < ann@example.org> wrote:", 2) in blocks
    # a sentence over two quoted lines reads as one, without the marks
    assert (
        "The summer barbecue is on Saturday 19 June at 1pm. Tickets are £8 for adults and children\ngo free.",
        0,
    ) in (blocks)
    heads = [t for t, level in blocks if level == 2]
    assert heads.index("On Fri, 4 Jun 2027 at 18:30, Bob Grant <bob@example.org> wrote:") < 1


def test_a_body_that_quotes_nothing_is_left_as_it_is():
    body = "Dear Sam,\n\nThe plumber comes on Tuesday > 9am, I hope.\n"
    assert reply_sections(body) == [(body, 0)]


def test_text_between_quotes_is_the_senders_again():
    body = "On Mon, 1 Mar 2027, Bob <b@x.org> wrote:\n> Can you do Friday?\n\nYes, Friday is fine.\n> And lunch?\nNo.\n"
    sections = reply_sections(body, "Ann Lee")
    assert sections == [
        ("On Mon, 1 Mar 2027, Bob <b@x.org> wrote:", 2), ("Can you do Friday?", 0), ("Ann Lee replied:", 2),
        ("Yes, Friday is fine.", 0), ("On Mon, 1 Mar 2027, Bob <b@x.org> wrote:", 2), ("And lunch?", 0),
        ("Ann Lee replied:", 2), ("No.", 0),
    ]  # fmt: skip


def test_outlooks_original_message_line_heads_the_old_message():
    body = "Fine by me.\n\n-----Original Message-----\nFrom: Bob\nSent: Monday\n\nShall we meet at six?\n"
    sections = reply_sections(body, "Ann")
    assert sections[0] == ("Fine by me.", 0) and sections[1] == ("-----Original Message-----", 2)
    assert sections[-1][0].endswith("Shall we meet at six?")


def test_an_answer_says_whose_earlier_message_a_sentence_is_from():
    """The answer shows the newest text as it is and a quoted message's sentence under whose it is and when; the
    "On ... wrote:" lines are no answers of their own."""
    from engine.rag.extractive import extract_answer
    from engine.rag.sources import Source

    text = _page(REPLY).text
    src = Source(1, text, "/mail/re.eml", None, 1, text.count("\n") + 1)
    ans = extract_answer("When and where is the summer barbecue?", [src], None, max_sentences=5)
    shown = [s.text for s in ans.sentences]
    assert "Quick update: the barbecue has moved to Sunday 20 June, same time." in shown
    assert (
        "Ann Lee wrote earlier (Thu, 3 Jun 2027 at 10:02): The summer barbecue is on Saturday 19 June at 1pm."
        in (shown)
    ), shown
    assert not any("wrote:" in s for s in shown)
    # the same text in a notes file is no mail: no label
    notes = Source(1, text, "/notes/re.txt", None, 1, text.count("\n") + 1)
    plain = extract_answer("When and where is the summer barbecue?", [notes], None, max_sentences=5)
    assert not any("wrote earlier" in s.text for s in plain.sentences)


def test_a_signature_and_a_phones_sent_from_line_are_no_answers_but_a_sql_comment_is():
    from engine.rag.not_answers import not_an_answer

    assert not_an_answer("-- \nMark Ellison\nTreasurer, Kingsmere Rowing Club")
    assert not_an_answer("Sent from my iPhone")
    assert not not_an_answer("-- The tools table: one row per tool the library lends.")
    assert not not_an_answer("The Riverside refunded £250 of our £300 deposit.")
