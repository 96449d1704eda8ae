"""Web manifests and icons, so the Evil Robots applet and table screen install as apps.

Each page gets a manifest beside it (its own scope, start address and name) and icons made
from the site's own icon set (game-icons.net, CC BY 3.0; credited with the robots'
icons): the icon in white on the site's indigo, inside the middle 60 %, so the same
picture serves as a plain icon and as a "maskable" one that a phone crops to a circle.
Browsers want PNGs (Chrome installs from a 192 or 512 px one; iOS's home screen takes a
180 px apple-touch-icon), so each is drawn by WeasyPrint, as the cards are, turned into
pixels by pdftoppm (poppler-utils, which the build already needs) and scaled by Pillow; the
SVG is kept too, for browsers that scale it.
"""

from __future__ import annotations

import io
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


def icon_pngs(svgs: list[str], sizes: tuple[int, ...] = PNG_SIZES) -> list[dict[int, bytes]]:
    """Each SVG as a PNG of each size (square): one PDF page each, turned into pixels at
    the largest size by one pdftoppm run (a run costs a quarter of a second to start),
    and made smaller by Pillow."""
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        raise BuildError("the app icons need pdftoppm (poppler-utils): run scripts/setup.sh")
    from PIL import Image
    from weasyprint import HTML  # type: ignore[import-untyped]  # loaded by the print step

    side = max(sizes)
    pages = "".join(f"<section>{svg}</section>" for svg in svgs)
    pdf = HTML(string=f"<style>@page {{ size: {side}px {side}px; margin: 0 }} "
                      f"body {{ margin: 0 }} section {{ break-after: page }} "
                      f"svg {{ display: block; width: {side}px; height: {side}px }}"
                      f"</style>{pages}").write_pdf()
    out: list[dict[int, bytes]] = []
    with tempfile.TemporaryDirectory() as temp:
        source = Path(temp) / "icons.pdf"
        source.write_bytes(pdf)
        subprocess.run([pdftoppm, "-scale-to", str(side), str(source), str(Path(temp) / "p")],
                       check=True, capture_output=True)
        pixmaps = sorted(Path(temp).glob("p-*.ppm"), key=lambda f: int(f.stem.split("-")[1]))
        for pixmap in pixmaps[:len(svgs)]:
            with Image.open(pixmap) as image:
                pngs = {}
                for size in sizes:
                    copy = image if size == side else image.resize((size, size),
                                                                   Image.Resampling.LANCZOS)
                    buffer = io.BytesIO()
                    copy.save(buffer, "PNG", optimize=True)
                    pngs[size] = buffer.getvalue()
                out.append(pngs)
    return out


def manifest(app: App, root: str = "./") -> str:
    """The web manifest: its addresses are relative to it, `root` the app's start, scope and
    id (beside the page by default)."""
    icons = [{"src": f"icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png",
              "purpose": purpose}
             for size in PNG_SIZES if size != 180 for purpose in ("any", "maskable")]
    icons.append({"src": "icon.svg", "sizes": "any", "type": "image/svg+xml"})
    return json.dumps({"name": app.name, "short_name": app.short_name,
                       "description": app.description, "id": root, "start_url": root,
                       "scope": root, "display": "standalone", "background_color": BACKGROUND,
                       "theme_color": PRIMARY, "icons": icons}, indent=1)


def app_files(icons: IconSet, apps: tuple[App, ...]) -> dict[str, str | bytes]:
    """Every file of the apps: each one's manifest.webmanifest, icon.svg and PNGs."""
    svgs = [icon_svg(icons, app.icon) for app in apps]
    files: dict[str, str | bytes] = {}
    for app, svg, pngs in zip(apps, svgs, icon_pngs(svgs)):
        files[f"{app.folder}/manifest.webmanifest"] = manifest(app)
        files[f"{app.folder}/icon.svg"] = svg
        for size, png in pngs.items():
            files[f"{app.folder}/icon-{size}.png"] = png
    return files
