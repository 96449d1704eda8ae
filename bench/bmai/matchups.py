"""The match-ups BMAI is measured on: its own test inputs and its Rust port's strength ladder.

Recipes are in Button Men Online's notation (the engine's); each side carries the swing and
option sizes both programs play, in the shape the `matchup` op takes ({"recipe", "swing",
"options"}: option sizes in recipe order). BMAI's test inputs and the ladder leave the sizes
to each program; we fix them so both play the same dice: a middle size of each letter,
different on the two sides where a letter is shared, and both sizes of option dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

BMAI_TESTS = "pappde/bmai test/"  # C++ BMAI, commit in the fixture
LADDER = "danlangford/bmai tests/strength/matchups.txt"  # the Rust port's ladder (STRENGTH.md)


@dataclass(frozen=True)
class Side:
    recipe: str
    swing: dict[str, int] = field(default_factory=dict)
    options: tuple[int, ...] = ()
    name: str = ""

    def request(self) -> dict:
        out: dict = {"recipe": self.recipe}
        if self.swing:
            out["swing"] = dict(self.swing)
        if self.options:
            out["options"] = list(self.options)
        return out


@dataclass(frozen=True)
class Matchup:
    id: str
    source: str
    sides: tuple[Side, Side]
    strength: bool = False  # one of the ladder's six, played for strength too
    note: str = ""  # which rule differences (notation.DIFFERENCES) can touch it


TESTS = (
    Matchup("bmsim", BMAI_TESTS + "bmsim_in.txt (also README.MD's playgame sample)",
            (Side("(6) (8) z(20) z(20) (S)", {"S": 12}),
             Side("(4) (20) (4/8) (6/12) (6/20)", {}, (8, 6, 20))),
            note="plain, Speed, swing and option dice: no known rule difference"),
    Matchup("jellybean-strik", BMAI_TESTS + "sample-jellybean-vs-strik.txt",
            (Side("p(20) s(20) (V) (X)", {"V": 8, "X": 10}, name="Jellybean"),
             Side("(8) p(10) s(16) (16) (X)", {"X": 14}, name="Strik")),
            note="Poison and Shadow: no known rule difference"),
    Matchup("tanya-tony", BMAI_TESTS + "sample-tanya-vs-tony.txt",
            (Side("(4) (6) (12) (X) (X)", {"X": 8}, name="Tanya"),
             Side("(8) (8) (20) (20) (X)", {"X": 12}, name="Tony")),
            note="plain dice: no known rule difference"),
    Matchup("bug11", BMAI_TESTS + "bug11_in.txt",
            (Side("(W) om(34) (T)", {"W": 8, "T": 6}),
             Side("^(10) s(11) d(12) z(13) (X)", {"X": 10})),
            note="differs in 'ornery': the first time the W or T die attacks, BMAI's Ornery "
                 "Morphing om(34) takes the target's size and drops out of play for the rest "
                 "of the round; in BMO it re-rolls and stays. Time and Space, Shadow, Stealth "
                 "and Speed: no known difference"),
    Matchup("bug16", BMAI_TESTS + "bug16_in.txt",
            (Side("q(T) q(W) q(X) q(Z) rn(R) rz(S) rp(U) rf(V)",
                  {"T": 6, "W": 8, "X": 10, "Z": 12, "R": 8, "S": 12, "U": 16, "V": 8}),
             Side("B(8) H(8) p(8) z(8) z(U)?", {"U": 30})),
            note="Reserve dice carry sizes too: BMAI reads a swing die without one as 'not "
                 "set' for the whole player and would then choose every size itself. "
                 "Queer, Berserk, Mighty, Poison, Speed, a Mood U die, Reserve dice out of "
                 "play in a first round: differs in 'mood sizes' (BMAI gives the Mood U die "
                 "any size 8-30, BMO one of 8, 10, 12, 20, 30)"),
)

# Not from BMAI: the smallest match-up where its initiative rule shows. Two d4s: the higher
# roll captures; on equal rolls whoever goes first does. BMO draws lots for the first turn
# (exactly 1/2 for each side); BMAI gives it to player 0, which then wins 5/8.
TIE = Matchup("tie-d4", "rulepress: shows BMAI's initiative-tie rule",
              (Side("(4)"), Side("(4)")),
              note="initiative tie: BMAI gives a full tie to player 0, so it says 5/8; BMO "
                   "picks at random, exactly 1/2")

STRENGTH = (
    Matchup("avis-hammer", LADDER,
            (Side("(4) (4) (10) (12) (X)", {"X": 10}, name="Avis"),
             Side("(6) (12) (20) (20) (X)", {"X": 10}, name="Hammer")), strength=True),
    Matchup("bauer-stark", LADDER,
            (Side("(8) (10) (12) (20) (X)", {"X": 10}, name="Bauer"),
             Side("(4) (6) (8) (X) (X)", {"X": 10}, name="Stark")), strength=True),
    Matchup("karl-iago", LADDER,
            (Side("(4) (6) (6) (20) (X)", {"X": 10}, name="Karl"),
             Side("(20) (20) (20) (X)", {"X": 10}, name="Iago")), strength=True),
    Matchup("niles-avis", LADDER,
            (Side("(6) (10) (10) (12) (X)", {"X": 10}, name="Niles"),
             Side("(4) (4) (10) (12) (X)", {"X": 10}, name="Avis")), strength=True),
    Matchup("hammer-bauer", LADDER,
            (Side("(6) (12) (20) (20) (X)", {"X": 10}, name="Hammer"),
             Side("(8) (10) (12) (20) (X)", {"X": 10}, name="Bauer")), strength=True),
    Matchup("stark-karl", LADDER,
            (Side("(4) (6) (8) (X) (X)", {"X": 10}, name="Stark"),
             Side("(4) (6) (6) (20) (X)", {"X": 10}, name="Karl")), strength=True),
)

# A swing sweep on one ladder match-up: Avis's X at both ends of its range.
SWEEP = tuple(
    Matchup(f"avis-hammer-x{x}", LADDER + f" (Avis X={x})",
            (Side("(4) (4) (10) (12) (X)", {"X": x}, name="Avis"),
             Side("(6) (12) (20) (20) (X)", {"X": 10}, name="Hammer")))
    for x in (4, 20))

PLAIN_NOTE = "plain and swing dice: no known rule difference"
ALL = TESTS + (TIE,) + tuple(Matchup(m.id, m.source, m.sides, m.strength, m.note or PLAIN_NOTE)
                    for m in STRENGTH + SWEEP)


def by_id(ident: str) -> Matchup:
    for m in ALL:
        if m.id == ident:
            return m
    raise KeyError(f"no match-up '{ident}'; known: {', '.join(m.id for m in ALL)}")
