"""Draw card text as PDF operators: one-line labels (a card's set, its serial number)
and paragraphs with bold lead-ins (the skills on a Button Men back).

Why not HTML: WeasyPrint spends about a millisecond on each label and ten on a back
full of paragraphs, for text that needs no more than this: the card font, left
aligned, lines broken greedily at spaces and after hyphens, white space collapsed as
CSS does. The card's HTML keeps an empty box (data-art) whose font size, line height
and colour pdf.py passes here; text that does not fit is reported, never clipped.
Widths are the font's own advances, without kerning, so a line is never narrower
than it prints.

Lengths are PDF points (1/72 in) and y runs upwards, as in the PDF page.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache

from .art import Art, Box, chars_of, over, pdf_ops, strut_top
from .font_metrics import metrics

Run = tuple[str, bool]  # text, bold
# "upside-|down", not "-2"; and a web address after a slash between letters
# ("creativecommons.org/|licenses/|by/3.0"), not in "4/20"
BREAK_AFTER_HYPHEN = re.compile(r"(?<=[^\W\d_]-)(?=[^\W\d_])|(?<=[a-z]/)(?=[a-z])")


def draw_line(text: str, box: Box, size: float, leading: float, ink: tuple) -> Art:
    """One line of plain text at the top left of `box`. It never wraps; text wider
    than the box is reported, not clipped."""
    font = metrics()
    ops = pdf_ops([("text", 0, 0, size, ink, text)], box.x,
                  box.top - strut_top(font, size, leading))
    return Art("\n".join(ops), chars_of({"regular": set(text)}),
               over(font.width(text, size) - box.width))


@dataclass
class _Word:
    """Text with no break opportunity inside, and the space after it (if any)."""

    runs: list[Run]
    width: float
    space: Run | None  # the collapsed space that follows, dropped at a line's end
    space_width: float


@dataclass(frozen=True)
class Fit:
    """Set paragraphs as large as fits their box, by measuring them: from the box's own
    size down to `floor` (pt), in `step`s. When even the floor is too big and `names`
    are given (one per paragraph; None: keep it always), the longest nameable
    paragraphs make way for one closing paragraph, `closing[0]` in bold, then the names
    they had, then `closing[1]`: the box says what it could not hold, never cuts it."""

    floor: float
    names: tuple[str | None, ...] = ()
    closing: tuple[str, str] = ("", "")
    step: float = 0.25


def fit_paragraphs(paragraphs: list[list[Run]], box: Box, size: float, leading: float,
                   gap: float, fit: Fit) -> tuple[list[list[Run]], float]:
    """The paragraphs to set and the largest size (pt) at which they fit `box` (the
    floor, when nothing fits: the drawing then reports how far it runs over)."""
    measure = _Measure(box, leading / size, gap)
    names = list(fit.names) or [None] * len(paragraphs)
    kept = list(range(len(paragraphs)))
    dropped: list[int] = []
    closings: dict[tuple[int, ...], list[Run]] = {}  # one list per set of names: measured once

    def shown(kept: list[int], dropped: list[int]) -> list[list[Run]]:
        if not dropped:
            return [paragraphs[i] for i in kept]
        key = tuple(sorted(dropped))
        if key not in closings:
            closings[key] = _closing(fit, sorted(str(names[i]) for i in dropped))
        return [paragraphs[i] for i in kept] + [closings[key]]

    def length(i: int) -> int:
        return sum(len(text) for text, _ in paragraphs[i])

    while not measure.fits(shown(kept, dropped), fit.floor):
        droppable = [i for i in kept if names[i] is not None]
        if not droppable:
            return shown(kept, dropped), fit.floor
        longest = max(droppable, key=length)
        kept.remove(longest)
        dropped.append(longest)
    steps = int(round((size - fit.floor) / fit.step))
    low, high = 0, steps  # the largest step that fits, by halving (step 0 fits)
    while low < high:
        middle = (low + high + 1) // 2
        if measure.fits(shown(kept, dropped), fit.floor + middle * fit.step):
            low = middle
        else:
            high = middle - 1
    best = round(fit.floor + low * fit.step, 4)
    # dropping the longest paragraph may free more room than was needed: shorter
    # dropped ones come back, in their order, while they still fit
    for index in sorted(dropped, key=length):
        trial_kept = sorted(kept + [index])
        rest = [i for i in dropped if i != index]
        if measure.fits(shown(trial_kept, rest), best):
            kept, dropped = trial_kept, rest
    return shown(kept, dropped), best


class _Measure:
    """Heights of paragraphs in a box at any size: words are measured once, at 1 pt
    (widths grow with the size), and each paragraph's line count is kept per size."""

    def __init__(self, box: Box, ratio: float, gap: float) -> None:
        self.box, self.ratio, self.gap = box, ratio, gap
        self.fonts = {False: metrics("regular"), True: metrics("bold")}
        self.words: dict[int, list[_Word]] = {}
        self.lines: dict[tuple[int, float], int] = {}  # (paragraph id, size) -> lines
        self.held: list[list[Run]] = []  # keeps every measured paragraph (and its id) alive

    def fits(self, paragraphs: list[list[Run]], size: float) -> bool:
        height = self.gap * (len(paragraphs) - 1)
        limit = self.box.height + 1e-6  # not lost to rounding
        for paragraph in paragraphs:
            height += self.ratio * size * self._count(paragraph, size)
            if height > limit:
                return False
        return True

    def _count(self, paragraph: list[Run], size: float) -> int:
        key = (id(paragraph), size)
        if key not in self.lines:
            words = self.words.get(id(paragraph))
            if words is None:
                self.held.append(paragraph)
                words = self.words[id(paragraph)] = _unit_words(tuple(paragraph))
            width = self.box.width / size
            lines = _lines(words, width)
            self.lines[key] = 10 ** 6 if any(used > width for _, used in lines) else len(lines)
        return self.lines[key]


LABEL = "%label "  # a face drawing that is a place for each card's own name, not operators


def label_slot(box: Box, size: float, leading: float, ink: tuple, label: dict) -> str:
    """A shared face's place for its card's name: kept with the face's drawings (a PDF
    comment, so never drawn as it is) and filled in for each card by draw_label."""
    return LABEL + json.dumps({"box": [box.x, box.top, box.width, box.height], "size": size,
                               "leading": leading, "ink": list(ink),
                               "after": label.get("after", "")})


def draw_label(slot: str, name: str, floor: float) -> Art:
    """The card's name in bold (then the slot's "after" text) in its slot, as large as
    fits, down to `floor`."""
    spec = json.loads(slot[len(LABEL):])
    ink = tuple(spec["ink"])
    runs: list[Run] = [(name, True)] + ([(spec["after"], False)] if spec["after"] else [])
    return draw_paragraphs([runs], Box(*spec["box"]), spec["size"], spec["leading"], ink,
                           ink, 0.0, Fit(floor))


def _closing(fit: Fit, names: list[str]) -> list[Run]:
    return [(fit.closing[0], True), (" " + ", ".join(names) + fit.closing[1], False)]


def draw_paragraphs(paragraphs: list[list[Run]], box: Box, size: float, leading: float,
                    ink: tuple, strong_ink: tuple, gap: float, fit: Fit | None = None) -> Art:
    """Paragraphs set from the top of `box`, `gap` (pt) apart; each paragraph is a list
    of runs, bold ones in `strong_ink`. With `fit`, as large as fits (fit_paragraphs)."""
    if fit is not None:
        paragraphs, fitted = fit_paragraphs(paragraphs, box, size, leading, gap, fit)
        leading, size = leading * fitted / size, fitted
    fonts = {False: metrics("regular"), True: metrics("bold")}
    strut = strut_top(fonts[False], size, leading)
    ops: list[str] = []
    drawn: dict[str, set[str]] = {"regular": set(), "bold": set()}
    top, over_x = box.top, 0.0
    for number, paragraph in enumerate(paragraphs):
        if number:
            top -= gap
        for line, used in _lines(_unit_words(tuple(paragraph)), box.width / size):
            x = box.x
            over_x = max(over_x, used * size - box.width)
            for text, bold in _joined(line):
                weight = "bold" if bold else "regular"
                ops += pdf_ops([("text", 0, 0, size, strong_ink if bold else ink, text,
                                 weight)], x, top - strut)
                drawn[weight].update(text)
                x += size * _unit_width(text, bold)
            top -= leading
    return Art("\n".join(ops), chars_of(drawn), over(box.top - box.height - top, over_x))


@lru_cache(maxsize=4096)
def _unit_words(paragraph: tuple[Run, ...]) -> list[_Word]:
    """A paragraph's words measured at 1 pt (widths grow with the size; the same skill
    paragraphs recur on many backs). Read only: callers never change them."""
    return _words(list(paragraph), 1.0, {False: metrics("regular"), True: metrics("bold")})


def _words(paragraph: list[Run], size: float, fonts: dict) -> list[_Word]:
    words: list[_Word] = []
    current: list[Run] = []
    for text, bold in _collapsed(paragraph):
        for piece in re.split(r"( )", text):  # a space ends a word
            if piece == " ":
                words.append(_word(current, (" ", bold), size, fonts))
                current = []
                continue
            parts = BREAK_AFTER_HYPHEN.split(piece)
            for part in parts[:-1]:  # a word that ends after its hyphen
                words.append(_word(current + [(part, bold)], None, size, fonts))
                current = []
            if parts[-1]:
                current.append((parts[-1], bold))
    if current:
        words.append(_word(current, None, size, fonts))
    return words


def _word(runs: list[Run], space: Run | None, size: float, fonts: dict) -> _Word:
    return _Word(runs, size * sum(_unit_width(text, bold) for text, bold in runs), space,
                 size * _unit_width(" ", space[1]) if space else 0.0)


@lru_cache(maxsize=1 << 16)
def _unit_width(text: str, bold: bool) -> float:
    """A word's width at 1 pt: the same words recur on card after card."""
    return metrics("bold" if bold else "regular").width(text, 1.0)


def _collapsed(paragraph: list[Run]) -> list[Run]:
    """White space as CSS collapses it: runs of it become one space, none at the ends."""
    out: list[Run] = []
    after_space = True  # at the start, a space is dropped
    for text, bold in paragraph:
        text = re.sub(r"\s+", " ", text)
        if after_space:
            text = text.lstrip(" ")
        if text:
            out.append((text, bold))
            after_space = text.endswith(" ")
    if out and out[-1][0].endswith(" "):
        text, bold = out.pop()
        if text.rstrip(" "):
            out.append((text.rstrip(" "), bold))
    return out


def _lines(words: list[_Word], width: float) -> list[tuple[list[_Word], float]]:
    """Greedy: a word goes on the next line when it does not fit. Each line with the width
    its words use; a word wider than the whole box gets a line of its own (and is reported
    as too wide)."""
    lines: list[tuple[list[_Word], float]] = []
    for word in words:
        if lines:
            line, used = lines[-1]
            wider = used + line[-1].space_width + word.width
            if wider <= width:
                line.append(word)
                lines[-1] = (line, wider)
                continue
        lines.append(([word], word.width))
    return lines


def _joined(line: list[_Word]) -> list[Run]:
    """A line's text as few runs as possible: one per change of weight."""
    runs: list[Run] = []
    for index, word in enumerate(line):
        parts = word.runs + ([word.space] if word.space and index < len(line) - 1 else [])
        for text, bold in parts:
            if runs and runs[-1][1] == bold:
                runs[-1] = (runs[-1][0] + text, bold)
            else:
                runs.append((text, bold))
    return runs
