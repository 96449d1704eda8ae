"""Card HTML -> an ElementTree, as WeasyPrint's own HTML5 parser would build it.

WeasyPrint parses with tinyhtml5, a pure-Python HTML5 parser that takes a
noticeable share of each card's render time. Our card documents are generated
and simple, so the standard library's tokenizer is enough: void elements close
themselves, entities are decoded, and <svg> content goes into the SVG
namespace with its case-sensitive attribute names restored (as HTML5 does).
tests/cards/test_fast_render.py renders every deck through both parsers and
requires identical pages.
"""

from __future__ import annotations

from html.parser import HTMLParser
from xml.etree.ElementTree import Element, TreeBuilder

SVG = "{http://www.w3.org/2000/svg}"
IMPLIED_TBODY = " tbody"  # on the open-element stack: a <tbody> the markup left out
VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
# html.parser lowercases every name; SVG's mixed-case names, as the HTML5 spec lists them
SVG_NAMES = {name.lower(): name for name in (
    "clipPath foreignObject linearGradient radialGradient textPath feGaussianBlur "
    "feColorMatrix feOffset feBlend feFlood feComposite feMerge feMergeNode").split()}
SVG_ATTRIBUTES = {name.lower(): name for name in (
    "viewBox preserveAspectRatio gradientUnits gradientTransform patternUnits "
    "patternContentUnits patternTransform clipPathUnits markerWidth markerHeight "
    "markerUnits refX refY stdDeviation textLength lengthAdjust startOffset "
    "spreadMethod maskUnits maskContentUnits pathLength").split()}


class TreeError(ValueError):
    """The HTML is not well nested; the caller falls back to the HTML5 parser."""


def parse(html: str) -> Element:
    builder = _Builder()
    builder.feed(html)
    builder.close()
    if builder.open:
        raise TreeError(f"unclosed elements: {', '.join(builder.open)}")
    return builder.tree.close()


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tree = TreeBuilder()
        self.open: list[str] = []  # tag names as written, to check nesting
        self.svg_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        in_svg = self.svg_depth > 0 or tag == "svg"
        values = {}
        for key, value in attrs:
            if in_svg and key == "xmlns":
                continue  # the namespace goes into the tag name instead
            values[SVG_ATTRIBUTES.get(key, key) if in_svg else key] = value or ""
        if in_svg:
            self.svg_depth += 1
            name = SVG + SVG_NAMES.get(tag, tag)
        else:
            name = tag
            if tag == "tr" and self.open and self.open[-1] == "table":
                self.tree.start("tbody", {})  # HTML5 puts rows in an implied row group
                self.open.append(IMPLIED_TBODY)
        self.tree.start(name, values)
        self.open.append(tag)
        if tag in VOID and not in_svg:
            self._close(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID or self.svg_depth:
            self._close(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID and not self.svg_depth:
            return  # already closed at its start tag
        self._close(tag)

    def _close(self, tag: str) -> None:
        if tag == "table" and self.open and self.open[-1] == IMPLIED_TBODY:
            self.open.pop()
            self.tree.end("tbody")
        if not self.open or self.open[-1] != tag:
            raise TreeError(f"</{tag}> closes <{self.open[-1] if self.open else 'nothing'}>")
        self.open.pop()
        self.tree.end(SVG + SVG_NAMES.get(tag, tag) if self.svg_depth else tag)
        if self.svg_depth:
            self.svg_depth -= 1

    def handle_data(self, data: str) -> None:
        # HTML5 drops white space between <html> and <head>/<body>; inside body it stays
        if self.open and not (self.open[-1] == "html" and not data.strip()):
            self.tree.data(data)
