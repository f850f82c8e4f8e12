"""Drag-and-drop indexing: the drop overlay, the indexing controller (queue, watch, cancel) and its progress panel."""

from .indexing import IndexController, IndexPanel
from .overlay import DropOverlay, local_paths

__all__ = ["DropOverlay", "IndexController", "IndexPanel", "local_paths"]
