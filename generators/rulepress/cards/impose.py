"""Put rendered card faces on sheets: each face page becomes a PDF form drawn wherever
its cards go, so a face shared by many cards is stored once.

Uses pikepdf (qpdf): pages become form XObjects with qpdf's own conversion, and
objects are copied between files in C++. The sheet's own page (marks, note) is
drawn first, then the faces.
"""

from __future__ import annotations

import io

import pikepdf
from pikepdf import Array, Dictionary, Name, Pdf

from .compose import Composition
from .pdf import chrome_kinds
from .sheets import SheetLayout

PT_PER_MM = 72 / 25.4


class Imposer:
    """Collects face PDFs as they come (in any order), then writes the sheets."""

    def __init__(self, layout: SheetLayout, composition: Composition, chunks: int):
        self.layout, self.composition = layout, composition
        self.out = Pdf.new()
        self.sources: list[Pdf] = []  # qpdf copies stream data at save: keep them open
        self.chunks: list[list | None] = [None] * chunks

    def add_faces(self, chunk: int, pdf: bytes) -> None:
        """The rendered faces of chunk `chunk`, one page per face, in face order."""
        self.chunks[chunk] = self._forms(pdf)

    def finish(self, chrome_pdf: bytes, plain_pdf: bytes | None) -> bytes:
        faces = [form for chunk in self.chunks for form in (chunk or [])]
        composition = self.composition
        if len(faces) != len(composition.faces) or None in self.chunks:
            raise ValueError(f"{len(composition.faces)} faces were sent to render but "
                             f"{len(faces)} came back")
        kinds = [sheet.kind for sheet in chrome_kinds(composition.sheets)]
        chromes = dict(zip(kinds, self._forms(chrome_pdf)))
        width, height = self.layout.width * PT_PER_MM, self.layout.height * PT_PER_MM
        for sheet in composition.sheets:
            names = {"/Sheet": chromes[sheet.kind]}
            ops = ["q /Sheet Do Q"]
            for placement in sheet.placements:
                use = composition.faces[placement.face]
                name = f"/F{placement.face}"
                names[name] = faces[placement.face]
                x = placement.x * PT_PER_MM
                y = height - (placement.y + use.height) * PT_PER_MM  # PDF y runs upwards
                if placement.rotate:
                    w, h = use.width * PT_PER_MM, use.height * PT_PER_MM
                    ops.append(f"q -1 0 0 -1 {x + w:.3f} {y + h:.3f} cm {name} Do Q")
                else:
                    ops.append(f"q 1 0 0 1 {x:.3f} {y:.3f} cm {name} Do Q")
            _add_page(self.out, width, height, names, "\n".join(ops))
        if plain_pdf:
            for form in self._forms(plain_pdf):
                _add_page(self.out, width, height, {"/Sheet": form}, "q /Sheet Do Q")
        buffer = io.BytesIO()
        # object streams keep the many small form dictionaries compact
        self.out.save(buffer, compress_streams=True,
                      object_stream_mode=pikepdf.ObjectStreamMode.generate)
        return buffer.getvalue()

    def _forms(self, pdf: bytes) -> list:
        """Every page of `pdf` as a form XObject in the output."""
        source = Pdf.open(io.BytesIO(pdf))
        self.sources.append(source)
        return [self.out.copy_foreign(page.as_form_xobject()) for page in source.pages]


def impose(layout: SheetLayout, composition: Composition, face_pdfs: list[bytes],
           chrome_pdf: bytes, plain_pdf: bytes | None) -> bytes:
    imposer = Imposer(layout, composition, len(face_pdfs))
    for index, pdf in enumerate(face_pdfs):
        imposer.add_faces(index, pdf)
    return imposer.finish(chrome_pdf, plain_pdf)


def _add_page(out: Pdf, width: float, height: float, forms: dict, ops: str) -> None:
    page = Dictionary(Type=Name.Page, MediaBox=Array([0, 0, width, height]),
                      Resources=Dictionary(XObject=Dictionary(forms)),
                      Contents=out.make_stream(ops.encode("ascii")))
    out.pages.append(pikepdf.Page(page))


def page_count(pdf: bytes) -> int:
    with Pdf.open(io.BytesIO(pdf)) as document:
        return len(document.pages)
