"""Button Men pages: one per skill and die type, one per button, and their indexes."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from html import escape

from ...data.models.buttonmen import Button, Skill
from ...engine.buttonmen.recipe import DieSpec, parse_recipe
from ...engine.buttonmen.skills import FACTS, button_skill, page_facts
from ...engine.query import answer
from ..compare import compare_url
from ..filters import Facet, Row, facet_from_rows, slug
from ...notation.buttonmen import die_type_ids
from ..notation import draw_die
from ..templating import render
from ..calc_links import calculator_link, links_html, play_link
from .context import Context
from .skill_odds import skill_odds

SKILL, BUTTON = "buttonmen.skill", "buttonmen.button"
INTERACTION = "buttonmen.skill_interaction"
FOLDERS = {SKILL: "buttonmen/skills", BUTTON: "buttonmen/buttons"}
SKILL_INDEX = "buttonmen/skills/index.md"
# rejections whose recipe still parses: its dice can be shown, the unknown part flagged
UNKNOWN_CODES = ("unknown-skill", "unknown-swing")
BUTTON_INDEX = "buttonmen/buttons/index.md"


@dataclass
class ParsedButton:
    button: Button
    dice: list[DieSpec]
    skills: list[list[str]]  # per die: the ids of its skill letters
    uses: list[str]  # every skill and die-type id the button uses, in recipe order
    unknown: list[str] = field(default_factory=list)  # skill letters we have no skill for
    letters: dict[str, str] = field(default_factory=dict)  # recipe letter -> skill id


def pages(ctx: Context) -> dict[str, str]:
    skills = ctx.catalog.all(SKILL)
    by_letter = {s.letter: s.id for s in skills if s.letter}
    buttons = [_parse(b, by_letter) for b in ctx.catalog.all(BUTTON)]
    users: dict[str, list[ParsedButton]] = defaultdict(list)
    for parsed in buttons:
        for skill_id in parsed.uses:  # (a button skill's page lists its buttons too)
            users[skill_id].append(parsed)
    by_set: dict[str, list[Button]] = defaultdict(list)
    for parsed in buttons:
        if parsed.button.set:
            by_set[parsed.button.set].append(parsed.button)
    out = {}
    for skill in skills:
        path = ctx.links.page(SKILL, skill.id)
        out[path] = _skill_page(ctx, path, skill, users[skill.id],
                                _companion(skill, skills, users))
    seen: dict[str, int] = defaultdict(int)
    for parsed in buttons:
        seen[parsed.button.name.casefold()] += 1
    shared = {name for name, n in seen.items() if n > 1}  # a link names these by id
    for parsed in buttons:
        path = ctx.links.page(BUTTON, parsed.button.id)
        out[path] = _button_page(ctx, path, parsed, by_set, shared)
    out[SKILL_INDEX] = _skill_index(ctx, skills, users)
    out[BUTTON_INDEX] = _button_index(ctx, buttons, {s.id: s for s in skills})
    return out


def _parse(button: Button, by_letter: dict[str, str]) -> ParsedButton:
    own = button_skill(button.name)  # the button's own rule (engine/buttonmen/skills.py)
    if button.rejected is not None and button.rejected.code not in UNKNOWN_CODES:
        # shown as written (Echo, Zero and the RandomBM buttons have no dice of their own)
        return ParsedButton(button, [], [], [own.page] if own else [], letters=by_letter)
    # the data check has proved it parses (an unknown letter is not a syntax error):
    # its dice are shown, and the letter we cannot name is flagged
    dice = parse_recipe(button.recipe)
    per_die = [[by_letter[letter] for letter in die.skills if letter in by_letter]
               for die in dice]
    unknown = sorted({letter for die in dice for letter in die.skills
                      if letter not in by_letter})
    uses: list[str] = []
    for die, ids in zip(dice, per_die):
        plasma = [by_letter[c] for alt in die.plasma for c in alt if c in by_letter]
        for skill_id in ids + plasma + die_type_ids(die):
            if skill_id not in uses:
                uses.append(skill_id)
    if own is not None:
        uses.append(own.page)
    return ParsedButton(button, dice, per_die, uses, unknown, by_letter)


def _die_title(die: DieSpec, ids: list[str], names: dict[str, str],
               strange: list[str] | None = None) -> str:
    words = ([names.get(i, i) for i in ids] + [names.get(t, t) for t in die_type_ids(die)] +
             [f"unknown letter {letter}" for letter in strange or []])
    return f"{die.text}: " + (", ".join(words) if words else "plain die")


def drawn_recipe(parsed: ParsedButton, names: dict[str, str]) -> str:
    return " ".join(draw_die(d, parsed.letters, _die_title(d, ids, names))
                    for d, ids in zip(parsed.dice, parsed.skills))


def _size_text(die: DieSpec) -> str:
    if die.kind == "fixed":
        return f"{die.sides} sides"
    if die.kind == "swing":
        return f"swing {die.swing}"
    if die.kind == "option" and die.options:
        return f"{die.options[0]} or {die.options[1]} sides"
    if die.kind == "twin" and die.twin:
        halves = ["a Wildcard card" if p.wildcard else str(p.sides) if p.swing is None
                  else f"swing {p.swing}" for p in die.twin]
        return "two dice: " + " and ".join(halves)
    return "a playing card drawn from its owner's deck (Wildcard)"


def _button_page(ctx: Context, path: str, parsed: ParsedButton,
                 by_set: dict[str, list[Button]], shared: set[str]) -> str:
    button = parsed.button
    names = {s.id: s.name for s in ctx.catalog.all(SKILL)}
    dice = []
    for die, ids in zip(parsed.dice, parsed.skills):
        linked = [f'<a href="{ctx.links.url(path, SKILL, i)}">{_e(names[i])}</a>'
                  for i in ids + die_type_ids(die)]
        strange = [letter for letter in die.skills if letter in parsed.unknown]
        linked += [f'<span class="rp-unknown">unknown letter <code>{_e(letter)}</code></span>'
                   for letter in strange]
        drawn = draw_die(die, parsed.letters, _die_title(die, ids, names, strange))
        dice.append({"drawn": _no_ticks(drawn),
                     "text": die.text, "size": _size_text(die),
                     "skills": ", ".join(linked) or "none"})
    rule = (ctx.catalog.get("buttonmen.recipe_rule", button.special_rules)
            if button.special_rules else None)
    same_set = [{"name": b.name, "link": ctx.links.url(path, BUTTON, b.id)}
                for b in by_set.get(button.set or "", []) if b.id != button.id]
    own = button_skill(button.name)
    own_row = None if own is None else {
        "name": ctx.catalog.record(SKILL, own.page).name, "rule": own.rule,
        "link": ctx.links.url(path, SKILL, own.page)}
    no_dice, dealt, links = _no_dice(ctx, path, parsed, names)
    return render(
        "buttonmen/button.md.j2", boost=ctx.search_boost(button.name), button=button,
        calc_links=links if no_dice else _calc_links(ctx, path, parsed, shared),
        prints=ctx.print_links(path, "buttonmen"),
        rejected=button.rejected, dice=dice, rule=rule, same_set=same_set,
        drawn=_no_ticks(drawn_recipe(parsed, names)), own=own_row, no_dice=no_dice,
        dealt=dealt, roll=_roll_data(ctx, parsed),
        # "Compare with…" opens on another button of the same set
        compare=compare_url(path, FOLDERS[BUTTON], button.id, next(
            (b.id for b in by_set.get(button.set or "", []) if b.id != button.id), None)),
        uses=[{"name": names[i], "link": ctx.links.url(path, SKILL, i)} for i in parsed.uses],
        source=ctx.source_note(BUTTON, button.id, button.source))


# What the engine's parse answer says of a die that a roll needs (roll/dice-roller.js)
ROLL_FIELDS = ("kind", "text", "sides", "swing", "range", "options", "twin")


def _roll_data(ctx: Context, parsed: ParsedButton) -> dict | None:
    """The button's dice as the engine reads them, and a size for each swing letter, for the
    page's "Roll the button" (None for a button without dice it can roll)."""
    if not parsed.dice:
        return None
    response = answer({"game": "buttonmen", "op": "parse", "recipe": parsed.button.recipe},
                      ctx.engine_data)
    if not response.get("ok"):
        return None
    dice = [{k: die[k] for k in ROLL_FIELDS if k in die} for die in response["dice"]]
    ranges = {part["swing"]: part["range"] for die in dice
              for part in [die, *die.get("twin", [])] if "swing" in part}
    return {"dice": dice, "swing": {letter: _swing_size(*r) for letter, r in ranges.items()}}


# Swing sizes a link fills in: the usual die size nearest the middle of the letter's range
USUAL_SIZES = (4, 6, 8, 10, 12, 16, 20, 30)


def _swing_size(low: int, high: int) -> int:
    usual = [s for s in USUAL_SIZES if low <= s <= high]
    return min(usual, key=lambda s: (abs(s - (low + high) / 2), s)) if usual else low


DEAL_SEED = 1  # the RandomBM pages show the engine's deal with this seed


def _no_dice(ctx: Context, path: str, parsed: ParsedButton, names: dict[str, str]
             ) -> tuple[str, dict | None, str]:
    """A button without dice of its own whose button skill gives it some (Echo and Zero copy
    the opponent; a RandomBM button is dealt a recipe): what the page says instead of "cannot
    be played", an example deal, and calculator links. ("", None, "") for any other button."""
    button = parsed.button
    own = button_skill(button.name)
    if own is None or button.recipe.strip() or own.effect not in ("echo", "random-recipe"):
        return "", None, ""
    if own.effect == "echo":
        text = (f"{button.name} has no dice of its own: Button Men Online gives it its "
                "opponent's recipe before the game (its button skill, below), and so does the "
                f"engine here. Give {button.name} as one player in the calculator and the other "
                "player's recipe or button as the other.")
        link = calculator_link(path, "buttonmen-odds", {"my_recipe": button.name},
                               ctx.engine_data)
        return text, None, links_html([("who goes first, playing a copy of the other recipe",
                                         link)])
    deal = answer({"game": "buttonmen", "op": "random_recipe", "button": button.name,
                   "seed": DEAL_SEED}, ctx.engine_data)
    text = (f"{button.name} has no fixed recipe: {own.rule}. Below is one such recipe, dealt "
            "by the engine step by step as Button Men Online deals (the random_recipe query, "
            f"seed {DEAL_SEED}); every game deals a new one.")
    dealt_parsed = _parse(button.model_copy(update={"recipe": deal["recipe"],
                                                    "rejected": None}), parsed.letters)
    dealt = {"recipe": deal["recipe"],
             "drawn": _no_ticks(drawn_recipe(dealt_parsed, names))}
    return text, dealt, _calc_links(ctx, path, dealt_parsed, set(), deal["recipe"],
                                    "this dealt recipe: ")


def _calc_links(ctx: Context, path: str, parsed: ParsedButton, shared: set[str],
                recipe: str | None = None, lead: str = "") -> str:
    """Who goes first with this button (its swing dice at a usual size, its option dice at
    their first size, its plasma dice with their first set of skills, which the link text
    names), and a Trip attack by its first Trip die. A button the engine refuses gets no link.
    `recipe` stands for the button's name in the links (a RandomBM button's dealt recipe)."""
    button = parsed.button
    if button.rejected is not None:
        return ""
    options = [d.options[0] for d in parsed.dice if d.kind == "option" and d.options]
    # one choice per plasma die, in recipe order (Reserve dice too: the engine counts them)
    plasma = ["".join(d.plasma[0]) for d in parsed.dice if d.plasma]
    ranges = {s["id"]: (s["low"], s["high"]) for s in ctx.engine_data["buttonmen"]["swing_letters"]}
    swing = {letter: _swing_size(*ranges[letter])
             for letter in sorted({x for d in parsed.dice for x in d.swing_letters()})
             if letter in ranges}
    # a name with "(" would read as a recipe, and one two buttons share is not theirs alone:
    # the id names the button then
    name = button.id if "(" in button.name or button.name.casefold() in shared else button.name
    name = recipe or name
    values = ({"my_recipe": name, "my_swing": swing} | ({"my_options": options} if options else {})
              | ({"my_plasma": plasma} if plasma else {}))
    # the recipe check the odds op makes first (the same refusals), not the whole odds table;
    # only the odds op reads plasma choices, so a plasma button is asked the calculator's own
    # request (a dozen buttons, a tenth of a second each)
    probe = None if plasma else {"game": "buttonmen", "op": "parse", "recipe": button.recipe}
    text = lead + "who goes first against another button"
    if plasma:
        dice, them = ("die", "it") if len(plasma) == 1 else ("dice", "them")
        text += f" (its plasma {dice} as {', '.join(plasma)}: change {them} there)"
    links = [(text, calculator_link(path, "buttonmen-odds", values, ctx.engine_data, probe))]
    if not plasma and not options:  # the match-up and Play pages take no option or plasma
        links.append((lead + "who wins a round against another", calculator_link(
            path, "buttonmen-matchup", {"my_recipe": name, "my_swing": swing}, ctx.engine_data,
            probe)))
        if links[-1][1]:
            links.append((lead + "play a round with it", play_link(path, name, swing)))
    trip = next((d for d in parsed.dice if "t" in d.skills and d.kind in ("fixed", "swing")), None)
    if trip is not None:
        sides = trip.sides if trip.kind == "fixed" else swing.get(trip.swing or "")
        if sides:
            die = "".join(trip.skills) + f"({sides})"
            links.append((f"{lead}a Trip attack by its {die}", calculator_link(
                path, "buttonmen-trip", {"attacker": die}, ctx.engine_data)))
    return links_html(links)


def _companion(skill: Skill, skills: list[Skill], users) -> str | None:
    """The record "Compare with…" opens beside this one: the skill of the same kind found on
    the most of its buttons (Shadow: Speed, as on Aysez), else the next of its kind by name."""
    kind = [s for s in skills if s.category == skill.category and s.id != skill.id]
    if not kind:
        return None
    together: dict[str, int] = defaultdict(int)
    for parsed in users[skill.id]:
        for other in set(parsed.uses):
            together[other] += 1
    best = max(kind, key=lambda s: (together.get(s.id, 0), -_order(kind, s)))
    if together.get(best.id, 0):
        return best.id
    ordered = sorted(kind + [skill], key=lambda s: s.name.lower())
    return ordered[(ordered.index(skill) + 1) % len(ordered)].id


def _order(kind: list[Skill], skill: Skill) -> int:
    return sorted(s.name.lower() for s in kind).index(skill.name.lower())


def _skill_page(ctx: Context, path: str, skill: Skill, users: list[ParsedButton],
                companion: str | None = None) -> str:
    example = None
    if skill.letter and skill.category == "skill":
        die = parse_recipe(f"{skill.letter}(12)")[0]
        example = {"text": die.text,
                   "drawn": _no_ticks(draw_die(die, {skill.letter: skill.id}, die.text))}
    buttons = sorted(users, key=lambda p: p.button.name.lower())
    return render(
        "buttonmen/skill.md.j2", boost=ctx.search_boost(skill.name), skill=skill,
        compare=compare_url(path, FOLDERS[SKILL], skill.id, companion),
        prints=ctx.print_links(path, "buttonmen"),
        example=example,
        facts=page_facts(skill.letter) if skill.category == "skill" and skill.letter else None,
        odds=_skill_odds(ctx, path, skill), interactions=_interactions(ctx, path, skill),
        buttons=[{"name": p.button.name, "link": ctx.links.url(path, BUTTON, p.button.id)}
                 for p in buttons],
        source=ctx.source_note(SKILL, skill.id, skill.source))


def _interactions(ctx: Context, path: str, skill: Skill) -> list[dict]:
    """Button Men Online's note on this skill with each other skill, by the other's name."""
    names = {s.id: s.name for s in ctx.catalog.all(SKILL)}
    out = []
    for pair in ctx.catalog.all(INTERACTION):
        if skill.id in pair.skills:
            other = pair.skills[1] if pair.skills[0] == skill.id else pair.skills[0]
            out.append({"name": names[other], "link": ctx.links.md(path, SKILL, other),
                        "note": pair.note})
    return sorted(out, key=lambda i: i["name"].lower())


def _no_ticks(html: str) -> str:
    """Warrior's letter is a backtick, which Markdown would read as a code span even inside
    inline HTML: write it as a character reference (the same glyph in the page)."""
    return html.replace("`", "&#96;")


OUT_OF_PLAY = ("r", "+")  # Reserve and Auxiliary dice sit out the opening roll: no chart


def _skill_odds(ctx: Context, path: str, skill: Skill) -> list[dict]:
    """The skill against the same dice without it, where it matters (skill_odds.py); only
    for skills the sources describe (the engine plays those)."""
    if (skill.category != "skill" or not skill.described or not skill.letter or
            skill.letter not in FACTS or skill.letter in OUT_OF_PLAY):
        return []
    return [{**block, "svg": _no_ticks(block["svg"]), "caption": block["caption"]}
            for block in skill_odds(skill.letter, skill.name, ctx.engine_data, path)]


def _skill_index(ctx: Context, skills: list[Skill], users) -> str:
    rows = []
    for skill in skills:
        link = ctx.links.url(SKILL_INDEX, SKILL, skill.id)
        rows.append(Row(
            cells=[f'<a href="{link}">{_e(skill.name)}</a>',
                   f"<code>{_e(skill.bmo_notation)}</code>", _e(skill.category),
                   _e(skill.summary or "(not described)"), str(len(users[skill.id]))],
            sort=["", "", "", "", str(len(users[skill.id]))],
            attrs={"category": slug(skill.category)}))
    facets = [facet_from_rows("category", "Kind", rows,
                              {"skill": "Skill", "die-type": "Die type",
                               "button-skill": "Button skill"})]
    headers = [{"label": h, "type": t} for h, t in (
        ("Name", "text"), ("Notation", "text"), ("Kind", "text"), ("In short", "text"),
        ("Buttons", "number"))]
    table = render("table.html.j2", rows=rows, facets=facets, headers=headers, open_facets=1)
    return render("buttonmen/skill_index.md.j2", table=table,
                  prints=ctx.print_links(SKILL_INDEX, "buttonmen"))


def _button_index(ctx: Context, buttons: list[ParsedButton], skills: dict[str, Skill]) -> str:
    names = {i: s.name for i, s in skills.items()}
    rows, set_labels, swing_letters = [], {}, set()
    for parsed in sorted(buttons, key=lambda p: p.button.name.lower()):
        button = parsed.button
        link = ctx.links.url(BUTTON_INDEX, BUTTON, button.id)
        swings = sorted({letter for die in parsed.dice for letter in die.swing_letters()})
        swing_letters.update(swings)
        set_token = slug(button.set) if button.set else "none"
        set_labels[set_token] = button.set or "(no set)"
        rows.append(Row(
            cells=[f'<a href="{link}">{_e(button.name)}</a>', _e(button.set or ""),
                   f"<code>{_e(button.recipe)}</code>", str(len(parsed.dice)),
                   ", ".join([_e(names[i]) for i in parsed.uses] +
                             [f'<span class="rp-unknown">unknown letter <code>{_e(letter)}'
                              f'</code></span>' for letter in parsed.unknown])],
            sort=["", "", "", str(len(parsed.dice)), ""],
            attrs={"skill": " ".join(parsed.uses), "set": set_token,
                   "swing": " ".join(swings) or "none", "dice": str(len(parsed.dice))}))
    counts = sorted({r.attrs["dice"] for r in rows}, key=int)
    facets: list[Facet] = [
        facet_from_rows("skill", "Skills and die types", rows, names),
        facet_from_rows("swing", "Swing letters", rows, {"none": "no swing"},
                        order=sorted(swing_letters) + ["none"]),
        facet_from_rows("dice", "Number of dice", rows, {}, order=counts),
        facet_from_rows("set", "Set", rows, set_labels),
    ]
    headers = [{"label": h, "type": t} for h, t in (
        ("Name", "text"), ("Set", "text"), ("Recipe", "text"), ("Dice", "number"),
        ("Skills", "text"))]
    table = render("table.html.j2", rows=rows, facets=facets, headers=headers, open_facets=1)
    return render("buttonmen/button_index.md.j2", table=table, count=len(rows),
                  prints=ctx.print_links(BUTTON_INDEX, "buttonmen"))


def _e(text: str) -> str:
    return escape(text, quote=True)
