"""The source viewer: a pane beside the transcript that shows a cited document at the cited place. Text, Markdown,
code and the extracted text of HTML/DOCX open at the cited line with the cited lines highlighted and the quoted
passage marked; a PDF opens at its page, rendered, with the quote marked when the text layer allows. "Open in
Default App" and "Reveal in Finder" stay one click away. Nothing here loads a remote resource."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRect, QSize, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap, QTextBlockFormat, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from engine.index import is_clippings, is_stamped

from .. import style
from ..answer_meta import place
from ..markdown_view import monospace_font
from ..open_location import REVEAL_LABEL, open_in_default_app, reveal_in_file_manager
from .locate import Target, TextView, ViewError, load_text
from .pdf_page import RenderedPage, render_page, render_picture

log = logging.getLogger(__name__)


class _Gutter(QWidget):
    def __init__(self, view: CodeView) -> None:
        super().__init__(view)
        self.view = view

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(self.view.gutter_width(), 0)

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.view.paint_gutter(event.rect())


PARAGRAPH_LINE = 160  # characters: a text with many lines longer than this has paragraphs for lines


def wraps(view: TextView) -> bool:
    """Whether a text is shown wrapped: paragraphs one per line (DOCX, ODT, slides, HTML, a saved web page, a man
    page, a reference list, a script's speeches, an outline's items, unwrapped prose), never code."""
    if view.kind in ("code", "csv"):
        return False
    if view.kind in ("docx", "odt", "pptx", "odp", "pages", "keynote", "html", "epub", "webarchive", "mhtml",
                     "man", "bibtex", "screenplay", "outline", "scrivener", "gedcom", "flashcards", "ris", "canvas", "bookmarks",
                     "mindmap", "ledger", "recipes", "chess", "kml", "tcx", "abc", "todo", "copyright", "geojson", "csl", "health", "note"):  # fmt: skip
        return True
    if view.kind == "text" and (is_stamped(view.text) or is_clippings(view.text)):
        return True  # a chat export's messages, a log's entries, a Kindle's highlights: each a line of prose
    lines = [ln for ln in view.text.splitlines() if ln.strip()]
    return bool(lines) and sum(len(ln) > PARAGRAPH_LINE for ln in lines) > 0.1 * len(lines)


def qt_offset(text: str, index: int) -> int:
    """Where ``text[index]`` is in Qt's text, which counts UTF-16 units: a character past U+FFFF (an emoji in a
    chat, a note) is two, so a quote after one is found that many places further on."""
    return len(text[:index].encode("utf-16-le")) // 2


def quote_lines(text: str, quote: tuple[int, int] | None) -> tuple[int, int] | None:
    """1-based first and last line of the quoted span of ``text`` (None without one)."""
    if quote is None:
        return None
    return text.count("\n", 0, quote[0]) + 1, text.count("\n", 0, max(quote[0], quote[1] - 1)) + 1


class ElidedLabel(QLabel):
    """A one-line label that never asks for more width than it gets: a long file name or folder is elided."""

    def __init__(self, mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight, parent: QWidget | None = None):
        super().__init__(parent)
        self._full, self._mode = "", mode
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt API
        self._full = text
        self.setToolTip(text)
        self._elide()

    def text(self) -> str:  # the whole text, as set (what is drawn may be elided)
        return self._full

    def shown_text(self) -> str:
        return super().text()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(self.fontMetrics().horizontalAdvance(self._full) + 4, super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(40, super().minimumSizeHint().height())

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        super().setText(self.fontMetrics().elidedText(self._full, self._mode, max(40, self.width())))


class CodeView(QPlainTextEdit):
    """Read-only text with line numbers; ``show`` highlights lines and marks a character span."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("SourceText")
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setFont(monospace_font())
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.gutter = _Gutter(self)
        self.cited: tuple[int, int] | None = None
        self.blockCountChanged.connect(lambda _n: self.setViewportMargins(self.gutter_width(), 0, 0, 0))
        self.updateRequest.connect(self._scroll_gutter)

    def gutter_width(self) -> int:
        digits = len(str(max(1, self.blockCount())))
        return 14 + self.fontMetrics().horizontalAdvance("9") * digits

    def _scroll_gutter(self, rect: QRect, dy: int) -> None:
        if dy:
            self.gutter.scroll(0, dy)
        else:
            self.gutter.update(0, rect.y(), self.gutter.width(), rect.height())

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        r = self.contentsRect()
        self.gutter.setGeometry(QRect(r.left(), r.top(), self.gutter_width(), r.height()))

    def paint_gutter(self, rect: QRect) -> None:
        painter = QPainter(self.gutter)
        painter.fillRect(rect, style.color("sidebar"))
        block = self.firstVisibleBlock()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        width = self.gutter.width() - 6
        while block.isValid() and top <= rect.bottom():
            height = round(self.blockBoundingRect(block).height())
            n = block.blockNumber() + 1
            cited = self.cited is not None and self.cited[0] <= n <= self.cited[1]
            painter.setPen(style.color("accent" if cited else "muted"))
            if block.isVisible():
                painter.drawText(
                    0, top, width, self.fontMetrics().height(), Qt.AlignmentFlag.AlignRight, str(n)
                )
            top += height
            block = block.next()
        painter.end()

    def show_view(self, view: TextView) -> None:
        # Monospace text keeps its lines (a horizontal scroll bar at narrow widths); only text whose lines are
        # whole paragraphs (DOCX, HTML, unwrapped prose) wraps to the pane.
        self.setLineWrapMode(
            QPlainTextEdit.LineWrapMode.WidgetWidth if wraps(view) else QPlainTextEdit.LineWrapMode.NoWrap
        )
        self.setPlainText(view.text)
        self.setViewportMargins(self.gutter_width(), 0, 0, 0)
        self.cited = view.lines
        selections = []
        doc = self.document()
        quoted = quote_lines(view.text, view.quote)
        if quoted is not None:  # the gutter marks the quote's lines; the words alone are tinted
            self.cited = quoted
        if view.lines and (quoted is None or quoted == view.lines):  # every wrapped row of the cited lines
            tint = QTextBlockFormat()
            tint.setBackground(style.color("selection"))
            cur = QTextCursor(doc.findBlockByNumber(view.lines[0] - 1))
            last = doc.findBlockByNumber(view.lines[1] - 1)
            if not last.isValid():
                last = doc.lastBlock()
            cur.setPosition(last.position(), QTextCursor.MoveMode.KeepAnchor)
            cur.mergeBlockFormat(tint)
        if view.quote:
            mark = QTextCharFormat()
            mark.setBackground(style.color("highlight"))
            mark.setForeground(style.color("text"))
            sel = QTextEdit.ExtraSelection()
            sel.format = mark
            cur = QTextCursor(doc)
            cur.setPosition(qt_offset(view.text, view.quote[0]))
            cur.setPosition(qt_offset(view.text, view.quote[1]), QTextCursor.MoveMode.KeepAnchor)
            sel.cursor = cur
            selections.append(sel)
        self.setExtraSelections(selections)
        self.gutter.update()
        QTimer.singleShot(0, self.scroll_to_cited)

    def scroll_to_cited(self) -> None:
        if not self.cited:
            self.verticalScrollBar().setValue(0)
            return
        cursor = QTextCursor(self.document().findBlockByNumber(self.cited[0] - 1))
        self.setTextCursor(cursor)
        self.centerCursor()

    def first_visible_line(self) -> int:
        return self.firstVisibleBlock().blockNumber() + 1

    def cited_blocks(self) -> list[int]:
        """1-based numbers of the lines tinted as cited (for tests)."""
        out, block = [], self.document().begin()
        while block.isValid():
            if block.blockFormat().background().style() != Qt.BrushStyle.NoBrush:
                out.append(block.blockNumber() + 1)
            block = block.next()
        return out

    def quote_span(self) -> tuple[int, int] | None:
        """The marked quote's character span (for tests)."""
        sel = next((s for s in self.extraSelections() if s.cursor.hasSelection()), None)
        return (sel.cursor.selectionStart(), sel.cursor.selectionEnd()) if sel is not None else None


class PdfView(QScrollArea):
    """One rendered page, scaled to the width of the pane, with the quote's boxes tinted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("SourcePdf")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.image_label = QLabel()
        self.image_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWidget(self.image_label)
        self.setWidgetResizable(False)
        self.rendered: RenderedPage | None = None
        self._image = QImage()

    def show_page(self, page: RenderedPage) -> None:
        self.rendered = page
        img = QImage(page.rgb, page.width, page.height, page.stride, QImage.Format.Format_RGB888).copy()
        if page.quote_boxes:
            painter = QPainter(img)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Multiply)
            tint = QColor(style.LIGHT["highlight"])
            for x, y, w, h in page.quote_boxes:
                painter.fillRect(int(x), int(y), int(w + 0.5), int(h + 0.5), tint)
            painter.end()
        self._image = img
        self._fit()
        QTimer.singleShot(0, self._scroll_to_quote)

    def _fit(self) -> None:
        if self._image.isNull():
            return
        width = max(200, self.viewport().width() - 16)
        pix = QPixmap.fromImage(self._image).scaledToWidth(width, Qt.TransformationMode.SmoothTransformation)
        self.image_label.setPixmap(pix)
        self.image_label.resize(pix.size())

    def display_scale(self) -> float:
        pix = self.image_label.pixmap()
        return pix.width() / self._image.width() if pix is not None and not self._image.isNull() else 1.0

    def _scroll_to_quote(self) -> None:
        if self.rendered is None or not self.rendered.quote_boxes:
            self.verticalScrollBar().setValue(0)
            return
        y = self.rendered.quote_boxes[0][1] * self.display_scale()
        self.verticalScrollBar().setValue(int(max(0.0, y - self.viewport().height() / 3)))

    def image(self) -> QImage:
        return self._image

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._fit()


def read_view(target: Target, page: int, quote: str) -> TextView | RenderedPage | str:
    """The text or the rendered page to show; a string says why it cannot be shown. Worker-thread safe."""
    try:
        if target.is_pdf:
            return render_page(target.path, page, quote)
        return render_picture(target.path, quote, page) if target.is_picture else load_text(target)
    except ViewError as exc:
        return str(exc)


class SourceViewer(QFrame):
    """The pane. ``show_source(src)`` takes a citation dict or a search hit. ``run_beside(fn, *args)`` (the
    bridge's ``call``) reads files off the GUI thread: a big DOCX or PDF never freezes the window."""

    closed = Signal()
    loaded = Signal()
    failed = Signal(str)  # why the document cannot be shown

    def __init__(
        self, parent: QWidget | None = None, *, run_beside: Callable[..., Any] | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("SourceViewer")
        self.run_beside = run_beside
        self.loading = False
        self._generation = 0
        self.target: Target | None = None
        col = QVBoxLayout(self)
        col.setContentsMargins(12, 10, 12, 10)
        col.setSpacing(6)
        head = QHBoxLayout()
        self.title = ElidedLabel(Qt.TextElideMode.ElideMiddle)
        self.title.setObjectName("ViewerTitle")
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title.setFont(font)
        self.where = QLabel()
        self.where.setObjectName("Muted")
        self.close_button = QToolButton()
        self.close_button.setObjectName("MessageAction")
        self.close_button.setText("✕")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip("Close the viewer (Esc)")
        self.close_button.setShortcut(Qt.Key.Key_Escape)
        self.close_button.clicked.connect(self.close_viewer)
        head.addWidget(self.title, 1)
        head.addWidget(self.where)
        head.addStretch(1)
        head.addWidget(self.close_button)
        col.addLayout(head)
        self.folder = ElidedLabel(Qt.TextElideMode.ElideMiddle)
        self.folder.setObjectName("Muted")
        self.folder.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        col.addWidget(self.folder)
        actions = QHBoxLayout()
        self.open_button = QPushButton("Open in Default App")
        self.open_button.clicked.connect(self.open_default)
        self.reveal_button = QPushButton(REVEAL_LABEL)
        self.reveal_button.clicked.connect(self.reveal)
        self.prev_page = QToolButton()
        self.prev_page.setArrowType(Qt.ArrowType.LeftArrow)
        self.prev_page.setToolTip("Previous page")
        self.prev_page.clicked.connect(lambda: self.go_to_page(-1))
        self.page_label = QLabel()
        self.page_label.setObjectName("Muted")
        self.next_page = QToolButton()
        self.next_page.setArrowType(Qt.ArrowType.RightArrow)
        self.next_page.setToolTip("Next page")
        self.next_page.clicked.connect(lambda: self.go_to_page(+1))
        actions.addWidget(self.open_button)
        actions.addWidget(self.reveal_button)
        actions.addStretch(1)
        col.addLayout(actions)
        pages = QHBoxLayout()  # a PDF's pages: a row of their own, so the pane stays narrow enough for 800 px
        pages.addStretch(1)
        for w in (self.prev_page, self.page_label, self.next_page):
            pages.addWidget(w)
        pages.addStretch(1)
        self.note = QLabel()
        self.note.setObjectName("Muted")
        self.note.setWordWrap(True)
        col.addWidget(self.note)
        col.addLayout(pages)
        self.stack = QStackedWidget()
        self.text_view = CodeView()
        self.pdf_view = PdfView()
        self.message = QLabel()
        self.message.setObjectName("EmptyState")
        self.message.setWordWrap(True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        for w in (self.text_view, self.pdf_view, self.message):
            self.stack.addWidget(w)
        col.addWidget(self.stack, 1)
        self._page = 1
        self._pages = 0

    # -- showing ----------------------------------------------------------------------------------------
    def show_source(self, source: dict[str, Any] | Any) -> bool:
        """Show the document at the cited place. With a ``run_beside`` the file is read and rendered on a worker
        thread (True: started; ``loaded`` / ``failed`` follow); without one, here (False: it cannot be shown, and
        the pane says why)."""
        self.target = target = Target.of(source)
        path = Path(target.path)
        self.title.setText(path.name or "Source")
        self.where.setText(place({"page": target.page, "line_start": target.line_start,
                                  "line_end": target.line_end}))  # fmt: skip
        self.folder.setText(str(path.parent))
        self.folder.setToolTip(str(path))
        exists = path.is_file()
        self.open_button.setEnabled(exists)
        self.reveal_button.setEnabled(exists)
        self._pages = 0
        self.show()
        return self._load(target.page or 1)

    def _load(self, page: int) -> bool:
        assert self.target is not None
        target, quote = self.target, self.target.quote if page == (self.target.page or 1) else ""
        self._generation += 1
        if self.run_beside is None:
            return self._present(self._generation, read_view(target, page, quote))
        self.loading = True
        self.message.setText(f"Opening {Path(target.path).name}…")
        self.stack.setCurrentWidget(self.message)
        generation = self._generation
        job = self.run_beside(read_view, target, page, quote)
        job.returned.connect(lambda view, g=generation: self._present(g, view))
        name = Path(target.path).name
        job.errored.connect(lambda exc, g=generation: self._present(g, f"{name} cannot be shown: {exc}"))
        return True

    def _present(self, generation: int, view: TextView | RenderedPage | str) -> bool:
        if generation != self._generation:  # another source was asked for meanwhile
            return False
        self.loading = False
        if isinstance(view, str):
            self._show_error(view)
            self.failed.emit(view)
            return False
        if isinstance(view, RenderedPage):
            self._show_pdf(view)
        else:
            self._show_text(view)
        self.loaded.emit()
        return True

    def _show_text(self, view: TextView) -> None:
        for w in (self.prev_page, self.page_label, self.next_page):
            w.hide()
        self.note.setText(view.note)
        self.note.setVisible(bool(view.note))
        self.stack.setCurrentWidget(self.text_view)
        self.text_view.show_view(view)

    def _show_pdf(self, rendered: RenderedPage) -> None:
        self._page, self._pages = rendered.page, rendered.pages
        self.page_label.setText(f"Page {rendered.page} of {rendered.pages}")
        for w in (self.prev_page, self.page_label, self.next_page):
            w.show()
        self.prev_page.setEnabled(rendered.page > 1)
        self.next_page.setEnabled(rendered.page < rendered.pages)
        self.note.setText(rendered.note)
        self.note.setVisible(bool(rendered.note))
        self.stack.setCurrentWidget(self.pdf_view)
        self.pdf_view.show_page(rendered)

    def _show_error(self, text: str) -> None:
        for w in (self.prev_page, self.page_label, self.next_page):
            w.hide()
        self.note.hide()
        self.message.setText(text)
        self.stack.setCurrentWidget(self.message)

    @Slot()
    def go_to_page(self, step: int) -> None:
        if self.target is None or not self._pages or self.loading:
            return
        self._load(min(max(1, self._page + step), self._pages))

    # -- actions ----------------------------------------------------------------------------------------
    @Slot()
    def open_default(self) -> None:
        if self.target is not None:
            open_in_default_app(self.target.path, self._page if self.target.is_pdf else None)

    @Slot()
    def reveal(self) -> None:
        if self.target is not None:
            reveal_in_file_manager(self.target.path)

    @Slot()
    def close_viewer(self) -> None:
        self.hide()
        self.closed.emit()
