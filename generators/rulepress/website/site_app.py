"""The whole site installs as an app: a web manifest for the site's root, and its icons.

The icons are made as the Evil Robots apps' are (app_icons.py: a game-icons.net picture in
white on the site's indigo, as SVG and PNGs), here the rolling dice the applet already
credits. The manifest lives in app/ beside its icons, and its addresses reach up to the
site's root, so the app opens on the home page and keeps every page in its window; every
page links it (site_overrides/main.html), and the offline worker serves it without a
network. The Evil Robots applet and table screen keep their own manifests (their link
comes first on their pages).
"""

from __future__ import annotations

from pathlib import Path

from ..data.catalog import Catalog
from ..icons import load_icons
from .app_icons import App, icon_pngs, icon_svg, manifest
from .evilrobots_applet import BUTTON_ICONS, site_icons

FOLDER = "app"
SITE_APP = App(FOLDER, "rulepress: Button Men, Evil Robots and BrikWars", "rulepress",
               "Rules, records, exact odds calculators and dice for Button Men, Evil Robots "
               "and BrikWars; works offline.", BUTTON_ICONS["random"])


def site_app_pages(project: Path, catalog: Catalog) -> dict[str, str | bytes]:
    """app/manifest.webmanifest, app/icon.svg and app/icon-<size>.png (none when the site
    draws no icons, so its credit never lacks this one)."""
    if SITE_APP.icon not in site_icons(catalog):
        return {}
    svg = icon_svg(load_icons(project), SITE_APP.icon)
    # the manifest is in app/; the app's start, scope and id are the site's root
    files: dict[str, str | bytes] = {f"{FOLDER}/manifest.webmanifest": manifest(SITE_APP, "../"),
                                     f"{FOLDER}/icon.svg": svg}
    for size, png in icon_pngs([svg])[0].items():
        files[f"{FOLDER}/icon-{size}.png"] = png
    return files
