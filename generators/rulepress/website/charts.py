"""Bar charts for exact probabilities, drawn at build time.

One row per outcome in HTML: its label, a bar and its chance as text (percent, then the
exact fraction, which may wrap). Being text, the numbers need no second, "accessible" copy,
stay at the page's own size on a phone (a scaled SVG shrank them to 9 px) and follow light
and dark mode. calculators/charts.js draws the same markup with the same classes (rulepress.css).
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Sequence

# A row is (label, probability) or (label, probability, True) for a row shown for
# comparison (a plain die beside a skilled one): drawn lighter.
ChartRow = tuple[str, Fraction] | tuple[str, Fraction, bool]


def bar_chart(rows: Sequence[ChartRow], title: str) -> str:
    """Horizontal bars, one per row; one line of HTML (Markdown leaves it alone)."""
    parts = [f'<div class="rp-chart rp-hbars" role="group" aria-label="{escape(title)}">']
    for row in rows:
        label, p = row[0], row[1]
        other = len(row) == 3 and bool(row[-1])
        parts.append(
            f'<div class="rp-hbar{" rp-hbar--other" if other else ""}">'
            f'<span class="rp-hbar__label">{escape(label)}</span>'
            f'<span class="rp-hbar__track" aria-hidden="true"><span class="rp-chart-bar" '
            f'style="width:{float(p) * 100:.2f}%"></span></span>'
            f'<span class="rp-hbar__value" title="{escape(label)}: exactly {exact(p)}">'
            f"{escape(percent_and_fraction(p))}</span></div>")
    parts.append("</div>")
    return "".join(parts)


def exact(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def percent_and_fraction(p: Fraction) -> str:
    """"25.0% (1/4)"; a long fraction is left to the tooltip, so the label stays short."""
    text = exact(p)
    return f"{float(p) * 100:.1f}% ({text})" if len(text) <= 9 else f"{float(p) * 100:.1f}%"
