"""The Search pane: query, mode (hybrid / vector / keyword), folder and type filters; results with file, place,
score and highlighted snippet; open a result at its place; send the results to the Rerank pane."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import QModelIndex, QRectF, QSize, Qt, Signal, Slot
from PySide6.QtGui import QIcon, QImageReader, QPixmap, QStandardItem, QStandardItemModel, QTextDocument
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QStackedWidget,
    QStyle,
    QStyledItemDelegate,
    QVBoxLayout,
    QWidget,
)

from engine.core import SearchRequest, default_index_db

from . import style
from .bridge import Bridge, Job
from .open_location import install_file_actions
from .settings import Settings

_HIT = Qt.ItemDataRole.UserRole + 1
BLANK_QUERY_NOTE = "The search box is empty: type a word, a name or a question, then press Return."
# every file type the index stores (engine.index.extraction: an .emlx or a mailbox is stored as "email", an .xml
# feed as "feed", a chat export or a phone's messages as "messages", a Keep note's JSON as "note"), in groups a person
# looks for
FILE_TYPES = {
    "Any type": None,
    "PDF": ["pdf"],
    "Text & notes": [
        "text",
        "markdown",
        "rst",
        "asciidoc",
        "subtitles",
        "evernote",
        "notebook",
        "note",
        "outline",
        "scrivener",
        "mindmap",
        "canvas",
        "flashcards",
        "recipes",
        "chess",
        "abc",
        "todo",
        "copyright",
    ],
    "Screenplays": ["screenplay"],
    "References (BibTeX, RIS, CSL)": ["bibtex", "ris", "csl"],
    "Word, Pages, ODT & RTF": ["docx", "pages", "odt", "rtf"],
    "Slides": ["pptx", "odp", "keynote"],
    "Spreadsheets & CSV": ["xlsx", "ods", "csv"],
    "Web pages & feeds": ["html", "webarchive", "mhtml", "feed", "bookmarks"],
    "Mail & messages": ["email", "messages"],
    "E-books": ["epub"],
    "Calendars & contacts": ["calendar", "contacts"],
    "Maps, GPS tracks & workouts": ["gpx", "kml", "geojson", "tcx", "health"],
    "Family trees": ["gedcom"],
    "Bank statements & ledgers": ["statement", "ledger"],
    "Pictures": ["image"],
    "Code": ["code"],
}


def place(hit: Any) -> str:
    page, start, end = (
        getattr(hit, "page", None),
        getattr(hit, "line_start", None),
        getattr(hit, "line_end", None),
    )
    if getattr(hit, "image_rank", None) is not None and not getattr(hit, "text", ""):
        return "picture"  # found by what it shows; it has no text to point at
    bits = []
    if page:
        bits.append(f"p. {page}")
    if start:
        bits.append(f"lines {start}–{end}" if end and end != start else f"line {start}")
    return " · ".join(bits)


_FENCE = re.compile(r"(```+|~~~+)[\w+#.-]*")
_HEADING = re.compile(r"(^|\s)#{1,6}(?=\s)")
_RULE = re.compile(r"(^|\s)([-*_=])\2{2,}(?=\s|$)")
_QUOTE_MARK = re.compile(r"^(…?)>(?=\s)")  # only where a line surely starts: "a > b" keeps its sign
_EMPHASIS = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_IMAGE_MD = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_LINK_MD = re.compile(r"\[([^\]]+)\]\([^)\s]*\)")
_TICKS = re.compile(r"`+")


def plain_snippet(text: str) -> str:
    """A snippet as a reader sees the passage: Markdown's marks (code fences, ``###``, ``**``, backticks, link
    addresses, quote marks, rules) taken out, the words kept, the engine's «marks» kept. Snippets arrive with
    their lines joined, so a mark is found wherever a word could start."""
    flat = _FENCE.sub(" ", str(text))
    flat = _RULE.sub(r"\1", _QUOTE_MARK.sub(r"\1", _HEADING.sub(r"\1", flat)))
    flat = _LINK_MD.sub(r"\1", _IMAGE_MD.sub(r"\1", flat))
    return " ".join(_TICKS.sub("", _EMPHASIS.sub(r"\2", flat)).split())


def score_text(hit: Any, mode: str) -> tuple[str, str]:
    """(what the result shows, its tooltip) for a hit's relevance. Hybrid's fused score is min-max normalised
    over the result list, so the top hit always gets 1.000 however poor: what is shown instead is what each
    side found, the meaning's cosine similarity (absolute: comparable across queries) and the rank among
    exact-word matches."""
    score = float(getattr(hit, "score", 0.0) or 0.0)
    if mode == "keyword":
        return f"words {score:.1f}", f"BM25 score {score:.2f} (exact words; higher is better, no upper bound)"
    if mode == "vector":
        return (
            f"meaning {score:.2f}",
            f"Cosine similarity {score:.3f} between the query and the passage (−1 to 1)",
        )
    if mode == "late":  # an index built with a late-interaction (ColBERT) model
        return (
            f"tokens {score:.2f}",
            f"ColBERT score {score:.3f}: each query token's best match in the passage, summed",
        )
    cosine, rank = getattr(hit, "vector_score", None), getattr(hit, "keyword_rank", None)
    picture = getattr(hit, "image_score", None)
    parts = [f"meaning {cosine:.2f}" if cosine is not None else "", f"words #{rank}" if rank else "",
             f"picture {picture:.2f}" if picture is not None else ""]  # fmt: skip
    shown = "  ·  ".join(p for p in parts if p) or "—"
    tip = (
        (
            f"Meaning: cosine similarity {cosine:.3f} (−1 to 1). "
            if cosine is not None
            else "Not among the closest by meaning. "
        )
        + (f"Exact words: #{rank} of the keyword matches. " if rank else "No exact-word match. ")
        + (
            f"Picture: cosine {picture:.3f} between the query and what the image shows. "
            if picture is not None
            else ""
        )
        + f"Fused rank score {score:.3f}: relative to this list (the top result always has the most), "
        "not a measure of how well it matches."
    )
    return shown, tip


def highlight(text: str, query: str, color: str) -> str:
    """HTML-escaped ``text`` with the query's words marked (the engine's «marks» when present)."""
    escaped = html.escape(" ".join(text.split()))
    if "«" in escaped:
        return re.sub(
            r"«(.*?)»", lambda m: f'<span style="background-color:{color}">{m.group(1)}</span>', escaped
        )
    words = sorted({w for w in re.findall(r"\w{2,}", query.lower())}, key=len, reverse=True)
    if not words:
        return escaped
    pattern = re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + r")", re.IGNORECASE)
    return pattern.sub(lambda m: f'<span style="background-color:{color}">{m.group(0)}</span>', escaped)


class ResultDelegate(QStyledItemDelegate):
    PAD = 10
    THUMB = 72  # a picture found by meaning shows this big, left of its text

    def __init__(self, pane: SearchPane) -> None:
        super().__init__(pane)
        self.pane = pane
        self._thumbs: dict[str, QPixmap] = {}

    def thumbnail(self, hit: Any) -> QPixmap | None:
        """A picture hit's thumbnail, decoded once at its small size (JPEG decodes scaled), None for text hits."""
        if getattr(hit, "image_rank", None) is None:
            return None
        path = str(getattr(hit, "path", ""))
        if path not in self._thumbs:
            if len(self._thumbs) > 200:
                self._thumbs.clear()
            reader = QImageReader(path)
            reader.setAutoTransform(True)
            size = reader.size()
            if size.isValid() and size.width() > 0 and size.height() > 0:
                reader.setScaledSize(size.scaled(self.THUMB, self.THUMB, Qt.AspectRatioMode.KeepAspectRatio))
            self._thumbs[path] = QPixmap.fromImage(reader.read())
        pixmap = self._thumbs[path]
        return None if pixmap.isNull() else pixmap

    def _text_left(self, index: QModelIndex) -> int:
        return self.THUMB + self.PAD if self.thumbnail(index.data(_HIT)) is not None else 0

    def _doc(self, index: QModelIndex, width: float) -> QTextDocument:
        hit = index.data(_HIT)
        c = style.colors()
        path = Path(str(getattr(hit, "path", "")))
        snippet = plain_snippet(getattr(hit, "snippet", "") or getattr(hit, "text", ""))
        shown, _tip = score_text(hit, self.pane.shown_mode)
        html_text = (
            f'<table width="100%" cellspacing="0" cellpadding="0"><tr>'
            f'<td><span style="font-weight:600">{html.escape(path.name)}</span>'
            f'&nbsp;&nbsp;<span style="color:{c["muted"]}">{html.escape(place(hit))}</span></td>'
            f'<td align="right" style="color:{c["muted"]}">{html.escape(shown)}</td>'
            f"</tr></table>"
            f'<div style="color:{c["muted"]}; font-size:small">{html.escape(str(path.parent))}</div>'
            f'<div style="margin-top:4px">{highlight(snippet[:600], self.pane.last_query, c["highlight"])}</div>'
        )
        doc = QTextDocument()
        doc.setDefaultFont(self.pane.font())
        doc.setDocumentMargin(0)
        doc.setHtml(html_text)
        doc.setTextWidth(width)
        return doc

    def paint(self, painter, option, index) -> None:
        painter.save()
        if option.state & QStyle.StateFlag.State_Selected:
            painter.fillRect(option.rect, style.color("selection"))
        painter.setPen(style.color("separator"))
        painter.drawLine(option.rect.bottomLeft(), option.rect.bottomRight())
        left = self._text_left(index)
        thumb = self.thumbnail(index.data(_HIT))
        if thumb is not None:
            x = option.rect.left() + self.PAD + (self.THUMB - thumb.width()) // 2
            painter.drawPixmap(x, option.rect.top() + self.PAD, thumb)
        doc = self._doc(index, option.rect.width() - 2 * self.PAD - left)
        painter.translate(option.rect.left() + self.PAD + left, option.rect.top() + self.PAD)
        doc.drawContents(painter, QRectF(0, 0, option.rect.width() - left, option.rect.height()))
        painter.restore()

    def sizeHint(self, option, index) -> QSize:  # noqa: N802 - Qt API
        width = max(200, self.pane.results.viewport().width() - 2 * self.PAD)
        left = self._text_left(index)
        doc = self._doc(index, width - left)
        tall = max(int(doc.size().height()), self.THUMB if left else 0)
        return QSize(int(width), tall + 2 * self.PAD + 1)


class SearchPane(QWidget):
    rerank_requested = Signal(str, object)  # query, list of hits
    status_message = Signal(str)
    source_requested = Signal(object)  # a hit: shown in the source viewer at its lines

    def __init__(self, bridge: Bridge, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge, self.settings = bridge, settings
        self.job: Job | None = None
        self.hits: list[Any] = []
        self.last_query = ""
        self.shown_mode = "hybrid"  # the mode of the search whose results are shown
        outer = QVBoxLayout(self)
        outer.setContentsMargins(24, 16, 24, 12)
        outer.setSpacing(10)
        top = QHBoxLayout()
        self.query = QLineEdit()
        self.query.setPlaceholderText("Search your documents")
        self.query.setClearButtonEnabled(True)
        style.set_icon(
            self.query.addAction(QIcon(), QLineEdit.ActionPosition.LeadingPosition), "search", "muted"
        )
        self.query.returnPressed.connect(self.run_search)
        self.mode = QComboBox()
        for label, value in (("Hybrid", "hybrid"), ("Meaning", "vector"), ("Exact words", "keyword"),
                             ("Token by token", "late")):  # fmt: skip
            self.mode.addItem(label, value)
        self.mode.setToolTip("Hybrid combines meaning (vectors) and exact words (keywords)")
        self.mode.setCurrentIndex(max(0, self.mode.findData(settings["search/mode"])))
        self.mode.currentIndexChanged.connect(
            lambda: settings.__setitem__("search/mode", self.mode.currentData())
        )
        self.folder = QComboBox()
        self.file_type = QComboBox()
        self.file_type.addItems(list(FILE_TYPES))
        for box in (self.mode, self.folder, self.file_type):  # they shrink (eliding) before the window widens
            box.setMinimumWidth(72)
        # the box asks for the width of a short name ("Any type", "Slides"), so the search field keeps its room; its
        # list shows each group's whole name ("Spreadsheets & CSV"), however narrow the box
        self.file_type.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.file_type.setMinimumContentsLength(14)
        self.file_type.view().setMinimumWidth(self.file_type.view().sizeHintForColumn(0) + 24)
        self.search_button = QPushButton("Search")
        self.search_button.setDefault(True)
        self.search_button.clicked.connect(self.run_search)
        top.addWidget(self.query, 1)
        top.addWidget(self.mode)
        top.addWidget(self.folder)
        top.addWidget(self.file_type)
        top.addWidget(self.search_button)
        outer.addLayout(top)
        # Said inline, under the box it concerns, and kept until the query changes: a blank search finds nothing.
        self.notice = QLabel(BLANK_QUERY_NOTE)
        self.notice.setObjectName("Notice")
        self.notice.setWordWrap(True)
        self.notice.setAccessibleName("Search notice")
        self.notice.hide()
        self.query.textEdited.connect(lambda _t: self.notice.hide())
        outer.addWidget(self.notice)
        info = QHBoxLayout()
        self.summary = QLabel()
        self.summary.setObjectName("Muted")
        self.rerank_button = QPushButton("Rerank These")
        style.set_icon(self.rerank_button, "rerank")
        self.rerank_button.setEnabled(False)
        self.rerank_button.clicked.connect(
            lambda: self.rerank_requested.emit(self.last_query, list(self.hits))
        )
        self.open_button = QPushButton("Open")
        style.set_icon(self.open_button, "open")
        self.open_button.setEnabled(False)
        self.open_button.clicked.connect(self.open_selected)
        info.addWidget(self.summary, 1)
        info.addWidget(self.open_button)
        info.addWidget(self.rerank_button)
        outer.addLayout(info)
        self.stack = QStackedWidget()
        self.model = QStandardItemModel(self)
        self.results = QListView()
        self.results.setObjectName("ResultList")
        self.results.setModel(self.model)
        self.results.setItemDelegate(ResultDelegate(self))
        self.results.setVerticalScrollMode(QListView.ScrollMode.ScrollPerPixel)
        self.results.setUniformItemSizes(False)
        self.results.setResizeMode(QListView.ResizeMode.Adjust)
        self.results.doubleClicked.connect(lambda _i: self.open_selected())
        self.results.activated.connect(lambda _i: self.open_selected())
        self.results.selectionModel().selectionChanged.connect(
            lambda *_: self.open_button.setEnabled(bool(self.results.selectedIndexes()))
        )
        # Space: Quick Look of the result's file; its context menu: Quick Look, Open, Reveal in Finder
        self.file_actions = install_file_actions(self.results, self._path_at)
        self.message = QLabel()
        self.message.setObjectName("EmptyState")
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setWordWrap(True)
        self.stack.addWidget(self.message)
        self.stack.addWidget(self.results)
        outer.addWidget(self.stack, 1)
        settings.changed.connect(self._setting_changed)
        self._fill_folders()
        self.refresh_state()

    # -- states ---------------------------------------------------------------------------------------
    def refresh_state(self) -> None:
        if not default_index_db().exists():
            self._show_message(
                "Your library is empty",
                "Drop files or folders on this window, or add folders in Settings › Library, to search them here.",
            )
        elif not self.hits:
            self._show_message("Search your documents", "Find passages by meaning or by exact words.")

    def _show_message(self, title: str, note: str) -> None:
        c = style.colors()
        self.message.setText(
            f'<div style="font-size:17px; font-weight:600; color:{c["text"]}">{html.escape(title)}</div>'
            f'<div style="margin-top:6px; color:{c["muted"]}">{html.escape(note)}</div>'
        )
        self.stack.setCurrentWidget(self.message)

    def _fill_folders(self) -> None:
        current = self.folder.currentData()
        self.folder.blockSignals(True)
        self.folder.clear()
        self.folder.addItem("All folders", None)
        for f in self.settings["index/folders"]:
            self.folder.addItem(Path(f).name or f, f)
            self.folder.setItemData(self.folder.count() - 1, f, Qt.ItemDataRole.ToolTipRole)
        self.folder.setCurrentIndex(max(0, self.folder.findData(current)))
        self.folder.blockSignals(False)

    @Slot(str, object)
    def _setting_changed(self, key: str, _value: Any) -> None:
        if key == "index/folders":
            self._fill_folders()

    # -- searching ------------------------------------------------------------------------------------
    @Slot()
    def run_search(self) -> None:
        query = self.query.text().strip()
        if not query:  # the results already shown stay: nothing the user had is lost
            self.notice.show()
            self.query.setFocus()
            return
        self.notice.hide()
        if self.job is not None:
            return
        folder = self.folder.currentData()
        request = SearchRequest(query, default_index_db(), k=self.settings["search/k"], mode=self.mode.currentData(),
                                folders=(folder,) if folder else (),
                                file_types=tuple(FILE_TYPES[self.file_type.currentText()] or ()),
                                embedder=self.settings.model("embedder"),
                                image_model=self.settings.model("image"))  # fmt: skip
        self.last_query = query
        self._asked_mode = request.mode.value if hasattr(request.mode, "value") else str(request.mode)
        self.summary.setText("Searching…")
        self.search_button.setEnabled(False)
        self.job = self.bridge.search(request)
        self.job.returned.connect(self._show_hits)
        self.job.errored.connect(lambda exc: self.summary.setText(f"Search failed: {exc}"))
        self.job.finished.connect(self._search_done)

    @Slot()
    def _search_done(self) -> None:
        self.job = None
        self.search_button.setEnabled(True)

    @Slot(object)
    def _show_hits(self, hits: list[Any]) -> None:
        self.hits = list(hits or [])
        self.shown_mode = getattr(self, "_asked_mode", self.shown_mode)
        self.model.clear()
        for hit in self.hits:
            item = QStandardItem()
            item.setData(hit, _HIT)
            item.setEditable(False)
            item.setToolTip(f"{getattr(hit, 'path', '')}\n\n{score_text(hit, self.shown_mode)[1]}")
            self.model.appendRow(item)
        n = len(self.hits)
        self.rerank_button.setEnabled(n > 1)
        if n:
            self.summary.setText(f"{n} passage{'s' if n != 1 else ''} for “{self.last_query}”")
            self.stack.setCurrentWidget(self.results)
            self.results.setCurrentIndex(self.model.index(0, 0))
        else:
            self.summary.setText("")
            self._show_message(
                f"No passages match “{self.last_query}”", "Try other words, or the Hybrid mode."
            )

    @staticmethod
    def _path_at(index: QModelIndex) -> str | None:
        hit = index.data(_HIT)
        return str(getattr(hit, "path", "") or "") or None

    @Slot()
    def open_selected(self) -> None:
        idx = self.results.currentIndex()
        if idx.isValid():
            self.source_requested.emit(idx.data(_HIT))
