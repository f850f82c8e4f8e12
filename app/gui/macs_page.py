"""Settings > Macs: one model across two Macs (docs/DISTRIBUTED.md).

"Lend this Mac's memory" runs a helper (``HelperNode``, as ``alcove node``) on this Mac's local-network address and
shows its pairing code; it advertises itself with Bonjour. It is off at every launch: lending never restarts unasked.
The helpers list shows what Bonjour finds; Pair (with the code the helper shows) splits the chat model over this Mac
and that helper through ``Engine.pair``; the page then says where the model lives. Blocking work (browsing, pairing,
which loads both ranks) runs on the bridge's worker threads, never on the GUI thread.
"""

from __future__ import annotations

import logging
import socket
import threading
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from engine.core import AlcoveError, PairRequest, Role
from engine.models import list_local_models, resolve_model
from engine.runtime import Advertiser, HelperAd, HelperNode, browse, local_address, new_code

from . import style
from .settings import Settings
from .workers import Job

log = logging.getLogger(__name__)


def lendable_models() -> list[Path]:
    """The local chat models a helper can run a share of (MLX/HF folders with safetensors weights)."""
    out = []
    for m in list_local_models():
        folder = Path(m.path)
        if m.kind == "chat" and folder.is_dir() and any(folder.glob("*.safetensors")):
            out.append(folder)
    return out


class Lender(QObject):
    """This Mac as a helper while ``start()``ed: ``state_changed(text)`` says where it listens and its code."""

    state_changed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.node: HelperNode | None = None
        self.code = ""
        self.address = ""
        self._advert: Advertiser | None = None

    def start(self, models: list[Path], host: str | None = None) -> None:
        if self.node is not None:
            return
        if not models:
            self.state_changed.emit("No model to lend: download or import a chat model first.")
            return
        host = host or local_address()
        self.code = new_code()
        try:
            node = HelperNode(host, 0, self.code, models)
            bound = node.bind()
        except (AlcoveError, OSError) as exc:
            self.state_changed.emit(f"Cannot lend this Mac's memory: {exc}")
            return
        self.node, self.address = node, f"{bound[0]}:{bound[1]}"
        threading.Thread(target=node.serve_forever, name="alcove-helper", daemon=True).start()
        try:
            self._advert = Advertiser(socket.gethostname(), bound[0], bound[1], [m.name for m in models])
        except Exception as exc:  # noqa: BLE001 - no multicast: the helper still pairs by address
            log.warning("not advertised with Bonjour: %s", exc)
        self.state_changed.emit(self.describe(models))

    def describe(self, models: list[Path]) -> str:
        return (f"Listening on {self.address} for one Mac at a time, offering "
                f"{', '.join(m.name for m in models)}. Type this code on the other Mac to pair.")  # fmt: skip

    def stop(self) -> None:
        node, self.node = self.node, None
        if self._advert is not None:
            self._advert.close()
            self._advert = None
        if node is not None:
            node.close()
        self.code = self.address = ""
        self.state_changed.emit("Off.")


class MacsPage(QWidget):
    """The Macs pane of Settings."""

    def __init__(self, bridge: Any, settings: Settings, lender: Lender | None = None) -> None:
        super().__init__()
        self.bridge, self.settings = bridge, settings
        self.lender = lender or Lender(self)
        form = QFormLayout(self)
        form.setContentsMargins(24, 20, 24, 20)
        form.setVerticalSpacing(10)
        self.lend = QCheckBox("Lend this Mac's memory")
        self.lend.setObjectName("LendMemory")
        self.lend.toggled.connect(self._lend_toggled)
        lend_box = (
            QVBoxLayout()
        )  # one row: word-wrapped labels in rows of their own get spare height in a form
        lend_box.setContentsMargins(0, 0, 0, 0)
        lend_box.setSpacing(6)
        lend_box.addWidget(self.lend)
        self.lend_code = QLabel()
        self.lend_code.setObjectName("PairingCode")
        self.lend_code.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        big = self.lend_code.font()
        big.setPointSizeF(big.pointSizeF() * 1.6)
        big.setBold(True)
        big.setLetterSpacing(big.SpacingType.AbsoluteSpacing, 2.0)
        self.lend_code.setFont(big)
        self.lend_code.hide()
        lend_box.addWidget(self.lend_code)
        self.lend_state = QLabel("Off.")
        self.lend_state.setObjectName("LendState")
        self.lend_state.setWordWrap(True)
        self.lend_state.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lend_box.addWidget(self.lend_state)
        lend_box.addWidget(style.muted_label("Another Mac on your network can then run part of a model that does not fit in its "
                               "own memory. Only a Mac given the code can pair; what crosses the link is not "
                               "encrypted, so lend only on a network you trust."))  # fmt: skip
        form.addRow("", _boxed(lend_box))
        self.lender.state_changed.connect(self._lend_state)

        self.helpers = QListWidget()
        self.helpers.setObjectName("Helpers")
        self.helpers.setMaximumHeight(110)
        self.refresh = QPushButton("Refresh")
        self.refresh.clicked.connect(self.find_helpers)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.helpers, 1)
        row.addWidget(self.refresh)
        form.addRow("Helpers:", _boxed(row))
        self.code = QLineEdit()
        self.code.setObjectName("PairCode")
        self.code.setPlaceholderText("The code the helper shows")
        self.pair_button = QPushButton("Pair")
        self.pair_button.clicked.connect(self.pair)
        self.unpair_button = QPushButton("Unpair")
        self.unpair_button.clicked.connect(self.unpair)
        prow = QHBoxLayout()
        prow.setContentsMargins(0, 0, 0, 0)
        prow.addWidget(self.code, 1)
        prow.addWidget(self.pair_button)
        prow.addWidget(self.unpair_button)
        form.addRow("Code:", _boxed(prow))
        self.where = QLabel()
        self.where.setObjectName("ModelLives")
        self.where.setWordWrap(True)
        form.addRow("The chat model:", self.where)
        self.show_where()

    # -- lending ----------------------------------------------------------------------------------------------
    def _lend_toggled(self, on: bool) -> None:
        if on:
            self.lender.start(lendable_models())
            if self.lender.node is None:
                self.lend.setChecked(False)
        else:
            self.lender.stop()

    def _lend_state(self, text: str) -> None:
        self.lend_code.setText(self.lender.code)
        self.lend_code.setVisible(bool(self.lender.code))
        self.lend_state.setText(text)

    # -- helpers and pairing ------------------------------------------------------------------------------------
    def find_helpers(self) -> None:
        self.refresh.setEnabled(False)
        job = self.bridge.launch(Job("find-helpers", partial(browse, 2.0), report_errors=False))
        job.signals.returned.connect(self.show_helpers)
        job.signals.finished.connect(lambda: self.refresh.setEnabled(True))

    def show_helpers(self, found: list[HelperAd]) -> None:
        self.helpers.clear()
        for h in found:
            item = QListWidgetItem(f"{h.name}  ({h.address})  offers {', '.join(h.models) or 'no model'}")
            item.setData(Qt.ItemDataRole.UserRole, h.address)
            self.helpers.addItem(item)
        if found:
            self.helpers.setCurrentRow(0)
        else:
            self.helpers.addItem("No helper found. On the other Mac, turn on 'Lend this Mac's memory'.")

    def pair(self) -> None:
        item = self.helpers.currentItem()
        address = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        code = self.code.text().strip()
        if not address or not code:
            self.where.setText("Pick a helper and type the code it shows.")
            return
        wanted = self.settings.model(Role.CHAT)
        try:
            folder = str(resolve_model(wanted.spec).path) if wanted else ""
        except AlcoveError as exc:
            self.where.setText(str(exc))
            return
        self.pair_button.setEnabled(False)
        self.where.setText(f"Pairing with {address} and loading each Mac's share...")
        request = PairRequest(address, code, folder)
        job = self.bridge.launch(Job("pair", partial(self.bridge.engine.pair, request), report_errors=False))
        job.signals.returned.connect(lambda _info: self.show_where())
        job.signals.errored.connect(lambda exc: self.where.setText(f"Not paired: {exc}"))
        job.signals.finished.connect(lambda: self.pair_button.setEnabled(True))

    def unpair(self) -> None:
        job = self.bridge.launch(Job("unpair", self.bridge.engine.unpair, title="Unpairing"))
        job.signals.finished.connect(self.show_where)

    def show_where(self) -> None:
        paired = getattr(getattr(self.bridge, "engine", None), "paired", None)
        info = paired() if paired is not None else None
        self.unpair_button.setEnabled(info is not None)
        if info is None:
            self.where.setText("Runs on this Mac.")
            return
        d = info.stats
        self.where.setText(f"{Path(info.model).name} runs across this Mac and {info.peer} "
                           f"({d.bytes_sent_per_token} bytes sent per token):\n{info.plan}")  # fmt: skip

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.lender.stop()
        super().closeEvent(event)


def _boxed(layout) -> QWidget:
    box = QWidget()
    box.setLayout(layout)
    return box
