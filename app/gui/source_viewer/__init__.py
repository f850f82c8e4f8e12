"""The source viewer: cited documents shown inside Alcove at the cited words."""

from .locate import Target, TextView, ViewError, find_quote, load_text
from .pdf_page import RenderedPage, render_page, render_picture
from .viewer import SourceViewer

__all__ = [
    "RenderedPage",
    "SourceViewer",
    "Target",
    "TextView",
    "ViewError",
    "find_quote",
    "load_text",
    "render_page",
    "render_picture",
]
