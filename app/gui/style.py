"""Light and dark appearance: palette, style sheet (resources/style.qss) and icons (recoloured per theme).

On macOS the native style is kept and the system appearance is followed (``QStyleHints.colorScheme``); elsewhere the
Fusion style is given the same palette so screenshots and tests look like the Mac app. Icons set with ``set_icon`` are
recoloured whenever the theme changes: from Settings, or, in "system" mode, when the system appearance changes
while the app runs.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QAction, QColor, QFont, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication, QLabel

LIGHT = {
    "window": "#ececec",
    "base": "#ffffff",
    "field": "#ffffff",
    "sidebar": "#f3f3f5",
    "text": "#1d1d1f",
    "muted": "#6e6e73",
    "accent": "#0a7cff",
    "selection": "#dbe8fc",
    "hover": "#e8e8ed",
    "separator": "#d6d6db",
    "bubble": "#eef1f6",
    "chip": "#f2f5fb",
    "chipborder": "#d4deef",
    "danger": "#d70015",
    "disabled": "#b9c8e0",
    "overlay": "rgba(255, 255, 255, 225)",
    "draft": "#e3f4e1",
    "code": "#f4f4f6",
    "highlight": "#fff1a8",
}
DARK = {
    "window": "#2b2b2d",
    "base": "#1e1e20",
    "field": "#2a2a2d",
    "sidebar": "#252527",
    "text": "#ececf0",
    "muted": "#9a9aa1",
    "accent": "#3b9bff",
    "selection": "#23406b",
    "hover": "#333337",
    "separator": "#3c3c40",
    "bubble": "#2e3138",
    "chip": "#262a33",
    "chipborder": "#3b4658",
    "danger": "#ff6961",
    "disabled": "#35506f",
    "overlay": "rgba(30, 30, 32, 230)",
    "draft": "#23402a",
    "code": "#2a2a2e",
    "highlight": "#6b5a12",
}

_current: dict[str, str] = dict(LIGHT)
_mode = "system"  # the mode last applied: light, dark or system
_ICON_PROPERTY = "alcoveIcon"  # "name|tint" on buttons and actions whose icon follows the theme
_DIRECT = Qt.FindChildOption.FindDirectChildrenOnly
_following: set[int] = set()  # ids of the applications whose colour-scheme signal is connected


def resources_dir() -> Path:
    """resources/ next to the package, or inside a PyInstaller bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle and (Path(bundle) / "resources").is_dir():
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parents[2] / "resources"


def colors() -> dict[str, str]:
    return _current


def color(name: str) -> QColor:
    return QColor(_current[name])


def is_dark() -> bool:
    return _current is DARK or _current.get("base") == DARK["base"]


def resolve_theme(mode: str, app: QApplication | None = None) -> str:
    if mode in ("light", "dark"):
        return mode
    app = app or QApplication.instance()
    if app is not None and app.styleHints().colorScheme() == Qt.ColorScheme.Dark:
        return "dark"
    return "light"


def apply_theme(app: QApplication, mode: str = "system") -> str:
    """Apply ``light`` / ``dark`` / ``system``; returns the theme chosen. Icons set with ``set_icon`` follow."""
    global _current, _mode
    _mode = mode
    if id(app) not in _following:
        _following.add(id(app))
        app.styleHints().colorSchemeChanged.connect(lambda _scheme, app=app: _system_scheme_changed(app))
    theme = resolve_theme(mode, app)
    _current = DARK if theme == "dark" else LIGHT
    if sys.platform == "darwin":
        scheme = {"light": Qt.ColorScheme.Light, "dark": Qt.ColorScheme.Dark}.get(
            mode, Qt.ColorScheme.Unknown
        )
        app.styleHints().setColorScheme(scheme)
    else:
        if app.style().name().lower() != "fusion":  # setting it again re-polishes every widget: the
            app.setStyle("Fusion")  # toolbar's margins were counted twice (66 -> 78 px on a theme change)
        app.setPalette(_palette(_current))
        font = QFont(app.font())
        font.setPointSizeF(10.0)
        app.setFont(font)
    app.setStyleSheet(style_sheet(_current))
    icon.cache_clear()
    _retint(app)
    return theme


def _retint(app: QApplication) -> None:
    """Redraw every themed icon of the live widgets and their actions (no Python registry of Qt objects: one could
    outlive its C++ object)."""
    for widget in app.allWidgets():  # an action shared by two widgets is redrawn twice: harmless
        for obj in (widget, *widget.actions(), *widget.findChildren(QAction, options=_DIRECT)):
            spec = obj.property(_ICON_PROPERTY)
            if spec:
                name, _, tint = str(spec).partition("|")
                obj.setIcon(icon(name, tint))


def _system_scheme_changed(app: QApplication) -> None:
    """The system appearance changed while the app runs: follow it in "system" mode (settings stay as they are)."""
    if _mode == "system" and resolve_theme("system", app) != ("dark" if is_dark() else "light"):
        apply_theme(app, "system")


def set_icon(target, name: str, tint: str = "text"):
    """``target.setIcon(icon(name, tint))`` (a button or an action), recoloured on every theme change; returns it."""
    target.setIcon(icon(name, tint))
    target.setProperty(_ICON_PROPERTY, f"{name}|{tint}")
    return target


def _palette(c: dict[str, str]) -> QPalette:
    p = QPalette()
    role = QPalette.ColorRole
    p.setColor(role.Window, QColor(c["window"]))
    p.setColor(role.WindowText, QColor(c["text"]))
    p.setColor(role.Base, QColor(c["field"]))
    p.setColor(role.AlternateBase, QColor(c["sidebar"]))
    p.setColor(role.Text, QColor(c["text"]))
    p.setColor(role.Button, QColor(c["field"] if c is DARK else "#f6f6f6"))
    p.setColor(role.ButtonText, QColor(c["text"]))
    p.setColor(role.Highlight, QColor(c["accent"]))
    p.setColor(role.HighlightedText, QColor("#ffffff"))
    p.setColor(role.ToolTipBase, QColor(c["field"]))
    p.setColor(role.ToolTipText, QColor(c["text"]))
    p.setColor(role.PlaceholderText, QColor(c["muted"]))
    p.setColor(role.Link, QColor(c["accent"]))
    p.setColor(role.Mid, QColor(c["separator"]))
    p.setColor(role.Midlight, QColor(c["hover"]))
    p.setColor(role.Dark, QColor(c["separator"]))
    p.setColor(role.Light, QColor(c["base"]))
    for r in (role.Text, role.WindowText, role.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, r, QColor(c["muted"]))
    return p


# Document answers (app/gui/answer_view.py). Kept here until resources/style.qss takes them in.
ANSWER_QSS = """
#SourcesTitle { color: @muted; font-size: 10px; font-weight: 600; padding-top: 2px; }
#SourceQuote { color: @muted; font-size: 12px; font-style: italic; }
#AbstainNotice {
    background: @chip; color: @text; border: 1px solid @chipborder; border-left: 3px solid @muted;
    border-radius: 6px; padding: 8px 12px; font-size: 13px;
}
QProgressBar#AnswerProgress { background: @hover; border: none; border-radius: 3px; }
QProgressBar#AnswerProgress::chunk { background: @accent; border-radius: 3px; }
"""


# The window's own parts: Settings' pane switcher, the first-run welcome, the indexing phases. Check boxes are drawn
# here only off macOS: Fusion's dark indicator is a near-invisible dark square, while Cocoa's is native and visible.
WINDOW_QSS = """
QToolBar#SettingsPanes { background: @window; border: none; border-bottom: 1px solid @separator; padding: 4px; spacing: 2px; }
QToolButton#SettingsPane { border: 1px solid transparent; border-radius: 6px; padding: 3px 8px; color: @text; font-size: 11px; }
QToolButton#SettingsPane:checked { background: @selection; border-color: @chipborder; }
QToolButton#SettingsPane:hover:!checked { background: @hover; }
#Welcome { background: @base; }
#WelcomeDrop { background: @chip; border: 2px dashed @chipborder; border-radius: 14px; }
#WelcomeTitle { color: @text; font-size: 20px; font-weight: 600; }
QProgressBar#WelcomeProgress { background: @hover; border: none; border-radius: 3px; }
QProgressBar#WelcomeProgress::chunk { background: @accent; border-radius: 3px; }
"""
INDICATOR_QSS = """
QCheckBox::indicator { width: 13px; height: 13px; border: 1px solid @muted; border-radius: 3px; background: @field; }
QCheckBox::indicator:hover { border-color: @accent; }
QCheckBox::indicator:checked { background: @accent; border-color: @accent; image: url(@icons/check.svg); }
QCheckBox::indicator:disabled { background: @hover; border-color: @separator; }
QCheckBox::indicator:checked:disabled { background: @disabled; border-color: @disabled; }
"""


def style_sheet(c: dict[str, str]) -> str:
    qss = (resources_dir() / "style.qss").read_text(encoding="utf-8") + ANSWER_QSS + WINDOW_QSS
    if sys.platform != "darwin":
        qss += INDICATOR_QSS.replace("@icons", (resources_dir() / "icons").as_posix())
    for name in sorted(c, key=len, reverse=True):  # longest first: @chipborder before @chip
        qss = qss.replace("@" + name, c[name])
    return qss


@lru_cache(maxsize=256)
def icon(name: str, tint: str = "text", size: int = 24) -> QIcon:
    """An icon from resources/icons/NAME.svg drawn in the current theme's ``tint`` colour (crisp at 1x and 2x)."""
    svg = (resources_dir() / "icons" / f"{name}.svg").read_text(encoding="utf-8")
    fill = _current.get(tint, tint)
    data = QByteArray(svg.replace("#1d1d1f", fill).encode())
    result = QIcon()
    for scale in (1, 2):
        renderer = QSvgRenderer(data)
        pix = QPixmap(size * scale, size * scale)
        pix.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pix)
        renderer.render(painter)
        painter.end()
        pix.setDevicePixelRatio(scale)
        result.addPixmap(pix)
    return result


def muted_label(text: str = "") -> QLabel:
    """A wrapping note in the muted text colour (the style sheet's ``#Muted``)."""
    label = QLabel(text)
    label.setObjectName("Muted")
    label.setWordWrap(True)
    return label
