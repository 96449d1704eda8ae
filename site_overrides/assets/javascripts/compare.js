// The compare page: two records of one kind side by side, their rows from previews.json
// (the record pages' own values), and for two buttons who goes first, exactly, from the
// engine worker the calculators use (op "initiative"). The choice lives in the address
// (?kind=buttons&a=bauer&b=dietrich&as=X8), so a link shares it. Every name and value is
// data: it goes into the page with textContent only.
(function () {
  "use strict";
  var root = document.querySelector("[data-rp-compare]");
  if (!root) return;
  var spec = JSON.parse(document.getElementById("rp-compare-spec").textContent);
  var me = document.querySelector("script[src*='compare.js']");
  var site = new URL("../../", me ? me.src : location.href);
  var form = root.querySelector("form");
  var kindBox = form.elements.kind, boxes = {a: form.elements.a, b: form.elements.b};
  var firstBox = root.querySelector(".rp-compare__first");
  var sideBox = root.querySelector(".rp-compare__side");
  var cards = null;
  var asked = 0;  // the newest who-goes-first request; older answers are dropped

  function element(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function recordsOf(kind) {
    var folder = spec.kinds[kind].folder + "/";
    return Object.keys(cards).filter(function (key) { return key.indexOf(folder) === 0; })
      .map(function (key) { return {id: key.slice(folder.length, -1), key: key, card: cards[key]}; })
      .sort(function (x, y) { return x.card.title.localeCompare(y.card.title); });
  }

  function fill(select, items, chosen) {
    select.replaceChildren();
    items.forEach(function (item) {
      var option = element("option", item.label);
      option.value = item.value;
      select.appendChild(option);
    });
    if (chosen !== null && items.some(function (i) { return i.value === chosen; })) {
      select.value = chosen;
    }
  }

  function swingOf(side, params) {
    // "X8,Y4" in the address -> {X: 8, Y: 4}, within each letter's sizes
    var button = spec.buttons[boxes[side].value];
    var sizes = button ? button.swing : {};
    var given = {};
    (params.get(side + "s") || "").split(",").forEach(function (item) {
      var m = /^([A-Za-z])(\d+)$/.exec(item);
      if (m) given[m[1]] = Number(m[2]);
    });
    var out = {};
    Object.keys(sizes).sort().forEach(function (letter) {
      var low = sizes[letter][0], high = sizes[letter][1];
      var value = given[letter];
      out[letter] = value >= low && value <= high ? value : Math.floor((low + high) / 2);
    });
    return out;
  }

  function drawSwing(side, chosen) {
    var box = root.querySelector('.rp-compare__swing[data-side="' + side + '"]');
    box.replaceChildren();
    var button = spec.buttons[boxes[side].value];
    Object.keys(chosen).forEach(function (letter) {
      var sizes = button.swing[letter];
      var label = element("label", "swing " + letter + " (" + sizes[0] + "–" + sizes[1] + ") ");
      var input = element("input");
      input.type = "number";
      input.min = String(sizes[0]);
      input.max = String(sizes[1]);
      input.value = String(chosen[letter]);
      input.setAttribute("data-letter", letter);
      input.addEventListener("change", function () { changed(); });
      label.appendChild(input);
      box.appendChild(label);
    });
  }

  function readSwing(side) {
    var out = {};
    root.querySelectorAll('.rp-compare__swing[data-side="' + side + '"] input')
      .forEach(function (input) {
        var n = Number(input.value);
        var low = Number(input.min), high = Number(input.max);
        out[input.getAttribute("data-letter")] = Number.isInteger(n) && n >= low && n <= high
          ? n : Math.floor((low + high) / 2);
      });
    return out;
  }

  function swingText(swing) {
    return Object.keys(swing).map(function (l) { return l + swing[l]; }).join(",");
  }

  function save() {
    var params = new URLSearchParams();
    params.set("kind", kindBox.value);
    params.set("a", boxes.a.value);
    params.set("b", boxes.b.value);
    if (kindBox.value === "buttons") {
      ["a", "b"].forEach(function (side) {
        var text = swingText(readSwing(side));
        if (text) params.set(side + "s", text);
      });
    }
    var address = location.pathname + "?" + params.toString().replace(/%2C/g, ",") + location.hash;
    if (address !== location.pathname + location.search + location.hash) {
      history.replaceState(history.state, "", address);
    }
  }

  function drawSide() {
    var records = {a: cards[spec.kinds[kindBox.value].folder + "/" + boxes.a.value + "/"],
                   b: cards[spec.kinds[kindBox.value].folder + "/" + boxes.b.value + "/"]};
    var table = element("table");  // no class: the theme styles it as the pages' tables
    var head = table.createTHead().insertRow();
    head.appendChild(element("th", ""));
    ["a", "b"].forEach(function (side) {
      var th = element("th");
      var link = element("a", records[side] ? records[side].title : "");
      link.href = new URL(spec.kinds[kindBox.value].folder + "/" + boxes[side].value + "/", site).href;
      th.appendChild(link);
      th.scope = "col";
      head.appendChild(th);
    });
    head.cells[0].textContent = "";
    head.cells[0].appendChild(element("span", "Record", "rp-compare__hidden"));
    var labels = [];
    ["a", "b"].forEach(function (side) {
      (records[side] ? records[side].facts : []).forEach(function (pair) {
        if (labels.indexOf(pair[0]) < 0) labels.push(pair[0]);
      });
    });
    var body = table.createTBody();
    function row(label, values) {
      var tr = body.insertRow();
      var th = element("th", label);
      th.scope = "row";
      tr.appendChild(th);
      values.forEach(function (value) { tr.appendChild(element("td", value)); });
    }
    row("In short", ["a", "b"].map(function (side) {
      return records[side] ? (records[side].lead || []).join(" ") : "";
    }));
    labels.forEach(function (label) {
      row(label, ["a", "b"].map(function (side) {
        var found = (records[side] ? records[side].facts : []).filter(function (p) {
          return p[0] === label;
        })[0];
        return found ? found[1] : "—";
      }));
    });
    sideBox.replaceChildren(table);
  }

  function percent(fraction) {
    var parts = String(fraction).split("/");
    var value = Number(parts[0]) / Number(parts[1] || 1);
    return (value * 100).toFixed(1) + " %";
  }

  function whoGoesFirst() {
    var mine = ++asked;
    firstBox.replaceChildren();
    if (kindBox.value !== "buttons") return;
    var a = spec.buttons[boxes.a.value], b = spec.buttons[boxes.b.value];
    if (!a || !b) return;
    var engine = window.rulepressEngine;
    if (!engine) {
      firstBox.appendChild(element("p", "Who goes first needs the rules engine, which did not load."));
      return;
    }
    firstBox.appendChild(element("p", "Who goes first: working it out (the engine starts on " +
                                     "first use and may take a few seconds)…", "rp-compare__wait"));
    function player(button, side) {
      var out = {button: button.name, swing: readSwing(side)};
      if (button.plasma) out.plasma = button.plasma;  // each plasma die's first set of skills
      return out;
    }
    var request = {game: "buttonmen", op: "initiative", players: [player(a, "a"), player(b, "b")]};
    var played = [a, b].filter(function (button) { return button.plasma; }).map(function (button) {
      return button.name + "'s plasma " + (button.plasma.length > 1 ? "dice" : "die") + " as " +
        button.plasma.join(", ");
    });
    engine.ask(request).then(function (response) {
      if (mine !== asked) return;
      firstBox.replaceChildren();
      if (!response || !response.ok) {
        var message = response && response.error ? response.error.message : "no answer";
        firstBox.appendChild(element("p", "Who goes first cannot be worked out: " + message,
                                     "rp-compare__error"));
        return;
      }
      var p = element("p", undefined, "rp-compare__answer");
      p.appendChild(element("strong", "Who goes first: "));
      p.appendChild(document.createTextNode(
        a.name + " " + percent(response.first[0]) + " (" + response.first[0] + "), " +
        b.name + " " + percent(response.first[1]) + " (" + response.first[1] + ")" +
        (response.tie && response.tie !== "0" ? ", a tie " + percent(response.tie) +
         " (" + response.tie + ")" : "") + ". Exact, from the engine's initiative query."));
      firstBox.appendChild(p);
      if (played.length) {  // the choice made for the player is said, never hidden
        firstBox.appendChild(element("p", "Played with " + played.join(" and ") +
          " (their first choices; the who-goes-first calculator lets you choose).",
          "rp-compare__note"));
      }
      // what the engine does not play is said with the answer, never dropped
      if (response.not_modelled && response.not_modelled.length) {
        firstBox.appendChild(element("p", "Not modelled: " + [].concat(response.not_modelled)
          .map(function (x) { return typeof x === "string" ? x : JSON.stringify(x); })
          .join(", ") + (response.warning ? " (" + response.warning + ")" : ""),
          "rp-compare__error"));
      } else if (response.warning) {
        firstBox.appendChild(element("p", response.warning, "rp-compare__error"));
      }
    }, function (error) {
      if (mine !== asked) return;
      firstBox.replaceChildren(element("p", "Who goes first cannot be worked out: " +
                                       String(error && error.message || error), "rp-compare__error"));
    });
  }

  function changed() { save(); drawSide(); whoGoesFirst(); }

  function load() {
    var params = new URLSearchParams(location.search);
    var kinds = Object.keys(spec.kinds).map(function (k) {
      return {value: k, label: spec.kinds[k].label};
    });
    var kind = spec.kinds[params.get("kind")] ? params.get("kind") : "buttons";
    fill(kindBox, kinds, kind);
    var records = recordsOf(kindBox.value).map(function (r) {
      return {value: r.id, label: r.card.title};
    });
    var a = params.get("a"), b = params.get("b");
    fill(boxes.a, records, a);
    // the second defaults to another record than the first
    var other = records.filter(function (r) { return r.value !== boxes.a.value; })[0];
    fill(boxes.b, records, b !== null ? b : other ? other.value : null);
    if (b === null && other) boxes.b.value = other.value;
    ["a", "b"].forEach(function (side) {
      if (kindBox.value === "buttons" && spec.buttons[boxes[side].value]) {
        drawSwing(side, swingOf(side, params));
      } else {
        drawSwing(side, {});
      }
    });
    changed();
  }

  kindBox.addEventListener("change", function () {
    history.replaceState(history.state, "", location.pathname + "?kind=" + kindBox.value);
    load();
  });
  ["a", "b"].forEach(function (side) {
    boxes[side].addEventListener("change", function () {
      var params = new URLSearchParams(location.search);
      params.set(side, boxes[side].value);
      params.delete(side + "s");  // another button's swing letters
      history.replaceState(history.state, "", location.pathname + "?" + params.toString());
      load();
    });
  });

  firstBox.appendChild(element("p", "Loading the records…"));
  fetch(new URL("previews.json", site).href).then(function (r) { return r.json(); })
    .then(function (json) { cards = json.cards || {}; load(); }, function (error) {
      firstBox.replaceChildren(element("p", "The records could not be loaded: " + String(error)));
    });
})();
