"""A Trello board as Trello exports it (the board menu's "Print, export and share › Export as JSON"), read as the board
reads in the app, not as JSON.

The file is one object: the board's ``name`` and ``desc``, its ``labels`` (a colour and, where given, a name),
``lists`` (columns, in ``pos`` order, some ``closed``: archived), ``cards`` (each in a list by ``idList``, with its
``name``, its ``desc`` in Markdown, ``idLabels``, ``idMembers``, ``start``, ``due`` and ``dueComplete``), the cards'
``checklists`` (``checkItems`` with a ``state`` of "complete" or "incomplete"), the board's ``members``, and its
``actions`` (newest first: a ``commentCard``'s ``data.text``, a card created or moved between lists). Trello writes
it on one line; a file opened and saved again in an editor is indented. Read as code, an answer quoted
``"dueComplete": false`` and card ids.

Here the board comes first (its name and description, its members, what its labels are, its lists), then every card
in its list's order, under "List › Card" (the page's trail): a line of what it is ("Order the worktops: in the list
Doing; labels: Needs quote (green); members: Jo Hart; due Friday 19 March 2027 (2027-03-19), not done yet."), its
description's paragraphs, its checklists' items ticked and not ("Electrics checklist, not ticked yet: Move the
sockets; Fit the spotlights."), and its
history, oldest first ("Jo Hart commented on Tuesday 2 March 2027 18:22: ...", "moved from To do to Doing"). Every
piece is anchored at its own key in the file, found by reading the JSON's members in place, so a citation names the
file's own lines, indented or not. A file of another shape is read as code (``read_trello`` is None for it).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from engine.index.document import Page, joined_line, line_page, line_starts, source_place
from engine.index.readers.chatgpt import markdown_paragraphs
from engine.index.readers.json_spans import elements, members, skip
from engine.index.readers.messages import local_iso_time, stamp

READER_VERSION = 3  # 3: a card starts a chunk; 2: a checklist's items ticked and not, a line each


def _day(moment: datetime) -> str:
    """ "Friday 19 March 2027 (2027-03-19)": the day in words and as the file's date reads."""
    return f"{moment:%A} {moment.day} {moment:%B %Y} ({moment:%Y-%m-%d})"


def _words(value: object) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def is_trello(text: str) -> bool:
    head = text[:65536]
    return (
        head.lstrip("\ufeff \t\r\n").startswith("{")
        and '"idList"' in text
        and '"cards"' in head + text[-65536:]
    )


def read_trello(text: str, check: Callable[[], None] = lambda: None) -> Page | None:
    """The page of a Trello board's JSON export; None when ``text`` is not one."""
    if not is_trello(text):
        return None
    start = skip(text, text.find("{"))
    try:
        board: dict[str, tuple[object, int, int]] = {k: (v, a, e) for k, v, a, e in members(text, start)}
    except (ValueError, RecursionError, IndexError):
        return None
    if not isinstance(board.get("cards", (None,))[0], list) or not isinstance(
        board.get("lists", (None,))[0], list
    ):
        return None
    starts = line_starts(text)

    def place(offset: int) -> tuple[int, int]:
        return source_place(starts, offset)

    def items(key: str) -> list[tuple[dict, dict[str, int], int]]:
        """The objects of the board's array ``key``, each with where its members' keys stand and where it starts."""
        if key not in board or not isinstance(board[key][0], list):
            return []
        at = text.find("[", board[key][1])
        out = []
        for n, (value, begin, _end) in enumerate(elements(text, at)):
            if n % 256 == 0:
                check()
            if isinstance(value, dict):
                out.append((value, {k: a for k, _v, a, _e in members(text, begin)}, begin))
        return out

    names = {
        m.get("id"): _words(m.get("fullName")) or _words(m.get("username")) for m, _k, _b in items("members")
    }
    labels = {}
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    trails: list[tuple[int, str]] = []
    title = _words(board.get("name", ("",))[0]) or "Trello board"
    trails.append((0, title))
    head = [(f"Trello board {title}.", place(board["name"][1] if "name" in board else start))]
    desc = board.get("desc")
    if desc and _words(desc[0]):
        head.append((" ".join(markdown_paragraphs(str(desc[0]))), place(desc[1])))
    lines.append(joined_line(head) or ("", []))
    people = [(m, keys) for m, keys, _b in items("members") if names.get(m.get("id"))]
    if people:
        said = ", ".join(
            names[m.get("id")] + (f" (@{m['username']})" if isinstance(m.get("username"), str) else "")
            for m, _k in people
        )
        lines.append((f"Members: {said}.", [(0, *place(board["members"][1]))]))
    for label, keys, begin in items("labels"):
        name, colour = _words(label.get("name")), _words(label.get("color"))
        labels[label.get("id")] = f"{name} ({colour})" if name and colour else name or colour
        if name or colour:
            said = f"The {colour} label means {name}." if name and colour else f"A label: {name or colour}."
            lines.append((said, [(0, *place(keys.get("name", begin)))]))
    lists = sorted(items("lists"), key=lambda x: _pos(x[0]))
    list_names = {v.get("id"): _words(v.get("name")) for v, _k, _b in lists}
    if lists:
        said = ", ".join(
            list_names[v.get("id")] + (" (archived)" if v.get("closed") else "") for v, _k, _b in lists
        )
        lines.append((f"Lists: {said}.", [(0, *place(board["lists"][1]))]))
    checklists: dict[object, list[tuple[dict, dict[str, int], int]]] = {}
    for checklist, keys, begin in items("checklists"):
        checklists.setdefault(checklist.get("idCard"), []).append((checklist, keys, begin))
    history = _history(text, items("actions"), names, place)
    order = {v.get("id"): n for n, (v, _k, _b) in enumerate(lists)}
    cards = sorted(items("cards"), key=lambda c: (order.get(c[0].get("idList"), len(order)), bool(c[0].get("closed")),
                                                  _pos(c[0])))  # fmt: skip
    cards_at: list[int] = []
    for n, (card, keys, begin) in enumerate(cards):
        if n % 64 == 0:
            check()
        name = _words(card.get("name"))
        if not name:
            continue
        where = list_names.get(card.get("idList"), "")
        trails.append((len(lines), f"{where} › {name}" if where else name))
        cards_at.append(len(lines))
        pieces = [(f"{name}:", place(keys.get("name", begin)))]
        if where:
            pieces.append((f"in the list {where}" + ("; archived" if card.get("closed") else "") + ";",
                           place(keys.get("idList", begin))))  # fmt: skip
        tags = [labels[i] for i in card.get("idLabels") or [] if labels.get(i)]
        if tags:
            pieces.append((f"labels: {', '.join(tags)};", place(keys.get("idLabels", begin))))
        who = [names[i] for i in card.get("idMembers") or [] if names.get(i)]
        if who:
            pieces.append((f"members: {', '.join(who)};", place(keys.get("idMembers", begin))))
        begins, due = local_iso_time(card.get("start")), local_iso_time(card.get("due"))
        if begins is not None:
            pieces.append((f"starts {_day(begins)};", place(keys.get("start", begin))))
        if due is not None:
            state = "done" if card.get("dueComplete") is True else "not done yet"
            pieces.append((f"due {_day(due)}, {state};", place(keys.get("due", begin))))
        line = joined_line(pieces)
        if line is not None:
            said, marks = line
            lines.append((said.rstrip(";:") + ".", marks))
        if isinstance(card.get("desc"), str):
            at = [(0, *place(keys.get("desc", begin)))]
            lines += [(p, at) for p in markdown_paragraphs(card["desc"]) if p.strip()]
        for checklist, ckeys, cbegin in checklists.get(card.get("id"), []):
            lines += _checklist(text, checklist, ckeys, cbegin, place)
        lines += history.get(card.get("id"), [])
    # a card starts a chunk: none runs on from the card before
    return line_page(lines, trails, sep="\n\n", chunk_starts=set(cards_at)) if len(lines) > 1 else None


def _pos(value: dict) -> float:
    pos = value.get("pos")
    return float(pos) if isinstance(pos, (int, float)) and not isinstance(pos, bool) else 0.0


def _checklist(text, checklist, keys, begin, place) -> list[tuple[str, list[tuple[int, int, int]]]]:
    """A checklist's items in two lines, those ticked and those not, each item anchored at its own name: "Fitting
    checklist, not ticked yet: Fit the larder unit; Hang the wall units." (what is left is one answer)."""
    name = _words(checklist.get("name")) or "Checklist"
    label = name if "checklist" in name.lower() else f"{name} checklist"
    if "checkItems" not in keys:
        return []
    ticked: list[tuple[str, tuple[int, int]]] = []
    left: list[tuple[str, tuple[int, int]]] = []
    found = elements(text, text.find("[", keys["checkItems"]))
    for item, at, _end in sorted(found, key=lambda e: _pos(e[0]) if isinstance(e[0], dict) else 0.0):
        if not isinstance(item, dict) or not _words(item.get("name")):
            continue
        due = local_iso_time(item.get("due"))
        said = _words(item["name"]) + (f" (due {_day(due)})" if due else "")
        name_at = next((a for k, _v, a, _e in members(text, at) if k == "name"), at)
        (ticked if item.get("state") == "complete" else left).append((said, place(name_at)))
    out = []
    for items, state in ((ticked, "ticked"), (left, "not ticked yet")):
        if items:
            pieces = [(f"{label}, {state}:", items[0][1])]
            pieces += [
                (said + (";" if n < len(items) - 1 else "."), at) for n, (said, at) in enumerate(items)
            ]
            line = joined_line(pieces)
            if line is not None:
                out.append(line)
    return out


def _history(text, actions, names, place) -> dict[object, list[tuple[str, list[tuple[int, int, int]]]]]:
    """Each card's comments and moves, oldest first: "Jo Hart commented on Tuesday 2 March 2027 18:22: ...",
    "Jo Hart moved it from To do to Doing on ...", "Jo Hart added it to To do on ..."."""
    out: dict[object, list[tuple[str, list[tuple[int, int, int]]]]] = {}
    for action, keys, begin in reversed(actions):
        data = action.get("data") if isinstance(action.get("data"), dict) else {}
        card = data.get("card") if isinstance(data.get("card"), dict) else {}
        if not card.get("id"):
            continue
        creator = action.get("memberCreator") if isinstance(action.get("memberCreator"), dict) else {}
        who = names.get(action.get("idMemberCreator")) or _words(creator.get("fullName")) or "Someone"
        when = local_iso_time(action.get("date"))
        on = f" on {stamp(when)}" if when else ""
        kind = action.get("type")
        said = None
        at = keys.get("data", begin)
        if kind == "commentCard" and _words(data.get("text")):
            body = " ".join(markdown_paragraphs(str(data["text"])))
            said = f"{who} commented{on}: {body}"
            inner = text.find("{", keys["data"]) if "data" in keys else -1
            if inner >= 0:
                at = next((a for k, _v, a, _e in members(text, inner) if k == "text"), at)
        elif (
            kind == "updateCard"
            and isinstance(data.get("listBefore"), dict)
            and isinstance(data.get("listAfter"), dict)
        ):
            said = f"{who} moved it from {_words(data['listBefore'].get('name'))} to {_words(data['listAfter'].get('name'))}{on}."
        elif kind == "createCard":
            where = _words(data["list"].get("name")) if isinstance(data.get("list"), dict) else ""
            said = f"{who} added it{' to ' + where if where else ''}{on}."
        if said:
            out.setdefault(card["id"], []).append((said, [(0, *place(at))]))
    return out
