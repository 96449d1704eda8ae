// The index tables' filters and sort (the button browser, the robot, unit and weapon lists:
// every table the build writes from templates/table.html.j2). The rows carry their facet
// values as data attributes (data-skill="shadow speed"); a chip cycles ignore -> must have
// -> must not have. No network. Arrow keys move through the chips and the rows shown
// (keyboard.js); Enter opens a row's link.
//
// The filters (chips, text, ranges, sort) are kept in the page's address, so a link shares
// them and Back leaves the page (filter-address.js says how they are written). Each chip's
// count is the number of rows it would leave if it were required now (for a chip that is
// set: the rows it keeps or hides), so counts follow the filters.
import { readQuery, updateQuery } from "../shared/url-state.js";
import {
  chipsText,
  ownsKey,
  readBound,
  readChips,
  readSort,
  sortText,
  tablePrefix,
} from "./filter-address.js";
import { arrowKeys } from "./keyboard.js";

const STATES = ["", "include", "exclude"];

function cellKey(row, column) {
  const cell = row.cells[column];
  return cell ? cell.getAttribute("data-sort") || cell.textContent.trim() : "";
}

function setUp(root, number) {
  if (root.rpReady) return;
  root.rpReady = true;
  const prefix = tablePrefix(number);
  const table = root.querySelector("table");
  const body = table.tBodies[0];
  const heads = [...table.tHead.rows[0].cells];
  const rows = [...body.rows];
  const chips = [...root.querySelectorAll(".rp-chip")];
  const ranges = [...root.querySelectorAll("input[data-range]")];
  const text = root.querySelector(".rp-filter-text");
  const shown = root.querySelector(".rp-filter-count output");
  const reset = root.querySelector(".rp-filter-reset");
  const texts = rows.map((row) => row.textContent.toLowerCase());
  const facets = [...new Set(chips.map((chip) => chip.getAttribute("data-facet")))];
  for (const chip of chips) {
    chip.rpFacet = chip.getAttribute("data-facet");
    chip.rpValue = chip.getAttribute("data-value");
    chip.rpCount = chip.querySelector("small");
  }
  // each row's tokens per facet, read once
  const tokens = rows.map((row) =>
    Object.fromEntries(
      facets.map((f) => [f, (row.getAttribute("data-" + f) || "").split(" ").filter(Boolean)]),
    ),
  );
  let sorted = { column: -1, ascending: true };

  const stateOf = (chip) => chip.getAttribute("data-state") || "";
  function setState(chip, state) {
    if (state) chip.setAttribute("data-state", state);
    else chip.removeAttribute("data-state");
    chip.setAttribute("aria-pressed", state ? "true" : "false");
  }
  const rangeKey = (input) =>
    prefix + input.getAttribute("data-range") + "-" + input.getAttribute("data-bound");

  // Why a row is hidden: the chips it fails, or "other" (text, a range). A row that fails
  // only chip c would show if c were ignored.
  function failures(i, needle, bounds, active) {
    const failed = [];
    if (needle && !texts[i].includes(needle)) failed.push("other");
    for (const chip of active) {
      const has = tokens[i][chip.rpFacet].includes(chip.rpValue);
      if ((chip.rpState === "include") !== has) failed.push(chip);
    }
    for (const [facet, b] of Object.entries(bounds)) {
      const raw = rows[i].getAttribute("data-" + facet);
      const value = raw === null || raw === "" ? NaN : Number(raw);
      if (isNaN(value) || ("min" in b && value < b.min) || ("max" in b && value > b.max))
        failed.push("other");
    }
    return failed;
  }

  function apply() {
    const bounds = {};
    for (const input of ranges) {
      if (input.value === "") continue;
      const key = input.getAttribute("data-range");
      bounds[key] = bounds[key] || {};
      bounds[key][input.getAttribute("data-bound")] = Number(input.value);
    }
    for (const chip of chips) chip.rpState = stateOf(chip);
    const active = chips.filter((chip) => chip.rpState);
    const needle = text ? text.value.trim().toLowerCase() : "";
    let count = 0;
    const counts = new Map(); // "facet token" -> rows shown that have it
    const own = new Map(); // a set chip -> rows that fail only it
    rows.forEach((row, i) => {
      const failed = failures(i, needle, bounds, active);
      row.hidden = failed.length > 0;
      if (!failed.length) {
        count += 1;
        for (const facet of facets) {
          for (const token of tokens[i][facet]) {
            const key = facet + " " + token;
            counts.set(key, (counts.get(key) || 0) + 1);
          }
        }
      } else if (failed.length === 1 && failed[0] !== "other") {
        own.set(failed[0], (own.get(failed[0]) || 0) + 1);
      }
    });
    for (const chip of chips) {
      const n =
        chip.rpState === "exclude" ? own.get(chip) || 0 : counts.get(chip.rpFacet + " " + chip.rpValue) || 0;
      if (chip.rpCount) chip.rpCount.textContent = String(n);
      chip.classList.toggle("rp-chip--none", n === 0 && !chip.rpState);
    }
    if (shown) shown.textContent = String(count);
  }

  function sortBy(column, ascending) {
    const th = heads[column];
    heads.forEach((c) => c.removeAttribute("aria-sort"));
    sorted = { column, ascending };
    let order = rows; // the page's own order
    if (th) {
      th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      const numeric = th.getAttribute("data-sort-type") === "number";
      order = rows.slice().sort((a, b) => {
        const x = cellKey(a, column);
        const y = cellKey(b, column);
        const by = numeric
          ? (Number(x) || 0) - (Number(y) || 0)
          : x.localeCompare(y, undefined, { numeric: true, sensitivity: "base" });
        return ascending ? by : -by;
      });
    }
    order.forEach((row) => body.appendChild(row));
  }

  // --- the address -------------------------------------------------------------------------
  function save() {
    updateQuery(
      (params) => {
        for (const key of [...params.keys()]) {
          if (!ownsKey(prefix, key)) continue;
          const rest = key.slice(prefix.length);
          if (rest === "filter" || rest === "sort" || facets.includes(rest) || /-(min|max)$/.test(rest)) {
            params.delete(key);
          }
        }
        for (const facet of facets) {
          const set = chips
            .filter((chip) => chip.rpFacet === facet && stateOf(chip))
            .map((chip) => ({ value: chip.rpValue, state: stateOf(chip) }));
          if (set.length) params.set(prefix + facet, chipsText(set));
        }
        for (const input of ranges) if (input.value !== "") params.set(rangeKey(input), input.value);
        if (text && text.value.trim()) params.set(prefix + "filter", text.value);
        const sort = sortText(sorted.column, sorted.ascending);
        if (sort !== null) params.set(prefix + "sort", sort);
      },
      { commas: true },
    );
  }

  function load() {
    const params = readQuery();
    chips.forEach((chip) => setState(chip, ""));
    for (const facet of facets) {
      for (const { value, state } of readChips(params.get(prefix + facet))) {
        for (const chip of chips) if (chip.rpFacet === facet && chip.rpValue === value) setState(chip, state);
      }
    }
    for (const input of ranges) input.value = readBound(params.get(rangeKey(input)));
    if (text) text.value = params.get(prefix + "filter") || "";
    const sort = readSort(params.get(prefix + "sort"));
    if (sort && sort.column >= 0 && sort.column < heads.length) sortBy(sort.column, sort.ascending);
    else if (sorted.column >= 0) sortBy(-1, true);
    // a facet that holds a set chip is opened, so the reader sees why rows are hidden
    for (const chip of chips) {
      const details = chip.closest("details");
      if (stateOf(chip) && details) details.open = true;
    }
    apply();
  }

  function changed() {
    apply();
    save();
  }

  for (const chip of chips) {
    chip.addEventListener("click", () => {
      setState(chip, STATES[(STATES.indexOf(stateOf(chip)) + 1) % 3]);
      changed();
    });
  }
  ranges.forEach((input) => input.addEventListener("input", changed));
  if (text) text.addEventListener("input", changed);
  if (reset) {
    reset.addEventListener("click", () => {
      chips.forEach((chip) => setState(chip, ""));
      ranges.forEach((input) => {
        input.value = "";
      });
      if (text) text.value = "";
      sortBy(-1, true);
      changed();
    });
  }
  heads.forEach((th, column) => {
    const sort = () => {
      sortBy(column, !(sorted.column === column && sorted.ascending));
      save();
    };
    th.addEventListener("click", sort);
    th.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        sort();
      }
    });
  });

  arrowKeys(root, chips, rows, text);
  load();
}

function setUpAll() {
  document.querySelectorAll("[data-rp-table]").forEach((root, i) => setUp(root, i + 1));
}
// when the page is parsed, and again on Material's page events (each table is set up once)
setUpAll();
if (typeof document$ !== "undefined") document$.subscribe(setUpAll);
