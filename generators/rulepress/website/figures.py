"""The rules figures on their pages: a hand-written page's line
`<!-- rulepress: figure KEY -->` becomes the figure KEY (rulepress.figures), drawn from the
data when the site is built, beside the rule it shows.

A figure is one raw HTML block: a <figure> whose SVG is an image with an accessible name and
a description that says in words what it shows, and a visible caption. The SVG's own text
is left out of the search index (`data-search-exclude`); its caption is searchable. On a
narrow screen the picture keeps a readable size and scrolls sideways, in a box that takes
the keyboard's focus so it can be scrolled without a mouse.
"""

from __future__ import annotations

import re
from html import escape

from ..data.catalog import Catalog
from ..figures import FIGURES, draw
from ..figures.svg import Figure
from ..problems import BuildError

MARKER = re.compile(r"^<!-- rulepress: figure ([A-Za-z0-9_-]+) -->[ \t]*$", re.M)
STYLESHEET = "assets/stylesheets/figures.css"


def figure_html(figure: Figure) -> str:
    return (f'<figure class="rp-fig" id="figure-{figure.key}">'
            f'<div class="rp-fig__scroll" tabindex="0" data-search-exclude="">{figure.svg()}</div>'
            f"<figcaption>{escape(figure.caption)}</figcaption></figure>")


def wanted(pages: dict[str, str]) -> dict[str, list[str]]:
    """{figure key: the pages that ask for it}; an unknown key stops the build."""
    out: dict[str, list[str]] = {}
    for path, text in pages.items():
        for match in MARKER.finditer(text):
            key = match.group(1)
            if key not in FIGURES:
                line = text.count("\n", 0, match.start()) + 1
                raise BuildError(f"content/{path} line {line}: no figure '{key}'; the figures "
                                 f"are {', '.join(FIGURES)} (generators/rulepress/figures/)")
            out.setdefault(key, []).append(path)
    return out


def place_figures(pages: dict[str, str], catalog: Catalog) -> dict[str, str]:
    """The pages that ask for figures, each marker line replaced by its figure."""
    asked = wanted(pages)
    if not asked:
        return {}
    drawn = draw(catalog, list(asked))
    out = {}
    for path in sorted({p for paths in asked.values() for p in paths}):
        out[path] = MARKER.sub(lambda m: figure_html(drawn[m.group(1)]), pages[path])
    return out
