"""Put rendered card faces on sheets: each face page becomes a PDF form drawn wherever
its cards go, so a face shared by many cards is stored once.

Uses pikepdf (qpdf): pages become form XObjects with qpdf's own conversion, and
objects are copied between files in C++. The sheet's own page (marks, note) is
drawn first, then the faces, each with its drawn art (art.py), if any, on top.
"""

from __future__ import annotations

import hashlib
import io
from typing import Any

import pikepdf
from pikepdf import Array, Dictionary, Name, Pdf

from . import pdf_font, text_art
from .docinfo import About, Boxes, save, stamp
from .art import FONTS
from .compose import Composition
from .layout import FLOOR_PT, Overflow
from .pdf import Rendered, chrome_kinds
from .sheets import SheetLayout

PT_PER_MM = 72 / 25.4


def impose(layout: SheetLayout, composition: Composition, face_chunks: list[Rendered],
           chrome_pdf: bytes, plain_pdf: bytes | None, about: About,
           overflows: list[Overflow] | None = None) -> bytes:
    """The sheets as one PDF; a card name too long for its face's label slot is added to
    `overflows`."""
    out = Pdf.new()
    sources: list[Pdf] = []  # qpdf copies stream data when saving: keep them open till then
    labelled = [(p.face, p.label) for sheet in composition.sheets for p in sheet.placements
                if p.label]
    faces, arts, labels, fonts = _faces_and_art(out, composition, face_chunks, sources,
                                                labelled, overflows)
    kinds = [sheet.chrome for sheet in chrome_kinds(composition.sheets)]
    chromes = dict(zip(kinds, _forms(out, chrome_pdf, sources)))
    width, height = layout.width * PT_PER_MM, layout.height * PT_PER_MM
    for sheet in composition.sheets:
        names = {"/Sheet": chromes[sheet.chrome]}
        ops = ["q /Sheet Do Q"]
        for placement in sheet.placements:
            use = composition.faces[placement.face]
            names[f"/F{placement.face}"] = faces[placement.face]
            draw = f"/F{placement.face} Do"
            if placement.face in arts:
                names[f"/A{placement.face}"] = arts[placement.face]
                draw += f" /A{placement.face} Do"  # the drawing goes over its face
            label = labels.get((placement.face, placement.label), "")
            if label:  # the card's own name, in the shared face's slot
                draw += f"\n{label}"
            x = placement.x * PT_PER_MM
            y = height - (placement.y + use.height) * PT_PER_MM  # PDF y runs upwards
            if placement.rotate:
                w, h = use.width * PT_PER_MM, use.height * PT_PER_MM
                ops.append(f"q -1 0 0 -1 {x + w:.3f} {y + h:.3f} cm {draw} Q")
            else:
                ops.append(f"q 1 0 0 1 {x:.3f} {y:.3f} cm {draw} Q")
        _add_page(out, width, height, names, "\n".join(ops), fonts)
    if plain_pdf:
        for form in _forms(out, plain_pdf, sources):
            _add_page(out, width, height, {"/Sheet": form}, "q /Sheet Do Q")
    if composition.outline:
        with out.open_outline() as outline:
            outline.root.extend(pikepdf.OutlineItem(title, page)
                                for title, page in composition.outline)
        out.Root.PageMode = Name.UseOutlines  # the viewer opens with the bookmarks shown
    unique_subset_tags(out)
    # a sheet holds several cards: its trim and bleed boxes are the whole page
    stamp(out, about)
    return save(out)


def impose_pod(composition: Composition, face_chunks: list[Rendered],
               order: list[tuple[int, str]], about: About,
               overflows: list[Overflow] | None = None) -> bytes:
    """One face a page, in `order` ((face index, label) pairs: the label is the card's
    name for a face with a label slot, else ""), each page its face's size, bleed
    included. TrimBox is the card, BleedBox the page: what print-on-demand services
    read."""
    out = Pdf.new()
    sources: list[Pdf] = []
    faces, arts, labels, fonts = _faces_and_art(out, composition, face_chunks, sources,
                                                [item for item in order if item[1]],
                                                overflows)
    boxes = []
    for face, label in order:
        use = composition.faces[face]
        width, height = use.width * PT_PER_MM, use.height * PT_PER_MM
        names = {"/F": faces[face]}
        ops = "q /F Do"
        if face in arts:
            names["/A"] = arts[face]
            ops += " /A Do"
        if labels.get((face, label)):
            ops += "\n" + labels[(face, label)]
        _add_page(out, width, height, names, ops + " Q", fonts)
        bleed = use.bleed * PT_PER_MM
        boxes.append(Boxes(trim=(bleed, bleed)))
    unique_subset_tags(out)
    stamp(out, about, boxes)
    return save(out)


def _faces_and_art(out: Pdf, composition: Composition, face_chunks: list[Rendered],
                   sources: list[Pdf], labelled: list[tuple[int, str]],
                   overflows: list[Overflow] | None = None) -> tuple[list, dict[int, object], dict[tuple[int, str], str], object]:
    """Every rendered face as a form in `out`, each face's drawing as another, the
    operators of each (face, label) pair's card name, and the drawn fonts' resources."""
    faces: list = []
    drawings: dict[int, str] = {}  # face -> its drawings' operators
    slots: dict[int, str] = {}  # face -> its label slot (text_art.label_slot)
    chars: dict[str, set[str]] = {}  # weight -> every character drawn in it
    for chunk in face_chunks:
        for page, ops, drawn in chunk.drawings:  # a face may have several
            face = len(faces) + page
            if ops.startswith(text_art.LABEL):
                slots[face] = ops
                continue
            drawings[face] = f"{drawings[face]}\n{ops}" if face in drawings else ops
            for weight, text in drawn.items():
                chars.setdefault(weight, set()).update(text)
        faces += _forms(out, chunk.pdf, sources)
    if len(faces) != len(composition.faces):
        raise ValueError(f"{len(composition.faces)} faces were sent to render but "
                         f"{len(faces)} came back")
    labels: dict[tuple[int, str], str] = {}
    for face, label in labelled:
        if face in slots and (face, label) not in labels:
            art = text_art.draw_label(slots[face], label, FLOOR_PT)
            labels[(face, label)] = art.ops
            if art.over and overflows is not None:  # reported under the card's name
                overflows.append(Overflow(label, "label", art.over))
            for weight, text in art.chars.items():
                chars.setdefault(weight, set()).update(text)
    fonts = (out.make_indirect(Dictionary({FONTS[weight]: pdf_font.embed(out, "".join(text),
                                                                         weight)
                                           for weight, text in sorted(chars.items())}))
             if chars else None)
    return faces, _drawings(out, composition, drawings, fonts), labels, fonts


def unique_subset_tags(pdf: Pdf) -> None:
    """Give every different embedded font subset its own tag (ISO 32000-1 9.6.4).

    Each rendered document names its subsets on its own, so the faces of one sheet file
    can carry several different "ABCDEF+DejaVu-Sans" programs; preflight tools flag that
    and merging tools may swap in the wrong glyphs. The new tag is taken from the font
    program's bytes, so identical subsets keep one tag and the output stays reproducible.
    """
    taken: dict[str, bytes] = {}  # new BaseFont -> the program that has it
    for obj in pdf.objects:
        if not isinstance(obj, Dictionary) or obj.get("/Type") != Name.Font:
            continue
        name = str(obj.get("/BaseFont", ""))
        if len(name) < 8 or name[7] != "+" or not name[1:7].isalpha() or not name[1:7].isupper():
            continue
        descriptor, fonts = _descriptor(obj)
        program = _program(descriptor)
        if descriptor is None or program is None:
            continue
        digest = hashlib.sha256(program).digest()
        for attempt in range(8):
            tag = "".join(chr(65 + b % 26) for b in digest[attempt:attempt + 6])
            renamed = f"/{tag}+{name[8:]}"
            if taken.setdefault(renamed, program) == program:
                break
        for font in fonts:
            font.BaseFont = Name(renamed if str(font.BaseFont) == name
                                 else f"/{tag}+{str(font.BaseFont)[8:]}")
        descriptor.FontName = Name(f"/{tag}+{str(descriptor.FontName)[8:]}")


def _descriptor(font: Dictionary) -> tuple[Any, list[Any]]:
    """A font's descriptor, and the font dictionaries that name its subset (a Type0 font
    and its descendant name it both)."""
    if font.get("/Subtype") == Name.Type0:
        child = font.DescendantFonts[0]
        return child.get("/FontDescriptor"), [font, child]
    return font.get("/FontDescriptor"), [font]


def _program(descriptor: Dictionary | None) -> bytes | None:
    if descriptor is None:
        return None
    for key in ("/FontFile2", "/FontFile3", "/FontFile"):
        if key in descriptor:
            return bytes(descriptor[key].read_raw_bytes())
    return None


def page_count(pdf: bytes) -> int:
    with Pdf.open(io.BytesIO(pdf)) as document:
        return len(document.pages)


def _forms(out: Pdf, pdf: bytes, sources: list[Pdf]) -> list:
    """Every page of `pdf` as a form XObject in `out`."""
    source = Pdf.open(io.BytesIO(pdf))
    sources.append(source)
    return [out.copy_foreign(page.as_form_xobject()) for page in source.pages]


def _drawings(out: Pdf, composition: Composition, drawings: dict[int, str],
              fonts) -> dict[int, object]:
    """Each face's drawing as a form the size of the face, all sharing one font per weight."""
    forms: dict[int, object] = {}
    for face, ops in drawings.items():
        use = composition.faces[face]
        forms[face] = out.make_stream(
            ops.encode("ascii"), Type=Name.XObject, Subtype=Name.Form,
            BBox=Array([0, 0, use.width * PT_PER_MM, use.height * PT_PER_MM]),
            Resources=Dictionary(Font=fonts))
    return forms


def _add_page(out: Pdf, width: float, height: float, forms: dict, ops: str,
              fonts=None) -> None:
    resources = Dictionary(XObject=Dictionary(forms))
    if fonts is not None and "Tf" in ops:  # a card's name drawn on the page itself
        resources.Font = fonts
    page = Dictionary(Type=Name.Page, MediaBox=Array([0, 0, width, height]),
                      Resources=resources, Contents=out.make_stream(ops.encode("ascii")))
    out.pages.append(pikepdf.Page(page))
