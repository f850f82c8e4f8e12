"""Recipes exported from Paprika (``.paprikarecipes``, what Paprika 3's "Export" writes on the Mac, iPhone and
iPad; ``.paprikarecipe``, one recipe), each read as a recipe card reads.

An export is a zip with a member per recipe (``Soda bread.paprikarecipe``), each gzip-compressed JSON: ``name``,
``ingredients`` and ``directions`` (one string each, lines apart), ``description``, ``notes``, ``nutritional_info``,
``servings``, ``prep_time``, ``cook_time``, ``total_time``, ``difficulty``, ``rating`` (0 to 5 stars), ``categories``,
``source`` and ``source_url``, ``created``, and the photo (``photo_data``: base64 JPEG, never read). Read as a file,
it is compressed bytes: nothing of it could be searched.

Here each recipe is a page, numbered as its member's place in the zip: its name a heading, its description, a line for
each of its servings, times, difficulty, rating, categories and source ("Rating: 4 of 5 stars."), then its
ingredients under a heading, a line each ("450 g plain flour."), its directions a paragraph a step, its notes and its
nutrition. A member that is not a recipe Paprika wrote is named in the file's notes; the rest are read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

from engine.index.bounds import (
    MAX_DECOMPRESSED_BYTES,
    BudgetExceeded,
    charge,
    open_zip,
    read_gzip,
    read_zip_member,
)
from engine.index.document import ExtractError, Page
from engine.index.readers.anchored import MONTH_NAMES, SENTENCE_END
from engine.index.readers.office import lines_page

READER_VERSION = 1
_GZIP = b"\x1f\x8b"
# the recipe's facts, in this order, with these names
_FACTS = (("servings", "Servings"), ("prep_time", "Prep time"), ("cook_time", "Cook time"),
          ("total_time", "Total time"), ("difficulty", "Difficulty"))  # fmt: skip
_CREATED = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text if not text or SENTENCE_END.search(text) else text + "."


def _value(recipe: dict, key: str) -> str:
    value = recipe.get(key)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return value.strip() if isinstance(value, str) else ""


def extract_paprika(data: bytes, check: Callable[[], None]) -> tuple[tuple[Page, ...], tuple[str, ...]]:
    """A page for each recipe of a Paprika export, or of one recipe (see the module's docstring), and notes on the
    members that are not recipes."""
    if data[:2] == _GZIP:
        members: Iterator[tuple[str, bytes]] = iter([("the recipe", data)])
    else:
        zf = open_zip(data, "Paprika export", cap=MAX_DECOMPRESSED_BYTES)
        # each member read when its turn comes: one recipe's bytes held at a time
        members = (
            (i.filename, read_zip_member(zf, i.filename, check=check))
            for i in zf.infolist()
            if not i.is_dir()
        )
    pages: list[Page] = []
    bad: list[str] = []
    for number, (name, raw) in enumerate(members, 1):
        check()
        try:
            body = read_gzip(raw, check=check) if raw[:2] == _GZIP else raw
            recipe = json.loads(body.decode("utf-8-sig"))
        except BudgetExceeded:
            raise
        except (ExtractError, ValueError, UnicodeDecodeError):
            bad.append(name)
            continue
        if not isinstance(recipe, dict):
            bad.append(name)
            continue
        page = _recipe_page(recipe, number)
        if page is None:
            bad.append(name)
            continue
        charge(check, 2 * len(page.text))
        pages.append(page)
    if not pages:
        raise ExtractError("The Paprika export holds no recipe that could be read.")
    notes = ()
    if bad:
        shown = ", ".join(bad[:3]) + (f" and {len(bad) - 3} more" if len(bad) > 3 else "")
        notes = (
            f"{len(bad)} member{'s' if len(bad) > 1 else ''} of the export could not be read as a recipe ({shown}).",
        )
    return tuple(pages), notes


def _lines(value: str) -> list[str]:
    return [" ".join(line.split()) for line in value.replace("\r", "\n").split("\n") if line.strip()]


def _recipe_page(recipe: dict, number: int) -> Page | None:
    name = " ".join(_value(recipe, "name").split())
    lines: list[tuple[str, int]] = [(name or "Recipe", 1), ("", 0)]
    lines += [(_sentence(line), 0) for line in _lines(_value(recipe, "description"))]
    for key, label in _FACTS:
        if value := " ".join(_value(recipe, key).split()):
            lines.append((_sentence(f"{label}: {value}"), 0))
    rating = recipe.get("rating")
    if isinstance(rating, (int, float)) and not isinstance(rating, bool) and 0 < rating <= 5:
        lines.append((f"Rating: {int(rating)} of 5 stars.", 0))
    categories = recipe.get("categories")
    if isinstance(categories, list):
        named = [" ".join(c.split()) for c in categories if isinstance(c, str) and c.strip()]
        if named:
            lines.append((_sentence("Categories: " + ", ".join(named)), 0))
    source, url = _value(recipe, "source"), _value(recipe, "source_url")
    if source or url:
        lines.append((_sentence("Source: " + ", ".join(x for x in (source, url) if x)), 0))
    if found := _CREATED.match(_value(recipe, "created")):
        y, m, d = (int(g) for g in found.groups())
        if 1 <= m <= 12:
            lines.append((f"Added on {d} {MONTH_NAMES[m - 1]} {y}.", 0))
    for key, heading in (("ingredients", "Ingredients"), ("directions", "Directions"), ("notes", "Notes"),
                         ("nutritional_info", "Nutrition")):  # fmt: skip
        body = _lines(_value(recipe, key))
        if not body:
            continue
        lines.append((heading if not name else f"{heading} for {name}", 2))
        lines.append(("", 0))
        for line in body:
            # an ingredient list's own section ("For the sauce:") stays as it is; a line of it is a sentence
            lines.append((line if key == "ingredients" and line.endswith(":") else _sentence(line), 0))
    if len(lines) <= 2:
        return None
    return lines_page(lines, number)
