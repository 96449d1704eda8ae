/* The Evil Robots phone applet: plain JavaScript, no server, works offline.
   Reads data.json (exported by the build) and deals with deal.js, the same shared-code
   shuffle as the rules engine's `deal` op. The starting coins are flipped on this phone
   with the browser's random numbers, so nobody can work them out from the code. State is
   kept in localStorage so a phone that reloads mid-round shows the same cards.
   After a deal the cards take the whole screen (the "stage") for showing to a camera. */
(function () {
  "use strict";
  var root = document.getElementById("er-applet");
  if (!root) return;
  /* The theme fetches the site's whole search index (megabytes) on start when the page has
     a search form; the applet needs none, so the form goes before the theme's script runs. */
  Array.prototype.forEach.call(document.querySelectorAll(
    '[data-md-component="search"], label[for="__search"]'), function (node) { node.remove(); });
  var STORE = "rulepress-evilrobots-applet";
  var TEAMS = ["Good", "Evil", "Neutral"];
  var WHEN = {debate: "In the debate", turn: "On your turn", "pass-phase": "In the pass phase",
              reaction: "Reacting", target: "When someone converts you"};
  var data, state, els = {};

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else if (k === "html") node.innerHTML = attrs[k];  // only our own exported SVG
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { node.appendChild(c); });
    return node;
  }

  function save() { try { localStorage.setItem(STORE, JSON.stringify(state)); } catch (e) {} }
  function load() {
    try { return JSON.parse(localStorage.getItem(STORE)) || null; } catch (e) { return null; }
  }

  function randomCode() {
    var letters = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789", out = "";
    var bytes = crypto.getRandomValues(new Uint8Array(6));
    for (var i = 0; i < bytes.length; i++) out += letters[bytes[i] % letters.length];
    return out;
  }

  function flipTeam() {  // two fresh coins, by the data's coin rule
    var bytes = crypto.getRandomValues(new Uint8Array(data.coin.flips)), heads = 0;
    for (var i = 0; i < bytes.length; i++) heads += bytes[i] & 1;
    return data.coin.outcomes.filter(function (o) { return o.heads === heads; })[0].team;
  }

  function build() {
    var players = el("select", {id: "er-players", "aria-label": "Players"});
    for (var n = data.players.min; n <= data.players.max; n++) {
      players.appendChild(el("option", {value: String(n), text: String(n)}));
    }
    els.code = el("input", {id: "er-code", type: "text", autocomplete: "off",
                            autocapitalize: "characters", placeholder: "e.g. PLUM-42",
                            maxlength: "64"});
    els.players = players;
    els.seat = el("select", {id: "er-seat", "aria-label": "Seat", required: ""});
    els.deal = el("button", {id: "er-deal", class: "er-primary", type: "button", text: "Deal"});
    els.solo = el("button", {id: "er-solo", type: "button", text: "Shuffle (one phone)"});
    var form = el("div", {class: "er-form"}, [
      el("label", {}, [document.createTextNode("Game code"), els.code]),
      el("label", {}, [document.createTextNode("Players"), els.players]),
      el("label", {}, [document.createTextNode("Your seat"), els.seat]),
      el("div", {class: "er-wide"}, [els.deal, els.solo])]);
    els.error = el("p", {id: "er-error", class: "er-error", role: "alert"});

    els.info = el("button", {id: "er-info", type: "button", "aria-label": "Actions: what to reveal",
                             html: data.button_icons.info});
    els.round = el("span", {id: "er-round"});
    els.back = el("button", {id: "er-back", type: "button", "aria-label": "Round before",
                             text: "\u2212"});
    els.next = el("button", {id: "er-next", type: "button", text: "Next round"});
    els.setup = el("button", {id: "er-setup", type: "button", text: "Setup"});
    els.full = el("button", {id: "er-fullscreen", type: "button", text: "Full screen"});
    var status = el("div", {class: "er-status"}, [els.info, els.back, els.round, els.next]);
    var tools = el("div", {class: "er-status er-tools"}, [els.setup, els.full]);
    els.confirm = el("div", {id: "er-confirm", class: "er-confirm", role: "alertdialog",
                             hidden: ""});
    els.confirmText = el("span", {id: "er-confirm-text"});
    els.confirmYes = el("button", {id: "er-confirm-yes", class: "er-primary", type: "button",
                                   text: "Deal it"});
    els.confirmNo = el("button", {id: "er-confirm-no", type: "button", text: "Keep this round"});
    [els.confirmText, els.confirmYes, els.confirmNo].forEach(function (n) {
      els.confirm.appendChild(n); });
    els.mode = el("p", {id: "er-mode", class: "er-mode"});

    els.panel = el("div", {id: "er-actions", class: "er-panel", hidden: ""});
    els.panel.appendChild(el("button", {id: "er-show-all", type: "button",
                                        text: "Show everything"}));
    Object.keys(WHEN).forEach(function (when) {
      var actions = data.actions.filter(function (a) { return a.when === when; });
      if (!actions.length) return;
      els.panel.appendChild(el("h3", {text: WHEN[when]}));
      actions.forEach(function (a) {
        var shows = a.reveals.length ? "Shows: " + a.reveals.join(", ") : "Shows nothing";
        els.panel.appendChild(el("button", {type: "button", "data-action": a.id}, [
          el("strong", {text: a.name}), el("small", {text: a.summary + " " + shows + "."})]));
      });
    });

    els.cards = {};
    els.robotIcon = el("span", {class: "er-robot-art"});
    els.robotName = el("p", {class: "er-robot-name", id: "er-robot-name"});
    els.robotKind = el("p", {class: "er-robot-kind", id: "er-robot-kind"});
    els.robotAbility = el("p", {class: "er-robot-ability", id: "er-robot-ability"});
    els.cards.robot = card("robot", "Robot card", [els.robotIcon, el("div", {}, [
      els.robotName, els.robotKind, els.robotAbility])]);
    els.powerValue = el("span", {class: "er-power-value", id: "er-power-value"});
    els.cards.power = card("power", "Power card", [els.powerValue,
                                                   el("span", {text: "Power"})]);
    // its name begins with the team it shows (set in render), so a spoken "Good" matches
    els.coin = el("button", {id: "er-coin", class: "er-coin", type: "button"});
    els.random = el("button", {id: "er-random-coin", class: "er-random", type: "button",
                               "aria-label": "Flip two new coins", html: data.button_icons.random});
    els.cards.coin = card("coin", "Allegiance", [els.coin, els.random]);

    els.hand = el("div", {class: "er-hand"}, [els.cards.robot, els.cards.power, els.cards.coin]);
    els.game = el("div", {id: "er-game", class: "er-stage", hidden: ""},
                  [status, els.confirm, els.mode, els.panel, els.hand, tools]);
    els.resume = el("button", {id: "er-resume", type: "button", text: "Back to my cards",
                               hidden: ""});
    root.appendChild(form);
    root.appendChild(els.error);
    root.appendChild(els.resume);
    root.appendChild(els.game);
    root.appendChild(el("p", {class: "er-credit", text: data.credit}));
  }

  function card(name, label, children) {
    var hide = el("button", {class: "er-hide", id: "er-hide-" + name, type: "button",
                             "aria-label": "Hide " + label, "aria-pressed": "false",
                             "data-label": label, html: data.button_icons.hide});
    hide.addEventListener("click", function () {
      state.hidden[name] = !state.hidden[name]; state.showing = null; save(); render();
    });
    var note = el("span", {class: "er-hidden-note", text: label + " hidden"});
    return el("div", {class: "er-card", id: "er-card-" + name, "aria-label": label},
              children.concat([note, hide]));
  }

  /* No seat is chosen for you: phones that forgot to pick one would all get seat 1. */
  function seatOptions(players, chosen) {
    els.seat.textContent = "";
    els.seat.appendChild(el("option", {value: "", text: "Pick\u2026"}));
    for (var s = 1; s <= players; s++) {
      els.seat.appendChild(el("option", {value: String(s), text: String(s)}));
    }
    els.seat.value = chosen && chosen <= players ? String(chosen) : "";
  }

  function deal(code, players, seat, round) {
    var table = EvilRobotsDeal.dealTable(data, code, round, players);
    var mine = table.seats[seat - 1];
    var team = flipTeam();
    state = {code: table.code, players: players, seat: seat, round: round, team: team,
             hidden: {robot: false, power: false, coin: false}, staged: true,
             dealt: {robot: mine.robot.id, power: mine.power, allegiance: team,
                     points: table.points}};
    save();
    render();
  }

  /* Changing the round replaces this round's cards, so it asks first (one stray tap must
     not lose a round); the stepper also goes back, to resync a phone with the table. */
  function askRound(round) {
    if (round < 1) return;
    els.confirm.dataset.round = String(round);
    els.confirmText.textContent = "Deal round " + round + "? Your cards for round " +
                                  state.round + " will be replaced.";
    els.confirm.hidden = false;
    els.confirmYes.focus();
  }

  /* Keep the screen on while the cards are up (where the browser allows it). */
  var wakeLock = null;
  function keepAwake(on) {
    if (!on) { if (wakeLock) wakeLock.release().catch(function () {}); wakeLock = null; return; }
    if (wakeLock || !navigator.wakeLock || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      lock.addEventListener("release", function () { wakeLock = null; });
    }).catch(function () {});
  }

  function render() {
    if (!state) { els.game.hidden = true; return; }
    els.code.value = state.code;
    els.players.value = String(state.players);
    seatOptions(state.players, state.seat);
    var bot = data.bots.filter(function (b) { return b.id === state.dealt.robot; })[0];
    els.robotIcon.innerHTML = bot.svg;
    els.robotName.textContent = bot.name;
    els.robotKind.textContent = bot.kind;
    els.robotAbility.textContent = bot.ability;
    els.powerValue.textContent = String(state.dealt.power);
    els.coin.dataset.team = state.team;
    els.coin.innerHTML = data.team_icons[state.team];
    els.coin.appendChild(el("span", {id: "er-team", text: state.team}));
    els.coin.setAttribute("aria-label", state.team + ": tap to change team");
    els.round.textContent = "Round " + state.round + " · worth " + state.dealt.points +
                            (state.dealt.points === 1 ? " point" : " points");
    ["robot", "power", "coin"].forEach(function (name) {
      els.cards[name].classList.toggle("er-hidden", !!state.hidden[name]);
      document.getElementById("er-hide-" + name).setAttribute(
        "aria-pressed", String(!!state.hidden[name]));
    });
    els.mode.textContent = state.showing ? "Showing only what \u201c" + state.showing +
                                           "\u201d reveals" : "";
    ["robot", "power", "coin"].forEach(function (name) {
      var button = document.getElementById("er-hide-" + name);
      var label = button.dataset.label;
      button.innerHTML = state.hidden[name] ? data.button_icons.show : data.button_icons.hide;
      button.setAttribute("aria-label", (state.hidden[name] ? "Show " : "Hide ") + label);
    });
    els.back.disabled = state.round <= 1;
    var staged = state.staged !== false;
    els.game.hidden = !staged;
    els.resume.hidden = staged;
    document.documentElement.classList.toggle("er-staged", staged);
    keepAwake(staged);
  }

  function readForm() {
    var code = els.code.value.trim(), players = Number(els.players.value),
        seat = Number(els.seat.value);
    if (!code) return {error: "Type the game code everyone at the table shares."};
    if (!(seat >= 1 && seat <= players)) return {error: "Pick a seat from 1 to " + players + "."};
    return {code: code, players: players, seat: seat};
  }

  function wire() {
    els.players.addEventListener("change", function () {
      seatOptions(Number(els.players.value), Number(els.seat.value));
    });
    els.deal.addEventListener("click", function () {
      var form = readForm();
      els.error.textContent = form.error || "";
      if (!form.error) deal(form.code, form.players, form.seat, 1);
    });
    els.code.addEventListener("keydown", function (e) {
      if (e.key === "Enter") els.deal.click();
    });
    els.solo.addEventListener("click", function () {
      els.error.textContent = "";
      deal(randomCode(), Number(els.players.value), 1, 1);
    });
    els.next.addEventListener("click", function () { askRound(state.round + 1); });
    els.back.addEventListener("click", function () { askRound(state.round - 1); });
    els.confirmYes.addEventListener("click", function () {
      els.confirm.hidden = true;
      deal(state.code, state.players, state.seat, Number(els.confirm.dataset.round));
    });
    els.confirmNo.addEventListener("click", function () { els.confirm.hidden = true; });
    els.setup.addEventListener("click", function () {
      state.staged = false; save(); render();
      if (document.fullscreenElement) document.exitFullscreen().catch(function () {});
    });
    els.resume.addEventListener("click", function () { state.staged = true; save(); render(); });
    els.full.addEventListener("click", function () {
      if (document.fullscreenElement) document.exitFullscreen().catch(function () {});
      else if (root.requestFullscreen) root.requestFullscreen().catch(function () {});
    });
    document.addEventListener("visibilitychange", function () {
      keepAwake(!!state && state.staged !== false);
    });
    els.coin.addEventListener("click", function () {
      state.team = TEAMS[(TEAMS.indexOf(state.team) + 1) % TEAMS.length]; save(); render();
    });
    els.random.addEventListener("click", function () {
      state.team = flipTeam(); save(); render();
    });
    els.info.addEventListener("click", function () { els.panel.hidden = !els.panel.hidden; });
    els.panel.addEventListener("click", function (e) {
      var button = e.target.closest("button");
      if (!button) return;
      var action = data.actions.filter(function (a) {
        return a.id === button.dataset.action; })[0];
      var shows = action ? action.reveals : ["robot", "power", "allegiance"];
      state.hidden = {robot: shows.indexOf("robot") < 0, power: shows.indexOf("power") < 0,
                      coin: shows.indexOf("allegiance") < 0};
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
    navigator.serviceWorker.register(root.dataset.worker).then(function () {
      var urls = performance.getEntriesByType("resource").map(function (e) { return e.name; })
        .concat([location.href.split("#")[0]])
        .filter(function (u) {  // the site-wide search index is large and not needed here
          return new URL(u).origin === location.origin && u.indexOf("search_index") < 0;
        });
      return caches.open("rulepress-evilrobots-applet").then(function (cache) {
        return cache.addAll(urls);
      });
    }).then(function () { root.dataset.offline = "ready"; })
      .catch(function (err) { root.dataset.offline = "unavailable: " + err; });
  }

  fetch(root.dataset.src).then(function (r) { return r.json(); }).then(function (loaded) {
    data = loaded;
    build();
    wire();
    var saved = load();
    seatOptions(data.players.min, 0);
    if (saved && saved.dealt && saved.team &&
        data.bots.some(function (b) { return b.id === saved.dealt.robot; })) {
      state = saved;
      render();
    }
    root.dataset.ready = "true";
    keepOffline();
  }).catch(function (err) {
    root.textContent = "Could not load the applet's data (" + err + "). Reload the page.";
  });
})();
