/* The Evil Robots table screen: the host shares it on the video call. A host view that fits
   a laptop: a bar that stays on screen (round, points card, debate timer, countdown caller,
   sound), the players table, the pass-phase order, the round log, the end of the round and
   the scoreboard. Setup (names, game code, join link and QR code for the phones) folds away
   once the game starts.

   The rules come from the rules engine (turn_order and score_round, run in the browser by
   the engine worker: engine/client.js); the bookkeeping is table-rules.js. The whole state
   is drawn again after every change with lit-html (shared/html.js `update`), and kept in
   localStorage, so a reload loses nothing. */
import { engine } from "../engine/client.js";
import { html, nothing, update } from "../shared/html.js";
import qrcode from "../vendor/qrcode-generator.js";
import { joinAddress, MAX_CODE, randomCode } from "./join-link.js";
import { qrPath } from "./qr-path.js";
import { buzz, chime, prime, say } from "./sound.js";
import * as rules from "./table-rules.js";

const root = document.getElementById("er-table");
const STORE = "rulepress-evilrobots-table";
const PREFS = "rulepress-evilrobots-table-prefs"; // sound and vibration, across games
let data;
let game = null; // the game (table-rules.js newGame), or null before the first start
let prefs = { sound: false, vibrate: false };
let draft; // the setup form: what "Start" will use
let setupOpen = true;
let message = "";
let timer = null;
const logForm = { kind: "convert", who: 0, target: 1, shown: "power", what: "robot" };

/* ---- keeping state ---- */
function save() {
  try {
    localStorage.setItem(STORE, JSON.stringify(game));
    localStorage.setItem(PREFS, JSON.stringify(prefs));
  } catch {
    // private mode or full: the state lives until the page closes
  }
}
function load(key) {
  try {
    return JSON.parse(localStorage.getItem(key));
  } catch (e) {
    return null;
  }
}
function changed() {
  save();
  draw();
}
/** Shows `text` in the message line (an error, or what just happened). */
function tell(text) {
  message = text;
  draw();
}

/* ---- the engine ---- */
function ask(request, then) {
  message = "Working it out\u2026";
  draw();
  engine
    .ask(request)
    .then((response) => {
      message = response.ok ? "" : response.error.message;
      // the engine names its field; here it is a box of the setup
      if (!response.ok && message.indexOf('"decks"') >= 0)
        message += " Here: Copies of the game, in the setup.";
      if (response.ok) then(response);
      changed();
    })
    .catch((error) => {
      message = "The rules engine stopped: " + error.message;
      draw();
    });
}

/* ---- small templates ---- */
function choose(id, options, value, label, onChange, extra = {}) {
  return html`<select
    id=${id}
    aria-label=${label}
    .value=${String(value)}
    ?disabled=${!!extra.disabled}
    @change=${(e) => onChange(e.target.value)}
  >
    ${options.map(([v, text]) => html`<option value=${String(v)} ?selected=${String(v) === String(value)}>${text}</option>`)}
  </select>`;
}
const powers = () => {
  const out = [["", "?"]];
  for (let v = data.power_deck.low; v <= data.power_deck.high; v++) out.push([String(v), String(v)]);
  return out;
};
const seats = () => game.players.map((name, i) => [String(i), name]);

/* ---- the bar: round, points card, timer, countdown, sound ---- */
function bar(r) {
  const { points, pending } = rules.pointsAfterSwaps(game, r, data);
  const dealt = rules.dealtPoints(game, r, data);
  let pointsText = "points card ?";
  if (dealt !== "") pointsText = "points card " + dealt;
  if (rules.swappers(r).length) pointsText += pending ? " (swapped by " + pending + ")" : ", now " + points;
  return html`<div class="er-bar" role="region" aria-label="Round, debate timer and countdown">
    <div class="er-bar-round">
      <span id="er-t-round">Round ${r.number}</span>
      <span id="er-t-points-card" class="er-bar-points">${pointsText}</span>
    </div>
    <div class="er-bar-timer" id="er-t-debate">
      <span class="er-bar-label">Debate</span>
      <span id="er-t-clock" class="er-t-clock ${r.timerLeft ? "" : "er-t-up"}">${clock(r.timerLeft)}</span>
      <button id="er-t-timer" type="button" @click=${() => toggleTimer(r)}>${timer ? "Pause" : "Start"}</button>
      <button id="er-t-timer-reset" type="button" @click=${() => resetTimer(r)}>Reset</button>
    </div>
    <div class="er-bar-call" id="er-t-countdown">
      <span id="er-t-call" class="er-t-call" aria-live="polite">${rules.callText(r.call, data)}</span>
      <button
        id="er-t-next-call"
        type="button"
        class="er-primary"
        ?disabled=${r.call !== null && r.call < data.power_deck.low}
        @click=${() => nextCall(r)}
      >
        ${r.call === null ? "Start the countdown" : "Next call"}
      </button>
      <button id="er-t-restart-call" type="button" @click=${() => ((r.call = null), changed())}>Start again</button>
    </div>
    <div class="er-bar-tools">
      <label
        ><input id="er-t-sound" type="checkbox" .checked=${prefs.sound} @change=${(e) => setPref("sound", e.target.checked)} />
        Sound</label
      >
      <label
        ><input
          id="er-t-vibrate"
          type="checkbox"
          .checked=${prefs.vibrate}
          @change=${(e) => setPref("vibrate", e.target.checked)}
        />
        Vibrate</label
      >
      <a href="../" class="er-bar-rules">Rules</a>
      <button id="er-t-open-setup" type="button" @click=${() => ((setupOpen = !setupOpen), draw())}>
        ${setupOpen ? "Hide setup" : "Setup, join link"}
      </button>
    </div>
  </div>`;
}

function setPref(name, on) {
  prefs[name] = on;
  if (name === "sound" && on) prime(); // during the tap: browsers start audio only then
  changed();
}

function clock(seconds) {
  return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
}
function stopTimer() {
  if (timer) clearInterval(timer);
  timer = null;
}
function toggleTimer(r) {
  if (timer) {
    stopTimer();
    return draw();
  }
  if (!r.timerLeft) r.timerLeft = rules.debateSeconds(data);
  timer = setInterval(() => {
    r.timerLeft = Math.max(0, r.timerLeft - 1);
    if (!r.timerLeft) {
      stopTimer();
      timeUp();
    }
    changed();
  }, 1000);
  draw();
}
function resetTimer(r) {
  stopTimer();
  r.timerLeft = rules.debateSeconds(data);
  changed();
}
function timeUp() {
  if (prefs.sound) chime();
  if (prefs.vibrate) buzz();
  root.dataset.timeUp = String(Number(root.dataset.timeUp || 0) + 1);
}
function nextCall(r) {
  r.call = r.call === null ? data.power_deck.high : r.call - 1;
  if (prefs.sound && r.call >= data.power_deck.low) say(rules.callText(r.call, data));
  changed();
}

/* ---- setup and the join link ---- */
function setup() {
  const names = splitNames(draft.names);
  const link =
    draft.code && names.length
      ? joinAddress(appletAddress(), { code: draft.code, players: names.length, names })
      : "";
  return html`<details
    id="er-t-setup-box"
    class="er-t-box"
    .open=${setupOpen}
    @toggle=${(e) => {
      if (setupOpen !== e.target.open) ((setupOpen = e.target.open), draw());
    }}
  >
    <summary>${game ? "Setup: a new game, and the join link" : "Setup"}</summary>
    <div class="er-t-setup">
      <div>
        <label
          >Names, ${data.players.min} to ${data.players.max}, separated by commas, in seat order
          <textarea
            id="er-t-names"
            rows="2"
            placeholder="Ann, Bo, Cy, Di"
            .value=${draft.names}
            @input=${(e) => ((draft.names = e.target.value), draw())}
          ></textarea>
        </label>
        <div class="er-t-row">
          <label
            >Points to win
            <input
              id="er-t-target"
              type="number"
              min="1"
              max="99"
              .value=${String(draft.target)}
              @change=${(e) => (draft.target = e.target.value)}
          /></label>
          <label
            >Copies of the game
            <input
              id="er-t-decks"
              type="number"
              min="1"
              max=${String(data.players.max)}
              .value=${String(draft.decks)}
              @change=${(e) => (draft.decks = e.target.value)}
          /></label>
        </div>
        <label class="er-t-check"
          ><input id="er-t-extra" type="checkbox" .checked=${draft.extra} @change=${(e) => (draft.extra = e.target.checked)} />
          Add the non-player robot (power ${data.round.extra_robot_power}, starts ${data.round.extra_robot_team || "Neutral"})</label
        >
        <p class="er-t-note">
          Several copies of the game: players dealing from their own decks may hold the same robot. With a game
          code the phones deal from one copy.
        </p>
        <button id="er-t-start" class="er-primary" type="button" @click=${start}>
          ${game ? "Start a new game" : "Start the game"}
        </button>
      </div>
      <div>
        <div class="er-t-row">
          <label
            >Game code (the phones')
            <input
              id="er-t-code"
              type="text"
              autocomplete="off"
              autocapitalize="characters"
              maxlength=${String(MAX_CODE)}
              placeholder="none: cards"
              .value=${draft.code}
              @input=${(e) => ((draft.code = e.target.value.trim().toUpperCase()), draw())}
          /></label>
          <button id="er-t-new-code" type="button" @click=${() => ((draft.code = randomCode()), draw())}>New code</button>
        </div>
        ${link ? join(link, names.length) : html`<p class="er-t-note" id="er-t-join-none">${joinHint()}</p>`}
      </div>
    </div>
  </details>`;
}

function joinHint() {
  if (!draft.code) return "Playing with phones? Make a game code: the join link and its QR code appear here.";
  return "Type the players' names: the join link carries them, so each phone picks its seat by name.";
}

function join(link, players) {
  const qr = qrcode(0, "M");
  qr.addData(link);
  qr.make();
  const count = qr.getModuleCount();
  const side = count + 8;
  return html`<div class="er-t-join">
    <svg id="er-t-qr" viewBox="0 0 ${side} ${side}" role="img" aria-label="QR code of the join link">
      <rect width=${side} height=${side} fill="#fff"></rect>
      <path d=${qrPath(count, (row, col) => qr.isDark(row, col))} fill="#000"></path>
    </svg>
    <div>
      <p>
        Phones join with this link (game code and ${players} players; each picks their own seat):
        <a id="er-t-join-link" href=${link} target="_blank" rel="noopener">${link}</a>
      </p>
      <button id="er-t-copy-link" type="button" @click=${() => copy(link)}>Copy the link</button>
      <p class="er-t-note">
        The table screen shows each round's points card from the same code; nobody's seat is shown here.
      </p>
    </div>
  </div>`;
}

function copy(text) {
  if (!navigator.clipboard) return tell("Select the link and copy it.");
  navigator.clipboard.writeText(text).then(
    () => tell("The join link is copied."),
    () => tell("Select the link and copy it."),
  );
}

function appletAddress() {
  return new URL(root.dataset.applet, location.href).href;
}
function splitNames(text) {
  return text
    .split(/[,\n]/)
    .map((n) => n.trim())
    .filter(Boolean);
}

function start() {
  const list = splitNames(draft.names);
  const { min, max } = data.players;
  if (list.length < min || list.length > max) {
    return tell("Evil Robots is for " + min + " to " + max + " players; you gave " + list.length + ".");
  }
  if (new Set(list).size !== list.length) return tell("Two players have the same name.");
  const target = Number(draft.target);
  if (!(target >= 1 && target <= 99)) return tell("Points to win: a number from 1 to 99.");
  const decks = Number(draft.decks);
  if (!(Number.isInteger(decks) && decks >= 1 && decks <= max)) {
    return tell("Copies of the game: a number from 1 to " + max + ".");
  }
  if (
    game &&
    game.rounds.length > 1 &&
    !window.confirm("Start a new game? The scoreboard of this one is cleared.")
  )
    return;
  stopTimer();
  game = rules.newGame({ names: list, target, extra: draft.extra, code: draft.code, decks }, data);
  Object.assign(logForm, { who: 0, target: 1 }); // seats of the last game may not exist
  setupOpen = false;
  message = "";
  changed();
}

/* ---- the players table ---- */
const PASSED = [
  ["", "no"],
  ["debate", "in the debate"],
  ["turn", "on their turn"],
];
const REACTED = [
  ["", "none"],
  ["before", "before pass phase"],
  ["pass", "in pass phase"],
];

function players(r) {
  const robots = [["", "\u2014"]].concat(data.bots.map((b) => [b.id, b.name]));
  const manualPoints = !game.code;
  return html`<section class="er-t-box er-t-players" aria-labelledby="er-t-players-title">
    <div class="er-t-head">
      <h2 id="er-t-players-title">The table</h2>
      ${
        manualPoints
          ? html`<label
            >Points card this round
            ${choose("er-t-points", powers(), r.points, "Points card", (v) => setPoints(r, v))}</label
          >`
          : nothing
      }
      <p class="er-t-note">
        Fill in what players show, as they show it: the power card they were dealt. A PlusBot or a FreeBot may
        claim another level.
      </p>
    </div>
    <div class="er-t-scroll" tabindex="0" role="region" aria-label="Players (scrolls sideways on a small screen)">
    <table id="er-t-players" class="er-t-table">
      <thead>
        <tr>
          <th scope="col">Player</th>
          <th scope="col">Power card</th>
          <th scope="col">Robot</th>
          <th scope="col">Passed</th>
          <th scope="col">Reaction used</th>
          <th scope="col">Team at the end</th>
          <th scope="col">Robot's action</th>
        </tr>
      </thead>
      <tbody>
        ${r.players.map((p, i) => row(r, p, i, robots))}
      </tbody>
    </table>
    </div>
  </section>`;
}

function row(r, p, i, robots) {
  const name = game.players[i];
  const levels = rules.levelChoices(data, p);
  return html`<tr data-player=${String(i)}>
    <th scope="row">${name}</th>
    <td class="er-t-power">
      ${choose("er-t-power-" + i, powers(), p.power, "Power card of " + name, (v) => set(r, i, "power", v))}
      ${
        levels.length
          ? choose("er-t-level-" + i, levels, p.level, "Level " + name + " claims", (v) =>
              set(r, i, "level", v),
            )
          : nothing
      }
    </td>
    <td>${choose("er-t-robot-" + i, robots, p.robot, "Robot of " + name, (v) => set(r, i, "robot", v))}</td>
    <td>${choose("er-t-passed-" + i, PASSED, p.passed, "When " + name + " passed", (v) => set(r, i, "passed", v))}</td>
    <td>
      ${choose("er-t-reacted-" + i, REACTED, p.reacted, "Reaction of " + name, (v) => set(r, i, "reacted", v))}
    </td>
    <td>
      ${choose(
        "er-t-team-" + i,
        [["", "?"]].concat(rules.TEAMS.map((t) => [t, t])),
        p.team,
        "Team of " + name + " at the end",
        (v) => set(r, i, "team", v),
      )}
    </td>
    <td class="er-t-acts">${actions(r, p, i, name)}</td>
  </tr>`;
}

/* Only the controls the row's robot can use: BetBot's bet, NegativeBot's pick, GandalfBot's
   "no pass phase" (CopyBot: the first two); a swap is logged in the round log. */
function actions(r, p, i, name) {
  const can = rules.robotControls(data, p.robot);
  const parts = [];
  if (can.bet) {
    parts.push(
      choose(
        "er-t-bet-" + i,
        [["", "no bet"]].concat(rules.TEAMS.map((t) => [t, "bet " + t])),
        p.bet,
        "Bet of " + name,
        (v) => set(r, i, "bet", v),
      ),
    );
  }
  if (can.pick) {
    const others = seats().filter(([seat]) => Number(seat) !== i);
    parts.push(
      choose(
        "er-t-pick-" + i,
        [["", "picked nobody"]].concat(others.map(([seat, n]) => [seat, "negates " + n])),
        p.picked,
        "Player " + name + " picked with NegativeBot",
        (v) => set(r, i, "picked", v),
      ),
    );
  }
  if (can.noPassPhase) {
    parts.push(
      html`<label class="er-t-check"
        ><input
          type="checkbox"
          id=${"er-t-ability-" + i}
          .checked=${p.ability}
          @change=${(e) => set(r, i, "ability", e.target.checked)}
        />
        no pass phase</label
      >`,
    );
  }
  if (can.swap && rules.swappers(r).indexOf(i) >= 0) parts.push(html`<span class="er-t-note">swapped</span>`);
  return parts.length ? parts : html`<span class="er-t-none" aria-hidden="true">\u2014</span>`;
}

/* A change to a row keeps the pass order: one that changes who acts when asks the engine
   again; the result of the round is worked out afresh. */
function set(r, i, key, value) {
  const me = r.players[i];
  me[key] = value;
  if (key === "robot") {
    if (!rules.robotControls(data, value).bet) me.bet = "";
    if (!rules.robotControls(data, value).pick) me.picked = "";
    if (!rules.robotControls(data, value).noPassPhase) me.ability = false;
  }
  if ((key === "robot" || key === "power") && !rules.levelChoices(data, me).some(([v]) => v === me.level))
    me.level = "";
  r.result = null;
  if (r.order && rules.TURN_FIELDS.indexOf(key) >= 0) workOutOrder(r);
  changed();
}
function setPoints(r, value) {
  r.points = value;
  r.result = null;
  changed();
}

/* ---- the round log ---- */
const LOG_KINDS = [
  ["convert", "converted"],
  ["failed", "tried to convert (it failed)"],
  ["self", "switched their own team"],
  ["reveal", "showed"],
  ["swap", "swapped power with the points card"],
];

function log(r) {
  const f = logForm;
  const needsTarget = f.kind === "convert" || f.kind === "failed";
  return html`<section class="er-t-box" id="er-t-round-log" aria-labelledby="er-t-log-title">
    <h3 id="er-t-log-title">Round log</h3>
    <p class="er-t-note">
      Conversions, reveals and swaps. The scorer reads it: a converter shows an allegiance, and so does a converted
      player; a player who proved a failed conversion with the power card alone showed only their power
      (ScaredyBot keeps its point).
    </p>
    <p class="er-t-logform">
      ${choose("er-t-log-who", seats(), f.who, "Who", (v) => setLog("who", Number(v)))}
      ${choose("er-t-log-kind", LOG_KINDS, f.kind, "What happened", (v) => setLog("kind", v))}
      ${needsTarget ? choose("er-t-log-target", seats(), f.target, "Whom", (v) => setLog("target", Number(v))) : nothing}
      ${
        f.kind === "failed"
          ? choose("er-t-log-shown", Object.entries(rules.SHOWN), f.shown, "What the target showed", (v) =>
              setLog("shown", v),
            )
          : nothing
      }
      ${
        f.kind === "reveal"
          ? choose(
              "er-t-log-what",
              [
                ["robot", "their robot card"],
                ["allegiance", "their allegiance"],
                ["power", "only their power"],
              ],
              f.what,
              "What was shown",
              (v) => setLog("what", v),
            )
          : nothing
      }
      <button id="er-t-log-add" type="button" @click=${() => addLog(r)}>Add to the log</button>
    </p>
    <ol id="er-t-log">
      ${r.log.map(
        (e, n) =>
          html`<li>
            ${rules.logLine(e, game.players)}
            <button
              type="button"
              class="er-t-undo"
              aria-label=${"Remove log entry " + (n + 1)}
              @click=${() => (r.log.splice(n, 1), (r.result = null), changed())}
            >
              remove
            </button>
          </li>`,
      )}
    </ol>
  </section>`;
}

function setLog(key, value) {
  logForm[key] = value;
  draw();
}

function addLog(r) {
  const f = logForm;
  const entry = { kind: f.kind, who: f.who };
  if (f.kind === "convert" || f.kind === "failed") {
    if (f.target === f.who)
      return tell("A player converts someone else; pick \u201cswitched their own team\u201d.");
    entry.target = f.target;
  }
  if (f.kind === "failed") entry.shown = f.shown;
  if (f.kind === "reveal") entry.what = f.what;
  if (f.kind === "swap" && !rules.robotControls(data, r.players[f.who].robot).swap) {
    return tell(
      "Only SwapBot (or CopyBot copying it) swaps with the points card: set " +
        game.players[f.who] +
        "'s robot first.",
    );
  }
  message = "";
  r.log.push(entry);
  r.result = null;
  changed();
}

/* ---- the pass phase ---- */
function passPhase(r) {
  const order = r.order;
  return html`<section class="er-t-box" id="er-t-pass" aria-labelledby="er-t-pass-title">
    <h3 id="er-t-pass-title">Pass phase</h3>
    <p class="er-t-note">Only the passers' levels are needed.</p>
    <button id="er-t-order" type="button" @click=${() => workOutOrder(r)}>Work out the order</button>
    ${
      order
        ? html`<ol id="er-t-pass-order">
            ${order.pass_phase.map(
              (e) => html`<li>${e.name} (level ${e.level})${e.must_pass ? ": must pass" : ""}</li>`,
            )}
          </ol>
          ${order.pass_phase.length ? nothing : html`<p>Nobody acts.</p>`}
          ${order.skipped.length ? html`<p>No turn (lowest passer): ${order.skipped.join(", ")}</p>` : nothing}
          ${order.why ? html`<p>${order.why}</p>` : nothing}`
        : nothing
    }
  </section>`;
}

function workOutOrder(r) {
  ask(rules.turnRequest(game, r), (answer) => {
    r.order = answer;
  });
}

/* ---- the end of the round ---- */
function endOfRound(r) {
  return html`<section class="er-t-box" id="er-t-score" aria-labelledby="er-t-score-title">
    <h3 id="er-t-score-title">End of round</h3>
    ${
      game.extra
        ? html`<p>
          <label
            >Non-player robot's team
            ${choose(
              "er-t-extra-team",
              rules.TEAMS.map((t) => [t, t]),
              r.extraTeam || data.round.extra_robot_team || "Neutral",
              "Team of the non-player robot",
              (v) => ((r.extraTeam = v), (r.result = null), changed()),
            )}</label
          >
        </p>`
        : nothing
    }
    <button id="er-t-score-round" type="button" class="er-primary" @click=${() => score(r)}>Score the round</button>
    ${r.result ? result(r, r.result) : nothing}
  </section>`;
}

function score(r) {
  if (rules.dealtPoints(game, r, data) === "") return tell("Fill in the round's points card.");
  const request = rules.scoreRequest(game, r, data);
  if (request.missing) {
    return tell(
      "Every player's power and final team is needed to score (" + request.missing.join(", ") + ").",
    );
  }
  ask(request, (answer) => {
    r.result = answer;
    r.split = {};
  });
}

function result(r, res) {
  const line = html`<p id="er-t-winner">${rules.winnerLine(res, game, r, data)}</p>`;
  const bonus = Object.keys(res.bot_points).map(
    (name) =>
      html`<p class="er-t-note">
        ${name}: ${res.bot_points[name] > 0 ? "+" : ""}${res.bot_points[name]} from their robot
      </p>`,
  );
  if (!res.winner) {
    return html`${line}
      <button id="er-t-nobody" type="button" class="er-primary" @click=${() => finish(r, () => 0)}>
        Nobody scores: on to round ${r.number + 1}
      </button>`;
  }
  const winners = res.pool.shared_by;
  if (!winners.length) {
    return html`${line}${bonus}
      <button id="er-t-agreed" type="button" class="er-primary" @click=${() => finish(r, () => 0)}>
        Add the robots' points to the scoreboard
      </button>`;
  }
  const index = (name) => game.players.indexOf(name);
  return html`${line}
    <p>
      The winners share ${res.pool.points} point${res.pool.points === 1 ? "" : "s"} as they agree; if they cannot
      agree, each gets ${res.pool.each_if_no_agreement}.
    </p>
    <div id="er-t-split">
      ${winners.map(
        (name) =>
          html`<label
            >${name}
            <input
              type="number"
              min="0"
              id=${"er-t-split-" + index(name)}
              aria-label=${"Points for " + name}
              .value=${r.split[name] !== undefined ? String(r.split[name]) : ""}
              @change=${(e) => ((r.split[name] = Number(e.target.value)), save())}
          /></label>`,
      )}
    </div>
    ${bonus}
    <p>
      <button id="er-t-agreed" type="button" class="er-primary" @click=${() => agreed(r, res)}>
        Winners agreed: add to the scoreboard
      </button>
      <button id="er-t-fallback" type="button" @click=${() => finish(r, () => res.pool.each_if_no_agreement)}>
        No agreement: ${res.pool.each_if_no_agreement} each
      </button>
    </p>`;
}

function agreed(r, res) {
  const winners = res.pool.shared_by;
  const total = winners.reduce((sum, n) => sum + (r.split[n] || 0), 0);
  if (total !== res.pool.points) {
    return tell(
      "The shares add up to " + total + ", not " + res.pool.points + ": every point must be given out.",
    );
  }
  finish(r, (name) => r.split[name] || 0);
}

function finish(r, share) {
  const res = r.result;
  const award = {};
  (res.pool ? res.pool.shared_by : []).forEach((name) => {
    award[name] = (award[name] || 0) + share(name);
  });
  Object.keys(res.bot_points).forEach((name) => {
    award[name] = (award[name] || 0) + res.bot_points[name];
  });
  stopTimer();
  rules.finishRound(game, r, award, data);
  message = "";
  changed();
}

/* ---- the scoreboard ---- */
function scoreboard() {
  const sum = rules.totals(game);
  return html`<section class="er-t-box" id="er-t-scores" aria-labelledby="er-t-scores-title">
    <h3 id="er-t-scores-title">Scoreboard (to ${game.target})</h3>
    <div class="er-t-scroll" tabindex="0" role="region" aria-label="Scoreboard">
      <table id="er-t-scoreboard" class="er-t-table">
        <thead>
          <tr>
            <th scope="col">Player</th>
            ${game.scores.map((s) => html`<th scope="col">R${s.round}</th>`)}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          ${game.players.map(
            (n) =>
              html`<tr>
                <th scope="row">${n}</th>
                ${game.scores.map((s) => html`<td>${String(s.points[n] || 0)}</td>`)}
                <td class="er-t-total">${String(sum[n])}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
    ${game.winner ? html`<p id="er-t-game-winner" class="er-t-call">${game.winner} wins the game!</p>` : nothing}
    ${
      game.playOn
        ? html`<p id="er-t-play-on">
          ${game.playOn.join(" and ")} reached ${game.target} together: play on until one leads alone.
        </p>`
        : nothing
    }
  </section>`;
}

/* ---- the page ---- */
function draw() {
  const r = game ? rules.currentRound(game) : null;
  update(
    root,
    html`${r && !game.winner ? bar(r) : nothing} ${setup()}
      <p id="er-t-error" class="er-error" role="alert">${message}</p>
      ${
        game
          ? game.winner
            ? scoreboard()
            : html`<div class="er-host-main">
              ${players(r)}
              <div class="er-host-side">${passPhase(r)} ${log(r)} ${endOfRound(r)} ${scoreboard()}</div>
            </div>`
          : nothing
      }`,
  );
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
  const refused = navigator.serviceWorker
    .register(root.dataset.worker, { scope: "../../" })
    .then(() => {
      if (!root.dataset.offline) root.dataset.offline = "registered";
      return new Promise(() => {}); // registered: wait for it to take over
    })
    .catch((err) => {
      root.dataset.offline = "unavailable: " + err;
    });
  // the engine waits for the worker to take over (so its files are kept), but not forever,
  // and not at all when the browser refused it (private windows, blocked workers)
  return Promise.race([
    controlled,
    refused,
    new Promise((done) => {
      setTimeout(done, 15000);
    }),
  ]);
}

function startPage() {
  fetch(root.dataset.src)
    .then((r) => r.json())
    .then((loaded) => {
      data = loaded;
      const saved = load(STORE);
      game = saved && saved.version === rules.VERSION && saved.rounds && saved.rounds.length ? saved : null;
      prefs = Object.assign(prefs, load(PREFS) || {});
      draft = {
        names: game ? game.players.join(", ") : "",
        target: game ? game.target : data.round.win_points,
        extra: game ? game.extra : false,
        code: game ? game.code : "",
        decks: game ? game.decks : 1,
      };
      setupOpen = !game;
      root.textContent = ""; // the <noscript> note
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

if (root) startPage();
