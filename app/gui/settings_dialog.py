"""The Settings window (⌘, on macOS): General, Models, Generation, Library. Like a Mac preferences window, every
change applies at once; there is no OK/Cancel."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from .bridge import Bridge
from .links_panel import OutsideLinksPanel
from .server_panel import ServerPage
from .settings import OPTIONS, Settings
from .settings_models import ModelsPage


def _spin(settings: Settings, key: str, *, decimals: int = 0, step: float = 1.0, suffix: str = ""):
    opt = OPTIONS[key]
    box = QDoubleSpinBox() if decimals else QSpinBox()
    if decimals:
        box.setDecimals(decimals)
    box.setSingleStep(step)
    box.setRange(
        opt.minimum if opt.minimum is not None else 0, opt.maximum if opt.maximum is not None else 1e9
    )
    box.setValue(settings[key])
    if suffix:
        box.setSuffix(suffix)
    box.setKeyboardTracking(False)
    box.valueChanged.connect(lambda v: settings.__setitem__(key, v))
    box.setObjectName(key)
    return box


def _choice(settings: Settings, key: str, labels: dict[str, str]) -> QComboBox:
    combo = QComboBox()
    for value, label in labels.items():
        combo.addItem(label, value)
    combo.setCurrentIndex(max(0, combo.findData(settings[key])))
    combo.currentIndexChanged.connect(lambda _i: settings.__setitem__(key, combo.currentData()))
    combo.setObjectName(key)
    return combo


def _check(settings: Settings, key: str, text: str) -> QCheckBox:
    box = QCheckBox(text)
    box.setChecked(settings[key])
    box.toggled.connect(lambda on: settings.__setitem__(key, on))
    box.setObjectName(key)
    return box


def _note(text: str) -> QLabel:
    label = QLabel(text)
    label.setObjectName("Muted")
    label.setWordWrap(True)
    return label


def _form() -> tuple[QWidget, QFormLayout]:
    page = QWidget()
    form = QFormLayout(page)
    form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
    form.setFormAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
    form.setHorizontalSpacing(12)
    form.setVerticalSpacing(10)
    form.setContentsMargins(24, 20, 24, 20)
    return page, form


class SettingsDialog(QDialog):
    reindex_requested = Signal()

    def __init__(self, bridge: Bridge, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.settings = settings
        self.setMinimumSize(620, 520)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self._general(), "General")
        self.models = ModelsPage(bridge, settings)
        self.tabs.addTab(self.models, "Models")
        self.tabs.addTab(self._generation(), "Generation")
        self.tabs.addTab(self._library(), "Library")
        self.tabs.addTab(ServerPage(settings, getattr(parent, "server", None)), "Server")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 8, 0, 0)
        lay.addWidget(self.tabs)

    def _general(self) -> QWidget:
        page, form = _form()
        s = self.settings
        form.addRow(
            "Appearance:",
            _choice(s, "appearance/theme", {"system": "System", "light": "Light", "dark": "Dark"}),
        )
        mem = _spin(s, "memory/limit_gb", decimals=1, step=0.5, suffix=" GB")
        mem.setSpecialValueText("Automatic")
        form.addRow("Memory limit:", mem)
        form.addRow(
            "", _note("The most memory models may use. Automatic lets MLX decide from this Mac's memory.")
        )
        form.addRow("", _check(s, "cache/persist_prompts", "Keep conversations' prompt caches on disk"))
        disk = _spin(s, "cache/prompt_disk_gb", decimals=1, step=0.5, suffix=" GB")
        form.addRow("Prompt cache on disk:", disk)
        form.addRow(
            "",
            _note(
                "A reopened conversation continues without re-reading its history, also after a restart. "
                "The oldest caches are removed first when the folder reaches this size."
            ),
        )
        prompt = QPlainTextEdit(s["chat/system_prompt"])
        prompt.setFixedHeight(72)
        prompt.textChanged.connect(lambda: s.__setitem__("chat/system_prompt", prompt.toPlainText()))
        form.addRow("System prompt:", prompt)
        form.addRow("", _check(s, "chat/highlight_draft", "Highlight tokens accepted from the draft"))
        form.addRow("Model transform:", self._transform_row())
        form.addRow(
            "",
            _note(
                "A YAML file of weight edits applied to the chat model as it loads (scale, add, prune, replace, "
                "interpolate). The files on disk never change. Leave empty for none."
            ),
        )
        return page

    def _transform_row(self) -> QWidget:
        s = self.settings
        row = QWidget()
        lay = QHBoxLayout(row)
        lay.setContentsMargins(0, 0, 0, 0)
        edit = QLineEdit(s["models/transform"])
        edit.setPlaceholderText("No transform")
        edit.editingFinished.connect(lambda: s.__setitem__("models/transform", edit.text().strip()))
        choose = QPushButton("Choose…")

        def pick() -> None:
            path, _ = QFileDialog.getOpenFileName(self, "Model transform", "", "YAML (*.yaml *.yml)")
            if path:
                edit.setText(path)
                s["models/transform"] = path

        choose.clicked.connect(pick)
        lay.addWidget(edit, 1)
        lay.addWidget(choose)
        return row

    def _generation(self) -> QWidget:
        page, form = _form()
        s = self.settings
        form.addRow(
            "Speculative decoding:",
            _choice(
                s,
                "speculative/mode",
                {
                    "off": "Off",
                    "lookup": "Prompt lookup",
                    "draft": "Draft model",
                    "mtp": "Gemma 4 assistant (MTP)",
                    "auto": "Automatic",
                },
            ),
        )
        form.addRow("Proposal length:", _spin(s, "speculative/num_draft", suffix=" tokens"))
        form.addRow(
            "",
            _note(
                "Prompt lookup copies from the conversation; a draft model proposes tokens for the chat model to verify. Automatic turns drafting off when it does not pay."
            ),
        )
        form.addRow("Diffusion steps:", _spin(s, "diffusion/steps"))
        form.addRow("Canvas length:", _spin(s, "diffusion/canvas_length", suffix=" tokens"))
        form.addRow("Temperature:", _spin(s, "sampling/temperature", decimals=2, step=0.05))
        form.addRow("Top P:", _spin(s, "sampling/top_p", decimals=2, step=0.05))
        top_k = _spin(s, "sampling/top_k")
        top_k.setSpecialValueText("Off")
        form.addRow("Top K:", top_k)
        form.addRow("Min P:", _spin(s, "sampling/min_p", decimals=2, step=0.01))
        form.addRow("Repetition penalty:", _spin(s, "sampling/repetition_penalty", decimals=2, step=0.05))
        form.addRow("Maximum reply length:", _spin(s, "sampling/max_tokens", step=64, suffix=" tokens"))
        return page

    def _library(self) -> QWidget:
        page = QWidget()
        lay = QVBoxLayout(page)
        lay.setContentsMargins(24, 20, 24, 20)
        lay.addWidget(_note("Folders in your library are indexed so you can search them and chat with them."))
        self.folders = QListWidget()
        self.folders.addItems(self.settings["index/folders"])
        lay.addWidget(self.folders, 1)
        row = QHBoxLayout()
        add = QPushButton("Add Folder…")
        add.clicked.connect(self._add_folder)
        remove = QPushButton("Remove")
        remove.clicked.connect(self._remove_folder)
        reindex = QPushButton("Re-index Now")
        reindex.clicked.connect(self.reindex_requested)
        row.addWidget(add)
        row.addWidget(remove)
        row.addStretch(1)
        row.addWidget(reindex)
        lay.addLayout(row)
        lay.addWidget(
            _check(self.settings, "index/watch", "Watch these folders and re-index when files change")
        )
        lay.addWidget(
            _check(self.settings, "index/ocr", "Read scanned pages and images (text recognition on this Mac)")
        )
        self.links = OutsideLinksPanel(self.settings)
        lay.addWidget(self.links, 1)
        self.settings.changed.connect(self._folders_changed)
        return page

    def _add_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Add Folder to Library")
        if folder:
            self.add_folder(folder)

    def add_folder(self, folder: str) -> None:
        folders = self.settings["index/folders"]
        if folder not in folders:
            self.settings["index/folders"] = [*folders, folder]

    def _remove_folder(self) -> None:
        item = self.folders.currentItem()
        if item is not None:
            self.settings["index/folders"] = [f for f in self.settings["index/folders"] if f != item.text()]

    def _folders_changed(self, key: str, value) -> None:
        if key == "index/folders":
            self.folders.clear()
            self.folders.addItems(value)
