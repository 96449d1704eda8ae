/* The Evil Robots phone applet: plain JavaScript, no server, works offline.
   Reads data.json (exported by the build) and deals with deal.js, the same shared-code
   shuffle as the rules engine's `deal` op. The starting coins are flipped on this phone
   with the browser's random numbers, so nobody can work them out from the code. State is
   kept in localStorage so a phone that reloads mid-round shows the same cards.
   After a deal the cards take the whole screen (the "stage") for showing to a camera.
   The page has no search form (data-rp-no-search: search/search-on-demand.js removes it),
   so the theme never fetches the site's search index here.
   A join link from the table screen (join-link.js: ?code=...&players=...&names=...) fills
   in the code and the player count and lists the seats by name; the phone picks its seat.
   SwapBot's swap (and a swap another phone made) changes the power and points shown. */
import { el, iconNode } from "../shared/dom.js";
import { readQuery } from "../shared/url-state.js";
import { dealTable, normalCode } from "./deal.js";
import { randomCode, readJoin } from "./join-link.js";
import { actionsFor, robotControls } from "./robots.js";

const root = document.getElementById("er-applet");
const STORE = "rulepress-evilrobots-applet";
const TEAMS = ["Good", "Evil", "Neutral"];
const WHEN = {
  debate: "In the debate",
  turn: "On your turn",
  "pass-phase": "In the pass phase",
  reaction: "Reacting",
  target: "When someone converts you",
};
const els = {};
let data;
let state;
let joined = null; // what the join link carried: {code, players, names}

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

function flipTeam() {
  // two fresh coins, by the data's coin rule
  const bytes = crypto.getRandomValues(new Uint8Array(data.coin.flips));
  let heads = 0;
  for (let i = 0; i < bytes.length; i++) heads += bytes[i] & 1;
  return data.coin.outcomes.filter((o) => o.heads === heads)[0].team;
}

function build() {
  const players = el("select", { id: "er-players", "aria-label": "Players", required: "" });
  players.appendChild(el("option", { value: "", text: "How many?" })); // asked, never assumed
  for (let n = data.players.min; n <= data.players.max; n++) {
    players.appendChild(el("option", { value: String(n), text: String(n) }));
  }
  els.code = el("input", {
    id: "er-code",
    type: "text",
    autocomplete: "off",
    autocapitalize: "characters",
    placeholder: "e.g. PLUM-42",
    maxlength: "64",
  });
  els.players = players;
  els.seat = el("select", { id: "er-seat", "aria-label": "Seat", required: "" });
  els.deal = el("button", { id: "er-deal", class: "er-primary", type: "button", text: "Deal" });
  els.solo = el("button", { id: "er-solo", type: "button", text: "Shuffle (one phone)" });
  const form = el("div", { class: "er-form" }, [
    el("label", {}, [document.createTextNode("Game code"), els.code]),
    el("label", {}, [document.createTextNode("Players"), els.players]),
    el("label", {}, [document.createTextNode("Your seat"), els.seat]),
    el("div", { class: "er-wide" }, [els.deal, els.solo]),
  ]);
  els.error = el("p", { id: "er-error", class: "er-error", role: "alert" });
  els.joined = el("p", { id: "er-joined", class: "er-joined", hidden: "" });

  els.info = el("button", { id: "er-info", type: "button", "aria-label": "Actions: what to reveal" }, [
    iconNode(data.button_icons.info),
  ]);
  els.round = el("span", { id: "er-round" });
  els.back = el("button", { id: "er-back", type: "button", "aria-label": "Round before", text: "\u2212" });
  els.next = el("button", { id: "er-next", type: "button", text: "Next round" });
  els.setup = el("button", { id: "er-setup", type: "button", text: "Setup" });
  els.full = el("button", { id: "er-fullscreen", type: "button", text: "Full screen" });
  const status = el("div", { class: "er-status" }, [els.info, els.back, els.round, els.next]);
  const tools = el("div", { class: "er-status er-tools" }, [els.setup, els.full]);
  els.confirm = el("div", { id: "er-confirm", class: "er-confirm", role: "alertdialog", hidden: "" });
  els.confirmText = el("span", { id: "er-confirm-text" });
  els.confirmYes = el("button", {
    id: "er-confirm-yes",
    class: "er-primary",
    type: "button",
    text: "Deal it",
  });
  els.confirmNo = el("button", { id: "er-confirm-no", type: "button", text: "Keep this round" });
  [els.confirmText, els.confirmYes, els.confirmNo].forEach((n) => {
    els.confirm.appendChild(n);
  });
  els.mode = el("p", { id: "er-mode", class: "er-mode" });

  els.panel = el("div", { id: "er-actions", class: "er-panel", hidden: "" });
  els.cards = {};
  els.robotIcon = el("span", { class: "er-robot-art" });
  els.robotName = el("p", { class: "er-robot-name", id: "er-robot-name" });
  els.robotKind = el("p", { class: "er-robot-kind", id: "er-robot-kind" });
  els.robotAbility = el("p", { class: "er-robot-ability", id: "er-robot-ability" });
  els.cards.robot = card("robot", "Robot card", [
    els.robotIcon,
    el("div", {}, [els.robotName, els.robotKind, els.robotAbility]),
  ]);
  els.powerValue = el("span", { class: "er-power-value", id: "er-power-value" });
  els.powerNote = el("span", { class: "er-power-note", id: "er-power-note" });
  els.cards.power = card("power", "Power card", [
    els.powerValue,
    el("span", { class: "er-power-label" }, [el("span", { text: "Power" }), els.powerNote]),
  ]);
  // its name begins with the team it shows (set in render), so a spoken "Good" matches
  els.coin = el("button", { id: "er-coin", class: "er-coin", type: "button" });
  els.random = el(
    "button",
    { id: "er-random-coin", class: "er-random", type: "button", "aria-label": "Flip two new coins" },
    [iconNode(data.button_icons.random)],
  );
  els.cards.coin = card("coin", "Allegiance", [els.coin, els.random]);

  els.hand = el("div", { class: "er-hand" }, [els.cards.robot, els.cards.power, els.cards.coin]);
  els.game = el("div", { id: "er-game", class: "er-stage", hidden: "" }, [
    status,
    els.confirm,
    els.mode,
    els.panel,
    els.hand,
    tools,
  ]);
  els.resume = el("button", { id: "er-resume", type: "button", text: "Back to my cards", hidden: "" });
  root.appendChild(els.joined);
  root.appendChild(form);
  root.appendChild(els.error);
  root.appendChild(els.resume);
  root.appendChild(els.game);
  root.appendChild(el("p", { class: "er-credit", text: data.credit }));
}

function card(name, label, children) {
  const hide = el(
    "button",
    {
      class: "er-hide",
      id: "er-hide-" + name,
      type: "button",
      "aria-label": "Hide " + label,
      "aria-pressed": "false",
      "data-label": label,
    },
    [iconNode(data.button_icons.hide)],
  );
  hide.addEventListener("click", () => {
    state.hidden[name] = !state.hidden[name];
    state.showing = null;
    save();
    render();
  });
  const note = el("span", { class: "er-hidden-note", text: label + " hidden" });
  return el(
    "div",
    { class: "er-card", id: "er-card-" + name, "aria-label": label },
    children.concat([note, hide]),
  );
}

/* No seat is chosen for you: phones that forgot to pick one would all get seat 1. With
   the table's names (from the join link) each seat shows its player's name. */
function seatOptions(players, chosen, names) {
  els.seat.textContent = "";
  els.seat.appendChild(el("option", { value: "", text: players ? "Pick\u2026" : "Players first" }));
  for (let s = 1; s <= players; s++) {
    const name = names && names.length === players ? " \u00b7 " + names[s - 1] : "";
    els.seat.appendChild(el("option", { value: String(s), text: String(s) + name }));
  }
  els.seat.value = chosen && chosen <= players ? String(chosen) : "";
}

/* The info panel: what each action makes you show (the actions for this robot: a PlusBot's
   proof of a failed conversion shows its robot card too), then the points card: a SwapBot
   (or CopyBot) swaps with it here, and any phone follows a swap another player made. */
function drawPanel() {
  els.panel.textContent = "";
  els.panel.appendChild(el("button", { id: "er-show-all", type: "button", text: "Show everything" }));
  const actions = actionsFor(data, state.dealt.robot);
  Object.keys(WHEN).forEach((when) => {
    const listed = actions.filter((a) => a.when === when);
    if (!listed.length) return;
    els.panel.appendChild(el("h3", { text: WHEN[when] }));
    listed.forEach((a) => {
      const shows = a.reveals.length ? "Shows: " + a.reveals.join(", ") : "Shows nothing";
      els.panel.appendChild(
        el("button", { type: "button", "data-action": a.id }, [
          el("strong", { text: a.name }),
          el("small", { text: a.summary + " " + shows + "." }),
        ]),
      );
    });
  });
  els.panel.appendChild(el("h3", { text: "The points card" }));
  if (robotControls(data, state.dealt.robot).swap) {
    els.panel.appendChild(
      el("button", { id: "er-swap", type: "button", "data-swap": "" }, [
        el("strong", {
          text: state.swapped ? "Undo the swap" : "Swap your power card with the points card",
        }),
        el("small", { text: "Your action: you take the points card, the round is worth your power card." }),
      ]),
    );
  }
  const now = el("select", { id: "er-points-now", "aria-label": "The points card now" });
  now.appendChild(el("option", { value: "", text: "as dealt (" + dealtWorth() + ")" }));
  for (let v = data.power_deck.low; v <= data.power_deck.high; v++) {
    now.appendChild(el("option", { value: String(v), text: String(v) }));
  }
  now.value = state.pointsNow ? String(state.pointsNow) : "";
  els.panel.appendChild(
    el("label", { class: "er-points-now" }, ["Someone else swapped? The points card is now ", now]),
  );
}

/* The round's worth: the dealt points card, unless a swap changed it. */
function dealtWorth() {
  return state.dealt.points;
}
function worth() {
  if (state.swapped) return state.dealt.power;
  return state.pointsNow || state.dealt.points;
}

function deal(code, players, seat, round, names) {
  const table = dealTable(data, code, round, players);
  const mine = table.seats[seat - 1];
  const team = flipTeam();
  state = {
    code: table.code,
    players,
    names: names && names.length === players ? names : [],
    seat,
    round,
    team,
    swapped: false,
    pointsNow: null,
    hidden: { robot: false, power: false, coin: false },
    staged: true,
    dealt: { robot: mine.robot.id, power: mine.power, allegiance: team, points: table.points },
  };
  save();
  render();
}

/* Changing the round replaces this round's cards, so it asks first (one stray tap must
   not lose a round); the stepper also goes back, to resync a phone with the table. */
function askRound(round) {
  if (round < 1) return;
  els.confirm.dataset.round = String(round);
  els.confirmText.textContent =
    "Deal round " + round + "? Your cards for round " + state.round + " will be replaced.";
  els.confirm.hidden = false;
  els.confirmYes.focus();
}

/* Keep the screen on while the cards are up (where the browser allows it). */
let wakeLock = null;
function keepAwake(on) {
  if (!on) {
    if (wakeLock) wakeLock.release().catch(() => {});
    wakeLock = null;
    return;
  }
  if (wakeLock || !navigator.wakeLock || document.visibilityState !== "visible") return;
  navigator.wakeLock
    .request("screen")
    .then((lock) => {
      wakeLock = lock;
      lock.addEventListener("release", () => {
        wakeLock = null;
      });
    })
    .catch(() => {});
}

function render() {
  if (!state) {
    els.game.hidden = true;
    return;
  }
  els.code.value = state.code;
  els.players.value = String(state.players);
  seatOptions(state.players, state.seat, state.names);
  const bot = data.bots.filter((b) => b.id === state.dealt.robot)[0];
  els.robotIcon.replaceChildren(iconNode(bot.svg));
  els.robotName.textContent = bot.name;
  els.robotKind.textContent = bot.kind;
  els.robotAbility.textContent = bot.ability;
  // after a swap this player holds the old points card; the note keeps the dealt one,
  // which the table screen asks for
  els.powerValue.textContent = String(state.swapped ? state.dealt.points : state.dealt.power);
  els.powerNote.textContent = state.swapped ? "swapped; dealt " + state.dealt.power : "";
  els.coin.dataset.team = state.team;
  els.coin.replaceChildren(
    iconNode(data.team_icons[state.team]),
    el("span", { id: "er-team", text: state.team }),
  );
  els.coin.setAttribute("aria-label", state.team + ": tap to change team");
  const points = worth();
  els.round.textContent =
    "Round " + state.round + " · worth " + points + (points === 1 ? " point" : " points");
  els.round.dataset.changed = String(points !== state.dealt.points);
  ["robot", "power", "coin"].forEach((name) => {
    els.cards[name].classList.toggle("er-hidden", !!state.hidden[name]);
    document.getElementById("er-hide-" + name).setAttribute("aria-pressed", String(!!state.hidden[name]));
  });
  els.mode.textContent = state.showing ? "Showing only what \u201c" + state.showing + "\u201d reveals" : "";
  ["robot", "power", "coin"].forEach((name) => {
    const button = document.getElementById("er-hide-" + name);
    const label = button.dataset.label;
    button.replaceChildren(iconNode(state.hidden[name] ? data.button_icons.show : data.button_icons.hide));
    button.setAttribute("aria-label", (state.hidden[name] ? "Show " : "Hide ") + label);
  });
  drawPanel();
  els.back.disabled = state.round <= 1;
  const staged = state.staged !== false;
  els.game.hidden = !staged;
  els.resume.hidden = staged;
  document.documentElement.classList.toggle("er-staged", staged);
  keepAwake(staged);
}

function readForm() {
  const code = els.code.value.trim();
  const players = Number(els.players.value);
  const seat = Number(els.seat.value);
  if (!code) return { error: "Type the game code everyone at the table shares." };
  if (!players) return { error: "Pick how many players are at the table." };
  if (!(seat >= 1 && seat <= players)) return { error: "Pick your seat, 1 to " + players + "." };
  return { code, players, seat, names: namesFor(code, players) };
}

/* The seat names the join link (or this phone's game) gave for this code and count. */
function namesFor(code, players) {
  const known = joined || state;
  if (!known || normalCode(known.code) !== normalCode(code) || known.players !== players) return [];
  return known.names || [];
}

function wire() {
  els.players.addEventListener("change", () => {
    const players = Number(els.players.value);
    seatOptions(players, Number(els.seat.value), namesFor(els.code.value, players));
  });
  els.deal.addEventListener("click", () => {
    const form = readForm();
    els.error.textContent = form.error || "";
    if (!form.error) deal(form.code, form.players, form.seat, 1, form.names);
  });
  els.code.addEventListener("keydown", (e) => {
    if (e.key === "Enter") els.deal.click();
  });
  els.solo.addEventListener("click", () => {
    els.error.textContent = "";
    deal(randomCode(), Number(els.players.value) || data.players.min, 1, 1);
  });
  els.next.addEventListener("click", () => {
    askRound(state.round + 1);
  });
  els.back.addEventListener("click", () => {
    askRound(state.round - 1);
  });
  els.confirmYes.addEventListener("click", () => {
    els.confirm.hidden = true;
    deal(state.code, state.players, state.seat, Number(els.confirm.dataset.round), state.names);
  });
  els.confirmNo.addEventListener("click", () => {
    els.confirm.hidden = true;
  });
  els.setup.addEventListener("click", () => {
    state.staged = false;
    save();
    render();
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  });
  els.resume.addEventListener("click", () => {
    state.staged = true;
    save();
    render();
  });
  els.full.addEventListener("click", () => {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    else if (root.requestFullscreen) root.requestFullscreen().catch(() => {});
  });
  document.addEventListener("visibilitychange", () => {
    keepAwake(!!state && state.staged !== false);
  });
  els.coin.addEventListener("click", () => {
    state.team = TEAMS[(TEAMS.indexOf(state.team) + 1) % TEAMS.length];
    save();
    render();
  });
  els.random.addEventListener("click", () => {
    state.team = flipTeam();
    save();
    render();
  });
  els.info.addEventListener("click", () => {
    els.panel.hidden = !els.panel.hidden;
  });
  els.panel.addEventListener("change", (e) => {
    if (e.target.id !== "er-points-now") return;
    state.pointsNow = e.target.value ? Number(e.target.value) : null;
    save();
    render();
  });
  els.panel.addEventListener("click", (e) => {
    const button = e.target.closest("button");
    if (!button) return;
    if (button.dataset.swap !== undefined) {
      state.swapped = !state.swapped;
      els.panel.hidden = true;
      save();
      render();
      return;
    }
    const action = data.actions.filter((a) => a.id === button.dataset.action)[0];
    const shows = action ? action.reveals : ["robot", "power", "allegiance"];
    state.hidden = {
      robot: shows.indexOf("robot") < 0,
      power: shows.indexOf("power") < 0,
      coin: shows.indexOf("allegiance") < 0,
    };
    state.showing = action ? action.name : null;
    state.staged = true;
    els.panel.hidden = true;
    save();
    render();
  });
}

/* Store this page and every file it loaded (theme, scripts, data, icons) in the cache
   the service worker falls back to, so the applet reopens without a network. */
function keepOffline() {
  if (!("serviceWorker" in navigator) || !window.caches) return;
  navigator.serviceWorker
    .register(root.dataset.worker)
    .then(() => {
      const urls = performance
        .getEntriesByType("resource")
        .map((e) => e.name)
        .concat([location.href.split("#")[0]])
        .filter(
          (u) =>
            // the site-wide search index is large and not needed here
            new URL(u).origin === location.origin && u.indexOf("search_index") < 0,
        );
      return caches.open("rulepress-evilrobots-applet").then((cache) => cache.addAll(urls));
    })
    .then(() => {
      root.dataset.offline = "ready";
    })
    .catch((err) => {
      root.dataset.offline = "unavailable: " + err;
    });
}

function start() {
  fetch(root.dataset.src)
    .then((r) => r.json())
    .then((loaded) => {
      data = loaded;
      build();
      wire();
      const saved = load();
      joined = readJoin(readQuery(), data.players);
      const usable = saved && saved.dealt && saved.team && data.bots.some((b) => b.id === saved.dealt.robot);
      // a join link to another game shows its form; the same game reopens the cards
      const sameGame =
        usable && (!joined || (normalCode(joined.code) === saved.code && joined.players === saved.players));
      seatOptions(0, 0);
      if (sameGame) {
        state = saved;
        render();
      } else if (joined) {
        els.code.value = joined.code;
        els.players.value = String(joined.players);
        seatOptions(joined.players, 0, joined.names);
        els.joined.textContent =
          "From the table's link: game " +
          normalCode(joined.code) +
          ", " +
          joined.players +
          " players. Pick your seat, then Deal.";
        els.joined.hidden = false;
        root.dataset.joined = "true";
      }
      root.dataset.ready = "true";
      keepOffline();
    })
    .catch((err) => {
      root.textContent = "Could not load the applet's data (" + err + "). Reload the page.";
    });
}

if (root) start();
