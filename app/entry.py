"""The ``alcove`` executable and the composition root of the front ends: bare ``alcove`` opens the window
(``app.gui``), ``--self-test`` checks an installed/frozen app, ``serve`` is the server's own command, anything else
is the headless engine CLI (``app.cli.main``). The window, the command line and the server never import each other;
this module hands the server package to the window (its Settings → Server page).
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    own_process = argv is None  # started to run this command (not called in-process by a test or a program)
    argv = list(sys.argv[1:] if argv is None else argv)
    from engine.core import preload_blas

    preload_blas()  # before anything imports mlx.core
    if "--self-test" in argv:
        from app.gui.self_test import main as self_test

        return int(self_test([a for a in argv if a != "--self-test"]) or 0)
    if not argv or argv[0].startswith("-psn_"):  # Finder passes -psn_… to apps on old macOS
        from app import server
        from app.gui.main import main as gui_main

        return int(gui_main([], server=server) or 0)
    command = next((a for a in argv if not a.startswith("-")), None)
    if (
        command == "serve"
    ):  # the server's own command: the command line and the server never import each other
        from app.common import keep_torch_out
        from app.server.command import main as serve_main

        if own_process:
            keep_torch_out()  # the server loads chat models: transformers must not import torch (2.9 s)
        rest = list(argv)
        rest.remove("serve")
        return serve_main(rest)
    from app.cli.main import main as cli_main

    return cli_main(argv)


if __name__ == "__main__":
    sys.exit(main())
