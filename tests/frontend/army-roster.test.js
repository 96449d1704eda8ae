// army-builder/roster.js and stat-cards.js: the roster without the page.
import assert from "node:assert/strict";
import { test } from "node:test";

import { priceText } from "../../site_overrides/assets/javascripts/army-builder/custom-cards.js";
import { armyWeapons } from "../../site_overrides/assets/javascripts/army-builder/print-view.js";
import {
  checkCustom,
  checkRoster,
  duplicateLine,
  estimateTotals,
  flatten,
  lineLabel,
  lineName,
  moveLine,
  nearest,
  nestingDepth,
  oddsLink,
  priceIndex,
  rosterFile,
  rosterFragment,
  rosterFromFragment,
  rowOfPath,
  toRequest,
} from "../../site_overrides/assets/javascripts/army-builder/roster.js";
import {
  cardFaces,
  customValues,
  gearGrid,
  legendOf,
  textSize,
} from "../../site_overrides/assets/javascripts/army-builder/stat-cards.js";

const PRICES = [
  { kind: "specialist", id: "minifig", name: "Minifig", cp: "4", ui: "1", url: "m/" },
  { kind: "unit", id: "hero", name: "Hero", cp: "10", ui: "2", url: "h/" },
  { kind: "item", id: "hand-weapon", name: "Hand Weapon", cp: "1", ui: "0", group: "minifig-weapon" },
  { kind: "item", id: "shield", name: "Shield", cp: "1/2", ui: "0" },
];
// the shape website/army_builder.py page_limits() writes (small numbers, to reach them)
const LIMITS = {
  lines: 3,
  depth: 32,
  count: 1000,
  items: 2,
  name: 60,
  design: { size: 100, parts: 100 },
  army_text: { name: 10, notes: 20 },
  file_bytes: 1 << 20,
  custom_cards: 2,
  custom_weapons: 1,
  custom_text: { name: 10, kind: 20, notes: 20 },
  weapon_text: { name: 5, damage: 5 },
  image_bytes: 3,
  image_types: ["image/png", "image/gif"],
  image_magic: { "image/png": "89504e470d0a1a0a", "image/jpeg": "ffd8ff", "image/gif": "47494638" },
  image_side: 4096,
  file_encoding: "utf-8",
};
const ROSTER = {
  lines: [
    { unit: "hero", count: 1, items: ["hand-weapon"] },
    { specialist: "minifig", count: 2, items: ["hand-weapon", "shield"], squad_name: "Guard" },
    { specialist: "minifig", count: 1, squad_name: " Guard " },
  ],
  budget: { cp: 30, unit_inches: "" },
  custom: [],
};

test("lines of one Squad name become one squad; each row keeps its path", () => {
  const { req, paths } = toRequest(ROSTER);
  assert.deepEqual(req, {
    game: "brikwars",
    op: "army",
    budget: { cp: 30 },
    lines: [
      { unit: "hero", count: 1, items: ["hand-weapon"] },
      {
        name: "Guard",
        squad: [
          { specialist: "minifig", count: 2, items: ["hand-weapon", "shield"] },
          { specialist: "minifig", count: 1 },
        ],
      },
    ],
  });
  assert.deepEqual(paths, ["lines[0]", "lines[1].squad[0]", "lines[1].squad[1]"]);
  assert.equal(rowOfPath(paths, "lines[1].squad[1].items[0]"), 2);
  assert.equal(rowOfPath(paths, "budget"), -1);
  // and back: a file's request becomes the page's flat roster
  assert.deepEqual(flatten(req).lines[2], { specialist: "minifig", count: 1, squad_name: "Guard" });
});

test("a path reads as the roster sheet says it", () => {
  assert.equal(lineLabel("lines[1].squad[0].items"), "line 2.1 (items)");
  assert.equal(lineLabel("lines[0]"), "line 1");
  assert.equal(lineLabel("budget"), "budget");
});

test("the instant estimate: exact fractions, unknown where a line has no price", () => {
  const totals = estimateTotals(ROSTER, priceIndex(PRICES));
  const text = (f) => (f === null ? null : f.d === 1n ? String(f.n) : `${f.n}/${f.d}`);
  assert.deepEqual(
    totals.lines.map((l) => [text(l.each), text(l.cp), text(l.ui)]),
    [
      ["11", "11", "2"],
      ["11/2", "11", "2"],
      ["4", "4", "1"],
    ],
  );
  assert.equal(text(totals.cp), "26");
  const withCreation = { ...ROSTER, lines: [...ROSTER.lines, { name: "Tank", creation: { size: 4 } }] };
  assert.equal(estimateTotals(withCreation, priceIndex(PRICES)).cp, null);
});

test("a roster from a file is refused with the reason, a misspelt id with its neighbours", () => {
  const check = (roster) => checkRoster(structuredClone(roster), PRICES, LIMITS);
  assert.throws(() => check({}), /no 'lines' list/);
  assert.throws(() => check({ lines: [{}, {}, {}, {}] }), /4 lines; at most 3/);
  assert.throws(
    () => check({ lines: [{ specialist: "minifg" }] }),
    /no specialist 'minifg'; did you mean minifig\?/,
  );
  assert.throws(() => check({ lines: [{ unit: "zzzzzz" }] }), /the builder's search lists every unit/);
  assert.throws(() => check({ lines: [{ unit: "hero", count: 0 }] }), /count must be 1 to 1000/);
  assert.throws(() => check({ lines: [{ unit: "hero", items: ["a", "b", "c"] }] }), /at most 2/);
  assert.throws(
    () => check({ lines: [{ unit: "hero", items: ["sheild"] }] }),
    /no item 'sheild'; did you mean shield/,
  );
  assert.throws(() => check({ lines: [{ creation: "tank" }] }), /'creation' must be an object/);
  assert.deepEqual(check({ lines: [{ unit: "hero" }] }).custom, []);
  assert.equal(nearest(PRICES, "item", "HAND-WEAPN"), "; did you mean hand-weapon?");
});

test("custom cards: text within its lengths, a picture of an allowed type and size", () => {
  const [card] = checkCustom([{ name: "Bob", notes: 12, weapons: [{ name: "Gun", damage: 3 }] }], LIMITS);
  assert.deepEqual(card, {
    name: "Bob",
    kind: "",
    notes: "12",
    weapons: [{ name: "Gun", damage: "3" }],
    image: "",
  });
  assert.throws(() => checkCustom([{ name: "x".repeat(11) }], LIMITS), /'name' must be text of at most 10/);
  assert.throws(() => checkCustom([{ name: " " }], LIMITS), /needs a name/);
  assert.throws(() => checkCustom([{ name: "a" }, { name: "b" }, { name: "c" }], LIMITS), /at most 2/);
  assert.throws(() => checkCustom([{ name: "a", weapons: [{}, {}] }], LIMITS), /at most 1 weapons/);
  assert.throws(() => checkCustom([{ name: "a", weapons: [{ name: "Lance!" }] }], LIMITS), /more than 5/);
  const png = "data:image/png;base64,iVBORw0KGgo="; // a PNG's first 8 bytes
  assert.equal(checkCustom([{ name: "a", image: png }], LIMITS)[0].image, png);
  // a picture's first bytes must be its type's (as the command line's check_image)
  for (const image of ["data:image/png;base64,AAAA", "data:image/png;base64,R0lGODlh"]) {
    assert.throws(() => checkCustom([{ name: "a", image }], LIMITS), /not a PNG file \(its first bytes/);
  }
  for (const image of [
    "data:image/jpeg;base64,AAAA",
    "data:image/png;base64," + "A".repeat(200),
    "javascript:x",
  ]) {
    assert.throws(() => checkCustom([{ name: "a", image }], LIMITS), /must be a PNG, JPEG or GIF data: URL/);
  }
});

test("a link carries the roster (pictures left out) and gives it back checked", () => {
  const roster = { ...structuredClone(ROSTER), custom: [{ name: "Bob", image: "data:image/png;base64,AA" }] };
  const fragment = rosterFragment(roster);
  assert.match(fragment, /^#roster=[A-Za-z0-9_-]+$/);
  const back = rosterFromFragment(fragment, PRICES, { ...LIMITS, custom_text: { name: 10 } });
  assert.deepEqual(back.lines[1], ROSTER.lines[1]);
  assert.equal(back.lines[2].squad_name, "Guard"); // trimmed by the squad's name
  assert.equal(back.custom[0].image, "");
  assert.equal(rosterFromFragment("#other", PRICES, LIMITS), null);
  assert.throws(() => rosterFromFragment("#roster=not-a-roster", PRICES, LIMITS));
});

// --- stat cards ---------------------------------------------------------------------------

const CARDS = {
  steps: {
    body: [
      [10, 7.5],
      [20, 6.8],
    ],
    name: [[5, 10.5]],
    smallest: 6,
  },
  faces: {
    "specialist/minifig": {
      front: {
        template: "stats",
        fields: {
          sub: "BrikWars specialist",
          rows: [
            ["Cost", "4 CP"],
            ["Skill", "d6"],
          ],
          text: "A minifig.",
          legend: "",
        },
      },
      back: { template: "entries", fields: { heading: "Minifig", entries: [] } },
    },
  },
  no_card: { lines: { "unit/hero": "no stat card: QuikWars" }, other: "no stat card", creation: "no stats" },
  cliches: {},
  weapons: {},
  varieties: [],
  variety_text: {},
  legend: {
    marks: { "°": "° recovered", "*": "* inferred", "?": "? lost", "—": "— does not apply" },
    skill_die: "S: the wielder's Skill die.",
    skill_die_pattern: "\\bS\\b|\\dS",
  },
};

test("text sizes step down with length, to the smallest", () => {
  assert.equal(textSize("short", CARDS.steps.body, 6), 7.5);
  assert.equal(textSize("x".repeat(15), CARDS.steps.body, 6), 6.8);
  assert.equal(textSize("x".repeat(25), CARDS.steps.body, 6), 6);
});

test("the army's cards: a line's face with its own cost, count and squad; lines without one named", () => {
  const { paths } = toRequest(ROSTER);
  const response = {
    lines: [
      { line: "lines[0]", name: "Hero", count: 1, each_cp: "11" },
      {
        line: "lines[1]",
        kind: "squad",
        members: [
          {
            line: "lines[1].squad[0]",
            name: "Minifig",
            count: 2,
            each_cp: "11/2",
            parts: [{ part: "Minifig" }, { part: "Shield" }],
          },
          { line: "lines[1].squad[1]", name: "Minifig", count: 1, each_cp: "4" },
        ],
      },
    ],
  };
  const roster = { ...ROSTER, custom: [{ name: "Bob", kind: "unit", notes: "", weapons: [], image: "" }] };
  const made = cardFaces(CARDS).armyCards(roster, response, paths);
  assert.deepEqual(made.noCard, ["line 1 (Hero): no stat card: QuikWars"]);
  assert.equal(made.folds.length, 2); // the minifigs: fold-overs (their card has a back)
  const first = made.folds[0].front.fields;
  assert.deepEqual(first.rows[0], ["Cost", "11/2 CP"]);
  assert.equal(first.sub, "BrikWars specialist · ×2 · Guard");
  assert.equal(first.text, "With: Shield. A minifig.");
  assert.deepEqual(
    made.singles.map((c) => c.name),
    ["Bob"],
  );
  assert.equal(made.singles[0].front.fields.sub, "custom unit · your own card");
});

test("a line's odds link opens the attack calculator with its unit and first weapon", () => {
  const byKey = priceIndex(PRICES);
  assert.equal(
    oddsLink({ specialist: "minifig", items: ["shield", "hand-weapon"] }, byKey, "../attack/"),
    "../attack/?attacker=minifig&weapon=hand-weapon",
  );
  assert.equal(
    oddsLink({ unit: "hero", items: ["shield"] }, byKey, "../attack/"),
    "../attack/?attacker=hero",
  );
  const creation = { name: "Tank", creation: { weapons: [{ weapon: "cannon", size: 3 }] } };
  assert.equal(oddsLink(creation, byKey, "../attack/"), "../attack/?weapon=cannon&weapon_size=3");
  assert.equal(oddsLink({ name: "Box", creation: {} }, byKey, "../attack/"), "../attack/");
});

// --- the army's own name and notes, moving and copying lines --------------------------------

test("the army's name and notes go in its file and its link, never in the engine's request", () => {
  const roster = { ...structuredClone(ROSTER), name: " Red Barons ", notes: "Hold the bridge." };
  const file = rosterFile(roster);
  assert.equal(file.name, "Red Barons");
  assert.equal(file.notes, "Hold the bridge.");
  assert.equal(file.game, undefined);
  const { req } = toRequest(roster);
  assert.equal(req.name, undefined);
  assert.equal(req.notes, undefined);
  // a file (or a link) gives them back, checked against the spec's lengths
  const back = flatten(file);
  assert.equal(back.name, "Red Barons");
  assert.equal(checkRoster(back, PRICES, LIMITS).notes, "Hold the bridge.");
  const link = rosterFromFragment(rosterFragment(roster), PRICES, LIMITS);
  assert.equal(link.name, "Red Barons");
  assert.throws(
    () => checkRoster({ lines: [], name: "x".repeat(11) }, PRICES, LIMITS),
    /'name' must be text of at most 10/,
  );
  assert.throws(() => checkRoster({ lines: [], notes: 5 }, PRICES, LIMITS), /'notes' must be text/);
  // an unnamed army's file has no name at all
  assert.equal("name" in rosterFile({ ...structuredClone(ROSTER), name: "", notes: "" }), false);
});

test("a line moves up and down within the roster, and a copy goes just after it", () => {
  const roster = structuredClone(ROSTER);
  const names = () => roster.lines.map((l) => l.unit || `${l.specialist}x${l.count}`);
  assert.equal(moveLine(roster, 0, -1), 0); // the first cannot go up
  assert.equal(moveLine(roster, 0, 1), 1);
  assert.deepEqual(names(), ["minifigx2", "hero", "minifigx1"]);
  assert.equal(moveLine(roster, 2, 1), 2); // the last cannot go down
  assert.equal(duplicateLine(roster, 0, 5), 1);
  assert.deepEqual(names(), ["minifigx2", "minifigx2", "hero", "minifigx1"]);
  roster.lines[1].items.push("x"); // a copy, not the same object
  assert.deepEqual(roster.lines[0].items, ["hand-weapon", "shield"]);
  assert.equal(duplicateLine(roster, 0, 4), -1); // the roster is full
});

test("a Horse is named by its varieties, in the data's order; its own name wins", () => {
  const varieties = [
    ["steel-horse", "Steel"],
    ["flying-horse", "Flying"],
    ["gun-horse", "Gun"],
  ];
  const horse = { name: "Horse" };
  assert.equal(lineName({ unit: "horse", items: ["steel-horse"] }, horse, varieties), "Steel Horse");
  assert.equal(
    lineName(
      { unit: "horse", items: ["gun-horse", { item: "steel-horse" }, "flying-horse"] },
      horse,
      varieties,
    ),
    "Steel Flying Gun Horse",
  );
  assert.equal(lineName({ unit: "horse", items: [] }, horse, varieties), "Horse");
  assert.equal(lineName({ unit: "horse", name: "Trike", items: ["steel-horse"] }, horse, varieties), "Trike");
});

test("a card lists the line's weapons, its varieties and its Cliché, with a legend for the marks", () => {
  const cards = {
    ...CARDS,
    faces: {
      ...CARDS.faces,
      "unit/horse": {
        front: {
          template: "stats",
          fields: { sub: "BrikWars unit", rows: [["Cost", "7 CP"]], text: "A steed.", legend: "" },
        },
        back: null,
      },
    },
    weapons: { "gun-horse": { name: "Gun Horse", use: "3", range: '6"', damage: "1d6*", effect: "A gun." } },
    varieties: [["gun-horse", "Gun"]],
    variety_text: { "gun-horse": "Gun Horse: a gun." },
    cliches: { barbarian: "Barbarian (Feats that fit it, such as lifting huge objects)" },
  };
  assert.deepEqual(gearGrid({ items: ["gun-horse", "gun-horse", "saddle"] }, cards.weapons), [
    ["Weapon", "Use", "Range", "Damage"],
    ["Gun Horse", "3", '6"', "1d6*"],
  ]);
  const roster = { lines: [{ unit: "horse", items: ["gun-horse"] }], custom: [] };
  const response = {
    lines: [
      {
        line: "lines[0]",
        name: "Horse",
        count: 1,
        each_cp: "10",
        parts: [{ part: "Horse" }, { part: "Gun Horse" }],
      },
    ],
  };
  const made = cardFaces(cards).armyCards(roster, response, ["lines[0]"]);
  const card = made.singles[0];
  assert.equal(card.name, "Gun Horse");
  assert.deepEqual(card.front.fields.grid[1], ["Gun Horse", "3", '6"', "1d6*"]);
  assert.equal(card.front.fields.legend, "* inferred");
  assert.match(card.front.fields.text, /^Gun Horse: a gun\./); // the variety said once, not in "With:"
  const hero = cardFaces(cards).lineFace(cards.faces["unit/horse"].front, { each_cp: "11" }, "", [
    cards.cliches.barbarian,
  ]);
  assert.match(hero.fields.text, /Cliché: Barbarian \(Feats that fit it, such as lifting huge objects\)/);
  assert.equal(legendOf(["2S"], ["2S"], cards.legend), "S: the wielder's Skill die.");
});

test("a custom Creation with a design: priced by the engine, its blank stats filled in", () => {
  const [card] = checkCustom([{ name: "Tank", kind: "creation", creation: { size: 4 } }], LIMITS);
  assert.deepEqual(card.creation, { size: 4 });
  assert.throws(
    () => checkCustom([{ name: "Tank", kind: "unit", creation: { size: 4 } }], LIMITS),
    /of kind 'creation'/,
  );
  assert.throws(() => checkCustom([{ name: "Tank", kind: "creation", creation: [4] }], LIMITS), /'creation'/);
  const answer = {
    ok: true,
    cost_cp: "13",
    stats: {
      size: 4,
      armor: "1d10",
      skill: null,
      move: { "standard-propulsion": "6" },
      weapons: [{ name: "Gun", size: 2, use: 4, range: 10, damage: "2d6" }],
    },
  };
  const values = customValues(
    { ...card, weapons: [], skill: "", move: "", armor: "2d10", size: "", cp: "1" },
    answer,
  );
  assert.equal(values.cp, "13 CP, priced by the rules engine");
  assert.equal(values.armor, "2d10"); // given: kept
  assert.equal(values.move, '6"');
  assert.deepEqual(values.weapons, [{ name: "Gun 2", use: "4", range: '10"', damage: "2d6" }]);
  assert.equal(priceText(card, answer), "13 CP, priced by the rules engine; not in the total");
  assert.equal(priceText(card, undefined), "being priced…");
  assert.match(priceText(card, { ok: false, error: { message: "too big" } }), /refused its design: too big/);
  assert.equal(priceText({ name: "Bob", cp: "5" }), "5 CP as given, not checked");
});

test("the roster sheet lists every weapon the army carries once, a Creation's too", () => {
  const weapons = {
    "hand-weapon": { name: "Hand Weapon", use: "2", range: "CC", damage: "S", effect: "A blade." },
  };
  const roster = {
    lines: [
      { specialist: "minifig", items: ["hand-weapon"] },
      { unit: "hero", items: ["hand-weapon", "shield"] },
      { name: "Tank", creation: { size: 4 } },
    ],
  };
  const response = {
    lines: [
      { line: "lines[0]" },
      { line: "lines[1]" },
      {
        line: "lines[2]",
        name: "Tank",
        creation: { stats: { weapons: [{ name: "Gun", size: 2, use: 4, range: 10, damage: "2d6" }] } },
      },
    ],
  };
  assert.deepEqual(armyWeapons(roster, response, ["lines[0]", "lines[1]", "lines[2]"], weapons), [
    ["Hand Weapon", "2", "CC", "S", "A blade."],
    ["Gun 2", "4", '10"', "2d6", "on Tank"],
  ]);
});

// A shared link or a file with a creation nested thousands deep: the browser could not even
// hand it to the engine (postMessage runs out of stack), so the page refuses it first.
test("a roster nested deeper than the engine reads is refused, without recursion", () => {
  let deep = {};
  for (let i = 0; i < 5000; i++) deep = { a: deep };
  const roster = { lines: [{ creation: deep }] };
  assert.throws(
    () => checkRoster(flatten(roster), PRICES, LIMITS),
    /nests objects and lists more than 30 deep/,
  );
  const text = `{"lines":[{"creation":${'{"a":'.repeat(5000)}{}${"}".repeat(5000)}}]}`;
  const link = "#roster=" + Buffer.from(text).toString("base64url");
  assert.throws(() => rosterFromFragment(link, PRICES, LIMITS), /nests objects and lists/);
  // a design as deep as the engine allows (a Squad line in the request) still opens
  let fine = {};
  for (let i = 0; i < 27; i++) fine = { a: fine };
  const ok = checkRoster(flatten({ lines: [{ creation: fine, squad_name: "S" }] }), PRICES, LIMITS);
  assert.equal(ok.lines.length, 1);
  assert.equal(nestingDepth({ a: [1, { b: 2 }] }, 32), 3);
});
