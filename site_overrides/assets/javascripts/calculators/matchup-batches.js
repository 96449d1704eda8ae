// A simulated match-up asked in batches, so its interval narrows on screen instead of the
// page waiting for one long answer: round i of a simulation is rolled from its own generator
// (the `matchup` op's `first_round` and `rounds`), so batches of rounds 0-99, 100-499, …
// add up to exactly the answer one request for all of them would give. Pure functions of
// requests and responses, unit-tested in Node (tests/frontend/matchup-batches.test.js).

export const Z95 = 1.959963984540054; // as the engine's simulate.Z95
export const TARGET_MS = 1500; // a batch should take about this long (Stop waits for it)
export const MAX_ROUNDS = 40000; // the page stops adding rounds here
export const CLOSE_ENOUGH = 0.005; // or when the interval on P(win) is this narrow either side

/** Wilson's score interval for a proportion, as the engine's simulate.wilson. */
export function wilson(successes, n, z = Z95) {
  if (n === 0) return [0, 1];
  const p = successes / n;
  const centre = p + (z * z) / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  const scale = 1 + (z * z) / n;
  return [Math.max(0, (centre - spread) / scale), Math.min(1, (centre + spread) / scale)];
}

const round4 = (x) => Math.round(x * 10000) / 10000;
const slow = (request) => {
  const policy = request.policy || {};
  return ["search", "best"].some((name) => policy === name || policy.mine === name || policy.theirs === name);
};

/** The first request: a small first batch (a Search round takes seconds, a Maximize one
 *  milliseconds). An exact answer ignores `rounds`. */
export function firstRequest(request) {
  return { ...request, first_round: 0, rounds: slow(request) ? 1 : 50 };
}

/** Whether a response is a simulation that more rounds would sharpen. */
export function unfinished(response) {
  if (!response.ok || response.method !== "simulated" || response.sweep) return false;
  const [low, high] = response.interval.win;
  return response.rounds < MAX_ROUNDS && (high - low) / 2 > CLOSE_ENOUGH;
}

/** The next batch after `total` (the rounds so far), sized so it takes about TARGET_MS at
 *  the pace of the last one (`lastRounds` in `lastMs`): never fewer rounds than the last
 *  (the first one's pace counts the engine's start), at most four times as many; or null
 *  when there is nothing more to ask. Later batches ask for a simulation straight away. */
export function nextRequest(request, total, lastRounds, lastMs) {
  if (!unfinished(total)) return null;
  const pace = lastRounds / Math.max(lastMs, 1);
  const size = Math.min(
    Math.max(lastRounds, Math.min(Math.floor(pace * TARGET_MS), 4 * lastRounds)),
    MAX_ROUNDS - total.rounds,
  );
  return { ...request, method: "simulated", first_round: total.first_round + total.rounds, rounds: size };
}

/** The answer for all rounds of `total` and then those of `part` (the batch that follows
 *  them), as the engine would give it for one request covering both. */
export function merge(total, part) {
  const out = { ...total };
  for (const key of ["rounds", "wins", "draws", "losses"]) out[key] = total[key] + part[key];
  out.went_first = {
    mine: total.went_first.mine + part.went_first.mine,
    theirs: total.went_first.theirs + part.went_first.theirs,
  };
  const capped = (total.stopped_at_turn_limit || 0) + (part.stopped_at_turn_limit || 0);
  if (capped) out.stopped_at_turn_limit = capped;
  const n = out.rounds;
  out.p_win = round4(out.wins / n);
  out.p_draw = round4(out.draws / n);
  out.p_lose = round4(out.losses / n);
  out.value = round4((out.wins + out.draws / 2) / n);
  out.interval = {
    ...total.interval,
    win: wilson(out.wins, n).map(round4),
    value: wilson(out.wins + out.draws / 2, n).map(round4),
  };
  out.batches = (total.batches || 1) + 1;
  return out;
}
