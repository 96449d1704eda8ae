"""Drawing helpers for the rules figures: SVG elements written as text, every text and
attribute value escaped (data is text, never markup).

Colours: an element names a paint ("hot", "cool", "soft", ...). It gets that paint's print
colour as a presentation attribute, which is all the PDFs see (they have no site
stylesheet), and a class that the site's stylesheet (figures.css) recolours for the light
and dark schemes: a CSS rule always wins over a presentation attribute. Lines and text in
"ink" are `currentColor`, the text colour around the figure.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from math import atan2, cos, sin

# paint -> its colour on paper (white); the site's colours are variables in figures.css
PAINTS = {
    "ink": "currentColor",
    "paper": "#ffffff",  # behind a label that crosses a line
    "soft": "#e8edf3",  # a quiet area
    "muted": "#5b6068",  # secondary lines and text (6:1 on white)
    "hot": "#b3400f",  # explosions, damage, dice taken away
    "hot-soft": "#f9d8c2",
    "cool": "#1d5fa8",  # movement, the attacker's side
    "cool-soft": "#d5e5f6",
    "good": "#2e7d32",  # what gets through, what survives
    "good-soft": "#d4ecd5",
}
FONT = "DejaVu Sans, Verdana, sans-serif"  # the site's stylesheet sets its own font instead


def _attrs(values: dict) -> str:
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = f"{value:.2f}".rstrip("0").rstrip(".")
        out.append(f' {name}="{escape(str(value), quote=True)}"')
    return "".join(out)


def _paint(fill: str | None, stroke: str | None, attrs: dict) -> dict:
    """fill/stroke paint names -> colour attributes and the classes figures.css restyles."""
    classes = [attrs.pop("class_", None)]
    for prop, name in (("fill", fill), ("stroke", stroke)):
        if name is None:
            continue
        if name == "none":
            attrs[prop] = "none"
            continue
        if name not in PAINTS:
            raise ValueError(f"unknown paint {name!r}; the paints are {', '.join(PAINTS)}")
        attrs[prop] = PAINTS[name]
        if name != "ink":
            classes.append(f"rp-{prop[0]}-{name}")
    attrs["class_"] = " ".join(c for c in classes if c) or None
    return attrs


def element(tag: str, content: str = "", fill: str | None = None, stroke: str | None = None,
            **attrs) -> str:
    attrs = _paint(fill, stroke, attrs)
    if content:
        return f"<{tag}{_attrs(attrs)}>{content}</{tag}>"
    return f"<{tag}{_attrs(attrs)}/>"


def text(x: float, y: float, words: str, size: float = 13, anchor: str = "start",
         fill: str = "ink", bold: bool = False, **attrs) -> str:
    """One line of text; `words` is escaped."""
    return element("text", escape(str(words)), fill=fill, x=x, y=y, font_size=size,
                   text_anchor=anchor if anchor != "start" else None,
                   font_weight="bold" if bold else None, **attrs)


def line(x1: float, y1: float, x2: float, y2: float, stroke: str = "ink",
         width: float = 1.5, **attrs) -> str:
    return element("line", stroke=stroke, x1=x1, y1=y1, x2=x2, y2=y2, stroke_width=width,
                   **attrs)


def rect(x: float, y: float, w: float, h: float, fill: str = "none", stroke: str | None = "ink",
         width: float = 1.5, **attrs) -> str:
    return element("rect", fill=fill, stroke=stroke, x=x, y=y, width=w, height=h,
                   stroke_width=width if stroke else None, **attrs)


def circle(cx: float, cy: float, r: float, fill: str = "none", stroke: str | None = "ink",
           width: float = 1.5, **attrs) -> str:
    return element("circle", fill=fill, stroke=stroke, cx=cx, cy=cy, r=r,
                   stroke_width=width if stroke else None, **attrs)


def path(d: str, fill: str = "none", stroke: str | None = "ink", width: float = 1.5,
         **attrs) -> str:
    return element("path", fill=fill, stroke=stroke, d=d,
                   stroke_width=width if stroke else None, **attrs)


def group(*children: str, **attrs) -> str:
    return element("g", "".join(children), **attrs)


def arrow(x1: float, y1: float, x2: float, y2: float, paint: str = "ink", width: float = 2,
          head: float = 9, dashed: bool = False) -> str:
    """A line from (x1, y1) with an arrowhead at (x2, y2), drawn as a filled triangle (no
    marker: markers need ids and the PDFs' renderer reads them differently)."""
    angle = atan2(y2 - y1, x2 - x1)
    back_x, back_y = x2 - head * cos(angle), y2 - head * sin(angle)
    left = (back_x + head * 0.5 * sin(angle), back_y - head * 0.5 * cos(angle))
    right = (back_x - head * 0.5 * sin(angle), back_y + head * 0.5 * cos(angle))
    shaft = line(x1, y1, back_x, back_y, stroke=paint, width=width,
                 stroke_dasharray="5 4" if dashed else None)
    tip = element("polygon", fill=paint,
                  points=f"{x2:.1f},{y2:.1f} {left[0]:.1f},{left[1]:.1f} "
                         f"{right[0]:.1f},{right[1]:.1f}")
    return shaft + tip


def die(x: float, y: float, label: str, size: float = 26, fill: str = "soft",
        stroke: str = "ink", crossed: bool = False, dashed: bool = False) -> str:
    """A die as a rounded square with its label ("d10", "7") centred; `crossed` strikes
    it out (a die taken away)."""
    out = element("rect", fill=fill, stroke=stroke, x=x, y=y, width=size, height=size,
                  rx=size * 0.18, stroke_width=1.5,
                  stroke_dasharray="4 3" if dashed else None)
    out += text(x + size / 2, y + size * 0.64, label, size=size * 0.42, anchor="middle")
    if crossed:
        out += line(x - 3, y - 3, x + size + 3, y + size + 3, stroke="hot", width=2.5)
    return out


@dataclass(frozen=True)
class Figure:
    """One drawn figure: its picture and the words that say the same.

    `name` is its accessible name, `description` its full text alternative (read out by a
    screen reader, and the same facts the picture shows), `caption` the visible line under
    it. `physical` gives the printed width in inches when the figure is drawn to scale."""

    key: str
    name: str
    description: str
    caption: str
    width: float
    height: float
    body: str
    physical: float | None = None  # printed width in inches, for a figure drawn to scale

    def svg(self) -> str:
        ident = f"rp-fig-{self.key}"
        size = ""
        if self.physical:
            size = (f' width="{self.physical:g}in" '
                    f'height="{self.physical * self.height / self.width:.3f}in"')
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="rp-fig__art" '
                f'viewBox="0 0 {self.width:g} {self.height:g}"{size} role="img" '
                f'aria-labelledby="{ident}-name" aria-describedby="{ident}-desc" '
                f'font-family="{FONT}" color="#1a1a1a">'
                f'<title id="{ident}-name">{escape(self.name)}</title>'
                f'<desc id="{ident}-desc">{escape(self.description)}</desc>'
                f"{self.body}</svg>")
