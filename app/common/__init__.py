"""Qt-free services the front ends share (the window, the ``alcove`` command and the server): the stable JSON
shapes of results, and keeping torch out of a command's process. Nothing here imports Qt, and gui, cli and server
never import each other."""

from app.common.json_shapes import search_json
from app.common.torch_free import keep_torch_out

__all__ = ["keep_torch_out", "search_json"]
