/* The Evil Robots table screen: the host shares it on the video call.
   A debate timer, the countdown caller, the pass-phase order, a round log and a scoreboard
   across rounds. The rules themselves come from the rules engine (turn_order and
   score_round, run in the browser by the engine worker: window.rulepressEngine); this
   file only keeps the table's state, in localStorage, so a reload loses nothing. */
(function () {
  "use strict";
  var root = document.getElementById("er-table");
  if (!root) return;
  var STORE = "rulepress-evilrobots-table";
  var TEAMS = ["Good", "Evil", "Neutral"];
  var NUMBERS = ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"];
  var data, state, timer = null, els = {};

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else if (attrs[k] !== null && attrs[k] !== undefined) node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }
  function save() { try { localStorage.setItem(STORE, JSON.stringify(state)); } catch (e) {} }
  function load() {
    try { return JSON.parse(localStorage.getItem(STORE)) || null; } catch (e) { return null; }
  }
  function bot(id) { return data.bots.filter(function (b) { return b.id === id; })[0]; }
  function option(value, text, chosen) {
    var o = el("option", {value: value, text: text});
    if (String(chosen) === String(value)) o.selected = true;
    return o;
  }
  function select(id, options, chosen, label) {
    var s = el("select", {id: id, "aria-label": label});
    options.forEach(function (o) { s.appendChild(option(o[0], o[1], chosen)); });
    return s;
  }

  /* ---- state ---- */
  function newRound(number) {
    return {number: number, points: "", call: null, timerLeft: data.round.debate_seconds || 60,
            players: state.players.map(function () {
              return {power: "", robot: "", passed: "", reacted: "", team: "", negated: false,
                      bet: "", ability: false};
            }), log: [], order: null, result: null, split: {}};
  }
  function round() { return state.rounds[state.rounds.length - 1]; }

  /* The request fields of one player, as the engine's ops read them. */
  function enginePlayer(p, i, fields) {
    var out = {name: state.players[i]};
    var r = round();
    var me = r.players[i];
    if (fields.indexOf("power") >= 0 && me.power !== "") out.power = Number(me.power);
    if (me.robot) out.robot = me.robot;
    if (fields.indexOf("turn") >= 0) {
      if (me.passed) out.passed = me.passed;
      if (me.reacted === "before") out.reacted = true;
      if (me.reacted === "pass") out.reacted_in_pass_phase = true;
      if (me.ability) out.ability_used = true;
      if (me.robot === "plusbot" && me.power !== "" && !me.passed) {
        out.acts_at = Number(me.power) + plusBonus();
      }
    }
    if (fields.indexOf("score") >= 0) {
      if (me.team) out.team = me.team;
      if (me.negated) out.negated = true;
      if (me.bet) out.bet = me.bet;
      if (swapped(i)) out.swapped = true;
      if (revealedMore(i)) out.revealed_more = true;
    }
    return out;
  }
  function plusBonus() {
    var plus = bot("plusbot");
    return plus && plus.scoring && plus.scoring.effect === "power_bonus" ? plus.scoring.points : 3;
  }
  /* The round log feeds the scorer: a swap, and whether a player showed more than power. */
  function swapped(i) {
    return round().log.some(function (e) { return e.kind === "swap" && e.who === i; });
  }
  function revealedMore(i) {
    return round().log.some(function (e) {
      return (e.kind === "reveal" && e.who === i && e.what !== "power") ||
             (e.kind === "convert" && (e.who === i || e.target === i));
    });
  }

  /* ---- drawing ---- */
  function build() {
    els.setup = el("section", {id: "er-t-setup", class: "er-t-box"});
    els.game = el("section", {id: "er-t-game"});
    els.error = el("p", {id: "er-t-error", class: "er-error", role: "alert"});
    root.appendChild(els.setup);
    root.appendChild(els.error);
    root.appendChild(els.game);
  }

  function drawSetup() {
    els.setup.textContent = "";
    var names = el("textarea", {id: "er-t-names", rows: "4", "aria-label": "Player names",
                                placeholder: "Ann, Bo, Cy, Di"});
    names.value = state ? state.players.join(", ") : "";
    var target = el("input", {id: "er-t-target", type: "number", min: "1", max: "99",
                              value: String(state ? state.target : data.round.win_points)});
    var extra = el("input", {id: "er-t-extra", type: "checkbox"});
    extra.checked = !!(state && state.extra);
    var start = el("button", {id: "er-t-start", class: "er-primary", type: "button",
                              text: state ? "Start a new game" : "Start the game"});
    els.setup.appendChild(el("h2", {text: "Players"}));
    els.setup.appendChild(el("label", {}, ["Names, " + data.players.min + " to " +
                                           data.players.max + ", separated by commas", names]));
    els.setup.appendChild(el("label", {}, ["Points to win the game ", target]));
    els.setup.appendChild(el("label", {}, [extra, " Add the non-player robot (power " +
                                           data.round.extra_robot_power + ", starts Neutral)"]));
    els.setup.appendChild(start);
    start.addEventListener("click", function () {
      var list = names.value.split(/[,\n]/).map(function (n) { return n.trim(); })
        .filter(Boolean);
      var unique = list.filter(function (n, i) { return list.indexOf(n) === i; });
      if (list.length < data.players.min || list.length > data.players.max) {
        return fail("Evil Robots is for " + data.players.min + " to " + data.players.max +
                    " players; you gave " + list.length + ".");
      }
      if (unique.length !== list.length) return fail("Two players have the same name.");
      var points = Number(target.value);
      if (!(points >= 1 && points <= 99)) return fail("Points to win: a number from 1 to 99.");
      if (state && state.rounds.length > 1 &&
          !window.confirm("Start a new game? The scoreboard of this one is cleared.")) return;
      state = {players: list, target: points, extra: extra.checked, rounds: [], scores: []};
      state.rounds.push(newRound(1));
      fail("");
      save();
      draw();
    });
  }

  function fail(text) { els.error.textContent = text; return false; }

  function draw() {
    drawSetup();
    els.game.textContent = "";
    if (!state) return;
    var r = round();
    els.game.appendChild(drawScoreboard());
    if (state.winner) return;
    els.game.appendChild(el("h2", {id: "er-t-round", text: "Round " + r.number}));
    els.game.appendChild(drawTimer(r));
    els.game.appendChild(drawCountdown(r));
    els.game.appendChild(drawPlayers(r));
    els.game.appendChild(drawLog(r));
    els.game.appendChild(drawPassPhase(r));
    els.game.appendChild(drawScore(r));
  }

  function drawTimer(r) {
    var box = el("div", {class: "er-t-box", id: "er-t-debate"}, [el("h3", {text: "Debate"})]);
    var shown = el("span", {id: "er-t-clock", class: "er-t-clock",
                            text: clock(r.timerLeft)});
    var go = el("button", {id: "er-t-timer", type: "button", text: timer ? "Pause" : "Start"});
    var reset = el("button", {id: "er-t-timer-reset", type: "button", text: "Reset"});
    box.appendChild(el("p", {}, [shown, " ", go, " ", reset]));
    box.appendChild(el("p", {class: "er-t-note", text: "Talk, promise and lie; show nothing " +
      "yet. Anyone may pass now (tick \u201cpassed\u201d below)."}));
    go.addEventListener("click", function () {
      if (timer) { clearInterval(timer); timer = null; draw(); return; }
      timer = setInterval(function () {
        r.timerLeft = Math.max(0, r.timerLeft - 1);
        var c = document.getElementById("er-t-clock");
        if (c) { c.textContent = clock(r.timerLeft); c.classList.toggle("er-t-up", !r.timerLeft); }
        if (!r.timerLeft) { clearInterval(timer); timer = null; draw(); }
        save();
      }, 1000);
      draw();
    });
    reset.addEventListener("click", function () {
      if (timer) { clearInterval(timer); timer = null; }
      r.timerLeft = data.round.debate_seconds || 60; save(); draw();
    });
    return box;
  }
  function clock(seconds) {
    return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
  }

  function drawCountdown(r) {
    var top = data.power_deck.high, low = data.power_deck.low;
    var text = r.call === null ? "Ready to count down" :
      "Is anyone power level " + NUMBERS[r.call - 1] + (r.call === top ? " or more?" : "?");
    var box = el("div", {class: "er-t-box", id: "er-t-countdown"}, [el("h3", {text: "Countdown"}),
      el("p", {id: "er-t-call", class: "er-t-call", text: r.call !== null && r.call < low ?
               "Countdown over: on to the pass phase." : text})]);
    var next = el("button", {id: "er-t-next-call", type: "button", class: "er-primary",
                             text: r.call === null ? "Start the countdown" : "Next call"});
    var again = el("button", {id: "er-t-restart-call", type: "button", text: "Start again"});
    next.disabled = r.call !== null && r.call < low;
    next.addEventListener("click", function () {
      r.call = r.call === null ? top : r.call - 1; save(); draw();
    });
    again.addEventListener("click", function () { r.call = null; save(); draw(); });
    box.appendChild(el("p", {}, [next, " ", again]));
    return box;
  }

  function drawPlayers(r) {
    var robots = [["", "\u2014"]].concat(data.bots.map(function (b) { return [b.id, b.name]; }));
    var powers = [["", "?"]];
    for (var v = data.power_deck.low; v <= data.power_deck.high; v++) powers.push([v, String(v)]);
    var table = el("table", {id: "er-t-players", class: "er-t-table"});
    table.appendChild(el("thead", {}, [el("tr", {}, ["Player", "Power", "Robot", "Passed",
      "Reaction", "Team at the end", "NegativeBot picked", "Bet", "Action used"].map(
        function (h) { return el("th", {scope: "col", text: h}); }))]));
    var body = el("tbody");
    r.players.forEach(function (p, i) {
      var row = el("tr", {"data-player": String(i)});
      row.appendChild(el("th", {scope: "row", text: state.players[i]}));
      var power = select("er-t-power-" + i, powers, p.power, "Power of " + state.players[i]);
      var level = el("small", {class: "er-t-level", id: "er-t-level-" + i,
        text: p.robot === "plusbot" && p.power !== "" ?
              " level " + (Number(p.power) + plusBonus()) : ""});
      row.appendChild(el("td", {}, [power, level]));
      row.appendChild(el("td", {}, [select("er-t-robot-" + i, robots, p.robot,
                                           "Robot of " + state.players[i])]));
      row.appendChild(el("td", {}, [select("er-t-passed-" + i, [["", "no"],
        ["debate", "in the debate"], ["turn", "on their turn"]], p.passed,
        "When " + state.players[i] + " passed")]));
      row.appendChild(el("td", {}, [select("er-t-reacted-" + i, [["", "none"],
        ["before", "before the pass phase"], ["pass", "in the pass phase"]], p.reacted,
        "Reaction of " + state.players[i])]));
      row.appendChild(el("td", {}, [select("er-t-team-" + i, [["", "?"]].concat(
        TEAMS.map(function (t) { return [t, t]; })), p.team, "Team of " + state.players[i])]));
      var neg = el("input", {type: "checkbox", id: "er-t-negated-" + i,
                             "aria-label": state.players[i] + " picked by NegativeBot"});
      neg.checked = p.negated;
      row.appendChild(el("td", {}, [neg]));
      var bet = select("er-t-bet-" + i, [["", "\u2014"]].concat(
        ["Good", "Evil", "Neutral"].map(function (t) { return [t, t]; })), p.bet,
        "Bet of " + state.players[i]);
      bet.disabled = ["betbot", "copybot"].indexOf(p.robot) < 0;
      row.appendChild(el("td", {}, [bet]));
      var ability = el("input", {type: "checkbox", id: "er-t-ability-" + i,
                                 "aria-label": state.players[i] + " used their action"});
      ability.checked = p.ability;
      row.appendChild(el("td", {}, [ability]));
      body.appendChild(row);
    });
    table.appendChild(body);
    table.addEventListener("change", function (e) {
      var row = e.target.closest("tr[data-player]");
      if (!row) return;
      var me = r.players[Number(row.dataset.player)];
      var key = e.target.id.split("-")[2];
      me[key] = e.target.type === "checkbox" ? e.target.checked : e.target.value;
      r.order = null; r.result = null;
      save(); draw();
      var again = document.getElementById(e.target.id);
      if (again) again.focus();
    });
    var points = select("er-t-points", powers, r.points, "Points card");
    points.addEventListener("change", function () {
      r.points = points.value; r.result = null; save(); draw();
    });
    return el("div", {class: "er-t-box"}, [el("h3", {text: "The table"}),
      el("p", {}, [el("label", {}, ["Points card this round ", points])]),
      el("p", {class: "er-t-note", text: "Fill in what players show as they show it. A " +
        "PlusBot's level is its card + " + plusBonus() + "."}),
      el("div", {class: "er-t-scroll"}, [table])]);
  }

  function drawLog(r) {
    var who = select("er-t-log-who", state.players.map(function (n, i) { return [i, n]; }), 0,
                     "Who");
    var kind = select("er-t-log-kind", [["convert", "converted"], ["reveal", "showed"],
                                        ["swap", "swapped power with the points card"]],
                      "convert", "What happened");
    var target = select("er-t-log-target", state.players.map(function (n, i) { return [i, n]; }),
                        1, "Whom or what");
    var what = select("er-t-log-what", [["robot", "their robot card"],
      ["allegiance", "their allegiance"], ["power", "only their power"]], "robot",
      "What was shown");
    var add = el("button", {id: "er-t-log-add", type: "button", text: "Add to the log"});
    var list = el("ol", {id: "er-t-log"});
    r.log.forEach(function (e, n) {
      var line = state.players[e.who] + (e.kind === "convert" ? " converted " +
        state.players[e.target] : e.kind === "swap" ? " swapped their power card with the " +
        "points card" : " showed " + (e.what === "power" ? "only their power" : "their " +
        e.what));
      var undo = el("button", {type: "button", class: "er-t-undo", text: "remove",
                               "aria-label": "Remove log entry " + (n + 1)});
      undo.addEventListener("click", function () {
        r.log.splice(n, 1); r.result = null; save(); draw(); });
      list.appendChild(el("li", {}, [line + " ", undo]));
    });
    add.addEventListener("click", function () {
      var entry = {kind: kind.value, who: Number(who.value)};
      if (entry.kind === "convert") entry.target = Number(target.value);
      if (entry.kind === "reveal") entry.what = what.value;
      if (entry.kind === "swap") {
        var robot = r.players[entry.who].robot;
        if (["swapbot", "copybot"].indexOf(robot) < 0) {
          return fail("Only SwapBot (or CopyBot copying it) swaps with the points card: set " +
                      state.players[entry.who] + "'s robot first.");
        }
        if (r.points === "" || r.players[entry.who].power === "") {
          return fail("Fill in the points card and " + state.players[entry.who] +
                      "'s power before the swap.");
        }
      }
      fail("");
      r.log.push(entry); r.result = null; save(); draw();
    });
    return el("div", {class: "er-t-box", id: "er-t-round-log"}, [el("h3", {text: "Round log"}),
      el("p", {class: "er-t-note", text: "Conversions, reveals and swaps. The scorer reads it: " +
        "anyone in a conversion or who showed more than their power loses ScaredyBot's point."}),
      el("p", {}, [who, " ", kind, " ", target, " ", what, " ", add]), list]);
  }

  function drawPassPhase(r) {
    var box = el("div", {class: "er-t-box", id: "er-t-pass"}, [el("h3", {text: "Pass phase"})]);
    var go = el("button", {id: "er-t-order", type: "button", text: "Work out the order"});
    go.addEventListener("click", function () {
      var players = r.players.map(function (p, i) { return enginePlayer(p, i, ["power", "turn"]); });
      var missing = players.filter(function (p) { return p.power === undefined; });
      if (missing.length) {
        return fail("Every player's power is needed for the order (" +
                    missing.map(function (p) { return p.name; }).join(", ") + ").");
      }
      ask({game: "evilrobots", op: "turn_order", players: players}, function (answer) {
        r.order = answer; save(); draw();
      });
    });
    box.appendChild(go);
    if (r.order) {
      var order = el("ol", {id: "er-t-pass-order"});
      r.order.pass_phase.forEach(function (e) {
        order.appendChild(el("li", {text: e.name + " (level " + e.level + ")" +
                                          (e.must_pass ? ": must pass" : "")}));
      });
      box.appendChild(order);
      if (!r.order.pass_phase.length) box.appendChild(el("p", {text: "Nobody acts."}));
      if (r.order.skipped.length) {
        box.appendChild(el("p", {text: "No turn (lowest passer): " + r.order.skipped.join(", ")}));
      }
      if (r.order.why) box.appendChild(el("p", {text: r.order.why}));
    }
    return box;
  }

  function drawScore(r) {
    var box = el("div", {class: "er-t-box", id: "er-t-score"}, [el("h3", {text: "End of round"})]);
    var go = el("button", {id: "er-t-score-round", type: "button", class: "er-primary",
                           text: "Score the round"});
    box.appendChild(go);
    go.addEventListener("click", function () {
      if (r.points === "") return fail("Fill in the round's points card.");
      var players = r.players.map(function (p, i) {
        return enginePlayer(p, i, ["power", "score"]); });
      var missing = players.filter(function (p) { return p.power === undefined || !p.team; });
      if (missing.length) {
        return fail("Every player's power and final team is needed to score (" +
                    missing.map(function (p) { return p.name; }).join(", ") + ").");
      }
      var request = {game: "evilrobots", op: "score_round", points: Number(r.points),
                     players: players};
      if (state.extra) request.extra_robot = r.extraTeam || "Neutral";
      ask(request, function (answer) {
        r.result = answer; r.split = {}; save(); draw();
      });
    });
    if (state.extra) {
      var extra = select("er-t-extra-team", TEAMS.map(function (t) { return [t, t]; }),
                         r.extraTeam || "Neutral", "Team of the non-player robot");
      extra.addEventListener("change", function () {
        r.extraTeam = extra.value; r.result = null; save(); draw(); });
      box.appendChild(el("p", {}, [el("label", {}, ["Non-player robot's team ", extra])]));
    }
    if (!r.result) return box;
    var res = r.result;
    box.appendChild(el("p", {id: "er-t-winner", text: res.winner ? res.winner + " wins: " +
      "Good " + res.totals.Good + ", Evil " + res.totals.Evil + "." : res.why}));
    var award = {};
    var winners = res.pool ? res.pool.shared_by : [];
    if (winners.length) {
      box.appendChild(el("p", {text: "The winners share " + res.pool.points + " point" +
        (res.pool.points === 1 ? "" : "s") + " as they agree; if they cannot agree, each gets " +
        res.pool.each_if_no_agreement + "."}));
      var split = el("div", {id: "er-t-split"});
      winners.forEach(function (name) {
        var input = el("input", {type: "number", min: "0", id: "er-t-split-" + name,
                                 "aria-label": "Points for " + name,
                                 value: r.split[name] !== undefined ? String(r.split[name]) : ""});
        input.addEventListener("change", function () {
          r.split[name] = Number(input.value); save(); });
        split.appendChild(el("label", {}, [name + " ", input]));
      });
      box.appendChild(split);
    }
    Object.keys(res.bot_points).forEach(function (name) {
      box.appendChild(el("p", {class: "er-t-note", text: name + ": " +
        (res.bot_points[name] > 0 ? "+" : "") + res.bot_points[name] + " from their robot"}));
    });
    var agreed = el("button", {id: "er-t-agreed", type: "button", class: "er-primary",
                               text: "Winners agreed: add to the scoreboard"});
    var fallback = el("button", {id: "er-t-fallback", type: "button",
                                 text: "No agreement: " + (res.pool ? res.pool.each_if_no_agreement
                                       : 0) + " each"});
    function finish(shares) {
      winners.forEach(function (name) { award[name] = (award[name] || 0) + shares(name); });
      Object.keys(res.bot_points).forEach(function (name) {
        award[name] = (award[name] || 0) + res.bot_points[name]; });
      state.scores.push({round: r.number, points: award});
      decide();
      if (!state.winner) state.rounds.push(newRound(r.number + 1));
      fail(""); save(); draw();
    }
    agreed.addEventListener("click", function () {
      var total = winners.reduce(function (sum, n) { return sum + (r.split[n] || 0); }, 0);
      if (winners.length && total !== res.pool.points) {
        return fail("The shares add up to " + total + ", not " + res.pool.points +
                    ": every point must be given out.");
      }
      finish(function (name) { return r.split[name] || 0; });
    });
    fallback.addEventListener("click", function () {
      finish(function () { return res.pool.each_if_no_agreement; });
    });
    box.appendChild(el("p", {}, [agreed, " ", fallback]));
    return box;
  }

  /* The first to the target wins; two or more there together play on (rules line 56). */
  function totals() {
    var sum = {};
    state.players.forEach(function (n) { sum[n] = 0; });
    state.scores.forEach(function (s) {
      Object.keys(s.points).forEach(function (n) { sum[n] += s.points[n]; }); });
    return sum;
  }
  function decide() {
    var sum = totals(), best = Math.max.apply(null, Object.values(sum));
    var leaders = Object.keys(sum).filter(function (n) { return sum[n] === best; });
    state.winner = best >= state.target && leaders.length === 1 ? leaders[0] : null;
    state.playOn = best >= state.target && leaders.length > 1 ? leaders : null;
  }

  function drawScoreboard() {
    var sum = totals();
    var table = el("table", {id: "er-t-scoreboard", class: "er-t-table"});
    table.appendChild(el("thead", {}, [el("tr", {}, [el("th", {scope: "col", text: "Player"})]
      .concat(state.scores.map(function (s) {
        return el("th", {scope: "col", text: "R" + s.round}); }))
      .concat([el("th", {scope: "col", text: "Total"})]))]));
    var body = el("tbody");
    state.players.forEach(function (n) {
      body.appendChild(el("tr", {}, [el("th", {scope: "row", text: n})].concat(
        state.scores.map(function (s) { return el("td", {text: String(s.points[n] || 0)}); }))
        .concat([el("td", {class: "er-t-total", text: String(sum[n])})])));
    });
    table.appendChild(body);
    var box = el("div", {class: "er-t-box", id: "er-t-scores"}, [
      el("h2", {text: "Scoreboard (to " + state.target + ")"}),
      el("div", {class: "er-t-scroll"}, [table])]);
    if (state.winner) {
      box.appendChild(el("p", {id: "er-t-game-winner", class: "er-t-call",
                               text: state.winner + " wins the game!"}));
    } else if (state.playOn) {
      box.appendChild(el("p", {id: "er-t-play-on", text: state.playOn.join(" and ") +
        " reached " + state.target + " together: play on until one leads alone."}));
    }
    return box;
  }

  /* ---- the engine ---- */
  function ask(request, then) {
    var engine = window.rulepressEngine;
    if (!engine) return fail("The rules engine is not loaded on this page.");
    els.error.textContent = "Working it out\u2026";
    engine.ask(request).then(function (response) {
      if (!response.ok) return fail(response.error.message);
      fail("");
      then(response);
    }).catch(function (error) { fail("The rules engine stopped: " + error.message); });
  }

  /* Network first, cache as fallback (offline-sw.js, at the site's root so it also serves
     the engine worker's files): once the page controls its fetches, the engine starts, and
     everything it loads is kept, so the table screen works offline from then on. */
  function keepOffline() {
    if (!("serviceWorker" in navigator)) return Promise.resolve();
    var controlled = new Promise(function (done) {
      if (navigator.serviceWorker.controller) return done();
      navigator.serviceWorker.addEventListener("controllerchange", done);
    }).then(function () { root.dataset.offline = "ready"; });
    navigator.serviceWorker.register(root.dataset.worker, {scope: "../../"}).then(function () {
      if (!root.dataset.offline) root.dataset.offline = "registered";
    }).catch(function (err) { root.dataset.offline = "unavailable: " + err; });
    // the engine waits for the worker to take over (so its files are kept), but not forever
    return Promise.race([controlled, new Promise(function (done) { setTimeout(done, 15000); })]);
  }

  fetch(root.dataset.src).then(function (r) { return r.json(); }).then(function (loaded) {
    data = loaded;
    build();
    state = load();
    if (state && !(state.players && state.rounds && state.rounds.length)) state = null;
    draw();
    root.dataset.ready = "true";
    keepOffline().then(function () {
      if (window.rulepressEngine) window.rulepressEngine.start();
    });
  }).catch(function (err) {
    root.textContent = "Could not load the table screen's data (" + err + "). Reload the page.";
  });
})();
