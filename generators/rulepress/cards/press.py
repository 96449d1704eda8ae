"""A print shop's CMYK file: an RGB card PDF -> PDF/X-1a:2003 with an OutputIntent, every
colour in CMYK within a total ink limit (DriveThruCards asks for 240 %).

Ghostscript (Debian's `ghostscript`) converts the colours; pikepdf then writes the PDF/X
keys, the OutputIntent and the document info. Ghostscript's pdfwrite converts RGB to CMYK
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

import io
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name, Pdf, String

from ..problems import BuildError
from .docinfo import About, MAKER

PROFILE = Path(__file__).parent / "press" / "swop-tr003-240.icc"
INK_LIMIT = 240  # per cent, the profile's total ink limit (colprof -l)
CONDITION = "SWOP coated (CGATS TR 003), total ink limited to 240 %"
PDFX_VERSION = "PDF/X-1:2003"
PDFX_CONFORMANCE = "PDF/X-1a:2003"


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
        with Pdf.open(target) as out:
            _mark_pdfx(out, about, trims)
            buffer = io.BytesIO()
            # PDF/X-1a:2003 is PDF 1.4: no object streams
            out.save(buffer, force_version="1.4", compress_streams=True,
                     object_stream_mode=pikepdf.ObjectStreamMode.disable)
            return buffer.getvalue()


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


def _mark_pdfx(pdf: Pdf, about: About, trims: list[tuple[float, float]]) -> None:
    """The PDF/X-1a:2003 keys: version and conformance in the document info, Trapped,
    dates, the OutputIntent with our profile embedded, and each page's boxes."""
    when = _pdf_date()
    info = {"/Title": about.title, "/Author": "; ".join(about.authors),
            "/Subject": about.subject or about.title, "/Keywords": about.keywords,
            "/Creator": MAKER, "/Producer": f"{MAKER} (WeasyPrint, Ghostscript, pikepdf)",
            "/Rights": " ".join(about.credits)}
    fields: dict[str, pikepdf.Object] = {key: String(value) for key, value in info.items()}
    fields.update({"/GTS_PDFXVersion": String(PDFX_VERSION),
                   "/GTS_PDFXConformance": String(PDFX_CONFORMANCE),
                   "/Trapped": Name("/False"), "/CreationDate": String(when),
                   "/ModDate": String(when)})
    pdf.trailer.Info = pdf.make_indirect(Dictionary(fields))
    profile = pdf.make_stream(PROFILE.read_bytes(), N=4)
    intent = Dictionary(Type=Name.OutputIntent, S=Name.GTS_PDFX,
                        OutputCondition=String(CONDITION),
                        OutputConditionIdentifier=String("Custom"),
                        RegistryName=String("http://www.color.org"),
                        Info=String(CONDITION), DestOutputProfile=profile)
    pdf.Root.OutputIntents = Array([pdf.make_indirect(intent)])
    if "/Metadata" in pdf.Root:  # Ghostscript's XMP would disagree with the info above
        del pdf.Root["/Metadata"]
    for page, (dx, dy) in zip(pdf.pages, trims):
        x0, y0, x1, y1 = (float(v) for v in page.MediaBox)
        page.obj.BleedBox = Array([x0, y0, x1, y1])
        page.obj.TrimBox = Array([round(v, 4) for v in (x0 + dx, y0 + dy, x1 - dx, y1 - dy)])
        for key in ("/CropBox", "/ArtBox"):
            if key in page.obj:
                del page.obj[key]


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
