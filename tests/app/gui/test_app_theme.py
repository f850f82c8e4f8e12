"""Theme changes at runtime: palette, style sheet and every icon set through style.set_icon follow."""

from __future__ import annotations

from collections import Counter


def _icon_colour(icon) -> str:
    """The most common fully opaque colour of a 24 px rendering: the icon's fill."""
    image = icon.pixmap(24, 24).toImage()
    counts = Counter(
        image.pixelColor(x, y).name()
        for y in range(image.height())
        for x in range(image.width())
        if image.pixelColor(x, y).alpha() == 255
    )
    return counts.most_common(1)[0][0]


def test_changing_the_theme_in_settings_recolours_the_icons(qtbot, window, tmp_path):
    from app.gui import style

    window.settings["appearance/theme"] = "light"
    targets = {
        "button": window.search.rerank_button,
        "action": window.preferences_action,
        "field": window.search.query.actions()[0],
    }
    assert {k: _icon_colour(t.icon()) for k, t in targets.items()} == {
        "button": style.LIGHT["text"],
        "action": style.LIGHT["text"],
        "field": style.LIGHT["muted"],
    }
    window.settings["appearance/theme"] = "dark"
    assert style.is_dark()
    assert {k: _icon_colour(t.icon()) for k, t in targets.items()} == {
        "button": style.DARK["text"],
        "action": style.DARK["text"],
        "field": style.DARK["muted"],
    }
    window.grab().save(str(tmp_path / "dark.png"))
    window.settings["appearance/theme"] = "light"
    assert _icon_colour(window.search.rerank_button.icon()) == style.LIGHT["text"]


def test_system_mode_follows_the_system_appearance_while_running(qapp, qtbot, monkeypatch):
    from PySide6.QtWidgets import QPushButton

    from app.gui import style

    style.apply_theme(qapp, "system")  # light: the offscreen platform reports no dark scheme
    button = QPushButton()
    qtbot.addWidget(button)
    style.set_icon(button, "new")
    assert _icon_colour(button.icon()) == style.LIGHT["text"]
    system = {"scheme": "dark"}
    real = style.resolve_theme
    monkeypatch.setattr(
        style, "resolve_theme", lambda mode, app=None: system["scheme"] if mode == "system" else real(mode)
    )
    style._system_scheme_changed(qapp)  # what QStyleHints.colorSchemeChanged calls
    assert style.is_dark() and _icon_colour(button.icon()) == style.DARK["text"]
    style.apply_theme(qapp, "light")  # a theme chosen in Settings is not overridden by the system
    style._system_scheme_changed(qapp)
    assert not style.is_dark()
    system["scheme"] = "light"
    style.apply_theme(qapp, "system")
    assert not style.is_dark() and _icon_colour(button.icon()) == style.LIGHT["text"]


def test_icons_of_deleted_widgets_are_left_alone(qapp):
    """Only live widgets are walked: a deleted button's icon is never touched (no registry of Qt objects)."""
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QPushButton

    from app.gui import style

    button = style.set_icon(QPushButton(), "new")
    assert button.property("alcoveIcon") == "new|text"
    button.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    style.apply_theme(qapp, "dark")
    style.apply_theme(qapp, "light")
