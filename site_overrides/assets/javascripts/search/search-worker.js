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
  const QUERY = 2; // Material's SearchMessageType.QUERY; RESULT is 3
  const EXACT = 3; // weight of a whole-word match beside Material's prefix match
  const SAME_TITLE = 8; // a result whose title is what was typed ("Zero", not "Phantom Zero")
  const PHRASE_TITLE = 4; // a result whose title holds every typed word, in order
  const WORDS_TITLE = 2; // ... holds every typed word
  const DEFINED = 3; // a list item that opens with the typed words (see definesWords)
  const SEPARATOR = /[\s-]+/; // the index's separator (mkdocs search config)
  const SYNTAX = /["+*~^:]|(^|\s)-/;

  const materialUrl = new URL(self.location.href).searchParams.get("material");
  if (new URL(materialUrl, self.location.href).origin !== self.location.origin) {
    throw new Error("search-worker.js: Material's worker must come from this site");
  }
  const listeners = [];
  const nativeAdd = self.addEventListener;
  const nativePost = self.postMessage;
  let waiting = null; // resolves with Material's answer to the message just handed over

  self.addEventListener = function (type, listener, options) {
    if (type === "message") listeners.push(listener);
    else nativeAdd.call(self, type, listener, options);
  };
  self.postMessage = function (message) {
    if (waiting) {
      const done = waiting;
      waiting = null;
      done(message);
    } else {
      nativePost.call(self, message);
    }
  };
  importScripts(materialUrl);
  self.addEventListener = nativeAdd;

  function material(data) {
    return new Promise((resolve) => {
      waiting = resolve;
      listeners.forEach((listener) => {
        listener({ data });
      });
    });
  }

  function stopWord(word) {
    return (
      typeof lunr !== "undefined" && lunr.stopWordFilter && !lunr.stopWordFilter(new lunr.Token(word, {}))
    );
  }

  function wordsOf(query) {
    return query.toLowerCase().split(SEPARATOR).filter(Boolean);
  }

  // the query Lunr is given first: all words required, whole words weighted
  function strict(query) {
    const words = wordsOf(query);
    const kept = words.filter((w) => !stopWord(w) && /\w/.test(w));
    if (!kept.length) return null;
    // a plural may stand for its singular ("attacks" finds "attack"), as a prefix can
    const need =
      kept.length > 1
        ? kept.map((w) => "+" + (w.length > 3 && /[^s]s$/.test(w) ? w.slice(0, -1) : w) + "*")
        : [kept[0]]; // Material adds the "*"
    return need.concat(kept.map((w) => w + "^" + EXACT)).join(" ");
  }

  function plain(html) {
    return (
      " " +
      String(html || "")
        .replace(/<[^>]*>/g, " ")
        .toLowerCase()
        .split(SEPARATOR)
        .join(" ") +
      " "
    );
  }

  // The order within Lunr's score, refined: a title that holds the typed words (as
  // whole words or the start of the last one, as typed) weighs more.
  function titleWeight(title, words, typed) {
    const text = plain(title);
    if (text.trim() === typed) return SAME_TITLE;
    const last = words.length - 1;
    const all = words.every((w, i) => text.indexOf(" " + w + (i === last ? "" : " ")) >= 0);
    if (!all) return 1;
    const phrase = " " + words.join(" ");
    return text.indexOf(phrase) >= 0 ? PHRASE_TITLE : WORDS_TITLE;
  }

  // A list item or paragraph that opens with the typed words and then a colon, a full
  // stop or a bracket defines them ("Critical Failure: if every die shows 1 ..."): a
  // rule stated in a list counts nearly as much as one under its own heading.
  function definesWords(html, words) {
    const phrase = words.join(" ");
    return String(html || "")
      .split(/<(?:li|p)>/)
      .some((part) => {
        const lead = plain(part.slice(0, 300)).replace(/^ +/, "");
        return lead.indexOf(phrase) === 0 && /^ ?[.:(]/.test(lead.slice(phrase.length));
      });
  }

  function rerank(result, query) {
    const typed = wordsOf(query).join(" ");
    const words = wordsOf(query).filter((w) => !stopWord(w));
    if (!words.length || !result.data || !result.data.items) return result;
    const groups = result.data.items.map((group) => {
      group.forEach((item) => {
        let weight = titleWeight(item.title, words, typed);
        if (weight === 1 && definesWords(item.text, words)) weight = DEFINED;
        item.score *= weight;
      });
      // best first, as Material orders a page's sections (its rendering reads the order)
      group.sort((a, b) => b.score - a.score);
      return { best: group[0].score, items: group };
    });
    groups.sort((a, b) => b.best - a.best);
    result.data.items = groups.map((g) => g.items);
    return result;
  }

  // One message at a time, in order. A query that a newer one has replaced before its
  // turn came (the reader kept typing) is not run: Material shows whichever answer
  // arrives, so answering only the newest keeps the results up with the typing.
  let queue = Promise.resolve();
  let newest = 0;
  nativeAdd.call(self, "message", (event) => {
    const data = event.data;
    const mine = data && data.type === QUERY ? ++newest : newest;
    queue = queue
      .then(() => {
        if (data && data.type === QUERY && mine !== newest) return null;
        if (!data || data.type !== QUERY || typeof data.data !== "string" || SYNTAX.test(data.data)) {
          return material(data);
        }
        const query = data.data;
        const first = strict(query);
        const asked = first ? material({ type: QUERY, data: first }) : Promise.resolve(null);
        return asked
          .then((answer) => {
            if (answer && answer.data && answer.data.items && answer.data.items.length) {
              return answer;
            }
            return material(data);
          })
          .then((answer) => rerank(answer, query));
      })
      .then(
        (answer) => {
          if (answer) nativePost.call(self, answer);
        },
        (error) => {
          nativePost.call(self, { type: 3, data: { items: [] } });
          console.warn(error);
        },
      );
  });
})();
