"""Preview cards for links to record pages (a button, a skill, a robot, a weapon...), as
assets/javascripts/link-previews.js shows them on hover or focus, and the rows the compare page lays side by side.

Built after MkDocs from the record pages it wrote, so a card says what its page says and
nothing is defined twice: the page's name, its opening paragraphs (before the first
section heading; the links in them left out) and its key-value table. Everything is
plain text in previews.json; the browser puts it in the page with textContent only.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

# record-page folder -> what a card calls such a record (one card per page below it)
KINDS: dict[str, str] = {
    "buttonmen/buttons": "Button Men button", "buttonmen/skills": "Button Men skill",
    "evilrobots/bots": "Evil Robots robot", "brikwars/units": "BrikWars unit",
    "brikwars/weapons": "BrikWars weapon or equipment",
    "brikwars/scaled-weapons": "BrikWars size-scaled weapon",
    "brikwars/specialists": "BrikWars specialist", "brikwars/specialties": "BrikWars specialty",
}
FILE = "previews.json"
MAX_LEAD = 3  # paragraphs
MAX_CHARS = 320  # per paragraph or value
MAX_FACTS = 10
READ_CHARS = 6000  # of a page's article
LEAD_CLASSES = {"", "rp-card-kind", "rp-card-text", "admonition-title"}
_SPACE = re.compile(r"\s+")
# Developer text a card leaves out (its page keeps it): the source lines a value cites
# ("(L520)", "(rulebook L30-44)", ", L491)") and a fact whose value is a file of code
# ("As the engine plays it: ... src/engine/BMSkillBerserk.php at a04ab98462e7").
_REF = r"(?:rulebook\s+)?L\d+(?:[-–]\d+)?"
_LINE_REFS = re.compile(rf"\s*\({_REF}(?:,\s*{_REF})*\)|,\s*{_REF}(?:,\s*{_REF})*(?=\))")
_CODE_FILE = re.compile(r"[\w/.-]+\.(?:php|py|js|mjs|ya?ml)\b")


def _clip(text: str) -> str:
    text = _SPACE.sub(" ", text).strip()
    return text if len(text) <= MAX_CHARS else text[:MAX_CHARS - 1].rstrip() + "…"


class _Page(HTMLParser):
    """Reads the article of one record page: its h1, its opening paragraphs, its first
    key-value table (a table whose heading cells are empty)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0  # inside <article>
        self.title = ""
        self.lead: list[str] = []
        self.facts: list[list[str]] = []
        self.seen_h2 = False
        self._text: list[str] | None = None  # the text being gathered
        self._skip = 0  # inside a permalink, a link in a paragraph, an svg
        self._where = ""  # "h1", "p", "td"
        self._cells: list[str] = []
        self._table = ""  # "" none, "head" reading <thead>, "kv" a key-value body, "other"
        self._head_text = ""
        self._tables_read = 0

    def handle_starttag(self, tag: str, attrs) -> None:
        attr = dict(attrs)
        if tag == "article":
            self.depth += 1
            return
        if not self.depth:
            return
        if tag == "svg" or (tag == "a" and "headerlink" in (attr.get("class") or "")):
            self._skip += 1
        elif tag == "a" and self._where == "p":
            self._skip += 1  # "All buttons", a neighbour's name: not the record's own words
        elif tag == "h1" and not self.title:
            self._start("h1")
        elif tag == "h2":
            self.seen_h2 = True
        elif tag == "p" and not self.seen_h2 and len(self.lead) < MAX_LEAD and not self._table:
            if (attr.get("class") or "") in LEAD_CLASSES:
                self._start("p")
        elif tag == "table" and not self._tables_read:
            self._table, self._head_text = "head", ""
        elif tag == "tbody" and self._table == "head":
            self._table = "kv" if not self._head_text.strip() else "other"
        elif tag == "tr" and self._table == "kv":
            self._cells = []
        elif tag in ("td", "th") and self._table == "kv":
            self._start("td")

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.depth -= 1
            return
        if not self.depth:
            return
        if tag == "svg" or (tag == "a" and self._skip):
            self._skip = max(0, self._skip - 1)
        elif tag == "h1" and self._where == "h1":
            self.title = self._end()
        elif tag == "p" and self._where == "p":
            text = self._end().strip(" ·:")
            if text:
                self.lead.append(_clip(text))
        elif tag in ("td", "th") and self._where == "td":
            self._cells.append(_clip(self._end()))
        elif tag == "tr" and self._table == "kv":
            if len(self._cells) == 2 and self._cells[0] and len(self.facts) < MAX_FACTS:
                self.facts.append(self._cells)
        elif tag == "table" and self._table:
            self._tables_read += 1 if self._table == "kv" else 0
            self._table = ""

    def handle_data(self, data: str) -> None:
        if self._table == "head":
            self._head_text += data
        if self._text is not None and not self._skip:
            self._text.append(data)

    def _start(self, where: str) -> None:
        self._where, self._text = where, []

    def _end(self) -> str:
        text = _SPACE.sub(" ", "".join(self._text or [])).strip()
        self._where, self._text = "", None
        return text


def read_page(html: str) -> dict:
    start, end = html.find("<article"), html.find("</article>")
    page = _Page()
    # a card's parts come early: long lists further down (a skill's 600 buttons) are not read
    page.feed(html[start:min(end, start + READ_CHARS)] if 0 <= start < end else html)
    # "Heavy Weapon (weapon or equipment): One Skill die..." -> the card names it already
    own = f"{page.title} ("
    lead = [text.split("): ", 1)[1] if text.startswith(own) and "): " in text else text
            for text in page.lead]
    facts = [[key, _for_players(value)] for key, value in page.facts
             if not _CODE_FILE.search(value)]
    return {"title": page.title, "lead": [_for_players(text) for text in lead],
            "facts": facts}


def _for_players(text: str) -> str:
    """`text` without the source lines it cites (a card is read in passing)."""
    return _LINE_REFS.sub("", text).strip()


def write_previews(site: Path) -> int:
    """Write previews.json ({page path: card}) into the built site; returns the cards."""
    cards: dict[str, dict] = {}
    for folder, kind in KINDS.items():
        for path in sorted((site / folder).glob("*/index.html")):
            card = read_page(path.read_text(encoding="utf-8"))
            if card["title"]:
                cards[f"{folder}/{path.parent.name}/"] = {"kind": kind, **card}
    (site / FILE).write_text(json.dumps({"kinds": KINDS, "cards": cards}, ensure_ascii=False,
                                        separators=(",", ":")), encoding="utf-8")
    return len(cards)
