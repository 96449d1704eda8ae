// The site's search worker: Material's own (imported below, its address given as
// ?material=...), with the query read the way a player means it. Material matches every
// typed word as a prefix and any one word is enough, so "swing die" found the button
// Dietrich (its title starts with "die") before the Swing rules, and "critical failure"
// found "Critical Miss". Here:
// - word forms: the index is stemmed (mkdocs.yml: the search pipeline's stemmer), and each
//   typed word is required as its stem or the start of a longer word ("attacks" finds
//   "attack", "berserker" the Berserk skill);
// - typos: a word that no indexed word begins with is read as the most common indexed word
//   an edit or two away ("stingr" finds Stinger; player-words.js);
// - a game named in the query ("who acts first brikwars") is not required: only its pages
//   are shown; words that only carry a question ("how does Trip work") are not required;
// - every other word of two or more must occur (as a word or the start of one); a stop word
//   ("the", "who") is not required, since the index leaves stop words out;
// - a whole-word match counts more than a word that only begins with what was typed;
// - what players call a rule (the data's search aliases, kept as the entry's `names`)
//   weighs as the rule's title does: "bonus dice" finds the list where Bonus Dice are
//   stated before a heading that only says "dice";
// - a title that is what was typed comes first; one that holds all the typed words in
//   order comes before one that holds some of them, and a short title they cover more of
//   before a long one ("dice" finds the dice rules before "Diemons and SuperNatural dice");
//   a list item that opens with them ("Critical Failure: ...") counts nearly as much, and
//   more than text that only mentions them;
// - if requiring every word finds fewer than three pages, pages that hold some of the words
//   come after them ("sniper rifle": no page says "rifle").
// A query written with search syntax (+, -, *, ~, ^, quotes, field:) is left as typed. Only
// the newest query is answered, once no key has followed it for a moment: an answer to a
// query the reader has typed past is dropped, so the results never show the lists of the
// words on the way (19 results, then 14, then 6 for "negative bot").
/* global lunr */
(function () {
  "use strict";
  const QUERY = 2; // Material's SearchMessageType.QUERY; RESULT is 3
  const EXACT = 3; // weight of a whole-word match beside Material's prefix match
  const SAME_TITLE = 8; // a result whose title is what was typed ("Zero", not "Phantom Zero")
  const PHRASE_TITLE = 4; // a result whose title holds every typed word, in order
  const WORDS_TITLE = 2; // ... holds every typed word
  const DEFINED = 3; // a list item that opens with the typed words (see definesWords)
  const PHRASE_TEXT = 2; // text that holds the typed words side by side
  const WHOLE_PAGE = 1.25; // a page, before a section, when its title is what was typed
  const TITLE_FILLER = new Set(["rule"]); // title words (stemmed) a title match ignores
  const SETUP = 0; // Material's SearchMessageType.SETUP: the index's documents
  const SETTLE_MS = 150; // a query is answered once no key has followed it for this long
  const ENOUGH = 3; // pages holding every word; with fewer, pages holding some come after
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
  importScripts(new URL("player-words.js", self.location.href).href);
  const player = self.rulepressPlayerWords;
  let vocab = { counts: new Map(), words: [] }; // the index's words (player-words.js)
  let texts = new Map(); // each entry's text as plain words, by location
  let names = new Map(); // each entry's other titles (its aliases: website/search_index.py)

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

  // a word as the index holds it: no punctuation around it ("die?"), no "'s" ("what's")
  function clean(word) {
    return word
      .replace(/'s$/, "")
      .replace(/[^a-z0-9]+/g, "")
      .trim();
  }

  function stem(word) {
    return typeof lunr !== "undefined" && lunr.stemmer
      ? lunr.stemmer(new lunr.Token(word, {})).toString()
      : word;
  }

  // How the query is read: the words a page must hold (typos read as meant), the game it
  // names, and every word as typed (the results' highlight terms).
  function reading(query) {
    const typed = wordsOf(query).filter((w) => /\w/.test(w));
    const { words, game } = player.gameOf(typed);
    const kept = words
      .map(clean)
      .filter((w) => w && !stopWord(w))
      .map((w) => player.corrected(vocab, w, stem(w)));
    const needed = kept.filter((w) => !player.QUESTION.has(w));
    return {
      query: typed.join(" "),
      words: kept,
      needed: needed.length ? needed : kept,
      game,
      // the highlight terms: the words as typed, and always the last one, so a page (and
      // a test) can tell this query's results from the query's before it
      typed: typed.filter((w, i) => !stopWord(w) || i === typed.length - 1),
    };
  }

  // the query Lunr is given first: every needed word required (its stem, or the start of
  // a longer word), whole words weighted; a word not needed only weighs
  function strict(read) {
    if (!read.words.length) return null;
    const need = read.needed.map((w) => "+" + stem(w) + "*");
    return need.concat(read.words.map((w) => w + "^" + EXACT)).join(" ");
  }

  // when no page holds every word: any of them will do (the more the better)
  function loose(read) {
    if (!read.words.length) return null;
    return read.words.map((w) => stem(w) + "* " + w + "^" + EXACT).join(" ");
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
  // whole words, word forms or the start of the last one, as typed) weighs more, and the
  // more of the title they cover, the more. A title that is just what was typed, stop words
  // and all ("The Fog"), weighs most; one that is the same words but for their forms, a
  // game's name or "rules" ("BrikWars dice rules" for "dice") nearly as much.
  function titleWeight(title, words, query) {
    const text = plain(title);
    if (text.trim() === query) return SAME_TITLE * 1.5;
    if (text.trim() === words.join(" ")) return SAME_TITLE;
    const own = player
      .gameOf(text.trim().split(" ").filter(Boolean))
      .words.filter((w) => !stopWord(w) && /[a-z0-9]/.test(w));
    const stems = own.map(stem);
    const wanted = words.map(stem);
    if (stems.filter((w) => !TITLE_FILLER.has(w)).join(" ") === wanted.join(" ")) return SAME_TITLE;
    const last = words.length - 1;
    const found = words.map(
      (w, i) => stems.indexOf(wanted[i]) >= 0 || text.indexOf(" " + w + (i === last ? "" : " ")) >= 0,
    );
    if (!found.every(Boolean)) return 1;
    const cover = 1 + Math.min(1, words.length / Math.max(1, own.length));
    const phrase = " " + words.join(" ");
    return ((text.indexOf(phrase) >= 0 ? PHRASE_TITLE : WORDS_TITLE) * cover) / 2;
  }

  // An entry whose text (with the words the build added for it, which Material leaves out
  // of a result's text) holds the typed words side by side ("hit points"), not only
  // somewhere each.
  function phraseIn(location, words) {
    const text = texts.get(location);
    return words.length > 1 && !!text && text.indexOf(" " + words.join(" ") + " ") >= 0;
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

  function rerank(result, read) {
    const words = read.words;
    if (!words.length || !result || !result.data || !result.data.items) return result;
    // the highlight terms are the words as typed (Material puts them in each result's link)
    const terms = Object.fromEntries(read.typed.map((w) => [w, true]));
    let items = result.data.items;
    if (read.game) {
      // the game the query names: its pages only, if it has any among the results
      const own = items.filter((group) => player.inGame(group[0].location, read.game));
      if (own.length) items = own;
    }
    const groups = items.map((group) => {
      group.forEach((item) => {
        // an entry's other titles (what players call it) weigh as its title does
        let weight = (names.get(item.location) || []).reduce(
          (most, name) => Math.max(most, titleWeight(name, words, read.query)),
          titleWeight(item.title, words, read.query),
        );
        if (weight >= SAME_TITLE && item.location.indexOf("#") < 0) weight *= WHOLE_PAGE;
        if (weight === 1 && definesWords(item.text, words)) weight = DEFINED;
        else if (weight === 1 && phraseIn(item.location, words)) weight = PHRASE_TEXT;
        item.score *= weight;
        item.terms = terms;
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
    if (data && data.type === SETUP && data.data && Array.isArray(data.data.docs)) {
      vocab = player.vocabulary(data.data.docs);
      texts = new Map(data.data.docs.map((doc) => [doc.location, plain(doc.text)]));
      names = new Map(
        data.data.docs.filter((doc) => Array.isArray(doc.names)).map((doc) => [doc.location, doc.names]),
      );
    }
    // a query waits a moment for the next key: while the reader types, no list is shown
    // for the words on the way (Material shows every answer it gets, one key behind)
    const settled =
      data && data.type === QUERY ? new Promise((resolve) => setTimeout(resolve, SETTLE_MS)) : null;
    queue = queue
      .then(() => settled)
      .then(() => {
        if (data && data.type === QUERY && mine !== newest) return null;
        if (!data || data.type !== QUERY || typeof data.data !== "string" || SYNTAX.test(data.data)) {
          return material(data);
        }
        const read = reading(data.data);
        const first = strict(read);
        const asked = first ? material({ type: QUERY, data: first }) : Promise.resolve(null);
        return asked.then((answer) => {
          const found = answer && answer.data && answer.data.items ? answer.data.items.length : 0;
          if (found >= ENOUGH) return rerank(answer, read);
          // few pages hold every word: pages that hold most of them come after those
          const second = loose(read);
          return material({ type: QUERY, data: second || data.data }).then((more) => {
            if (!found) return rerank(more, read);
            const first = rerank(answer, read);
            const page = (group) => group[0].location.split("#")[0];
            const seen = new Set(first.data.items.map(page));
            const rest = rerank(more, read).data.items.filter((group) => !seen.has(page(group)));
            first.data.items = first.data.items.concat(rest);
            return first;
          });
        });
      })
      .then(
        (answer) => {
          // an answer to a query typed past is dropped: the newer one's comes next
          if (answer && !(data && data.type === QUERY && mine !== newest)) nativePost.call(self, answer);
        },
        (error) => {
          nativePost.call(self, { type: 3, data: { items: [] } });
          console.warn(error);
        },
      );
  });
})();
