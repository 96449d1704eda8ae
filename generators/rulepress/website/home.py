"""The home page: content/index.md with each game shown by a picture drawn from the data.

A button's recipe in the printed buttons' notation (notation.py), a robot card as its page
draws it, and a unit's stat card as its page's stat table. Each picture is one image for
a screen reader (role="img") whose name says in words what it shows, and links to the
record's own page. The marker line in content/index.md says where the pictures go.
"""

from __future__ import annotations

from pathlib import Path

from ..data.catalog import Catalog
from ..engine.buttonmen.recipe import parse_recipe
from ..icons import load_icons
from .links import Links
from ..notation.buttonmen import die_type_ids
from .notation import draw_die
from .render.brikwars import FOLDERS as BRIKWARS_FOLDERS, unit_stats
from .render.buttonmen import FOLDERS as BUTTONMEN_FOLDERS
from .render.evilrobots import FOLDERS as EVILROBOTS_FOLDERS, KIND_MEANING
from .templating import data_text

HOME = "index.md"
MARKER = "<!-- rulepress: the games' pictures -->"
# The record each game is shown by: one that shows the notation's marks, a card, a trooper.
BUTTON, ROBOT, UNIT = "floriano", "badbot", "minifig"
GAMES = (
    ("buttonmen", "Button Men",
     "A two-player dice duel. Each character (a button) is a recipe of dice with special "
     "skills; you capture your opponent's dice until one side runs out."),
    ("evilrobots", "Evil Robots",
     "A social deduction game for 3 to 9 players, built to work over video chat. Every "
     "round you are a new robot with a secret power and a secret team."),
    ("brikwars", "BrikWars",
     "A tabletop wargame fought with construction-brick armies, minifigs and whatever "
     "the players build."),
)


def home_page(project: Path, catalog: Catalog) -> dict[str, str | bytes]:
    text = (project / "content" / HOME).read_text(encoding="utf-8")
    if MARKER not in text:
        raise ValueError(f"content/{HOME} has no line '{MARKER}' for the games' pictures")
    links = Links(catalog, {**BUTTONMEN_FOLDERS, **EVILROBOTS_FOLDERS, **BRIKWARS_FOLDERS})
    pictures = {"buttonmen": _button(catalog, links), "evilrobots": _robot(project, catalog, links),
                "brikwars": _unit(catalog, links)}
    sections = "".join(
        f'<section class="rp-game" aria-labelledby="rp-game-{game}">'
        f'<h2 class="rp-game__name" id="rp-game-{game}"><a href="{game}/">{title}</a></h2>'
        f"{pictures[game]}<p>{blurb}</p></section>"
        for game, title, blurb in GAMES)
    return {HOME: text.replace(MARKER, f'<div class="rp-games">{sections}</div>')}


def _record(catalog: Catalog, links: Links, kind: str, record_id: str):
    """The record and the URL of its page; a LinkError naming it if the data lacks it."""
    link = links.url(HOME, kind, record_id)
    record = catalog.get(kind, record_id)
    assert record is not None  # links.url has checked that it exists
    return record, link


def _figure(alt: str, art: str, art_class: str, caption: str) -> str:
    return (f'<figure class="rp-game__picture"><div class="rp-game__art {art_class}" '
            f'role="img" aria-label="{data_text(alt)}">{art}</div>'
            f"<figcaption>{caption}</figcaption></figure>")


def _button(catalog: Catalog, links: Links) -> str:
    button, link = _record(catalog, links, "buttonmen.button", BUTTON)
    skills = catalog.all("buttonmen.skill")
    by_letter = {s.letter: s for s in skills if s.letter}
    names = {s.id: s.name for s in skills}
    drawn, words = [], []
    for die in parse_recipe(button.recipe):
        ids = [by_letter[letter].id for letter in die.skills if letter in by_letter]
        said = [names[i] for i in ids] + [names.get(t, t) for t in die_type_ids(die)]
        title = f"{die.text}: {', '.join(said) or 'plain die'}"
        letters = {letter: by_letter[letter].id for letter in die.skills if letter in by_letter}
        drawn.append(draw_die(die, letters, title))
        words.append(title)
    alt = f"{button.name}'s recipe drawn as on the button: " + "; ".join(words)
    caption = (f'The button <a href="{link}">{data_text(button.name)}</a>: its recipe '
               f"{data_text(button.recipe)} in the buttons' own notation")
    return _figure(alt, f'<span class="rp-recipe">{" ".join(drawn)}</span>', "rp-game__recipe",
                   caption)


def _robot(project: Path, catalog: Catalog, links: Links) -> str:
    bot, link = _record(catalog, links, "evilrobots.bot", ROBOT)
    icon = load_icons(project).svg(bot.icon, "rp-bot-icon")
    meaning = KIND_MEANING[bot.kind]
    card = (f'<div class="rp-card">{icon}<div><p class="rp-card-name">{data_text(bot.name)}</p>'
            f'<p class="rp-card-kind">{data_text(bot.kind)}: {data_text(meaning)}</p>'
            f'<p class="rp-card-text">{data_text(bot.ability)}</p></div></div>')
    alt = f"The robot card {bot.name}, {bot.kind} ({meaning}): {bot.ability}"
    caption = f'A robot card: <a href="{link}">{data_text(bot.name)}</a>'
    return _figure(alt, card, "rp-game__card", caption)


def _unit(catalog: Catalog, links: Links) -> str:
    unit, link = _record(catalog, links, "brikwars.unit", UNIT)
    skill = unit.skill.value if unit.skill is not None and unit.skill.value else "unknown"
    move = f'{unit.move} inches' if unit.move is not None else "unknown"
    alt = f"The {unit.name}'s stat card: Skill {skill}, Move {move}, Armor {unit.armor}"
    card = (f'<div class="rp-statcard"><p class="rp-statcard__name">{data_text(unit.name)}</p>'
            f"{unit_stats(unit)}</div>")
    caption = f'A stat card: the <a href="{link}">{data_text(unit.name)}</a>'
    return _figure(alt, card, "rp-game__stats", caption)
