"""Settings › Models: chat, draft, embedding and reranker pickers (the draft picker offers only models that can draft
for the chat model, judged from their files before anything loads, and the smallest of them automatically; a draft
no longer used is unloaded), Add Folder / Import GGUF, the recommended catalog with "fits this Mac", and Hugging Face
downloads with progress, cancel and resume (the token lives in the keychain)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from app.gui.draft_offers import DraftOffers, draft_note, draft_offers, model_location
from app.gui.model_catalog import PickerModel, catalog_row, scan
from engine.core import Role
from engine.models import (
    CatalogModel,
    fits,
    hf_cached_repo_path,
    load_catalog,
    memory_budget,
)

from .bridge import Bridge, Job
from .downloads import DownloadCancelled, download_model
from .metrics import format_bytes
from .settings import Settings

ROLES = (
    ("chat", "Chat model", ("chat", "diffusion", "gguf", "unknown")),
    ("draft", "Draft model", ("chat", "gguf", "unknown")),
    ("embedder", "Embedding model", ("embedder", "unknown")),
    ("reranker", "Reranker", ("reranker", "unknown")),
    ("image", "Image model", ("image-text",)),
)


def scan_with_drafts(known: list[str], chat_spec: str) -> tuple[list[PickerModel], DraftOffers]:
    """Worker thread: the local models and which of them can draft for the chosen chat model (and the smallest)."""
    catalog = scan(known)
    return catalog, draft_offers(catalog, chat_spec)


__all__ = ["ModelsPage", "draft_note", "model_location", "recommended", "scan_with_drafts"]


def recommended(budget: int | None = None) -> list[tuple[CatalogModel, bool, bool]]:
    """Worker thread: (catalog entry, fits this Mac, already downloaded) for every recommended model."""
    budget = memory_budget() if budget is None else budget
    return [(m, fits(m, budget), hf_cached_repo_path(m.repo) is not None) for m in load_catalog().models]


class ModelsPage(QWidget):
    download_progress = Signal(int, int)

    def __init__(self, bridge: Bridge, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge, self.settings = bridge, settings
        self.catalog: list[PickerModel] = []
        self.scan_job: Job | None = None
        self._scan_again = False  # a rescan was asked while a scan ran (see rescan)
        self.download_job: Job | None = None
        self.catalog_job: Job | None = None
        self._cancel = threading.Event()
        outer = QVBoxLayout(self)
        outer.setContentsMargins(24, 20, 24, 20)
        outer.setSpacing(10)  # 14 before the image-model row: the pane keeps its height
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.pickers: dict[str, QComboBox] = {}
        for role, label, _kinds in ROLES:
            combo = QComboBox()
            combo.setMinimumWidth(300)
            combo.activated.connect(lambda _i, r=role: self._picked(r))
            self.pickers[role] = combo
            form.addRow(label + ":", combo)
            if role == "draft":  # the note sits right under the picker it speaks of ("above" in its text)
                self.draft_note = QLabel()
                self.draft_note.setObjectName("Muted")
                self.draft_note.setWordWrap(True)
                self.draft_note.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
                self.draft_note.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
                form.addRow("", self.draft_note)
        outer.addLayout(form)
        buttons = QHBoxLayout()
        add_folder = QPushButton("Add Model Folder…")
        add_folder.clicked.connect(self.add_folder)
        add_gguf = QPushButton("Import GGUF…")
        add_gguf.clicked.connect(self.import_gguf)
        buttons.addStretch(1)
        buttons.addWidget(add_folder)
        buttons.addWidget(add_gguf)
        outer.addLayout(buttons)

        rec = QGroupBox("Recommended for document Q&&A")  # && : a lone & is a mnemonic
        rec_box = QVBoxLayout(rec)
        self.recommended = QTreeWidget()
        self.recommended.setHeaderLabels(["Model", "Download", "This Mac", "Good for"])
        self.recommended.setRootIsDecorated(False)
        self.recommended.setWordWrap(True)  # "Good for" wraps instead of being cut
        self.recommended.setUniformRowHeights(False)
        self.recommended.setMinimumHeight(180)
        self.recommended.itemSelectionChanged.connect(self._recommended_selected)
        self.recommended.itemDoubleClicked.connect(lambda *_: self.download_recommended())
        rec_box.addWidget(self.recommended)
        rec_row = QHBoxLayout()
        self.fit_note = QLabel()
        self.fit_note.setObjectName("Muted")
        self.fit_note.setWordWrap(True)
        self.get_button = QPushButton("Download Selected")
        self.get_button.setEnabled(False)
        self.get_button.clicked.connect(self.download_recommended)
        rec_row.addWidget(self.fit_note, 1)
        rec_row.addWidget(self.get_button)
        rec_box.addLayout(rec_row)
        outer.addWidget(rec)

        hub = QGroupBox("Download from Hugging Face")
        hub_form = QFormLayout(hub)
        self.repo = QLineEdit()
        self.repo.setPlaceholderText("owner/name, e.g. mlx-community/Qwen3-0.6B-bf16")
        self.download_button = QPushButton("Download")
        self.download_button.clicked.connect(self.start_download)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel_download)
        self.cancel_button.hide()
        row = QHBoxLayout()
        row.addWidget(self.repo, 1)
        row.addWidget(self.download_button)
        row.addWidget(self.cancel_button)
        hub_form.addRow("Repository:", row)
        self.progress = QProgressBar()
        self.progress.setTextVisible(False)
        self.progress.setFixedHeight(8)
        self.progress.hide()
        self.download_status = QLabel()
        self.download_status.setObjectName("Muted")
        self.download_status.setWordWrap(True)
        hub_form.addRow("", self.progress)
        hub_form.addRow("", self.download_status)
        self.token = QLineEdit()
        self.token.setEchoMode(QLineEdit.EchoMode.Password)
        self.token.setPlaceholderText(
            "hf_… (stored in the Keychain)" if not settings.hf_token() else "Saved in the Keychain"
        )
        save = QPushButton("Save Token")
        save.clicked.connect(self.save_token)
        trow = QHBoxLayout()
        trow.addWidget(self.token, 1)
        trow.addWidget(save)
        hub_form.addRow("Access token:", trow)
        outer.addWidget(hub)
        outer.addStretch(1)
        self.download_progress.connect(self._show_progress)
        self.auto_draft = ""
        self.offers: DraftOffers | None = None
        settings.changed.connect(self._setting_changed)
        self.rescan()
        self.fill_recommended()

    # -- recommended catalog -------------------------------------------------------------------------
    def fill_recommended(self) -> None:
        if self.catalog_job is not None:
            return
        self.catalog_job = self.bridge.call("model-catalog", recommended)
        self.catalog_job.returned.connect(self._show_recommended)
        self.catalog_job.errored.connect(lambda exc: self.fit_note.setText(str(exc)))
        self.catalog_job.finished.connect(lambda: setattr(self, "catalog_job", None))

    def _show_recommended(self, rows: list[tuple[CatalogModel, bool, bool]]) -> None:
        self.recommended.clear()
        budget = memory_budget()
        self.fit_note.setText(
            f"This Mac can give models about {format_bytes(budget)} (its memory minus room for macOS and apps)."
        )
        for model, fit, present in rows:
            row = catalog_row(model, fit, present)  # built-ins marked and not offered, installed ones marked
            item = QTreeWidgetItem(list(row.cells))
            item.setData(0, Qt.ItemDataRole.UserRole, model.repo)
            item.setData(0, Qt.ItemDataRole.UserRole + 1, row.downloadable)
            item.setToolTip(
                3, f"{model.good_for} Licence: {model.license}. Memory: {format_bytes(model.memory_bytes)}."
            )
            if not fit and row.state == "too-large":
                item.setDisabled(True)
                item.setToolTip(
                    2, f"Needs {format_bytes(model.memory_bytes)}; this Mac has {format_bytes(budget)}."
                )
            self.recommended.addTopLevelItem(item)
        for col in range(3):
            self.recommended.resizeColumnToContents(col)

    @Slot()
    def _recommended_selected(self) -> None:
        items = self.recommended.selectedItems()
        ok = (
            bool(items)
            and not items[0].isDisabled()
            and items[0].data(0, Qt.ItemDataRole.UserRole + 1) is not False
        )
        self.get_button.setEnabled(ok and self.download_job is None)

    @Slot()
    def download_recommended(self) -> None:
        items = self.recommended.selectedItems()
        if not items or items[0].isDisabled() or items[0].data(0, Qt.ItemDataRole.UserRole + 1) is False:
            return
        self.repo.setText(items[0].data(0, Qt.ItemDataRole.UserRole))
        self.start_download()

    # -- pickers --------------------------------------------------------------------------------------
    def rescan(self) -> None:
        """Scan the models on disk and refill the pickers. Asked while a scan runs (a download that ends during
        the page's first scan), it runs again when that one ends: the running scan may have listed the disk
        before the new model was there."""
        if self.scan_job is not None:
            self._scan_again = True
            return
        self._scan_again = False
        self.scan_job = self.bridge.call(
            "scan-models", scan_with_drafts, self.settings["models/known"], self.settings["models/chat"]
        )
        self.scan_job.returned.connect(lambda result: self._fill(*result))
        self.scan_job.finished.connect(self._scan_finished)

    def _scan_finished(self) -> None:
        self.scan_job = None
        if self._scan_again and isValid(self):
            self.rescan()

    def _fill(self, catalog: list[PickerModel], offers: DraftOffers) -> None:
        if not isValid(self) or not all(isValid(c) for c in self.pickers.values()):
            return  # the page was closed while its models were being scanned
        self.catalog, self.offers = catalog, offers
        self.auto_draft = offers.auto
        self.settings["models/draft_auto"] = offers.auto  # used when no draft is chosen
        chosen = self.settings["models/draft"]
        if chosen and not offers.offered(
            chosen
        ):  # it cannot draft for this chat model: never sent, never loaded
            self.settings["models/draft"] = ""
        for role, _label, kinds in ROLES:
            combo = self.pickers[role]
            current = self.settings[f"models/{role}"]
            combo.clear()
            if role == "draft":
                combo.addItem("None", "")
            elif role == "image":  # pictures found by their OCR text only, and nothing more computed
                combo.addItem("None (pictures by their text)", "")
            elif (
                role == "reranker"
            ):  # no cross-encoder: Q&A keeps the search order, Rerank uses the chat model
                combo.addItem("No cross-encoder (chat model)", "")
                combo.setItemData(
                    0,
                    "Document Q&A keeps the search order (a chat model reranking was measured slower "
                    "and no better); the Rerank pane uses the chat model as a yes/no judge",
                    Qt.ItemDataRole.ToolTipRole,
                )
            for m in catalog:
                if m.kind not in kinds or combo.findData(m.spec) >= 0:
                    continue
                if role == "draft" and not offers.offered(m.spec):
                    continue  # it cannot draft for this chat model: the note's tooltip says why
                combo.addItem(m.label, m.spec)
                if role == "draft":
                    check = offers.checks.get(m.spec)
                    tip = (
                        f"Can draft: {check.reason}."
                        if check and check.compatible
                        else "Checked when it loads."
                    )
                    combo.setItemData(combo.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
            if current and combo.findData(current) < 0 and role != "draft":
                combo.addItem(Path(current).name or current, current)
            combo.setCurrentIndex(max(0, combo.findData(current)))
        self._offer_mtp()
        self._update_draft_note()
        self._release_unused_draft()

    def _offer_mtp(self) -> None:
        """The Generation pane's "Gemma 4 assistant (MTP)" mode only where the chat model can have one."""
        combo = self.window().findChild(QComboBox, "speculative/mode")
        if combo is None or self.offers is None:
            return
        i, model = combo.findData("mtp"), combo.model()
        if i < 0 or not isinstance(model, QStandardItemModel):
            return
        ok = self.offers.chat_is_gemma4
        model.item(i).setEnabled(ok)
        model.item(i).setToolTip(
            "" if ok else "Only Gemma 4 chat models have a multi-token-prediction assistant."
        )

    def _release_unused_draft(self) -> None:
        """Unload a loaded draft that replies will no longer use (another draft chosen, none, or a mode without
        one), so it stops holding memory."""
        loaded = self.bridge.loaded_models().get(Role.DRAFT.value)
        if loaded is None:
            return
        drafting = self.settings["speculative/mode"] in ("draft", "mtp", "dflash", "auto")
        wanted = self.settings.model(Role.DRAFT) if drafting else None
        if wanted is not None and self.offers is not None and not self.offers.offered(wanted.spec):
            wanted = None
        if wanted is not None:
            where = model_location(wanted.spec)
            if wanted.spec in (loaded.path, loaded.name) or (
                where is not None and Path(where).resolve() == Path(loaded.path).resolve()
            ):
                return
        self.bridge.unload_model(Role.DRAFT)

    def _update_draft_note(self, _checks: dict | None = None) -> None:
        """What the draft model does under the mode chosen now (Generation › Speculative decoding), including the
        draft picked automatically when none is chosen; the tooltip lists the models not offered and why."""
        mode = self.settings["speculative/mode"]
        auto = self.auto_draft and not self.settings["models/draft"]
        label = next((m.label for m in self.catalog if m.spec == self.auto_draft), self.auto_draft)
        chat = self.pickers["chat"].currentText() or "the chat model"
        refused = (
            [c for c in self.offers.refused if c.reason != "it is the chat model itself"]
            if self.offers
            else []
        )
        tip = "; ".join(f"{self._label(c.spec)}: {c.reason}" for c in refused)
        self.draft_note.setToolTip(f"Not offered as drafts — {tip}" if tip else "")
        if auto and mode in ("draft", "auto"):
            self.draft_note.setText(
                f"Drafting with {label}: the smallest local model with the chat model's tokenizer (chosen "
                "automatically; pick another above)."
            )
            return
        self.draft_note.setText(
            draft_note(
                mode,
                self.pickers["draft"].currentText(),
                bool(self.settings["models/draft"]),
                chat_label=chat,
                offers=self.offers,
            )  # fmt: skip
        )

    def _label(self, spec: str) -> str:
        return next((m.label for m in self.catalog if m.spec == spec), Path(spec).name or spec)

    @Slot(str, object)
    def _setting_changed(self, key: str, _value: Any) -> None:
        if key in ("speculative/mode", "models/draft"):
            self._update_draft_note()
            self._release_unused_draft()

    @Slot()
    def _picked(self, role: str) -> None:
        spec = self.pickers[role].currentData() or ""
        self.settings[f"models/{role}"] = spec
        if role == "chat":
            self.rescan()  # draft compatibility depends on the chat model

    def _remember(self, spec: str) -> None:
        known = self.settings["models/known"]
        if spec not in known:
            self.settings["models/known"] = [*known, spec]
        self.rescan()

    @Slot()
    def add_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Add Model Folder")
        if folder:
            if not (Path(folder) / "config.json").exists():
                self.download_status.setText(f"{folder} has no config.json, so it is not a model folder.")
                return
            self._remember(folder)

    @Slot()
    def import_gguf(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import GGUF", "", "GGUF models (*.gguf)")
        if path:
            self._remember(path)
            self.download_status.setText(
                "The GGUF file is converted the first time it is loaded (a few seconds)."
            )

    # -- downloads ------------------------------------------------------------------------------------
    @Slot()
    def start_download(self) -> None:
        repo = self.repo.text().strip()
        if not repo or self.download_job is not None:
            return
        self._cancel = threading.Event()
        self.download_status.setText(f"Connecting to download {repo}…")
        self.progress.setRange(0, 0)
        self.progress.show()
        self.download_button.hide()
        self.cancel_button.show()
        job = Job(
            "download",
            lambda: download_model(
                repo,
                token=self.settings.hf_token(),
                progress=self.download_progress.emit,
                cancel=self._cancel,
            ),
            on_cancel=self._cancel.set,
            report_errors=False,
        )
        job.returned.connect(lambda path, r=repo: self._downloaded(r, path))
        job.errored.connect(self._download_failed)
        job.finished.connect(self._download_finished)
        self.download_job = self.bridge.launch(job)

    @Slot()
    def cancel_download(self) -> None:
        if self.download_job is not None:
            self.download_job.cancel()
            self.download_status.setText("Cancelling…")

    @Slot(int, int)
    def _show_progress(self, done: int, total: int) -> None:
        if total > 0:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(1000 * done / total))
            self.download_status.setText(f"{format_bytes(done)} of {format_bytes(total)}")

    def _downloaded(self, repo: str, path: Any) -> None:
        self.download_status.setText(f"Downloaded {repo}. Choose it above.")
        self.rescan()
        self.fill_recommended()

    @Slot(object)
    def _download_failed(self, exc: BaseException) -> None:
        if isinstance(exc, DownloadCancelled):
            self.download_status.setText("Download cancelled. Partial files are kept and resume next time.")
        else:
            self.download_status.setText(str(exc))

    @Slot()
    def _download_finished(self) -> None:
        self.download_job = None
        self.progress.hide()
        self.cancel_button.hide()
        self.download_button.show()

    @Slot()
    def save_token(self) -> None:
        from .keychain import KeychainError

        try:
            self.settings.set_hf_token(self.token.text().strip() or None)
        except KeychainError as exc:
            self.download_status.setText(str(exc))
            return
        self.token.clear()
        self.token.setPlaceholderText("Saved in the Keychain" if self.settings.hf_token() else "hf_…")
