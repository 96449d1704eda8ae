"""One attack from Skill roll to kill, and several attacks combined into one Damage sum."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm

from ..dice.dist import Dist
from ..dice.parse import Expr
from ..dice.roll import RollRules
from .damage import Kind, armor_dist, damage_dist, damage_kinds, extra_die, p_exceeds
from .skill import SkillOdds, range_spend, skill_odds

MAX_CLOSE_COMBAT = 3  # attackers on one minifig in close combat (L758, L767)


@dataclass(frozen=True)
class Parry:
    sides: int
    use: int  # the parrying item's Use (a Shield 2, a Heavy Shield 3, a tool 3…)
    modifier: Dist = Dist.constant(0)
    bare_hands: bool = False  # a bare-handed Parry reduces no Damage (L850)


@dataclass(frozen=True)
class Attack:
    sides: int  # the attacker's Skill die
    use: int
    damage: Expr  # with S already replaced by the Skill die
    modifier: Dist = Dist.constant(0)
    out_of_range: int = 0  # inches beyond Range: -1 per inch on every die (L777)
    overskill: str = "none"
    deflection: int = 0  # levels the target always has (Heavy Armor…)
    armor_piercing: bool = False  # a Heavy Weapon swung two-handed (L440)
    parry: Parry | None = None
    auto_hit: bool = False  # Sniping, inanimate targets in reach… (L717, L2691)
    fixed_damage: bool = False  # Cannon Fodder: every attack does exactly its 1 point (L2403)
    beat: int | None = None  # a fixed Armor to exceed: no bonus die once past it (L179)


@dataclass(frozen=True)
class Options:
    rules: RollRules = RollRules()
    armor_bonus_dice: bool = True
    skill_bonus_dice: bool = False
    no_dice: str = "roll"
    zero_armor: str = "any_hit_kills"  # Armor 0 dies to any hit, no Damage roll (L2372, L2403)
    kinds: bool = False  # also split the damage by Critical Failure (Outcome.kinds)


@dataclass
class Outcome:
    odds: SkillOdds
    damage_on_hit: Dist  # a plain hit: no Overskill, no Parry
    parts: list[tuple[Fraction, Dist]] = field(default_factory=list)  # damage, weighted
    truncated_mass: Fraction = Fraction(0)
    # with Options.kinds: the dealt Damage by kind (damage.damage_kinds), a miss as "none"
    kinds: list[tuple[Fraction, Dist, Kind]] = field(default_factory=list)

    def dealt(self) -> Dist:
        """Damage this attack deals, a miss counting as 0."""
        return mix(self.parts)


def mix(parts: list[tuple[Fraction, Dist]]) -> Dist:
    """A mixture with exact Fraction weights, as one integer-count distribution."""
    parts = [(w, d) for w, d in parts if w]
    scale = lcm(*(w.denominator for w, _ in parts))
    return Dist.mixture([(int(w * scale), d) for w, d in parts])


def resolve(attack: Attack, options: Options) -> Outcome:
    rules = options.rules
    if attack.auto_hit:
        odds = SkillOdds(Fraction(1), Fraction(0), Fraction(0), Fraction(0))
    else:
        # `penalty` (a Cranky Hero's, L945) and Out of Range both come off every die
        odds = skill_odds(attack.sides, attack.use, attack.modifier, attack.overskill,
                          rules.penalty + attack.out_of_range, rules, options.skill_bonus_dice)
    explosive = any(t.tag == "Exp" for t in attack.damage.terms)  # exempt from range (L783)
    dmg_rules = RollRules(rules.bonus_dice, rules.depth,
                          rules.penalty + (0 if explosive else attack.out_of_range),
                          rules.penalty_on_bonus_dice, rules.d10_as_2d6, rules.floor)
    levels = _parry_levels(attack.parry, options)
    mass = Fraction(0)
    kinds: list[tuple[Fraction, Dist, Kind]] = []

    def dealt(expr: Expr, chance: Fraction) -> Dist:
        nonlocal mass
        parts: list[tuple[Fraction, Dist]] = []
        for extra, weight in levels:
            dist, cut = damage_dist(expr, dmg_rules, attack.deflection + extra,
                                    attack.armor_piercing, options.no_dice, attack.beat)
            mass = max(mass, cut)
            parts.append((weight, dist))
            if options.kinds and weight and chance:
                split, _ = damage_kinds(expr, dmg_rules, attack.deflection + extra,
                                        attack.armor_piercing, options.no_dice)
                kinds.extend((chance * weight * w, d, k) for w, d, k in split)
        return mix(parts)

    if attack.overskill == "range" and not attack.auto_hit:
        return _range_spent(attack, options)
    kinds.append((1 - odds.p_hit, Dist.constant(0), "none"))
    plain = dealt(attack.damage, odds.hit)
    parts = [(1 - odds.p_hit, Dist.constant(0)), (odds.hit, plain)]
    if odds.hit_extra_die:
        more = attack.damage if attack.fixed_damage else extra_die(attack.damage)
        parts.append((odds.hit_extra_die, dealt(more, odds.hit_extra_die)))
    on_hit, cut = damage_dist(attack.damage, dmg_rules, attack.deflection,
                              attack.armor_piercing, options.no_dice, attack.beat)
    return Outcome(odds, on_hit, parts, max(mass, cut), kinds)


def _range_spent(attack: Attack, options: Options) -> Outcome:
    """The Overskill goes on Range: the hit's Damage loses only the inches still out of
    Range (Explosions never lose any, L783)."""
    rules = options.rules
    odds, hits = range_spend(attack.sides, attack.use, attack.modifier, attack.out_of_range,
                             rules, options.skill_bonus_dice)
    explosive = any(t.tag == "Exp" for t in attack.damage.terms)
    levels = _parry_levels(attack.parry, options)
    parts: list[tuple[Fraction, Dist]] = [(1 - odds.p_hit, Dist.constant(0))]
    kinds: list[tuple[Fraction, Dist, Kind]] = [(1 - odds.p_hit, Dist.constant(0), "none")]
    mass = Fraction(0)
    on_hit = Dist.constant(0)
    for left, weight in hits.items():
        dmg_rules = RollRules(rules.bonus_dice, rules.depth,
                              rules.penalty + (0 if explosive else left),
                              rules.penalty_on_bonus_dice, rules.d10_as_2d6, rules.floor)
        inner: list[tuple[Fraction, Dist]] = []
        for extra, w in levels:
            dist, cut = damage_dist(attack.damage, dmg_rules, attack.deflection + extra,
                                    attack.armor_piercing, options.no_dice, attack.beat)
            mass = max(mass, cut)
            inner.append((w, dist))
            if options.kinds and w and weight:
                split, _ = damage_kinds(attack.damage, dmg_rules, attack.deflection + extra,
                                        attack.armor_piercing, options.no_dice)
                kinds.extend((weight * w * p, d, k) for p, d, k in split)
        parts.append((weight, mix(inner)))
        if left == attack.out_of_range:
            on_hit, _ = damage_dist(attack.damage, dmg_rules, attack.deflection,
                                    attack.armor_piercing, options.no_dice, attack.beat)
    return Outcome(odds, on_hit, parts, mass, kinds)


def _parry_levels(parry: Parry | None, options: Options) -> list[tuple[int, Fraction]]:
    """Extra Deflection from a Parry: 1 level on success, 2 with its Overskill (L850-851)."""
    if parry is None or parry.bare_hands:
        return [(0, Fraction(1))]
    odds = skill_odds(parry.sides, parry.use, parry.modifier, "damage", 0, options.rules,
                      options.skill_bonus_dice)
    return [(0, 1 - odds.p_hit), (1, odds.hit), (2, odds.hit_extra_die)]


def total_damage(outcomes: list[Outcome]) -> Dist:
    """Combined Damage: every hit adds into one sum (L760)."""
    total = Dist.constant(0)
    for outcome in outcomes:
        total = total + outcome.dealt()
    return total


def p_any_hit(outcomes: list[Outcome]) -> Fraction:
    miss = Fraction(1)
    for outcome in outcomes:
        miss *= 1 - outcome.odds.p_hit
    return 1 - miss


def zero_armor(armor: Dist, options: Options) -> bool:
    """A target of fixed Armor 0 (Vermin, Cannon Fodder) dies to any hit, unrolled."""
    return options.zero_armor == "any_hit_kills" and armor.low == armor.high == 0


def kill_chance(outcomes: list[Outcome], armor: str, options: Options) -> Fraction:
    """P(total Damage > Armor), or P(any hit) against Armor 0 (L2372, L2403)."""
    armor_roll = armor_dist(armor, options.rules, options.armor_bonus_dice)
    if zero_armor(armor_roll, options):
        return p_any_hit(outcomes)
    return p_exceeds(total_damage(outcomes), armor_roll)
