"""Where each line of a configuration file sits: the path of keys above it.

A settings file read as prose says little line by line: ``"speed": 1.5,`` is the speed of which podcast, ``restart:
always`` of which container, ``run_at = 02:30`` of what? Here each line of a JSON, YAML, TOML or INI file gets its
path, the keys (and named list items) it sits under: ``podcasts > History Extra Ordinary`` for the speed,
``services > pihole`` for the restart policy, ``backup`` for the time. The index keeps a chunk's path as its heading
trail (``Page.trails``), and an answer shows a setting under its path (engine.rag.table_rows).

The reading is line by line and forgiving, never a parser that rejects a file: a line it cannot place keeps the path
above it. It can start inside a file (a chunk that opens in the middle of an object) from the path the index kept for
that chunk: JSON's and INI's paths are exact from there; YAML's are placed by indentation, taking the step between
levels from the lines it sees (2 spaces when it sees none).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePath

CONFIG_SUFFIXES = {
    ".json": "json",
    ".yaml": "yaml",
    ".yml": "yaml",
    ".toml": "toml",
    ".ini": "ini",
    ".cfg": "ini",
}
# a list item is named by the first of these keys it holds ("title": "History Extra Ordinary")
NAME_KEYS = ("name", "title", "id", "label", "key", "container_name")
NAME_LOOKAHEAD_LINES = 200  # how far into a list item its name is looked for
MAX_NAME_CHARS = 60

_JSON_KEY = re.compile(r'^"((?:[^"\\]|\\.)*)"\s*:\s*(.*)$')
_JSON_NAME = re.compile(r'^"((?:[^"\\]|\\.)*)"\s*:\s*"((?:[^"\\]|\\.)*)"')
_YAML_KEY = re.compile(r"""^(?:"([^"]*)"|'([^']*)'|([^\s#'"\-?:][^:#]*?|-[^\s:#][^:#]*?))\s*:(?:\s+(.*))?$""")
_YAML_ITEM = re.compile(r"^-(?:\s+(.*))?$")
_SECTION = re.compile(r"^\[\[?\s*([^\[\]]+?)\s*\]\]?\s*(?:[#;].*)?$")
_INI_KEY = re.compile(r"^([^=:\s#;\[][^=:]*?)\s*[=:]\s*(.*)$")
_TOML_NAME = re.compile(r"""^(?:name|title|id|label|key)\s*=\s*["']([^"']*)["']""")


@dataclass(frozen=True)
class ConfigLine:
    start: int  # the line's text (stripped of its indentation) in the file's text
    end: int
    path: tuple[str, ...]  # the keys and named list items it sits under
    role: str  # "entry": a key with its value or a list's value; "open": a key that opens an object or a list, a
    # [section] header; "close": a closing bracket; "comment"; "other": a line it cannot place (a chunk's first
    # line, cut inside; a block scalar's text)


def config_kind(path: str | PurePath) -> str | None:
    """ "json", "yaml", "toml" or "ini" for a configuration file's name; None for any other file."""
    return CONFIG_SUFFIXES.get(PurePath(path).suffix.lower())


def _lines(text: str):
    """(start, end, indentation, text) of each line."""
    pos = 0
    for line in text.split("\n"):
        stripped = line.strip()
        a = pos + len(line) - len(line.lstrip())
        yield a, a + len(stripped), len(line) - len(line.lstrip()), stripped
        pos += len(line) + 1


def _name(value: str) -> str:
    value = " ".join(value.split())
    return value if len(value) <= MAX_NAME_CHARS else value[: MAX_NAME_CHARS - 1] + "…"


def config_lines(text: str, kind: str, trail: tuple[str, ...] = ()) -> list[ConfigLine]:
    """Every non-blank line of ``text`` (a file of ``kind``, or a stretch of one whose first line sits under
    ``trail``) with its path and role."""
    if kind == "json":
        return _json(text, trail)
    if kind == "yaml":
        return _yaml(text, trail)
    return _sections(text, trail, toml=kind == "toml")


def path_changes(text: str, kind: str) -> tuple[tuple[int, str], ...]:
    """(offset, path as "a > b") wherever the path a line sits under changes: ``Page.trails``."""
    out: list[tuple[int, str]] = []
    last = None
    for line in config_lines(text, kind):
        # an opening line sits under its parent, as a heading does over its section
        if line.path != last:
            out.append((line.start, " > ".join(line.path)))
            last = line.path
    return tuple(out)


def _json(text: str, trail: tuple[str, ...]) -> list[ConfigLine]:
    lines = list(_lines(text))
    stack: list[str] = list(trail)  # one entry per open object or list ("" for an unnamed one)
    kinds: list[str] = ["?"] * len(stack)  # "{" or "[" for those opened here
    counts: list[int] = [0] * len(stack)  # the items each has held so far
    out: list[ConfigLine] = []
    for k, (a, b, _, s) in enumerate(lines):
        if not s:
            continue
        path = tuple(p for p in stack if p)
        if s.startswith("//"):
            out.append(ConfigLine(a, b, path, "comment"))
            continue
        found, body, opens = _json_line(s)
        if found and opens:
            out.append(ConfigLine(a, b, path, "open"))
            stack.append(_name(found.group(1)))
            kinds.append(body[0])
            counts.append(0)
        elif found:
            out.append(ConfigLine(a, b, path, "entry"))
        elif opens:  # an object or a list inside a list: named by its name key, else by its place ("#2")
            out.append(ConfigLine(a, b, path, "open"))
            # (a bare "{" inside an object is no JSON: the list it is in opened above the stretch read)
            if stack:
                counts[-1] += 1
                named = _json_item_name(lines, k) if body[0] == "{" else ""
                stack.append(named or (f"#{counts[-1]}" if kinds[-1] == "[" else ""))
            else:
                stack.append("")  # the file's own object
            kinds.append(body[0])
            counts.append(0)
        elif s[0] in "}]":
            if stack:
                stack.pop()
                kinds.pop()
                counts.pop()
            out.append(ConfigLine(a, b, tuple(p for p in stack if p), "close"))
        elif k == 0 and trail:
            out.append(ConfigLine(a, b, path, "other"))  # a chunk's first line, cut inside
        elif kinds and kinds[-1] == "[":
            counts[-1] += 1
            out.append(ConfigLine(a, b, path, "entry"))  # a list's value: "mp3",
        else:
            out.append(ConfigLine(a, b, path, "other"))
    return out


def _json_line(s: str) -> tuple[re.Match | None, str, bool]:
    """A JSON line's key (None for a bare value or bracket), what follows the key, and whether it opens an object or
    a list that goes on past the line."""
    key = _JSON_KEY.match(s)
    body = key.group(2) if key else s
    return key, body, body[:1] in "{[" and not _closes_on_line(body)


def _closes_on_line(body: str) -> bool:
    """Whether the object or list ``body`` opens closes on the same line (``{"a": 1}``, ``[]``)."""
    depth, quoted, escaped = 0, False, False
    for ch in body:
        if quoted:
            escaped, quoted = (not escaped and ch == "\\"), quoted and (escaped or ch != '"')
            continue
        if ch == '"':
            quoted = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                return True
    return False


def _json_item_name(lines, k: int) -> str:
    """The name of the object that opens on line ``k`` inside a list: the value of its name key (the first of
    NAME_KEYS it holds at its own level)."""
    depth = 0
    found: dict[str, str] = {}
    for _, _, _, s in lines[k + 1 : k + 1 + NAME_LOOKAHEAD_LINES]:
        if depth == 0:
            named = _JSON_NAME.match(s)
            if named and named.group(1) in NAME_KEYS:
                found.setdefault(named.group(1), named.group(2))
        if _json_line(s)[2]:
            depth += 1
        elif s[:1] in "}]":
            if depth == 0:
                break
            depth -= 1
    for key in NAME_KEYS:
        if key in found:
            return _name(found[key])
    return ""


def _yaml(text: str, trail: tuple[str, ...]) -> list[ConfigLine]:
    lines = list(_lines(text))
    indents = sorted({0, *(ind for _, _, ind, s in lines[1:] if s and not s.startswith("#"))})
    steps = [b - a for a, b in zip(indents, indents[1:], strict=False)]
    step = min(steps) if steps else 2
    # a stretch read from inside the file: its trail's keys are at the levels of a file indented by ``step`` from
    # column 0, and its first line (a chunk starts at a word: its indentation is not in the text) one level below
    # (indentation, name, whether it is a list item)
    stack: list[tuple[int, str, bool]] = [(step * i, t, False) for i, t in enumerate(trail)]
    if trail and lines:
        a, b, _, s = lines[0]
        lines[0] = (a, b, step * len(trail), s)

    def path() -> tuple[str, ...]:
        return tuple(n for _, n, _ in stack if n)

    def leave(ind: int, item: bool) -> None:
        # a key at this indentation closes what is open at it or deeper; a list item closes only the item before
        # it, not the key it is listed under ("ports:" over "- 80:80" at the same indentation)
        while stack and (stack[-1][0] > ind or (stack[-1][0] == ind and (stack[-1][2] or not item))):
            stack.pop()

    out: list[ConfigLine] = []
    block = -1  # the indentation of a key whose value is a block of text ("|", ">"): its lines are text
    for a, b, ind, s in lines:
        if not s:
            continue
        if block >= 0 and ind > block:
            out.append(ConfigLine(a, b, path(), "other"))
            continue
        block = -1
        if s.startswith("#") or s in ("---", "..."):
            # a comment is set at the level of the keys it speaks of: "  # --- Watchtower" is no longer in the
            # list above it
            leave(ind, False)
            out.append(ConfigLine(a, b, path(), "comment" if s.startswith("#") else "other"))
            continue
        item = _YAML_ITEM.match(s)
        leave(ind, item is not None)
        if item:
            rest = (item.group(1) or "").strip()
            key = _YAML_KEY.match(rest) if rest else None
            if key:  # "- name: pihole": a named item of the list, the key its first entry
                name = _yaml_value(key.group(4) or "")
                stack.append((ind, _name(name) if _yaml_key(key) in NAME_KEYS and name else "", True))
                opens = not (key.group(4) or "").split("#", 1)[0].strip()
                out.append(ConfigLine(a, b, path(), "open" if opens else "entry"))
                if opens:
                    stack.append((ind + len(s) - len(rest), _name(_yaml_key(key)), False))
                continue
            out.append(ConfigLine(a, b, path(), "entry" if rest else "open"))
            if not rest:
                stack.append((ind, "", True))
            continue
        key = _YAML_KEY.match(s)
        if key is None:
            out.append(ConfigLine(a, b, path(), "other"))
            continue
        value = (key.group(4) or "").split(" #", 1)[0].strip()
        if not value:
            out.append(ConfigLine(a, b, path(), "open"))
            stack.append((ind, _name(_yaml_key(key)), False))
        else:
            out.append(ConfigLine(a, b, path(), "entry"))
            if value[:1] in "|>":
                block = ind
    return out


def _yaml_key(found: re.Match) -> str:
    return next(g for g in found.groups()[:3] if g is not None).strip()


def _yaml_value(value: str) -> str:
    value = value.split(" #", 1)[0].strip()
    return value[1:-1] if len(value) > 1 and value[0] == value[-1] and value[0] in "\"'" else value


def _sections(text: str, trail: tuple[str, ...], toml: bool) -> list[ConfigLine]:
    """INI and TOML: a ``[section]`` (TOML: ``[a.b]``, ``[[list]]``, its item named by its name key) over its
    ``key = value`` lines."""
    lines = list(_lines(text))
    path = trail
    out: list[ConfigLine] = []
    for k, (a, b, _, s) in enumerate(lines):
        if not s:
            continue
        if s[0] in "#;":
            out.append(ConfigLine(a, b, path, "comment"))
            continue
        section = _SECTION.match(s)
        if section:
            name = section.group(1)
            parts = [p.strip().strip("\"'") for p in name.split(".")] if toml else [name]
            if toml and s.startswith("[["):
                item = _toml_item_name(lines, k)
                parts += [item] if item else []
            path = tuple(_name(p) for p in parts if p)
            out.append(ConfigLine(a, b, path, "open"))
            continue
        # a stretch's first line that is no "key = value" was cut inside by the chunk
        cut = k == 0 and trail and not _INI_KEY.match(s)
        out.append(ConfigLine(a, b, path, "other" if cut else "entry"))
    return out


def _toml_item_name(lines, k: int) -> str:
    for _, _, _, s in lines[k + 1 : k + 1 + NAME_LOOKAHEAD_LINES]:
        if _SECTION.match(s):
            break
        named = _TOML_NAME.match(s)
        if named:
            return _name(named.group(1))
    return ""
