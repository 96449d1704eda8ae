"""Tunes the search index MkDocs wrote, for what a player types.

Material's search matches the typed words as prefixes and does not stem the query, so
"explosion" never reached "Explosive". Two changes, both on search/search_index.json:

- word forms: a page whose title holds a word in WORD_FORMS also answers to that word's
  other forms, and an entry that says "die" answers to "dice" and back (TEXT_FORMS); the
  forms are added to the words the index holds for the entry, not shown;
- aliases: a rule's heading (or a page) also answers to the words players type for it,
  listed with their provenance in data, one file per game (data/<game>/search_aliases.yaml:
  "fire by hand" finds Manual Fire, "medic" the Medik, "tie" the Evil Robots rule for equal
  totals); `search_aliases` turns the records into {index location: words}, kept as the
  entry's other titles (below), and such a heading weighs a little more than a rule's own
  (ALIAS_BOOST), so the words find it before the pages that merely contain them;
- CamelCase names: a title written as one word ("MachineGun", "NegativeBot") also answers
  to its parts as a player types them ("machine gun");
- aliases and split names are the entry's other titles: a field of the index of their own
  (NAMES), weighed as Material weighs the title, which the site's search worker reads too;
- a section holds its page's title too (PAGE, weighed as its text): a query naming the
  page's subject and a word of the section finds the section;
- record pages: a section with no searchable text is left out;
- protocol pages: the query reference weighs less than the rules (PROTOCOL_BOOST);
- rules pages: the opening entry of a game's rules page weighs as much as an
  entity page, so "QuikWars" finds the QuikWars rules before the QuikWars units, while a
  name still finds its own page first (a rules page named exactly like an entity, as
  "Friend Computer" is, weighs less than that entity's page).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..data.checks.search_aliases import ALIAS_KINDS

# a word in a page's title -> other forms a reader may type for it
WORD_FORMS: dict[str, tuple[str, ...]] = {
    "explosive": ("explosion", "explosions", "explode", "blast"),
    "explosions": ("explosive", "explode", "blast"),
    "swing": ("swinging",),
    "shield": ("shields",),
    "armor": ("armour",),
    "horse": ("horses", "steed"),
    "vehicles": ("vehicle",),
    "heroes": ("hero",),
    "specialists": ("specialist",),
    "weapons": ("weapon",),
    "turn": ("turns",),
    "initiative": ("going first", "who goes first"),
}
# a word in any entry's text or title -> a form of it no prefix reaches (a search for
# "swing dice" requires both words, and the Swing page says "die")
TEXT_FORMS: dict[str, str] = {"die": "dice", "dice": "die"}
RULES_BOOST = 5  # an entity page weighs 4, or 8 when its name begins a longer one
ALIAS_BOOST = 8  # a rule's heading that players also call by other words (search_aliases)
SHARED_NAME_BOOST = 3
# The query protocol pages are for programmers: a player's rule word ("explosion") finds
# the rules and records before the op of the same name; a name found nowhere else (an op,
# a field) still finds them.
PROTOCOL_PAGES = "reference/query"
PROTOCOL_BOOST = 0.1
GAME_FOLDERS = ("buttonmen/", "evilrobots/", "brikwars/")  # rules pages, not calculators
TAGS = re.compile(r"<[^>]*>")
WORDS_TAG = "rp-words"  # the class of the hidden span that carries the added forms
NAMES = "names"  # an entry's other titles: its aliases and its CamelCase name split
NAMES_BOOST = 1000.0  # as Material weighs a title
PAGE = "page"  # a section's page's title
PAGE_BOOST = 10.0  # more than a word of its text, far less than its own title
CAMEL = re.compile(r"[A-Z][a-z]+|[A-Z]+(?![a-z])|[a-z]+")


def _rule_heading(entry: dict, entity_pages: set[str]) -> bool:
    """A heading of two or more words on a game's rules page (not on a record's page)."""
    page, _, anchor = entry["location"].partition("#")
    return (bool(anchor) and page.startswith(GAME_FOLDERS) and page not in entity_pages
            and "boost" not in entry and len(entry.get("title", "").split()) >= 2)


def _empty_record_section(entry: dict, entity_pages: set[str]) -> bool:
    page, _, anchor = entry["location"].partition("#")
    return bool(anchor) and page in entity_pages and not TAGS.sub("", entry.get("text", "")).strip()


def search_aliases(catalog) -> dict[str, list[str]]:
    """{search index location ('brikwars/heavy-weapons/#manual-fire', or a page's,
    'brikwars/specialists/medik/'): the words players type for it}, from every game's
    search aliases (data/<game>/search_aliases.yaml)."""
    out: dict[str, list[str]] = {}
    for kind in ALIAS_KINDS:
        for alias in catalog.all(kind):
            out.setdefault(alias.location, []).extend(alias.words)
    return out


def camel_words(title: str) -> list[str]:
    """A name written as one CamelCase word, split as a player types it: "MachineGun" ->
    "machine gun", "NegativeBot" -> "negative bot" ("QuikWars" too: "quik wars")."""
    out = []
    for word in re.findall(r"[A-Za-z]+", title):
        parts = CAMEL.findall(word)
        if len(parts) > 1 and "".join(parts) == word:
            out.append(" ".join(p.lower() for p in parts))
    return out


def tune_search_index(site: Path, aliases: dict[str, list[str]] | None = None) -> list[str]:
    """Tunes the index in `site`; `aliases` ({location: words}, search_aliases) adds the
    words players type for a rule to its heading's entry. Returns the aliases' locations
    that the index does not hold (a page or heading that is not on the site)."""
    aliases = aliases or {}
    path = site / "search" / "search_index.json"
    if not path.is_file():
        return []
    index = json.loads(path.read_text(encoding="utf-8"))
    entity_titles = {entry["title"].lower() for entry in index["docs"]
                     if "#" not in entry["location"] and "boost" in entry}
    entity_pages = {entry["location"] for entry in index["docs"]
                    if "#" not in entry["location"] and "boost" in entry}
    # A record page's section with no searchable text (its "Dice" table, its "Also in ..."
    # list, its chart are left out of the index) only repeats a heading that hundreds of
    # pages share: searching "dice" found 860 buttons' "Dice" headings, and the index
    # took longer to build after search was opened.
    index["docs"] = [entry for entry in index["docs"] if not _empty_record_section(
        entry, entity_pages)]
    index["config"].setdefault("fields", {})[NAMES] = {"boost": NAMES_BOOST}
    index["config"]["fields"][PAGE] = {"boost": PAGE_BOOST}
    page_titles = {entry["location"]: entry.get("title", "") for entry in index["docs"]
                   if "#" not in entry["location"]}
    for entry in index["docs"]:
        page = entry["location"].partition("#")[0]
        if "#" in entry["location"] and page_titles.get(page):
            # a section also holds its page's title, as a word of its text: "reveal power"
            # finds "What each action makes you show" on the page "What to reveal"
            entry[PAGE] = page_titles[page]
        said = aliases.get(entry["location"], [])
        names = said + camel_words(entry.get("title", ""))
        forms = word_forms(entry.get("title", "")) + text_forms(entry)
        if names:
            # other titles of the entry, in a field of their own that weighs as the title
            # does; the site's search worker also weighs a query that is one of them as it
            # weighs a title (search-worker.js, titleWeight)
            entry[NAMES] = names
        if forms:
            entry["text"] = (entry.get("text", "") +
                             f' <span class="{WORDS_TAG}" hidden>{" ".join(forms)}</span>')
        if ("#" not in entry["location"] and "boost" not in entry
                and entry["location"].startswith(GAME_FOLDERS)):
            # a rules page named like an entity (Friend Computer) comes just after it
            entry["boost"] = (SHARED_NAME_BOOST if entry["title"].lower() in entity_titles
                              else RULES_BOOST)
        elif entry["location"].startswith(PROTOCOL_PAGES):
            entry["boost"] = PROTOCOL_BOOST
        elif said and "#" in entry["location"]:
            # a heading players name by other words: first for those words, as a record
            # whose name begins a longer one is first for its name (a whole page keeps its
            # weight: the words alone find it)
            entry["boost"] = ALIAS_BOOST
        elif _rule_heading(entry, entity_pages):
            # a rule's own heading ("Size Damage", "Missed Shot") before pages that only
            # mention its words; one-word headings stay as they are, so a name such as
            # "Hero" still finds its record first
            entry["boost"] = RULES_BOOST
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")),
                    encoding="utf-8")
    held = {entry["location"] for entry in index["docs"]}
    return sorted(set(aliases) - held)


def text_forms(entry: dict) -> list[str]:
    words = set(re.findall(r"[a-z]+", (entry.get("title", "") + " " +
                                       entry.get("text", "")).lower()))
    return sorted({form for word, form in TEXT_FORMS.items()
                   if word in words and form not in words})


def word_forms(title: str) -> list[str]:
    words = re.findall(r"[a-z]+", title.lower())
    return [form for word in words for form in WORD_FORMS.get(word, ())
            if form not in words]
