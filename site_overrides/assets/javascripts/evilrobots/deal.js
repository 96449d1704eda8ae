/* The shared-code deal, step for step the same as the Python engine
   (generators/rulepress/engine/evilrobots/shuffle.py and deal.py):
   FNV-1a 32-bit hash of "<CODE>#<round>" -> mulberry32 -> Fisher-Yates with
   j = floor(u * (i + 1) / 2^32), exact in doubles because u * (i + 1) < 2^53.
   tests/engine/evilrobots/test_er_deal_js.py runs it in Node against the engine. */
export function normalCode(code) {
  return String(code).trim().toUpperCase();
}

export function fnv1a32(text) {
  const bytes = new TextEncoder().encode(text);
  let h = 2166136261;
  for (let k = 0; k < bytes.length; k++) {
    h = Math.imul(h ^ bytes[k], 16777619) >>> 0;
  }
  return h >>> 0;
}

export function mulberry32(seed) {
  let state = seed >>> 0;
  return function () {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1) >>> 0;
    t = (t ^ ((t + (Math.imul(t ^ (t >>> 7), t | 61) >>> 0)) >>> 0)) >>> 0;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

export function shuffled(items, next) {
  const deck = items.slice();
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor((next() * (i + 1)) / 4294967296);
    const swap = deck[i];
    deck[i] = deck[j];
    deck[j] = swap;
  }
  return deck;
}

function powerCards(deck) {
  const cards = [];
  for (let level = deck.low; level <= deck.high; level++) {
    for (let c = 0; c < deck.copies; c++) cards.push(level);
  }
  return cards;
}

/* data: {bots: [{id, ...}], power_deck: {low, high, copies}}.
   Returns the same table as the engine's deal op without a seat. */
export function dealTable(data, code, round, players) {
  const next = mulberry32(fnv1a32(normalCode(code) + "#" + round));
  const robots = shuffled(data.bots, next);
  const powers = shuffled(powerCards(data.power_deck), next);
  const seats = [];
  for (let seat = 1; seat <= players; seat++) {
    // coins are flipped on each phone
    const bot = robots[seat - 1];
    seats.push({
      seat,
      robot: { id: bot.id, name: bot.name, kind: bot.kind, ability: bot.ability },
      power: powers[seat - 1],
    });
  }
  return { code: normalCode(code), round, players, points: powers[powers.length - 1], seats };
}
