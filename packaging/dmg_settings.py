# dmgbuild settings for Alcove's disk image: the app and a link to /Applications, side by side.
# Used by packaging/build_macos.sh:  python -m dmgbuild -s packaging/dmg_settings.py -D app=dist/Alcove.app Alcove OUT.dmg
# ruff: noqa: F821  (dmgbuild runs this file with `defines` in scope)
import os.path

application = defines.get("app", "dist/Alcove.app")
appname = os.path.basename(application)

format = "UDZO"  # compressed, read-only
filesystem = "HFS+"
files = [application]
symlinks = {"Applications": "/Applications"}
badge_icon = None
icon_locations = {appname: (140, 160), "Applications": (420, 160)}
window_rect = ((200, 200), (560, 340))
default_view = "icon-view"
show_status_bar = False
show_toolbar = False
show_sidebar = False
icon_size = 112
text_size = 13
