"""Rolling a rule by hand (`roll_plan`): the dice a player rolls for one of the rule ops'
questions, in order, each with the dice core's roll plan (dice/plan.py, what the site's
dice roller follows) and how to read it.

The question is read by the exact op's own readers (attack_request.py, ../fields.py,
../lookup.py), so a roll plays the Use, Armor, Damage, Deflection and roll options the exact
answer counts; each roll's rules are those the rule modules one level up roll it by. What a
plan cannot hold (a die that fumbles, a roll made only on some outcome of another) is said
in the roll's `reads`, never rolled otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from ...dice.dist import Dist
from ...dice.parse import DiceTerm, Expr, parse
from ...dice.plan import roll_plan
from ...dice.roll import RollRules
from ...query import QueryError, Request, op
from ...records import BrikWarsData
from ..attack import Attack, Options, zero_armor
from ..collision import POP_DIE, collision_rules, push_die
from ..creation_damage import effective_level, sl_armor
from ..damage import armor_dist, declines, extra_die
from ..deflect import deflect
from ..fields import die_field
from ..lookup import find, modifier_dist, rolled_modifier, rolled_modifier_rules
from ..specialist import TRIAGE, triage_row
from .attack_request import Target, read_attack, read_options, read_target
from .creation import read_size_damage
from .movement import read_collision, read_sprint
from .special_dice import read_blessing, read_sn_dice
from .specialists import read_triage

ARMOR_ROLLS = 8  # a Creation's Armor rolls listed for Size Damage, one an inch at most


def entry(label: str, plan: dict, reads: str) -> dict:
    return {"label": label, "plan": plan, "reads": reads}


def split_modifier(total: Dist, raw: object, data: BrikWarsData,
                   rules: RollRules) -> tuple[int, list[dict]]:
    """A Skill roll's modifiers (`total`, as the exact op read them from `raw`) as the fixed
    number added to the roll and the rolled modifiers (On Fire's -1d4), each a roll of its
    own: the fixed part is what is left of `total` without the rolled ones."""
    records = [find(data, ("modifiers",), item, "modifiers") for item in
               (raw if isinstance(raw, list) else []) if isinstance(item, str)]
    rolled = [r for r in records if r.get("value") is None]
    part = Dist.constant(0)
    for record in rolled:
        part = part + rolled_modifier(record, rules)
    return total.low - part.low, rolled


def modifier_rolls(rolled: list[dict], rules: RollRules, side: str, what: str) -> list[dict]:
    return [entry(f"{side}{r['name']}: {r['dice']}",
                  roll_plan(parse(r["dice"]), rolled_modifier_rules(r, rules), "ignore"),
                  f"{'take it off' if r.get('sign', 1) < 0 else 'add it to'} {what}")
            for r in rolled]


def skill_roll(label: str, sides: int, fixed: int, rules: RollRules, penalty: int,
               top_bonus: bool, reads: str) -> dict:
    """A Skill roll (skill.py): a natural 1 fails; only a d4 (or, with `top_bonus`, any die)
    earns a bonus die on its top face, a d6 or more an Overskill instead."""
    die_rules = RollRules(bonus_dice=rules.bonus_dice and (sides == 4 or top_bonus),
                          depth=rules.depth, penalty=penalty,
                          penalty_on_bonus_dice=rules.penalty_on_bonus_dice)
    expr = Expr((DiceTerm(1, sides),), fixed)
    return entry(f"{label} {expr.text()}", roll_plan(expr, die_rules, "fail"), reads)


def off_each_die(penalty: int) -> str:
    return f" ({penalty} taken off each die)" if penalty else ""


OVERSKILL_WORDS = {
    "none": "not spent here",
    "damage": "one more damage die on a hit",
    "skill": "+1d6 on the roll if it would miss",
    "best": "+1d6 on the roll if it would miss, else one more damage die",
    "range": "+1d6 inches of Range",
}


def kill_words(target: Target, armor: Dist) -> str:
    """What the Damage must do to the target (attack_request.track): more than its Armor
    kills; a Horse's first blow over it wounds, one over twice it kills (L1078-1080)."""
    mark = str(armor.low) if armor.low == armor.high else "the Armor roll"
    twice = str(2 * armor.low) if armor.low == armor.high else "twice it"
    if target.hits_to_kill > 1 and not target.wounded:
        return f"wounds on more than {mark}, kills on more than {twice}"
    return f"kills on more than {mark}"


def attack_rolls(req: Request, data: BrikWarsData, options: Options, target: Target,
                 side: str = "", when: str = "", kill: str | None = None) -> list[dict]:
    """The rolls of one attack (ops `attack`, `close_combat`, `size_damage`): the Skill roll
    and its rolled modifiers, the Overskill's rolls, the target's Parry, each Damage roll the
    outcomes leave (Deflection and a Parry take dice off before it is rolled, L481), the dice
    a Deflection level with no die to remove cancels, and a rolled Armor. `kill`: what the
    Damage must do, when not beating the target's Armor (Size Damage)."""
    rules = options.rules
    attack = replace(read_attack(req, data, options), deflection=target.deflection)
    armor = armor_dist(target.armor, rules, options.armor_bonus_dice)
    no_roll = kill is None and zero_armor(armor, options)
    outcome = kill or ("any hit kills (Armor 0)" if no_roll else kill_words(target, armor))
    rolls: list[dict] = []
    overskill = attack.overskill if attack.sides >= 6 and not attack.auto_hit else "none"
    penalty = rules.penalty + attack.out_of_range
    if not attack.auto_hit:
        fixed, rolled = split_modifier(attack.modifier, req.body.get("modifiers"), data, rules)
        reads = (f"hits on {attack.use} or more (Use {attack.use})" if attack.use > 0 else
                 "hits unless it is a Critical Failure (Use 0)") + off_each_die(penalty)
        if rolled:
            reads += ", after the rolled modifiers below"
        if attack.sides >= 6:
            reads += f"; a natural 6 or more earns an Overskill: {OVERSKILL_WORDS[attack.overskill]}"
        if attack.fixed_damage or no_roll:
            reads += ("; a hit does exactly 1 Damage (Irrelevant): " if attack.fixed_damage
                      else "; ") + outcome
        rolls.append(skill_roll(f"{side}Skill roll", attack.sides, fixed, rules, penalty,
                                options.skill_bonus_dice, when + reads))
        rolls += modifier_rolls(rolled, rules, side, "the Skill roll")
        if overskill in ("skill", "best") and attack.use > 0:
            rolls.append(entry(f"{side}Overskill on the roll: 1d6", roll_plan(
                parse("1d6"), RollRules(rules.bonus_dice, rules.depth, penalty,
                                        rules.penalty_on_bonus_dice), "ignore"),
                "add it to the Skill roll only if the Skill die showed 6 or more and the roll "
                "would miss" + off_each_die(penalty)))
        if overskill == "range":
            rolls.append(entry(f"{side}Overskill on Range: 1d6", roll_plan(
                parse("1d6"), RollRules(rules.bonus_dice, rules.depth), "ignore"),
                "only if the Skill die showed 6 or more: that many inches more Range; each "
                "inch back in Range takes 1 less off the Skill roll and the Damage dice"))
    elif when:
        outcome = when + outcome
    levels = [(0, "")]
    if attack.parry is not None:
        rolls += parry_rolls(req, data, attack, options, side)
        if not attack.parry.bare_hands:
            levels = [(0, "the Parry failed"), (1, "the Parry succeeded")]
            if attack.parry.sides >= 6:
                levels.append((2, "the Parry succeeded with a natural 6 or more"))
    if attack.fixed_damage or no_roll:
        return rolls
    fixed_mark = kill is None and armor.low == armor.high
    against = "" if kill is not None else \
        f" against Armor {armor.low}" if fixed_mark else " against the Armor roll"
    rolls += damage_rolls(attack, options, overskill, levels, side + "Damage", against,
                          outcome, fixed_mark)
    if kill is None and armor.low != armor.high:
        horse = target.hits_to_kill > 1 and not target.wounded
        rolls.append(entry(f"{side}Armor roll {parse(target.armor).text()}", roll_plan(
            parse(target.armor), RollRules(bonus_dice=rules.bonus_dice and
                                           options.armor_bonus_dice, depth=rules.depth,
                                           d10_as_2d6=rules.d10_as_2d6), "ignore"),
            "Damage more than it wounds, more than twice it kills" if horse else
            "Damage more than it kills"))
    return rolls


def parry_rolls(req: Request, data: BrikWarsData, attack: Attack, options: Options,
                side: str) -> list[dict]:
    """The target's Parry (L848-851): a Skill roll against its item's Use; it takes one die of
    each type off the Damage, two with its Overskill; a bare-handed Parry takes none off."""
    parry = attack.parry
    assert parry is not None
    rules = options.rules
    raw = req.body.get("parry") or {}
    fixed, rolled = split_modifier(parry.modifier, raw.get("modifiers"), data, rules)
    reads = f"succeeds on {parry.use} or more (Use {parry.use})"
    if parry.bare_hands:
        reads += ", but a bare-handed Parry takes no Damage off"
    else:
        reads += ": it takes one die of each type off the Damage" + (
            " (two with a natural 6 or more)" if parry.sides >= 6 else "")
    return [skill_roll(f"{side}Target's Parry", parry.sides, fixed, rules, 0,
                       options.skill_bonus_dice, reads),
            *modifier_rolls(rolled, rules, side, "the Parry roll")]


def damage_rolls(attack: Attack, options: Options, overskill: str,
                 levels: list[tuple[int, str]], label: str, against: str, outcome: str,
                 fixed_mark: bool) -> list[dict]:
    """One Damage roll for each set of dice the Skill roll and the Parry can leave
    (attack.resolve), each with the case it is read in."""
    rules = options.rules
    explosive = any(t.tag == "Exp" for t in attack.damage.terms)  # never Out of Range (L783)
    dmg_rules = RollRules(rules.bonus_dice, rules.depth,
                          rules.penalty + (0 if explosive else attack.out_of_range),
                          rules.penalty_on_bonus_dice, rules.d10_as_2d6, rules.floor)
    extras = [(attack.damage, "")]
    if overskill in ("damage", "best"):
        extras = [(attack.damage, "no Overskill went on damage"),
                  (extra_die(attack.damage), "the Overskill went on damage")]
    cases: dict[tuple[str, int], tuple[Expr, int, list[str]]] = {}
    for expr, more in extras:
        for level, parried in levels:
            left = deflect(expr, attack.deflection + level, attack.armor_piercing,
                           options.no_dice)
            case = " and ".join(w for w in (more, parried) if w)
            key = (left.expr.text(), left.cancel_d6)
            cases.setdefault(key, (left.expr, left.cancel_d6, []))[2].append(case)
    rolls = []
    for expr, cancel, when in cases.values():
        reads = outcome + off_each_die(dmg_rules.penalty)
        if not any(t.sign > 0 for t in expr.terms):
            reads = f"no Damage dice are left: it deals {max(0, expr.modifier)}"
        if any(when):
            reads = f"if {' or '.join(when)}: {reads}"
        if attack.deflection:
            reads += f"; the target's Deflection {attack.deflection} is taken off already"
        if fixed_mark and declines(expr, dmg_rules):
            reads += "; a bonus die can lower it: once past the Armor, roll no more"
        rolls.append(entry(f"{label} {expr.text()}{against}",
                           roll_plan(expr, dmg_rules, "zero"), reads))
        if cancel:
            rolls.append(entry(f"{label[:-len('Damage')]}Deflection: {cancel}d6", roll_plan(
                parse(f"{cancel}d6"), RollRules(rules.bonus_dice, rules.depth, floor=False),
                "ignore"), f"take it off the Damage {expr.text()} (not off its d12s): a "
                           f"Deflection level found no die to remove (L482)"))
    return rolls


def plan_attack(q: Request, data: BrikWarsData) -> list[dict]:
    options = read_options(q)
    target = read_target(q, data)
    return attack_rolls(q, data, options, target)


def plan_close_combat(q: Request, data: BrikWarsData) -> list[dict]:
    """The Bail (or the attack and its Parry), then the Counterattack (close_combat.py)."""
    options = read_options(q)
    rules = options.rules
    first = q.child("attack", required=True)
    assert first is not None
    target = read_target(first, data)
    rolls: list[dict] = []
    bail = q.child("bail")
    if bail is not None:
        if first.has("parry"):
            raise QueryError("the target Parries or Bails, not both (L848)", "bail")
        sides = die_field(bail, "skill", "d6")
        inches = bail.integer("inches", low=0, high=100)
        fixed, rolled = split_modifier(modifier_dist(bail, data, "modifiers", rules),
                                       bail.body.get("modifiers"), data, rules)
        reads = (f"the dive succeeds on {inches} or more; a Critical Failure falls on the "
                 f"spot")
        if sides >= 6:
            reads += "; a natural 6 or more earns an Overskill: +1d6 on the roll if short"
        rolls.append(skill_roll("Target's Bail", sides, fixed, rules, 0, False, reads))
        rolls += modifier_rolls(rolled, rules, "", "the Bail roll")
        if sides >= 6:
            rolls.append(entry("Bail's Overskill: 1d6", roll_plan(
                parse("1d6"), RollRules(rules.bonus_dice, rules.depth), "ignore"),
                "add it to the Bail roll only if its die showed 6 or more and it fell short"))
    first.boolean("one_handed_parry_vs_two_handed", False)  # who keeps the item: no roll
    rolls += attack_rolls(first, data, options, target, "Attack: ",
                          "if the target did not Bail away: " if bail is not None else "")
    counter = q.child("counter")
    if counter is not None:
        c_target = read_target(counter, data)
        rolls += attack_rolls(counter, data, options, c_target, "Counterattack: ",
                              "only if the target lives and did not Bail: ")
    return rolls


def plan_knockback(q: Request, data: BrikWarsData) -> list[dict]:
    """The MOMs' KnockBack dice against the target's POP dice (collision.py)."""
    # Smash Damage and Crash dice follow from the inches flown: no roll of their own
    collision = read_collision(q)
    rules, moms, pops, shove = collision.rules, collision.moms, collision.pops, collision.shove
    if not moms:
        return []  # no KnockBack to resist
    die = push_die(shove)
    rolls = [entry(f"KnockBack {moms}d{die}",
                   roll_plan(Expr((DiceTerm(moms, die),)), collision_rules(rules), "ignore"),
                   f"one d{die} a MOM{' (a Charging Shove)' if shove else ''}: the target "
                   f"flies the inches this beats the POP roll by; a tie or less is resisted")]
    if pops:
        rolls.append(entry(f"POP roll {pops}d{POP_DIE}", roll_plan(
            Expr((DiceTerm(pops, POP_DIE),)), collision_rules(rules), "ignore"),
            "the target's dice, one an inch of Effective Size: it resists when this equals "
            "or beats the KnockBack"))
    return rolls


def plan_sprint(q: Request, data: BrikWarsData) -> list[dict]:
    """The Sprint's Skill die with its Bonus Dice (sprint.py)."""
    rules, sides, overskill, modifier = read_sprint(q, data)
    half = q.boolean("half_speed", False)
    fixed, rolled = split_modifier(modifier, q.body.get("modifiers"), data, rules)
    expr = Expr((DiceTerm(1, sides),), fixed)
    reads = ("that many extra inches" + (", halved at Half Speed" if half else "")
             + "; a Critical Failure adds nothing; a chain of Bonus Dice that ends on a 1 "
               "makes the unit run the whole way")
    if q.has("needed"):
        need = q.integer("needed", low=0, high=1000)
        reads += f"; it must reach {need}" + (f" ({2 * need} before halving)" if half else "")
    rolls = [entry(f"Sprint: Skill roll {expr.text()}", roll_plan(
        expr, RollRules(rules.bonus_dice, rules.depth), "zero"), reads)]
    rolls += modifier_rolls(rolled, rules, "", "the Sprint roll")
    if overskill == "inches" and sides >= 6:
        rolls.append(entry("Overskill: 1d6 inches", roll_plan(
            parse("1d6"), RollRules(rules.bonus_dice, rules.depth), "ignore"),
            "add it only if the Skill die showed 6 or more (not on a Critical Failure)"))
    return rolls


def level_text(level: Fraction) -> str:
    return "½" if level == Fraction(1, 2) else str(level)


def plan_size_damage(q: Request, data: BrikWarsData) -> list[dict]:
    """The attack, then the Armor of the Structure Level for each inch of Size its Damage
    (then its Overkill) takes, as creation_damage.size_damage rolls it."""
    question = read_size_damage(q)
    options, size, level, reuse = question.options, question.size, question.level, question.reuse
    target, overkill = question.target, question.overkill
    left = size - question.taken
    goes_on = overkill and size > 1 and left > 1
    if level == 0:
        kill = "Structure Level 0 (Armor 0): any Damage takes an inch of Size" + (
            ", and its Overkill every inch left" if goes_on else "")
    else:
        kill = "Damage more than the Armor roll below takes an inch of Size" + (
            "; what is left over goes on as Overkill against the next" if goes_on else "")
    rolls = attack_rolls(q, data, options, target, kill=kill)
    if level == 0:
        return rolls
    rules = options.rules
    armor_rules = RollRules(rules.bonus_dice and options.armor_bonus_dice, rules.depth)
    steps = left if goes_on else 1
    kept = None
    listed = 0
    for inch in range(steps):
        lvl = effective_level(level, left - inch)
        if reuse == "same" and lvl == kept:
            continue  # the first roll stands while the Structure Level does not change
        kept = lvl
        if listed == ARMOR_ROLLS:
            rolls[-1]["reads"] += (f"; for more inches, roll {sl_armor(lvl)} again for each "
                                   f"(Structure Level {level_text(lvl)} from here)")
            break
        listed += 1
        armor = sl_armor(lvl)
        reads = ("the Damage must be more than this for the first inch" if inch == 0 else
                 f"only if Overkill is left: it must be more than this for inch {inch + 1}")
        if reuse == "same":
            reads += "; the roll stands for every inch at this Structure Level"
        rolls.append(entry(f"Armor {armor} (Structure Level {level_text(lvl)})",
                           roll_plan(parse(armor), armor_rules, "ignore"), reads))
    return rolls


def plan_ker_triage(q: Request, data: BrikWarsData) -> list[dict]:
    """Each Medik's die; the highest reads the table (specialist.py)."""
    sides, mediks = read_triage(q)
    rows: dict[int, list[int]] = {}
    for face in range(sides, 0, -1):
        rows.setdefault(triage_row(face, sides), []).append(face)
    table = "; ".join(
        f"{faces[0] if len(faces) == 1 else f'{faces[-1]}-{faces[0]}'}: {TRIAGE[row]}"
        for row, faces in rows.items())
    reads = ("the highest Medik's roll reads the table: " if mediks > 1 else "") + table
    plan = roll_plan(Expr((DiceTerm(1, sides),)), RollRules(bonus_dice=False), "ignore")
    return [entry(f"Medik {i + 1}'s d{sides}" if mediks > 1 else f"Medik's d{sides}", plan,
                  reads) for i in range(mediks)]


def plan_supernatural(q: Request, data: BrikWarsData) -> list[dict]:
    """SN dice with their own same-type bonus dice (supernatural.py), and a Blessing's or
    Curse's SN die beside the target's Skill die."""
    sides, dice, depth = read_sn_dice(q)
    sn_rules = RollRules(bonus_dice=True, depth=depth, floor=False)
    fumble = ("SN dice must take their Bonus Dice, of their own type; each die that shows 1 "
              "(a bonus die too) adds nothing: it is a Fumble Die for an opponent, so take 1 "
              "off this total for each 1")
    reads = fumble
    if q.has("at_least"):
        reads += f"; it needs {q.integer('at_least', low=0, high=10**6)} or more"
    rolls = [entry(f"SuperNatural {dice}d{sides}", roll_plan(
        Expr((DiceTerm(dice, sides),)), sn_rules, "ignore", same_size_bonus=True), reads)]
    blessing = read_blessing(q, sides)
    if blessing is not None:
        field, skill = blessing
        what = "Blessing" if field == "bless" else "Curse"
        keep = "better" if field == "bless" else "worse"
        rolls.append(entry(f"{what}: SN 1d{sides}", roll_plan(
            Expr((DiceTerm(1, sides),)), sn_rules, "ignore", same_size_bonus=True),
            f"kept if {keep} than the Skill die below; a natural 1 fumbles to an opponent "
            f"and the Skill die stands"))
        reads = f"the target's own die, rolled plain; the {keep} of the two is kept"
        if q.has("use"):
            reads += f", and succeeds on {q.integer('use', low=0, high=100)} or more (not a 1)"
        rolls.append(entry(f"{what}: Skill 1d{skill}", roll_plan(
            Expr((DiceTerm(1, skill),)), RollRules(bonus_dice=False), "fail"), reads))
    return rolls


PLANNERS: dict[str, Callable[[Request, BrikWarsData], list[dict]]] = {
    "attack": plan_attack, "close_combat": plan_close_combat, "knockback": plan_knockback,
    "sprint": plan_sprint, "size_damage": plan_size_damage, "ker_triage": plan_ker_triage,
    "supernatural": plan_supernatural,
}


def _under(field: str | None) -> str:
    """A field of the question, named from the request's top."""
    if not field:
        return "question"
    return field if field == "question" or field.startswith("question.") else \
        f"question.{field}"


@op("brikwars", "roll_plan", "The dice to roll by hand for a rule's question, in order: each "
                             "roll's plan and how to read it.")
def _roll_plan(req: Request, data: BrikWarsData) -> dict:
    """`question`: a request of op attack, close_combat, knockback, sprint, size_damage,
    ker_triage or supernatural, read as that op reads it."""
    question = req.child("question", required=True)
    assert question is not None
    try:
        game = question.string("game", "brikwars")
        if game != "brikwars":
            raise QueryError("'question.game' must be brikwars", "question.game")
        name = question.string("op")
        if name not in PLANNERS:
            raise QueryError(f"no roll plan for op '{name}'; roll plans are made for "
                             f"{', '.join(PLANNERS)}", "question.op")
        rolls = PLANNERS[name](question, data)
    except QueryError as exc:
        raise QueryError(exc.message, _under(exc.field)) from None
    return {"op": name, "rolls": rolls}
