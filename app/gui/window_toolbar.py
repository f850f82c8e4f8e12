"""The window's toolbar: Chat / Search / Rerank as exclusive pane switches (⌘1-⌘3), then Add to Library… and
Settings… at the right edge, styled as the pane switches are."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow, QSizePolicy, QToolBar, QWidget

from . import style

PANES = (("chat", "Chat", "chat"), ("search", "Search", "search"), ("rerank", "Rerank", "rerank"))


def build_toolbar(window: QMainWindow) -> QToolBar:
    """Build the toolbar on ``window`` (its pane_actions, pane_buttons, add_action and preferences_action too)."""
    bar = QToolBar("Panes")
    bar.setObjectName("MainToolbar")
    bar.setMovable(False)
    bar.setFloatable(False)
    bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    bar.toggleViewAction().setVisible(False)
    window.pane_actions = QActionGroup(window)
    window.pane_actions.setExclusive(True)
    window.pane_buttons = {}  # key -> its QToolButton
    for i, (key, label, icon_name) in enumerate(PANES):
        act = style.set_icon(QAction(label, window), icon_name)
        act.setCheckable(True)
        act.setShortcut(QKeySequence(f"Ctrl+{i + 1}"))
        act.setMenuRole(QAction.MenuRole.NoRole)
        act.setToolTip(
            f"{label} ({QKeySequence(f'Ctrl+{i + 1}').toString(QKeySequence.SequenceFormat.NativeText)})"
        )
        act.triggered.connect(lambda _=False, k=key: window.switch_to(k))
        window.pane_actions.addAction(act)
        bar.addAction(act)
        button = bar.widgetForAction(act)
        button.setObjectName("PaneSwitch")
        window.pane_buttons[key] = button
    spacer = QWidget()
    spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
    bar.addWidget(spacer)
    window.add_action = style.set_icon(QAction("Add to Library…", window), "library")
    window.add_action.setShortcut(QKeySequence.StandardKey.Open)
    window.add_action.setMenuRole(QAction.MenuRole.NoRole)
    window.add_action.triggered.connect(window.choose_and_index)
    bar.addAction(window.add_action)
    window.preferences_action = style.set_icon(QAction("Settings…", window), "settings")
    window.preferences_action.setShortcut(QKeySequence.StandardKey.Preferences)
    window.preferences_action.setMenuRole(QAction.MenuRole.PreferencesRole)
    window.preferences_action.triggered.connect(window.open_settings)
    bar.addAction(window.preferences_action)
    for act in (window.add_action, window.preferences_action):
        bar.widgetForAction(act).setObjectName("PaneSwitch")
    window.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
    # QToolBar sizes its layout when it is made, before its object name selects the style sheet's padding, and
    # again at the first theme change: the toolbar grew 66 -> 78 px when switching to dark. Read it now.
    QApplication.sendEvent(bar, QEvent(QEvent.Type.StyleChange))
    return bar
