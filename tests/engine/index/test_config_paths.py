"""A configuration file's lines sit under paths of keys: JSON, YAML, TOML and INI, read from the start of the file or
from inside it (a chunk's text, from the path the index kept as its heading); the index heads each chunk with the
path at its first line."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.index.chunking import chunk_document
from engine.index.config_paths import config_kind, config_lines, path_changes
from engine.index.extraction import extract
from engine.index.options import READER_VERSIONS, reader_tag
from engine.index.readers.feeds import READER_VERSION as FEED_READER_VERSION
from engine.index.readers.messages import READER_VERSION as MESSAGES_READER_VERSION
from tests.engine.index.index_fakes import minilm_tokenizer

SETTINGS = """{
  "app": "Driftwood",
  "playback": {
    "default_speed": 1.3,
    "sleep_timer": {
      "default_minutes": 25
    },
    "skip_forward_seconds": 45
  },
  "formats": [
    "mp3",
    "ogg"
  ],
  "podcasts": [
    {"title": "Inline One", "speed": 1.0},
    {
      "feed": "https://example.org/heo.xml",
      "title": "History Extra Ordinary",
      "speed": 1.5
    },
    {
      "speed": 0.9
    }
  ]
}
"""

COMPOSE = """name: larder
services:
  # --- Jellyfin: films ---
  jellyfin:
    image: jellyfin/jellyfin:10
    ports:
      - "8096:8096"   # web interface
    volumes:
      - /srv/media:/media:ro
  # --- Pi-hole: DNS ---
  pihole:
    restart: always
    environment:
      - TZ=Europe/London
    command: |
      run this
      and this
  workers:
    - name: thumbnailer
      threads: 2
    - plain item
secrets:
  pihole_password:
    file: ./secrets/pihole_password.txt
"""

INI = """; Shoebox settings
[library]
root = /home/maggie/Pictures
[backup]
; Run the backup every night at this time.
run_at = 02:30
"""

TOML = """title = "Photo sync"
[sync.remote]
host = "nas.local"  # the NAS in the hall
[[jobs]]
name = "phones"
every = "1h"
[[jobs]]
every = "1d"
"""


def _paths(text: str, kind: str, trail: tuple[str, ...] = ()) -> dict[str, tuple[str, str]]:
    return {text[x.start : x.end]: (" > ".join(x.path), x.role) for x in config_lines(text, kind, trail)}


def test_json_keys_lists_and_named_items():
    got = _paths(SETTINGS, "json")
    assert got['"app": "Driftwood",'] == ("", "entry")
    assert got['"sleep_timer": {'] == ("playback", "open")
    assert got['"default_minutes": 25'] == ("playback > sleep_timer", "entry")
    assert got['"skip_forward_seconds": 45'] == ("playback", "entry")  # back out of the inner object
    assert got['"mp3",'] == ("formats", "entry")
    assert got['{"title": "Inline One", "speed": 1.0},'] == ("podcasts", "entry")
    # an item is named by its name key, wherever in it that key is; one without is named by its place
    assert got['"speed": 1.5'] == ("podcasts > History Extra Ordinary", "entry")
    assert got['"speed": 0.9'] == ("podcasts > #3", "entry")
    assert got["]"] == ("", "close")


def test_json_read_from_inside_the_file():
    """A chunk opens inside an item: its path comes from the trail, and closing brackets leave it exactly."""
    part = SETTINGS[SETTINGS.index('      "title": "History') :]
    got = _paths(part, "json", ("podcasts", "History Extra Ordinary"))
    assert got['"speed": 1.5'] == ("podcasts > History Extra Ordinary", "entry")
    assert got['"speed": 0.9'][0].startswith("podcasts")  # the next item, still in the list


def test_yaml_by_indentation():
    got = _paths(COMPOSE, "yaml")
    assert got["name: larder"] == ("", "entry")
    assert got["image: jellyfin/jellyfin:10"] == ("services > jellyfin", "entry")
    assert got['- "8096:8096"   # web interface'] == ("services > jellyfin > ports", "entry")
    assert got["# --- Pi-hole: DNS ---"] == ("services", "comment")  # at the level of the keys it speaks of
    assert got["restart: always"] == ("services > pihole", "entry")
    assert got["run this"][1] == "other"  # a block of text is no setting
    assert got["threads: 2"] == ("services > workers > thumbnailer", "entry")
    assert got["- plain item"] == ("services > workers", "entry")
    assert got["file: ./secrets/pihole_password.txt"] == ("secrets > pihole_password", "entry")


def test_yaml_read_from_inside_the_file():
    part = COMPOSE[COMPOSE.index("- /srv/media") :]  # a chunk starts at a word
    got = _paths(part, "yaml", ("services", "jellyfin", "volumes"))
    assert got["- /srv/media:/media:ro"] == ("services > jellyfin > volumes", "entry")
    assert got["restart: always"] == (
        "services > pihole",
        "entry",
    )  # two levels up, then into the next service
    assert got["file: ./secrets/pihole_password.txt"] == ("secrets > pihole_password", "entry")


def test_ini_and_toml_sections():
    got = _paths(INI, "ini")
    assert got["root = /home/maggie/Pictures"] == ("library", "entry")
    assert got["run_at = 02:30"] == ("backup", "entry")
    assert got["; Run the backup every night at this time."] == ("backup", "comment")
    got = _paths(TOML, "toml")
    assert got['title = "Photo sync"'] == ("", "entry")
    assert got['host = "nas.local"  # the NAS in the hall'] == ("sync > remote", "entry")
    assert got['every = "1h"'] == ("jobs > phones", "entry")
    assert got['every = "1d"'] == ("jobs", "entry")


@pytest.mark.parametrize(
    ("name", "kind"),
    [("a.json", "json"), ("b.YML", "yaml"), ("c.yaml", "yaml"), ("Cargo.toml", "toml"), ("d.ini", "ini"),
     ("setup.cfg", "ini"), ("e.py", None), ("f.md", None)],
)  # fmt: skip
def test_config_kind_by_name(name, kind):
    assert config_kind(name) == kind


def test_unreadable_lines_keep_the_path_above():
    """Never a parser that rejects a file: broken JSON and stray lines still get a path."""
    broken = '{\n  "a": {\n    "b": 1,\n    oops no quotes\n  }\n}}\n]\n'
    got = _paths(broken, "json")
    assert got['"b": 1,'] == ("a", "entry")
    assert got["oops no quotes"] == ("a", "other")
    assert _paths("", "yaml") == {} and _paths("\n\n", "toml") == {}


def test_chunks_of_a_settings_file_are_headed_by_their_path():
    """The index keeps the path at a chunk's first line as its heading trail; the code reader's version says so,
    so an index made before reads these files again."""
    body = "".join(f'    "setting_{i}": "{"value " * 6}{i}",\n' for i in range(60))
    text = '{\n  "outer": {\n    "inner": {\n' + body + '      "last": 1\n    }\n  }\n}\n'
    doc = extract(Path("big.json"), text.encode())
    assert doc.pages[0].trails and doc.pages[0].trail_at(len(text) // 2) == "outer > inner"
    chunks = chunk_document(doc, minilm_tokenizer(), max_tokens=120, overlap_tokens=16)
    assert len(chunks) > 3
    assert chunks[0].heading == ""
    assert all(c.heading == "outer > inner" for c in chunks[1:])
    assert path_changes(text, "json")[0] == (0, "")
    # other code is not headed by paths
    py = extract(Path("m.py"), b"def f():\n    return 1\n")
    assert py.pages[0].trails == ()
    # an .xml or .json file's tag names the versions of the readers that may read it in words; other code's does not
    assert READER_VERSIONS["code"] == 3 and reader_tag("code", ".py") == reader_tag("code") == b":code-3"
    assert reader_tag("code", ".xml").startswith(
        b":code-3+feed%d+messages%d" % (FEED_READER_VERSION, MESSAGES_READER_VERSION)
    ) and b"+health" in reader_tag("code", ".xml")
    assert reader_tag("code", ".JSON").startswith(b":code-3+messages") and b"+slack" in reader_tag(
        "code", ".json"
    )


def test_yaml_list_items_at_their_keys_indentation():
    """Compact YAML writes a key's list at the key's own indentation; its items are still under it."""
    text = (
        "ports:\n- 80:80\n- 443:443\nvolumes:\n- name: data\n  size: 10G\n- name: logs\n  size: 1G\nlast: 1\n"
    )
    got = _paths(text, "yaml")
    assert got["- 80:80"] == ("ports", "entry") and got["- 443:443"] == ("ports", "entry")
    assert got["size: 10G"] == ("volumes > data", "entry")
    assert got["size: 1G"] == ("volumes > logs", "entry")
    assert got["last: 1"] == ("", "entry")
