"""The fonts drawn card art uses (art.py), embedded in a PDF (pikepdf objects).

A Type 0 font whose character codes are Unicode code points (two bytes each), so
drawn art can write text without knowing the subset's glyph numbers; the
CIDToGIDMap turns each code into its glyph, and the ToUnicode map makes the text
searchable. Only the characters the PDF draws are embedded.
"""

from __future__ import annotations

import hashlib

from pikepdf import Array, Dictionary, Name, Pdf

from . import font_metrics


def embed(pdf: Pdf, chars: str, weight: str = "regular"):
    """An indirect Type 0 font in `pdf`: the card font in `weight`, for `chars`."""
    chars = "".join(sorted({ch for ch in chars if ord(ch) <= 0xFFFF}))
    data, glyphs = font_metrics.subset(chars, weight)
    font = font_metrics.metrics(weight)
    scale = 1000 / font.units  # PDF glyph space is 1000 units per em
    codes = sorted(ord(ch) for ch in glyphs)
    to_glyph = bytearray(2 * (max(codes, default=0) + 1))  # unknown codes draw glyph 0
    for ch, glyph in glyphs.items():
        to_glyph[2 * ord(ch):2 * ord(ch) + 2] = glyph.to_bytes(2, "big")
    widths = Array()
    for code in codes:
        widths.append(code)
        widths.append(Array([round(font.advances[chr(code)] * scale)]))
    # a subset's name starts with six letters of its own (PDF 1.7, 9.6.4)
    tag = "".join(chr(65 + b % 26) for b in hashlib.sha256(chars.encode()).digest()[:6])
    bold = weight == "bold"
    name = Name(f"/{tag}+DejaVuSans{'-Bold' if bold else ''}")
    descriptor = Dictionary(
        Type=Name.FontDescriptor, FontName=name, Flags=32,
        FontBBox=Array([round(v * 1000) for v in font.bbox]), ItalicAngle=0,
        Ascent=round(font.ascent * 1000), Descent=round(-font.descent * 1000),
        CapHeight=round(font.cap_height * 1000),
        StemV=140 if bold else 80,  # StemV: usual guesses
        FontFile2=pdf.make_stream(data, Length1=len(data)))
    cid_font = Dictionary(
        Type=Name.Font, Subtype=Name.CIDFontType2, BaseFont=name,
        CIDSystemInfo=Dictionary(Registry="Adobe", Ordering="Identity", Supplement=0),
        FontDescriptor=pdf.make_indirect(descriptor), W=widths,
        DW=round(font.missing * scale), CIDToGIDMap=pdf.make_stream(bytes(to_glyph)))
    return pdf.make_indirect(Dictionary(
        Type=Name.Font, Subtype=Name.Type0, BaseFont=name, Encoding=Name("/Identity-H"),
        DescendantFonts=Array([pdf.make_indirect(cid_font)]),
        ToUnicode=pdf.make_stream(_to_unicode(codes))))


def _to_unicode(codes: list[int]) -> bytes:
    """A ToUnicode CMap where every code means its own code point."""
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
             "1 begincodespacerange", "<0000> <FFFF>", "endcodespacerange"]
    for start in range(0, len(codes), 100):  # at most 100 entries per block
        block = codes[start:start + 100]
        lines.append(f"{len(block)} beginbfchar")
        lines += [f"<{code:04X}> <{code:04X}>" for code in block]
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMapResource defineresource pop", "end", "end"]
    return "\n".join(lines).encode("ascii")
