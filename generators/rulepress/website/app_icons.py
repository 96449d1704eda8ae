"""Web manifests and icons, so the Evil Robots applet and table screen install as apps.

Each page gets a manifest beside it (its own scope, start address and name) and icons made
from the site's own icon set (game-icons.net, CC BY 3.0; credited with the robots'
icons): the icon in white on the site's indigo, inside the middle 60 %, so the same
picture serves as a plain icon and as a "maskable" one that a phone crops to a circle.
Browsers want PNGs (Chrome installs from a 192 or 512 px one; iOS's home screen takes a
180 px apple-touch-icon), so each is drawn by WeasyPrint, as the cards are, and turned
into pixels by pdftoppm (poppler-utils, which the build already needs); the SVG is kept
too, for browsers that scale it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..icons import IconSet
from ..problems import BuildError

PRIMARY = "#3f51b5"  # Material's indigo, the site's primary colour (mkdocs.yml palette)
BACKGROUND = "#ffffff"
PNG_SIZES = (180, 192, 512)


@dataclass(frozen=True)
class App:
    folder: str  # the page's folder in the site, e.g. "evilrobots/applet"
    name: str
    short_name: str
    description: str
    icon: str  # a game-icons.net name


def icon_svg(icons: IconSet, name: str) -> str:
    """A square icon: the picture in white, 60 % of the side, on indigo."""
    size = icons.size
    inset = size * 0.2
    body = icons.bodies[name].replace("currentColor", BACKGROUND)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}">'
            f'<rect width="{size}" height="{size}" fill="{PRIMARY}"/>'
            f'<g transform="translate({inset} {inset}) scale(0.6)">{body}</g></svg>')


def icon_pngs(svg: str, sizes: tuple[int, ...] = PNG_SIZES) -> dict[int, bytes]:
    """The SVG as a PNG of each size (square)."""
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        raise BuildError("the app icons need pdftoppm (poppler-utils): run scripts/setup.sh")
    from weasyprint import HTML  # the print step has loaded it already

    page = (f"<style>@page {{ size: 512px 512px; margin: 0 }} body {{ margin: 0 }} "
            f"svg {{ display: block; width: 512px; height: 512px }}</style>{svg}")
    pdf = HTML(string=page).write_pdf()
    out: dict[int, bytes] = {}
    with tempfile.TemporaryDirectory() as temp:
        source = Path(temp) / "icon.pdf"
        source.write_bytes(pdf)
        for size in sizes:
            stem = Path(temp) / f"icon-{size}"
            subprocess.run([pdftoppm, "-png", "-singlefile", "-scale-to", str(size),
                            str(source), str(stem)], check=True, capture_output=True)
            out[size] = stem.with_suffix(".png").read_bytes()
    return out


def manifest(app: App) -> str:
    """The web manifest, beside the page: its addresses are relative to it."""
    icons = [{"src": f"icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png",
              "purpose": purpose}
             for size in PNG_SIZES if size != 180 for purpose in ("any", "maskable")]
    icons.append({"src": "icon.svg", "sizes": "any", "type": "image/svg+xml"})
    return json.dumps({"name": app.name, "short_name": app.short_name,
                       "description": app.description, "id": "./", "start_url": "./",
                       "scope": "./", "display": "standalone", "background_color": BACKGROUND,
                       "theme_color": PRIMARY, "icons": icons}, indent=1)


def app_files(icons: IconSet, app: App) -> dict[str, str | bytes]:
    """Every file of one app: manifest.webmanifest, icon.svg and the PNGs."""
    svg = icon_svg(icons, app.icon)
    files: dict[str, str | bytes] = {f"{app.folder}/manifest.webmanifest": manifest(app),
                                     f"{app.folder}/icon.svg": svg}
    for size, png in icon_pngs(svg).items():
        files[f"{app.folder}/icon-{size}.png"] = png
    return files
