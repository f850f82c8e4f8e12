"""A read-only Markdown view that grows to fit its text, throttles re-renders while a reply streams, gives code
blocks a tinted panel, turns ``[n]`` citations into links, and can show draft-accepted tokens or a diffusion canvas.
"""

from __future__ import annotations

import re
import time

from PySide6.QtCore import QSize, Qt, QTimer, QUrl, Signal, Slot
from PySide6.QtGui import (
    QColor,
    QDesktopServices,
    QFont,
    QFontDatabase,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
)
from PySide6.QtWidgets import QFrame, QMessageBox, QSizePolicy, QTextBrowser, QWidget

from . import style

_CITATION = re.compile(r"(?<![\[\w])\[(\d{1,3}(?:\s*,\s*\d{1,3}){0,9})\](?![(\[])")


def _link_markers(text: str) -> str:
    """``[2]`` and ``[1, 3]`` become one link per number (``[[1]](#source-1@4)``), styled as chips after
    rendering. ``@4``: the marker is the text's fifth, so a click can open the sentence it follows."""
    count = iter(range(1 << 30))

    def sub(m: re.Match) -> str:
        k = next(count)
        return "".join(f"[[{n}]](#source-{n}@{k})" for n in re.findall(r"\d+", m.group(1)))

    return _CITATION.sub(sub, text)


# A list item whose text starts like another block ("- 9. BECAUSE…", "- # Notes", "- > quote"): Markdown would
# nest a numbered list (an empty bullet, then "9." on the next line), a heading or a quote inside the bullet.
_ITEM_BLOCK_START = re.compile(
    r"^(?! {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$)( {0,3}[-*+][ \t]+)(?:(\d{1,9})([.)])|(#{1,6}|[>*+-]))(?=[ \t]|$)",
    re.M,
)


def literal_items(text: str) -> str:
    """List items keep their text as written: a leading "9.", "#", ">", "*" is escaped, not read as a block."""

    def sub(m: re.Match) -> str:
        if m.group(3):
            return f"{m.group(2)}{m.group(3)}\\{m.group(4)}"
        return f"{m.group(2)}\\{m.group(5)}"

    return _ITEM_BLOCK_START.sub(sub, text)


_FENCE = re.compile(r"^ {0,3}(```|~~~)", re.M)
_IMAGE = re.compile(r"!\[([^\]\n]*)\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
_LINK = re.compile(r"(?<!!)\[([^\]\n]+)\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
# Raw HTML in an answer is shown as text (no <img>, no <a>): nothing the model writes can load a resource.
MARKDOWN_FEATURES = QTextDocument.MarkdownFeature(
    QTextDocument.MarkdownFeature.MarkdownDialectGitHub.value
    | QTextDocument.MarkdownFeature.MarkdownNoHTML.value
)


def inert_links(text: str) -> str:
    """Images become their description and address as text (never loaded); a link shows its full address,
    ``[docs](https://x.y/z)`` -> ``docs (<https://x.y/z>)``, so the reader sees where it goes before clicking (and
    a click asks first). Code blocks are left alone."""
    parts = _FENCE.split(text)
    out, in_code = [], False
    for i, part in enumerate(parts):
        if i % 2 == 1:  # the fence marker itself
            in_code = not in_code
            out.append(part)
            continue
        if not in_code:
            part = literal_items(part)
            part = _IMAGE.sub(lambda m: f"[image: {m.group(1) or 'untitled'}] `{m.group(2)}`", part)
            part = _LINK.sub(_shown_link, part)
        out.append(part)
    return "".join(out)


def _shown_link(m: re.Match) -> str:
    label, url = m.group(1), m.group(2)
    if re.fullmatch(r"\d{1,3}(?:\s*,\s*\d{1,3})*", label):  # "[1](...)": a citation marker with a stray link
        return f"[{label}]"
    if label.strip() == url:
        return f"<{url}>"
    return f"{label} (<{url}>)" if re.match(r"[a-z][a-z0-9+.-]*:", url, re.I) else f"{label} (`{url}`)"


def confirm_open(parent: QWidget | None, url: QUrl) -> bool:
    """Ask before a link in an answer opens anything: the model wrote it, the documents did not."""
    shown = url.toString()
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle("Open Link?")
    box.setText("Open this link in your browser?")
    box.setInformativeText(f"{shown}\n\nThe model wrote this link; it is not taken from your documents.")
    box.setStandardButtons(QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    return box.exec() == QMessageBox.StandardButton.Open


MIN_INTERVAL_MS = 30  # at most ~33 re-renders a second while a reply streams


class MarkdownView(QTextBrowser):
    source_clicked = Signal(int)  # a [n] citation was clicked
    citation_clicked = Signal(int, int)  # the same click: n, and where the marker stands in the Markdown
    file_link_clicked = Signal(str)  # a link to a local file: opened in the viewer when it is a cited source

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("MessageBody")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setOpenLinks(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.LinksAccessibleByMouse
        )
        self.document().setDocumentMargin(2)
        self.anchorClicked.connect(self._on_anchor)
        self._markdown = ""
        self._segments: list[tuple[str, bool]] | None = None  # set: the next render draws tinted plain text
        self._interval_ms = MIN_INTERVAL_MS
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._render)
        self.render_count = 0  # for tests: proof that streaming re-renders are throttled
        self._citation_tips: dict[int, str] = {}

    # -- content --------------------------------------------------------------------------------------
    def markdown(self) -> str:
        return self._markdown

    def set_markdown(self, text: str, *, immediate: bool = False) -> None:
        """Show ``text``; while streaming, renders at most once per interval (adapted to the render cost)."""
        self._markdown = text
        self._segments = None
        self._schedule(immediate)

    def _schedule(self, immediate: bool) -> None:
        if immediate:
            self._timer.stop()
            self._render()
        elif not self._timer.isActive():
            self._timer.start(self._interval_ms)

    def flush(self) -> None:
        if self._timer.isActive():
            self._timer.stop()
            self._render()

    @Slot()
    def _render(self) -> None:
        start = time.perf_counter()
        if self._segments is not None:
            self._draw_segments(self._segments)
        else:
            self.document().setMarkdown(_link_markers(inert_links(self._markdown)), MARKDOWN_FEATURES)
            self._style_code_blocks()
            self._style_citations()
            self._fit()
        self.render_count += 1
        cost_ms = (time.perf_counter() - start) * 1000
        # Keep rendering under ~20% of the GUI thread's time, however long the reply gets.
        self._interval_ms = int(max(MIN_INTERVAL_MS, 5 * cost_ms))

    def set_citation_tips(self, tips: dict[int, str]) -> None:
        """Hover text of each ``[n]`` marker (the quoted passage); re-renders when it changes."""
        if tips != self._citation_tips:
            self._citation_tips = dict(tips)
            self._timer.stop()
            self._render()

    def marker_position(self, k: int) -> int:
        """Where the text's ``k``-th citation marker starts in the Markdown as given (-1: none)."""
        found = list(_CITATION.finditer(self._markdown)) if k >= 0 else []
        return found[k].start() if 0 <= k < len(found) else -1

    def citation_anchors(self) -> list[int]:
        """The ``[n]`` markers as rendered, in reading order (for tests)."""
        out, block = [], self.document().begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                href = it.fragment().charFormat().anchorHref()
                if href.startswith("#source-"):
                    out.append(_marker(href[1:])[0])
                it += 1
            block = block.next()
        return out

    def set_segments(self, segments: list[tuple[str, bool]], *, immediate: bool = False) -> None:
        """Plain text with draft-accepted runs tinted (the optional speculative-decoding view); throttled like
        ``set_markdown`` while streaming."""
        self._segments = list(segments)
        self._schedule(immediate)

    def _draw_segments(self, segments: list[tuple[str, bool]]) -> None:
        self.clear()
        cursor = QTextCursor(self.document())
        plain, draft = QTextCharFormat(), QTextCharFormat()
        draft.setBackground(style.color("draft"))
        for text, from_draft in _merge(segments):
            cursor.insertText(text, draft if from_draft else plain)
        self._fit()

    def set_canvas(self, committed: str, block_text: str, settled: float) -> None:
        """A diffusion reply: settled text, then the block being denoised in a fainter colour."""
        self._timer.stop()
        self._segments = None
        self.clear()
        cursor = QTextCursor(self.document())
        cursor.insertText(committed, QTextCharFormat())
        live = QTextCharFormat()
        faint = QColor(style.color("text"))
        faint.setAlphaF(0.35 + 0.65 * max(0.0, min(1.0, settled)))
        live.setForeground(faint)
        cursor.insertText(block_text, live)
        self._fit()

    # -- presentation ---------------------------------------------------------------------------------
    def _style_code_blocks(self) -> None:
        doc = self.document()
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        mono.setPointSizeF(max(8.0, self.font().pointSizeF() * 0.95))
        code_bg = style.color("code")
        block = doc.begin()
        cursor = QTextCursor(doc)
        while block.isValid():
            fmt = block.blockFormat()
            if fmt.hasProperty(QTextFormat.Property.BlockCodeFence) or fmt.hasProperty(
                QTextFormat.Property.BlockCodeLanguage
            ):
                cursor.setPosition(block.position())
                panel = QTextBlockFormat()
                panel.setBackground(code_bg)
                panel.setLeftMargin(8)
                panel.setRightMargin(8)
                cursor.mergeBlockFormat(panel)
                cursor.select(QTextCursor.SelectionType.BlockUnderCursor)
                chars = QTextCharFormat()
                chars.setFont(
                    mono, QTextCharFormat.FontPropertiesInheritanceBehavior.FontPropertiesSpecifiedOnly
                )
                cursor.mergeCharFormat(chars)
            else:
                it = block.begin()
                while not it.atEnd():  # inline `code` spans: a light tint
                    frag = it.fragment()
                    if frag.isValid() and frag.charFormat().fontFixedPitch():
                        cursor.setPosition(frag.position())
                        cursor.setPosition(frag.position() + frag.length(), QTextCursor.MoveMode.KeepAnchor)
                        tint = QTextCharFormat()
                        tint.setBackground(code_bg)
                        tint.setFontFamilies([mono.family()])
                        cursor.mergeCharFormat(tint)
                    it += 1
            block = block.next()

    def _style_citations(self) -> None:
        """``[n]`` links as small tinted chips (no underline), with the quoted passage on hover."""
        doc = self.document()
        cursor = QTextCursor(doc)
        block = doc.begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                frag = it.fragment()
                href = frag.charFormat().anchorHref() if frag.isValid() else ""
                if href.startswith("#source-"):
                    cursor.setPosition(frag.position())
                    cursor.setPosition(frag.position() + frag.length(), QTextCursor.MoveMode.KeepAnchor)
                    chip = QTextCharFormat()
                    chip.setFontUnderline(False)
                    chip.setForeground(style.color("accent"))
                    chip.setBackground(style.color("chip"))
                    chip.setFontWeight(QFont.Weight.DemiBold)
                    tip = self._citation_tips.get(_marker(href[1:])[0])
                    if tip:
                        chip.setToolTip(tip)
                    cursor.mergeCharFormat(chip)
                it += 1
            block = block.next()

    def _fit(self) -> None:
        doc = self.document()
        doc.setTextWidth(max(50, self.viewport().width()))
        height = int(doc.size().height()) + 2 * self.frameWidth() + 2
        if height != self.height():
            self.setFixedHeight(height)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._fit()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(400, self.height())

    def wheelEvent(self, event) -> None:  # noqa: N802 - let the transcript scroll, not this view
        event.ignore()

    @Slot(QUrl)
    def _on_anchor(self, url: QUrl) -> None:
        frag = url.fragment() if not url.scheme() else ""
        if re.fullmatch(r"source-\d+(@\d+)?", frag):
            n, k = _marker(frag)
            self.source_clicked.emit(n)
            self.citation_clicked.emit(n, self.marker_position(k))
        elif url.isLocalFile() or (not url.scheme() and url.path().startswith("/")):
            self.file_link_clicked.emit(url.toLocalFile() or url.path())
        elif url.scheme() in ("http", "https", "mailto") and confirm_open(self.window(), url):
            QDesktopServices.openUrl(url)

    def loadResource(self, kind: int, url: QUrl):  # noqa: N802 - Qt API
        """Nothing in an answer is ever loaded: no image, no style sheet, local or remote."""
        return None


def _marker(fragment: str) -> tuple[int, int]:
    """``source-3@120`` -> (3, 120); ``source-3`` -> (3, -1)."""
    n, _, at = fragment[7:].partition("@")
    return int(n), int(at) if at else -1


def _merge(segments: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    out: list[tuple[str, bool]] = []
    for text, flag in segments:
        if out and out[-1][1] == flag:
            out[-1] = (out[-1][0] + text, flag)
        else:
            out.append((text, flag))
    return out


def monospace_font() -> QFont:
    return QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
