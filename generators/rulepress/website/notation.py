"""Draw Button Men recipes the way the printed buttons do, as small HTML.

The seeds describe each skill's look on a printed button: Shadow puts a bar over
the number, Speed a red frame with a lightning bolt, Trip strikes the number
through, Null is a black frame, Stinger a blue frame, an Option die is a
fraction, Chance is a © and Radioactive a %. Skills the seeds draw no picture
for show their recipe letter in front of the number. The colours and lines
themselves are in site_overrides/assets/stylesheets/rulepress.css.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..die_face import die_size_html
from ..engine.buttonmen.recipe import DieSpec
from .templating import data_text


@dataclass(frozen=True)
class Look:
    line: str = ""  # a class on the number: bar over it, or a line through it
    frame: str = ""  # a class on a box around the die
    mark: str = ""  # a sign written before the number


BOLT = ('<svg class="rp-bolt" viewBox="0 0 10 16" aria-hidden="true">'
        '<path d="M6 0 0 9h4l-1 7 7-10H6l1-6z"/></svg>')

# skill id -> its look on a printed button (from the seeds' descriptions)
LOOKS: dict[str, Look] = {
    "shadow": Look(line="rp-over"),
    "trip": Look(line="rp-through"),
    "speed": Look(frame="rp-frame-speed", mark=BOLT),
    "null": Look(frame="rp-frame-null"),
    "stinger": Look(frame="rp-frame-stinger"),
    "chance": Look(mark="©"),
    "radioactive": Look(mark="%"),
}


def die_types(die: DieSpec) -> list[str]:
    """The die-type ids (skills.yaml, category die-type) a written die uses."""
    types = []
    if die.swing_letters():
        types.append("swing")
    if die.kind == "option":
        types.append("option")
    if die.kind == "twin":
        types.append("twin")
    if die.plasma:
        types.append("plasma")
    return types


def size_html(die: DieSpec) -> str:
    return die_size_html(
        die, lambda low, high: f'<span class="rp-frac"><sup>{low}</sup>/<sub>{high}</sub></span>')


def draw_die(die: DieSpec, skill_ids: list[str], title: str) -> str:
    """One die as HTML; `skill_ids` are the ids of the die's skill letters, in order."""
    number = size_html(die)
    lines = [LOOKS[s].line for s in skill_ids if s in LOOKS and LOOKS[s].line]
    if lines:
        number = f'<span class="{" ".join(lines)}">{number}</span>'
    marks = "".join(LOOKS[s].mark for s in skill_ids if s in LOOKS and LOOKS[s].mark)
    # Letters are data (a backtick or a star is a letter): data_text, so that the drawing
    # stays text in a Markdown table cell as well as in raw HTML.
    letters = data_text("".join(letter for letter, s in zip(die.skills, skill_ids)
                                if s not in LOOKS))
    if die.plasma:
        letters += data_text("{" + ",".join("".join(alt) for alt in die.plasma) + "}")
    letter_html = f'<span class="rp-letters">{letters}</span>' if letters else ""
    html = f"{marks}{letter_html}{number}"
    for frame in [LOOKS[s].frame for s in skill_ids if s in LOOKS and LOOKS[s].frame]:
        html = f'<span class="{frame}">{html}</span>'
    return f'<span class="rp-die" title="{data_text(title)}">{html}</span>'
