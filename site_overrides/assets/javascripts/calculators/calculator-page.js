// Calculator pages: read the form, keep the inputs in the address, ask the engine worker,
// and show the exact answer with a chart. The page opens with the answer the build computed
// for the default inputs, so nothing waits for Pyodide at first paint.
//
// The parts: calculator-form.js (inputs and the address), request.js (the request from the
// values, errors back to fields), answer-views.js and charts.js (drawing an answer).
import { engine } from "../engine/client.js";
import { canonicalJson } from "../shared/canonical-json.js";
import { html, nothing, show } from "../shared/html.js";
import { readQuery, updateQuery } from "../shared/url-state.js";
import { attachRoll } from "../roll/calculator-roll.js";
import { summaryText } from "./answer-summary.js";
import { VIEWS } from "./answer-views.js";
import { MAX_PINS } from "./charts.js";
import { calculatorForm } from "./calculator-form.js";
import * as matchupBatches from "./matchup-batches.js";
import { describeDifference, fieldForError, fill, plainWords } from "./request.js";

const SLOW_MS = 15000; // after this, say the question is a big one
const WAIT_MS = 250; // typing pauses this long before the question is asked

// Calculators whose answer can be sharpened by asking again (spec.extra.progressive): the
// first request, whether an answer is unfinished, the next request, and adding one up.
const PROGRESSIVE = { matchup: matchupBatches };

const errorText = (message) => html`<span class="rp-calc__error">${message}</span>`;

function setUp(root) {
  const spec = JSON.parse(root.querySelector(".rp-calc__spec").textContent);
  const status = root.querySelector(".rp-calc__status");
  const result = root.querySelector(".rp-calc__result");
  const summary = root.querySelector(".rp-calc__summary");
  // the answer in one line, in the bar under the form (answer-summary.js); none: hidden
  const summarize = (response) => {
    const line = summaryText(spec.view, response, spec.extra);
    summary.querySelector(".rp-calc__line").textContent = line;
    summary.hidden = !line;
  };
  const form = calculatorForm(root.querySelector(".rp-calc__form"), spec, () => later());
  let generation = 0; // the newest question; answers to older ones are dropped
  let timer = null;
  let cancelled = null; // the canonical request of the question last cancelled
  let asking = null; // the canonical request of the question last asked
  // what the chart shows (kept in the address as "show") and the answers pinned on it
  // (up to MAX_PINS: four answers on one chart, charts.js)
  const chart = { id: spec.id, mode: readQuery().get("show") || "exact", pins: [], values: null };

  function draw(response) {
    chart.width = result.clientWidth || root.clientWidth || 600;
    for (const pin of chart.pins) pin.label = describeDifference(spec.fields, pin.values, chart.values);
    const open = result.querySelector("details")?.open; // a table the reader opened stays open
    show(result, VIEWS[spec.view](response, spec.extra, chart));
    summarize(response);
    if (open && result.querySelector("details")) result.querySelector("details").open = true;
  }

  // Chart controls live in the answer, outside the form: they redraw, never ask again.
  result.addEventListener("change", (event) => {
    if (!event.target.name || !event.target.name.startsWith("rp-show") || !root.lastResponse?.ok) return;
    chart.mode = event.target.value;
    updateQuery((params) => {
      if (chart.mode === "exact") params.delete("show");
      else params.set("show", chart.mode);
    });
    draw(root.lastResponse);
    result.querySelector(`input[value="${chart.mode}"]`)?.focus();
  });
  result.addEventListener("click", (event) => {
    const act = event.target.dataset && event.target.dataset.act;
    if (!act || !root.lastResponse?.ok) return;
    if (act === "pin" && chart.pins.length < MAX_PINS) {
      chart.pins.push({ pmf: root.lastResponse[spec.extra.key || "pmf"], values: chart.values });
    } else if (act === "unpin") chart.pins = [];
    draw(root.lastResponse);
    result.querySelector(".rp-pin")?.focus();
  });

  function answer(response, values) {
    root.lastResponse = response; // for tests: the exact JSON the engine answered
    form.clearProblems();
    if (response.ok) {
      if (values) chart.values = values;
      draw(response);
      return;
    }
    show(result, nothing); // never leave an answer beside inputs it does not belong to
    summarize(null);
    const name = response.error.field && fieldForError(spec, response.error.field);
    if (name && form.control(name)) {
      form.markProblem(name, plainWords(spec, response.error.message));
      show(status, nothing);
    } else {
      show(status, errorText(plainWords(spec, response.error.message)));
    }
  }

  function cancel(request) {
    cancelled = canonicalJson(request);
    asking = null;
    clearTimeout(timer);
    show(result, nothing); // the answer shown was for other inputs
    summarize(null);
    root.lastResponse = undefined;
    engine.cancel();
  }

  async function compute() {
    const { values, problems } = form.readValues();
    form.writeAddress(values);
    const fine = !Object.keys(problems).length;
    // The question being answered (or sharpened batch by batch) is not asked again: an
    // input's "change" event fires when a click on Stop takes the focus away.
    if (fine && asking === canonicalJson(fill(spec.request, values))) return;
    asking = fine ? canonicalJson(fill(spec.request, values)) : null;
    const mine = ++generation;
    if (!fine) {
      answer({ ok: false, error: { message: "", field: null } });
      for (const [name, message] of Object.entries(problems)) form.markProblem(name, message);
      return;
    }
    const request = fill(spec.request, values);
    const progress = PROGRESSIVE[spec.extra.progressive];
    // The question the player cancelled stays cancelled: the input's "change" event (it
    // fires when the Cancel click takes the focus away) must not ask it again.
    if (cancelled !== null && canonicalJson(request) === cancelled) return;
    cancelled = null;
    if (canonicalJson(request) === canonicalJson(spec.default.request)) {
      show(status, nothing);
      return answer(spec.default.response, values);
    }
    root.classList.add("rp-calc--busy");
    delete root.dataset.settled;
    chart.progress = null;
    show(
      status,
      html`<span class="rp-calc__working">Working it out…</span> <button type="button" class="rp-calc__cancel" @click=${() => cancel(request)}>Cancel</button>`,
    );
    const slow = setTimeout(() => {
      const words = status.querySelector(".rp-calc__working");
      if (mine === generation && words) words.textContent = "Still working (a big question)…";
    }, SLOW_MS);
    try {
      const asked = progress ? progress.firstRequest(request) : request;
      const started = performance.now();
      const response = await engine.ask(asked);
      if (mine !== generation) return; // a newer question replaced this one
      show(status, nothing);
      answer(response, values);
      performance.mark("rp-engine-answer");
      if (progress) {
        root.classList.remove("rp-calc--busy"); // an answer, if one that will sharpen
        await sharpen(progress, asked, response, performance.now() - started, mine);
      }
    } catch (error) {
      asking = null; // not answered: the same inputs may ask again
      if (mine === generation) {
        show(status, errorText(`Stopped: ${error.message}. Change an input to try again.`));
      }
    } finally {
      clearTimeout(slow);
      if (mine === generation) root.classList.remove("rp-calc--busy");
    }
  }

  /** Asks for more of an unfinished answer (a simulation's next rounds) batch after batch,
   *  showing each sum, until it is finished, the inputs change, or the reader stops it. */
  async function sharpen(progress, request, first, firstMs, mine) {
    if (!first.ok) {
      root.dataset.settled = "1";
      return;
    }
    let total = first;
    let last = { rounds: first.rounds, ms: firstMs };
    let stopped = false;
    const stop = () => {
      stopped = true;
      const words = status.querySelector(".rp-calc__working");
      if (words) words.textContent = "Stopping after this batch…";
    };
    for (;;) {
      const next = progress.nextRequest(request, total, last.rounds, last.ms);
      if (!next || stopped || mine !== generation) break;
      chart.progress = "More rounds are being played; the intervals narrow as they come in.";
      draw(total);
      show(
        status,
        html`<span class="rp-calc__working">Playing rounds ${total.first_round + total.rounds + 1} to ${next.first_round + next.rounds}…</span> <button type="button" class="rp-calc__stop" @click=${stop}>Stop</button>`,
      );
      const started = performance.now();
      const part = await engine.ask(next);
      if (mine !== generation) return;
      if (!part.ok) {
        show(status, errorText(part.error.message));
        break;
      }
      total = progress.merge(total, part);
      last = { rounds: next.rounds, ms: performance.now() - started };
      root.lastResponse = total;
    }
    if (mine !== generation) return;
    chart.progress = stopped ? "Stopped: more rounds would narrow the intervals." : null;
    root.lastResponse = total;
    draw(total);
    show(status, nothing);
    root.dataset.settled = "1"; // for tests: no more batches will come
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(compute, WAIT_MS);
  }
  const formElement = root.querySelector(".rp-calc__form");
  formElement.addEventListener("input", () => {
    form.syncApplicable();
    later();
  });
  formElement.addEventListener("change", () => {
    form.syncApplicable();
    later();
  });
  formElement.addEventListener("submit", (event) => {
    event.preventDefault();
    compute();
  });

  form.readAddress();
  const { values } = form.readValues();
  if (canonicalJson(fill(spec.request, values)) === canonicalJson(spec.default.request)) {
    answer(spec.default.response, values); // first paint: the build's answer for the defaults
    performance.mark("rp-first-answer"); // bench/browser.py reads these marks
  } else {
    // A link with other inputs: the build's answer belongs to the defaults, so nothing is
    // shown beside these inputs until their own answer is ready (compute says it is working).
    show(result, nothing);
    compute();
  }
  engine.onState((state) => {
    root.dataset.engine = state.status;
    if (state.status === "failed") show(status, errorText(`The engine could not start: ${state.error}`));
  });
  attachRoll(root, spec, form, engine); // "Roll it" on a dice calculator
  engine.startWhenIdle();
}

document.querySelectorAll(".rp-calc").forEach(setUp);
