"""Button Men: one card per button, the recipe drawn in button notation, skills on the back."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from ...data.catalog import Catalog
from ..layout import FLOOR_PT, Card, Deck, Face, text_size
from ..sheets import POKER, SMALL_CARD_MM
from ..notation import recipe_marks, seen, skill_ids_in, swing_letters_in, unknown_letters

RECIPE_STEPS = ((24, 13.0), (36, 11.0), (52, 9.5), (70, 8.0), (100, 7.0))


def deck(project: Path, catalog: Catalog) -> Deck | None:
    buttons = catalog.all("buttonmen.button")
    if not buttons:
        return None
    skills = {s.id: s for s in catalog.all("buttonmen.skill")}
    letters = {s.letter: s.id for s in skills.values() if s.letter}
    ranges = {s.id: (s.low, s.high) for s in catalog.all("buttonmen.swing_letter")}
    cards = []
    for number, button in enumerate(buttons, start=1):
        meta = []
        if button.designer:
            meta.append(f"by {button.designer}")
        if button.tournament_legal is False:
            meta.append("not tournament legal")
        explained, missing = _explain(button.recipe, skills, letters, ranges)
        rule = catalog.get("buttonmen.recipe_rule", button.special_rules) \
            if button.special_rules else None
        if rule is not None:  # a recipe that changes: say so before any "plain dice"
            explained = [{"name": "Special rules", "mark": "", "text": rule.summary,
                          "keep": True}] + [e for e in explained if e["name"] != "Plain dice"]
        front = Face("button", {
            "undescribed": ", ".join(missing), "note": _special_note(rule, skills),
            "set": button.set or "no set", "meta": " · ".join(meta),
            "number": number, "of": len(buttons),  # its place in the whole deck
            # drawn by recipe_art.py into the recipe box, from these marks
            "recipe": json.dumps(recipe_marks(button.recipe, letters), separators=(",", ":"),
                                 ensure_ascii=False),
            "name_size": NAME_SIZES[0],  # set for the card's size by `sized`
            "recipe_size": text_size(button.recipe, RECIPE_STEPS)})
        # buttons with the same skills share a back, rendered once; each names its button
        # in the back's label slot (drawn card by card). The paragraphs are set as large
        # as fit (text_art.Fit)
        back = Face("skills-back", {"skills": explained, "size": BACK_SIZE,
                                    "art": _back_art(explained), "shared": True,
                                    "labelled": True})
        cards.append(Card(f"button/{button.id}", button.name, front, back,
                          section=button.set or "no set"))
    return Deck("buttonmen-cards", "Button Men cards", "buttonmen", cards,
                description=f"{len(cards)} button cards; the back names the button and "
                            "explains its skills (those without a rules summary yet are "
                            "named on the front)", sizing=sized, split=True)


def _special_note(rule, skills: dict) -> tuple[str, str] | None:
    """For a button whose recipe changes (Friend Computer): the skill printed beside each
    of its dice and the option it may take, for its front (its back has the rules)."""
    dice = getattr(rule, "base_dice", None) if rule is not None else None
    if not dice:
        return None
    printed = []
    inferred = False
    for die in dice:
        fact = die.printed_skill
        skill = skills.get(getattr(fact, "value", None))
        if skill is None:
            continue
        inferred = inferred or getattr(fact, "obtained", "") == "inferred"
        printed.append(f"{skill.name} ({seen(skill.id, skill.letter)}) on the {die.sides}")
    text = "; ".join(printed) + (" (paired in the order the rules list them)" if inferred
                                 else "") + "."
    if rule.option_size:
        text += (f" Before a match up to {rule.max_options} dice may become option dice, "
                 f"their size or {rule.option_size} ({dice[0].sides}/{rule.option_size}), "
                 f"and up to {rule.max_skills} may take their printed skill.")
    return ("Printed skills:", text)


BACK_SIZE = 9.0  # the largest a back's skill text is set; it shrinks to fit, to the floor
CLOSING = ("Also on this button:", ": their rules are on the rules site, under Button Men, "
           "Skills.")


def _back_art(entries: list[dict]) -> str:
    """The back's paragraphs for text_art: when they do not all fit even at the floor,
    the longest skills are named in a closing line instead (CLOSING), never cut off."""
    paragraphs = [[[e["name"] + (f" ({e['mark']})" if e["mark"] else "") + ".", True],
                   [" " + e["text"], False]] for e in entries]
    names = [None if e.get("keep") or e["name"] in KEPT else
             (f"{e['name']} ({e['mark']})" if e["mark"] else e["name"]) for e in entries]
    return json.dumps({"paragraphs": paragraphs, "strong": "#ffd76a", "gap_mm": 1.2,
                       "fit": {"names": names, "closing": CLOSING}},
                      separators=(",", ":"), ensure_ascii=False)


KEPT = {"Other skills", "Plain dice"}  # paragraphs a back never trades for a name


# Title sizes (pt) tried, largest first. The name box (cards.css .button .name) is the
# card's width less 3.5 mm each side, 8 mm high with a line height of 1.1: two lines
# fit up to 10.3 pt, one line above that.
NAME_SIZES = (11.0, 10.5, 10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0, 6.5, 6.0)
NAME_MARGIN_MM = 3.5
NAME_HEIGHT_MM = 8.0
SMALL_NAME_MARGIN_MM, SMALL_NAME_HEIGHT_MM = 3.4, 7.0  # cards.css .card-small.button .name
NAME_LINE = 1.1
SET_TITLE_FLOOR = 9.0  # a set's shared title size goes no lower: a longer name gets its own


def sized(deck: Deck, card: tuple[float, float]) -> Deck:
    """The deck with its title sizes for a card `card` mm wide and high, measured with the
    card font: all fronts of a set share one size, the largest at which every name of
    the set fits (not below SET_TITLE_FLOOR); a name that cannot fit it gets the largest
    size at which it fits itself."""
    from ..font_metrics import metrics

    bold = metrics("bold")
    small = card[0] < SMALL_CARD_MM  # cards.css's .card-small layout
    width = (card[0] - 2 * (SMALL_NAME_MARGIN_MM if small else NAME_MARGIN_MM)) * 72 / 25.4
    height = (SMALL_NAME_HEIGHT_MM if small else NAME_HEIGHT_MM) * 72 / 25.4
    # the recipe box of a small card is as much narrower as this (cards.css)
    recipe_scale = (card[0] - 6.8) / (POKER[0] - 6.8) if small else 1.0

    def best(name: str) -> float:
        for size in NAME_SIZES:
            if _name_lines(name, size, width, bold) * size * NAME_LINE <= height:
                return size
        return NAME_SIZES[-1]  # the layout then reports the overflow

    own = {c.key: best(c.name) for c in deck.cards}
    shared: dict[str, float] = {}
    for c in deck.cards:
        shared[c.section] = min(shared.get(c.section, NAME_SIZES[0]),
                                max(own[c.key], SET_TITLE_FLOOR))
    cards = []
    for c in deck.cards:
        size = min(shared[c.section], own[c.key])
        recipe = c.front.fields["recipe_size"]
        if small:  # never below the floor: a recipe that then does not fit is reported
            recipe = max(FLOOR_PT, round(recipe * recipe_scale * 4) / 4)
        cards.append(replace(c, front=Face(c.front.template, {
            **c.front.fields, "name_size": size, "recipe_size": recipe})))
    return replace(deck, cards=cards, sizing=None)


def _name_lines(name: str, size: float, width: float, font) -> int:
    """Lines the name takes, broken greedily at spaces; a word wider than the box counts
    as too many lines."""
    lines, used = 0, 0.0
    space = font.width(" ", size)
    for word in name.split():
        w = font.width(word, size)
        if w > width:
            return 99
        if lines and used + space + w <= width:
            used += space + w
        else:
            lines, used = lines + 1, w
    return lines


def _explain(recipe: str, skills: dict, letters: dict[str, str],
             ranges: dict[str, tuple[int, int]] | None = None) -> tuple[list[dict], list[str]]:
    """The back's entries, and the skills the rules data has no summary for.

    Each entry names its skill by the mark the front draws for it (notation.seen), and
    a Swing entry gives each of the recipe's swing letters its range of sizes. Skills
    without a summary are named on the front, under the recipe, with the other unknown
    letters."""
    out, missing = [], []
    for skill_id in skill_ids_in(recipe, letters):
        skill = skills.get(skill_id)
        if skill and skill.summary:
            mark = seen(skill_id, skill.letter)
            if skill_id == "swing":
                known = ranges or {}
                mark = ", ".join(f"{letter}: {known[letter][0]}–{known[letter][1]} sides"
                                 if letter in known else f"{letter}: range unknown"
                                 for letter in swing_letters_in(recipe)) or mark
            out.append({"name": skill.name, "mark": mark, "text": skill.summary})
        elif skill:
            missing.append(f"{skill.name} ({skill.letter})" if skill.letter else skill.name)
    missing += [f"'{letter}'" for letter in unknown_letters(recipe, letters)]
    out.sort(key=lambda entry: entry["name"])  # in name order
    missing.sort()
    if missing:
        out.append({"name": "Other skills", "mark": "",
                    "text": "Named on the front; the rules data has no summary for them yet."})
    if not out:
        out.append({"name": "Plain dice", "mark": "", "text": "This button's dice have no skills."})
    return out, missing
