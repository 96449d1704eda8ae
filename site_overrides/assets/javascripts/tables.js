/* rulepress: sort and filter the index tables. The rows carry their facet values
   as data attributes (data-skill="shadow speed"); chips cycle
   ignore -> must have -> must not have. No network, no library. */
(function () {
  "use strict";
  var STATES = ["", "include", "exclude"];

  function cellKey(row, column) {
    var cell = row.cells[column];
    return cell ? (cell.getAttribute("data-sort") || cell.textContent.trim()) : "";
  }

  function setUp(root) {
    if (root.rpReady) return;
    root.rpReady = true;
    var table = root.querySelector("table");
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var chips = root.querySelectorAll(".rp-chip");
    var ranges = root.querySelectorAll("input[data-range]");
    var text = root.querySelector(".rp-filter-text");
    var shown = root.querySelector(".rp-filter-count output");
    var texts = rows.map(function (row) { return row.textContent.toLowerCase(); });

    function apply() {
      var include = {}, exclude = {}, bounds = {};
      chips.forEach(function (chip) {
        var state = chip.getAttribute("data-state") || "";
        var facet = chip.getAttribute("data-facet");
        if (state === "include") (include[facet] = include[facet] || []).push(chip.getAttribute("data-value"));
        if (state === "exclude") (exclude[facet] = exclude[facet] || []).push(chip.getAttribute("data-value"));
      });
      ranges.forEach(function (input) {
        if (input.value === "") return;
        var key = input.getAttribute("data-range");
        bounds[key] = bounds[key] || {};
        bounds[key][input.getAttribute("data-bound")] = Number(input.value);
      });
      var needle = text ? text.value.trim().toLowerCase() : "";
      var count = 0;
      rows.forEach(function (row, i) {
        var ok = !needle || texts[i].indexOf(needle) >= 0;
        Object.keys(include).forEach(function (facet) {
          var have = (row.getAttribute("data-" + facet) || "").split(" ");
          include[facet].forEach(function (v) { if (have.indexOf(v) < 0) ok = false; });
        });
        Object.keys(exclude).forEach(function (facet) {
          var have = (row.getAttribute("data-" + facet) || "").split(" ");
          exclude[facet].forEach(function (v) { if (have.indexOf(v) >= 0) ok = false; });
        });
        Object.keys(bounds).forEach(function (facet) {
          var raw = row.getAttribute("data-" + facet);
          var value = raw === null || raw === "" ? NaN : Number(raw);
          var b = bounds[facet];
          if (isNaN(value) || ("min" in b && value < b.min) || ("max" in b && value > b.max)) ok = false;
        });
        row.hidden = !ok;
        if (ok) count += 1;
      });
      if (shown) shown.textContent = String(count);
    }

    chips.forEach(function (chip) {
      chip.addEventListener("click", function () {
        var next = STATES[(STATES.indexOf(chip.getAttribute("data-state") || "") + 1) % 3];
        if (next) chip.setAttribute("data-state", next); else chip.removeAttribute("data-state");
        chip.setAttribute("aria-pressed", next ? "true" : "false");
        apply();
      });
    });
    ranges.forEach(function (input) { input.addEventListener("input", apply); });
    if (text) text.addEventListener("input", apply);

    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, column) {
      function sort() {
        var ascending = th.getAttribute("aria-sort") !== "ascending";
        var numeric = th.getAttribute("data-sort-type") === "number";
        Array.prototype.forEach.call(th.parentNode.cells, function (c) { c.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        var sorted = rows.slice().sort(function (a, b) {
          var x = cellKey(a, column), y = cellKey(b, column);
          var order = numeric ? (Number(x) || 0) - (Number(y) || 0)
                              : x.localeCompare(y, undefined, {numeric: true, sensitivity: "base"});
          return ascending ? order : -order;
        });
        sorted.forEach(function (row) { body.appendChild(row); });
      }
      th.addEventListener("click", sort);
      th.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sort(); } });
    });
  }

  function setUpAll() { document.querySelectorAll("[data-rp-table]").forEach(setUp); }
  if (typeof document$ !== "undefined") document$.subscribe(setUpAll);  // Material's page events
  else document.addEventListener("DOMContentLoaded", setUpAll);
})();
