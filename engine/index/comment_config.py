"""Configuration files under names Alcove does not know (``/etc/login.defs``, ``adduser.conf``, udev's ``.rules``,
``/etc/wgetrc``, ``debconf.conf``): whether a text reads as one, and its paragraphs. Such a file is read as code, so its
"#" comments read as the prose they are, each with the settings under it (engine.index.extraction)."""

from __future__ import annotations

import re

from engine.index.document import Block, add_span

# a line of a configuration file: a setting ("LOGIN_RETRIES 5", "DSHELL=/bin/bash", "umask 022", debconf's "Driver: File"), a section, or a
# rule that sets or tests something (udev's 'KERNEL=="dm-*", GOTO="dm_end"')
_SETTING_LINE = re.compile(r"[A-Za-z_][\w.-]{0,63}(?:\s*=\s*|:?\s+)\S|\[[^\]\n]{1,64}\]$|[^\n]*\S=")
_PROSE_LINE = re.compile(r"(?:\S+\s+){3,}\S+[.!?]$")  # a sentence: four words or more, its full stop


def is_comment_config(text: str) -> bool:
    """Whether ``text`` reads as a configuration file: half its lines or more "#" comments, every other line a
    setting or a section, five lines at least (read to its first 2,000 lines)."""
    lines = [line.strip() for line in text.split("\n", 2000)[:2000] if line.strip()]
    comments = sum(line.startswith("#") for line in lines)
    if len(lines) < 5 or 2 * comments < len(lines):
        return False
    return all(
        line.startswith("#") or (_SETTING_LINE.match(line) and not _PROSE_LINE.match(line)) for line in lines
    )


# a comment line that parts a configuration file's comments into paragraphs: "#" alone, or a rule ("#####", "# ---")
_COMMENT_BREAK = re.compile(r"[ \t]*#+[ \t]*(?:[-=#*~_][ \t]*){0,200}$")


def comment_paragraphs(text: str) -> list[Block]:
    """A configuration file's paragraphs: parted by blank lines and by comment lines that say nothing ("#" alone, a
    rule of "#" or "-"), so each comment paragraph is a block of its own (a file all comments,
    /etc/security/access.conf, was one block of a hundred lines); a setting, or a setting commented out
    ("#YESCRYPT_COST_FACTOR 5"), after such a line stays with the comment over it."""
    blocks: list[Block] = []
    start = pos = 0
    parted = None  # where a "#" line that says nothing parted the paragraph open, if one did
    for line in text.split("\n"):
        if not line.strip():
            add_span(blocks, text, start, pos if parted is None else parted)  # without a "#" line it ends on
            start, parted = pos + len(line) + 1, None
        elif _COMMENT_BREAK.fullmatch(line):
            parted = pos if parted is None else parted
        elif parted is not None:
            bare = line.strip()
            bare = bare[1:] if bare.startswith("#") and not bare[1:2].isspace() else bare
            if bare.startswith("#") or not _SETTING_LINE.match(bare) or _PROSE_LINE.match(bare):
                add_span(blocks, text, start, parted)
                start = pos
            parted = None
        pos += len(line) + 1
    add_span(blocks, text, start, len(text) if parted is None else parted)
    return blocks
