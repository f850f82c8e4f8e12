"""The reading order of what OCR recognised on a page: segments (text, (left, top, right, bottom), score) grouped into
visual lines, and a page set in columns of prose (a scanned newsletter, a paper) read column by column.

A column is found as a vertical corridor of white space that runs the height of a stretch of the page with lines of
prose on both sides (long lines, most of them filling their column); across the whole page, also beside a sidebar (a
window's list of sections, "Plan a journey", "My bookings": a narrow column of a third as many lines or fewer). A
table's label and value columns (a receipt's "Total paid" over there, "£70.30" here, line for line) and a margin's
page number are neither, so their rows are read across as before. Recursive XY-cut: a corridor is looked for first
across the whole stretch, then the stretch is cut where a band of white space runs the width of the page (a title
over the columns), and each piece is read the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

Segment = tuple  # (text, (left, top, right, bottom), score)

CORRIDOR_HEIGHTS = 1.5  # a corridor between columns is at least this many line heights wide
BAND_HEIGHTS = 1.2  # a band of white space across the page at least this many line heights high cuts it
PROSE_WIDTH_HEIGHTS = 12.0  # a column of prose: its lines' median width at least this many line heights
PROSE_FULL_SHARE = 0.6  # ... and this share of them at least 0.7 of its widest
MIN_COLUMN_LINES = 3
SIDEBAR_LINES = 3  # a sidebar: the page beside it has at least this many times its lines
SIDEBAR_WIDTH = 0.5  # ... and it is at most this share of the page beside it wide
MAX_DEPTH = 4


def rows(segments: Sequence[Segment]) -> list[list[Segment]]:
    """Visual lines top to bottom, each left to right: segments whose vertical middle lies within a line's extent
    join it."""
    lines: list[list[Segment]] = []
    for seg in sorted(segments, key=lambda s: (s[1][1] + s[1][3]) / 2):
        middle = (seg[1][1] + seg[1][3]) / 2
        if lines:
            last = lines[-1]
            if min(s[1][1] for s in last) <= middle <= max(s[1][3] for s in last):
                last.append(seg)
                continue
        lines.append([seg])
    for line in lines:
        line.sort(key=lambda s: s[1][0])
    return lines


def reading_lines(segments: Sequence[Segment]) -> list[list[Segment]]:
    """The page's visual lines in reading order: column by column where it is set in columns of prose."""
    return [line for group in _groups(list(segments), 0) for line in rows(group)]


def _height(segments: Sequence[Segment]) -> float:
    heights = sorted(s[1][3] - s[1][1] for s in segments)
    return max(heights[len(heights) // 2], 1.0)


def _groups(segments: list[Segment], depth: int) -> list[list[Segment]]:
    if len(segments) < 2 * MIN_COLUMN_LINES or depth > MAX_DEPTH:
        return [segments]
    height = _height(segments)
    split = _columns(segments, height, depth == 0)
    if split is not None:
        return [g for side in split for g in _groups(side, depth + 1)]
    bands = _bands(segments, height)
    if len(bands) > 1:
        return [g for band in bands for g in _groups(band, depth + 1)]
    return [segments]


def _columns(segments: list[Segment], height: float,
             whole_page: bool) -> tuple[list[Segment], list[Segment]] | None:  # fmt: skip
    """The page's left and right columns of prose (on the ``whole_page``, or a sidebar and the page beside it), split
    at the widest corridor with none of its segments across it; None where there is none."""
    spans = sorted((s[1][0], s[1][2]) for s in segments)
    best, reach = None, spans[0][1]
    for left, right in spans[1:]:
        if left - reach >= CORRIDOR_HEIGHTS * height and (best is None or left - reach > best[1] - best[0]):
            best = (reach, left)
        reach = max(reach, right)
    if best is None:
        return None
    left = [s for s in segments if s[1][2] <= best[0]]
    right = [s for s in segments if s[1][0] >= best[1]]
    if _prose(left, height) and _prose(right, height):
        return left, right
    return (left, right) if whole_page and _sidebar(left, right) else None


def _sidebar(left: list[Segment], right: list[Segment]) -> bool:
    """Whether one side is a sidebar beside the other: a narrow column of a few lines beside many."""
    (narrow, narrow_lines), (wide, wide_lines) = sorted(((side, len(rows(side))) for side in (left, right)),
                                                        key=lambda x: x[1])  # fmt: skip

    def width(side: list[Segment]) -> float:
        return max(s[1][2] for s in side) - min(s[1][0] for s in side)

    return (
        narrow_lines >= MIN_COLUMN_LINES
        and wide_lines >= SIDEBAR_LINES * narrow_lines
        and width(narrow) <= SIDEBAR_WIDTH * width(wide)
    )


def _prose(segments: list[Segment], height: float) -> bool:
    lines = rows(segments)
    if len(lines) < MIN_COLUMN_LINES:
        return False
    widths = sorted(max(s[1][2] for s in line) - min(s[1][0] for s in line) for line in lines)
    full = sum(w >= 0.7 * widths[-1] for w in widths) / len(widths)
    return widths[len(widths) // 2] >= PROSE_WIDTH_HEIGHTS * height and full >= PROSE_FULL_SHARE


def _bands(segments: list[Segment], height: float) -> list[list[Segment]]:
    """``segments`` cut where white space at least BAND_HEIGHTS lines high runs across all of them."""
    ordered = sorted(segments, key=lambda s: s[1][1])
    bands, bottom = [[ordered[0]]], ordered[0][1][3]
    for seg in ordered[1:]:
        if seg[1][1] - bottom >= BAND_HEIGHTS * height:
            bands.append([seg])
        else:
            bands[-1].append(seg)
        bottom = max(bottom, seg[1][3])
    return bands
