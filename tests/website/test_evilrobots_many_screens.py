"""One table, many screens: five friends on a video call, each with a 390-px phone joined by
the table screen's link, and a host sharing the table screen from a 1366 x 768 laptop, play
a three-round game to a winner. Every column of the players table stays in view without
scrolling, and after the first round every screen is offline (two reopen offline too).

The deal is the shared-code deal (seed 002 lines 95-98: one deck for the table, one more
power card for the round's points); each round the players show their cards to the host
(in the test: read from their phones), two pass in the debate (line 105) and the pass order
(line 122) and the score (lines 127-131) come from the rules engine in the host's
browser. The expected answers are the same engine's, asked here in Python."""

from __future__ import annotations

from itertools import count

import pytest

from rulepress.engine.query import answer

from browser import is_local
from evilrobots_host import ENGINE_MS, FITS, LAPTOP

pytestmark = pytest.mark.offline_worker  # every screen goes offline after a round

PHONE = {"width": 390, "height": 844}
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
PASSERS = (1, 2)  # Bo and Cy pass in the debate
ROUNDS = 3


def engine_round(engine_data, code: str, number: int) -> dict:
    """The round as the engine sees it: the deal, the pass order and the score, with Ann
    Good, the lowest-power other player Evil and the rest Neutral."""
    deal = answer({"game": "evilrobots", "op": "deal", "code": code, "players": len(NAMES),
                   "round": number}, engine_data)
    seats = deal["seats"]
    evil = min(range(1, len(NAMES)), key=lambda i: seats[i]["power"])
    teams = ["Good"] + ["Evil" if i == evil else "Neutral" for i in range(1, len(NAMES))]
    players = [{"name": NAMES[i], "power": s["power"], "robot": s["robot"]["id"]}
               for i, s in enumerate(seats)]
    order = answer({"game": "evilrobots", "op": "turn_order", "players": [
        {**p, **({"passed": "debate"} if i in PASSERS else {})}
        for i, p in enumerate(players)]}, engine_data)
    score = answer({"game": "evilrobots", "op": "score_round", "points": deal["points"],
                    "players": [{**p, "team": t} for p, t in zip(players, teams)]},
                   engine_data)
    return {"deal": deal, "teams": teams, "order": order, "score": score}


def plan_game(engine_data) -> tuple[str, list[dict], list[dict[str, int]]]:
    """The first code whose three rounds Ann's Good wins alone, each round's points all to
    her, so that she reaches the target (her total) only in round 3, alone."""
    for n in count():
        code = f"VIDEO-{n}"
        rounds = [engine_round(engine_data, code, r) for r in range(1, ROUNDS + 1)]
        if not all(r["score"]["winner"] == "Good" and r["score"]["pool"]["shared_by"] == ["Ann"]
                   for r in rounds):
            continue
        totals, running = dict.fromkeys(NAMES, 0), []
        for r in rounds:
            totals["Ann"] += r["score"]["pool"]["points"]
            for name, bonus in r["score"]["bot_points"].items():
                totals[name] += bonus
            running.append(dict(totals))
        target = running[-1]["Ann"]
        if all(max(t.values()) < target for t in running[:-1]) and \
                sorted(running[-1].values())[-2] < target:
            return code, rounds, running


def test_five_phones_and_a_host_play_three_rounds_offline(browser, site_url, engine_data):
    code, rounds, running = plan_game(engine_data)
    contexts, offsite = [], []

    def screen(viewport):
        context = browser.new_context(viewport=viewport)
        context.on("request", lambda r: None if is_local(r.url) else offsite.append(r.url))
        contexts.append(context)
        return context

    try:
        host_context = screen(LAPTOP)
        host = host_context.new_page()
        host.goto(site_url + "evilrobots/table/")
        host.wait_for_selector("#er-table[data-offline=ready]", timeout=60000)
        host.fill("#er-t-names", ", ".join(NAMES))
        host.fill("#er-t-target", str(running[-1]["Ann"]))
        host.fill("#er-t-code", code)
        link = host.get_attribute("#er-t-join-link", "href")
        host.click("#er-t-start")

        phones = []
        for seat, name in enumerate(NAMES, start=1):
            phone = screen(PHONE).new_page()
            phone.goto(link)
            phone.wait_for_selector("#er-applet[data-joined=true]")
            assert phone.input_value("#er-code") == code
            assert phone.input_value("#er-players") == str(len(NAMES))
            phone.select_option("#er-seat", label=f"{seat} \u00b7 {name}")  # by name
            phone.click("#er-deal")
            phone.wait_for_selector("#er-applet[data-offline=ready]")
            phones.append(phone)

        for number, expected in enumerate(rounds, start=1):
            deal, score = expected["deal"], expected["score"]
            assert host.text_content("#er-t-round") == f"Round {number}"
            worth = f"worth {deal['points']} point" + ("s" if deal["points"] != 1 else "")
            assert host.text_content("#er-t-points-card") == f"points card {deal['points']}"
            for seat, phone in enumerate(phones):
                shown = (phone.text_content("#er-robot-name"),
                         int(phone.text_content("#er-power-value")))
                want = deal["seats"][seat]
                assert shown == (want["robot"]["name"], want["power"]), (number, seat)
                assert worth in phone.text_content("#er-round")
            host.evaluate("scrollTo(0, 0)")  # a new round: the host looks at the top
            assert host.evaluate(FITS) == {"columns": 7, "heads": 0, "cells": 0, "small": [],
                                           "pageWide": False, "tableScrolls": False}

            # the debate: Bo and Cy pass; the countdown is called from Nine down
            host.click("#er-t-next-call")
            assert host.text_content("#er-t-call") == "Is anyone power level Nine or more?"
            for seat, phone in enumerate(phones):  # each shows their cards as they play
                host.select_option(f"#er-t-power-{seat}", phone.text_content("#er-power-value"))
                host.select_option(f"#er-t-robot-{seat}", deal["seats"][seat]["robot"]["id"])
                if seat in PASSERS:
                    host.select_option(f"#er-t-passed-{seat}", "debate")
            host.click("#er-t-order")
            want_order = [f"{e['name']} (level {e['level']})"
                          for e in expected["order"]["pass_phase"]]
            host.wait_for_selector("#er-t-pass-order", timeout=ENGINE_MS)
            assert host.locator("#er-t-pass-order li").all_text_contents() == want_order
            for seat, team in enumerate(expected["teams"]):
                host.select_option(f"#er-t-team-{seat}", team)
            assert host.locator("#er-t-pass-order li").all_text_contents() == want_order
            host.evaluate("scrollTo(0, 0)")
            assert host.evaluate(FITS)["heads"] == 0  # a filled table still fits

            host.click("#er-t-score-round")
            host.wait_for_selector("#er-t-winner", timeout=ENGINE_MS)
            line = host.text_content("#er-t-winner")
            assert line.startswith(f"Good wins: Good {score['totals']['Good']}, "
                                   f"Evil {score['totals']['Evil']}, Neutral ")
            assert line.endswith("Winners: Ann.")
            host.fill("#er-t-split-0", str(score["pool"]["points"]))
            host.click("#er-t-agreed")
            totals = host.locator("#er-t-scoreboard .er-t-total").all_text_contents()
            assert totals == [str(running[number - 1][n]) for n in NAMES]

            if number == 1:  # everything is kept: from now on, no network at all
                host.wait_for_function("document.documentElement.dataset.offlineEngine"
                                       " === 'kept'", timeout=ENGINE_MS)
                for context in contexts:
                    context.set_offline(True)
                for page, ready in ((host, "#er-table[data-ready=true]"),
                                    (phones[0], "#er-applet[data-ready=true]")):
                    page.reload()  # reopens from the offline copy, game and cards kept
                    page.wait_for_selector(ready)
                assert phones[0].text_content("#er-robot-name") == \
                    deal["seats"][0]["robot"]["name"]
            if number < ROUNDS:
                for phone in phones:
                    phone.click("#er-next")
                    phone.click("#er-confirm-yes")

        assert host.text_content("#er-t-game-winner") == "Ann wins the game!"
        assert offsite == []
    finally:
        for context in contexts:
            context.close()
