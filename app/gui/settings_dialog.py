"""The Settings window (⌘, on macOS): General, Models, Generation, Library, Server. Like a Mac preferences window:
a toolbar of panes (icon over label, centred), the window taking each pane's own size (never below its minimum),
every change applied at once, no OK/Cancel.

On macOS the toolbar is the window's unified NSToolbar (``setUnifiedTitleAndToolBarOnMac`` is for QMainWindow; a
dialog's QToolBar is drawn by Qt in the content area, as in System Settings' older panes). Fusion elsewhere."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from . import style
from .bridge import Bridge
from .links_panel import OutsideLinksPanel
from .macs_page import MacsPage
from .model_catalog import is_diffusion_spec
from .server_panel import ServerPage
from .settings import OPTIONS, Settings
from .settings_models import ModelsPage

PANES = (  # key, label, icon
    ("general", "General", "settings"),
    ("models", "Models", "model"),
    ("generation", "Generation", "generation"),
    ("library", "Library", "library"),
    ("server", "Server", "server"),
    ("macs", "Macs", "macs"),
)
MIN_WIDTH = 560  # narrow panes keep a preferences window's usual width
MODELS_WIDTH = 720  # the Models pane: its catalog's "Good for" needs the room
FIELD_WIDTH = 200  # every picker and number field of a form is this wide: their left and right edges line up
MODE_HELP = {
    "off": "Replies are written one token at a time by the chat model.",
    "lookup": "Prompt lookup proposes the next words by copying from the conversation and your documents; the chat "
    "model checks every proposal, so replies are the same, only faster when they repeat text (code, quotes).",
    "draft": "A small draft model (chosen in Models) proposes the next words and the chat model checks them: replies "
    "are the same, faster when the draft often agrees. It must share the chat model's tokenizer.",
    "mtp": "The Gemma 4 assistant head proposes the next words for a Gemma 4 chat model that has one; the chat model "
    "checks them, so replies are the same. Other models write plainly.",
    "dflash": "A DFlash drafter (chosen in Models, made for this exact chat model) proposes a block of next words "
    "at once from the chat model's own hidden states; the chat model checks them, so replies are the same.",
    "auto": "Alcove chooses per reply: prompt lookup, or a draft model when one is installed, and turns drafting off "
    "when it does not make replies faster.",
}


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
    box.setFixedWidth(FIELD_WIDTH)
    return box


def _choice(settings: Settings, key: str, labels: dict[str, str]) -> QComboBox:
    combo = QComboBox()
    for value, label in labels.items():
        combo.addItem(label, value)
    combo.setCurrentIndex(max(0, combo.findData(settings[key])))
    combo.currentIndexChanged.connect(lambda _i: settings.__setitem__(key, combo.currentData()))
    combo.setObjectName(key)
    combo.setFixedWidth(FIELD_WIDTH)
    return combo


def _check(settings: Settings, key: str, text: str) -> QCheckBox:
    box = QCheckBox(text)
    box.setChecked(settings[key])
    box.toggled.connect(lambda on: settings.__setitem__(key, on))
    box.setObjectName(key)
    return box


def _form() -> tuple[QWidget, QFormLayout]:
    page = QWidget()
    form = QFormLayout(page)
    form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
    form.setFormAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
    form.setHorizontalSpacing(12)
    form.setVerticalSpacing(10)
    form.setContentsMargins(24, 20, 24, 20)
    return page, form


def wrap_words(text: str, metrics, width: int) -> str:
    """``text`` broken into lines of whole words that fit ``width`` pixels."""
    lines: list[str] = []
    for word in text.split():
        if lines and metrics.horizontalAdvance(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return "\n".join(lines)


class PaneStack(QStackedWidget):
    """The panes, measured by the one shown: QStackedWidget's own size and height-for-width are the largest of all
    its pages (the Models pane made every pane 760 px tall)."""

    def _shown(self) -> QWidget | None:
        return self.currentWidget()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        w = self._shown()
        return w.sizeHint() if w is not None else super().sizeHint()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        w = self._shown()
        return w.minimumSizeHint() if w is not None else super().minimumSizeHint()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        w = self._shown()
        return w.hasHeightForWidth() if w is not None else False

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        w = self._shown()
        return w.heightForWidth(width) if w is not None else -1


class SettingsDialog(QDialog):
    reindex_requested = Signal()

    def __init__(self, bridge: Bridge, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.bridge, self.settings = bridge, settings
        self.toolbar = QToolBar("Settings")
        self.toolbar.setObjectName("SettingsPanes")
        self.toolbar.setMovable(False)
        self.toolbar.setFloatable(False)
        self.toolbar.setIconSize(QSize(22, 22))
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        self.tabs = PaneStack()  # "tabs": the panes, one shown at a time (the name older code uses)
        self.models = ModelsPage(bridge, settings)
        self._fit_models_page()
        pages = {"general": self._general(), "models": self.models, "generation": self._generation(),
                 "library": self._library(), "server": ServerPage(settings, getattr(parent, "server", None)),
                 "macs": MacsPage(bridge, settings)}  # fmt: skip
        self.pane_actions = QActionGroup(self)
        self.pane_actions.setExclusive(True)
        self._left = QWidget()
        self._left.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.toolbar.addWidget(self._left)  # the panes centred, as macOS lays out a preferences toolbar
        for key, label, icon_name in PANES:
            self.tabs.addWidget(pages[key])
            act = style.set_icon(QAction(label, self), icon_name)
            act.setCheckable(True)
            act.setData(key)
            act.setMenuRole(QAction.MenuRole.NoRole)
            act.triggered.connect(lambda _=False, w=pages[key]: self.tabs.setCurrentWidget(w))
            self.pane_actions.addAction(act)
            self.toolbar.addAction(act)
            self.toolbar.widgetForAction(act).setObjectName("SettingsPane")
        right = QWidget()
        right.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.toolbar.addWidget(right)
        self.pages = pages
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(self.toolbar)
        # On a screen shorter than a pane (the Models pane on a 13" MacBook with the Dock shown), the pane scrolls
        # instead of its parts being laid over each other.
        self.scroller = QScrollArea()
        self.scroller.setObjectName("SettingsScroller")
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.scroller.setWidgetResizable(True)
        self.scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroller.setWidget(self.tabs)
        lay.addWidget(self.scroller, 1)
        self.tabs.currentChanged.connect(self._pane_changed)
        settings.changed.connect(self._setting_changed)
        self._show_diffusion()
        self._pane_changed(0)

    def _fit_models_page(self) -> None:
        """The Models pane's pickers equally wide (each took its longest entry's width), and the catalog's "Good
        for" column wrapping in the space left rather than cut at the window's edge."""
        for combo in self.models.pickers.values():
            combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(24)
        tree = self.models.recommended
        tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        header = tree.header()
        header.setStretchLastSection(True)
        for col in range(3):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        tree.setMinimumHeight(200)
        tree.setWordWrap(
            False
        )  # wrapped here (``_wrap_good_for``): the delegate's own wrapping cut the third line
        self.models.setMinimumWidth(MODELS_WIDTH)
        # A tree's rows are one line high whatever the column's width (the delegate never learns it), so wrapping
        # is done here, by words, at the column's width: rows with line breaks get their height.
        tree.model().rowsInserted.connect(lambda *_: QTimer.singleShot(0, self, self._wrap_good_for))
        tree.viewport().installEventFilter(self)  # re-wrapped when the tree's width changes
        # grown when the scan's catalog and its note fill in after the pane is shown
        self.models.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.Resize and obj is self.models.recommended.viewport():
            QTimer.singleShot(0, self, self._wrap_good_for)  # dropped if the window goes first
        elif obj is self.models and event.type() == QEvent.Type.LayoutRequest:
            QTimer.singleShot(0, self, self._grow_to_pane)
        return super().eventFilter(obj, event)

    def _grow_to_pane(self) -> None:
        """The shown pane needs more room than the window was given (its content came in later): fit again."""
        try:
            if self.tabs.currentWidget() is not self.models:
                return
        except RuntimeError:  # the window is being deleted
            return
        want, least = self.pane_size()
        if want.height() > self.height() or least.width() > self.minimumWidth():
            self.fit_to_pane()

    def _wrap_good_for(self) -> None:
        tree = self.models.recommended
        header = tree.header()
        width = tree.viewport().width() - sum(header.sectionSize(c) for c in range(3)) - 12
        metrics = tree.fontMetrics()
        for i in range(tree.topLevelItemCount()):
            item = tree.topLevelItem(i)
            whole = item.data(3, Qt.ItemDataRole.UserRole) or item.text(3)
            item.setData(3, Qt.ItemDataRole.UserRole, whole)
            item.setText(3, wrap_words(whole, metrics, width))

    # -- panes sized to their content ---------------------------------------------------------------------
    def pane_key(self) -> str:
        return PANES[self.tabs.currentIndex()][0]

    @Slot(int)
    def _pane_changed(self, index: int) -> None:
        """Only the pane shown counts for the window's size (the others are ignored), so the window takes the
        shown pane's size hint, and that pane's minimum as its own."""
        for i in range(self.tabs.count()):
            policy = QSizePolicy.Policy.Preferred if i == index else QSizePolicy.Policy.Ignored
            self.tabs.widget(i).setSizePolicy(policy, policy)
        self.pane_actions.actions()[index].setChecked(True)
        self.setWindowTitle(PANES[index][1])  # a Mac preferences window is titled by its pane
        self.fit_to_pane()
        QTimer.singleShot(0, self.fit_to_pane)  # again once the pane's lazily filled parts have laid out

    def pane_size(self) -> tuple[QSize, QSize]:
        """(wanted, least) for the window with the pane shown now: the toolbar over the pane's size hint (its height
        for that width when it wraps text), and over its minimum. Computed from the pane itself: the dialog's own
        hints keep the largest pane's height."""
        page, bar = self.tabs.currentWidget(), self.toolbar.sizeHint()
        hint, least = page.sizeHint(), page.minimumSizeHint().expandedTo(page.minimumSize())
        width = max(hint.width(), least.width(), bar.width(), MIN_WIDTH)
        height = hint.height()
        if page.hasHeightForWidth():
            height = max(height, page.heightForWidth(width))
        return QSize(width, bar.height() + max(height, least.height())), QSize(
            max(least.width(), bar.width()), bar.height() + least.height()
        )

    def fit_to_pane(self) -> None:
        """The window at the shown pane's size (``pane_size``), never below its minimum, at most the screen."""
        want, least = self.pane_size()
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        if screen is not None:
            want = want.boundedTo(screen.size())
        self.setMinimumSize(least.boundedTo(want))
        self.resize(want)

    # -- Generation: diffusion settings only for a diffusion chat model; the mode's help ----------------------
    def chat_is_diffusion(self) -> bool:
        loaded = self.bridge.loaded_models().get("chat") if hasattr(self.bridge, "loaded_models") else None
        if loaded is not None and getattr(loaded, "kind", "") == "diffusion":
            return True
        return is_diffusion_spec(self.settings["models/chat"])

    def _show_diffusion(self) -> None:
        on = self.chat_is_diffusion()
        for w in self._diffusion_rows:
            w.setVisible(on)

    @Slot(str, object)
    def _setting_changed(self, key: str, value) -> None:
        if key == "speculative/mode":
            self.mode_help.setText(MODE_HELP.get(value, ""))
        elif key == "models/chat":
            self._show_diffusion()
        if key in ("speculative/mode", "models/chat") and self.isVisible():
            QTimer.singleShot(0, self.fit_to_pane)

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
            "",
            style.muted_label(
                "The most memory models may use. Automatic lets MLX decide from this Mac's memory."
            ),
        )
        form.addRow("", _check(s, "cache/persist_prompts", "Keep conversations' prompt caches on disk"))
        disk = _spin(s, "cache/prompt_disk_gb", decimals=1, step=0.5, suffix=" GB")
        form.addRow("Prompt cache on disk:", disk)
        form.addRow(
            "",
            style.muted_label(
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
            style.muted_label(
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
        modes = {"off": "Off", "lookup": "Prompt lookup", "draft": "Draft model",
                 "mtp": "Gemma 4 assistant (MTP)", "dflash": "DFlash block drafter", "auto": "Automatic"}  # fmt: skip
        form.addRow("Speculative decoding:", _choice(s, "speculative/mode", modes))
        self.mode_help = style.muted_label(MODE_HELP.get(s["speculative/mode"], ""))
        self.mode_help.setObjectName("Muted")
        form.addRow("", self.mode_help)
        form.addRow("Proposal length:", _spin(s, "speculative/num_draft", suffix=" tokens"))
        self._diffusion_rows: list[QWidget] = []
        for key, label, suffix in (("diffusion/steps", "Diffusion steps:", ""),
                                   ("diffusion/canvas_length", "Canvas length:", " tokens")):  # fmt: skip
            field = _spin(s, key, suffix=suffix)
            name = QLabel(label)
            form.addRow(name, field)
            self._diffusion_rows += [name, field]
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
        lay.addWidget(
            style.muted_label(
                "Folders in your library are indexed so you can search them and chat with them."
            )
        )
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
