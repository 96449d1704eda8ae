/* The Evil Robots table screen: the host shares it on the video call.
   A debate timer, the countdown caller, the pass-phase order, a round log and a scoreboard
   across rounds. The rules themselves come from the rules engine (turn_order and
   score_round, run in the browser by the engine worker: engine/client.js); this file
   only keeps the table's state, in localStorage, so a reload loses nothing. */
import { engine } from "../engine/client.js";
import { el } from "../shared/dom.js";

const root = document.getElementById("er-table");
const STORE = "rulepress-evilrobots-table";
const TEAMS = ["Good", "Evil", "Neutral"];
const NUMBERS = ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"];
const els = {};
let data;
let state;
let timer = null;

function save() {
  try {
    localStorage.setItem(STORE, JSON.stringify(state));
  } catch {
    // private mode or full: the state lives until the page closes
  }
}
function load() {
  try {
    return JSON.parse(localStorage.getItem(STORE)) || null;
  } catch (e) {
    return null;
  }
}
function bot(id) {
  return data.bots.filter((b) => b.id === id)[0];
}
function option(value, text, chosen) {
  const o = el("option", { value, text });
  if (String(chosen) === String(value)) o.selected = true;
  return o;
}
function select(id, options, chosen, label) {
  const s = el("select", { id, "aria-label": label });
  options.forEach((o) => {
    s.appendChild(option(o[0], o[1], chosen));
  });
  return s;
}

/* ---- state ---- */
function newRound(number) {
  return {
    number,
    points: "",
    call: null,
    timerLeft: debateSeconds(),
    players: state.players.map(() => ({
      power: "",
      robot: "",
      passed: "",
      reacted: "",
      team: "",
      negated: false,
      bet: "",
      ability: false,
    })),
    log: [],
    order: null,
    result: null,
    split: {},
  };
}
function round() {
  return state.rounds[state.rounds.length - 1];
}

/* The request fields of one player, as the engine's ops read them. */
function enginePlayer(p, i, fields) {
  const out = { name: state.players[i] };
  const r = round();
  const me = r.players[i];
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
/* The debate's length from the rules data; a minute when the data gives none. */
const debateSeconds = () => data.round.debate_seconds ?? 60;
/* PlusBot's power bonus, from its card's scoring effect (the data, as the engine reads it). */
function plusBonus() {
  const plus = bot("plusbot");
  return plus && plus.scoring.effect === "power_bonus" ? plus.scoring.points : 0;
}
/* The round log feeds the scorer: a swap, and whether a player showed more than power. */
function swapped(i) {
  return round().log.some((e) => e.kind === "swap" && e.who === i);
}
function revealedMore(i) {
  return round().log.some(
    (e) =>
      (e.kind === "reveal" && e.who === i && e.what !== "power") ||
      (e.kind === "convert" && (e.who === i || e.target === i)),
  );
}

/* ---- drawing ---- */
function build() {
  els.setup = el("section", { id: "er-t-setup", class: "er-t-box" });
  els.game = el("section", { id: "er-t-game" });
  els.error = el("p", { id: "er-t-error", class: "er-error", role: "alert" });
  root.appendChild(els.setup);
  root.appendChild(els.error);
  root.appendChild(els.game);
}

function drawSetup() {
  els.setup.textContent = "";
  const names = el("textarea", {
    id: "er-t-names",
    rows: "4",
    "aria-label": "Player names",
    placeholder: "Ann, Bo, Cy, Di",
  });
  names.value = state ? state.players.join(", ") : "";
  const target = el("input", {
    id: "er-t-target",
    type: "number",
    min: "1",
    max: "99",
    value: String(state ? state.target : data.round.win_points),
  });
  const extra = el("input", { id: "er-t-extra", type: "checkbox" });
  extra.checked = !!(state && state.extra);
  const start = el("button", {
    id: "er-t-start",
    class: "er-primary",
    type: "button",
    text: state ? "Start a new game" : "Start the game",
  });
  els.setup.appendChild(el("h2", { text: "Players" }));
  els.setup.appendChild(
    el("label", {}, [
      "Names, " + data.players.min + " to " + data.players.max + ", separated by commas",
      names,
    ]),
  );
  els.setup.appendChild(el("label", {}, ["Points to win the game ", target]));
  els.setup.appendChild(
    el("label", {}, [
      extra,
      " Add the non-player robot (power " + data.round.extra_robot_power + ", starts Neutral)",
    ]),
  );
  els.setup.appendChild(start);
  start.addEventListener("click", () => {
    const list = names.value
      .split(/[,\n]/)
      .map((n) => n.trim())
      .filter(Boolean);
    const unique = list.filter((n, i) => list.indexOf(n) === i);
    if (list.length < data.players.min || list.length > data.players.max) {
      return fail(
        "Evil Robots is for " +
          data.players.min +
          " to " +
          data.players.max +
          " players; you gave " +
          list.length +
          ".",
      );
    }
    if (unique.length !== list.length) return fail("Two players have the same name.");
    const points = Number(target.value);
    if (!(points >= 1 && points <= 99)) return fail("Points to win: a number from 1 to 99.");
    if (
      state &&
      state.rounds.length > 1 &&
      !window.confirm("Start a new game? The scoreboard of this one is cleared.")
    )
      return;
    state = { players: list, target: points, extra: extra.checked, rounds: [], scores: [] };
    state.rounds.push(newRound(1));
    fail("");
    save();
    draw();
  });
}

function fail(text) {
  els.error.textContent = text;
  return false;
}

function draw() {
  drawSetup();
  els.game.textContent = "";
  if (!state) return;
  const r = round();
  els.game.appendChild(drawScoreboard());
  if (state.winner) return;
  els.game.appendChild(el("h2", { id: "er-t-round", text: "Round " + r.number }));
  els.game.appendChild(drawTimer(r));
  els.game.appendChild(drawCountdown(r));
  els.game.appendChild(drawPlayers(r));
  els.game.appendChild(drawLog(r));
  els.game.appendChild(drawPassPhase(r));
  els.game.appendChild(drawScore(r));
}

function drawTimer(r) {
  const box = el("div", { class: "er-t-box", id: "er-t-debate" }, [el("h3", { text: "Debate" })]);
  const shown = el("span", { id: "er-t-clock", class: "er-t-clock", text: clock(r.timerLeft) });
  const go = el("button", { id: "er-t-timer", type: "button", text: timer ? "Pause" : "Start" });
  const reset = el("button", { id: "er-t-timer-reset", type: "button", text: "Reset" });
  box.appendChild(el("p", {}, [shown, " ", go, " ", reset]));
  box.appendChild(
    el("p", {
      class: "er-t-note",
      text: "Talk, promise and lie; show nothing yet. Anyone may pass now (tick \u201cpassed\u201d below).",
    }),
  );
  go.addEventListener("click", () => {
    if (timer) {
      clearInterval(timer);
      timer = null;
      draw();
      return;
    }
    timer = setInterval(() => {
      r.timerLeft = Math.max(0, r.timerLeft - 1);
      const c = document.getElementById("er-t-clock");
      if (c) {
        c.textContent = clock(r.timerLeft);
        c.classList.toggle("er-t-up", !r.timerLeft);
      }
      if (!r.timerLeft) {
        clearInterval(timer);
        timer = null;
        draw();
      }
      save();
    }, 1000);
    draw();
  });
  reset.addEventListener("click", () => {
    if (timer) {
      clearInterval(timer);
      timer = null;
    }
    r.timerLeft = debateSeconds();
    save();
    draw();
  });
  return box;
}
function clock(seconds) {
  return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
}

function drawCountdown(r) {
  const top = data.power_deck.high;
  const low = data.power_deck.low;
  const text =
    r.call === null
      ? "Ready to count down"
      : "Is anyone power level " + NUMBERS[r.call - 1] + (r.call === top ? " or more?" : "?");
  const box = el("div", { class: "er-t-box", id: "er-t-countdown" }, [
    el("h3", { text: "Countdown" }),
    el("p", {
      id: "er-t-call",
      class: "er-t-call",
      text: r.call !== null && r.call < low ? "Countdown over: on to the pass phase." : text,
    }),
  ]);
  const next = el("button", {
    id: "er-t-next-call",
    type: "button",
    class: "er-primary",
    text: r.call === null ? "Start the countdown" : "Next call",
  });
  const again = el("button", { id: "er-t-restart-call", type: "button", text: "Start again" });
  next.disabled = r.call !== null && r.call < low;
  next.addEventListener("click", () => {
    r.call = r.call === null ? top : r.call - 1;
    save();
    draw();
  });
  again.addEventListener("click", () => {
    r.call = null;
    save();
    draw();
  });
  box.appendChild(el("p", {}, [next, " ", again]));
  return box;
}

function drawPlayers(r) {
  const robots = [["", "\u2014"]].concat(data.bots.map((b) => [b.id, b.name]));
  const powers = [["", "?"]];
  for (let v = data.power_deck.low; v <= data.power_deck.high; v++) powers.push([v, String(v)]);
  const table = el("table", { id: "er-t-players", class: "er-t-table" });
  table.appendChild(
    el("thead", {}, [
      el(
        "tr",
        {},
        [
          "Player",
          "Power",
          "Robot",
          "Passed",
          "Reaction",
          "Team at the end",
          "NegativeBot picked",
          "Bet",
          "Action used",
        ].map((h) => el("th", { scope: "col", text: h })),
      ),
    ]),
  );
  const body = el("tbody");
  r.players.forEach((p, i) => {
    const row = el("tr", { "data-player": String(i) });
    row.appendChild(el("th", { scope: "row", text: state.players[i] }));
    const power = select("er-t-power-" + i, powers, p.power, "Power of " + state.players[i]);
    const level = el("small", {
      class: "er-t-level",
      id: "er-t-level-" + i,
      text: p.robot === "plusbot" && p.power !== "" ? " level " + (Number(p.power) + plusBonus()) : "",
    });
    row.appendChild(el("td", {}, [power, level]));
    row.appendChild(
      el("td", {}, [select("er-t-robot-" + i, robots, p.robot, "Robot of " + state.players[i])]),
    );
    row.appendChild(
      el("td", {}, [
        select(
          "er-t-passed-" + i,
          [
            ["", "no"],
            ["debate", "in the debate"],
            ["turn", "on their turn"],
          ],
          p.passed,
          "When " + state.players[i] + " passed",
        ),
      ]),
    );
    row.appendChild(
      el("td", {}, [
        select(
          "er-t-reacted-" + i,
          [
            ["", "none"],
            ["before", "before the pass phase"],
            ["pass", "in the pass phase"],
          ],
          p.reacted,
          "Reaction of " + state.players[i],
        ),
      ]),
    );
    row.appendChild(
      el("td", {}, [
        select(
          "er-t-team-" + i,
          [["", "?"]].concat(TEAMS.map((t) => [t, t])),
          p.team,
          "Team of " + state.players[i],
        ),
      ]),
    );
    const neg = el("input", {
      type: "checkbox",
      id: "er-t-negated-" + i,
      "aria-label": state.players[i] + " picked by NegativeBot",
    });
    neg.checked = p.negated;
    row.appendChild(el("td", {}, [neg]));
    const bet = select(
      "er-t-bet-" + i,
      [["", "\u2014"]].concat(["Good", "Evil", "Neutral"].map((t) => [t, t])),
      p.bet,
      "Bet of " + state.players[i],
    );
    bet.disabled = ["betbot", "copybot"].indexOf(p.robot) < 0;
    row.appendChild(el("td", {}, [bet]));
    const ability = el("input", {
      type: "checkbox",
      id: "er-t-ability-" + i,
      "aria-label": state.players[i] + " used their action",
    });
    ability.checked = p.ability;
    row.appendChild(el("td", {}, [ability]));
    body.appendChild(row);
  });
  table.appendChild(body);
  table.addEventListener("change", (e) => {
    const row = e.target.closest("tr[data-player]");
    if (!row) return;
    const me = r.players[Number(row.dataset.player)];
    const key = e.target.id.split("-")[2];
    me[key] = e.target.type === "checkbox" ? e.target.checked : e.target.value;
    r.order = null;
    r.result = null;
    save();
    draw();
    const again = document.getElementById(e.target.id);
    if (again) again.focus();
  });
  const points = select("er-t-points", powers, r.points, "Points card");
  points.addEventListener("change", () => {
    r.points = points.value;
    r.result = null;
    save();
    draw();
  });
  return el("div", { class: "er-t-box" }, [
    el("h3", { text: "The table" }),
    el("p", {}, [el("label", {}, ["Points card this round ", points])]),
    el("p", {
      class: "er-t-note",
      text: `Fill in what players show as they show it. A PlusBot's level is its card + ${plusBonus()}.`,
    }),
    el("div", { class: "er-t-scroll" }, [table]),
  ]);
}

function drawLog(r) {
  const who = select(
    "er-t-log-who",
    state.players.map((n, i) => [i, n]),
    0,
    "Who",
  );
  const kind = select(
    "er-t-log-kind",
    [
      ["convert", "converted"],
      ["reveal", "showed"],
      ["swap", "swapped power with the points card"],
    ],
    "convert",
    "What happened",
  );
  const target = select(
    "er-t-log-target",
    state.players.map((n, i) => [i, n]),
    1,
    "Whom or what",
  );
  const what = select(
    "er-t-log-what",
    [
      ["robot", "their robot card"],
      ["allegiance", "their allegiance"],
      ["power", "only their power"],
    ],
    "robot",
    "What was shown",
  );
  const add = el("button", { id: "er-t-log-add", type: "button", text: "Add to the log" });
  const list = el("ol", { id: "er-t-log" });
  r.log.forEach((e, n) => {
    const line =
      state.players[e.who] +
      (e.kind === "convert"
        ? " converted " + state.players[e.target]
        : e.kind === "swap"
          ? " swapped their power card with the " + "points card"
          : " showed " + (e.what === "power" ? "only their power" : "their " + e.what));
    const undo = el("button", {
      type: "button",
      class: "er-t-undo",
      text: "remove",
      "aria-label": "Remove log entry " + (n + 1),
    });
    undo.addEventListener("click", () => {
      r.log.splice(n, 1);
      r.result = null;
      save();
      draw();
    });
    list.appendChild(el("li", {}, [line + " ", undo]));
  });
  add.addEventListener("click", () => {
    const entry = { kind: kind.value, who: Number(who.value) };
    if (entry.kind === "convert") entry.target = Number(target.value);
    if (entry.kind === "reveal") entry.what = what.value;
    if (entry.kind === "swap") {
      const robot = r.players[entry.who].robot;
      if (["swapbot", "copybot"].indexOf(robot) < 0) {
        return fail(
          "Only SwapBot (or CopyBot copying it) swaps with the points card: set " +
            state.players[entry.who] +
            "'s robot first.",
        );
      }
      if (r.points === "" || r.players[entry.who].power === "") {
        return fail("Fill in the points card and " + state.players[entry.who] + "'s power before the swap.");
      }
    }
    fail("");
    r.log.push(entry);
    r.result = null;
    save();
    draw();
  });
  return el("div", { class: "er-t-box", id: "er-t-round-log" }, [
    el("h3", { text: "Round log" }),
    el("p", {
      class: "er-t-note",
      text:
        "Conversions, reveals and swaps. The scorer reads it: " +
        "anyone in a conversion or who showed more than their power loses ScaredyBot's point.",
    }),
    el("p", {}, [who, " ", kind, " ", target, " ", what, " ", add]),
    list,
  ]);
}

function drawPassPhase(r) {
  const box = el("div", { class: "er-t-box", id: "er-t-pass" }, [el("h3", { text: "Pass phase" })]);
  const go = el("button", { id: "er-t-order", type: "button", text: "Work out the order" });
  go.addEventListener("click", () => {
    const players = r.players.map((p, i) => enginePlayer(p, i, ["power", "turn"]));
    const missing = players.filter((p) => p.power === undefined);
    if (missing.length) {
      return fail(
        "Every player's power is needed for the order (" + missing.map((p) => p.name).join(", ") + ").",
      );
    }
    ask({ game: "evilrobots", op: "turn_order", players }, (answer) => {
      r.order = answer;
      save();
      draw();
    });
  });
  box.appendChild(go);
  if (r.order) {
    const order = el("ol", { id: "er-t-pass-order" });
    r.order.pass_phase.forEach((e) => {
      order.appendChild(
        el("li", { text: e.name + " (level " + e.level + ")" + (e.must_pass ? ": must pass" : "") }),
      );
    });
    box.appendChild(order);
    if (!r.order.pass_phase.length) box.appendChild(el("p", { text: "Nobody acts." }));
    if (r.order.skipped.length) {
      box.appendChild(el("p", { text: "No turn (lowest passer): " + r.order.skipped.join(", ") }));
    }
    if (r.order.why) box.appendChild(el("p", { text: r.order.why }));
  }
  return box;
}

function drawScore(r) {
  const box = el("div", { class: "er-t-box", id: "er-t-score" }, [el("h3", { text: "End of round" })]);
  const go = el("button", {
    id: "er-t-score-round",
    type: "button",
    class: "er-primary",
    text: "Score the round",
  });
  box.appendChild(go);
  go.addEventListener("click", () => {
    if (r.points === "") return fail("Fill in the round's points card.");
    const players = r.players.map((p, i) => enginePlayer(p, i, ["power", "score"]));
    const missing = players.filter((p) => p.power === undefined || !p.team);
    if (missing.length) {
      return fail(
        "Every player's power and final team is needed to score (" +
          missing.map((p) => p.name).join(", ") +
          ").",
      );
    }
    const request = { game: "evilrobots", op: "score_round", points: Number(r.points), players };
    if (state.extra) request.extra_robot = r.extraTeam || "Neutral";
    ask(request, (answer) => {
      r.result = answer;
      r.split = {};
      save();
      draw();
    });
  });
  if (state.extra) {
    const extra = select(
      "er-t-extra-team",
      TEAMS.map((t) => [t, t]),
      r.extraTeam || "Neutral",
      "Team of the non-player robot",
    );
    extra.addEventListener("change", () => {
      r.extraTeam = extra.value;
      r.result = null;
      save();
      draw();
    });
    box.appendChild(el("p", {}, [el("label", {}, ["Non-player robot's team ", extra])]));
  }
  if (!r.result) return box;
  const res = r.result;
  box.appendChild(
    el("p", {
      id: "er-t-winner",
      text: res.winner
        ? res.winner + " wins: " + "Good " + res.totals.Good + ", Evil " + res.totals.Evil + "."
        : res.why,
    }),
  );
  const award = {};
  const winners = res.pool ? res.pool.shared_by : [];
  if (winners.length) {
    box.appendChild(
      el("p", {
        text:
          "The winners share " +
          res.pool.points +
          " point" +
          (res.pool.points === 1 ? "" : "s") +
          " as they agree; if they cannot agree, each gets " +
          res.pool.each_if_no_agreement +
          ".",
      }),
    );
    const split = el("div", { id: "er-t-split" });
    winners.forEach((name) => {
      const input = el("input", {
        type: "number",
        min: "0",
        id: "er-t-split-" + name,
        "aria-label": "Points for " + name,
        value: r.split[name] !== undefined ? String(r.split[name]) : "",
      });
      input.addEventListener("change", () => {
        r.split[name] = Number(input.value);
        save();
      });
      split.appendChild(el("label", {}, [name + " ", input]));
    });
    box.appendChild(split);
  }
  Object.keys(res.bot_points).forEach((name) => {
    box.appendChild(
      el("p", {
        class: "er-t-note",
        text:
          name + ": " + (res.bot_points[name] > 0 ? "+" : "") + res.bot_points[name] + " from their robot",
      }),
    );
  });
  const agreed = el("button", {
    id: "er-t-agreed",
    type: "button",
    class: "er-primary",
    text: "Winners agreed: add to the scoreboard",
  });
  const fallback = el("button", {
    id: "er-t-fallback",
    type: "button",
    text: "No agreement: " + (res.pool ? res.pool.each_if_no_agreement : 0) + " each",
  });
  function finish(shares) {
    winners.forEach((name) => {
      award[name] = (award[name] || 0) + shares(name);
    });
    Object.keys(res.bot_points).forEach((name) => {
      award[name] = (award[name] || 0) + res.bot_points[name];
    });
    state.scores.push({ round: r.number, points: award });
    decide();
    if (!state.winner) state.rounds.push(newRound(r.number + 1));
    fail("");
    save();
    draw();
  }
  agreed.addEventListener("click", () => {
    const total = winners.reduce((sum, n) => sum + (r.split[n] || 0), 0);
    if (winners.length && total !== res.pool.points) {
      return fail(
        "The shares add up to " + total + ", not " + res.pool.points + ": every point must be given out.",
      );
    }
    finish((name) => r.split[name] || 0);
  });
  fallback.addEventListener("click", () => {
    finish(() => res.pool.each_if_no_agreement);
  });
  box.appendChild(el("p", {}, [agreed, " ", fallback]));
  return box;
}

/* The first to the target wins; two or more there together play on (rules line 56). */
function totals() {
  const sum = {};
  state.players.forEach((n) => {
    sum[n] = 0;
  });
  state.scores.forEach((s) => {
    Object.keys(s.points).forEach((n) => {
      sum[n] += s.points[n];
    });
  });
  return sum;
}
function decide() {
  const sum = totals();
  const best = Math.max.apply(null, Object.values(sum));
  const leaders = Object.keys(sum).filter((n) => sum[n] === best);
  state.winner = best >= state.target && leaders.length === 1 ? leaders[0] : null;
  state.playOn = best >= state.target && leaders.length > 1 ? leaders : null;
}

function drawScoreboard() {
  const sum = totals();
  const table = el("table", { id: "er-t-scoreboard", class: "er-t-table" });
  table.appendChild(
    el("thead", {}, [
      el(
        "tr",
        {},
        [el("th", { scope: "col", text: "Player" })]
          .concat(state.scores.map((s) => el("th", { scope: "col", text: "R" + s.round })))
          .concat([el("th", { scope: "col", text: "Total" })]),
      ),
    ]),
  );
  const body = el("tbody");
  state.players.forEach((n) => {
    body.appendChild(
      el(
        "tr",
        {},
        [el("th", { scope: "row", text: n })]
          .concat(state.scores.map((s) => el("td", { text: String(s.points[n] || 0) })))
          .concat([el("td", { class: "er-t-total", text: String(sum[n]) })]),
      ),
    );
  });
  table.appendChild(body);
  const box = el("div", { class: "er-t-box", id: "er-t-scores" }, [
    el("h2", { text: "Scoreboard (to " + state.target + ")" }),
    el("div", { class: "er-t-scroll" }, [table]),
  ]);
  if (state.winner) {
    box.appendChild(
      el("p", { id: "er-t-game-winner", class: "er-t-call", text: state.winner + " wins the game!" }),
    );
  } else if (state.playOn) {
    box.appendChild(
      el("p", {
        id: "er-t-play-on",
        text:
          state.playOn.join(" and ") +
          " reached " +
          state.target +
          " together: play on until one leads alone.",
      }),
    );
  }
  return box;
}

/* ---- the engine ---- */
function ask(request, then) {
  els.error.textContent = "Working it out\u2026";
  engine
    .ask(request)
    .then((response) => {
      if (!response.ok) return fail(response.error.message);
      fail("");
      then(response);
    })
    .catch((error) => {
      fail("The rules engine stopped: " + error.message);
    });
}

/* Network first, cache as fallback (offline-sw.js, at the site's root so it also serves
   the engine worker's files): once the page controls its fetches, the engine starts, and
   everything it loads is kept, so the table screen works offline from then on. */
function keepOffline() {
  if (!("serviceWorker" in navigator)) return Promise.resolve();
  const controlled = new Promise((done) => {
    if (navigator.serviceWorker.controller) return done();
    navigator.serviceWorker.addEventListener("controllerchange", done);
  }).then(() => {
    root.dataset.offline = "ready";
  });
  navigator.serviceWorker
    .register(root.dataset.worker, { scope: "../../" })
    .then(() => {
      if (!root.dataset.offline) root.dataset.offline = "registered";
    })
    .catch((err) => {
      root.dataset.offline = "unavailable: " + err;
    });
  // the engine waits for the worker to take over (so its files are kept), but not forever
  return Promise.race([
    controlled,
    new Promise((done) => {
      setTimeout(done, 15000);
    }),
  ]);
}

function start() {
  fetch(root.dataset.src)
    .then((r) => r.json())
    .then((loaded) => {
      data = loaded;
      build();
      state = load();
      if (state && !(state.players && state.rounds && state.rounds.length)) state = null;
      draw();
      root.dataset.ready = "true";
      keepOffline().then(() => {
        engine.start();
      });
    })
    .catch((err) => {
      root.textContent = "Could not load the table screen's data (" + err + "). Reload the page.";
    });
}

if (root) start();
