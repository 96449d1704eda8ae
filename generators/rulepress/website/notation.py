"""Draw Button Men dice on site pages as small HTML, from the one definition the cards share
(notation/buttonmen.py: which skills are letters, lines, frames or pictures, and in what
order). The colours and lines themselves are in site_overrides/assets/stylesheets/rulepress.css.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.buttonmen.recipe import DieSpec
from ..notation.buttonmen import Drawn, Mark, draw
from .templating import data_text

PICTURES = {
    "bolt": ('<svg class="rp-bolt" viewBox="0 0 10 16" aria-hidden="true">'
             '<path d="M6 0 0 9h4l-1 7 7-10H6l1-6z"/></svg>'),
}
LINES = {"over": "rp-over", "through": "rp-through"}


def draw_die(die: DieSpec, letters: Mapping[str, str], title: str) -> str:
    """One die as HTML; `letters` maps the die's recipe letters to skill ids."""
    return drawn_html(draw(die, letters), title)


def drawn_html(drawn: Drawn, title: str) -> str:
    if drawn.fraction:
        low, high = drawn.fraction
        number = f'<span class="rp-frac"><sup>{low}</sup>/<sub>{high}</sub></span>'
    else:
        number = data_text(drawn.size)
    if drawn.lines:
        number = f'<span class="{" ".join(LINES[line] for line in drawn.lines)}">{number}</span>'
    if "cube" in drawn.pictures:  # Stinger: a cube outline behind the size
        number = f'<span class="rp-cube">{number}</span>'
    html = "".join(PICTURES.get(p, "") for p in drawn.pictures) + number
    for frame in reversed(drawn.frames):  # innermost first
        html = f'<span class="rp-frame-{frame}">{html}</span>'
    before = _letters(drawn.before, drawn.plasma, "rp-letters")
    after = _letters(drawn.after, "", "rp-letters rp-after")
    return f'<span class="rp-die" title="{data_text(title)}">{before}{html}{after}</span>'


def _letters(marks: tuple[Mark, ...], plasma: str, css: str) -> str:
    # Letters are data (a backtick or a star is a letter): data_text, so that the drawing
    # stays text in a Markdown table cell as well as in raw HTML.
    text = "".join(f'<b class="rp-cap">{data_text(m.text)}</b>' if m.bold else data_text(m.text)
                   for m in marks) + data_text(plasma)
    return f'<span class="{css}">{text}</span>' if text else ""
