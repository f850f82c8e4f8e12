"""Exports a person drags in whole, read in words through the real text reader: a bank statement as OFX
(engine.index.readers.statements, SGML and XML), a Slack workspace's export (engine.index.readers.slack, names from
its users.json) and a Google Keep note from Takeout (engine.index.readers.keep); each anchored to the file's lines;
files of other shapes read as before."""

import json
import time
from pathlib import Path

from engine.index.extraction import extract
from engine.index.options import reader_tag

OFX_SGML = """OFXHEADER:100\r
DATA:OFXSGML\r
VERSION:102\r
\r
<OFX>\r
<BANKMSGSRSV1>\r
<STMTTRNRS>\r
<STMTRS>\r
<CURDEF>GBP\r
<BANKACCTFROM>\r
<BANKID>404417\r
<ACCTID>40441731874052\r
<ACCTTYPE>CHECKING\r
</BANKACCTFROM>\r
<BANKTRANLIST>\r
<DTSTART>20270301\r
<DTEND>20270331\r
<STMTTRN>\r
<TRNTYPE>DIRECTDEBIT\r
<DTPOSTED>20270301\r
<TRNAMT>-985.40\r
<FITID>1\r
<NAME>LEEWOOD BS MORTGAGE\r
<MEMO>MORTGAGE ACC 40021876\r
</STMTTRN>\r
<STMTTRN>\r
<TRNTYPE>CREDIT\r
<DTPOSTED>20270311120000.000[0:GMT]\r
<TRNAMT>42.99\r
<FITID>2\r
<NAME>AMAZON MKTPLACE\r
<MEMO>REFUND CARD ENDING 4417\r
</STMTTRN>\r
<STMTTRN>\r
<TRNTYPE>ATM\r
<DTPOSTED>20270308\r
<TRNAMT>-60.00\r
<FITID>3\r
<NAME>LINK ATM HENLEAZE RD\r
</STMTTRN>\r
<STMTTRN>\r
<TRNTYPE>INT\r
<DTPOSTED>20270331\r
<TRNAMT>0.42\r
<FITID>4\r
<NAME>INTEREST\r
</STMTTRN>\r
</BANKTRANLIST>\r
<LEDGERBAL>\r
<BALAMT>3557.93\r
<DTASOF>20270331\r
</LEDGERBAL>\r
</STMTRS>\r
</STMTTRNRS>\r
</BANKMSGSRSV1>\r
</OFX>\r
"""

OFX_XML = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD</CURDEF>
<CCACCTFROM><ACCTID>4417</ACCTID></CCACCTFROM>
<BANKTRANLIST>
<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20270412</DTPOSTED><TRNAMT>-1234.5</TRNAMT><FITID>9</FITID>
<NAME>Smith &amp; Sons Roofing</NAME></STMTTRN>
<STMTTRN><TRNTYPE>POS</TRNTYPE><DTPOSTED>20270413</DTPOSTED><TRNAMT>-64.50</TRNAMT><FITID>10</FITID>
<NAME>CLARKS</NAME><MEMO>CARD PAYMENT</MEMO></STMTTRN>
</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>
"""


def _read(name: str, text: str, folder: Path | None = None):
    path = (folder / name) if folder else Path(name)
    doc = extract(path, text.encode())
    return doc.file_type, doc.pages[0]


def _lines_of(page, needle: str) -> tuple[int, int]:
    at = page.text.index(needle)
    return page.line_range(at, at + len(needle))


def test_a_bank_statement_reads_a_transaction_a_line_in_words():
    kind, page = _read("Statement_March.ofx", OFX_SGML)
    assert kind == "statement" and "<" not in page.text
    lines = page.text.split("\n")
    assert lines[0] == (
        "Current account 40441731874052 at bank 404417: statement from Monday 1 March 2027 to Wednesday 31 March "
        "2027, in GBP."
    )
    assert lines[1] == (
        "Monday 1 March 2027: £985.40 paid to LEEWOOD BS MORTGAGE by direct debit (MORTGAGE ACC 40021876)."
    )
    assert (
        lines[2] == "Thursday 11 March 2027: £42.99 received from AMAZON MKTPLACE (REFUND CARD ENDING 4417)."
    )
    assert lines[3] == "Monday 8 March 2027: £60.00 cash taken out at LINK ATM HENLEAZE RD."
    assert lines[4] == "Wednesday 31 March 2027: £0.42 interest paid in."
    assert lines[5] == "Balance on Wednesday 31 March 2027: £3,557.93."
    # each line cites its record's lines in the file: the mortgage's <STMTTRN> to its memo, the balance's block
    file_lines = OFX_SGML.split("\r\n")
    first = file_lines.index("<STMTTRN>") + 1
    assert _lines_of(page, lines[1]) == (first, first + 6)
    # an anchor's character is its place in the file, as every reader's is (what a chunk's char_start stores)
    assert page.locate(page.text.index(lines[1]))[1] == OFX_SGML.replace("\r\n", "\n").index("<STMTTRN>")
    assert _lines_of(page, lines[5])[0] == file_lines.index("<LEDGERBAL>") + 1
    assert page.trails == ((0, "Current account 40441731874052 (statement)"),)
    assert len(page.blocks) == len(lines)


def test_an_ofx_2_card_statement_in_xml_reads_the_same_way():
    kind, page = _read("card.qfx", OFX_XML)
    assert kind == "statement"
    assert page.text.split("\n") == [
        "Credit card 4417, in USD.",
        "Monday 12 April 2027: $1,234.50 paid to Smith & Sons Roofing.",
        "Tuesday 13 April 2027: $64.50 spent at CLARKS by card (CARD PAYMENT).",
    ]


QIF = """!Type:Bank
D01/03/2027
T-985.40
PLEEWOOD BS MORTGAGE
MMORTGAGE ACC 40021876
LHousing:Mortgage
^
D25/03/2027
T1,876.20
PHAYES AND FORD LTD
^
D26/03/2027
T-20.00
N104
PJ SMITH
LGarden
^
"""


def test_a_qif_file_reads_a_transaction_a_line_its_date_order_from_its_dates():
    kind, page = _read("Statement.qif", QIF)
    assert kind == "statement"
    # "25/03/2027" puts the day first, so "01/03/2027" is 1 March
    assert page.text.split("\n") == [
        "Monday 1 March 2027: 985.40 paid to LEEWOOD BS MORTGAGE (MORTGAGE ACC 40021876; category Housing:Mortgage).",
        "Thursday 25 March 2027: 1,876.20 received from HAYES AND FORD LTD.",
        "Friday 26 March 2027: 20.00 paid to J SMITH by cheque 104 (category Garden).",
    ]
    assert _lines_of(page, page.text.split("\n")[1]) == (8, 10)  # the record, from its date to its payee
    # Quicken's own dates, month first with a two-digit year
    _, page = _read("us.qif", "!Type:CCard\nD3/ 1'27\nT-12.50\nPCAFE\n^\n")
    assert page.text == "Monday 1 March 2027: 12.50 paid to CAFE."


def test_a_statement_with_no_transactions_is_read_as_its_text():
    _, page = _read("empty.ofx", "OFXHEADER:100\n\n<OFX>\n<SIGNONMSGSRSV1>\n</SIGNONMSGSRSV1>\n</OFX>\n")
    assert "<SIGNONMSGSRSV1>" in page.text


def _slack_export(root: Path) -> Path:
    users = [
        {"id": "U01", "name": "ben", "real_name": "Ben Marsh", "tz_offset": 0, "profile": {"display_name": "Ben"}},
        {"id": "U02", "name": "gwen", "real_name": "Gwen Lloyd", "tz_offset": 3600, "profile": {}},
    ]  # fmt: skip
    (root / "users.json").write_text(json.dumps(users, indent=4))
    (root / "rota").mkdir()
    return root / "rota" / "2027-03-04.json"


SLACK_DAY = [
    {"type": "message", "text": "Can anyone cover Saturday 13 March? Form: <https://x.example/swap|the swap form>",
     "user": "U01", "ts": "1804194757.000840", "thread_ts": "1804194757.000840",
     "reactions": [{"name": "+1", "users": ["U02"], "count": 1}],
     "files": [{"name": "rota.pdf", "title": "March rota"}]},
    {"type": "message", "text": "I&#39;ll do it <@U01> &amp; you take the 21st", "user": "U02",
     "ts": "1804195805.000877", "thread_ts": "1804194757.000840", "parent_user_id": "U01"},
    {"type": "message", "subtype": "channel_join", "text": "<@U02> has joined the channel", "user": "U02",
     "ts": "1804196000.000100"},
]  # fmt: skip


def test_a_slack_day_reads_a_message_a_line_with_names_links_threads_and_reactions(tmp_path):
    day = _slack_export(tmp_path)
    text = json.dumps(SLACK_DAY, indent=4)
    kind, page = _read(day.name, text, day.parent)
    assert kind == "messages"
    lines = page.text.split("\n")
    assert lines[0] == (
        "Thursday 4 March 2027 21:12 Ben Marsh: Can anyone cover Saturday 13 March? Form: the swap form "
        "(https://x.example/swap) (a file: March rota) (Reactions: :+1: from Gwen Lloyd)"
    )
    # Gwen's time in her own time zone (UTC+1); a reply names the start of the message it answers
    assert lines[1] == (
        "Thursday 4 March 2027 22:30 Gwen Lloyd: I'll do it @Ben Marsh & you take the 21st (In reply to Ben Marsh: "
        '"Can anyone cover Saturday 13 March…")'
    )
    assert lines[2].endswith("Gwen Lloyd joined #rota.")
    assert page.trails == ((0, "#rota (Slack channel)"),)
    # each message cites its own object's lines in the file
    second = text.index('"text": "I&#39;ll')
    assert _lines_of(page, "I'll do it")[0] == text[:second].count("\n") + 1


def test_json_arrays_that_are_not_a_slack_day_stay_code(tmp_path):
    day = _slack_export(tmp_path)
    kind, _ = _read("2027-03-04.json", json.dumps([{"ts": 1, "value": 3}]), day.parent)
    assert kind == "code"
    kind, _ = _read("points.json", json.dumps(SLACK_DAY), day.parent)  # not a day's file name
    assert kind == "code"


def test_a_keep_note_from_takeout_reads_as_the_note():
    note = {"color": "DEFAULT", "isTrashed": False, "isPinned": True, "isArchived": False,
            "listContent": [{"text": "Oat milk x2", "isChecked": False}, {"text": "Cheddar", "isChecked": True}],
            "title": "Weekly shop", "userEditedTimestampUsec": 1805479435262485,
            "createdTimestampUsec": 1791710077640059, "labels": [{"name": "Shopping"}]}  # fmt: skip
    kind, page = _read("Weekly shop.json", json.dumps(note, separators=(",", ":")))
    assert kind == "note"
    lines = page.text.split("\n\n")
    assert lines[:4] == ["Weekly shop", "☐ Oat milk x2", "☑ Cheddar", "Labels: Shopping"]
    assert lines[4].startswith("Pinned. Edited Friday 19 March 2027")
    assert len(page.blocks) == 5
    assert page.trails == ((0, "Weekly shop"),)  # every passage of the note is read under its title
    assert page.line_range(0, len(page.text)) == (1, 1)
    kind, _ = _read("settings.json", json.dumps({"textContent": "x", "theme": "dark"}))
    assert kind == "code"


def test_a_new_reader_reads_an_indexed_file_again():
    assert b"slack1" in reader_tag("code", ".json") and b"keep2" in reader_tag("code", ".json")
    assert reader_tag("code", ".py") == b":code-3"  # a Slack reader's new version reads no Python again
    assert reader_tag("statement") == b":statement-1"


def test_an_answer_from_a_statement_is_a_transaction_in_words():
    from engine.rag.extractive import extract_answer
    from engine.rag.sources import Source, read_type

    _, page = _read("Statement_March.ofx", OFX_SGML)
    src = Source(1, page.text, "/bank/Statement_March.ofx", None, 1, 60, file_type="statement")
    assert read_type(src) == "statement"
    ans = extract_answer("How much did Amazon refund us?", [src], None, max_sentences=1)
    assert ans.sentences and "£42.99" in ans.text and "`" not in ans.text


def test_broken_exports_are_read_as_their_text_never_lost(tmp_path):
    # a statement cut off mid-record still reads what it holds; tags with no values read as text
    kind, page = _read("cut.ofx", OFX_SGML[: OFX_SGML.index("<STMTTRN>\r\n<TRNTYPE>CREDIT")])
    assert kind == "statement" and "£985.40 paid to LEEWOOD BS MORTGAGE" in page.text
    kind, page = _read("junk.ofx", "OFXHEADER:100\n<OFX><STMTTRN><TRNAMT>lots</STMTTRN></OFX>")
    assert "lots" in page.text
    # a Slack day file cut short, or with no message in it, is JSON code as before
    day = _slack_export(tmp_path)
    text = json.dumps(SLACK_DAY, indent=4)
    assert _read(day.name, text[: len(text) // 2], day.parent)[0] == "code"
    assert _read(day.name, json.dumps([{"type": "file", "ts": "1"}]), day.parent)[0] == "code"
    # a Keep note's JSON that does not parse; a time stamp out of range
    assert _read("Bins.json", '{"textContent": "x", "userEditedTimestampUsec": 1')[0] == "code"
    kind, page = _read("Bins.json", '{"textContent": "Bins out on Tuesday", "userEditedTimestampUsec": 1e30}')
    assert kind == "note" and page.text == "Bins out on Tuesday"
    odd = [{**SLACK_DAY[0], "ts": "1e30"}, {**SLACK_DAY[1], "ts": "soon"}]
    kind, page = _read(day.name, json.dumps(odd, indent=4), day.parent)
    assert kind == "messages" and page.text.startswith("1e30 Ben Marsh: Can anyone cover")


def test_a_slack_exports_direct_and_private_messages_are_titled_from_its_lists(tmp_path):
    _slack_export(tmp_path)
    (tmp_path / "dms.json").write_text(json.dumps([{"id": "D07AB", "members": ["U01", "U02"]}]))
    (tmp_path / "groups.json").write_text(json.dumps([{"id": "G01", "name": "managers"}]))
    day = json.dumps(SLACK_DAY[:1], indent=4)
    for folder, title in (("D07AB", "Direct messages: Ben Marsh and Gwen Lloyd (Slack)"),
                          ("managers", "#managers (private Slack channel)"), ("rota", "#rota (Slack channel)")):  # fmt: skip
        (tmp_path / folder).mkdir(exist_ok=True)
        _, page = _read("2027-03-04.json", day, tmp_path / folder)
        assert page.trails == ((0, title),)


def _node(node_id, parent, children, role=None, text=None, when=None, **extra):
    message = None
    if role is not None:
        message = {"id": node_id, "author": {"role": role, "name": None, "metadata": {}}, "create_time": when,
                   "content": {"content_type": "text", "parts": [text]}, "metadata": extra.pop("metadata", {}),
                   "recipient": extra.pop("recipient", "all")}  # fmt: skip
    return node_id, {"id": node_id, "message": message, "parent": parent, "children": children}


def _chatgpt_export() -> str:
    """A ChatGPT export's conversations.json of one chat whose reply was regenerated (the kept branch, "r2", is the
    one current_node ends), with a hidden system message and a tool call; one line, as the export writes it."""
    t = 1806744129.0  # Saturday 3 April 2027, 09:22 UTC
    nodes = dict([
        _node("root", None, ["sys"]),
        _node("sys", "root", ["q1"], "system", "", metadata={"is_visually_hidden_from_conversation": True}),
        _node("q1", "sys", ["r1", "r2"], "user", "How long should I **bulk ferment** at 18°C?", t),
        _node("r1", "q1", [], "assistant", "About 4 hours.", t + 60),
        _node("r2", "q1", ["tool"], "assistant",
              "### In a cold kitchen\nBulk by rise, not by the clock: **7 to 9 hours** at 18°C.\n\n"
              "| Temp | Bulk |\n|---|---|\n| 18°C | 7-9 h |\n\n- Use [rice flour](https://example.com/rice) "
              "in the banneton\n---\nGood luck!", t + 120),
        _node("tool", "r2", ["q2"], "assistant", "search(\"bulk\")", t + 130, recipient="browser"),
        _node("q2", "tool", [], "user", "Thanks!", t + 300),
    ])  # fmt: skip
    chat = {"title": "Dense sourdough", "create_time": t, "update_time": t + 300, "mapping": nodes,
            "current_node": "q2", "conversation_id": "c1", "id": "c1"}  # fmt: skip
    return json.dumps([chat])


def test_a_chatgpt_export_reads_the_branch_each_chat_shows(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    try:
        text = _chatgpt_export()
        kind, page = _read("conversations.json", text)
    finally:
        monkeypatch.undo()
        time.tzset()
    assert kind == "messages"
    paragraphs = page.text.split("\n\n")
    assert (
        paragraphs
        == [
            "Saturday 3 April 2027 09:22 You: How long should I bulk ferment at 18°C?",
            "Saturday 3 April 2027 09:24 ChatGPT: In a cold kitchen",
            "Bulk by rise, not by the clock: 7 to 9 hours at 18°C.",
            "Temp | Bulk",
            "18°C | 7-9 h",
            "- Use rice flour (https://example.com/rice) in the banneton",
            "Good luck!",
            "Saturday 3 April 2027 09:27 You: Thanks!",
        ]
    )  # the regenerated reply it replaced ("About 4 hours."), the system prompt and the tool call are not read
    assert page.trails == ((0, "Dense sourdough (ChatGPT conversation, Saturday 3 April 2027)"),)
    at = text.index('"r2": {')  # each paragraph of a reply opens at its message in the file (one line)
    assert page.locate(page.text.index("Bulk by rise")) == (1, at)
    assert len(page.blocks) == len(paragraphs)


def test_json_that_is_no_chatgpt_export_is_read_as_code():
    kind, _ = _read("data.json", json.dumps([{"mapping": {"a": 1}, "title": "x"}]))
    assert kind == "code"
    kind, _ = _read("conversations.json", _chatgpt_export()[:-40])  # cut short: its text, never lost
    assert kind == "code"
    one = _chatgpt_export()[1:-1]
    kind, page = _read("conversations.json", f"[{one}, {one}]")
    assert kind == "messages" and page.text.count("Thanks!") == 2
    kind, _ = _read("conversations.json", f"[{one}, {one}]"[:-40])  # a whole first chat, the second cut: code
    assert kind == "code"
    kind, _ = _read("conversations.json", _chatgpt_export() + "\n{garbage")  # trailed by more: code
    assert kind == "code"
    assert b"chatgpt2" in reader_tag("code", ".json")
