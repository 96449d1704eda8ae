"""The RandomBM buttons' recipes, dealt the way Button Men Online deals them.

BMO gives the ten RandomBM* buttons no recipe: at the start of each game their button skill
(src/engine/BMBtnSkillRandomBM*.php, see skills.BMO_COMMIT) draws one. This module follows
those classes step by step, asking `draw(low, high)` for each whole number BMO draws with
bm_rand or bm_skill_rand, in the same order, so the same draws give the same recipe as BMO
(tests/fixtures/buttonmen/bmo/random_recipe.jsonl pins that). The `random_recipe` op draws
with Python's random.Random(seed), so a seed names one recipe for good.
"""

from __future__ import annotations

from typing import Callable, Sequence

Draw = Callable[[int, int], int]

SIZES = (4, 6, 8, 10, 12, 20)  # BMBtnSkillRandomBM::$die_sizes_soldiers
SWING_TYPES = "RSTUVWXYZ"  # randomly_select_swing_types: every swing letter but P
# BMSkill::skill_name_abbreviation_mapping, in its order (skill names A to Z)
ALL_LETTERS = "+BbcDFfIJk&MH?mnopq%Gr#swzdg^t!v`h"
# excluded_skill_array: Auxiliary, Reserve, Warrior, Doppelganger, Turbo, Morphing,
# Radioactive, Fire, Slow
EXCLUDED = set("+r`D!m%Fw")
INCLUDED = "".join(c for c in ALL_LETTERS if c not in EXCLUDED)
SWING_ONLY = "&?"  # swing_only_skill_array: Mad, Mood (sorted by character)
AFTER = set("?&!")  # BMSkill::do_print_skill_preceding is false for Mood, Mad and Turbo


def die_sizes(n: int, draw: Draw) -> list[int]:
    """generate_die_sizes: n sizes drawn from SIZES, then sorted."""
    return sorted(SIZES[draw(0, len(SIZES) - 1)] for _ in range(n))


def swing_type(draw: Draw) -> str:
    return SWING_TYPES[draw(0, len(SWING_TYPES) - 1)]


def select_skills(n: int, possible: str, swing_only_ok: bool, draw: Draw) -> list[str]:
    """randomly_select_skills: draw until n different letters are chosen (a swing-only
    letter drawn when it is not allowed is drawn again), in the order first drawn."""
    chosen: list[str] = []
    while len(chosen) < n:
        letter = possible[draw(0, len(possible) - 1)]
        if (swing_only_ok or letter not in SWING_ONLY) and letter not in chosen:
            chosen.append(letter)
    return chosen


def deal_skills(n_dice: int, letters: list[str], times: int, swing_dice: list[int],
                draw: Draw, per_die: int = 1 << 30) -> list[list[str]]:
    """generate_die_skills (with no extra random skills, as every RandomBM class calls it):
    each swing-only letter goes to `times` swing dice at most, then each other letter to
    `times` dice; a die drawn that is full or already has the letter is drawn again."""
    skills: list[list[str]] = [[] for _ in range(n_dice)]
    swing_only = [c for c in letters if c in SWING_ONLY]
    plain = [c for c in letters if c not in SWING_ONLY]
    for letter in swing_only:
        for _ in range(min(times, len(swing_dice))):
            while True:
                die = swing_dice[draw(0, len(swing_dice) - 1)]
                if len(skills[die]) < per_die and letter not in skills[die]:
                    skills[die].append(letter)
                    break
    for letter in plain:
        for _ in range(times):
            while True:
                die = draw(0, n_dice - 1)
                if len(skills[die]) < per_die and letter not in skills[die]:
                    skills[die].append(letter)
                    break
    return skills


def recipe_text(sizes: Sequence[int | str], skills: list[list[str]]) -> str:
    """generate_recipe: each die's letters sorted, Mood, Mad and Turbo after the size."""
    dice = []
    for size, letters in zip(sizes, skills):
        ordered = sorted(letters)
        before = "".join(c for c in ordered if c not in AFTER)
        after = "".join(c for c in reversed(ordered) if c in AFTER)
        dice.append(f"{before}({size}){after}")
    return " ".join(dice)


def _skilled(n_skills: int, draw: Draw) -> str:
    """Mono-, Duo-, Tri-, Tetra-, Pentaskill: four sized dice, one swing die, n skills each
    dealt twice (Mad and Mood only to the swing die, once)."""
    sizes: list[int | str] = [*die_sizes(4, draw), swing_type(draw)]
    letters = select_skills(n_skills, INCLUDED, True, draw)
    return recipe_text(sizes, deal_skills(5, letters, 2, [4], draw))


DEALERS: dict[str, Callable[[Draw], str]] = {
    "RandomBMVanilla": lambda draw: recipe_text(die_sizes(5, draw), [[]] * 5),
    "RandomBMAnime": lambda draw: recipe_text(die_sizes(4, draw) + die_sizes(4, draw),
                                              [[]] * 4 + [["r"]] * 4),
    "RandomBMSoldiers": lambda draw: recipe_text([*die_sizes(4, draw), "X"], [[]] * 5),
    "RandomBMFixed": lambda draw: recipe_text(
        die_sizes(5, draw), deal_skills(5, select_skills(1, "cfd", False, draw), 2, [], draw, 1)),
    "RandomBMMixed": lambda draw: recipe_text(
        die_sizes(5, draw), deal_skills(5, select_skills(3, INCLUDED, False, draw), 2, [], draw)),
    "RandomBMMonoskill": lambda draw: _skilled(1, draw),
    "RandomBMDuoskill": lambda draw: _skilled(2, draw),
    "RandomBMTriskill": lambda draw: _skilled(3, draw),
    "RandomBMTetraskill": lambda draw: _skilled(4, draw),
    "RandomBMPentaskill": lambda draw: _skilled(5, draw),
}
