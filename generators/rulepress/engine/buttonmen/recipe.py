"""Parse Button Men recipe notation, e.g. "s(U) z(U) %(U) n(U) g(U) t(U)".

Grammar (the notation used by Button Men Online and the seeds):

    recipe := die (spaces die)*
    die    := marks "(" core ")" marks     skill marks may stand before or after
    marks  := (skill-char | "{" alts "}")*  "{a,b}" is a plasma die: one of the alternatives
    core   := size | swing | size "/" size | part "," part | "C"
    part   := size | swing
    size   := digits (0-99)                swing := one upper-case letter other than C

The parser checks syntax only; which skill letters and swing letters exist is
game data, checked by the caller.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MAX_FIXED_SIZE = 99  # Button Men Online's limit for a fixed die
WILDCARD = "C"
WILDCARD_SIDES = 20  # a Wildcard die counts as 20 sides (BMDieWildcard, BMButton)
_STRUCTURE = set("(){},/ \t")


class RecipeError(ValueError):
    """A recipe that does not parse; `column` is 1-based in the recipe text.

    `code` says which rule failed: "syntax", "empty-recipe", "unknown-skill" or
    "unknown-swing" (the last two only from `check_recipe`, which knows the data).
    """

    def __init__(self, message: str, column: int, expected: str = "", code: str = "syntax"):
        self.message = message
        self.column = column
        self.expected = expected
        self.code = code
        text = f"column {column}: {message}"
        if expected:
            text += f" (expected {expected})"
        super().__init__(text)


@dataclass(frozen=True)
class Part:
    """One half of a twin die: a fixed size, a swing letter, or (BMO builds it) a Wildcard."""

    sides: int | None = None
    swing: str | None = None
    wildcard: bool = False


@dataclass(frozen=True)
class DieSpec:
    """One die of a recipe as written, before swing or option sizes are chosen."""

    kind: str  # "fixed", "swing", "option", "twin" or "wildcard"
    text: str  # the die as written, e.g. "s(U)"
    column: int  # where it starts in the recipe, 1-based
    sides: int | None = None  # fixed dice
    swing: str | None = None  # swing dice
    options: tuple[int, int] | None = None  # option dice, e.g. (4, 20)
    twin: tuple[Part, Part] | None = None  # twin dice
    skills: tuple[str, ...] = ()  # skill letters, e.g. ("s",)
    plasma: tuple[tuple[str, ...], ...] = ()  # plasma alternatives, each a tuple of letters
    skill_columns: tuple[int, ...] = field(default=(), compare=False)
    plasma_columns: tuple[int, ...] = field(default=(), compare=False)  # each alternative's

    def swing_letters(self) -> set[str]:
        letters = {self.swing} if self.swing else set()
        if self.twin:
            letters |= {p.swing for p in self.twin if p.swing}
        return letters

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind, "text": self.text, "skills": list(self.skills)}
        if self.sides is not None:
            out["sides"] = self.sides
        if self.swing:
            out["swing"] = self.swing
        if self.options:
            out["options"] = list(self.options)
        if self.twin:
            out["twin"] = [({"sides": p.sides} | ({"wildcard": True} if p.wildcard else {}))
                           if p.swing is None else {"swing": p.swing} for p in self.twin]
        if self.plasma:
            out["plasma"] = [list(alt) for alt in self.plasma]
        return out


def parse_recipe(text: str) -> list[DieSpec]:
    """Parse a whole recipe; raises RecipeError naming the column and what was expected."""
    if not isinstance(text, str):
        raise RecipeError("a recipe must be text", 1, "text such as '(4) (8) (X)'")
    dice: list[DieSpec] = []
    i = 0
    while i < len(text):
        if text[i] in " \t":
            i += 1
            continue
        end = i
        while end < len(text) and text[end] not in " \t":
            # braces may hold commas, but never spaces; parentheses too
            end += 1
        dice.append(_parse_die(text, i, end))
        i = end
    return dice


def _parse_die(text: str, start: int, end: int) -> DieSpec:
    token = text[start:end]
    skills: list[str] = []
    columns: list[int] = []
    plasma: list[tuple[str, ...]] = []
    plasma_columns: list[int] = []
    core: str | None = None
    core_column = 0
    i = start
    while i < end:
        ch = text[i]
        if ch == "(":
            if core is not None:
                raise RecipeError("a die has only one pair of parentheses", i + 1,
                                  "a space between two dice")
            close = text.find(")", i, end)
            if close < 0:
                raise RecipeError(f"'{token}': the '(' at column {i + 1} is never closed",
                                  end + 1, "')'")
            core, core_column = text[i + 1:close], i + 2
            i = close + 1
        elif ch == "{":
            close = text.find("}", i, end)
            if close < 0:
                raise RecipeError(f"'{token}': the '{{' at column {i + 1} is never closed",
                                  end + 1, "'}'")
            offset = i + 2
            for alt in _parse_plasma(text, i + 1, close):
                plasma.append(alt)
                plasma_columns.append(offset)
                offset += len(alt) + 1
            i = close + 1
        elif ch in _STRUCTURE:
            raise RecipeError(f"unexpected '{ch}' outside parentheses", i + 1,
                              "a skill letter or '('")
        else:
            if ch in skills:
                raise RecipeError(f"skill '{ch}' is given twice on one die", i + 1,
                                  "each skill letter once")
            skills.append(ch)
            columns.append(i + 1)
            i += 1
    if core is None:
        raise RecipeError(f"the die '{token}' has no size in parentheses", start + 1,
                          "'(' followed by a size, e.g. (6)")
    spec = _parse_core(core, core_column)
    return DieSpec(text=token, column=start + 1, skills=tuple(skills),
                   skill_columns=tuple(columns), plasma=tuple(plasma),
                   plasma_columns=tuple(plasma_columns), **spec)


def _parse_plasma(text: str, start: int, end: int) -> list[tuple[str, ...]]:
    alts = text[start:end].split(",")
    if len(alts) < 2 or any(not a for a in alts):
        raise RecipeError("a plasma die lists two or more skill choices", start + 1,
                          "letters separated by commas, e.g. {hs,H}")
    for alt in alts:
        bad = [c for c in alt if c in _STRUCTURE]
        if bad:
            raise RecipeError(f"'{bad[0]}' cannot be a skill letter", start + 1, "skill letters")
    return [tuple(a) for a in alts]


def _size(part: str, column: int) -> int:
    if not part.isdigit() or (len(part) > 1 and part[0] == "0"):
        raise RecipeError(f"'{part}' is not a die size", column,
                          "a whole number of sides, a swing letter, 'a/b' or 'a,b'")
    value = int(part)
    if value > MAX_FIXED_SIZE:
        raise RecipeError(f"a die of {value} sides is larger than {MAX_FIXED_SIZE}", column,
                          f"a size from 0 to {MAX_FIXED_SIZE}")
    return value


def _is_swing(part: str) -> bool:
    return len(part) == 1 and part.isupper() and part != WILDCARD


def _parse_core(core: str, column: int) -> dict:
    if core == "":
        raise RecipeError("empty parentheses", column, "a die size such as 6, or a swing letter")
    if "/" in core:
        parts = core.split("/")
        if len(parts) != 2:
            raise RecipeError("an option die has exactly two sizes", column, "'a/b', e.g. 4/20")
        low = _size(parts[0], column)
        high = _size(parts[1], column + len(parts[0]) + 1)
        return {"kind": "option", "options": (low, high)}
    if "," in core:
        parts = core.split(",")
        if len(parts) != 2:
            raise RecipeError("a twin die has exactly two halves", column, "'a,b', e.g. 4,4")
        halves = []
        offset = column
        for part in parts:
            if _is_swing(part):
                halves.append(Part(swing=part))
            elif part == WILDCARD:  # BMO's parser accepts it (only custom recipes refuse it)
                halves.append(Part(sides=WILDCARD_SIDES, wildcard=True))
            else:
                halves.append(Part(sides=_size(part, offset)))
            offset += len(part) + 1
        letters = {h.swing for h in halves if h.swing}
        if len(letters) > 1:
            raise RecipeError("both swing halves of a twin die must use one letter", column,
                              "the same letter twice, e.g. (X,X)")
        return {"kind": "twin", "twin": tuple(halves)}
    if core == WILDCARD:
        return {"kind": "wildcard"}
    if _is_swing(core):
        return {"kind": "swing", "swing": core}
    return {"kind": "fixed", "sides": _size(core, column)}


def check_recipe(text: str, skill_letters: set[str] | dict,
                 swing_letters: set[str] | dict) -> list[DieSpec]:
    """Parse a recipe and require known skill and swing letters and at least one die.

    The first problem wins, read left to right, so the column is the earliest fault.
    """
    dice = parse_recipe(text)
    if not dice:
        raise RecipeError("the recipe has no dice", 1, "at least one die, e.g. (6)",
                          code="empty-recipe")
    for die in dice:
        marks = list(zip(die.skills, die.skill_columns))
        marks += [(c, column + k) for alt, column in zip(die.plasma, die.plasma_columns)
                  for k, c in enumerate(alt)]
        for letter, column in sorted(marks, key=lambda m: m[1]):
            if letter not in skill_letters:
                raise RecipeError(f"'{letter}' on die {die.text!r} is not a known skill letter",
                                  column, "a skill letter such as s, z, t or n",
                                  code="unknown-skill")
        for letter in sorted(die.swing_letters()):
            if letter not in swing_letters:
                raise RecipeError(f"'{letter}' on die {die.text!r} is not a swing letter",
                                  die.column, "one of " + "".join(sorted(swing_letters)),
                                  code="unknown-swing")
    return dice
