"""Generate the private documents of the realdocs ``heldout34`` part under ``files/private34/``: a group chat planning
a hen weekend as Facebook's "Download Your Information" gives a Messenger conversation
(``messages/inbox/<thread>/message_1.json``: participants, messages newest first with photos, shares, reactions, a
video chat's duration, poll votes and the group's new name; every non-ASCII character written as its UTF-8 bytes,
each a ``\\u00XX`` escape, as Facebook does); a gardener's graph as Roam Research's "Export All > JSON" gives it,
re-saved indented two spaces (``morwenna-allotment.json``: pages with nested blocks, headings, attributes, tasks,
page links, tags and block references, daily notes); and one person's Google Tasks as Google Takeout exports them
(``Takeout/Tasks/Tasks.json``: five lists, tasks with notes, due dates, completion, subtasks and Gmail links).

    python eval/realdocs/make_heldout34.py          # rewrite them; the output is the same on every run

The standard library only; fixed text, times and ids, so a rerun gives the same bytes. Every weekday written next to a
date is checked against the calendar; the chat reads back with ``json`` (120 to 200 messages newest first, 4 to 6
people, every sender a participant, its text round-tripping through the Latin-1 escaping); the graph reads back with
``json`` (15 to 25 pages, 150 to 300 blocks, at most four deep, uids unique and every ``((uid))`` a block); the tasks
read back with ``json`` (4 to 6 lists, 60 to 100 tasks, every parent a task of the same list, completed tasks with a
completion time).
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import json
import re
from pathlib import Path

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout34 (the tests, check.py)
    import heldout34_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import check_weekdays
except ImportError:
    from eval.realdocs import heldout34_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private34"
CHAT_PATH = f"messages/inbox/{T.THREAD}/message_1.json"
TASKS_PATH = "Takeout/Tasks/Tasks.json"


def _when(s: str) -> dt.datetime:
    fmt = "%Y-%m-%d %H:%M:%S" if s.count(":") == 2 else "%Y-%m-%d %H:%M"
    return dt.datetime.strptime(s, fmt).replace(tzinfo=dt.UTC)


def _ms(s: str) -> int:
    return int(_when(s).timestamp()) * 1000


def fb(s: str) -> str:
    """Facebook's mojibake: each UTF-8 byte of the text as a Latin-1 character (json then writes ``\\u00e2``...)."""
    return s.encode("utf-8").decode("latin-1")


def unfb(s: str) -> str:
    return s.encode("latin-1").decode("utf-8")


# --- the Messenger conversation ---------------------------------------------------------------------------------------


def chat() -> dict:
    messages = []
    for who, when, content, extra in T.MESSAGES:
        m: dict = {"sender_name": fb(T.PEOPLE[who]), "timestamp_ms": _ms(when)}
        if content:
            m["content"] = fb(content)
        for name, made in extra.get("photo", []):
            m.setdefault("photos", []).append(
                {"uri": f"messages/inbox/{T.THREAD}/photos/{name}", "creation_timestamp": _ms(made) // 1000}
            )
        if "share" in extra:
            link, text = extra["share"]
            m["share"] = {"link": link, "share_text": fb(text)}
        if "call" in extra:
            m["call_duration"] = extra["call"]
        if "react" in extra:
            m["reactions"] = [{"reaction": fb(e), "actor": fb(T.PEOPLE[a])} for e, a in extra["react"]]
        m["is_geoblocked_for_viewer"] = False
        m["is_unsent_image_by_messenger_kid_parent"] = False
        messages.append(m)
    image, made = T.CHAT_IMAGE
    return {
        "participants": [{"name": fb(n)} for n in T.PEOPLE.values()],
        "messages": messages[::-1],
        "title": fb(T.CHAT_TITLE),
        "is_still_participant": True,
        "thread_path": f"inbox/{T.THREAD}",
        "magic_words": [],
        "image": {"uri": f"messages/inbox/{T.THREAD}/{image}", "creation_timestamp": _ms(made) // 1000},
        "joinable_mode": {"mode": 1, "link": ""},
    }


def chat_text() -> str:
    return json.dumps(chat(), indent=2, ensure_ascii=True)


def check_chat(text: str) -> None:
    data = json.loads(text)
    people = {unfb(p["name"]) for p in data["participants"]}
    assert 4 <= len(people) <= 6
    msgs = data["messages"]
    assert 120 <= len(msgs) <= 200, len(msgs)
    times = [m["timestamp_ms"] for m in msgs]
    assert times == sorted(times, reverse=True) and len(set(times)) == len(times)
    for m in msgs:
        assert unfb(m["sender_name"]) in people
        for r in m.get("reactions", []):
            assert unfb(r["actor"]) in people
        assert all(ord(c) < 256 for c in m.get("content", ""))
    assert "\\u00e2\\u0080\\u0099" in text and not re.search(r"[^\x00-\x7f]", text)
    assert sum("call_duration" in m for m in msgs) == 1


# --- the Roam graph ---------------------------------------------------------------------------------------------------


def _uid(key: str) -> str:
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"
    h = hashlib.sha1(key.encode()).digest()
    return "".join(letters[b % len(letters)] for b in h[:9])


def graph() -> list[dict]:
    pages: list[dict] = []
    clock = _when(T.ROAM_START)
    stack: list[tuple[int, list]] = []
    for line in T.ROAM.splitlines():
        if line.startswith("= "):
            title = line[2:]
            t = int(clock.timestamp() * 1000)
            page = {
                "title": title,
                "children": [],
                "create-time": t,
                "edit-time": t,
                "edit-email": T.ROAM_EMAIL,
            }
            pages.append(page)
            stack = [(-1, page["children"])]
            clock += dt.timedelta(hours=19, minutes=7)
            continue
        indent = len(line) - len(line.lstrip(" "))
        depth = indent // 2
        text = line.strip()[2:]
        block: dict = {}
        uid = None
        heading = None
        align = None
        while m := re.match(r"\{(h[123]|c|u:[\w-]{9})\}", text):
            tag = m[1]
            if tag.startswith("h"):
                heading = int(tag[1])
            elif tag == "c":
                align = "center"
            else:
                uid = tag[2:]
            text = text[m.end() :]
        clock += dt.timedelta(minutes=3, seconds=17)
        t = int(clock.timestamp() * 1000)
        block["string"] = text
        block["uid"] = uid or _uid(f"{pages[-1]['title']}/{len(str(pages))}/{text}")
        block["create-time"] = t
        block["edit-time"] = t + 41_000
        block[":create/user"] = {":user/uid": "Xq4MvR7tLd0PaW2nYcHs8bK1eGf3"}
        if heading:
            block["heading"] = heading
        if align:
            block["text-align"] = align
        while stack[-1][0] >= depth:
            stack.pop()
        stack[-1][1].append(block)
        block["children"] = []
        stack.append((depth, block["children"]))
        pages[-1]["edit-time"] = block["edit-time"]

    def prune(blocks: list) -> None:
        for b in blocks:
            if b["children"]:
                prune(b["children"])
            else:
                del b["children"]

    for p in pages:
        prune(p["children"])
    return pages


def graph_text() -> str:
    return json.dumps(graph(), indent=2, ensure_ascii=False) + "\n"


def check_graph(text: str) -> None:
    pages = json.loads(text)
    assert 15 <= len(pages) <= 25, len(pages)
    uids: list[str] = []
    strings: list[str] = []

    def walk(blocks: list, depth: int) -> None:
        assert depth <= 4
        for b in blocks:
            assert len(b["uid"]) == 9
            uids.append(b["uid"])
            strings.append(b["string"])
            walk(b.get("children", []), depth + 1)

    for p in pages:
        walk(p["children"], 1)
    assert 150 <= len(uids) <= 300, len(uids)
    assert len(set(uids)) == len(uids)
    for s in strings:
        for ref in re.findall(r"\(\(([\w-]{9})\)\)", s):
            assert ref in uids, ref


# --- Google Tasks -----------------------------------------------------------------------------------------------------


def _gid(key: str, n: int = 22) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(key.encode()).digest()).decode()[:n]


def _rfc(s: str) -> str:
    return _when(s).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def tasks() -> dict:
    lists: list[dict] = []
    parent_id = None
    positions: dict = {}
    for line in T.TASKS.splitlines():
        if line.startswith("== "):
            title, updated = (x.strip() for x in line[3:].split("|"))
            lid = _gid("list/" + title, 22)
            lists.append(
                {
                    "kind": "tasks#taskList",
                    "id": lid,
                    "title": title,
                    "updated": _rfc(updated),
                    "items": [],
                }
            )
            continue
        sub = line.startswith("  ")
        head, *fields = line.strip()[2:].split(" ;; ")
        m = re.match(r"\[(x (\S+ \S+)| )\] (.*)", head)
        assert m, line
        done, title = m[2], m[3]
        lid = lists[-1]["id"]
        tid = _gid(f"task/{lid}/{title}")
        task: dict = {"kind": "tasks#task", "id": tid, "title": title}
        updated = None
        for f in fields:
            key, _, value = f.partition(" ")
            if key == "due":
                task["due"] = value + "T00:00:00.000Z"
            elif key == "note":
                task["notes"] = value
            elif key == "at":
                updated = value
            elif key == "mail":
                task["links"] = [
                    {
                        "type": "email",
                        "description": value,
                        "link": "https://mail.google.com/mail/#all/"
                        + hashlib.md5(value.encode()).hexdigest()[:16],
                    }
                ]
        task["status"] = "completed" if done else "needsAction"
        if done:
            task["completed"] = _rfc(done)
        task["updated"] = _rfc(updated)
        if sub:
            task["parent"] = parent_id
        else:
            parent_id = tid
        key = (lid, task.get("parent"))
        positions[key] = positions.get(key, -1) + 1
        task["position"] = f"{positions[key]:020d}"
        task["selfLink"] = f"https://www.googleapis.com/tasks/v1/lists/{lid}/tasks/{tid}"
        task["webViewLink"] = f"https://tasks.google.com/task/{tid}?sa=6"
        order = (
            "kind",
            "id",
            "title",
            "notes",
            "status",
            "due",
            "completed",
            "updated",
            "parent",
            "position",
        )
        ordered = {k: task[k] for k in order if k in task}
        ordered.update({k: v for k, v in task.items() if k not in ordered})
        lists[-1]["items"].append(ordered)
    return {"kind": "tasks#taskLists", "items": lists}


def tasks_text() -> str:
    return json.dumps(tasks(), indent=2, ensure_ascii=False)


def check_tasks(text: str) -> None:
    data = json.loads(text)
    assert 4 <= len(data["items"]) <= 6
    n = 0
    for tl in data["items"]:
        ids = {t["id"] for t in tl["items"]}
        for t in tl["items"]:
            n += 1
            assert t.get("parent", t["id"]) in ids
            assert ("completed" in t) == (t["status"] == "completed")
    assert 60 <= n <= 100, n


def check_texts() -> int:
    n = sum(check_weekdays(m[2]) for m in T.MESSAGES)
    return n + check_weekdays(T.ROAM) + check_weekdays(T.TASKS)


def files() -> dict[str, bytes]:
    """The chat, the graph and the tasks, by their path under ``files/private34``."""
    return {
        CHAT_PATH: chat_text().encode("utf-8"),
        T.ROAM_NAME: graph_text().encode("utf-8"),
        TASKS_PATH: tasks_text().encode("utf-8"),
    }


def check(made: dict[str, bytes]) -> int:
    n = check_texts()
    check_chat(made[CHAT_PATH].decode("utf-8"))
    check_graph(made[T.ROAM_NAME].decode("utf-8"))
    check_tasks(made[TASKS_PATH].decode("utf-8"))
    return n


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
