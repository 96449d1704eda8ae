"""Button Men dice as printed buttons draw them: the one definition that site pages
(website/notation.py) and cards (cards/recipe_art.py) both draw from.

The looks are the seeds' Button Notation lines (buttonmen/skills.yaml, button_notation):
Null is a black frame and the letter n, Shadow a bar over the size and the letter s, Trip
strikes the size through, Speed is a red frame with a lightning bolt, Stinger a blue frame
with a cube outline behind the size, Chance writes © for its letter, an option die is a
fraction. Every other skill is written as its letter.

The order is Button Men Online's (BMDie::get_recipe): skill letters in the order written,
all before the size except Turbo, Mood and Mad, which follow it. Frames nest in the same
order, the first written outermost (zn(12): Speed round Null), as the letters read from
the outside in. A capital skill letter is drawn bold: case is meaning (Select S, Shadow s).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..engine.buttonmen.recipe import DieSpec


@dataclass(frozen=True)
class Look:
    """How a printed button shows one skill."""

    letter: bool = True  # the recipe letter (or `sign`) is written beside the size
    sign: str = ""  # written instead of the letter
    line: str = ""  # "over": a bar over the size; "through": struck through
    frame: str = ""  # a frame round the size, named by its ink
    picture: str = ""  # drawn inside the frames with the size: "bolt" before it, "cube" behind


PLAIN = Look()
# skill id (buttonmen/skills.yaml) -> its look; a skill not here is its letter
LOOKS: dict[str, Look] = {
    "null": Look(frame="null"),
    "shadow": Look(line="over"),
    "trip": Look(letter=False, line="through"),
    "speed": Look(letter=False, frame="speed", picture="bolt"),
    "stinger": Look(letter=False, frame="stinger", picture="cube"),
    "chance": Look(sign="\u00a9"),
}
# written after the size (BMSkillTurbo and BMSkillMood::do_print_skill_preceding; Mad is Mood's)
AFTER = frozenset({"turbo", "mood", "mad"})
# die-type id -> how it is written, in the order a die's types are named
DIE_TYPES = {"swing": "", "option": "a/b", "twin": "a,b", "plasma": "{}", "wildcard": "C"}


@dataclass(frozen=True)
class Mark:
    """A letter or sign written beside the size."""

    text: str
    bold: bool = False  # a capital skill letter


@dataclass(frozen=True)
class Drawn:
    """What to draw for one die, outside in: marks before, frames (outermost first) round
    the pictures and the size with its lines, marks after."""

    before: tuple[Mark, ...]
    size: str  # the size as written ("4/20" for an option die)
    fraction: tuple[int, int] | None = None  # an option die's two sizes, drawn stacked
    lines: tuple[str, ...] = ()
    frames: tuple[str, ...] = ()
    pictures: tuple[str, ...] = ()
    after: tuple[Mark, ...] = ()
    plasma: str = ""  # a plasma die's choices as written, "{fz,gz}", after the marks before

    def to_json(self) -> dict:
        out: dict = {"before": [[m.text, m.bold] for m in self.before], "size": self.size,
                     "lines": list(self.lines), "frames": list(self.frames),
                     "pictures": list(self.pictures),
                     "after": [[m.text, m.bold] for m in self.after], "plasma": self.plasma}
        if self.fraction:
            out["fraction"] = list(self.fraction)
        return out

    @classmethod
    def from_json(cls, data: dict) -> Drawn:
        return cls(tuple(Mark(t, b) for t, b in data["before"]), data["size"],
                   tuple(data["fraction"]) if data.get("fraction") else None,
                   tuple(data["lines"]), tuple(data["frames"]), tuple(data["pictures"]),
                   tuple(Mark(t, b) for t, b in data["after"]), data["plasma"])


def look(skill_id: str | None) -> Look:
    return LOOKS.get(skill_id or "", PLAIN)


def draw(die: DieSpec, letters: Mapping[str, str]) -> Drawn:
    """The drawing of a written die; `letters` maps a recipe letter to its skill id (a
    letter without one is written as it is)."""
    before: list[Mark] = []
    after: list[Mark] = []
    lines, frames, pictures = [], [], []
    for letter in die.skills:
        skill = letters.get(letter)
        shown = look(skill)
        if shown.letter:
            mark = Mark(shown.sign) if shown.sign else Mark(letter, letter.isupper())
            (after if skill in AFTER else before).append(mark)
        if shown.line:
            lines.append(shown.line)
        if shown.frame:
            frames.append(shown.frame)
        if shown.picture:
            pictures.append(shown.picture)
    plasma = "{" + ",".join("".join(alt) for alt in die.plasma) + "}" if die.plasma else ""
    fraction = die.options if die.kind == "option" and die.options else None
    return Drawn(tuple(before), size_text(die), fraction, tuple(lines), tuple(frames),
                 tuple(pictures), tuple(after), plasma)


def written(die: DieSpec, letters: Mapping[str, str]) -> str:
    """The die in Button Men Online's own order (BMDie::get_recipe): "(3)q" is "q(3)",
    "!p(V)" is "p(V)!". Plasma choices stay before the size."""
    before = "".join(c for c in die.skills if letters.get(c) not in AFTER)
    after = "".join(c for c in die.skills if letters.get(c) in AFTER)
    plasma = "{" + ",".join("".join(alt) for alt in die.plasma) + "}" if die.plasma else ""
    return f"{plasma}{before}({size_text(die)}){after}"


def text_form(drawn: Drawn) -> str:
    """The drawing as one line of text, outside in, for comparing renderers:
    zn(12) is "n<speed[null[bolt 12]]>", S(X) "*S<X>" (* marks bold)."""
    def marks(found: tuple[Mark, ...]) -> str:
        return "".join(("*" if m.bold else "") + m.text for m in found)

    core = " ".join([*sorted(drawn.pictures), ("frac " if drawn.fraction else "") + drawn.size,
                     *drawn.lines])
    for frame in reversed(drawn.frames):
        core = f"{frame}[{core}]"
    return f"{marks(drawn.before)}{drawn.plasma}<{core}>{marks(drawn.after)}"


def die_type_ids(die: DieSpec) -> list[str]:
    """The die-type ids (buttonmen/skills.yaml, category die-type) a written die uses."""
    used = {"swing": bool(die.swing_letters()), "option": die.kind == "option",
            "twin": die.kind == "twin", "plasma": bool(die.plasma),
            "wildcard": die.kind == "wildcard" or any(p.wildcard for p in die.twin or ())}
    return [kind for kind in DIE_TYPES if used[kind]]


def size_text(die: DieSpec) -> str:
    """What goes inside a die's frame: its size, swing letter, twin halves, "C" for a
    Wildcard, or "4/20" for an option die."""
    if die.kind == "option" and die.options:
        return "/".join(str(side) for side in die.options)
    if die.kind == "twin" and die.twin:
        return ",".join("C" if p.wildcard else str(p.sides) if p.swing is None else p.swing
                        for p in die.twin)
    if die.kind == "swing":
        return die.swing or ""
    if die.kind == "wildcard":
        return "C"
    return str(die.sides)
