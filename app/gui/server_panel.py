"""'Serve models on this Mac': the controller that starts and stops the local server with the setting, its status-bar
label, and the Server page of Settings (the switch, the address with a Copy button, the optional key in the Keychain).

The server listens on 127.0.0.1 only. In the window it runs on the Qt event loop through qasync (the loop ``_run``
installs); where no asyncio loop is running (tests, a bare QApplication) it gets a thread and loop of its own.

The GUI never imports the server: ``app.entry`` (the composition root) hands the server package in, and
``ServerPackage`` says what of it the window uses. Without one the Server page says the server is not available.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from engine.core import AlcoveError

from .keychain import KeychainError, get_server_key, set_server_key
from .settings import OPTIONS, Settings

log = logging.getLogger(__name__)
NOT_AVAILABLE = "this build has no local server"
_RESTART_ON = ("server/port", "server/allow_origins", "server/allow_model_paths")


class _Counters(Protocol):
    listeners: list[Callable[[int, int], None]]  # called with (active, served) after each change


class _Service(Protocol):
    counters: _Counters


class LocalServer(Protocol):
    """A server that listens (``RunningServer`` on the running asyncio loop, ``ThreadedServer`` on its own)."""

    url: str
    service: _Service

    def stop(self) -> Any: ...  # RunningServer: a coroutine to await on its loop; ThreadedServer: stops now


class LoopServer(LocalServer, Protocol):
    def start(self) -> Any: ...  # serves on the running asyncio loop


class ServerPackage(Protocol):
    """What the window uses of the server package (``app.server``), passed in by ``app.entry``."""

    ServerOptions: Callable[..., Any]  # plain settings: port, api_key, chat_model, embedder, max_tokens, ...
    RunningServer: Callable[[Any, Any], LoopServer]  # (engine, options)
    ThreadedServer: Callable[[Any, Any], LocalServer]  # (engine, options): listens on a thread of its own
    # a web page's origin as the server compares it; AlcoveError when it is not one
    normalise_origin: Callable[[str], str]


class ServerController(QObject):
    """Follows the ``server/*`` settings; ``state_changed(url, error)`` and ``requests_changed(active, served)``."""

    state_changed = Signal(str, str)
    requests_changed = Signal(int, int)

    def __init__(
        self, engine: Any, settings: Settings, server: ServerPackage | None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.engine, self.settings, self.package = engine, settings, server
        self._server: LocalServer | None = None
        self._threaded = False
        self.url, self.error = "", ""
        settings.changed.connect(self._setting_changed)

    def start_if_enabled(self) -> None:
        if self.settings["server/enabled"]:
            self.start()

    def _setting_changed(self, key: str, _value: Any) -> None:
        if key == "server/enabled":
            self.start() if self.settings[key] else self.stop()
        elif key in _RESTART_ON and self._server is not None:
            self.restart()

    def options(self) -> Any:
        assert self.package is not None
        try:
            key = get_server_key()
        except KeychainError as exc:
            log.warning("%s", exc)
            key = None
        s = self.settings
        # "default" means the window's own chat and embedding models.
        return self.package.ServerOptions(port=s["server/port"], api_key=key, chat_model=s["models/chat"] or "default",
                             embedder=s["models/embedder"] or "default", max_tokens=s["sampling/max_tokens"],
                             temperature=s["sampling/temperature"], speculative=s["speculative/mode"],
                             allow_origins=tuple(s["server/allow_origins"]),
                             allow_model_paths=s["server/allow_model_paths"])  # fmt: skip

    def start(self) -> None:
        if self._server is not None:
            return
        if self.package is None:
            self.url, self.error = "", NOT_AVAILABLE
            self.state_changed.emit("", self.error)
            return
        try:
            try:
                asyncio.get_running_loop()
            except RuntimeError:
                self._server, self._threaded = self.package.ThreadedServer(self.engine, self.options()), True
            else:
                running = self.package.RunningServer(self.engine, self.options())
                running.start()
                self._server, self._threaded = running, False
        except (AlcoveError, OSError) as exc:
            self._server, self.url, self.error = None, "", str(exc)
            log.warning("server: %s", exc)
            self.state_changed.emit("", self.error)
            return
        self.url, self.error = self._server.url, ""
        self._server.service.counters.listeners.append(lambda a, n: self.requests_changed.emit(a, n))
        log.info("serving on %s", self.url)
        self.state_changed.emit(self.url, "")

    def stop(self) -> None:
        server, self._server = self._server, None
        if server is None:
            return
        if self._threaded:
            server.stop()
        else:
            asyncio.ensure_future(server.stop())
        self.url = ""
        self.state_changed.emit("", "")

    def restart(self) -> None:
        self.stop()
        self.start()


class ServerStatus(QLabel):
    """The status-bar label: where Alcove serves and how many requests it is answering."""

    def __init__(self, controller: ServerController) -> None:
        super().__init__()
        self.setObjectName("ServerStatus")
        self._url = controller.url
        controller.state_changed.connect(self._state)
        controller.requests_changed.connect(self._requests)
        self._state(controller.url, controller.error)

    def _state(self, url: str, error: str) -> None:
        self._url = url
        self.setVisible(bool(url or error))
        self.setText(f"Serving {url}" if url else f"Server off: {error}" if error else "")

    def _requests(self, active: int, served: int) -> None:
        self.setText(f"Serving {self._url} · {active} active, {served} served")


class ServerPage(QWidget):
    """Settings → Server."""

    def __init__(self, settings: Settings, controller: ServerController | None) -> None:
        super().__init__()
        self.settings, self.controller = settings, controller
        form = QFormLayout(self)
        form.setContentsMargins(24, 20, 24, 20)
        form.setVerticalSpacing(10)
        self.enabled = QCheckBox("Serve models on this Mac")
        self.enabled.setObjectName("server/enabled")
        self.enabled.setChecked(settings["server/enabled"])
        self.enabled.toggled.connect(lambda on: settings.__setitem__("server/enabled", on))
        form.addRow("", self.enabled)
        note = QLabel("Other apps on this Mac (editors, note apps, scripts) can use Alcove's models, embeddings and "
                      "your documents through an OpenAI-compatible API. Only this Mac can connect.")  # fmt: skip
        note.setObjectName("Muted")
        note.setWordWrap(True)
        form.addRow("", note)
        self.port = QSpinBox()
        self.port.setObjectName("server/port")
        opt = OPTIONS["server/port"]
        self.port.setRange(int(opt.minimum), int(opt.maximum))
        self.port.setValue(settings["server/port"])
        self.port.setKeyboardTracking(False)
        self.port.valueChanged.connect(lambda v: settings.__setitem__("server/port", v))
        form.addRow("Port:", self.port)
        self.address = QLineEdit()
        self.address.setReadOnly(True)
        self.address.setObjectName("ServerAddress")
        self.copy = QPushButton("Copy")
        self.copy.clicked.connect(self.copy_address)
        row = QHBoxLayout()
        row.addWidget(self.address, 1)
        row.addWidget(self.copy)
        box = QWidget()
        box.setLayout(row)
        row.setContentsMargins(0, 0, 0, 0)
        form.addRow("Address:", box)
        self.key = QLineEdit()
        self.key.setEchoMode(QLineEdit.EchoMode.Password)
        self.key.setPlaceholderText("Optional: clients must send it as their API key")
        try:
            self.key.setText(get_server_key() or "")
        except KeychainError as exc:
            log.warning("%s", exc)
        self.save_key = QPushButton("Save")
        self.save_key.clicked.connect(self._save_key)
        krow = QHBoxLayout()
        krow.setContentsMargins(0, 0, 0, 0)
        krow.addWidget(self.key, 1)
        krow.addWidget(self.save_key)
        kbox = QWidget()
        kbox.setLayout(krow)
        form.addRow("API key:", kbox)
        self.origins = QLineEdit(", ".join(settings["server/allow_origins"]))
        self.origins.setObjectName("server/allow_origins")
        self.origins.setPlaceholderText("None: no web page can call the server")
        self.origins.setToolTip("Web pages (scheme://host[:port], comma-separated) whose scripts may call the "
                                "server, e.g. http://localhost:3000. Apps and scripts on this Mac need none.")  # fmt: skip
        self.origins.editingFinished.connect(self._save_origins)
        form.addRow("Allowed web pages:", self.origins)
        self.model_paths = QCheckBox("Clients may name a model by its path on this Mac")
        self.model_paths.setObjectName("server/allow_model_paths")
        self.model_paths.setChecked(settings["server/allow_model_paths"])
        self.model_paths.setToolTip("Off: clients can use only the models the server lists (/v1/models).")
        self.model_paths.toggled.connect(lambda on: settings.__setitem__("server/allow_model_paths", on))
        form.addRow("", self.model_paths)
        self.state = QLabel()
        self.state.setWordWrap(True)
        self.state.setObjectName("Muted")
        form.addRow("", self.state)
        if controller is not None:
            controller.state_changed.connect(lambda url, err: self._show(url, err))
            self._show(controller.url, controller.error)
        else:
            self._show("", "")

    def _show(self, url: str, error: str) -> None:
        self.address.setText(url or f"http://127.0.0.1:{self.settings['server/port']}/v1")
        self.copy.setEnabled(bool(url))
        if error:
            self.state.setText(f"The server could not start: {error}")
        elif url:
            self.state.setText(
                "Running. In a client, set the base URL to this address and the model to 'default'."
            )
        else:
            self.state.setText("Off.")

    def _save_origins(self) -> None:
        """The field's origins, each checked as the server checks them; a bad one is named and nothing is saved."""
        given = [o.strip() for o in self.origins.text().replace("\n", ",").split(",") if o.strip()]
        package = self.controller.package if self.controller is not None else None
        try:
            origins = [package.normalise_origin(o) for o in given] if package is not None else given
        except AlcoveError as exc:
            self.state.setText(str(exc))
            return
        self.origins.setText(", ".join(origins))
        self.settings["server/allow_origins"] = origins

    def copy_address(self) -> None:
        QGuiApplication.clipboard().setText(self.address.text())

    def _save_key(self) -> None:
        try:
            set_server_key(self.key.text().strip() or None)
        except KeychainError as exc:
            self.state.setText(str(exc))
            return
        if self.controller is not None and self.controller.url:
            self.controller.restart()  # the new key applies at once
        self.state.setText("Key saved in the Keychain." if self.key.text().strip() else "Key removed.")
