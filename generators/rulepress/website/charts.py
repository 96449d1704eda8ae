"""Small SVG bar charts for exact probabilities, drawn at build time.

Bars use the page's text colour (currentColor), so the chart follows light and
dark mode; the exact fraction is printed beside each bar.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

ROW = 22  # pixels per bar
LABEL = 120  # width of the label column
BAR = 220  # width of a bar at probability 1


def bar_chart(rows: list[tuple[str, Fraction]], title: str) -> str:
    """Horizontal bars, one per (label, probability); an <svg> element on one line."""
    height = ROW * len(rows) + 4
    width = LABEL + BAR + 150
    parts = [f'<svg class="rp-chart" xmlns="http://www.w3.org/2000/svg" role="img" '
             f'viewBox="0 0 {width} {height}" width="{width}" height="{height}">'
             f"<title>{escape(title)}</title>"]
    for i, (label, p) in enumerate(rows):
        y = i * ROW + 2
        length = round(float(p) * BAR, 1)
        parts.append(
            f'<text x="{LABEL - 6}" y="{y + 15}" text-anchor="end">{escape(label)}</text>'
            f'<rect class="rp-chart-track" x="{LABEL}" y="{y + 3}" width="{BAR}" height="{ROW - 6}"/>'
            f'<rect class="rp-chart-bar" x="{LABEL}" y="{y + 3}" width="{length}" height="{ROW - 6}"/>'
            f'<text x="{LABEL + BAR + 6}" y="{y + 15}">{escape(percent_and_fraction(p))}'
            f"<title>{escape(label)}: exactly {exact(p)}</title></text>")
    parts.append("</svg>")
    return "".join(parts)


def exact(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def percent_and_fraction(p: Fraction) -> str:
    """"25.0% (1/4)"; a long fraction is left to the tooltip, so the label stays short."""
    text = exact(p)
    return f"{float(p) * 100:.1f}% ({text})" if len(text) <= 9 else f"{float(p) * 100:.1f}%"
