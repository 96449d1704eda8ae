"""Copies the npm packages the site's scripts import into the site, so every script comes
from the site itself (no CDN) at the version package-lock.json pins.

lit-html, the template library behind assets/javascripts/shared/html.js, which builds
every piece of markup the scripts draw and escapes data by construction; and
qrcode-generator (MIT, its licence in the file's header), which makes the QR code of the
Evil Robots join link (evilrobots/table-screen.js). Each file is a single self-contained ES
module (no imports of its own).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from ..problems import BuildError

NPM = Path("node_modules")
# package file -> where the site serves it (what shared/html.js imports)
VENDORED = {
    "lit-html/lit-html.js": "assets/javascripts/vendor/lit-html.js",
    "lit-html/LICENSE": "assets/javascripts/vendor/lit-html.LICENSE.txt",
    "qrcode-generator/dist/qrcode.mjs": "assets/javascripts/vendor/qrcode-generator.js",
}


def copy_vendored(project: Path, site_dir: Path) -> None:
    for source, target in VENDORED.items():
        path = project / NPM / source
        if not path.is_file():
            raise BuildError(f"{(NPM / source).as_posix()} is missing: run scripts/setup.sh "
                             "(it runs npm ci, which installs it from package-lock.json)")
        (site_dir / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, site_dir / target)
