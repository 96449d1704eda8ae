"""Button Men: one card per button, the recipe drawn in button notation, skills on the back."""

from __future__ import annotations

import json
from pathlib import Path

from ...data.catalog import Catalog
from ..layout import Card, Deck, Face, text_size
from ...notation.buttonmen import DIE_TYPES
from ..notation import recipe_marks, skill_ids_in, unknown_letters

NAME_STEPS = ((16, 11.0), (24, 9.0), (34, 7.5), (48, 6.5))
RECIPE_STEPS = ((24, 13.0), (36, 11.0), (52, 9.5), (70, 8.0), (100, 7.0))
BACK_STEPS = ((260, 7.5), (380, 6.8), (520, 6.2))


def deck(project: Path, catalog: Catalog) -> Deck | None:
    buttons = catalog.all("buttonmen.button")
    if not buttons:
        return None
    skills = {s.id: s for s in catalog.all("buttonmen.skill")}
    letters = {s.letter: s.id for s in skills.values() if s.letter}
    cards = []
    for button in buttons:
        meta = []
        if button.designer:
            meta.append(f"by {button.designer}")
        if button.tournament_legal is False:
            meta.append("not tournament legal")
        explained, missing = _explain(button.recipe, skills, letters)
        rule = catalog.get("buttonmen.recipe_rule", button.special_rules) \
            if button.special_rules else None
        if rule is not None:  # a recipe that changes: say so before any "plain dice"
            explained = [{"name": "Special rules", "mark": "", "text": rule.summary}] + [
                e for e in explained if e["name"] != "Plain dice"]
        front = Face("button", {
            # named on the front, which is unique anyway, so the backs stay shared
            "undescribed": ", ".join(missing),
            "set": button.set or "no set", "meta": " · ".join(meta), "of": len(buttons),
            "numbered": True,
            # drawn by recipe_art.py into the recipe box, from these marks
            "recipe": json.dumps(recipe_marks(button.recipe, letters), separators=(",", ":"),
                                 ensure_ascii=False),
            "name_size": text_size(button.name, NAME_STEPS),
            "recipe_size": text_size(button.recipe, RECIPE_STEPS)})
        size = text_size(" ".join(e["name"] + e["text"] for e in explained), BACK_STEPS)
        back = Face("skills-back", {"heading": "Skills on this button",
                                    "skills": explained, "size": size, "shared": True})
        cards.append(Card(f"button/{button.id}", button.name, front, back,
                          section=button.set or "no set"))
    return Deck("buttonmen-cards", "Button Men cards", "buttonmen", cards,
                description=f"{len(cards)} button cards; the back explains each "
                            "button's skills (those without a rules summary yet are named "
                            "on the front)")


BACK_ROOM = 800  # characters of skill paragraphs a back holds at the smallest text size


def _fit_back(entries: list[dict]) -> list[dict]:
    """A back with more skills than fit names the longest ones in one closing line instead
    of explaining them, and says where their rules are: never cut off, never too small."""
    def size(es: list[dict]) -> int:
        return sum(len(e["name"]) + len(e["text"]) + 3 for e in es)

    kept, named = list(entries), []
    while kept and size(kept) + len(", ".join(named)) + 60 > BACK_ROOM:
        longest = max(kept, key=lambda e: len(e["text"]))
        kept.remove(longest)
        named.append(f"{longest['name']} ({longest['mark']})" if longest["mark"]
                     else longest["name"])
    if named:
        kept.append({"name": "Also on this button", "mark": "",
                     "text": ", ".join(sorted(named)) + ": their rules are on the rules "
                             "site, under Button Men, Skills."})
    return kept


def _explain(recipe: str, skills: dict,
             letters: dict[str, str]) -> tuple[list[dict], list[str]]:
    """The back's entries, and the skills the rules data has no summary for.

    Those are named on the front, not the back: a back then depends only on the
    described skills, so buttons with the same ones share a back, rendered once (876
    buttons, 166 backs with the bundled data)."""
    out, missing = [], []
    for skill_id in skill_ids_in(recipe, letters):
        skill = skills.get(skill_id)
        if skill and skill.summary:
            mark = skill.letter or DIE_TYPES.get(skill_id, "")  # a Wildcard is (C), not a bare C
            out.append({"name": skill.name, "mark": mark, "text": skill.summary})
        elif skill:
            missing.append(f"{skill.name} ({skill.letter})" if skill.letter else skill.name)
    missing += [f"'{letter}'" for letter in unknown_letters(recipe, letters)]
    out.sort(key=lambda entry: entry["name"])  # in name order, so equal sets share a back
    out = _fit_back(out)
    missing.sort()
    if missing:
        out.append({"name": "Other skills", "mark": "",
                    "text": "Named on the front; the rules data has no summary for them yet."})
    if not out:
        out.append({"name": "Plain dice", "mark": "", "text": "This button's dice have no skills."})
    return out, missing
