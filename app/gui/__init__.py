"""The window (Qt: PySide6 with qasync): panes, the settings dialog, the drop zone, the source viewer, and the
``Bridge`` through which every view talks to the engine's typed API (``engine.runtime.Engine``) on worker jobs.

It never imports the command line (``app.cli``) or the server (``app.server``): ``app.entry`` hands the server
package to ``app.gui.main.main`` for the Settings → Server page. The launcher is ``app.gui.main``.
"""
