"""Explosions by distance ring (rulebook L1712-1713).

Everything within 2 inches takes the whole roll of k Explosion d10s (with their
Bonus Dice). For each further 2-inch ring, the highest d10 (and its bonus dice)
is dropped and the rest applies; KnockBack is 1 inch per die still counting.
So ring j takes the sum of the k-j+1 lowest exploded d10s. A Critical Failure
(every d10 on 1) deals nothing anywhere.

Only "more than the Armor" is asked, so each ring's sum is worked out up to the
highest Armor only (sums grow as dice are placed, so nothing above it comes
back), and the mean damage comes from the order statistics instead.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, log2

from ..budget import refuse_over
from ..dice.cost import Cost, sum_cost
from ..dice.dist import Dist
from ..dice.packing import slot_bytes, unpack
from ..dice.roll import RollRules, natural_die


def exploded_die(rules: RollRules, sides: int = 10) -> Dist:
    return natural_die(sides, RollRules(rules.bonus_dice, rules.depth))[0]


def guard(dice: int, rules: RollRules, armor_high: int, sides: int = 10) -> None:
    """Refuse before working: one pass over the faces, n x n big-number steps each."""
    die = exploded_die(rules, sides)
    armor_high = min(armor_high, dice * die.high)  # as ring_p_kill's cap, one Explosion
    faces = min(len(die.counts), max(armor_high, 0) + 1)
    size = (max(armor_high, 0) + 1) * (dice * log2(die.total) + 8) / 64  # machine words
    steps = faces * dice * dice * (1 + size / 50)
    refuse_over(steps, "this explosion against this Armor", "roll fewer Explosion dice, "
                "lower the bonus-dice depth or give a lower Armor", "dice")


def stack_steps(dice: int, rules: RollRules, armor_high: int, explosions: int,
                sides: int = 10) -> float:
    """Steps of adding up `explosions` stacked rings (_stacked, once a ring): each sum is a
    product of packed counts that grow by the bits of one Explosion's total each time, so
    the bonus-dice depth counts as much as the number of Explosions. Costed by the dice
    core's model (dice/cost.py); bench/op_budgets.py measured it at about 1.7 times the
    CPU time, hence STACK_SHARE."""
    if explosions <= 1:
        return 0.0
    die = exploded_die(rules, sides)
    cap = min(max(armor_high, 0), explosions * dice * die.high)
    bits = dice * die.total.bit_length()
    cost = Cost()
    for stacked in range(1, explosions + 1):
        sum_cost(cost, (cap + 2, stacked * bits), (cap + 2, bits))
    return cost.steps * dice * STACK_SHARE


STACK_SHARE = 0.6


def lowest_sums(die: Dist, n: int, cap: int) -> list[list[int]]:
    """sums[m][s], s = 0..cap: ways the m lowest of n rolls of `die` (faces >= 1) sum to s,
    out of die.total ** n, for every m at once; sums above `cap` are left out.

    Walk the faces from the lowest up; a state is how many dice are placed (below the
    current face) and, packed in one big number, their sum. At each face the m-lowest
    sum is complete once m dice are placed, whatever m is, so one walk serves every
    ring, and the remaining dice only need to lie above the face."""
    width = slot_bytes(die.total ** n)
    shift = 8 * width
    mask = (1 << (shift * (cap + 1))) - 1
    above = die.total
    states = [0] * n
    states[0] = 1
    done = [0] * (n + 1)
    for value, weight in ((die.low + i, c) for i, c in enumerate(die.counts) if c):
        above -= weight  # outcomes strictly above `value`
        if value > cap:
            break  # one more die here pushes every open sum past the cap
        nxt = [0] * n
        for placed, poly in enumerate(states):
            if not poly:
                continue
            free = n - placed
            ways = [comb(free, j) * weight ** j * above ** (free - j) for j in range(free + 1)]
            tail = 0
            tails = [0] * (free + 2)
            for j in range(free, -1, -1):
                tail += ways[j]
                tails[j] = tail
            for r in range(1, free + 1):  # ring keeping m = placed + r closes here
                if value * r > cap:
                    break
                if tails[r]:
                    m = placed + r
                    done[m] = (done[m] + ((poly * tails[r]) << (shift * value * r))) & mask
            for j in range(0, free):
                if placed + j >= n or value * j > cap:
                    break
                nxt[placed + j] = (nxt[placed + j] + ((poly * comb(free, j) * weight ** j)
                                                      << (shift * value * j))) & mask
        states = nxt
    return [unpack(d, width, cap + 1) if d else [0] * (cap + 1) for d in done]


def ring_p_kill(dice: int, rules: RollRules, armor: Dist, sides: int = 10,
                explosions: int = 1) -> list[Fraction]:
    """P(ring damage > Armor) for each ring, nearest first. Several Explosions on one spot
    add their damage ring by ring, but not their radii (L1715)."""
    die = exploded_die(rules, sides)
    whole = die.total ** dice
    crit = die.count(1) ** dice
    # no sum above the most the stacked dice can roll matters: an Armor beyond it holds
    cap = min(max(armor.high, 0), explosions * dice * die.high)
    sums = lowest_sums(die, dice, cap)
    out = []
    for j in range(1, dice + 1):
        kept = dice - j + 1
        counts = list(sums[kept])
        if kept <= cap:
            counts[kept] -= crit  # every die on 1: a dud, no damage (L1731)
        counts[0] += crit
        whole_now = whole
        if explosions > 1:
            counts, whole_now = _stacked(counts, whole, explosions, cap)
        running, at_most = 0, []
        for c in counts:
            running += c
            at_most.append(running)
        survive = sum(count * at_most[min(a, cap)] for a, count in armor.items() if a >= 0)
        out.append(1 - Fraction(survive, whole_now * armor.total))
    return out


def _stacked(counts: list[int], whole: int, explosions: int,
             cap: int) -> tuple[list[int], int]:
    """counts[0..cap] of one ring (the rest is above cap), summed over `explosions`."""
    one = Dist(0, [*counts, whole - sum(counts)])  # cap + 1 stands for "above the cap"
    total = Dist.constant(0)
    for _ in range(explosions):
        total = total + one
        if total.high > cap + 1:
            keep = cap + 1 - total.low
            total = Dist(total.low, [*total.counts[:keep], sum(total.counts[keep:])])
    return [total.count(v) for v in range(cap + 1)], total.total


def ring_means(dice: int, rules: RollRules, sides: int = 10) -> list[Fraction]:
    """Mean damage of each ring: the sum of the means of the lowest order statistics."""
    die = exploded_die(rules, sides)
    t = die.total
    whole = t ** dice
    below = 0  # outcomes below v
    order = [0] * (dice + 1)  # order[i] = sum over v of ways(X_(i) >= v), i = 1..n
    cumulative = {v: c for v, c in die.items()}
    for v in range(1, die.high + 1):
        if v > 1:
            below += cumulative.get(v - 1, 0)
        terms = [comb(dice, s) * below ** s * (t - below) ** (dice - s) for s in range(dice)]
        running = 0
        for i in range(1, dice + 1):
            running += terms[i - 1]
            order[i] += running
    crit = Fraction(die.count(1) ** dice, whole)
    means, acc = [], Fraction(0)
    for i in range(1, dice + 1):
        acc += Fraction(order[i], whole)
        means.append(acc)
    # ring j keeps the k-j+1 lowest; a Critical Failure (all 1s) deals 0 instead of kept
    return [means[dice - j] - (dice - j + 1) * crit for j in range(1, dice + 1)]


def truncated_mass(dice: int, rules: RollRules, sides: int = 10) -> Fraction:
    if not rules.bonus_dice:
        return Fraction(0)
    per_die = Fraction(1, sides) * Fraction(1, 6) ** rules.depth
    return 1 - (1 - per_die) ** dice
