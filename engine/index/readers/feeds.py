"""News and podcast feeds (RSS 2.0, RSS 1.0 / RDF, Atom; ``.rss``, ``.atom``, or ``.xml`` that holds one): a
channel and its episodes or posts as a person reads them, not as XML.

A podcast app's or a blog's feed holds the show's title and description, then an item per episode: its title, date,
length, episode number and show notes, the notes often HTML escaped inside the XML ("&lt;p&gt;We open the
back ..."). Read as code, an answer quotes the escapes and the tags. Here:

- the channel comes first: "The Repair Shed. A podcast about fixing things ... By Sam Okoro.";
- each item (``item``, Atom's ``entry``) is a paragraph of its own, headed by its title: "Episode 12: Kettles.
  Published Tue 4 May 2027. Episode 12 of season 2. Length 42 min 17 s (42:17). By Sam Okoro." then its notes as text
  (HTML reduced to its visible text, a paragraph each), its categories and its audio file;
- dates are as the feed writes them, in words (RFC 822 for RSS, ISO 8601 for Atom), the day named as in the feed;
- a WordPress export (WXR: an RSS feed with ``wp:`` elements, what Tools > Export writes) reads as its site: a post's
  author by the name the site shows, a draft, a private post or a page said so ("A draft, not yet published. Written
  Tue 2 Nov 2027."), its categories and tags apart, an uploaded file's address, and its readers' comments a line each
  ("Comment by Sam Okoro, Sun 4 Apr 2027: ..."; spam and trashed ones not read).

Each item is a chunk of its own (``Block.kind`` "record"). Every piece keeps its file line through the page's
anchors, so a citation names the item's lines. The XML is read by expat with no document type (a ``<!DOCTYPE>``,
which could declare entities, is refused); a file that does not parse, or holds no item and no channel title, is
read as its text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from email.utils import parsedate_to_datetime
from pathlib import PurePosixPath
from urllib.parse import urlparse
from xml.parsers import expat

from engine.index.document import ExtractError, Page
from engine.index.readers.anchored import AnchoredText, XmlRefused, as_text, day_words, walk_xml
from engine.index.readers.html import extract_html

# 3: a draft "not yet published" (held-out 31); 2: a WordPress export's statuses, tags, attachments and comments
READER_VERSION = 3
# the document element of a feed, after any prolog, comments and processing instructions
_ROOT = re.compile(r"\A(?:\ufeff)?\s*(?:<\?[^>]*\?>\s*|<!--.*?-->\s*)*<(?:[\w.-]+:)?(rss|feed|RDF)\b", re.S)
_ITEMS = ("item", "entry")
_NOTES = ("encoded", "content", "description", "summary")  # content:encoded first: a feed's fullest notes
_TAG = re.compile(r"<[a-zA-Z/!][^>]*>")
# a WordPress export's (WXR, an RSS feed with wp: elements) post types and statuses, in words
_KINDS = {"page": "A page of the site.", "attachment": "An uploaded file.", "nav_menu_item": "A menu item."}
_STATUSES = {"draft": "A draft, not yet published.", "pending": "Pending review, not yet published.",
             "private": "Private: only its author and the site's editors see it.", "future": "Scheduled.",
             "trash": "In the bin."}  # fmt: skip


def is_feed(text: str) -> bool:
    """Whether ``text`` (an ``.xml`` file's) is an RSS or Atom feed: its first element is ``rss``, ``feed`` or
    ``rdf:RDF``."""
    return _ROOT.match(text[:4096]) is not None


@dataclass
class _Entry:
    fields: dict[str, tuple[str, int, int]] = field(default_factory=dict)  # name -> (text, line, char)
    categories: list[str] = field(default_factory=list)
    audio: tuple[str, str, int, int] | None = None  # (url, length in bytes, line, char)
    tags: list[str] = field(default_factory=list)  # a WordPress post's tags (its categories above)
    # a WordPress post's comments: each its fields, name -> (text, line, char)
    comments: list[dict[str, tuple[str, int, int]]] = field(default_factory=list)


def _parse(text: str, check: Callable[[], None]) -> tuple[_Entry, list[_Entry]]:
    """(the channel, its items)."""
    channel = _Entry()
    items: list[_Entry] = []
    current: list[_Entry | None] = [None]
    domain = [""]  # the domain of the category element open ("post_tag": a WordPress tag)
    logins: list[str] = []  # a WordPress export's authors: their logins, and the names they show
    names: dict[str, str] = {}

    def opened(name: str, attrs: dict[str, str], where: tuple[int, int]) -> None:
        owner = current[0] or channel
        if name in _ITEMS:
            current[0] = _Entry()
            items.append(current[0])
        elif name == "enclosure" and attrs.get("url"):
            owner.audio = (attrs["url"], attrs.get("length", ""), *where)
        elif name == "category":
            domain[0] = attrs.get("domain", "")
            if attrs.get("text"):
                owner.categories.append(attrs["text"])  # itunes:category
        elif name == "comment" and current[0] is not None:
            current[0].comments.append({})  # wp:comment

    def closed(name: str, parent: str, text: str, at: tuple[int, int]) -> None:
        value = text.strip()
        if name in _ITEMS:
            current[0] = None
            return
        owner = current[0] if current[0] is not None else channel
        if parent == "comment" and owner.comments:
            if value:
                owner.comments[-1].setdefault(name, (value, *at))
            return
        if name == "category" and domain[0] == "post_tag" and value:
            owner.tags.append(value)
            return
        if parent == "author" and name == "author_login" and value:
            logins.append(value)
            return
        if parent == "author" and name == "author_display_name" and value:
            names.setdefault(logins[-1] if logins else "", value)
            return
        if parent not in (*_ITEMS, "channel", "feed", "RDF", "author") or not value:
            return
        if name == "category":
            owner.categories.append(value)
        elif parent == "author" and name == "name":
            owner.fields.setdefault("author", (value, *at))
        else:
            owner.fields.setdefault(name, (value, *at))

    walk_xml(text, check, opened, closed)
    for e in items:  # a post's creator is the author's login: the name the site shows instead
        if "creator" in e.fields and e.fields["creator"][0] in names:
            e.fields["creator"] = (names[e.fields["creator"][0]], *e.fields["creator"][1:])
    return channel, items


def _when(value: str) -> str | None:
    """A feed's date in words: "Tue 4 May 2027" (RFC 822 or ISO 8601), None when it is neither."""
    moment: datetime | None
    try:
        moment = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        try:
            moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            moment = None
    return day_words(moment) if moment is not None else None


def _length(value: str) -> str:
    """An episode's length as a feed gives it ("2537", "42:17", "1:02:03") in words: "42 min 17 s"."""
    parts = value.strip().split(":")
    if not all(p.isdigit() for p in parts) or len(parts) > 3:
        return value.strip()
    seconds = 0
    for p in parts:
        seconds = seconds * 60 + int(p)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    bits = [f"{hours} h"] if hours else []
    bits += [f"{minutes} min"] if minutes or hours else []
    bits += [f"{secs} s"] if secs else []
    return " ".join(bits) or "0 s"


def _size(length: str) -> str:
    return f" ({int(length) / 1e6:.1f} MB)" if length.isdigit() and int(length) > 0 else ""


def _notes_text(value: str) -> list[str]:
    """Show notes as paragraphs of visible text: HTML (escaped in the XML or in CDATA) reduced to what it shows."""
    if _TAG.search(value):
        try:
            value = extract_html(value).text
        except ExtractError:
            value = _TAG.sub(" ", value)
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n", value) if p.strip()]


def _write_entry(w: AnchoredText, e: _Entry, heading: str, is_channel: bool) -> None:
    title = e.fields.get("title")
    w.open(title[0] if title else heading)
    if title:
        w.sentence(title[0], title[1:])
    facts: list[tuple[str, tuple[int, int]]] = []
    status = e.fields.get("status", ("",))[
        0
    ].lower()  # a WordPress post's: publish, draft, pending, private, future
    kind = e.fields.get("post_type", ("",))[0].lower()
    if kind in _KINDS:
        facts.append((_KINDS[kind], e.fields["post_type"][1:]))
    if status in _STATUSES:
        facts.append((_STATUSES[status], e.fields["status"][1:]))
    date = next((e.fields[k] for k in ("pubDate", "published", "updated", "date") if k in e.fields), None)
    if date is not None and (words := _when(date[0])) and status in ("", "publish", "inherit"):
        facts.append((f"Published {words}.", date[1:]))
    elif "post_date" in e.fields and (words := _when(e.fields["post_date"][0])):
        facts.append(
            (f"{'Scheduled for' if status == 'future' else 'Written'} {words}.", e.fields["post_date"][1:])
        )
    episode, season = e.fields.get("episode"), e.fields.get("season")
    if episode:
        facts.append((f"Episode {episode[0]}{f' of season {season[0]}' if season else ''}.", episode[1:]))
    if "duration" in e.fields:
        value, line, char = e.fields["duration"]
        words = _length(value)  # in words, and as the feed and a player write it: "42 min 17 s (42:17)"
        facts.append((f"Length {words}{f' ({value.strip()})' if ':' in value and words != value.strip() else ''}.",
                      (line, char)))  # fmt: skip
    who = next((e.fields[k] for k in ("author", "creator") if k in e.fields), None)
    if who:
        facts.append((f"By {who[0].rstrip('.')}.", who[1:]))
    for text, place in facts:
        w.add(" ", None)
        w.add(text, place)
    notes = next((e.fields[k] for k in _NOTES if k in e.fields), None)
    if notes is None and is_channel:
        notes = e.fields.get("subtitle")
    if notes is not None:
        for para in _notes_text(notes[0]):
            w.line_break()
            w.sentence(para, notes[1:])
    if e.categories:
        w.line_break()
        w.add(f"Categories: {', '.join(dict.fromkeys(e.categories))}.", None)
    if e.tags:
        w.line_break()
        w.add(f"Tags: {', '.join(dict.fromkeys(e.tags))}.", None)
    if "attachment_url" in e.fields:
        url, line, char = e.fields["attachment_url"]
        w.line_break()
        w.add(f"File: {url}.", (line, char))
    for comment in e.comments:
        _write_comment(w, comment)
    if e.audio is not None:
        url, length, line, char = e.audio
        name = PurePosixPath(urlparse(url).path).name or url
        w.line_break()
        w.add(f"Audio: {name}{_size(length)}.", (line, char))
    w.close()


def _write_comment(w: AnchoredText, comment: dict[str, tuple[str, int, int]]) -> None:
    """A WordPress comment as a line: "Comment by Jen Hale, Sat 3 Apr 2027: Mine bolted too." (spam and trashed
    ones not read)."""
    approved = comment.get("comment_approved", ("1",))[0].lower()
    body = comment.get("comment_content")
    if approved in ("spam", "trash") or body is None:
        return
    who = comment.get("comment_author", ("someone",))[0]
    when = _when(comment["comment_date"][0]) if "comment_date" in comment else None
    head = (
        f"Comment by {who}"
        + (f", {when}" if when else "")
        + (" (awaiting approval)" if approved == "0" else "")
    )
    for k, para in enumerate(_notes_text(body[0])):
        w.line_break()
        if k == 0:
            w.add(f"{head}: ", comment.get("comment_author", body)[1:])
        w.sentence(para, body[1:])


def extract_feed(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of a feed's text: the channel, then a paragraph per item, anchored to the file's lines; the text
    itself when it does not parse or holds neither items nor a channel title."""
    try:
        channel, items = _parse(text, check)
    except (expat.ExpatError, XmlRefused, ValueError):
        return as_text(text)
    if not items and "title" not in channel.fields:
        return as_text(text)
    w = AnchoredText()
    _write_entry(w, channel, "Feed", is_channel=True)
    for e in items:
        check()
        _write_entry(w, e, "Item", is_channel=False)
    return w.page()
