"""A chat's or a phone's messages (engine.index.readers.messages): a Telegram Desktop chat export (.json) and SMS
Backup & Restore's XML (messages with an MMS, calls) read a message a line, anchored to the message's lines in the
file, through the real text reader; JSON and XML of other shapes stay code; Joplin's RAW export (engine.index.joplin)
without its properties."""

import json
from pathlib import Path

from engine.index.extraction import extract


def _telegram() -> str:
    messages = [
        {"id": 1, "type": "service", "date": "2027-05-02T18:00:03", "date_unixtime": "1809363603",
         "actor": "Nadia Brook", "actor_id": "user101", "action": "create_group", "title": "Wyedale Wheelers",
         "members": ["Nadia Brook", "Owen Pike"], "text": "", "text_entities": []},
        {"id": 2, "type": "message", "date": "2027-05-02T18:04:41", "date_unixtime": "1809363881",
         "from": "Nadia Brook", "from_id": "user101",
         "text": ["Sunday's loop is ", {"type": "bold", "text": "62 km"}, ", coffee stop at the mill."],
         "text_entities": [{"type": "plain", "text": "Sunday's loop is "}, {"type": "bold", "text": "62 km"},
                           {"type": "plain", "text": ", coffee stop at the mill."}]},
        {"id": 3, "type": "message", "date": "2027-05-02T18:06:10", "date_unixtime": "1809363970",
         "edited": "2027-05-02T18:07:00", "from": "Owen Pike", "from_id": "user102", "reply_to_message_id": 2,
         "text": "Can we start at 8:30 instead of 9?", "text_entities": []},
        {"id": 4, "type": "message", "date": "2027-05-02T18:10:00", "date_unixtime": "1809364200",
         "from": "Nadia Brook", "from_id": "user101",
         "poll": {"question": "Start time?", "closed": False, "total_voters": 3,
                  "answers": [{"text": "8:30", "voters": 2, "chosen": False},
                              {"text": "9:00", "voters": 1, "chosen": True}]},
         "text": "", "text_entities": []},
        {"id": 5, "type": "service", "date": "2027-05-02T18:12:00", "date_unixtime": "1809364320",
         "actor": "Nadia Brook", "actor_id": "user101", "action": "pin_message", "message_id": 2, "text": "",
         "text_entities": []},
        {"id": 6, "type": "message", "date": "2027-05-03T07:15:00", "date_unixtime": "1809407700",
         "from": "Owen Pike", "from_id": "user102", "photo": "photos/photo_1.jpg", "width": 1280, "height": 960,
         "text": "Puncture kit packed.", "text_entities": []},
    ]  # fmt: skip
    return json.dumps({"name": "Wyedale Wheelers", "type": "private_group", "id": 4400,
                       "messages": messages}, ensure_ascii=False, indent=1)  # fmt: skip


SMS = """<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
<!--File Created By SMS Backup & Restore v10.20.002 on 02/04/2027 18:30:15-->
<?xml-stylesheet type="text/xsl" href="sms.xsl"?>
<smses count="3" backup_set="5a1f" backup_date="1806600615000" type="full">
  <sms protocol="0" address="07700900123" date="1805013000000" type="1" subject="null" body="Reminder: your check-up with Dr Lee is on Tue 16 Mar at 14:20. Reply C to cancel." toa="null" sc_toa="null" service_center="null" read="1" status="-1" locked="0" date_sent="1805012999000" sub_id="1" readable_date="14 Mar 2027 09:30:00" contact_name="Castle Dental" />
  <sms protocol="0" address="07700900456" date="1805020000000" type="2" subject="null" body="Running late, there by 7 &amp; I&apos;ll bring the cake" toa="null" sc_toa="null" service_center="null" read="1" status="-1" locked="0" date_sent="0" sub_id="1" readable_date="14 Mar 2027 11:26:40" contact_name="Mum" />
  <mms date="1805030000000" rr="null" sub="null" ct_t="application/vnd.wap.multipart.related" read_status="null" seen="1" msg_box="1" address="07700900456~07700900789" sub_cs="null" resp_st="null" retr_st="null" d_tm="null" text_only="1" exp="null" locked="0" m_id="null" st="null" retr_txt_cs="null" retr_txt="null" creator="null" date_sent="0" read="1" m_size="null" rpt_a="null" ct_cls="null" pri="null" sub_id="1" tr_id="null" resp_txt="null" ct_l="null" m_cls="null" d_rpt="null" v="18" _id="12" m_type="132" readable_date="14 Mar 2027 14:13:20" contact_name="Mum, Gran">
    <parts>
      <part seq="0" ct="text/plain" name="null" chset="106" cd="null" fn="null" cid="null" cl="null" ctt_s="null" ctt_t="null" text="Gran says the party starts at 4 now" />
    </parts>
    <addrs>
      <addr address="07700900789" type="137" charset="106" />
      <addr address="07700900456" type="151" charset="106" />
    </addrs>
  </mms>
</smses>"""

CALLS = """<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
<calls count="2" backup_set="5a1f" backup_date="1806600615000" type="full">
  <call number="07700900123" duration="0" date="1805013000000" type="3" presentation="1" subscription_id="1" post_dial_digits="" subscription_component_name="null" readable_date="14 Mar 2027 09:30:00" contact_name="Castle Dental" />
  <call number="07700900456" duration="194" date="1805020000000" type="2" presentation="1" readable_date="14 Mar 2027 11:26:40" contact_name="Mum" />
</calls>"""


def _read(name: str, text: str):
    doc = extract(Path(name), text.encode())
    return doc.file_type, doc.pages[0]


def _lines_of(page, needle: str) -> tuple[int, int]:
    at = page.text.index(needle)
    return page.line_range(at, at + len(needle))


def test_a_telegram_export_is_read_a_message_a_line_with_replies_polls_and_pins():
    raw = _telegram()
    kind, page = _read("result.json", raw)
    assert kind == "messages"
    lines = page.text.split("\n")
    assert (
        lines[0]
        == "Sunday 2 May 2027 18:00 Nadia Brook created the group Wyedale Wheelers with Nadia Brook, Owen Pike."
    )
    assert lines[1] == "Sunday 2 May 2027 18:04 Nadia Brook: Sunday's loop is 62 km, coffee stop at the mill."
    assert lines[2] == (
        "Sunday 2 May 2027 18:06 Owen Pike: Can we start at 8:30 instead of 9? (In reply to Nadia Brook: \"Sunday's loop "
        'is 62 km, coffee stop at the mill.")'
    )
    assert (
        lines[3]
        == "Sunday 2 May 2027 18:10 Nadia Brook: Poll: Start time? Answers: 8:30 (2 votes), 9:00 (1 vote)."
    )
    assert lines[4].startswith("Sunday 2 May 2027 18:12 Nadia Brook pinned a message: \"Sunday's loop")
    assert lines[5] == "Monday 3 May 2027 07:15 Owen Pike: Puncture kit packed. (a photo)"
    from engine.index.readers.messages import short_quote as _short

    # a reply's note quotes one sentence at most, so it holds no sentence's end but its own
    assert _short("Hi everyone! Looking forward to tomorrow.") == "Hi everyone…"
    assert _short("Is there parking near the bandstand?") == "Is there parking near the bandstand?"
    assert '"date_unixtime"' not in page.text and page.trail_at(0) == "Wyedale Wheelers (chat)"
    # a message a block; its citation names its lines in the file: from its "id" to its "text"
    assert len(page.blocks) == 6
    first, last = _lines_of(page, lines[2])  # the message's whole line
    file_lines = raw.split("\n")
    assert file_lines[first - 1].strip() == "{" and '"id": 3' in file_lines[first]  # the object's "{"
    assert '"text": "Can we start' in file_lines[last - 1]
    assert _lines_of(page, "Monday 3 May 2027 07:15")[0] == next(
        i for i, ln in enumerate(file_lines) if '"id": 6' in ln
    )


def test_json_of_another_shape_stays_code():
    kind, page = _read("settings.json", '{"messages": [{"text": "hi"}], "theme": "dark"}\n')
    assert kind == "code" and '"theme"' in page.text
    kind, _ = _read("broken.json", _telegram()[:-40])
    assert kind == "code"


def test_a_phone_backup_reads_messages_their_way_and_the_other_side():
    kind, page = _read("sms-20270402183015.xml", SMS)
    assert kind == "messages"
    assert page.text.split("\n") == [
        "Sunday 14 March 2027 09:30 From Castle Dental (07700900123): Reminder: your check-up with Dr Lee is on Tue 16 Mar at "
        "14:20. Reply C to cancel.",
        "Sunday 14 March 2027 11:26 To Mum (07700900456): Running late, there by 7 & I'll bring the cake",
        "Sunday 14 March 2027 14:13 From 07700900789 in a group with Mum, Gran: Gran says the party starts at 4 now",
    ]
    assert len(page.blocks) == 3  # a message a block, however few (a chat export's text asks for five)
    assert _lines_of(page, "Running late") == (6, 6)
    first, last = _lines_of(page, page.text.split("\n")[2])
    assert (first, last) == (7, 9)  # the MMS's start and its text part
    kind, page = _read("calls-20270402183015.xml", CALLS)
    assert page.text.split("\n") == [
        "Sunday 14 March 2027 09:30 Missed call from Castle Dental (07700900123).",
        "Sunday 14 March 2027 11:26 Outgoing call to Mum (07700900456), 3 min 14 s.",
    ]


def test_an_answer_from_messages_is_words_not_markup():
    from engine.rag.extractive import extract_answer
    from engine.rag.sources import Source, read_type

    _, page = _read("sms-20270402183015.xml", SMS)
    src = Source(1, page.text, "/phone/sms-20270402183015.xml", None, 5, 16)
    assert read_type(src) == "text"
    ans = extract_answer("When is my dental check-up?", [src], None, max_sentences=1)
    assert "`" not in ans.text and "Tue 16 Mar at 14:20" in ans.text
    # the best sentences read on into their paragraph's next, but never into the next message
    chat = "Sun 14 Mar 2027 09:30 Ann Rowe: The cake is in the fridge.\nSun 14 Mar 2027 09:31 Tom Hale: Great, see you at four.\n"
    ans = extract_answer("Where is the cake?", [Source(1, chat, "/c/result.json", None, 3, 40, file_type="messages")],
                         None, max_sentences=1)  # fmt: skip
    assert [s.text for s in ans.sentences] == ["Sun 14 Mar 2027 09:30 Ann Rowe: The cake is in the fridge."]
    # a reply's note quotes another message: never a sentence of the answer on its own
    chat = (
        "Sun 2 May 2027 18:04 Nadia Brook: Sunday's loop is 62 km, coffee stop at the mill.\n"
        "Sun 2 May 2027 18:06 Owen Pike: Yes!! 🙌 (In reply to Nadia Brook: \"Sunday's loop is 62 km, coffee stop at "
        'the mill.")\n'
    )
    ans = extract_answer("How long is Sunday's loop?", [Source(1, chat, "/c/result.json", None, 3, 40,
                         file_type="messages")], None, max_sentences=3)  # fmt: skip
    assert ans.sentences and not any("(In reply to" in s.text and "Owen" not in s.text for s in ans.sentences)
    layout = Source(1, '<layout><button id="ok"/></layout>', "/a/layout.xml", None, 1, 1)
    assert read_type(layout) == "code"
    # the type the index stored decides, even for a passage that starts inside a message
    part = Source(
        1, "on Sundays. (In reply to Tom: ...)", "/chat/result.json", None, 9, 9, file_type="messages"
    )
    assert read_type(part) == "text"
    stamped = Source(1, 'Sun 2 May 2027 18:00 "level": 3', "/a/log.json", None, 1, 1, file_type="code")
    assert read_type(stamped) == "code"


JOPLIN_NOTE = """Glaze tests, March

Tested the **celadon** on the speckled clay: crazed at cone 6 (see [Kiln log](:/2c85e0f7a91d4b36c4e7a0b9d52f18e6)).

| glaze | cone | result |
| --- | --- | --- |
| celadon | 6 | crazed |

id: 3e7d0a5c9b214f86a2c8e1f4d7b05a69
parent_id: 0c7e5a92d3b14f6c8a21e9f40b6d3c55
created_time: 2027-03-02T10:15:33.120Z
updated_time: 2027-03-04T08:01:10.002Z
is_conflict: 0
latitude: 0.00000000
longitude: 0.00000000
altitude: 0.0000
author:
source_url:
is_todo: 0
todo_due: 0
todo_completed: 0
source: joplin-desktop
source_application: net.cozic.joplin-desktop
application_data:
order: 0
user_created_time: 2027-03-02T10:15:33.120Z
user_updated_time: 2027-03-04T08:01:10.002Z
encryption_cipher_text:
encryption_applied: 0
markup_language: 1
is_shared: 0
share_id:
conflict_original_id:
master_key_id:
user_data:
deleted_time: 0
type_: 1""".replace(":\n", ": \n")  # an empty value as Joplin writes it: "author: "

JOPLIN_LINK = """id: 58e6c4a2f0b947d1a3c9e5b7d0f2a4c6
note_id: 3e7d0a5c9b214f86a2c8e1f4d7b05a69
tag_id: 91c3e5a7b0d24f68a1e9c7b3d5f02a46
created_time: 2027-03-02T10:16:00.000Z
updated_time: 2027-03-02T10:16:00.000Z
user_created_time: 2027-03-02T10:16:00.000Z
user_updated_time: 2027-03-02T10:16:00.000Z
encryption_cipher_text:
encryption_applied: 0
is_shared: 0
type_: 6""".replace(":\n", ": \n")


def test_a_joplin_note_is_read_without_its_properties_under_its_title():
    kind, page = _read("3e7d0a5c9b214f86a2c8e1f4d7b05a69.md", JOPLIN_NOTE)
    assert kind == "markdown" and len(page.text) == len(JOPLIN_NOTE)
    assert page.text.count("\n") == JOPLIN_NOTE.count("\n")  # every line keeps its number
    for gone in ("parent_id", "latitude", "encryption_applied", "joplin-desktop", "type_"):
        assert gone not in page.text
    assert "created_time: 2027-03-02T10:15:33.120Z" in page.text  # when it was made, findable
    assert (
        " ".join(page.text.split("\n")[2].split())
        == "Tested the **celadon** on the speckled clay: crazed at cone 6 (see Kiln log)."
    )
    heading = page.blocks[0]
    assert heading.heading_level == 1 and page.text[heading.start : heading.end] == "Glaze tests, March"
    kind, page = _read("58e6c4a2f0b947d1a3c9e5b7d0f2a4c6.md", JOPLIN_LINK)
    assert "note_id" not in page.text and "tag_id" not in page.text
    # a Markdown note that only ends with a "type_:" line of its own is no Joplin item
    plain = "# Bikes\n\nThe frame is steel.\n\ntype_: 1\n"
    assert _read("bikes.md", plain)[1].text == plain


def test_a_whole_account_export_reads_every_chat_under_its_own_title():
    """Telegram Desktop's export of a whole account: "chats" and "left_chats" lists beside the account's contacts;
    each chat's messages are its own (their ids repeat from chat to chat), each line anchored in its own chat."""
    chat = json.loads(_telegram())
    other = {"name": "Owen Pike", "type": "personal_chat", "id": 102, "messages": [
        {"id": 2, "type": "message", "date": "2027-05-04T20:00:00", "date_unixtime": "1809547200",
         "from": "Owen Pike", "from_id": "user102", "text": "Spare tube is in your saddle bag.", "text_entities": []},
        {"id": 3, "type": "message", "date": "2027-05-04T20:01:00", "date_unixtime": "1809547260",
         "from": "Nadia Brook", "from_id": "user101", "reply_to_message_id": 2, "text": "Thanks!",
         "text_entities": []}]}  # fmt: skip
    saved = {"type": "saved_messages", "id": 101, "messages": [
        {"id": 1, "type": "message", "date": "2027-05-05T08:00:00", "date_unixtime": "1809590400",
         "from": "Nadia Brook", "from_id": "user101", "text": "Locker code 4471", "text_entities": []}]}  # fmt: skip
    account = {
        "about": "Here is the data you requested.",
        "personal_information": {"user_id": 101, "first_name": "Nadia", "last_name": "Brook"},
        "contacts": {"about": "Contacts", "list": [{"first_name": "Owen", "phone_number": "+44 7700 900102"}]},
        "chats": {"about": "This page lists all chats from this export.", "list": [chat, other, saved]},
        "left_chats": {"about": "Chats you left.", "list": [{"name": "Old club", "type": "public_supergroup",
                                                             "id": 7, "messages": []}]},
    }  # fmt: skip
    raw = json.dumps(account, ensure_ascii=False, indent=1)
    kind, page = _read("result.json", raw)
    assert kind == "messages"
    lines = page.text.split("\n")
    assert len(lines) == 6 + 2 + 1 and len(page.blocks) == 9 and '"personal_information"' not in page.text
    spare = page.text.index("Tuesday 4 May 2027 20:00 Owen Pike: Spare tube")
    assert page.trail_at(0) == "Wyedale Wheelers (chat)" and page.trail_at(spare) == "Owen Pike (chat)"
    assert page.trail_at(page.text.index("Locker code")) == "Saved Messages (chat)"
    # a reply answers the message of its own chat (id 2 there), not the group's id 2
    assert (
        lines[7]
        == 'Tuesday 4 May 2027 20:01 Nadia Brook: Thanks! (In reply to Owen Pike: "Spare tube is in your saddle bag.")'
    )
    file_lines = raw.split("\n")
    first, last = _lines_of(page, lines[7])
    assert file_lines[first - 1].strip() == "{" and '"id": 3' in file_lines[first]
    assert first > next(i for i, ln in enumerate(file_lines) if '"name": "Owen Pike"' in ln)
    assert '"text": "Thanks!"' in file_lines[last - 1]


def test_a_joplin_note_names_its_notebooks_and_tags_from_the_export(tmp_path):
    """The export keeps a note's notebook and tags in items of their own: they are read into the note, in place of
    its blanked property lines (every line keeps its number), so the note is found by them."""

    def item(title: str, id_: str, kind: int, **props: str) -> str:
        rows = [f"id: {id_}", *(f"{k}: {v}" for k, v in props.items()), f"type_: {kind}"]
        return (f"{title}\n\n" if title else "") + "\n".join(rows)

    studio, glazes, tag, other_tag = (
        "0" * 31 + "1",
        "0" * 31 + "2",
        "91c3e5a7b0d24f68a1e9c7b3d5f02a46",
        "0" * 31 + "9",
    )
    files = {
        studio: item("Studio", studio, 2, parent_id=""),
        glazes: item("Glazes", glazes, 2, parent_id=studio),
        tag: item("celadon", tag, 5),
        other_tag: item("firing", other_tag, 5),
        "58e6c4a2f0b947d1a3c9e5b7d0f2a4c6": JOPLIN_LINK,
        "0" * 31 + "5": item(
            "", "0" * 31 + "5", 6, note_id="3e7d0a5c9b214f86a2c8e1f4d7b05a69", tag_id=other_tag
        ),
        "0" * 31 + "6": item("", "0" * 31 + "6", 6, note_id="another" + "0" * 25, tag_id=other_tag),
    }
    for name, text in files.items():
        (tmp_path / f"{name}.md").write_text(text, encoding="utf-8")
    note = JOPLIN_NOTE.replace("parent_id: 0c7e5a92d3b14f6c8a21e9f40b6d3c55", f"parent_id: {glazes}")
    path = tmp_path / "3e7d0a5c9b214f86a2c8e1f4d7b05a69.md"
    path.write_text(note, encoding="utf-8")
    doc = extract(path, note.encode())
    page = doc.pages[0]
    assert page.text.count("\n") == note.count("\n")
    lines = page.text.split("\n")
    assert "Notebook: Studio › Glazes" in lines and "Tags: celadon, firing" in lines
    assert lines.index("Notebook: Studio › Glazes") > 6  # in the properties' place, after the body
    # a notebook's own file, a tag's and a link's name no notebook
    kind, page = _read(f"{glazes}.md", files[glazes])
    assert "Notebook" not in page.text
