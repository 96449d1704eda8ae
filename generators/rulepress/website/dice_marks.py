"""Marks each dice expression in the text of the BrikWars pages as one a reader can roll.

After MkDocs has written the pages, every piece of text in a BrikWars page's article that
reads as a dice expression ("1d6+1", "2d10 Exp", "d6") is wrapped in
`<span class="rp-roll" data-roll="…" data-rules="…">`, the rules engine's parser having
read it; a page's script (assets/javascripts/roll/) makes it a button that rolls it. How
to roll each (bonus dice, Critical Failure) is the engine's `roll_plan` answer, kept once
for the whole site in assets/roll-plans.json (read on the first roll), so a page carries
only the expression. QuikWars pages roll by QuikWars' rules; text in links, headings,
code blocks, forms and drawings is left as it is.
"""

from __future__ import annotations

import json
import re
from html import escape, unescape
from pathlib import Path

from ..engine.dice.parse import TAGS
from ..engine.query import answer

PLANS = "assets/roll-plans.json"
SECTIONS = (("brikwars/quikwars/", "quikwars"), ("brikwars/", "brikwars"))
ARTICLE = re.compile(r'(<article class="md-content__inner md-typeset">)(.*?)(</article>)', re.S)
TAG = re.compile(r"<!--.*?-->|<(/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(/?)>", re.S)
# text inside these is never marked: links and controls (a button inside a link or a form),
# headings, code blocks (a request's JSON), drawings and scripts
SKIP = frozenset({"a", "button", "select", "option", "textarea", "label", "script", "style",
                  "svg", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "title", "summary"})
_TERM = rf"\d*d\d+(?: (?:{'|'.join(TAGS)})\b)?"
# not part of a word or a decimal ("d6s", "v1.2d6", "2d6.5")
EXPRESSION = re.compile(rf"(?<![\w.]){_TERM}(?: ?[+-] ?(?:{_TERM}|\d+(?!\w|\.\d)))*(?!\w|\.\d)")


def _plan(text: str, rules: str) -> dict | None:
    """The engine's plan for rolling `text`, or None when it is not a roll it can make."""
    response = answer({"game": "dice", "op": "roll_plan", "expr": text, "rules": rules}, {})
    return response["plan"] if response.get("ok") else None


def _mark_text(text: str, rules: str, plans: dict) -> str:
    def wrap(match: re.Match) -> str:
        expr = unescape(match.group(0))
        key = f"{rules} {expr}"
        if key not in plans:
            plans[key] = _plan(expr, rules)
        if plans[key] is None:
            return match.group(0)
        return (f'<span class="rp-roll" data-roll="{escape(expr)}" data-rules="{rules}">'
                f"{match.group(0)}</span>")
    return EXPRESSION.sub(wrap, text)


def mark_article(body: str, rules: str, plans: dict) -> str:
    """The article's HTML with its dice expressions marked (`plans` gains their plans)."""
    out: list[str] = []
    skipping: list[str] = []  # the skipped elements open around the text
    at = 0
    for tag in TAG.finditer(body):
        text = body[at:tag.start()]
        out.append(text if skipping or not text.strip() else _mark_text(text, rules, plans))
        out.append(tag.group(0))
        at = tag.end()
        closing, name, self_closing = tag.group(1), (tag.group(2) or "").lower(), tag.group(3)
        if name in SKIP and not self_closing:
            if closing:
                if name in skipping:
                    del skipping[len(skipping) - 1 - skipping[::-1].index(name):]
            else:
                skipping.append(name)
    text = body[at:]
    out.append(text if skipping else _mark_text(text, rules, plans))
    return "".join(out)


def mark_dice(site: Path) -> int:
    """Marks the BrikWars pages' dice expressions and writes the plans; returns how many
    different expressions can be rolled."""
    plans: dict[str, dict | None] = {}
    for path in sorted(site.glob("brikwars/**/index.html")):
        name = path.relative_to(site).as_posix()
        rules = next(r for prefix, r in SECTIONS if name.startswith(prefix))
        page = path.read_text(encoding="utf-8")
        marked = ARTICLE.sub(lambda m: m.group(1) + mark_article(m.group(2), rules, plans)
                             + m.group(3), page, count=1)
        if marked != page:
            path.write_text(marked, encoding="utf-8")
    kept = {key: plan for key, plan in sorted(plans.items()) if plan is not None}
    (site / PLANS).write_text(json.dumps(kept, separators=(",", ":")), encoding="utf-8")
    return len(kept)
