"""Generate the private documents of the realdocs ``heldout33`` part under ``files/private33/``: a family's
house-renovation board as Trello's "Export as JSON" gives it, re-saved indented two spaces
(``14-hollins-lane-renovation.json``: the board, its labels, lists, cards with Markdown descriptions, checklists,
members and actions, newest first: comments, moves between lists, members added, cards created); a busy person's
``todo/todo.txt`` and ``todo/done.txt`` in the todo.txt format (priorities, creation and completion dates, projects,
contexts, ``due:``, ``t:``, ``rec:`` and ``pri:`` extras); and a plan for a coffee bike as Freeplane 1.9 saves a mind
map (``Kettle and Crank coffee bike plan.mm``: a map style hook, nested nodes with notes, attributes, links, icons,
an arrow link, ``&#xa;`` line breaks and HTML node text).

    python eval/realdocs/make_heldout33.py          # rewrite them; the output is the same on every run

The standard library only; fixed text, times and ids, so a rerun gives the same bytes. Every weekday written next to a
date is checked against the calendar; the board reads back with ``json`` (every card in a list, every label, member
and checklist it names on the board, badges that count its checklist items and comments); the todo files read back
as todo.txt lines (completed lines with two dates, the rest with a creation date, priorities A to E); the map reads
back with ``xml.etree`` (50 to 80 nodes, four levels deep, ids unique, the arrow's destination a node).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from xml.sax.saxutils import escape

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout33 (the tests, check.py)
    import heldout33_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import check_weekdays
except ImportError:
    from eval.realdocs import heldout33_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private33"


def _when(s: str) -> dt.datetime:
    return dt.datetime.strptime(s, "%Y-%m-%d %H:%M:%S").replace(tzinfo=dt.UTC)


def _iso(s: str | None) -> str | None:
    return None if s is None else _when(s).strftime("%Y-%m-%dT%H:%M:%S.000Z")


# --- the Trello board -------------------------------------------------------------------------------------------------


def tid(when: str, key: str) -> str:
    """A Trello id: a MongoDB ObjectId, its first 4 bytes the creation time in seconds, the rest fixed from ``key``."""
    return f"{int(_when(when).timestamp()):08x}" + hashlib.md5(key.encode()).hexdigest()[:16]


def short(key: str) -> str:
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    h = hashlib.sha1(key.encode()).digest()
    return "".join(letters[b % len(letters)] for b in h[:8])


def board() -> dict:
    board_id = tid(T.BOARD_CREATED, "board")
    member = {k: tid(when, "member " + k) for k, _n, _u, _i, when in T.MEMBERS}
    names = {k: (n, u, i) for k, n, u, i, _w in T.MEMBERS}
    label = {k: tid(T.BOARD_CREATED, "label " + k) for k, _n, _c in T.LABELS}
    lst = {k: tid(T.BOARD_CREATED, "list " + k) for k, _n in T.LISTS}
    list_name = dict(T.LISTS)
    cards = {c[0]: c for c in T.CARDS}
    card_id = {c[0]: tid(c[9], "card " + c[0]) for c in T.CARDS}
    checklist_id = {c[0]: tid(c[3], "checklist " + c[0]) for c in T.CHECKLISTS}
    comments = {k: sum(1 for a in T.ACTIONS if a[0] == "comment" and a[3] == k) for k in cards}
    last = {}
    for a in T.ACTIONS:
        last[a[3]] = a[1]

    def brief_card(k: str) -> dict:
        return {
            "id": card_id[k],
            "name": cards[k][2],
            "idShort": [c[0] for c in T.CARDS].index(k) + 1,
            "shortLink": short(k),
        }

    def creator(k: str) -> dict:
        n, u, i = names[k]
        return {
            "id": member[k],
            "activityBlocked": False,
            "avatarHash": None,
            "avatarUrl": None,
            "fullName": n,
            "idMemberReferrer": None,
            "initials": i,
            "nonPublic": {},
            "nonPublicAvailable": True,
            "username": u,
        }

    card_objs = []
    for pos, (k, lk, name, desc, labels, members, due, done, start, created) in enumerate(T.CARDS, 1):
        items = [c for c in T.CHECKLISTS if c[1] == k]
        n_items = sum(len(c[4]) for c in items)
        n_done = sum(s for c in items for _n, s in c[4])
        card_objs.append(
            {
                "id": card_id[k],
                "badges": {
                    "attachmentsByType": {"trello": {"board": 0, "card": 0}},
                    "location": False,
                    "votes": 0,
                    "viewingMemberVoted": False,
                    "subscribed": False,
                    "fogbugz": "",
                    "checkItems": n_items,
                    "checkItemsChecked": n_done,
                    "checkItemsEarliestDue": None,
                    "comments": comments[k],
                    "attachments": 0,
                    "description": bool(desc),
                    "due": _iso(due),
                    "dueComplete": done,
                    "start": _iso(start),
                },
                "closed": False,
                "dueComplete": done,
                "dateLastActivity": _iso(last.get(k, created)),
                "desc": desc,
                "due": _iso(due),
                "dueReminder": 1440 if due else None,
                "idBoard": board_id,
                "idChecklists": [checklist_id[c[0]] for c in items],
                "idLabels": [label[x] for x in labels],
                "idList": lst[lk],
                "idMembers": [member[x] for x in members],
                "idShort": pos,
                "labels": [
                    {"id": label[x], "idBoard": board_id, "name": n, "color": c}
                    for x, n, c in T.LABELS
                    if x in labels
                ],
                "name": name,
                "pos": 16384 * pos,
                "shortLink": short(k),
                "shortUrl": f"https://trello.com/c/{short(k)}",
                "start": _iso(start),
                "subscribed": False,
                "url": f"https://trello.com/c/{short(k)}/{pos}-{re.sub(r'[^a-z0-9]+', '-', name.lower()).strip('-')}",
            }
        )
    checklists = [
        {
            "id": checklist_id[k],
            "name": name,
            "idBoard": board_id,
            "idCard": card_id[ck],
            "pos": 16384,
            "checkItems": [
                {
                    "id": tid(created, f"item {k} {i}"),
                    "name": item,
                    "nameData": {"emoji": {}},
                    "pos": 16384 * i,
                    "state": "complete" if state else "incomplete",
                    "due": None,
                    "dueReminder": None,
                    "idMember": None,
                    "idChecklist": checklist_id[k],
                }
                for i, (item, state) in enumerate(items, 1)
            ],
        }
        for k, ck, name, created, items in T.CHECKLISTS
    ]
    actions = []
    events = [("create", c[9], c[0]) for c in T.CARDS] + [(a[0], a[1], a) for a in T.ACTIONS]
    for n, (what, when, a) in enumerate(sorted(events, key=lambda e: e[1]), 1):
        base = {
            "id": tid(when, f"action {n}"),
            "idMemberCreator": None,
            "data": {},
            "appCreator": None,
            "type": "",
            "date": _iso(when),
            "limits": None,
            "memberCreator": None,
        }
        if what == "create":
            k = a
            who = cards[k][5][0]
            base.update(type="createCard", idMemberCreator=member[who], memberCreator=creator(who))
            base["data"] = {
                "card": brief_card(k),
                "list": {"id": lst[cards[k][1]], "name": list_name[cards[k][1]]},
                "board": {"id": board_id, "name": T.BOARD_NAME, "shortLink": short("board")},
            }
        elif what == "comment":
            _w, _t, who, k, text = a
            base.update(type="commentCard", idMemberCreator=member[who], memberCreator=creator(who))
            base["data"] = {
                "idCard": card_id[k],
                "text": text,
                "textData": {"emoji": {}},
                "card": brief_card(k),
                "board": {"id": board_id, "name": T.BOARD_NAME, "shortLink": short("board")},
                "list": {"id": lst[cards[k][1]], "name": list_name[cards[k][1]]},
            }
            base["limits"] = {
                "reactions": {
                    "perAction": {"status": "ok", "disableAt": 900, "warnAt": 880},
                    "uniquePerAction": {"status": "ok", "disableAt": 17, "warnAt": 16},
                }
            }
        elif what == "move":
            _w, _t, who, k, before, after = a
            base.update(type="updateCard", idMemberCreator=member[who], memberCreator=creator(who))
            base["data"] = {
                "card": {**brief_card(k), "idList": lst[after]},
                "old": {"idList": lst[before]},
                "board": {"id": board_id, "name": T.BOARD_NAME, "shortLink": short("board")},
                "listBefore": {"id": lst[before], "name": list_name[before]},
                "listAfter": {"id": lst[after], "name": list_name[after]},
            }
        else:
            _w, _t, who, k, added = a
            base.update(type="addMemberToCard", idMemberCreator=member[who], memberCreator=creator(who))
            base["data"] = {
                "idMember": member[added],
                "card": brief_card(k),
                "board": {"id": board_id, "name": T.BOARD_NAME, "shortLink": short("board")},
                "member": {"id": member[added], "name": names[added][0]},
            }
            base["member"] = creator(added)
        actions.append(base)
    actions.reverse()  # newest first, as Trello exports them
    return {
        "id": board_id,
        "name": T.BOARD_NAME,
        "desc": T.BOARD_DESC,
        "descData": None,
        "closed": False,
        "dateClosed": None,
        "idOrganization": None,
        "shortLink": short("board"),
        "dateLastActivity": _iso(T.ACTIONS[-1][1]),
        "dateLastView": _iso(T.EXPORTED),
        "idBoardSource": None,
        "pinned": False,
        "starred": True,
        "url": f"https://trello.com/b/{short('board')}/14-hollins-lane-renovation",
        "prefs": {
            "permissionLevel": "private",
            "voting": "disabled",
            "comments": "members",
            "background": "green",
            "backgroundColor": "#519839",
            "cardCovers": True,
            "cardAging": "regular",
            "calendarFeedEnabled": False,
        },
        "shortUrl": f"https://trello.com/b/{short('board')}",
        "labelNames": {c: n for _k, n, c in T.LABELS},
        "actions": actions,
        "cards": card_objs,
        "labels": [
            {
                "id": label[k],
                "idBoard": board_id,
                "name": n,
                "color": c,
                "uses": sum(k in x[4] for x in T.CARDS),
            }
            for k, n, c in T.LABELS
        ],
        "lists": [
            {
                "id": lst[k],
                "name": n,
                "closed": False,
                "idBoard": board_id,
                "pos": 16384 * i,
                "subscribed": False,
                "softLimit": None,
            }
            for i, (k, n) in enumerate(T.LISTS, 1)
        ],
        "members": [
            {
                "id": member[k],
                "fullName": n,
                "username": u,
                "initials": i,
                "avatarHash": None,
                "memberType": "normal" if k != "rhi" else "admin",
            }
            for k, n, u, i, _w in T.MEMBERS
        ],
        "checklists": checklists,
        "memberships": [
            {
                "id": tid(when, "membership " + k),
                "idMember": member[k],
                "memberType": "admin" if k == "rhi" else "normal",
                "unconfirmed": False,
                "deactivated": False,
            }
            for k, _n, _u, _i, when in T.MEMBERS
        ],
    }


def board_text() -> str:
    return json.dumps(board(), indent=2, ensure_ascii=False) + "\n"


def check_board(text: str) -> None:
    b = json.loads(text)
    lists = {x["id"] for x in b["lists"]}
    labels = {x["id"] for x in b["labels"]}
    members = {x["id"] for x in b["members"]}
    checklists = {x["id"]: x for x in b["checklists"]}
    if not (5 <= len(lists) <= 7 and 25 <= len(b["cards"]) <= 40):
        raise SystemExit("5 to 7 lists, 25 to 40 cards")
    for c in b["cards"]:
        if c["idList"] not in lists or not set(c["idLabels"]) <= labels or not set(c["idMembers"]) <= members:
            raise SystemExit(f"{c['name']}: a list, label or member not on the board")
        items = [i for k in c["idChecklists"] for i in checklists[k]["checkItems"]]
        if c["badges"]["checkItems"] != len(items) or c["badges"]["checkItemsChecked"] != sum(
            i["state"] == "complete" for i in items
        ):
            raise SystemExit(f"{c['name']}: badges do not count its checklist items")
        n = sum(a["type"] == "commentCard" and a["data"]["card"]["id"] == c["id"] for a in b["actions"])
        if c["badges"]["comments"] != n:
            raise SystemExit(f"{c['name']}: badges do not count its comments")
    dates = [a["date"] for a in b["actions"]]
    if dates != sorted(dates, reverse=True):
        raise SystemExit("actions newest first")
    if not 15 <= sum(a["type"] == "commentCard" for a in b["actions"]) <= 30:
        raise SystemExit("15 to 30 comments")


# --- the todo.txt files ----------------------------------------------------------------------------------------------

TASK = re.compile(
    r"(x (\d{4}-\d\d-\d\d) (\d{4}-\d\d-\d\d) |\(([A-Z])\) (\d{4}-\d\d-\d\d) |(\d{4}-\d\d-\d\d) )\S"
)


def check_todo(todo: str, done: str) -> None:
    lines = todo.rstrip("\n").split("\n")
    archived = done.rstrip("\n").split("\n")
    if not 60 <= len(lines) + len(archived) <= 110 or not 60 <= len(lines) <= 90:
        raise SystemExit("60 to 90 tasks")
    for line in lines + archived:
        m = TASK.match(line)
        if not m:
            raise SystemExit(f"not a todo.txt task: {line}")
        if m[2] and m[2] < m[3]:
            raise SystemExit(f"done before it was made: {line}")
        if m[4] and m[4] > "E":
            raise SystemExit(f"priority: {line}")
        for _key, value in re.findall(r" (due|t):(\S+)", line):
            dt.date.fromisoformat(value)
    if not all(line.startswith("x ") for line in archived):
        raise SystemExit("done.txt holds completed tasks only")


# --- the Freeplane mind map ------------------------------------------------------------------------------------------

MAP_STYLE = """<hook NAME="MapStyle" zoom="0.909">
    <properties edgeColorConfiguration="#808080ff,#ff0000ff,#0000ffff,#00ff00ff,#ff00ffff,#00ffffff,#7c0000ff,#00007cff,#007c00ff,#7c007cff,#007c7cff,#7c7c00ff" associatedTemplateLocation="template:/standard-1.6.mm" fit_to_viewport="false"/>

<map_styles>
<stylenode LOCALIZED_TEXT="styles.root_node" STYLE="oval" UNIFORM_SHAPE="true" VGAP_QUANTITY="24 pt">
<font SIZE="24"/>
<stylenode LOCALIZED_TEXT="styles.predefined" POSITION="right" STYLE="bubble">
<stylenode LOCALIZED_TEXT="default" ID="ID_271890427" ICON_SIZE="12 pt" COLOR="#000000" STYLE="fork">
<arrowlink SHAPE="CUBIC_CURVE" COLOR="#000000" WIDTH="2" TRANSPARENCY="200" DASH="" FONT_SIZE="9" FONT_FAMILY="SansSerif" DESTINATION="ID_271890427" STARTARROW="NONE" ENDARROW="DEFAULT"/>
<font NAME="SansSerif" SIZE="10" BOLD="false" ITALIC="false"/>
<richcontent CONTENT-TYPE="plain/auto" TYPE="DETAILS"/>
<richcontent TYPE="NOTE" CONTENT-TYPE="plain/auto"/>
</stylenode>
<stylenode LOCALIZED_TEXT="defaultstyle.details"/>
<stylenode LOCALIZED_TEXT="defaultstyle.attributes">
<font SIZE="9"/>
</stylenode>
<stylenode LOCALIZED_TEXT="defaultstyle.note" COLOR="#000000" BACKGROUND_COLOR="#ffffff" TEXT_ALIGN="LEFT"/>
<stylenode LOCALIZED_TEXT="defaultstyle.floating">
<edge STYLE="hide_edge"/>
<cloud COLOR="#f0f0f0" SHAPE="ROUND_RECT"/>
</stylenode>
</stylenode>
<stylenode LOCALIZED_TEXT="styles.AutomaticLayout" POSITION="right" STYLE="bubble">
<stylenode LOCALIZED_TEXT="AutomaticLayout.level.root" COLOR="#000000" STYLE="oval" SHAPE_HORIZONTAL_MARGIN="10 pt" SHAPE_VERTICAL_MARGIN="10 pt">
<font SIZE="18"/>
</stylenode>
<stylenode LOCALIZED_TEXT="AutomaticLayout.level,1" COLOR="#0033ff">
<font SIZE="16"/>
</stylenode>
<stylenode LOCALIZED_TEXT="AutomaticLayout.level,2" COLOR="#00b439">
<font SIZE="14"/>
</stylenode>
<stylenode LOCALIZED_TEXT="AutomaticLayout.level,3" COLOR="#990000">
<font SIZE="12"/>
</stylenode>
</stylenode>
</stylenode>
</map_styles>
</hook>
<hook NAME="AutomaticEdgeColor" COUNTER="5" RULE="ON_BRANCH_CREATION"/>"""


def _attr(s: str) -> str:
    """An attribute value as Freeplane writes it: XML escapes, a newline as ``&#xa;``, a straight quote as
    ``&quot;``."""
    return escape(s, {'"': "&quot;", "\n": "&#xa;"})


def map_text() -> str:
    out = [
        '<map version="freeplane 1.9.13">',
        "<!--To view this file, download free mind mapping software "
        "Freeplane from https://www.freeplane.org -->",
    ]
    counter = [0]
    ids: dict[str, str] = {}

    def node_id(text: str) -> str:
        return "ID_" + str(int(hashlib.md5(text.encode()).hexdigest()[:8], 16) % 2000000000)

    def collect(node) -> None:
        text, opts, children = node
        if "key" in opts:
            ids[opts["key"]] = node_id(text)
        for c in children:
            collect(c)

    collect(T.MAP)

    def emit(node, depth: int) -> None:
        text, opts, children = node
        counter[0] += 1
        created = T.MM_CREATED + counter[0] * 61000
        modified = created + 86400000 * (counter[0] % 9)
        parts = []
        if not opts.get("html"):
            parts.append(f'TEXT="{_attr(text)}"')
        if "folded" in opts:
            parts.append('FOLDED="true"')
        parts.append(f'ID="{node_id(text)}"')
        parts.append(f'CREATED="{created}"')
        parts.append(f'MODIFIED="{modified}"')
        if "link" in opts:
            parts.append(f'LINK="{_attr(opts["link"])}"')
        if "position" in opts:
            parts.append(f'POSITION="{opts["position"]}"')
        if depth == 0:
            parts.append('STYLE="oval"')
        out.append(f"<node {' '.join(parts)}>")
        if depth == 0:
            out.append('<font SIZE="18"/>')
            out.append(MAP_STYLE)
        if opts.get("html"):
            paras = "\n".join(f"    <p>\n      {p}\n    </p>" for p in T.HTML_NODES[text])
            out.append(
                f'<richcontent TYPE="NODE">\n\n<html>\n  <head>\n    \n  </head>\n  <body>\n{paras}\n'
                f"  </body>\n</html>\n</richcontent>"
            )
        for icon in opts.get("icons", []):
            out.append(f'<icon BUILTIN="{icon}"/>')
        if "arrow" in opts:
            out.append(
                f'<arrowlink DESTINATION="{ids[opts["arrow"]]}" STARTINCLINATION="131.25 pt;0 pt;" '
                'ENDINCLINATION="131.25 pt;0 pt;" STARTARROW="NONE" ENDARROW="DEFAULT"/>'
            )
        if "note" in opts:
            out.append(
                f'<richcontent TYPE="NOTE" CONTENT-TYPE="xml/">\n<html>\n  <head>\n    \n  </head>\n'
                f"  <body>\n    <p>\n      {escape(opts['note'])}\n    </p>\n  </body>\n</html></richcontent>"
            )
        for name, value in opts.get("attrs", []):
            out.append(f'<attribute NAME="{_attr(name)}" VALUE="{_attr(value)}"/>')
        for c in children:
            emit(c, depth + 1)
        out.append("</node>")

    emit(T.MAP, 0)
    out.append("</map>")
    return "\n".join(out) + "\n"


def check_map(text: str) -> None:
    root = ET.fromstring(text)
    nodes = list(root.iter("node"))
    ids = [n.get("ID") for n in nodes]
    if len(set(ids)) != len(ids) or not 50 <= len(nodes) <= 80:
        raise SystemExit(f"50 to 80 nodes, ids unique ({len(nodes)})")

    def depth(n, d=0) -> int:
        return max([d] + [depth(c, d + 1) for c in n.findall("node")])

    if depth(root.find("node")) < 3:
        raise SystemExit("four levels")
    for a in root.iter("arrowlink"):
        if a.get("DESTINATION") not in ids and a.get("DESTINATION") != "ID_271890427":
            raise SystemExit("an arrow to no node")


def check_texts() -> int:
    words = [c[3] for c in T.CARDS] + [a[-1] for a in T.ACTIONS] + [T.TODO, T.DONE]
    return check_weekdays("\n".join(words))


def files() -> dict[str, bytes]:
    """The board, the todo files and the map, by their path under ``files/private33``."""
    return {
        T.TRELLO_NAME: board_text().encode("utf-8"),
        f"{T.TODO_DIR}/todo.txt": T.TODO.encode("utf-8"),
        f"{T.TODO_DIR}/done.txt": T.DONE.encode("utf-8"),
        T.MM_NAME: map_text().encode("utf-8"),
    }


def check(made: dict[str, bytes]) -> int:
    n = check_texts()
    check_board(made[T.TRELLO_NAME].decode("utf-8"))
    check_todo(made[f"{T.TODO_DIR}/todo.txt"].decode("utf-8"), made[f"{T.TODO_DIR}/done.txt"].decode("utf-8"))
    check_map(made[T.MM_NAME].decode("utf-8"))
    return n


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
