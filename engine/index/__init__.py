"""The private document index: extraction (the format readers in ``readers``), chunking, walking, the indexing
pipeline, the SQLite store, vector/keyword/hybrid search."""

from engine.index.bounds import read_gzip
from engine.index.changes import refresh_roots, reindex_changes
from engine.index.chunking import Chunk, chunk_document
from engine.index.config_paths import config_kind, config_lines
from engine.index.document import STAMPED_LINE, ExtractError, is_stamped, line_breaks, paragraph_blocks
from engine.index.extraction import (
    ANCHORED_TYPES,
    RECORD_TYPES,
    TROFF_NOTE,
    check_file_types,
    extract,
    file_type_for,
    stored_type,
    stored_types,
)
from engine.index.hybrid import (
    EXACT_BONUS,
    IMAGE_WEIGHT,
    KEYWORD_LEAD,
    RRF_K,
    SAME_FILE_SPREAD,
    VECTOR_WEIGHT,
    SearchHit,
    is_blank_query,
    query_identifiers,
    query_terms,
    search,
    search_many,
    term_pattern,
)
from engine.index.image_vectors import forget_image_vectors, image_cache_bytes, image_source
from engine.index.indexer import index_paths
from engine.index.late_search import TokenMatrix, forget_token_vectors, token_cache_bytes
from engine.index.markup import (
    CLIPPING_END,
    CLIPPING_META,
    OUTLINE_STARS,
    is_clippings,
    is_outline,
    markdown_blocks,
    outline_headings,
)
from engine.index.options import IndexOptions
from engine.index.pipeline import index_pipeline
from engine.index.pod import ITEM_MARK as POD_ITEM_MARK
from engine.index.readers import (
    IMAGE_EXTENSIONS,
    OcrLine,
    page_pixels,
    picture_pages,
    picture_pixels,
    shown_box,
)
from engine.index.readers import recognise as ocr_lines
from engine.index.readers.dayone import JOURNAL_LINE, JOURNAL_TRAIL
from engine.index.readers.messages import OPENING as MESSAGE_OPENING
from engine.index.readers.messages import STAMP_DAY
from engine.index.readers.pdf_forms import open_forms
from engine.index.readers.pdf_layout import page_lines
from engine.index.readers.pdf_text import text_layer_views
from engine.index.readers.replies import ATTRIBUTION as REPLY_ATTRIBUTION
from engine.index.readers.replies import ORIGINAL as REPLY_ORIGINAL
from engine.index.readers.replies import REPLIED as REPLY_REPLIED
from engine.index.readers.roam import DAILY_NOTE
from engine.index.readers.todo import is_todo_name
from engine.index.schema import display_path
from engine.index.store import ChunkRow, DocumentWrite, IndexStore
from engine.index.summary import IndexSummary, OutsideLink, SkippedFile
from engine.index.tables import (
    SHEET_ROW,
    csv_cells,
    delimiter_for,
    is_header,
    is_separator,
    labelled,
    pipe_cells,
    sheet_header,
)
from engine.index.taskpaper import TAG as TASKPAPER_TAG
from engine.index.taskpaper import TASK as TASKPAPER_TASK
from engine.index.taskpaper import is_project as taskpaper_project
from engine.index.taskpaper import is_taskpaper
from engine.index.taskpaper import task_words as taskpaper_task_words
from engine.index.token_vectors import late_source, token_stats
from engine.index.vector_search import VectorMatrix, forget_vectors, vector_cache_bytes
from engine.index.walk import SKIP_DIRS, walk
from engine.index.wikilinks import ATX_HEADING

__all__ = [
    "POD_ITEM_MARK",
    "CLIPPING_END",
    "CLIPPING_META",
    "JOURNAL_LINE",
    "JOURNAL_TRAIL",
    "DAILY_NOTE",
    "MESSAGE_OPENING",
    "STAMP_DAY",
    "TASKPAPER_TAG",
    "TASKPAPER_TASK",
    "REPLY_ATTRIBUTION",
    "REPLY_ORIGINAL",
    "REPLY_REPLIED",
    "SHEET_ROW",
    "config_kind",
    "config_lines",
    "csv_cells",
    "delimiter_for",
    "is_header",
    "is_separator",
    "labelled",
    "pipe_cells",
    "sheet_header",
    "image_cache_bytes",
    "line_breaks",
    "open_forms",
    "IMAGE_EXTENSIONS",
    "OcrLine",
    "shown_box",
    "ocr_lines",
    "page_pixels",
    "picture_pages",
    "picture_pixels",
    "page_lines",
    "paragraph_blocks",
    "read_gzip",
    "is_stamped",
    "STAMPED_LINE",
    "ATX_HEADING",
    "text_layer_views",
    "Chunk",
    "ChunkRow",
    "EXACT_BONUS",
    "IMAGE_WEIGHT",
    "DocumentWrite",
    "ExtractError",
    "IndexOptions",
    "IndexStore",
    "IndexSummary",
    "KEYWORD_LEAD",
    "OutsideLink",
    "RRF_K",
    "SAME_FILE_SPREAD",
    "SKIP_DIRS",
    "SkippedFile",
    "SearchHit",
    "VECTOR_WEIGHT",
    "TokenMatrix",
    "VectorMatrix",
    "chunk_document",
    "display_path",
    "extract",
    "check_file_types",
    "file_type_for",
    "stored_type",
    "stored_types",
    "ANCHORED_TYPES",
    "TROFF_NOTE",
    "RECORD_TYPES",
    "OUTLINE_STARS",
    "is_clippings",
    "is_outline",
    "is_taskpaper",
    "is_todo_name",
    "markdown_blocks",
    "outline_headings",
    "forget_image_vectors",
    "forget_token_vectors",
    "forget_vectors",
    "image_source",
    "index_paths",
    "index_pipeline",
    "is_blank_query",
    "late_source",
    "query_identifiers",
    "query_terms",
    "refresh_roots",
    "reindex_changes",
    "search",
    "search_many",
    "taskpaper_project",
    "taskpaper_task_words",
    "term_pattern",
    "token_cache_bytes",
    "token_stats",
    "vector_cache_bytes",
    "walk",
]
