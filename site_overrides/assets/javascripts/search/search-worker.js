// The site's search worker: Material's own (imported below, its address given as
// ?material=...), with the query read the way a player means it. Material matches every
// typed word as a prefix and any one word is enough, so "swing die" found the button
// Dietrich (its title starts with "die") before the Swing rules, and "critical failure"
// found "Critical Miss". Here:
// - every word of two or more must occur (as a word or the start of one); a stop word
//   ("the", "who") is not required, since the index leaves stop words out;
// - a whole-word match counts more than a word that only begins with what was typed;
// - a title that is what was typed comes first; one that holds all the typed words in
//   order comes before one that holds some of them; a list item that opens with them
//   ("Critical Failure: ...") counts nearly as much, and more than text that only
//   mentions them;
// - if requiring every word finds nothing, any word will do (Material's own reading).
// A query written with search syntax (+, -, *, ~, ^, quotes, field:) is left as typed.
/* global lunr */
(function () {
  "use strict";
  var QUERY = 2;  // Material's SearchMessageType.QUERY; RESULT is 3
  var EXACT = 3;  // weight of a whole-word match beside Material's prefix match
  var SAME_TITLE = 8;  // a result whose title is what was typed ("Zero", not "Phantom Zero")
  var PHRASE_TITLE = 4;  // a result whose title holds every typed word, in order
  var WORDS_TITLE = 2;  // ... holds every typed word
  var DEFINED = 3;  // a list item that opens with the typed words (see definesWords)
  var SEPARATOR = /[\s\-]+/;  // the index's separator (mkdocs search config)
  var SYNTAX = /["+*~^:]|(^|\s)-/;

  var materialUrl = new URL(self.location.href).searchParams.get("material");
  if (new URL(materialUrl, self.location.href).origin !== self.location.origin) {
    throw new Error("search-worker.js: Material's worker must come from this site");
  }
  var listeners = [];
  var nativeAdd = self.addEventListener;
  var nativePost = self.postMessage;
  var waiting = null;  // resolves with Material's answer to the message just handed over

  self.addEventListener = function (type, listener, options) {
    if (type === "message") listeners.push(listener);
    else nativeAdd.call(self, type, listener, options);
  };
  self.postMessage = function (message) {
    if (waiting) {
      var done = waiting;
      waiting = null;
      done(message);
    } else {
      nativePost.call(self, message);
    }
  };
  importScripts(materialUrl);
  self.addEventListener = nativeAdd;

  function material(data) {
    return new Promise(function (resolve) {
      waiting = resolve;
      listeners.forEach(function (listener) { listener({data: data}); });
    });
  }

  function stopWord(word) {
    return typeof lunr !== "undefined" && lunr.stopWordFilter &&
      !lunr.stopWordFilter(new lunr.Token(word, {}));
  }

  function wordsOf(query) {
    return query.toLowerCase().split(SEPARATOR).filter(Boolean);
  }

  // the query Lunr is given first: all words required, whole words weighted
  function strict(query) {
    var words = wordsOf(query);
    var kept = words.filter(function (w) { return !stopWord(w) && /\w/.test(w); });
    if (!kept.length) return null;
    // a plural may stand for its singular ("attacks" finds "attack"), as a prefix can
    var need = kept.length > 1 ? kept.map(function (w) {
      return "+" + (w.length > 3 && /[^s]s$/.test(w) ? w.slice(0, -1) : w) + "*";
    }) : [kept[0]];  // Material adds the "*"
    return need.concat(kept.map(function (w) { return w + "^" + EXACT; })).join(" ");
  }

  function plain(html) {
    return " " + String(html || "").replace(/<[^>]*>/g, " ").toLowerCase()
      .split(SEPARATOR).join(" ") + " ";
  }

  // The order within Lunr's score, refined: a title that holds the typed words (as
  // whole words or the start of the last one, as typed) weighs more.
  function titleWeight(title, words, typed) {
    var text = plain(title);
    if (text.trim() === typed) return SAME_TITLE;
    var last = words.length - 1;
    var all = words.every(function (w, i) {
      return text.indexOf(" " + w + (i === last ? "" : " ")) >= 0;
    });
    if (!all) return 1;
    var phrase = " " + words.join(" ");
    return text.indexOf(phrase) >= 0 ? PHRASE_TITLE : WORDS_TITLE;
  }

  // A list item or paragraph that opens with the typed words and then a colon, a full
  // stop or a bracket defines them ("Critical Failure: if every die shows 1 ..."): a
  // rule stated in a list counts nearly as much as one under its own heading.
  function definesWords(html, words) {
    var phrase = words.join(" ");
    return String(html || "").split(/<(?:li|p)>/).some(function (part) {
      var lead = plain(part.slice(0, 300)).replace(/^ +/, "");
      return lead.indexOf(phrase) === 0 && /^ ?[.:(]/.test(lead.slice(phrase.length));
    });
  }

  function rerank(result, query) {
    var typed = wordsOf(query).join(" ");
    var words = wordsOf(query).filter(function (w) { return !stopWord(w); });
    if (!words.length || !result.data || !result.data.items) return result;
    var groups = result.data.items.map(function (group) {
      group.forEach(function (item) {
        var weight = titleWeight(item.title, words, typed);
        if (weight === 1 && definesWords(item.text, words)) weight = DEFINED;
        item.score *= weight;
      });
      // best first, as Material orders a page's sections (its rendering reads the order)
      group.sort(function (a, b) { return b.score - a.score; });
      return {best: group[0].score, items: group};
    });
    groups.sort(function (a, b) { return b.best - a.best; });
    result.data.items = groups.map(function (g) { return g.items; });
    return result;
  }

  // One message at a time, in order. A query that a newer one has replaced before its
  // turn came (the reader kept typing) is not run: Material shows whichever answer
  // arrives, so answering only the newest keeps the results up with the typing.
  var queue = Promise.resolve();
  var newest = 0;
  nativeAdd.call(self, "message", function (event) {
    var data = event.data;
    var mine = data && data.type === QUERY ? ++newest : newest;
    queue = queue.then(function () {
      if (data && data.type === QUERY && mine !== newest) return null;
      if (!data || data.type !== QUERY || typeof data.data !== "string" ||
          SYNTAX.test(data.data)) {
        return material(data);
      }
      var query = data.data;
      var first = strict(query);
      var asked = first ? material({type: QUERY, data: first}) : Promise.resolve(null);
      return asked.then(function (answer) {
        if (answer && answer.data && answer.data.items && answer.data.items.length) {
          return answer;
        }
        return material(data);
      }).then(function (answer) { return rerank(answer, query); });
    }).then(function (answer) { if (answer) nativePost.call(self, answer); }, function (error) {
      nativePost.call(self, {type: 3, data: {items: []}});
      console.warn(error);
    });
  });
})();
