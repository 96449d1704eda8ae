/* rulepress: sort and filter the index tables. The rows carry their facet values
   as data attributes (data-skill="shadow speed"); chips cycle
   ignore -> must have -> must not have. No network, no library.

   The filters (chips, text, ranges, sort) are kept in the page's address, so a
   link shares them and Back returns to them: skill=shadow,-poison&filter=bob&sort=-3
   (a second table on a page prefixes its keys with "t2-"). The address is replaced,
   not pushed, so Back leaves the page rather than undoing one chip at a time.
   Each chip's count is the number of rows it would leave if it were required now
   (for a chip that is set: the rows it keeps or hides), so counts follow the filters. */
(function () {
  "use strict";
  var STATES = ["", "include", "exclude"];
  var SIGN = {include: "", exclude: "-"};

  function cellKey(row, column) {
    var cell = row.cells[column];
    return cell ? (cell.getAttribute("data-sort") || cell.textContent.trim()) : "";
  }

  function setUp(root, number) {
    if (root.rpReady) return;
    root.rpReady = true;
    var prefix = number > 1 ? "t" + number + "-" : "";
    var table = root.querySelector("table");
    var body = table.tBodies[0];
    var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
    var rows = Array.prototype.slice.call(body.rows);
    var chips = Array.prototype.slice.call(root.querySelectorAll(".rp-chip"));
    var ranges = Array.prototype.slice.call(root.querySelectorAll("input[data-range]"));
    var text = root.querySelector(".rp-filter-text");
    var shown = root.querySelector(".rp-filter-count output");
    var reset = root.querySelector(".rp-filter-reset");
    var texts = rows.map(function (row) { return row.textContent.toLowerCase(); });
    var facets = [];
    chips.forEach(function (chip) {
      var facet = chip.getAttribute("data-facet");
      if (facets.indexOf(facet) < 0) facets.push(facet);
      chip.rpCount = chip.querySelector("small");
    });
    // each row's tokens per facet, read once
    var tokens = rows.map(function (row) {
      var own = {};
      facets.forEach(function (facet) {
        own[facet] = (row.getAttribute("data-" + facet) || "").split(" ").filter(Boolean);
      });
      return own;
    });
    var sorted = {column: -1, ascending: true};

    function stateOf(chip) { return chip.getAttribute("data-state") || ""; }
    function setState(chip, state) {
      if (state) chip.setAttribute("data-state", state); else chip.removeAttribute("data-state");
      chip.setAttribute("aria-pressed", state ? "true" : "false");
    }

    // Why a row is hidden: the chips it fails, or "other" (text, a range). A row that
    // fails only chip c would show if c were ignored.
    function failures(i, needle, bounds, active) {
      var failed = [];
      if (needle && texts[i].indexOf(needle) < 0) failed.push("other");
      active.forEach(function (chip) {
        var has = tokens[i][chip.rpFacet].indexOf(chip.rpValue) >= 0;
        if ((chip.rpState === "include") !== has) failed.push(chip);
      });
      Object.keys(bounds).forEach(function (facet) {
        var raw = rows[i].getAttribute("data-" + facet);
        var value = raw === null || raw === "" ? NaN : Number(raw);
        var b = bounds[facet];
        if (isNaN(value) || ("min" in b && value < b.min) || ("max" in b && value > b.max)) {
          failed.push("other");
        }
      });
      return failed;
    }

    function apply() {
      var bounds = {};
      ranges.forEach(function (input) {
        if (input.value === "") return;
        var key = input.getAttribute("data-range");
        bounds[key] = bounds[key] || {};
        bounds[key][input.getAttribute("data-bound")] = Number(input.value);
      });
      var active = chips.filter(function (chip) {
        chip.rpState = stateOf(chip);
        chip.rpFacet = chip.getAttribute("data-facet");
        chip.rpValue = chip.getAttribute("data-value");
        return !!chip.rpState;
      });
      var needle = text ? text.value.trim().toLowerCase() : "";
      var count = 0;
      var counts = {};  // "facet token" -> rows
      var own = new Map();  // a set chip -> rows that fail only it
      rows.forEach(function (row, i) {
        var failed = failures(i, needle, bounds, active);
        row.hidden = failed.length > 0;
        if (!failed.length) {
          count += 1;
          facets.forEach(function (facet) {
            tokens[i][facet].forEach(function (token) {
              var key = facet + " " + token;
              counts[key] = (counts[key] || 0) + 1;
            });
          });
        } else if (failed.length === 1 && failed[0] !== "other") {
          own.set(failed[0], (own.get(failed[0]) || 0) + 1);
        }
      });
      chips.forEach(function (chip) {
        var n = chip.rpState === "exclude" ? (own.get(chip) || 0)
          : (counts[chip.rpFacet + " " + chip.rpValue] || 0);
        if (chip.rpCount) chip.rpCount.textContent = String(n);
        chip.classList.toggle("rp-chip--none", n === 0 && !chip.rpState);
      });
      if (shown) shown.textContent = String(count);
    }

    function sortBy(column, ascending) {
      var th = heads[column];
      heads.forEach(function (c) { c.removeAttribute("aria-sort"); });
      sorted = {column: column, ascending: ascending};
      var order;
      if (!th) {
        order = rows;  // the page's own order
      } else {
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        var numeric = th.getAttribute("data-sort-type") === "number";
        order = rows.slice().sort(function (a, b) {
          var x = cellKey(a, column), y = cellKey(b, column);
          var by = numeric ? (Number(x) || 0) - (Number(y) || 0)
                           : x.localeCompare(y, undefined, {numeric: true, sensitivity: "base"});
          return ascending ? by : -by;
        });
      }
      order.forEach(function (row) { body.appendChild(row); });
    }

    // --- the address ---------------------------------------------------------
    function ownKeys(params) {
      var keys = [];
      params.forEach(function (value, key) {
        if (key.indexOf(prefix) !== 0) return;
        var rest = key.slice(prefix.length);
        if (prefix === "" && /^t\d+-/.test(rest)) return;  // another table's key
        keys.push(key);
      });
      return keys;
    }

    function save() {
      var params = new URLSearchParams(location.search);
      ownKeys(params).forEach(function (key) {
        var rest = key.slice(prefix.length);
        if (rest === "filter" || rest === "sort" || facets.indexOf(rest) >= 0 ||
            /-(min|max)$/.test(rest)) params.delete(key);
      });
      facets.forEach(function (facet) {
        var set = chips.filter(function (chip) {
          return chip.getAttribute("data-facet") === facet && stateOf(chip);
        }).map(function (chip) { return SIGN[stateOf(chip)] + chip.getAttribute("data-value"); });
        if (set.length) params.set(prefix + facet, set.join(","));
      });
      ranges.forEach(function (input) {
        if (input.value !== "") {
          params.set(prefix + input.getAttribute("data-range") + "-" +
                     input.getAttribute("data-bound"), input.value);
        }
      });
      if (text && text.value.trim()) params.set(prefix + "filter", text.value);
      if (sorted.column >= 0) {
        params.set(prefix + "sort", (sorted.ascending ? "" : "-") + String(sorted.column + 1));
      }
      var query = params.toString().replace(/%2C/g, ",");
      var address = location.pathname + (query ? "?" + query : "") + location.hash;
      if (address !== location.pathname + location.search + location.hash) {
        history.replaceState(history.state, "", address);
      }
    }

    function load() {
      var params = new URLSearchParams(location.search);
      chips.forEach(function (chip) { setState(chip, ""); });
      facets.forEach(function (facet) {
        (params.get(prefix + facet) || "").split(",").forEach(function (item) {
          var state = item.charAt(0) === "-" ? "exclude" : "include";
          var value = item.replace(/^[+ -]/, "");  // a "+" may arrive as a space
          chips.forEach(function (chip) {
            if (chip.getAttribute("data-facet") === facet &&
                chip.getAttribute("data-value") === value) setState(chip, state);
          });
        });
      });
      ranges.forEach(function (input) {
        var value = params.get(prefix + input.getAttribute("data-range") + "-" +
                               input.getAttribute("data-bound"));
        input.value = value !== null && value !== "" && !isNaN(Number(value)) ? value : "";
      });
      if (text) text.value = params.get(prefix + "filter") || "";
      var sort = /^(-?)(\d+)$/.exec(params.get(prefix + "sort") || "");
      var column = sort ? Number(sort[2]) - 1 : -1;
      if (column >= 0 && column < heads.length) sortBy(column, sort[1] !== "-");
      else if (sorted.column >= 0) sortBy(-1, true);
      // a facet that holds a set chip is opened, so the reader sees why rows are hidden
      chips.forEach(function (chip) {
        var details = chip.closest("details");
        if (stateOf(chip) && details) details.open = true;
      });
      apply();
    }

    function changed() { apply(); save(); }

    chips.forEach(function (chip) {
      chip.addEventListener("click", function () {
        setState(chip, STATES[(STATES.indexOf(stateOf(chip)) + 1) % 3]);
        changed();
      });
    });
    ranges.forEach(function (input) { input.addEventListener("input", changed); });
    if (text) text.addEventListener("input", changed);
    if (reset) {
      reset.addEventListener("click", function () {
        chips.forEach(function (chip) { setState(chip, ""); });
        ranges.forEach(function (input) { input.value = ""; });
        if (text) text.value = "";
        sortBy(-1, true);
        changed();
      });
    }

    heads.forEach(function (th, column) {
      function sort() {
        sortBy(column, !(sorted.column === column && sorted.ascending));
        save();
      }
      th.addEventListener("click", sort);
      th.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sort(); }
      });
    });

    load();
  }

  function setUpAll() {
    document.querySelectorAll("[data-rp-table]").forEach(function (root, i) { setUp(root, i + 1); });
  }
  // at once when the page is parsed (a reader may type before the theme is ready), and
  // again on Material's page events (each table is set up once)
  if (document.readyState !== "loading") setUpAll();
  else document.addEventListener("DOMContentLoaded", setUpAll);
  if (typeof document$ !== "undefined") document$.subscribe(setUpAll);
})();
