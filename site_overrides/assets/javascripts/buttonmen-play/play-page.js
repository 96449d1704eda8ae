// The Play page: a round against the computer. The page holds only the round's inputs, its
// seed and the moves so far (kept in the address); after each of my moves it asks the engine
// worker's `play` op, which replays the round from them, lets the computer answer, and sends
// back the board, the events and my legal moves (website/play_page.py says more).
import { engine } from "../engine/client.js";
import { canonicalJson } from "../shared/canonical-json.js";
import { html, nothing, show } from "../shared/html.js";
import { base64UrlToJson, jsonToBase64Url, readQuery, updateQuery } from "../shared/url-state.js";
import { fieldForError, plainWords, readNumber, readSwing } from "../calculators/request.js";
import { roundView } from "./play-view.js";

const SEED_HIGH = 2 ** 31 - 1;
const errorText = (message) => html`<span class="rp-calc__error">${message}</span>`;

/** A fresh seed for a new round (any whole number the engine takes). */
function freshSeed() {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return (word[0] % SEED_HIGH) + 1;
}

function setUp(root) {
  const spec = JSON.parse(root.querySelector(".rp-play__spec").textContent);
  const form = root.querySelector(".rp-play__form");
  const status = root.querySelector(".rp-play__status");
  const game = root.querySelector(".rp-play__game");
  const setup = root.querySelector(".rp-play__setup");
  // on a phone the set-up folds away once a round is under way: the board comes first
  const narrow = window.matchMedia("(max-width: 45em)");
  const input = (name) => form.elements.namedItem(name);
  let moves = [];
  let round = null; // the values the round in play was started with
  let generation = 0;

  /** {values, problems}: the form's values, and the words for each that cannot be read. */
  function readForm() {
    const values = {};
    const problems = {};
    for (const f of spec.fields) {
      const box = input(f.name);
      let read;
      if (f.kind === "swing") read = readSwing(box.value);
      else if (f.kind === "number") read = readNumber(box.value, f);
      else if (f.kind === "checkbox") read = { value: box.checked };
      else {
        read = { value: box.value.trim() };
        if (f.kind === "text" && !read.value) read.problem = "This cannot be empty.";
      }
      values[f.name] = read.value;
      if (read.problem) problems[f.name] = read.problem;
    }
    return { values, problems };
  }

  const requestFor = (values, played) => ({
    game: "buttonmen",
    op: "play",
    mine: { recipe: values.mine, swing: values.my_swing },
    theirs: { recipe: values.theirs, swing: values.their_swing },
    policy: values.policy,
    seed: values.seed,
    moves: played,
    advice: values.advice,
  });

  function writeAddress(values) {
    updateQuery((params) => {
      for (const f of spec.fields) {
        const value = values[f.name];
        let text;
        if (canonicalJson(value) === canonicalJson(f.default)) text = null;
        else if (f.kind === "swing")
          text = Object.entries(value)
            .map(([k, n]) => `${k}=${n}`)
            .join(",");
        else if (f.kind === "checkbox") text = value ? "1" : "0";
        else text = String(value);
        if (text === null) params.delete(f.name);
        else params.set(f.name, text);
      }
      if (moves.length) params.set("moves", jsonToBase64Url(moves));
      else params.delete("moves");
    });
  }

  function readAddress() {
    const params = readQuery();
    for (const f of spec.fields) {
      if (!params.has(f.name)) continue;
      const text = params.get(f.name);
      if (f.kind === "checkbox") input(f.name).checked = text === "1";
      else input(f.name).value = text;
    }
    try {
      const given = params.has("moves") ? base64UrlToJson(params.get("moves")) : [];
      moves = Array.isArray(given) ? given : [];
    } catch {
      moves = []; // a damaged link: the round starts again
    }
  }

  function clearProblems() {
    form.querySelectorAll("[aria-invalid]").forEach((box) => box.removeAttribute("aria-invalid"));
    form.querySelectorAll(".rp-calc__msg").forEach((msg) => {
      msg.textContent = "";
    });
  }

  function markProblem(name, message) {
    setup.open = true;
    input(name).setAttribute("aria-invalid", "true");
    form.querySelector(`[data-field="${name}"] .rp-calc__msg`).textContent = message;
  }

  function draw(response, busy = false) {
    root.lastResponse = response; // for tests: the engine's exact answer
    show(game, roundView(response, play, busy));
  }

  /** Starts a round from the form's values (after `played` moves: a link's). */
  function begin(played) {
    clearProblems();
    const { values, problems } = readForm();
    if (Object.keys(problems).length) {
      for (const [name, message] of Object.entries(problems)) markProblem(name, message);
      return;
    }
    ask(played, values);
  }

  /** Asks the engine for the round with `played` moves, and draws its answer. */
  async function ask(played, values) {
    clearProblems();
    round = values;
    moves = played;
    writeAddress(values);
    const request = requestFor(values, played);
    const mine = ++generation;
    root.dataset.waiting = "1";
    if (canonicalJson(request) === canonicalJson(spec.default.request)) {
      answer(spec.default.response);
    } else {
      const thinking = played.length ? "The computer is thinking…" : "Rolling the dice…";
      show(status, html`<span class="rp-calc__working">${thinking}</span>`);
      if (root.lastResponse && root.lastResponse.ok) draw(root.lastResponse, true);
      let response;
      try {
        response = await engine.ask(request);
      } catch (error) {
        response = { ok: false, error: { message: `Stopped: ${error.message}`, field: null } };
      }
      if (mine !== generation) return; // a newer question replaced this one
      answer(response);
    }
    delete root.dataset.waiting;
  }

  function answer(response) {
    show(status, nothing);
    if (response.ok) {
      if (narrow.matches && response.moves.length) setup.open = false;
      moves = response.moves;
      writeAddress(round);
      draw(response);
      return;
    }
    root.lastResponse = response;
    const name = response.error.field && fieldForError(spec, response.error.field);
    if (name && input(name)) {
      markProblem(name, plainWords(spec, response.error.message));
      show(status, errorText("The round could not start: see the message beside the field."));
    } else show(status, errorText(response.error.message));
  }

  function play(move) {
    ask([...moves, move], round);
  }

  /** Suggests a button's swing sizes when it is chosen (the middle of each letter's range,
   *  where the field does not give one already), and says what sizes it takes. */
  function suggestSwing(name, swingName) {
    const ranges = spec.swing[input(name).value.trim().toLowerCase()];
    const help = form.querySelector(`[data-field="${swingName}"] .rp-calc__help`);
    if (!ranges) {
      if (help) help.textContent = "";
      return;
    }
    const { value } = readSwing(input(swingName).value);
    const sizes = {};
    for (const [letter, [low, high]] of Object.entries(ranges)) {
      sizes[letter] = value && value[letter] ? value[letter] : Math.floor((low + high) / 2);
    }
    input(swingName).value = Object.entries(sizes)
      .map(([k, n]) => `${k}=${n}`)
      .join(", ");
    const words = Object.entries(ranges)
      .map(([k, [low, high]]) => `${k} from ${low} to ${high}`)
      .join(", ");
    if (help) help.textContent = `swing sizes this button takes: ${words}`;
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    input("seed").value = String(freshSeed());
    begin([]);
  });
  form.querySelector('[data-act="replay"]').addEventListener("click", () => begin([]));
  // advice on or off: the same round, asked again
  input("advice").addEventListener("change", () => {
    if (round) ask(moves, { ...round, advice: input("advice").checked });
    else begin(moves);
  });
  input("mine").addEventListener("change", () => suggestSwing("mine", "my_swing"));
  input("theirs").addEventListener("change", () => suggestSwing("theirs", "their_swing"));

  readAddress();
  begin(moves);
  engine.onState((state) => {
    root.dataset.engine = state.status;
    if (state.status === "failed") show(status, errorText(`The engine could not start: ${state.error}`));
  });
  engine.startWhenIdle();
}

document.querySelectorAll("[data-rp-play]").forEach(setUp);
