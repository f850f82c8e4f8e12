"""A family's renovation board, a busy person's task list and a trip's mind map: a Trello board's JSON export read
card by card in words, a todo.txt list read a task a line in words, and a Freeplane map read a node a line under its
branch. Each is made here in its real on-disk form and read through the indexer's own entry point; citations name
the file's lines."""

from __future__ import annotations

from engine.index.options import reader_tag
from engine.rag.source_lines import _maybe_anchored
from tests.engine.index.reading_helpers import cited as _cited
from tests.engine.index.reading_helpers import line_of as _line_of
from tests.engine.index.reading_helpers import read_named as _read

BOARD = '{\n  "id": "b1",\n  "name": "Kitchen renovation",\n  "desc": "Everything for the **kitchen** job at 14 Elm Road.",\n  "closed": false,\n  "prefs": {\n    "background": "blue"\n  },\n  "labels": [\n    {\n      "id": "l1",\n      "idBoard": "b1",\n      "name": "Needs quote",\n      "color": "green"\n    },\n    {\n      "id": "l2",\n      "idBoard": "b1",\n      "name": "",\n      "color": "red"\n    }\n  ],\n  "actions": [\n    {\n      "id": "a3",\n      "idMemberCreator": "m1",\n      "type": "commentCard",\n      "date": "2027-03-02T18:22:00.000Z",\n      "data": {\n        "text": "Rang Wrights, they can fit on the 19th.",\n        "card": {\n          "id": "c1",\n          "name": "Order worktops"\n        },\n        "list": {\n          "id": "L2",\n          "name": "Doing"\n        }\n      },\n      "memberCreator": {\n        "id": "m1",\n        "fullName": "Jo Hart"\n      }\n    },\n    {\n      "id": "a2",\n      "idMemberCreator": "m2",\n      "type": "updateCard",\n      "date": "2027-03-01T09:00:00.000Z",\n      "data": {\n        "card": {\n          "id": "c1",\n          "name": "Order worktops"\n        },\n        "listBefore": {\n          "id": "L1",\n          "name": "To do"\n        },\n        "listAfter": {\n          "id": "L2",\n          "name": "Doing"\n        }\n      },\n      "memberCreator": {\n        "id": "m2",\n        "fullName": "Sam Hart"\n      }\n    },\n    {\n      "id": "a1",\n      "idMemberCreator": "m2",\n      "type": "createCard",\n      "date": "2027-02-20T09:00:00.000Z",\n      "data": {\n        "card": {\n          "id": "c1",\n          "name": "Order worktops"\n        },\n        "list": {\n          "id": "L1",\n          "name": "To do"\n        }\n      },\n      "memberCreator": {\n        "id": "m2",\n        "fullName": "Sam Hart"\n      }\n    }\n  ],\n  "cards": [\n    {\n      "id": "c1",\n      "badges": {\n        "comments": 1\n      },\n      "closed": false,\n      "dueComplete": false,\n      "desc": "Oak, 40 mm.\\n\\n- two pieces\\n- one upstand",\n      "due": "2027-03-19T12:00:00.000Z",\n      "idChecklists": [\n        "k1"\n      ],\n      "idList": "L2",\n      "idMembers": [\n        "m1"\n      ],\n      "labels": [\n        {\n          "id": "l1",\n          "name": "Needs quote"\n        }\n      ],\n      "idLabels": [\n        "l1"\n      ],\n      "name": "Order worktops",\n      "pos": 16384\n    },\n    {\n      "id": "c2",\n      "closed": false,\n      "dueComplete": true,\n      "desc": "",\n      "due": "2027-02-10T12:00:00.000Z",\n      "idList": "L1",\n      "idMembers": [],\n      "idLabels": [\n        "l2"\n      ],\n      "name": "Skip hire",\n      "pos": 1\n    }\n  ],\n  "lists": [\n    {\n      "id": "L1",\n      "name": "To do",\n      "closed": false,\n      "pos": 1,\n      "idBoard": "b1"\n    },\n    {\n      "id": "L2",\n      "name": "Doing",\n      "closed": false,\n      "pos": 2,\n      "idBoard": "b1"\n    }\n  ],\n  "members": [\n    {\n      "id": "m1",\n      "fullName": "Jo Hart",\n      "username": "johart",\n      "initials": "JH"\n    },\n    {\n      "id": "m2",\n      "fullName": "Sam Hart",\n      "username": "samhart"\n    }\n  ],\n  "checklists": [\n    {\n      "id": "k1",\n      "name": "Before fitting",\n      "idCard": "c1",\n      "checkItems": [\n        {\n          "id": "i1",\n          "name": "Measure the run",\n          "state": "complete",\n          "pos": 1\n        },\n        {\n          "id": "i2",\n          "name": "Pick a sink",\n          "state": "incomplete",\n          "pos": 2,\n          "due": "2027-03-12T00:00:00.000Z"\n        }\n      ]\n    }\n  ]\n}'

COMPACT = '{"id":"b1","name":"Kitchen renovation","desc":"Everything for the **kitchen** job at 14 Elm Road.","closed":false,"prefs":{"background":"blue"},"labels":[{"id":"l1","idBoard":"b1","name":"Needs quote","color":"green"},{"id":"l2","idBoard":"b1","name":"","color":"red"}],"actions":[{"id":"a3","idMemberCreator":"m1","type":"commentCard","date":"2027-03-02T18:22:00.000Z","data":{"text":"Rang Wrights, they can fit on the 19th.","card":{"id":"c1","name":"Order worktops"},"list":{"id":"L2","name":"Doing"}},"memberCreator":{"id":"m1","fullName":"Jo Hart"}},{"id":"a2","idMemberCreator":"m2","type":"updateCard","date":"2027-03-01T09:00:00.000Z","data":{"card":{"id":"c1","name":"Order worktops"},"listBefore":{"id":"L1","name":"To do"},"listAfter":{"id":"L2","name":"Doing"}},"memberCreator":{"id":"m2","fullName":"Sam Hart"}},{"id":"a1","idMemberCreator":"m2","type":"createCard","date":"2027-02-20T09:00:00.000Z","data":{"card":{"id":"c1","name":"Order worktops"},"list":{"id":"L1","name":"To do"}},"memberCreator":{"id":"m2","fullName":"Sam Hart"}}],"cards":[{"id":"c1","badges":{"comments":1},"closed":false,"dueComplete":false,"desc":"Oak, 40 mm.\\n\\n- two pieces\\n- one upstand","due":"2027-03-19T12:00:00.000Z","idChecklists":["k1"],"idList":"L2","idMembers":["m1"],"labels":[{"id":"l1","name":"Needs quote"}],"idLabels":["l1"],"name":"Order worktops","pos":16384},{"id":"c2","closed":false,"dueComplete":true,"desc":"","due":"2027-02-10T12:00:00.000Z","idList":"L1","idMembers":[],"idLabels":["l2"],"name":"Skip hire","pos":1}],"lists":[{"id":"L1","name":"To do","closed":false,"pos":1,"idBoard":"b1"},{"id":"L2","name":"Doing","closed":false,"pos":2,"idBoard":"b1"}],"members":[{"id":"m1","fullName":"Jo Hart","username":"johart","initials":"JH"},{"id":"m2","fullName":"Sam Hart","username":"samhart"}],"checklists":[{"id":"k1","name":"Before fitting","idCard":"c1","checkItems":[{"id":"i1","name":"Measure the run","state":"complete","pos":1},{"id":"i2","name":"Pick a sink","state":"incomplete","pos":2,"due":"2027-03-12T00:00:00.000Z"}]}]}'

MIND_MAP = '<map version="freeplane 1.9.13">\n<!--To view this file, download free mind mapping software Freeplane from https://www.freeplane.org -->\n<node TEXT="Trip to Mull" FOLDED="false" ID="ID_1000" CREATED="1675000000000" MODIFIED="1675000000000"><hook NAME="MapStyle">\n    <properties fit_to_viewport="false"/>\n<map_styles>\n<stylenode LOCALIZED_TEXT="styles.root_node" STYLE="oval">\n<stylenode TEXT="Default" ID="ID_9"/>\n</stylenode>\n</map_styles>\n</hook>\n<node TEXT="Travel" POSITION="right" ID="ID_1001" CREATED="1675000000000" MODIFIED="1675000000000">\n<node TEXT="Ferry&#xa;Oban to Craignure" ID="ID_1002" LINK="https://www.calmac.co.uk/" CREATED="1675000000000" MODIFIED="1675000000000">\n<icon BUILTIN="button_ok"/>\n<attribute NAME="cost" VALUE="£45.60"/>\n<arrowlink DESTINATION="ID_1004" MIDDLE_LABEL="book after"/>\n<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">\n<html>\n  <head>\n\n  </head>\n  <body>\n    <p>\n      Sailing at <b>09:55</b>, car booked.\n    </p>\n    <p>\n      Reference MUL4471.\n    </p>\n  </body>\n</html></richcontent>\n</node>\n</node>\n<node POSITION="left" ID="ID_1003" CREATED="1675000000000" MODIFIED="1675000000000"><richcontent TYPE="NODE">\n<html><head/><body><p>Where to <i>stay</i></p></body></html>\n</richcontent>\n<node TEXT="Tobermory hotel" ID="ID_1004"><icon BUILTIN="full-1"/></node>\n</node>\n</node>\n</map>\n'

TODO = (
    "(A) 2027-02-14 Ring the garage about the MOT +Car @phone due:2027-03-20\n"
    "x 2027-03-01 2027-02-14 Renew +Choir subscription @online pri:B\n"
    "\n"
    "2027-02-01 Water the +Allotment seedlings rec:+3d t:2027-03-01\n"
    "(B) Email Sue re: https://example.com/x +Work\n"
)


def test_a_trello_export_reads_each_card_in_words_under_its_list(utc):
    doc = _read("kitchen-renovation.json", BOARD)
    assert doc.file_type == "note"
    page = doc.pages[0]
    text = page.text
    assert text.startswith("Trello board Kitchen renovation. Everything for the kitchen job at 14 Elm Road.")
    assert "Members: Jo Hart (@johart), Sam Hart (@samhart)." in text
    assert "The green label means Needs quote." in text and "Lists: To do, Doing." in text
    # a card: its list, labels, members and due date in words; its list's order before the card's own
    assert (
        "Order worktops: in the list Doing; labels: Needs quote (green); members: Jo Hart; due Friday 19 March 2027 "
        "(2027-03-19), not done yet." in text
    )
    assert text.index("Skip hire:") < text.index("Order worktops:")
    assert "due Wednesday 10 February 2027 (2027-02-10), done." in text
    # its checklist items, then its history oldest first
    # a checklist's items ticked, then those not: what is left is one line
    assert "Before fitting checklist, ticked: Measure the run." in text
    assert (
        "Before fitting checklist, not ticked yet: Pick a sink (due Friday 12 March 2027 (2027-03-12))."
        in text
    )
    assert text.index("Sam Hart added it to To do") < text.index("Sam Hart moved it from To do to Doing")
    assert "Jo Hart commented on Tuesday 2 March 2027 18:22: Rang Wrights, they can fit on the 19th." in text
    # the card's trail is its list and its name
    assert "Doing › Order worktops" in [t for _at, t in page.trails]
    # each piece at its own key: a card's words at its "name", a comment at its "text", an item at its "name" (a
    # card's label objects, which hold names too, come before it)
    assert _cited(page, "Order worktops:")[0] == _line_of(
        BOARD[BOARD.index('"cards"') :], '"name": "Order worktops"'
    ) + BOARD[: BOARD.index('"cards"')].count("\n")
    assert _cited(page, "Jo Hart commented")[0] == _line_of(BOARD, '"text": "Rang Wrights')
    assert _cited(page, "Pick a sink")[0] == _line_of(BOARD, '"name": "Pick a sink"')
    assert _cited(page, "Oak, 40 mm.")[0] == _line_of(BOARD, '"desc": "Oak')
    assert "idList" not in text and "dueComplete" not in text
    # each card starts a chunk: none runs on from the card before
    assert [text[b.start : b.end].split(":")[0] for b in page.blocks if b.kind == "record"] == [
        "Skip hire",
        "Order worktops",
    ]
    # Trello's own compact export reads the same words
    assert _read("board.json", COMPACT).pages[0].text == text
    assert "trello" in reader_tag("code", ".json").decode()  # a new reading of .json files reads them again
    # a JSON file of another shape stays code
    assert _read("cards.json", '{"cards": [1], "idList": 2}').file_type == "code"


def test_a_todo_txt_list_reads_a_task_a_line_in_words():
    doc = _read("todo.txt", TODO)
    assert doc.file_type == "todo"
    page = doc.pages[0]
    assert page.text.split("\n\n") == [
        "Ring the garage about the MOT (project Car; context phone): priority A; added Sunday 14 February 2027 "
        "(2027-02-14); due Saturday 20 March 2027 (2027-03-20).",
        "Renew Choir subscription (project Choir; context online): done Monday 1 March 2027 (2027-03-01); "
        "priority B; added Sunday 14 February 2027 (2027-02-14).",
        "Water the Allotment seedlings (project Allotment): added Monday 1 February 2027 (2027-02-01); repeats every "
        "3 days from its due date; not shown before Monday 1 March 2027 (2027-03-01).",
        "Email Sue re: https://example.com/x (project Work): priority B.",
    ]
    assert _cited(page, "Water the Allotment")[0] == 4 and _cited(page, "Email Sue")[0] == 5
    assert {b.kind for b in page.blocks} == {"record"}  # a task a chunk of its own
    assert _maybe_anchored(__import__("pathlib").Path("/notes/done.txt"))  # an answer's lines are mapped back
    # a list under another name, or a file of notes named todo, reads as its text
    assert _read("groceries.txt", TODO).file_type == "text"
    notes = "Things to do this week\n\nfix the gate, it sticks\nring mum about Sunday\n"
    assert _read("todo.txt", notes).file_type == "text"
    assert "todo" in reader_tag("text").decode()


def test_a_freeplane_map_reads_a_node_a_line_under_its_branch():
    doc = _read("Trip to Mull.mm", MIND_MAP)
    assert doc.file_type == "mindmap"
    page = doc.pages[0]
    text = page.text
    assert text.startswith("Trip to Mull.\n\nTravel.\n\n")
    # a node's words (a line break as a space), its link, attribute, icon and labelled arrow in words
    assert (
        "Ferry Oban to Craignure (under Travel; link: https://www.calmac.co.uk/; cost: £45.60; done; arrow to "
        "Tobermory hotel: book after).\nSailing at 09:55, car booked.\nReference MUL4471." in text
    )
    assert (
        "Where to stay." in text and "Tobermory hotel (under Where to stay; priority 1)." in text
    )  # formatted words as words
    assert "Default" not in text and "styles" not in text  # the map's styles are not read
    # a node's trail is its branch (the map's centre is the title, not every trail's)
    assert "Where to stay" in [t for _at, t in page.trails] and "Travel › Ferry Oban to Craignure" in [
        t for _at, t in page.trails
    ]
    assert _cited(page, "Ferry Oban")[0] == _line_of(MIND_MAP, 'TEXT="Ferry')
    assert _cited(page, "Reference MUL4471")[0] == _line_of(MIND_MAP, "Reference MUL4471") - 1  # at its <p>
    # Objective-C++ under the same name stays code
    assert _read("View.mm", "#import <Cocoa/Cocoa.h>\n@implementation View\n@end\n").file_type == "code"
    # a map that does not parse reads as its text: nothing is lost
    broken = _read("broken.mm", '<map version="1.0.1"><node TEXT="a">')
    assert broken.file_type == "mindmap" and 'TEXT="a"' in broken.pages[0].text
    # a document type (which could declare entities) is refused, read as text
    hostile = '<!DOCTYPE map [<!ENTITY x "boom">]><map><node TEXT="&x;"/></map>'
    assert "boom" not in _read("x.mm", hostile).pages[0].text.replace('ENTITY x "boom', "")


COPYRIGHT = (
    "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
    "Upstream-Name: tinytool\n"
    "Upstream-Contact: Ann Other <ann@example.org>\n"
    "Source: https://example.org/tinytool\n"
    "Comment: The tarball is repacked\n"
    " to drop the prebuilt manual.\n"
    "\n"
    "Files: *\n"
    "Copyright: 2019-2024 Ann Other\n"
    "           2021 Bob Smith\n"
    "License: GPL-2+\n"
    "\n"
    "Files: lib/hash.c\n"
    "Copyright: none\n"
    "Origin: Bob's Hashes 1.2\n"
    "License: public-domain\n"
    " This file has been put into the public domain.\n"
    " .\n"
    " You can do whatever you want with it.\n"
    "\n"
    "Files: debian/*\n"
    "Copyright: 2024 Ann Other\n"
    "License: GPL-2+\n"
    "\n"
    "License: GPL-2+\n"
    " This program is free software; you can redistribute it\n"
    " and/or modify it under the terms of the GNU General Public License.\n"
)


def test_a_debian_copyright_file_reads_its_stanzas_in_words():
    doc = _read("copyright", COPYRIGHT)
    assert doc.file_type == "copyright"
    page = doc.pages[0]
    assert page.text.split("\n") == [
        "Upstream name: tinytool.",
        "Upstream contact: Ann Other <ann@example.org>.",
        "Source: https://example.org/tinytool.",
        "Comment: The tarball is repacked to drop the prebuilt manual.",
        "Files *: copyright 2019-2024 Ann Other; 2021 Bob Smith; licence GPL-2+.",
        # a Files stanza one paragraph, its other one-line fields said with its files
        "Files lib/hash.c: copyright none; origin Bob's Hashes 1.2; licence public-domain.",
        "This file has been put into the public domain.",  # a " ." line ends a paragraph
        "You can do whatever you want with it.",
        "Files debian/* (the Debian packaging): copyright 2024 Ann Other; licence GPL-2+.",
        "The licence GPL-2+:",
        "This program is free software; you can redistribute it and/or modify it under the terms of the GNU General "
        "Public License.",
    ]
    assert [t for _at, t in page.trails] == [
        "Copyright file",
        "Files *",
        "Files lib/hash.c",
        "Files debian/*",
        "Licence GPL-2+",
    ]
    assert _cited(page, "You can do whatever")[0] == _line_of(COPYRIGHT, "You can do whatever")
    assert page.text.count("\n\n") == 0 and len(page.blocks) == 9  # the lib/hash.c stanza one block
    assert _cited(page, "Files lib/hash.c")[0] == _line_of(COPYRIGHT, "Files: lib/hash.c")
    assert _maybe_anchored(__import__("pathlib").Path("/usr/share/doc/tinytool/copyright"))
    # a copyright notice of any other shape reads as its text
    assert _read("copyright", "Copyright 2020 Ann Other. All rights reserved.\n").file_type == "text"
