"""The apps' JSON exports Alcove reads in words, tried in turn on a ``.json`` file no chat reader took
(engine.index.extraction): each reader says None for a file of another shape, and the first to read it wins. The
order matters where shapes are near: a Slack day before a Keep note, the readers that write notes before those that
write messages."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine.index.document import Page
from engine.index.readers.chatgpt import read_chatgpt
from engine.index.readers.csl import read_csl
from engine.index.readers.dayone import read_dayone
from engine.index.readers.facebook import read_facebook
from engine.index.readers.geojson import read_geojson
from engine.index.readers.gtasks import read_gtasks
from engine.index.readers.keep import read_keep
from engine.index.readers.mastodon import read_mastodon
from engine.index.readers.roam import read_roam
from engine.index.readers.simplenote import read_simplenote
from engine.index.readers.slack import read_slack
from engine.index.readers.trello import read_trello
from engine.index.readers.whisper import read_whisper

# (the type a file it reads is stored as, the reader), in the order they are tried
_READERS: tuple[tuple[str, Callable[[str, Callable[[], None]], Page | None]], ...] = (
    ("note", lambda text, _check: read_keep(text)),  # a Google Keep note from Takeout
    ("note", read_dayone),  # a Day One journal's entries
    ("note", read_trello),  # a Trello board's cards
    ("note", read_roam),  # a Roam graph's pages
    ("note", read_gtasks),  # Google Tasks' lists
    ("note", read_simplenote),  # Simplenote's notes
    ("geojson", read_geojson),  # Google Maps' saved places, GeoJSON
    ("csl", read_csl),  # a reference library as CSL JSON
    ("messages", read_chatgpt),  # a ChatGPT export's conversations, the branch each chat shows
    ("messages", read_mastodon),  # a Mastodon archive's outbox.json, a post a message
    ("messages", read_facebook),  # a Messenger or Instagram chat from Meta's download of your information
    ("messages", read_whisper),  # a Whisper transcript: what was said, by whom and when, as a chat's messages
)


def read_json_export(text: str, path: Path, check: Callable[[], None]) -> tuple[str, Page] | None:
    """(the type to store it as, its page) for a ``.json`` file an app exported; None for any other JSON (code)."""
    day = read_slack(text, path, check)  # a Slack export's day of a channel
    if day is not None:
        return "messages", day
    for kind, read in _READERS:
        page = read(text, check)
        if page is not None:
            return kind, page
    return None
