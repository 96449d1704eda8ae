"""Put rendered card faces on sheets: each face page becomes a PDF form drawn wherever
its cards go, so a face shared by many cards is stored once.

Uses pypdf's low-level objects; the sheet's own page (marks, note) is drawn first.
"""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject,
                           NameObject)

from .compose import Composition
from .pdf import chrome_kinds
from .sheets import SheetLayout

PT_PER_MM = 72 / 25.4


def impose(layout: SheetLayout, composition: Composition, face_pdfs: list[bytes],
           chrome_pdf: bytes, plain_pdf: bytes | None) -> bytes:
    writer = PdfWriter()
    faces = [form for pdf in face_pdfs for form in _forms(writer, pdf)]
    if len(faces) != len(composition.faces):
        raise ValueError(f"{len(composition.faces)} faces were sent to render but "
                         f"{len(faces)} came back")
    kinds = [sheet.kind for sheet in chrome_kinds(composition.sheets)]
    chromes = dict(zip(kinds, _forms(writer, chrome_pdf)))
    width, height = layout.width * PT_PER_MM, layout.height * PT_PER_MM
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
        _add_page(writer, width, height, names, "\n".join(ops))
    if plain_pdf:
        for form in _forms(writer, plain_pdf):
            _add_page(writer, width, height, {"/Sheet": form}, "q /Sheet Do Q")
    writer.compress_identical_objects()
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _forms(writer: PdfWriter, pdf: bytes) -> list:
    """Every page of `pdf` as a form XObject in `writer` (indirect references)."""
    forms = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        contents = page.get_contents()  # a stream with an empty dictionary is falsy
        form = DecodedStreamObject()
        form.set_data(contents.get_data() if contents is not None else b"")
        box = page.mediabox
        form.update({
            NameObject("/Type"): NameObject("/XObject"),
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/BBox"): ArrayObject([FloatObject(v) for v in
                                              (box.left, box.bottom, box.right, box.top)]),
            NameObject("/Resources"): page["/Resources"].clone(writer),
        })
        forms.append(writer._add_object(form.flate_encode()))
    return forms


def _add_page(writer: PdfWriter, width: float, height: float, forms: dict, ops: str) -> None:
    page = writer.add_blank_page(width, height)
    content = DecodedStreamObject()
    content.set_data(ops.encode("ascii"))
    page[NameObject("/Contents")] = writer._add_object(content.flate_encode())
    page[NameObject("/Resources")] = DictionaryObject({
        NameObject("/XObject"): DictionaryObject(
            {NameObject(name): ref for name, ref in forms.items()})})
