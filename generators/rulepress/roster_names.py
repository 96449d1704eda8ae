"""What a BrikWars roster line is called on paper: its own name, or its unit's with the
Horse varieties it buys in front ("Steel Horse", "Steel Flying Gun Horse"; L1102), never
"Horse" three times. Used by the roster sheet and cards (cards/decks/army.py) and the
`rulepress army` table; the army builder page follows the same rule (roster.js,
`lineName`) with the varieties from its spec.
"""

from __future__ import annotations


def item_ids(line: dict) -> list[str]:
    """The item ids a roster line lists (an id, or an object with `item`)."""
    items = line.get("items", [])
    if not isinstance(items, list):
        return []
    return [i if isinstance(i, str) else str(i.get("item")) for i in items
            if isinstance(i, str) or (isinstance(i, dict) and isinstance(i.get("item"), str))]


def varieties(items: list) -> list[list[str]]:
    """[[item id, word], ...] for the Horse varieties among `items` (records or the engine's
    dicts), in the data's order."""
    out: list[list[str]] = []
    for item in items:
        fields = item if isinstance(item, dict) else {"id": getattr(item, "id", None),
                                                      "variety": getattr(item, "variety", None)}
        if fields.get("variety"):
            out.append([str(fields["id"]), str(fields["variety"])])
    return out


def line_name(line: dict, answer: dict, named: list[list[str]]) -> str:
    """A line's name: its own, or its unit's with its varieties' words in front."""
    name = answer.get("name") or "Unit"
    if line.get("name"):
        return name
    ids = item_ids(line)
    words = [word for ident, word in named if ident in ids]
    return " ".join([*words, name]) if words else name


def display_names(request: dict, response: dict, named: list[list[str]]) -> dict[str, str]:
    """{answer path ('lines[1].squad[0]'): name} for every line and Squad member."""
    out = {}
    for line, answer in zip(request.get("lines", []), response.get("lines", [])):
        if isinstance(line, dict) and isinstance(line.get("squad"), list):
            out[answer["line"]] = answer.get("name") or "Squad"
            for member, member_answer in zip(line["squad"], answer.get("members", [])):
                if isinstance(member, dict):
                    out[member_answer["line"]] = line_name(member, member_answer, named)
        elif isinstance(line, dict):
            out[answer["line"]] = line_name(line, answer, named)
    return out
