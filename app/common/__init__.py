"""Qt-free services the front ends share (the window, the ``alcove`` command and the server): the stable JSON
shapes of results. Nothing here imports Qt, and gui, cli and server never import each other."""

from app.common.json_shapes import search_json

__all__ = ["search_json"]
