"""The dice-expression parser: `NdX±M`, several terms, the Skill die `S`, typed dice.

Grammar (spaces anywhere between tokens):
    expr  := ['+'|'-'] term (('+'|'-') term)*
    term  := [count] ('d' sides | 'dS' | 'S') [tag]  |  number
Examples: `3d6+2`, `17d6 + 23d10 + 0937`, `2S` (two Skill dice), `S+2`,
`1d10 Exp`, `2d6 Piercing + 1d4 Fire`. Errors name the 1-based column and what
was expected there, so a player (or `rulepress check`) can fix the text.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

# Typed dice of BrikWars (alternate damage effects); the tag rides along with the die.
TAGS = ("Fire", "Exp", "Blast", "Piercing", "Phased", "Poison", "Acid")
MAX_COUNT = 1000  # dice in one expression, so an answer stays fast in the browser
MAX_SIDES = 1000
MAX_NUMBER = 10**9
MAX_TEXT = 20_000  # characters: 1000 typed terms such as "1d10 Piercing + " fit

_TOKEN = re.compile(r"\s*(?:(?P<number>\d+)|(?P<word>[A-Za-z]+)|(?P<sign>[+-])|(?P<other>\S))")


class ParseError(ValueError):
    def __init__(self, message: str, column: int):
        super().__init__(f"column {column}: {message}")
        self.message = message
        self.column = column


@dataclass(frozen=True)
class DiceTerm:
    count: int
    sides: int | None  # None: the roller's Skill die (`S`), fixed later by `with_skill`
    sign: int = 1
    tag: str | None = None

    @property
    def die_sides(self) -> int:
        """The sides of a die already fixed (every `S` replaced by `with_skill`)."""
        if self.sides is None:
            raise ValueError("the expression has a Skill die S; give the Skill die first")
        return self.sides

    def text(self) -> str:
        die = "S" if self.sides is None else f"d{self.sides}"
        if self.sides is None:
            body = die if self.count == 1 else f"{self.count}{die}"
        else:
            body = f"{self.count}{die}"
        return f"{body} {self.tag}" if self.tag else body


@dataclass(frozen=True)
class Expr:
    terms: tuple[DiceTerm, ...]
    modifier: int = 0

    @property
    def uses_skill(self) -> bool:
        return any(t.sides is None for t in self.terms)

    def with_skill(self, sides: int) -> "Expr":
        """Every `S` becomes a die of `sides`."""
        return Expr(tuple(DiceTerm(t.count, sides if t.sides is None else t.sides, t.sign, t.tag)
                          for t in self.terms), self.modifier)

    def plus(self, amount: int) -> "Expr":
        return Expr(self.terms, self.modifier + amount)

    def add_dice(self, terms: tuple[DiceTerm, ...]) -> "Expr":
        """More dice; a die like one already there joins its term (2d10 + 1d10 = 3d10)."""
        merged = list(self.terms)
        for new in terms:
            for i, old in enumerate(merged):
                if (old.sides, old.sign, old.tag) == (new.sides, new.sign, new.tag):
                    merged[i] = DiceTerm(old.count + new.count, old.sides, old.sign, old.tag)
                    break
            else:
                merged.append(new)
        return Expr(tuple(merged), self.modifier)

    def dice_count(self) -> int:
        return sum(t.count for t in self.terms)

    def text(self) -> str:
        out = ""
        for term in self.terms:
            out += ("" if not out and term.sign > 0 else " + " if term.sign > 0 else
                    "-" if not out else " - ") + term.text()
        if self.modifier or not out:
            if not out:
                return str(self.modifier)
            out += f" + {self.modifier}" if self.modifier > 0 else f" - {-self.modifier}"
        return out

    def to_json(self) -> dict:
        return {"text": self.text(), "modifier": self.modifier,
                "dice": [{"count": t.count, "sides": t.sides, "sign": t.sign, "tag": t.tag}
                         for t in self.terms]}


def parse(text: str) -> Expr:
    """Parse a dice expression; raises ParseError with the column on bad input."""
    if not isinstance(text, str):
        raise ParseError("a dice expression is text such as 3d6+2", 1)
    if len(text) > MAX_TEXT:
        raise ParseError(f"a dice expression is at most {MAX_TEXT:,} characters long, this one "
                         f"is {len(text):,}", MAX_TEXT + 1)
    tokens = _tokens(text)
    parser = _Parser(tokens, len(text) + 1)
    return parser.expr()


def _tokens(text: str) -> list[tuple[str, str, int]]:
    out: list[tuple[str, str, int]] = []
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or match.lastgroup is None:  # only trailing spaces remain
            break
        kind = match.lastgroup
        out.append((kind, match.group(kind), match.start(kind) + 1))
        pos = match.end()
    return out


class _Parser:
    def __init__(self, tokens: list[tuple[str, str, int]], end: int):
        self.tokens = tokens
        self.i = 0
        self.end = end

    def peek(self) -> tuple[str, str, int]:
        return self.tokens[self.i] if self.i < len(self.tokens) else ("end", "", self.end)

    def take(self) -> tuple[str, str, int]:
        token = self.peek()
        self.i += 1
        return token

    def fail(self, expected: str) -> ParseError:
        kind, value, column = self.peek()
        found = "the end of the text" if kind == "end" else f"'{value}'"
        return ParseError(f"expected {expected}, found {found}", column)

    def expr(self) -> Expr:
        terms: list[DiceTerm] = []
        modifier = 0
        sign = 1
        if self.peek()[0] == "sign":
            sign = -1 if self.take()[1] == "-" else 1
        while True:
            term = self.term(sign)
            if isinstance(term, int):
                modifier += term
            else:
                terms.append(term)
            kind, value, _ = self.peek()
            if kind == "end":
                break
            if kind != "sign":
                raise self.fail("'+', '-' or the end")
            self.take()
            sign = -1 if value == "-" else 1
        if sum(t.count for t in terms) > MAX_COUNT:
            raise ParseError(f"at most {MAX_COUNT} dice in one expression", 1)
        return Expr(tuple(terms), modifier)

    def term(self, sign: int) -> DiceTerm | int:
        kind, value, column = self.peek()
        count = None
        lead = ""  # the count as typed, to name the term in an error
        if kind == "number":
            self.take()
            lead = value
            count = self.number(value, column)
            kind, value, column = self.peek()
            if kind != "word":
                return sign * self.bounded(count, MAX_NUMBER, column, "a number")
        if kind != "word":
            if kind == "end" and self.i > 0 and self.tokens[self.i - 1][0] == "sign":
                said = self.tokens[self.i - 1][1]
                raise ParseError(f"'{said}' at the end needs a term after it, like {said}2 or "
                                 f"{said}1d6", column)
            raise self.fail("a dice term such as 2d6, S (the Skill die) or a number")
        if count is not None and count == 0:
            raise ParseError("a dice term needs at least one die", column - len(str(count)))
        count = 1 if count is None else self.bounded(count, MAX_COUNT, column, "a dice count")
        sides = self.die(value, column, lead)
        tag = None
        if self.peek()[0] == "word":
            tag = self.tag()
        return DiceTerm(count, sides, sign, tag)

    def die(self, word: str, column: int, lead: str = "") -> int | None:
        """The word after a count: 'd6', 'd' + number, 'S' or 'dS'. `lead`: the count as
        typed (errors name the term: "'3d' needs a die size, like 3d6")."""
        self.take()
        lower = word.lower()
        if word in ("S", "dS"):
            return None
        if lower == "d":
            kind, value, at = self.peek()
            if kind != "number":
                raise ParseError(f"'{lead}{word}' needs a die size, like {lead}d6 (d4, d6, d8, "
                                 "d10, d12, d20…)", at)
            self.take()
            sides = self.number(value, at)
            if sides < 1:
                raise ParseError(f"'{lead}{word}{value}': a die needs at least 1 side", at)
            return self.bounded(sides, MAX_SIDES, at, "a die size")
        raise ParseError(f"'{lead}{word}' is not a die: write dice as d and a size, like "
                         f"{lead or 2}d6, or S for the Skill die", column)

    def tag(self) -> str:
        _, word, column = self.take()
        for tag in TAGS:
            if tag.lower() == word.lower() or (tag == "Exp" and word.lower() in (
                    "explosion", "explosive")):
                return tag
        close = difflib.get_close_matches(word, TAGS, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise ParseError(f"unknown die type '{word}'; expected one of {', '.join(TAGS)}{hint}",
                         column)

    def number(self, digits: str, column: int) -> int:
        """A run of digits as a number; no bound of the grammar has more than 10 digits, and
        Python refuses to convert more than 4,300, so a longer run is refused by its length."""
        significant = digits.lstrip("0") or "0"  # "0937" is 937
        if len(significant) > 12:
            raise ParseError(f"a number of {len(significant):,} digits is far too large", column)
        return int(significant)

    def bounded(self, value: int, high: int, column: int, what: str) -> int:
        if value > high:
            raise ParseError(f"{what} must be at most {high}, got {value}", column)
        return value
