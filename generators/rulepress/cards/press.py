"""A print shop's CMYK file: an RGB card PDF -> PDF/X-1a:2003 with an OutputIntent, every
colour in CMYK within a total ink limit (DriveThruCards asks for 240 %).

Ghostscript (Debian's `ghostscript`) converts the colours; docinfo.pdfx_stamped then
writes the PDF/X keys, the OutputIntent, the document info and the page boxes. Ghostscript's pdfwrite converts RGB to CMYK
through its default CMYK profile, so the conversion runs with a profile folder whose
default_cmyk.icc is ours:

press/swop-tr003-240.icc: an ICC output profile made with ArgyllCMS's colprof from the
ANSI CGATS/SWOP TR 003-2007 characterization data (Debian's icc-profiles-free ships it as
TR003.ti3) with a total ink limit of 240 % and a black limit of 95 %, black generated on a
ramp (so black text prints as mostly black ink). Made once with `make_profile` (below;
`apt-get install argyll icc-profiles-free`) and kept in the repository, so a build needs
only Ghostscript.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from ..problems import BuildError
from .docinfo import MAKER, About, pdfx_stamped

PROFILE = Path(__file__).parent / "press" / "swop-tr003-240.icc"
INK_LIMIT = 240  # per cent, the profile's total ink limit (colprof -l)
CONDITION = "SWOP coated (CGATS TR 003), total ink limited to 240 %"


class PressError(BuildError):
    """Ghostscript is missing or failed."""


def to_pdfx1a(pdf: bytes, about: About, trims: list[tuple[float, float]]) -> bytes:
    """`pdf` (RGB, one face a page) as PDF/X-1a:2003 in CMYK; `trims` are each page's
    bleed (pt, x and y) around its TrimBox, the BleedBox being the whole page."""
    gs = shutil.which("gs")
    if gs is None:
        raise PressError("a DriveThruCards file needs Ghostscript: apt-get install "
                         "ghostscript (scripts/apt-packages.txt lists it)")
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        profiles = _profile_folder(gs, folder / "icc")
        source, target = folder / "in.pdf", folder / "out.pdf"
        source.write_bytes(pdf)
        run = subprocess.run(
            [gs, "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", f"-sICCProfilesDir={profiles}/",
             "-sDEVICE=pdfwrite", "-dPDFX", "-dCompatibilityLevel=1.4",
             "-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK",
             "-dRenderIntent=1",  # relative colorimetric: white paper stays white
             "-dEmbedAllFonts=true", "-dSubsetFonts=true", "-dAutoRotatePages=/None",
             f"-sOutputFile={target}", str(source)],
            capture_output=True, text=True)
        if run.returncode != 0 or not target.is_file():
            raise PressError("Ghostscript could not make the CMYK file: "
                             + (run.stderr or run.stdout).strip()[-500:])
        return pdfx_stamped(target.read_bytes(), about, trims, PROFILE.read_bytes(),
                            CONDITION, _pdf_date())


def _profile_folder(gs: str, folder: Path) -> Path:
    """Ghostscript's own profiles, with ours as its default CMYK profile."""
    folder.mkdir()
    own = ghostscript_profiles(gs)
    for profile in own.glob("*.ic[cm]"):
        (folder / profile.name).symlink_to(profile.resolve())
    (folder / "default_cmyk.icc").unlink(missing_ok=True)
    (folder / "default_cmyk.icc").symlink_to(PROFILE.resolve())
    return folder


def ghostscript_profiles(gs: str) -> Path:
    """The folder of Ghostscript's ICC profiles (iccprofiles/ beside its lib/ folder)."""
    listed = subprocess.run([gs, "-h"], capture_output=True, text=True).stdout
    for lib in re.findall(r"(/\S+?)/lib\b", listed):
        folder = Path(lib) / "iccprofiles"
        if (folder / "default_cmyk.icc").exists():
            return folder
    for folder in (Path("/usr/share/color/icc/ghostscript"),):
        if (folder / "default_cmyk.icc").exists():
            return folder
    raise PressError("cannot find Ghostscript's ICC profiles (its iccprofiles folder)")


def _pdf_date() -> str:
    """Now (or SOURCE_DATE_EPOCH, for a reproducible file) as a PDF date."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    moment = time.gmtime(int(epoch) if epoch and epoch.isdigit() else None)
    return time.strftime("D:%Y%m%d%H%M%SZ", moment)


def make_profile(out: Path, data: Path = Path("/usr/share/color/icc/TR003.ti3")) -> None:
    """Make the 240 % profile again (ArgyllCMS colprof; about half a minute)."""
    colprof = shutil.which("colprof")
    if colprof is None or not data.is_file():
        raise PressError("make_profile needs: apt-get install argyll icc-profiles-free")
    with tempfile.TemporaryDirectory() as temp:
        shutil.copyfile(data, Path(temp) / "swop.ti3")
        subprocess.run([colprof, "-qm", f"-l{INK_LIMIT}", "-L95", "-kr", "-ni", "-no", "-nc",
                        "-A", MAKER, "-D", "SWOP (CGATS TR 003) coated, total ink 240 %",
                        "-C", "Made with ArgyllCMS colprof from ANSI CGATS/SWOP TR 003-2007 "
                              "characterization data", "-O", str(out.resolve()), "swop"],
                       cwd=temp, check=True, capture_output=True)
