"""What every PDF says about itself, for readers and for print shops: title, authors,
subject, keywords, licences and credits (document info and the same in XMP), the
TrimBox and BleedBox of every page, and the viewer's print defaults (no scaling;
duplex on the edge the backs were laid out for, for decks with backs).

The imposition (impose.py) builds a new PDF from the rendered faces, so nothing of
WeasyPrint's own document info survives it: this module writes it all, once, last.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import pikepdf
from pikepdf import Array, Dictionary, Name, Pdf, String

from ..icons import credit as icon_credit

GAMES = {"buttonmen": "Button Men", "evilrobots": "Evil Robots", "brikwars": "BrikWars"}
# where each game's rules come from (data/sources.yaml); the sources name no designer, so
# the PDFs' Author names these (About.authors). The cards restate the rules in our own words.
AUTHORS = {"buttonmen": "the Button Men wiki pages and Button Men Online",
           "evilrobots": "the Evil Robots v1 rules page",
           "brikwars": "the BrikWars 2010 rulebook"}
MAKER = "rulepress"
LICENCE = "rulepress and its text: MIT licence"
BMO_CREDIT = ("Button Men data from Button Men Online (github.com/buttonmen-dev/buttonmen), "
              "BSD-3-Clause licence.")


DUPLEX_NAMES = {"": Name.Simplex, "long": Name.DuplexFlipLongEdge,
                "short": Name.DuplexFlipShortEdge}


@dataclass(frozen=True)
class About:
    """What one PDF is; repr() is part of the PDF cache key (make.py)."""

    title: str
    subject: str
    game: str  # a GAMES key, or "all" (the calibration sheet)
    icons: tuple[str, ...] = ()  # the game-icons.net icons it draws, each author credited
    duplex: str = ""  # "long" or "short": printed double-sided, flipped on that edge

    @property
    def authors(self) -> list[str]:
        """The game's authors as its sources credit them, then rulepress, which made the
        file. The sources name no designer of any of the three games (data/sources.yaml),
        so the game's part names the source its rules are restated from."""
        if self.game not in AUTHORS:
            return [MAKER]  # the calibration sheet: rulepress's own
        return [f"{GAMES[self.game]} as written by {AUTHORS[self.game]}", MAKER]

    @property
    def credits(self) -> list[str]:
        games = list(AUTHORS) if self.game not in AUTHORS else [self.game]
        out = [f"{GAMES[g]}: rules from {AUTHORS[g]}, restated in rulepress's own words."
               for g in games]
        if "buttonmen" in games:
            out.append(BMO_CREDIT)
        if self.icons:
            out.append(icon_credit(self.icons))
        return out + [LICENCE + "."]

    @property
    def keywords(self) -> str:
        game = GAMES.get(self.game, "tabletop games")
        return "; ".join([game, "print and play", "cards", LICENCE]
                         + (["icons: game-icons.net, CC BY 3.0"] if self.icons else [])
                         + (["data: Button Men Online, BSD-3-Clause"]
                            if self.game in ("buttonmen", "all") else []))


@dataclass(frozen=True)
class Boxes:
    """A page's trim box inside its bleed box, as insets (pt, x and y) from the page's
    media box; the bleed box is the whole page."""

    trim: tuple[float, float] = (0.0, 0.0)  # the bleed around the card


def stamp(pdf: Pdf, about: About, boxes: list[Boxes] | None = None) -> None:
    """Write the document info, XMP, page boxes and print defaults into `pdf`."""
    info = {"/Title": about.title, "/Author": "; ".join(about.authors),
            "/Subject": about.subject or about.title, "/Keywords": about.keywords,
            "/Creator": MAKER, "/Producer": f"{MAKER} (WeasyPrint, pikepdf)",
            "/Rights": " ".join(about.credits)}
    pdf.trailer.Info = pdf.make_indirect(Dictionary({k: String(v) for k, v in info.items()}))
    # no editor mark: it would write the time, and the PDF would differ on every build
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as xmp:
        xmp["dc:title"] = about.title
        xmp["dc:creator"] = about.authors
        xmp["dc:description"] = about.subject or about.title
        xmp["dc:rights"] = " ".join(about.credits)
        xmp["pdf:Keywords"] = about.keywords
        xmp["pdf:Producer"] = info["/Producer"]
        xmp["xmp:CreatorTool"] = MAKER
    pdf.Root.ViewerPreferences = Dictionary(
        PrintScaling=Name("/None"),
        Duplex=DUPLEX_NAMES[about.duplex])
    for index, page in enumerate(pdf.pages):
        box = boxes[index] if boxes else Boxes()
        x0, y0, x1, y1 = (float(v) for v in page.MediaBox)
        dx, dy = box.trim
        page.obj.BleedBox = Array([x0, y0, x1, y1])
        page.obj.TrimBox = Array([round(v, 4) for v in (x0 + dx, y0 + dy, x1 - dx, y1 - dy)])


def stamped(data: bytes, about: About) -> bytes:
    """A finished PDF (a flowing document from WeasyPrint) with `stamp` applied."""
    with Pdf.open(io.BytesIO(data)) as pdf:
        stamp(pdf, about)
        return save(pdf)


def save(pdf: Pdf) -> bytes:
    buffer = io.BytesIO()
    # object streams keep the many small form dictionaries compact; 1.7 for /Duplex
    pdf.save(buffer, compress_streams=True, min_version="1.7",
             object_stream_mode=pikepdf.ObjectStreamMode.generate)
    return buffer.getvalue()


def joined(pdfs: list[bytes], about: About) -> bytes:
    """Several PDFs as one, in order, stamped with `about` (the army's roster sheet and
    its card sheets)."""
    out = Pdf.new()
    sources = [Pdf.open(io.BytesIO(data)) for data in pdfs]
    try:
        for source in sources:
            out.pages.extend(source.pages)
        stamp(out, about)
        return save(out)
    finally:
        for source in sources:
            source.close()


PDFX_VERSION = "PDF/X-1:2003"
PDFX_CONFORMANCE = "PDF/X-1a:2003"


def pdfx_stamped(data: bytes, about: About, trims: list[tuple[float, float]], profile: bytes,
                 condition: str, when: str) -> bytes:
    """A CMYK PDF (press.py) as PDF/X-1a:2003: version and conformance in the document info,
    Trapped, the dates (`when`, a PDF date), the OutputIntent with `profile` (an ICC
    output profile) embedded for `condition`, and each page's TrimBox `trims` (pt, x
    and y) inside a BleedBox that is the whole page. Saved as PDF 1.4."""
    with Pdf.open(io.BytesIO(data)) as pdf:
        info = {"/Title": about.title, "/Author": "; ".join(about.authors),
                "/Subject": about.subject or about.title, "/Keywords": about.keywords,
                "/Creator": MAKER, "/Producer": f"{MAKER} (WeasyPrint, Ghostscript, pikepdf)",
                "/Rights": " ".join(about.credits)}
        fields: dict[str, pikepdf.Object] = {k: String(v) for k, v in info.items()}
        fields.update({"/GTS_PDFXVersion": String(PDFX_VERSION),
                       "/GTS_PDFXConformance": String(PDFX_CONFORMANCE),
                       "/Trapped": Name("/False"), "/CreationDate": String(when),
                       "/ModDate": String(when)})
        pdf.trailer.Info = pdf.make_indirect(Dictionary(fields))
        intent = Dictionary(Type=Name.OutputIntent, S=Name.GTS_PDFX,
                            OutputCondition=String(condition),
                            OutputConditionIdentifier=String("Custom"),
                            RegistryName=String("http://www.color.org"),
                            Info=String(condition),
                            DestOutputProfile=pdf.make_stream(profile, N=4))
        pdf.Root.OutputIntents = Array([pdf.make_indirect(intent)])
        if "/Metadata" in pdf.Root:  # Ghostscript's XMP would disagree with the info above
            del pdf.Root["/Metadata"]
        for page, (dx, dy) in zip(pdf.pages, trims):
            x0, y0, x1, y1 = (float(v) for v in page.MediaBox)
            page.obj.BleedBox = Array([x0, y0, x1, y1])
            page.obj.TrimBox = Array([round(v, 4) for v in (x0 + dx, y0 + dy, x1 - dx,
                                                            y1 - dy)])
            for key in ("/CropBox", "/ArtBox"):
                if key in page.obj:
                    del page.obj[key]
        buffer = io.BytesIO()
        # PDF/X-1a:2003 is PDF 1.4: no object streams
        pdf.save(buffer, force_version="1.4", compress_streams=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.disable)
        return buffer.getvalue()
