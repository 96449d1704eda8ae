"""Ask rulepress each fixture's question and compare with what Button Men Online answered.

One function per category turns a case into rulepress requests (the ops of
content/reference/query-buttonmen.md) and judges the answers against BMO's. Every
verdict is one of:

* "agree"      rulepress gives BMO's answer;
* "documented" rulepress differs where content/buttonmen/differences.md says it follows
               the seeds on purpose and offers no BMO option (Plasma, unknown letters);
* "disagree"   anything else, with a short `cause` used to group cases.

Only the standard library and `rulepress` are needed (no PHP).
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

from cases import case_dice  # scripts/bmo/ is on the path (run.py, the agreement test)
from rulepress.engine.query import answer

# BMO's options where rulepress has one (content/buttonmen/differences.md): ask with them.
BMO_OPTIONS = {"null_capture": "score-zero", "radioactive_split": "halves"}
BMO_LETTERS = set("+BbcDFfIJk&MH?mnopq%Gr#swzdg^t!v`h")
SWING = set("PRSTUVWXYZ")


@dataclass
class Verdict:
    case: dict
    bmo: dict
    verdict: str
    cause: str = ""
    requests: list = field(default_factory=list)
    answers: list = field(default_factory=list)
    flagged: bool = False  # rulepress said `not_modelled` for something in the case
    board: dict = field(default_factory=dict)  # board cases: BMO's dice vs rulepress's

    def disagree(self, cause: str, board: dict | None = None) -> "Verdict":
        """This verdict, turned to a disagreement for `cause` (with both boards, if given)."""
        self.verdict, self.cause = "disagree", cause
        if board is not None:
            self.board = board
        return self


_DATA: dict | None = None


def engine_data() -> dict:
    global _DATA
    if _DATA is None:
        import rulepress
        from rulepress.data.load import load_catalog
        # the data of the checkout whose engine is on the path (generators/rulepress),
        # unless BMO_CHECK_DATA names another checkout
        root = Path(os.environ.get("BMO_CHECK_DATA") or
                    Path(rulepress.__file__).resolve().parents[2])
        _DATA = load_catalog(root).engine_data()
    return _DATA


def ask(body: dict, data: dict, log: Verdict) -> dict:
    req = {"game": "buttonmen", **body}
    out = answer(req, data)
    log.requests.append(req)
    log.answers.append(out)
    if out.get("not_modelled"):
        log.flagged = True
    return out


def _die(d: dict) -> dict:
    """A case die as a rulepress die (no `captured` flag: that is where it is listed)."""
    return {k: d[k] for k in ("recipe", "sides", "value") if k in d}


def _letters(recipe: str) -> str:
    head, _, rest = recipe.partition("(")
    tail = rest[rest.rfind(")") + 1:] if ")" in rest else ""
    return "".join(c for c in head + tail if c not in "{},")


def case_letters(case: dict) -> list[str]:
    dice = case_dice(case)
    if "recipe" in case and "mine" not in case:
        return sorted({c for c in _letters_all(case["recipe"]) if c in BMO_LETTERS})
    return sorted({c for d in dice for c in _letters(d["recipe"])})


def _letters_all(recipe: str) -> str:
    return "".join(_letters(t) for t in recipe.split())


def _error(out: dict) -> str:
    msg = out.get("error", {}).get("message", "")
    msg = re.sub(r"'[^']*'", "'…'", msg)
    msg = re.sub(r"\d+", "N", msg)
    return msg[:70]


# ---- parse and validate --------------------------------------------------------------

def _rp_shape(d: dict) -> dict:
    out = {"kind": d["kind"], "skills": "".join(sorted(d.get("skills", [])))}
    for key in ("sides", "swing", "options"):
        if key in d:
            out[key] = d[key]
    if "twin" in d:
        out["twin"] = [{k: h[k] for k in ("sides", "swing") if k in h} for h in d["twin"]]
    return out


def _bmo_shape(d: dict) -> dict:
    out = {"kind": d["kind"], "skills": "".join(sorted(d["skills"]))}
    for key in ("sides", "swing", "options", "twin"):
        if key in d:
            out[key] = d[key]
    return out


def judge_parse(case: dict, bmo: dict, data: dict) -> Verdict:
    v = Verdict(case, bmo, "agree")
    out = ask({"op": "parse", "recipe": case["recipe"]}, data, v)
    if not bmo["ok"]:
        if out["ok"]:
            v.disagree("BMO refuses the recipe, rulepress parses it")
        return v
    dropped = [d for d in bmo["dice"] if "dropped" in d]
    unimpl = [d for d in bmo["dice"] if d.get("unimplemented")]
    if not out["ok"]:
        if dropped or unimpl:  # decision: unknown letters are refused, not guessed
            v.verdict = "documented"
        else:
            v.disagree("rulepress refuses: " + _error(out))
        return v
    if len(out["dice"]) != len(bmo["dice"]):
        return v.disagree("a different number of dice")
    for mine, theirs in zip(out["dice"], bmo["dice"]):
        if "dropped" in theirs:
            if "plasma" not in mine and "S" not in mine.get("skills", []):
                return v.disagree("BMO drops the die: " + theirs["why"][:40])
            v.verdict = "documented"  # Plasma / Select: played as the seeds say
            continue
        a, b = _rp_shape(mine), _bmo_shape(theirs)
        if a != b:
            if theirs.get("unimplemented"):
                v.verdict = "documented"
                continue
            diff = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
            return v.disagree("die differs in " + ", ".join(diff))
    return v


def judge_validate(case: dict, bmo: dict, data: dict) -> Verdict:
    """BMO's limits for a playable recipe (BMButton::validate_recipe). rulepress answers
    with a `validate` op when it has one, else only parse's yes or no can be compared."""
    v = Verdict(case, bmo, "agree")
    out = ask({"op": "validate", "recipe": case["recipe"]}, data, v)
    if not out["ok"] and "op" in out["error"].get("message", "") and \
            "validate" in out["error"]["message"]:
        v.requests.clear()
        v.answers.clear()
        out = ask({"op": "parse", "recipe": case["recipe"]}, data, v)
        valid = out["ok"]
        how = "parse"
    elif out["ok"]:
        valid = bool(out.get("valid"))
        how = "validate"
    else:
        valid, how = False, "validate"
    if valid == bmo["valid"]:
        return v
    if not valid and bmo.get("unimplemented"):
        v.verdict = "documented"
        return v
    if bmo["valid"]:
        v.disagree(f"BMO accepts, rulepress {how} refuses: {_error(out)}")
    else:
        v.verdict = "disagree"
        v.cause = f"BMO refuses ({bmo.get('error', '')[:50]}), rulepress {how} accepts"
    return v


# ---- attacks -------------------------------------------------------------------------

def _button_fields(case: dict) -> dict:
    """A case's buttons as rulepress names them (ids: lower-case words joined by '-')."""
    out = {}
    for field_name, name in zip(("my_button", "their_button"), case.get("buttons") or []):
        if name:
            out[field_name] = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return out


def _attack_body(case: dict, data: dict, log: Verdict) -> dict | None:
    """The rulepress `attack` request. The attacking player's other dice (Fire helpers,
    Ornery bystanders) go in `others` where the op takes it; None when it does not."""
    mine, theirs = case["mine"], case["theirs"]
    body = {"op": "attack", "type": case["type"].lower(),
            "attackers": [_die(mine[i]) for i in case["att"]],
            "defenders": [_die(theirs[j]) for j in case["def"]], **BMO_OPTIONS,
            **_button_fields(case)}
    if case["cat"] == "first_turn":
        body["first_turn"] = True  # the round's first attack, as BMO's game had it
    others = [_die(d) for i, d in enumerate(mine) if i not in case["att"]]
    if others and case["type"] not in ("Pass", "Surrender"):  # passing uses no dice
        if not _takes_others(data):
            return None
        body["others"] = others
    return body


_OTHERS: dict[int, bool] = {}


def _takes_others(data: dict) -> bool:
    """Does this engine's attack op read `others` (the attacker's dice not attacking)?"""
    if id(data) not in _OTHERS:
        out = answer({"game": "buttonmen", "op": "attack", "type": "power",
                      "attackers": [{"recipe": "(6)", "value": 6}],
                      "defenders": [{"recipe": "(6)", "value": 1}],
                      "others": [{"recipe": "(6)", "value": 1}]}, data)
        _OTHERS[id(data)] = bool(out.get("ok"))
    return _OTHERS[id(data)]


def _attack_answer(case: dict, bmo: dict, data: dict,
                   others: str = "") -> tuple[Verdict, dict | None]:
    """The verdict to fill, and rulepress's answer to the case's attack: None when the op
    cannot be asked (the verdict says so; `others` names the dice it would need)."""
    v = Verdict(case, bmo, "agree")
    body = _attack_body(case, data, v)
    if body is None:
        return v.disagree("cannot ask: the attack op takes no other dice"
                          + (f" ({others})" if others else "")), None
    return v, ask(body, data, v)


def judge_legal(case: dict, bmo: dict, data: dict) -> Verdict:
    v, out = _attack_answer(case, bmo, data, "Fire helpers")
    if out is None:
        return v
    if not out["ok"]:
        return v.disagree(f"{case['type']}: rulepress refuses: {_error(out)}")
    if out["valid"] != bmo["valid"]:
        v.verdict = "disagree"
        v.cause = f"{case['type']}: BMO says {'legal' if bmo['valid'] else 'illegal'}"
    return v


def _position(case: dict) -> dict:
    """The case's dice as the positional ops take them: `mine` and `theirs`."""
    return {"mine": [_die(d) for d in case["mine"]], "theirs": [_die(d) for d in case["theirs"]]}


def _ask_attacks(case: dict, data: dict, log: Verdict) -> dict:
    """rulepress's attacks op on the case's position: my dice, theirs, the buttons."""
    return ask({"op": "attacks", **_position(case), **BMO_OPTIONS, **_button_fields(case)},
               data, log)


def _plus_minus(extra: list[str], missing: list[str]) -> str:
    """What rulepress has more (+) and less (-) than BMO."""
    return " ".join([f"+{t}" for t in extra] + [f"-{t}" for t in missing])


def judge_menu(case: dict, bmo: dict, data: dict) -> Verdict:
    v = Verdict(case, bmo, "agree")
    out = _ask_attacks(case, data, v)
    if not out["ok"]:
        return v.disagree("rulepress refuses: " + _error(out))
    if "types" in out:  # the menu itself, where the op gives it
        types = set(out["types"])
    else:
        types = {a["type"] for a in out["attacks"]}
        if out.get("must_pass"):
            types.add("pass")
    want = {t.lower() for t in bmo["types"]}
    if types != want:
        extra, missing = sorted(types - want), sorted(want - types)
        v.verdict = "disagree"
        v.cause = "menu: " + _plus_minus(extra, missing)
    return v


def judge_attack_list(case: dict, bmo: dict, data: dict) -> Verdict:
    """Every legal attack on the board: type, my dice, their dice."""
    v = Verdict(case, bmo, "agree")
    out = _ask_attacks(case, data, v)
    if not out["ok"]:
        return v.disagree("rulepress refuses: " + _error(out))
    have = {(a["type"], tuple(a["mine"]), tuple(a["theirs"])) for a in out["attacks"]}
    want = {(t, tuple(m), tuple(d)) for t, m, d in bmo["attacks"]}
    if have != want:
        extra = sorted({t for t, _, _ in have - want})
        missing = sorted({t for t, _, _ in want - have})
        v.verdict = "disagree"
        v.cause = "attacks: " + _plus_minus(extra, missing)
    return v


def _bmo_marginals(slot: dict) -> tuple:
    """A die's size and value distributions from BMO's weighted leaves."""
    sizes: dict = defaultdict(Fraction)
    values: dict = defaultdict(Fraction)
    for key, n in slot["w"].items():
        size, value, den = key.split("|")
        p = Fraction(n, int(den))
        sizes[int(size)] += p
        values[None if value == "null" else int(value)] += p
    if None in values:  # Turbo: BMO waits for its owner to choose a size, then rolls
        return ("".join(sorted(slot["skills"])), None, None)
    return ("".join(sorted(slot["skills"])), dict(sizes), dict(values))


def _rp_marginals(d: dict) -> tuple:
    skills = "".join(sorted(_letters(d["recipe"])))
    if "sizes" in d:
        sizes = {s["sides"]: Fraction(s["p"]) for s in d["sizes"]}
    else:
        sizes = {d.get("sides") or _fixed_size(d["recipe"]): Fraction(1)}
    if d.get("value") is not None:
        values: Any = {d["value"]: Fraction(1)}
    elif "shows" in d:
        values = {int(k): Fraction(p) for k, p in d["shows"].items()}
    else:
        values = None  # re-rolled, with no distribution given
    return (skills, sizes, values)


def _marginals_match(want: tuple, have: tuple) -> bool:
    if want[0] != have[0]:
        return False
    if want[1] is None:
        return True
    return want[1] == have[1] and want[2] == have[2]


def _board_after(case: dict, got: dict) -> dict:
    """rulepress's board after the attack, by (player, part) as BMO's slots name them: the
    answer's dice, and the dice that took no part (the rest of each player's)."""
    mine_rest = got.get("others", [_sized(case["mine"][i]) for i in range(len(case["mine"]))
                                    if i not in case["att"]])
    theirs_rest = [_sized(case["theirs"][i]) for i in range(len(case["theirs"]))
                   if i not in case["def"]]
    return {(0, "active"): got.get("attackers", []) + mine_rest,
            (0, "captured"): got.get("captured", []) + got.get("removed", []),
            (1, "active"): got.get("defenders", []) + got.get("replacements", []) + theirs_rest,
            (0, "out"): got.get("out_of_game", [])}


def judge_board_dist(case: dict, bmo: dict, data: dict) -> Verdict:
    """Every die's exact size and value distribution after the attack."""
    v, out = _attack_answer(case, bmo, data)
    if out is None:
        return v
    kind = case["type"]
    if not out["ok"] or not out.get("valid"):
        return v.disagree(f"{kind}: rulepress does not play it")
    got = out["after"]
    groups: dict = defaultdict(list)
    for slot, info in sorted(bmo["slots"].items()):
        side, key, _ = slot.split("/")
        groups[(int(side), key)].append(_bmo_marginals(info))
    have = _board_after(case, got)
    for key in set(groups) | {k for k, x in have.items() if x}:
        if key[1] in ("out",) or key == (1, "captured"):
            continue  # dice out of play do not count (their values are never used)
        want = groups.get(key, [])
        mine = [_rp_marginals(d) for d in have.get(key, [])]
        rest = list(mine)
        ok = len(want) == len(mine)
        for w in want if ok else []:
            hit = next((h for h in rest if _marginals_match(w, h)), None)
            if hit is None:
                ok = False
                break
            rest.remove(hit)
        if not ok:
            where = {(0, "active"): "attacker's dice", (0, "captured"): "captured dice",
                     (1, "active"): "defender's dice"}.get(key, str(key))
            return v.disagree(f"{kind}: distribution of the {where} differs",
                              board={"bmo": repr(want), "rulepress": repr(mine)})
    return v


def judge_trip_odds(case: dict, bmo: dict, data: dict) -> Verdict:
    """A Trip attack's exact chance to capture."""
    v, out = _attack_answer(case, bmo, data)
    if out is None:
        return v
    want = Fraction(bmo["captures"], bmo["total"])
    if not out["ok"]:
        v.disagree("rulepress refuses: " + _error(out))
    elif not out.get("valid"):
        v.disagree("rulepress says the trip is illegal")
    elif Fraction(out["p_capture"]) != want:
        v.disagree("chance to capture differs")
    return v


def _norm_bmo_die(a: dict, b: dict, values: bool) -> tuple:
    """One die in BMO's two runs (every roll lowest / highest): its skills, its size (or
    the two sizes it took) and its value (or the two values it rolled)."""
    size: Any = a["max"] if a["max"] == b["max"] else ("sizes", a["max"], b["max"])
    if not values:
        value: Any = "-"
    elif a["value"] is None or b["value"] is None:  # Turbo: re-rolls once its size is chosen
        value = ("rolled", None, None)
    elif a["value"] == b["value"] and a["min"] != a["max"]:
        value = a["value"]
    else:
        value = ("rolled", a["value"], b["value"])
    return ("".join(sorted(a["skills"])), size, value)


def _norm_rp_die(d: dict, values: bool) -> tuple:
    skills = "".join(sorted(_letters(d["recipe"])))
    if "sizes" in d:
        size: Any = ("sizes", frozenset(s["sides"] for s in d["sizes"]))
    else:
        size = d.get("sides", _fixed_size(d["recipe"]))
    if not values:
        value: Any = "-"
    elif d.get("value") is not None:
        value = d["value"]
    elif "shows" in d:
        value = ("rolled", frozenset(int(k) for k in d["shows"]))
    else:
        value = ("rolled", None)
    return (skills, size, value)


def _sized(d: dict) -> dict:
    """A case die with its whole size in `sides` (a twin's swing halves each have it)."""
    core = d["recipe"][d["recipe"].index("(") + 1:d["recipe"].rindex(")")]
    if "/" in core or core in SWING:
        size = d["sides"]
    else:
        size = sum(d["sides"] if p in SWING else int(p) for p in core.split(","))
    return {"recipe": d["recipe"], "sides": size, "value": d.get("value")}


def _fixed_size(recipe: str) -> int | None:
    """The size of a die whose recipe fixes it: (6) or (4,4)."""
    core = recipe[recipe.index("(") + 1:recipe.rindex(")")]
    parts = core.split(",")
    return sum(int(p) for p in parts) if all(p.isdigit() for p in parts) else None


def _die_matches(want: tuple, have: tuple) -> bool:
    if want[0] != have[0]:
        return False
    ws, hs = want[1], have[1]
    if isinstance(ws, tuple) and ws[0] == "sample":  # one run of BMO's: one size it took
        return hs == ws[1] or (isinstance(hs, tuple) and ws[1] in hs[1])
    if isinstance(ws, tuple):
        if not (isinstance(hs, tuple) and {ws[1], ws[2]} <= hs[1]):
            return False
    elif ws != hs:
        return False
    wv, hv = want[2], have[2]
    if isinstance(wv, tuple):  # BMO rolled it (or it has one face)
        if isinstance(hv, tuple):
            return hv[1] is None or wv[1] is None or {wv[1], wv[2]} <= hv[1]
        return wv[1] == wv[2] == hv
    if isinstance(hv, tuple):  # rulepress rolls it, BMO's rolls always gave one value
        return hv[1] == frozenset([wv])
    return wv == hv


def _dice_match(want: list[tuple], have: list[tuple]) -> bool:
    if len(want) != len(have):
        return False
    rest = list(have)
    for w in sorted(want, key=repr):
        hit = next((h for h in rest if _die_matches(w, h)), None)
        if hit is None:
            return False
        rest.remove(hit)
    return True


def _same_shape(a: list, b: list) -> bool:
    return len(a) == len(b) and all(x["skills"] == y["skills"] for x, y in zip(a, b))


def judge_board(case: dict, bmo: dict, data: dict) -> Verdict:
    v, out = _attack_answer(case, bmo, data, "bystanders: Ornery, Fire, Rage")
    if out is None:
        return v
    kind = case["type"]
    if not out["ok"] or not out.get("valid"):
        why = _error(out) if not out["ok"] else "illegal: " + out.get("reason", "")[:50]
        return v.disagree(f"{kind}: rulepress says {why}")
    after = out["after"]
    trip = kind == "Trip"
    runs = bmo["runs"]
    extra = bmo.get("extra_turn", {})
    if trip:
        branches: dict = {}
        for name in ("min", "max"):
            run = runs[name]
            hit = bool(run[0]["captured"])
            branches.setdefault("on_capture" if hit else "on_miss", [run, run, set()])
            branches["on_capture" if hit else "on_miss"][2].add(extra.get(name))
    else:
        branches = {"": [runs["min"], runs["max"], {extra.get("min"), extra.get("max")}]}
    for branch, (ra, rb, turns) in branches.items():
        got = after.get(branch) if branch else after
        if got is None:
            return v.disagree(f"{kind}: rulepress has no {branch} outcome")
        if "extra_turn" in got:  # BMO's runs gave the attacker another turn, or did not
            p_extra = Fraction(got["extra_turn"])
            if (True in turns and p_extra == 0) or (False in turns and p_extra == 1):
                v.verdict = "disagree"
                v.cause = f"{kind}: extra turn" + (f" ({branch})" if branch else "")
                v.board = {"bmo": f"extra turn in BMO's runs: {sorted(turns)}",
                           "rulepress": f"extra_turn {got['extra_turn']}"}
                return v
        want: dict[tuple[int, str], Any] = {}
        for side, part in ((0, "active"), (0, "captured"), (1, "active"), (0, "out")):
            a, b = ra[side][part], rb[side][part]
            if not _same_shape(a, b):
                want[(side, part)] = "random shape"
                continue
            dice = [_norm_bmo_die(x, y, not trip) for x, y in zip(a, b)]
            if trip:  # a branch is one run of BMO's: each size is one sample
                dice = [(k, ("sample", z) if isinstance(z, int) else z, x) for k, z, x in dice]
            if part == "out":  # dice out of play only count by size (skills, values unused)
                dice = [("", z, "-") for _, z, _ in dice]
            want[(side, part)] = dice
        have = _board_after(case, got)
        for slot, expect in want.items():
            mine = [_norm_rp_die(d, not trip) for d in have[slot]]
            if slot == (0, "out"):
                mine = [("", z, "-") for _, z, _ in mine]
            if expect == "random shape" or not _dice_match(expect, mine):
                where = {(0, "active"): "attacker's dice", (0, "captured"): "captured dice",
                         (1, "active"): "defender's dice",
                         (0, "out"): "dice out of play"}[slot]
                v.verdict = "disagree"
                v.cause = f"{kind}: {where} after the attack differ" + \
                    (f" ({branch})" if branch else "")
                v.board = {"bmo": repr(expect), "rulepress": repr(mine)}
                return v
        # the captured dice in BMO's sized notation (BMDie::get_recipe(TRUE)), e.g. s(X=12)
        if not trip:
            want_text = sorted(d["recipe"] for d in ra[0]["captured"])
            have_text = sorted(d.get("sized", d["recipe"]) for d in have[(0, "captured")])
            if want_text != have_text:
                return v.disagree(f"{kind}: captured dice written differently",
                                  board={"bmo": repr(want_text), "rulepress": repr(have_text)})
    return v


# ---- scores and initiative -----------------------------------------------------------

def judge_score(case: dict, bmo: dict, data: dict) -> Verdict:
    v = Verdict(case, bmo, "agree")
    live = [_die(d) for d in case["dice"] if not d.get("captured")]
    caught = [_die(d) for d in case["dice"] if d.get("captured")]
    out = ask({"op": "score", "dice": live, "captured": caught}, data, v)
    want = sum((Fraction(x) for x in bmo["times_ten"]), Fraction(0)) / 10
    if not out["ok"]:
        v.disagree("rulepress refuses: " + _error(out))
    elif Fraction(out["score"]) != want:
        v.disagree("score differs")
    return v


def judge_initiative(case: dict, bmo: dict, data: dict) -> Verdict:
    v = Verdict(case, bmo, "agree")
    out = ask({"op": "chance", **_position(case)}, data, v)
    has = bmo["has"]
    want = "tie" if all(has) else ("mine" if has[0] else "theirs")
    if not out["ok"]:
        v.disagree("rulepress refuses: " + _error(out))
    elif out["first"] != want:
        v.disagree(f"BMO says {want}")
    return v


def judge_chance(case: dict, bmo: dict, data: dict) -> Verdict:
    """The player behind re-rolls one Chance die: its exact chance to go first alone."""
    v = Verdict(case, bmo, "agree")
    out = ask({"op": "chance", **_position(case)}, data, v)
    if not out["ok"]:
        return v.disagree("rulepress refuses: " + _error(out))
    if bmo.get("first") and out["first"] != "mine":
        return v.disagree("BMO says player 0 already goes first")
    want = {r["die"]: Fraction(r["wins"], r["total"]) for r in bmo["rerolls"]}
    have = {r["die"]: Fraction(r["p_first"]) for r in out.get("rerolls", [])}
    if set(want) != set(have):
        v.disagree("a different set of Chance dice may re-roll")
    elif want != have:
        v.disagree("re-roll chances differ")
    elif "focus" in bmo:
        focus = out.get("focus")
        if focus is None:
            v.disagree("Focus: rulepress says nothing about turning down")
        elif bool(focus.get("can_take_initiative")) != bmo["focus"]["can_take_initiative"]:
            v.verdict = "disagree"
            v.cause = "Focus: BMO says turning down " + \
                ("wins" if bmo["focus"]["can_take_initiative"] else "cannot win")
    return v


def judge_round(case: dict, bmo: dict, data: dict) -> Verdict:
    """End of turn and round: over or not, round scores, the winner, the match."""
    v = Verdict(case, bmo, "agree")
    body: dict = {"op": "round", "passes_in_a_row": case["passes"], "wins": case["wins"]}
    for name in ("mine", "theirs"):
        body[name] = {"dice": [_die(d) for d in case[name]["dice"]],
                      "captured": [_die(d) for d in case[name]["captured"]]}
    out = ask(body, data, v)
    if not out["ok"]:
        return v.disagree("rulepress refuses: " + _error(out))
    want_scores = [Fraction(str(x)) for x in bmo["scores"]]
    if [Fraction(x) for x in out["scores"]] != want_scores:
        v.disagree("round scores differ")
    elif bool(out["over"]) != bmo["over"]:
        v.disagree(f"BMO says the round is {'' if bmo['over'] else 'not '}over")
    elif bmo["over"]:
        res = bmo["result"]
        want = "draw" if res[0]["D"] else ("mine" if res[0]["W"] > case["wins"][0] else "theirs")
        match = ("mine" if res[0]["W"] >= 3 else "theirs") if bmo["game_over"] else None
        if out.get("winner") != want:
            v.disagree(f"BMO's round winner is {want}")
        elif out.get("match_winner") != match:
            v.disagree(f"BMO's match winner is {match}")
        elif "may_change_sizes" in bmo:
            want_change = [n for n, c in zip(("mine", "theirs"), bmo["may_change_sizes"]) if c]
            if sorted(out.get("may_change_sizes", [])) != want_change:
                v.verdict = "disagree"
                v.cause = f"BMO lets {want_change or 'nobody'} choose sizes again"
    return v


def _player(dice: list[dict]) -> dict:
    swing: dict[str, int] = {}
    options = []
    for d in dice:
        core = d["recipe"][d["recipe"].index("(") + 1:d["recipe"].rindex(")")]
        if "/" in core:
            options.append(d["sides"])
        for part in core.split(","):
            if part in SWING:
                swing[part] = d["sides"]
    out: dict = {"recipe": " ".join(d["recipe"] for d in dice)}
    if swing:
        out["swing"] = swing
    if options:
        out["options"] = options
    return out


def judge_odds(case: dict, bmo: dict, data: dict) -> Verdict:
    """Before a round: each die's chance to capture each of theirs right after the roll."""
    v = Verdict(case, bmo, "agree")
    out = ask({"op": "odds", "players": [_player(case["mine"]), _player(case["theirs"])]},
              data, v)
    if not out["ok"]:
        return v.disagree("rulepress refuses: " + _error(out))
    rows = {(r["mine"], r["theirs"]): r for r in out.get("table", [])}
    for want in bmo["table"]:
        have = rows.get((want["mine"], want["theirs"]))
        if have is None:
            return v.disagree("a pair of dice is missing from the table")
        if Fraction(have["capture"]) != Fraction(want["hits"], want["total"]):
            return v.disagree("chance to capture after the roll differs")
        if "trip" in want and ("trip" not in have or
                               Fraction(have["trip"]) != Fraction(*want["trip"])):
            return v.disagree("Trip chance differs")
    return v


def judge_initiative_odds(case: dict, bmo: dict, data: dict) -> Verdict:
    v = Verdict(case, bmo, "agree")
    out = ask({"op": "initiative", "players": [_player(case["mine"]),
                                               _player(case["theirs"])]}, data, v)
    total = bmo["total"]
    want = [Fraction(bmo["counts"][0], total), Fraction(bmo["counts"][1], total),
            Fraction(bmo["counts"][2], total)]
    if not out["ok"]:
        return v.disagree("rulepress refuses: " + _error(out))
    have = [Fraction(out["first"][0]), Fraction(out["first"][1]), Fraction(out["tie"])]
    if have != want:
        v.disagree("chances differ")
    return v


def judge_unique_swing(case: dict, bmo: dict, data: dict) -> Verdict:
    """Gordo, Guillermo, Oregon: a choice of swing sizes is accepted, or refused as BMO does."""
    v = Verdict(case, bmo, "agree")
    out = ask({"op": "initiative", "players": [{"button": case["button"], "swing": case["swing"]},
                                               {"recipe": "(4)"}]}, data, v)
    if out["ok"] != bmo["accepted"]:
        v.verdict = "disagree"
        v.cause = "BMO " + ("accepts" if bmo["accepted"] else "refuses") + " these sizes"
    elif not out["ok"] and "different size" not in out["error"]["message"]:
        v.disagree("refused for another reason: " + _error(out))
    return v


def judge_button_recipe(case: dict, bmo: dict, data: dict) -> Verdict:
    """Echo and Zero copy the opponent's recipe; a RandomBM button is dealt one from the same
    draws (the engine's dealer, given BMO's raw numbers)."""
    v = Verdict(case, bmo, "agree")
    if "raw" in case:
        from rulepress.engine.buttonmen.random_recipe import DEALERS
        queue = list(case["raw"])
        used = []

        def draw(low: int, high: int) -> int:
            used.append((low, high))
            return low + queue.pop(0) % (high - low + 1)
        recipe = DEALERS[case["button"]](draw)
        if recipe != bmo["recipe"]:
            v.disagree("a different recipe from the same draws")
        elif len(used) != bmo["draws"]:
            v.disagree("a different number of draws")
        v.requests.append({"deal": case["button"]})
        v.answers.append({"recipe": recipe})
        return v
    out = ask({"op": "parse", "button": case["button"], "opponent": case["opponent"]}, data, v)
    if not bmo["recipe"]:
        if out["ok"] and out["dice"]:
            v.disagree("BMO's copy has no dice")
    elif not out["ok"]:
        v.disagree("rulepress refuses: " + _error(out))
    elif " ".join(out["recipe"].split()) != " ".join(bmo["recipe"].split()):
        v.disagree("a different recipe")
    return v


JUDGES: dict[str, Callable[[dict, dict, dict], Verdict]] = {
    "parse": judge_parse, "validate": judge_validate, "legal": judge_legal,
    "menu": judge_menu, "attack_list": judge_attack_list, "board": judge_board, "board_dist": judge_board_dist, "trip_odds": judge_trip_odds, "score": judge_score,
    "initiative": judge_initiative, "initiative_odds": judge_initiative_odds,
    "odds": judge_odds,
    "chance": judge_chance, "round": judge_round,
    # the first attack of a round (`first_turn`), Gordo, Guillermo and Oregon's swing sizes,
    # Echo, Zero and the RandomBM buttons' recipes
    "first_turn": judge_board, "unique_swing": judge_unique_swing,
    "button_recipe": judge_button_recipe}
CATEGORIES = list(JUDGES)


def load(fixtures: Path, cat: str) -> list[dict]:
    with (fixtures / f"{cat}.jsonl").open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def blame(results: dict[str, list[Verdict]]) -> dict[tuple[str, str], float]:
    """Per category and skill letter: the share of cases with that letter that agree."""
    seen: Counter = Counter()
    good: Counter = Counter()
    for cat, vs in results.items():
        for v in vs:
            for c in case_letters(v.case):
                seen[(cat, c)] += 1
                good[(cat, c)] += v.verdict != "disagree"
    return {k: good[k] / n for k, n in seen.items()}


def group_key(v: Verdict, rates: dict[tuple[str, str], float]) -> str:
    """A disagreement's group: the category, the cause, and the case's skill letter that
    agrees least often in this category (the likeliest culprit), so one fix in the
    engine flips a whole group."""
    cat = v.case["cat"]
    letters = case_letters(v.case)
    culprit = min(letters, key=lambda c: (rates.get((cat, c), 1.0), c)) if letters else "-"
    return f"{cat} | {v.cause} | {culprit}"


def check_all(fixtures: Path, cats: list[str] | None = None) -> dict[str, list[Verdict]]:
    data = engine_data()
    return {cat: [JUDGES[cat](row["case"], row["bmo"], data) for row in load(fixtures, cat)]
            for cat in cats or CATEGORIES}


def figures(results: dict[str, list[Verdict]]) -> dict[str, dict]:
    out = {}
    for cat, vs in results.items():
        n = Counter(v.verdict for v in vs)
        out[cat] = {"cases": len(vs), "agree": n["agree"], "documented": n["documented"],
                    "disagree": n["disagree"],
                    "flagged": sum(1 for v in vs if v.verdict == "disagree" and v.flagged)}
    return out


def summary(results: dict[str, list[Verdict]]) -> str:
    lines = ["category          cases  agree  documented  disagree (flagged)  agreement"]
    for cat, vs in results.items():
        n = Counter(v.verdict for v in vs)
        flagged = sum(1 for v in vs if v.verdict == "disagree" and v.flagged)
        judged = n["agree"] + n["disagree"]
        pct = 100 * n["agree"] / judged if judged else 100.0
        lines.append(f"{cat:16} {len(vs):6} {n['agree']:6} {n['documented']:11} "
                     f"{n['disagree']:9} ({flagged:4})  {pct:6.1f} %")
    lines.append("")
    lines.append("disagreements by cause (cases; flagged = rulepress said not_modelled):")
    causes: Counter = Counter()
    flags: Counter = Counter()
    for vs in results.values():
        for v in vs:
            if v.verdict == "disagree":
                causes[(v.case["cat"], v.cause)] += 1
                flags[(v.case["cat"], v.cause)] += v.flagged
    for (cat, cause), count in causes.most_common():
        lines.append(f"  {count:5} ({flags[(cat, cause)]:4})  {cat}: {cause}")
    return "\n".join(lines)


def details(results: dict[str, list[Verdict]]) -> list[dict]:
    rates = blame(results)
    out = []
    for vs in results.values():
        for v in vs:
            if v.verdict == "disagree":
                out.append({"id": v.case["id"], "group": group_key(v, rates), "case": v.case,
                            "bmo": v.bmo, "requests": v.requests, "answers": v.answers,
                            "flagged": v.flagged, "board": v.board})
    return out


def known_from(results: dict[str, list[Verdict]]) -> dict[str, list[str]]:
    rates = blame(results)
    known: dict[str, list[str]] = defaultdict(list)
    for vs in results.values():
        for v in vs:
            if v.verdict == "disagree":
                known[group_key(v, rates)].append(v.case["id"])
    return {k: sorted(ids) for k, ids in known.items()}
