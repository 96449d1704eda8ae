/* The shared-code deal, step for step the same as the Python engine
   (generators/rulepress/engine/evilrobots/shuffle.py and deal.py):
   FNV-1a 32-bit hash of "<CODE>#<round>" -> mulberry32 -> Fisher-Yates with
   j = floor(u * (i + 1) / 2^32), exact in doubles because u * (i + 1) < 2^53. */
(function (root) {
  "use strict";

  function normalCode(code) { return String(code).trim().toUpperCase(); }

  function fnv1a32(text) {
    var bytes = new TextEncoder().encode(text);
    var h = 2166136261;
    for (var k = 0; k < bytes.length; k++) {
      h = Math.imul(h ^ bytes[k], 16777619) >>> 0;
    }
    return h >>> 0;
  }

  function mulberry32(seed) {
    var state = seed >>> 0;
    return function () {
      state = (state + 0x6D2B79F5) >>> 0;
      var t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1) >>> 0;
      t = (t ^ ((t + (Math.imul(t ^ (t >>> 7), t | 61) >>> 0)) >>> 0)) >>> 0;
      return (t ^ (t >>> 14)) >>> 0;
    };
  }

  function shuffled(items, next) {
    var deck = items.slice();
    for (var i = deck.length - 1; i > 0; i--) {
      var j = Math.floor((next() * (i + 1)) / 4294967296);
      var swap = deck[i]; deck[i] = deck[j]; deck[j] = swap;
    }
    return deck;
  }

  function powerCards(deck) {
    var cards = [];
    for (var level = deck.low; level <= deck.high; level++) {
      for (var c = 0; c < deck.copies; c++) cards.push(level);
    }
    return cards;
  }

  /* data: {bots: [{id, ...}], power_deck: {low, high, copies}}.
     Returns the same table as the engine's deal op without a seat. */
  function dealTable(data, code, round, players) {
    var next = mulberry32(fnv1a32(normalCode(code) + "#" + round));
    var robots = shuffled(data.bots, next);
    var powers = shuffled(powerCards(data.power_deck), next);
    var seats = [];
    for (var seat = 1; seat <= players; seat++) {  // coins are flipped on each phone
      var bot = robots[seat - 1];
      seats.push({seat: seat, robot: {id: bot.id, name: bot.name, kind: bot.kind, ability: bot.ability},
                  power: powers[seat - 1]});
    }
    return {code: normalCode(code), round: round, players: players,
            points: powers[powers.length - 1], seats: seats};
  }

  var api = {normalCode: normalCode, fnv1a32: fnv1a32, mulberry32: mulberry32,
             shuffled: shuffled, dealTable: dealTable};
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.EvilRobotsDeal = api;
})(this);
