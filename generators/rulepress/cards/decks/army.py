"""A BrikWars army on paper: a roster sheet and one stat card per roster line, in the
print-and-play layouts (cards/decks/brikwars.py): a unit's single card, a specialist's
fold-over card, a Creation's fold-over card with its damage track on the back, and a
player's own custom card.

The army builder page draws the same cards in the browser. It gets, from the print step,
every unit's and specialist's faces, the stylesheets and the sheet grids (`page_cards`),
and applies the same changes a roster line makes (`line_face`); its script
(assets/javascripts/army-builder/stat-cards.js) follows this module rule for rule.
"""

from __future__ import annotations

import base64
import binascii
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import roster_names
from ...data.catalog import Catalog
from ...roster_names import item_ids, line_name
from ...engine.query import answer as ask_engine
from ...roster_limits import (CUSTOM_TEXT, CUSTOM_WEAPON_TEXT, IMAGE_FORMATS, IMAGE_TYPES,
                               MAX_CUSTOM, MAX_CUSTOM_WEAPONS, MAX_IMAGE, MAX_IMAGE_SIDE)
from ..layout import SMALLEST, Card, Deck, Face, text_size
from ..sheets import EDGE, PAPERS, POKER, Mark, sheet_layout
from . import brikwars
from .brikwars import BODY_STEPS, LEGEND, NAME_STEPS, SKILL_DIE, SKILL_DIE_PATTERN, field, legend
from .quickref import Document

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
FOLD = (POKER[0], 2 * POKER[1])  # a fold-over card: front above, back below
# Why a roster line gets no stat card (the roster sheet says so, in print and on the page).
NO_CARD_QUIKWARS = "no stat card: QuikWars units print on the QuikWars card"
NO_CARD = "no stat card: the print-and-play cards have none for it"
NO_CARD_CREATION = "no stat card: the rules engine gave no stats for this creation"
DATA_URL = re.compile(r"^data:(image/[a-z]+);base64,([A-Za-z0-9+/=\s]*)$")
GEAR_HEAD = ["Weapon", "Use", "Range", "Damage"]  # a card's weapons, and the roster's
PRICED = "priced by the rules engine"  # a custom Creation's cost, from the `creation` op


def army_css() -> str:
    return (TEMPLATES / "army.css").read_text(encoding="utf-8")


def page_cards(project: Path, catalog: Catalog) -> dict[str, Any]:
    """What the army builder page needs to draw its stat cards as this module does: the
    faces of every unit and specialist card, the card stylesheets, the text-size steps and
    each paper's card grid (single cards and fold-over cards)."""
    faces = {key: {"name": card.name, "front": _face_json(card.front),
                   "back": _face_json(card.back) if card.back else None}
             for key, card in page_cards_faces(project, catalog).items()}
    grids: dict[str, dict[str, Any]] = {}
    for paper in PAPERS:
        grids[paper] = {}
        for kind, size in (("card", POKER), ("fold", FOLD)):
            layout = sheet_layout(paper, 0.0, size)
            # the PDFs' own cut marks (sheets.py: EDGE mm clear of the paper's edge) and,
            # for fold-over strips, their fold marks; the page's note goes below them
            grids[paper][kind] = {"cols": layout.cols, "rows": layout.rows,
                                  "left": round(layout.left, 3), "top": round(layout.top, 3),
                                  "width": size[0], "height": size[1],
                                  "marks": _marks(layout.marks()),
                                  "folds": _marks(layout.fold_marks()) if kind == "fold"
                                  else [],
                                  "note_top": round(layout.note_top, 3)}
        grids[paper]["paper"] = list(PAPERS[paper])
        grids[paper]["edge"] = EDGE
    no_card = {f"unit/{u.id}": NO_CARD_QUIKWARS for u in catalog.all("brikwars.unit")
               if u.rules == "quikwars"}
    return {"faces": faces, "css": (TEMPLATES / "cards.css").read_text(encoding="utf-8")
            + "\n" + army_css(), "grids": grids,
            "steps": {"body": BODY_STEPS, "name": NAME_STEPS, "smallest": SMALLEST},
            "no_card": {"lines": no_card, "other": NO_CARD, "creation": NO_CARD_CREATION},
            # a line's Clichés as its card says them (line_face)
            "cliches": {c.id: cliche_text(c) for c in catalog.all("brikwars.cliche")},
            # each weapon's row on a card and on the roster sheet, the Horse varieties (and
            # what each does, for the card), and the legend's words for the marks
            "weapons": weapon_rows(catalog), "varieties": varieties(catalog),
            "variety_text": {i.id: f"{i.name}: {i.effect}" for i in catalog.all("brikwars.item")
                             if i.variety},
            "legend": {"marks": LEGEND, "skill_die": SKILL_DIE,
                       "skill_die_pattern": SKILL_DIE_PATTERN}}


def cliche_text(cliche) -> str:
    """A Cliché as a Hero's card says it: its name and the Feats it allows, by example."""
    return f"{cliche.name} (Feats that fit it, such as {', '.join(cliche.example_feats)})"


def weapon_rows(catalog: Catalog) -> dict[str, dict[str, str]]:
    """{item id: its Use, Range, Damage and effect as the cards print them} for every item
    that attacks (it has a Use or a Damage): a line's card lists the weapons it carries, and
    the roster sheet every weapon the army uses."""
    return {i.id: {"name": i.name, "use": field(i, "use"), "range": field(i, "range"),
                   "damage": field(i, "damage"), "effect": i.effect}
            for i in catalog.all("brikwars.item")
            if i.use is not None or getattr(i.damage, "value", None) is not None}


def varieties(catalog: Catalog) -> list[list[str]]:
    """[[item id, word], ...]: the Horse varieties, which name a Horse bought with them."""
    return roster_names.varieties(catalog.all("brikwars.item"))


def variety_notes(line: dict, catalog: Catalog) -> tuple[str, ...]:
    """What each Horse variety a line buys does, for its card (the base Horse card's stats
    are the plain Horse's)."""
    found = [catalog.get("brikwars.item", i) for i in dict.fromkeys(item_ids(line))]
    return tuple(f"{i.name}: {i.effect}" for i in found if i is not None and i.variety)


def gear_grid(line: dict, weapons: dict[str, dict[str, str]]) -> list[list[str]]:
    """The weapons a line carries, for its card: a header row and one row each (none: [])."""
    rows = [[weapons[i]["name"], weapons[i]["use"], weapons[i]["range"], weapons[i]["damage"]]
            for i in dict.fromkeys(item_ids(line)) if i in weapons]
    return [GEAR_HEAD, *rows] if rows else []


def _marks(marks: list[Mark]) -> list[list[float]]:
    return [[round(m.x1, 3), round(m.y1, 3), round(m.x2, 3), round(m.y2, 3)] for m in marks]


def no_card_reason(catalog: Catalog, key: str) -> str:
    """Why the line of `key` ('unit/quikwars-minifig') prints no stat card."""
    kind, _, ident = key.partition("/")
    record = next((u for u in catalog.all("brikwars.unit") if u.id == ident), None)
    return NO_CARD_QUIKWARS if kind == "unit" and record is not None and \
        record.rules == "quikwars" else NO_CARD


def _face_json(face: Face) -> dict[str, Any]:
    return {"template": face.template, "fields": face.fields}


# --- one roster line -> its card -------------------------------------------------------

def line_label(path: str) -> str:
    """'lines[1].squad[0].items' -> 'line 2.1 (items)': the roster's own numbering."""
    match = re.match(r"lines\[(\d+)\](?:\.squad\[(\d+)\])?(?:\.(.*))?$", path)
    if not match:
        return path
    first, member, rest = match.groups()
    label = f"line {int(first) + 1}" + (f".{int(member) + 1}" if member is not None else "")
    return label + (f" ({rest})" if rest else "")


def line_face(base: Face, answer: dict, squad: str = "", cliches: tuple[str, ...] = (),
              name: str = "", gear: list[list[str]] | None = None,
              notes: tuple[str, ...] = ()) -> Face:
    """A unit's or specialist's front for one roster line: the line's name, count and
    squad under the title, its own cost, the weapons it carries (`gear`, a table), what it
    buys (items, specialties...) and its Clichés with the Feats they allow (a Hero's Feats
    must fit one; they cost nothing, so no part names them) and `notes` (what a Horse
    variety does) before the summary; the legend and the text size chosen again."""
    fields = dict(base.fields)
    rows = [(label, _line_value(label, value, answer)) for label, value in fields["rows"]]
    told = {note.split(":")[0] for note in notes}  # a variety's note names it already
    bought = [p["part"] for p in answer.get("parts", [])[1:] if p["part"] not in told]
    text = ((f"With: {', '.join(bought)}. " if bought else "")
            + (f"Cliché: {'; '.join(cliches)}. " if cliches else "")
            + "".join(f"{note} " for note in notes))
    # the unit's own summary last, unless what this line adds leaves it no room
    if len(text + fields["text"]) <= BODY_STEPS[-1][0] or not notes:
        text += fields["text"]
    if name:  # the line's own name is the card's title: sized for it, not the unit's
        fields["name_size"] = text_size(name, NAME_STEPS)
    grid = gear or []
    said = legend([v for _, v in rows] + [cell for row in grid[1:] for cell in row[1:]],
                  [v for label, v in rows if label == "Damage"] + [r[3] for r in grid[1:]])
    fields.update(rows=rows, text=text, sub=_sub(fields["sub"], answer, squad), grid=grid,
                  legend=said,
                  size=text_size(" ".join(v for _, v in rows) * 2 + text + said
                                 + " ".join(" ".join(r) for r in grid), BODY_STEPS))
    return Face(base.template, fields)


def _line_value(label: str, value: str, answer: dict) -> str:
    if label == "Cost":
        return "?" if answer.get("each_cp") is None else f"{answer['each_cp']} CP"
    if label == "Unit inches":
        return "?" if answer.get("each_unit_inches") is None else str(answer["each_unit_inches"])
    return value


def _sub(sub: str, answer: dict, squad: str) -> str:
    count = answer.get("count", 1)
    return sub + (f" · ×{count}" if count != 1 else "") + (f" · {squad}" if squad else "")


def creation_faces(name: str, answer: dict, squad: str = "") -> tuple[Face, Face]:
    """A designed Creation: its stats and weapons on the front, its damage track (one row
    per point of Size Damage, a box to tick) and its priced parts on the back."""
    stats = answer["creation"]["stats"]
    rows = [("Size", f'{stats["size"]}"'), ("Structure Level", _text(stats["structure_level"])),
            ("Armor", _text(stats["armor"])),
            ("Move", move_text(stats)),
            ("Skill", _text(stats.get("skill"), "—")), ("Actions", str(stats.get("actions", 0))),
            ("Cost", "?" if answer.get("each_cp") is None else f"{answer['each_cp']} CP"),
            ("Unit inches", _text(answer.get("each_unit_inches")))]
    grid = [GEAR_HEAD, *creation_weapons(stats)]
    text = f"{stats.get('kind', 'creation').capitalize()}; Power {stats.get('power', '?')}."
    front = Face("stats", {"sub": _sub(f"BrikWars creation · {stats.get('kind', '')}".strip(" ·"),
                                       answer, squad),
                           "rows": rows, "grid": grid if len(grid) > 1 else [], "text": text,
                           "legend": "",
                           "size": text_size(" ".join(v for _, v in rows) * 2 + text
                                             + " ".join(" ".join(r) for r in grid),
                                             BODY_STEPS),
                           "name_size": text_size(name, NAME_STEPS)})
    track = [["", "Size Dmg", "Size", "SL", "Armor", "Power"]]
    for row in stats.get("damage_track", []):
        track.append(["", str(row["size_damage"]), str(row["effective_size"]),
                      _text(row.get("structure_level"), "—"), _text(row.get("armor"), "—"),
                      _text(row.get("power"))])
    notes = [row["note"] for row in stats.get("damage_track", []) if row.get("note")]
    parts = "; ".join(f"{p['part']} {p['cp']}" for p in answer.get("parts", []))
    entries = ([{"name": "Destroyed", "text": " ".join(notes)}] if notes else []) + \
        [{"name": "Cost in CP", "text": parts or "?"}]
    back = Face("entries", {"heading": f"{name}: damage track", "grid": track,
                          "entries": entries,
                          "size": text_size(" ".join(" ".join(r) for r in track) + parts
                                            + " ".join(notes), BODY_STEPS)})
    return front, back


def move_text(stats: dict) -> str:
    """A Creation's Move as its card says it: each propulsion's inches, and Half Speed."""
    moves = stats.get("move") or {}
    move = ", ".join(f'{inches}"' + (f" {kind.replace('-propulsion', '')}" if len(moves) > 1
                                     else "") for kind, inches in moves.items()) or "0\""
    return move + (" (Half Speed)" if stats.get("half_speed") else "")


def creation_weapons(stats: dict) -> list[list[str]]:
    """A Creation's weapons (on its body and its turrets), one row each: name, Use, Range,
    Damage."""
    rows = []
    mounted = [(w, "") for w in stats.get("weapons", [])]
    for turret in stats.get("turrets", []):
        mounted += [(w, turret["name"]) for w in turret.get("weapons", [])]
    for weapon, turret in mounted:
        label = ((f"{weapon['count']} × " if weapon.get("count", 1) != 1 else "")
                 + weapon["name"] + (f" {weapon['size']}" if weapon.get("size") else "")
                 + (" (Heroic)" if weapon.get("heroic") else "")
                 + (f", {turret}" if turret else ""))
        rows.append([label, _text(weapon.get("use")), _range(weapon.get("range")),
                     _text(weapon.get("damage"))])
    return rows


def _text(value, none: str = "?") -> str:
    return none if value is None else str(value)


def _range(value) -> str:
    if value is None:
        return "?"
    return f'{value}"' if isinstance(value, (int, float)) else str(value)


# --- custom cards ----------------------------------------------------------------------

class RosterError(ValueError):
    """A roster's custom card that cannot be printed; `where` names it ('custom_cards[0]')."""

    def __init__(self, where: str, message: str):
        super().__init__(f"{where}: {message}")
        self.where = where


def check_custom(cards: Any) -> list[dict]:
    """The roster's `custom_cards`, checked: text fields are short strings, weapons a short
    list, the picture a PNG, JPEG or GIF data: URL of at most MAX_IMAGE bytes."""
    if not isinstance(cards, list):
        raise RosterError("custom_cards", "must be a list of cards")
    if len(cards) > MAX_CUSTOM:
        raise RosterError("custom_cards", f"has {len(cards)} cards; at most {MAX_CUSTOM}")
    out = []
    for i, card in enumerate(cards):
        where = f"custom_cards[{i}]"
        if not isinstance(card, dict):
            raise RosterError(where, "must be an object with a 'name'")
        unknown = set(card) - set(CUSTOM_TEXT) - set(CUSTOM_EXTRA)
        if unknown:
            raise RosterError(where, f"has no field '{sorted(unknown)[0]}'; the fields are "
                                     f"{', '.join([*CUSTOM_TEXT, *CUSTOM_EXTRA])}")
        clean: dict[str, Any] = {}
        for key, longest in CUSTOM_TEXT.items():
            clean[key] = _short(card.get(key, ""), longest, f"{where}.{key}")
        if not clean["name"].strip():
            raise RosterError(f"{where}.name", "a custom card needs a name")
        weapons = card.get("weapons", [])
        if not isinstance(weapons, list) or len(weapons) > MAX_CUSTOM_WEAPONS:
            raise RosterError(f"{where}.weapons", f"must be a list of at most "
                                                  f"{MAX_CUSTOM_WEAPONS} weapons")
        clean["weapons"] = []
        for j, weapon in enumerate(weapons):
            here = f"{where}.weapons[{j}]"
            if not isinstance(weapon, dict) or set(weapon) - set(CUSTOM_WEAPON_TEXT):
                raise RosterError(here, "must be an object with name, use, range, damage")
            clean["weapons"].append({k: _short(weapon.get(k, ""), n, f"{here}.{k}")
                                     for k, n in CUSTOM_WEAPON_TEXT.items()})
        clean["image"] = check_image(card.get("image"), f"{where}.image")
        if "creation" in card:
            if not isinstance(card["creation"], dict) or clean["kind"] != "creation":
                raise RosterError(f"{where}.creation", "a custom card of kind 'creation' may "
                                  "give the creation op's fields as an object, to be priced")
            clean["creation"] = card["creation"]
        out.append(clean)
    return out


CUSTOM_EXTRA = ("weapons", "image", "creation")  # a custom card's fields besides its texts


def price_custom(cards: list[dict], data: dict) -> list[dict | None]:
    """Each custom card's `creation` op answer (None for a card without one); a refusal is a
    RosterError naming the card's field."""
    out: list[dict | None] = []
    for i, card in enumerate(cards):
        if "creation" not in card:
            out.append(None)
            continue
        request = {**card["creation"], "game": "brikwars", "op": "creation"}
        request.setdefault("name", card["name"])
        response = ask_engine(request, data)
        if not response.get("ok"):
            error = response.get("error") or {}
            field_ = f".{error['field']}" if error.get("field") else ""
            raise RosterError(f"custom_cards[{i}].creation{field_}", str(error.get("message")))
        out.append(response)
    return out


def check_image(value: Any, where: str) -> str:
    """A picture as a data: URL, or "" for none; anything else is refused, saying why."""
    if value in (None, ""):
        return ""
    if not isinstance(value, str):
        raise RosterError(where, "must be a data: URL (data:image/png;base64,...)")
    if len(value) > MAX_IMAGE * 4 // 3 + 100:
        raise RosterError(where, f"the picture is larger than {MAX_IMAGE // 1024} KB; "
                                 "use a smaller image")
    match = DATA_URL.match(value)
    if not match or match.group(1) not in IMAGE_TYPES:
        raise RosterError(where, "must be a PNG, JPEG or GIF picture as a data: URL "
                                 "(data:image/png;base64,...)")
    try:
        data = base64.b64decode(re.sub(r"\s", "", match.group(2)), validate=True)
    except (binascii.Error, ValueError):
        raise RosterError(where, "the picture's base64 text is broken") from None
    if len(data) > MAX_IMAGE:
        raise RosterError(where, f"the picture is larger than {MAX_IMAGE // 1024} KB; "
                                 "use a smaller image")
    if not data.startswith(IMAGE_TYPES[match.group(1)]):
        raise RosterError(where, f"the picture is not a {IMAGE_FORMATS[match.group(1)]} file "
                                 "(its first bytes are not one's)")
    problem = picture_problem(data, match.group(1))
    if problem:
        raise RosterError(where, problem)
    return value


def picture_problem(data: bytes, kind: str) -> str | None:
    """Why `data` is not a picture of `kind` the cards can print (None: it is): it must
    decode as that type (with Pillow, as the printing does) and be at most MAX_IMAGE_SIDE
    pixels a side."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data), formats=[IMAGE_FORMATS[kind]]) as image:
            width, height = image.size
            if max(width, height) > MAX_IMAGE_SIDE or min(width, height) < 1:
                return (f"the picture is {width}×{height} pixels; at most {MAX_IMAGE_SIDE} a "
                        "side")
            image.load()
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        return (f"the picture's bytes are not a {IMAGE_FORMATS[kind]} picture (they do not "
                "decode as one)")
    return None


def _short(value: Any, longest: int, where: str) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = f"{value:g}"
    if not isinstance(value, str):
        raise RosterError(where, "must be text")
    if len(value) > longest:
        raise RosterError(where, f"is {len(value)} characters long; at most {longest}")
    return value


def custom_values(card: dict, priced: dict | None = None) -> dict:
    """A custom card's texts; a priced Creation's cost is the engine's, and a stat left
    blank is the engine's too (so a player may give as little as a name and a design)."""
    values = dict(card)
    if priced:
        stats = priced["stats"]
        for key, found in (("skill", _text(stats.get("skill"), "—")), ("move", move_text(stats)),
                           ("armor", _text(stats.get("armor"))), ("size", f'{stats["size"]}"')):
            values[key] = values[key] or found
        if priced.get("cost_cp") is not None:
            values["cp"] = f"{priced['cost_cp']} CP, {PRICED}"
        if not values["weapons"]:
            values["weapons"] = [dict(zip(("name", "use", "range", "damage"), row))
                                 for row in creation_weapons(stats)]
    return values


def custom_face(card: dict, priced: dict | None = None) -> Face:
    """A player's own unit or creation in the stat-card layout, with its picture; a custom
    Creation with a design is priced by the engine (`priced`: its `creation` answer)."""
    card = custom_values(card, priced)
    rows = [(label, card[key]) for label, key in
            (("Skill", "skill"), ("Move", "move"), ("Armor", "armor"), ("Size", "size"),
             ("Cost", "cp")) if card[key]]
    grid = [GEAR_HEAD] + [
        [w["name"], w["use"], w["range"], w["damage"]] for w in card["weapons"]]
    text = card["notes"]
    return Face("stats", {"sub": f"custom {card['kind'] or 'unit'} · your own card",
                          "rows": rows, "grid": grid if len(grid) > 1 else [], "text": text,
                          "legend": "", "image": card["image"],
                          "size": text_size(" ".join(v for _, v in rows) * 2 + text
                                            + " ".join(" ".join(r) for r in grid)
                                            + ("x" * 120 if card["image"] else ""),
                                            BODY_STEPS),
                          "name_size": text_size(card["name"], NAME_STEPS)})


# --- the whole army ---------------------------------------------------------------------

@dataclass(frozen=True)
class ArmyPrint:
    sheet: Document  # the roster sheet
    singles: Deck | None  # units and custom cards
    folds: Deck | None  # specialists and Creations, fold-over
    no_card: tuple[str, ...] = ()  # "line 1 (QuikWars Minifig): no stat card: ..."


def army_print(project: Path, catalog: Catalog, roster: dict, response: dict,
               custom: list[dict], title: str = "BrikWars army", notes: str = "",
               priced: list[dict | None] | None = None) -> ArmyPrint:
    """The roster sheet and the army's cards from an `army` request and its answer; the
    army's `notes` go on the sheet, and `priced` holds each custom card's `creation`
    answer (price_custom)."""
    base = page_cards_faces(project, catalog)
    weapons, named = weapon_rows(catalog), varieties(catalog)
    used: dict[str, list[str]] = {}  # every weapon the army carries, for the sheet
    singles: list[Card] = []
    folds: list[Card] = []
    rows: list[dict] = []
    no_card: list[str] = []  # lines that print no stat card, and why
    for index, (line, answer) in enumerate(zip(roster["lines"], response["lines"])):
        members = (list(zip(line["squad"], answer.get("members", [])))
                   if "squad" in line else [(line, answer)])
        squad = line.get("name", "Squad") if "squad" in line else ""
        if squad:
            rows.append(_sheet_row(answer, squad=True))
        for member, member_answer in members:
            name = line_name(member, member_answer, named)
            rows.append(_sheet_row(member_answer, member=bool(squad), name=name))
            key = member_answer["line"]
            for item in item_ids(member):
                if item in weapons:
                    w = weapons[item]
                    used.setdefault(w["name"], [w["use"], w["range"], w["damage"], w["effect"]])
            if "creation" in member:
                if "creation" not in member_answer:
                    no_card.append(f"{line_label(key)} ({name}): {NO_CARD_CREATION}")
                    continue
                for row in creation_weapons(member_answer["creation"]["stats"]):
                    used.setdefault(row[0], [*row[1:], f"on {name}"])
                front, back = creation_faces(name, member_answer, squad)
                folds.append(Card(key, name, front, back))
                continue
            kind = "unit" if "unit" in member else "specialist"
            found = base.get(f"{kind}/{member[kind]}")
            if found is None:  # never left off silently: the sheet says why
                no_card.append(f"{line_label(key)} ({name}): "
                               f"{no_card_reason(catalog, f'{kind}/{member[kind]}')}")
                continue
            cliches = tuple(cliche_text(found_cliche) if (found_cliche := catalog.get(
                "brikwars.cliche", cid)) else cid for cid in member.get("cliches", [])
                if isinstance(cid, str))
            face = line_face(found.front, member_answer, squad, cliches, name,
                             gear_grid(member, weapons), variety_notes(member, catalog))
            if found.back is not None:
                folds.append(Card(key, name, face, found.back))
            else:
                singles.append(Card(key, name, face))
    prices = priced or [None] * len(custom)
    for i, (mine, price) in enumerate(zip(custom, prices)):
        singles.append(Card(f"custom/{i}", mine["name"], custom_face(mine, price)))
    css = army_css()
    budget = response.get("budget") or {}
    sheet = Document("army-roster", title, "brikwars", "army-roster", {
        "title": title, "rows": rows,
        "total_cp": _text(response.get("total_cp")),
        "total_unit_inches": _text(response.get("total_unit_inches")),
        "budget": [f"{budget[k]} {unit} budget, {budget[k + '_left']} left"
                   if k + "_left" in budget else f"{budget[k]} {unit} budget"
                   for k, unit in (("cp", "CP"), ("unit_inches", "Ű")) if k in budget],
        "problems": [_problem(p) for p in response.get("problems", [])],
        "warnings": [_problem(p) for p in response.get("warnings", [])],
        "not_modelled": response.get("not_modelled", []),
        "no_card": no_card, "notes": notes,
        "weapons": [[name, *stats] for name, stats in used.items()],
        "weapons_legend": legend([c for stats in used.values() for c in stats[:3]],
                                 [stats[2] for stats in used.values()]),
        "custom": [_custom_label(c, p) for c, p in zip(custom, prices)]},
        description="a roster sheet")
    return ArmyPrint(
        sheet,
        Deck("army-cards", f"{title}: stat cards", "brikwars", singles, duplex=False,
             css=css) if singles else None,
        Deck("army-fold-cards", f"{title}: fold-over cards", "brikwars", folds, fold=True,
             css=css) if folds else None,
        tuple(no_card))


def page_cards_faces(project: Path, catalog: Catalog) -> dict[str, Card]:
    out: dict[str, Card] = {}
    for deck in (brikwars.units(project, catalog), brikwars.specialists(project, catalog)):
        for card in deck.cards if deck else []:
            out[card.key] = card
    return out


def _custom_label(card: dict, priced: dict | None) -> str:
    if priced and priced.get("cost_cp") is not None:
        return f"{card['name']} ({priced['cost_cp']} CP, {PRICED}; not in the total)"
    return card["name"] + (f" ({card['cp']} CP, not checked)" if card["cp"] else "")


def _sheet_row(answer: dict, squad: bool = False, member: bool = False,
               name: str | None = None) -> dict:
    return {"line": line_label(answer["line"]),
            "name": answer.get("name") or "" if name is None else name,
            "count": str(answer.get("count", 1)),
            "each": "" if squad else _text(answer.get("each_cp")),
            "cp": _text(answer.get("cp")), "ui": _text(answer.get("unit_inches")),
            "squad": squad, "member": member}


def _problem(p: dict) -> str:
    return f"{line_label(p['line'])}: {p['message']} ({p['section']}, {p['rule']})"
