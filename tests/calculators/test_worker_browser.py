"""The engine worker in real Chromium answers exactly like `rulepress query`."""

from __future__ import annotations

from rulepress.engine.query import answer

REQUESTS = [
    {"game": "evilrobots", "op": "allegiance_odds"},
    {"game": "buttonmen", "op": "skills", "ids": ["trip", "shadow"]},
    {"game": "buttonmen", "op": "parse", "recipe": "s(U) z(U) %(U) n(U) g(U) t(U)"},
    {"game": "buttonmen", "op": "parse", "recipe": "(4) (8"},
    {"game": "nope", "op": "skills"},
]

ASK_ALL = """async (requests) => {
  const worker = new Worker("assets/javascripts/engine/worker.mjs", {type: "module"});
  let id = 0;
  const answers = new Map();
  const ready = new Promise((resolve, reject) => {
    worker.onmessage = ({data}) => {
      if (data.type === "ready") resolve(data.ms);
      else if (data.type === "failed") reject(new Error(data.error));
      else answers.get(data.id)(data.response);
    };
  });
  const ask = (request) => new Promise((resolve) => {
    answers.set(++id, resolve);
    worker.postMessage({id, request});
  });
  const results = [];
  for (const request of requests) results.push(await ask(request));
  const readyMs = await ready;
  worker.terminate();
  return {readyMs, results};
}"""


def test_worker_answers_equal_the_cli_engine(page, site_url, engine_data):
    page.goto(site_url)
    out = page.evaluate(ASK_ALL, REQUESTS)
    assert out["results"] == [answer(request, engine_data) for request in REQUESTS]
    assert page.offsite == []
