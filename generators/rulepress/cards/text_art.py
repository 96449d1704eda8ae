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

import re
from dataclasses import dataclass

from .art import Art, Box, chars_of, over, pdf_ops, strut_top
from .font_metrics import metrics

Run = tuple[str, bool]  # text, bold
BREAK_AFTER_HYPHEN = re.compile(r"(?<=[^\W\d_]-)(?=[^\W\d_])")  # "upside-|down", not "-2"


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


def draw_paragraphs(paragraphs: list[list[Run]], box: Box, size: float, leading: float,
                    ink: tuple, strong_ink: tuple, gap: float) -> Art:
    """Paragraphs set from the top of `box`, `gap` (pt) apart; each paragraph is a list
    of runs, bold ones in `strong_ink`."""
    fonts = {False: metrics("regular"), True: metrics("bold")}
    strut = strut_top(fonts[False], size, leading)
    ops: list[str] = []
    drawn: dict[str, set[str]] = {"regular": set(), "bold": set()}
    top, over_x = box.top, 0.0
    for number, paragraph in enumerate(paragraphs):
        if number:
            top -= gap
        for line, used in _lines(_words(paragraph, size, fonts), box.width):
            x = box.x
            over_x = max(over_x, used - box.width)
            for text, bold in _joined(line):
                weight = "bold" if bold else "regular"
                ops += pdf_ops([("text", 0, 0, size, strong_ink if bold else ink, text,
                                 weight)], x, top - strut)
                drawn[weight].update(text)
                x += fonts[bold].width(text, size)
            top -= leading
    return Art("\n".join(ops), chars_of(drawn), over(box.top - box.height - top, over_x))


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
    return _Word(runs, sum(fonts[bold].width(text, size) for text, bold in runs), space,
                 fonts[space[1]].width(" ", size) if space else 0.0)


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
