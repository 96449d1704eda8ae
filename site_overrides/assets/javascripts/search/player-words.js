// A player's words, read against the words the site's search index holds: the site's search
// worker (search-worker.js) loads this with importScripts and reads `self.rulepressPlayerWords`.
// - a game named in the query ("who acts first brikwars", "how do you score in button men")
//   is not a word the page must hold: only that game's pages are shown (if it has any);
// - a word no indexed word begins with is a typo when one indexed word is one or two edits
//   away ("stingr" -> "stinger"): the most common such word is read instead;
// - words that only carry a question ("how does Trip work", "how far", "buttons list") are
//   not required.
// A plain script, not a module: a classic worker loads it (Material starts the worker).
(function (root) {
  "use strict";
  const GAMES = [
    { folder: "brikwars", names: [["brikwars"], ["brik", "wars"], ["brickwars"], ["brick", "wars"]] },
    { folder: "buttonmen", names: [["button", "men"], ["buttonmen"], ["button", "man"]] },
    { folder: "evilrobots", names: [["evil", "robots"], ["evilrobots"], ["evil", "robot"]] },
  ];
  // the calculators and query pages of a game that are not in its folder
  const GAME_PAGES = {
    brikwars: ["calculators/brikwars-", "calculators/quikwars-", "reference/query-brikwars"],
    buttonmen: ["calculators/buttonmen-", "calculators/friend-computer", "reference/query-buttonmen"],
    evilrobots: ["calculators/evilrobots-", "reference/query-evilrobots"],
  };
  // words that carry the question, not its subject: kept, but never required
  const QUESTION = new Set(
    (
      "work works working happen happens happening mean means meaning rule rules explain " +
      "explained question many much way ways example far list lists page pages info"
    ).split(" "),
  );
  const WORD = /[a-z0-9]+/g;

  /** The query's words without a game's name, and that game's folder (or null). */
  function gameOf(words) {
    for (const game of GAMES) {
      for (const name of game.names) {
        for (let i = 0; i + name.length <= words.length; i++) {
          if (name.every((part, j) => words[i + j] === part)) {
            const rest = words.slice(0, i).concat(words.slice(i + name.length));
            if (rest.length) return { words: rest, game: game.folder };
          }
        }
      }
    }
    return { words, game: null };
  }

  /** Whether a page of the index (its location) belongs to `game`. */
  function inGame(location, game) {
    return (
      location.indexOf(game + "/") === 0 || GAME_PAGES[game].some((prefix) => location.indexOf(prefix) === 0)
    );
  }

  /** The words of the index's entries, each with the number of entries that hold it,
   *  sorted (for prefix look-ups). */
  function vocabulary(docs) {
    const counts = new Map();
    for (const doc of docs) {
      const text = (String(doc.title || "") + " " + String(doc.text || ""))
        .replace(/<[^>]*>/g, " ")
        .toLowerCase();
      const seen = new Set(text.match(WORD) || []);
      for (const word of seen) counts.set(word, (counts.get(word) || 0) + 1);
    }
    const words = [...counts.keys()].sort();
    return { counts, words };
  }

  /** Whether an indexed word begins with `prefix`. */
  function begins(vocab, prefix) {
    let low = 0;
    let high = vocab.words.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (vocab.words[mid] < prefix) low = mid + 1;
      else high = mid;
    }
    return low < vocab.words.length && vocab.words[low].indexOf(prefix) === 0;
  }

  /** Edits (insert, delete, change, swap two neighbours) from a to b, or more than `most`. */
  function distance(a, b, most) {
    if (Math.abs(a.length - b.length) > most) return most + 1;
    let before = null;
    let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const row = [i];
      let best = i;
      for (let j = 1; j <= b.length; j++) {
        const cost = a[i - 1] === b[j - 1] ? 0 : 1;
        let d = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
        if (before && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          d = Math.min(d, before[j - 2] + 1);
        }
        row.push(d);
        if (d < best) best = d;
      }
      if (best > most) return most + 1;
      before = previous;
      previous = row;
    }
    return previous[b.length];
  }

  /** The word a player meant: itself when an indexed word begins with it (or with its
   *  stem), else the most common indexed word one edit away (two for eight letters or
   *  more), else itself. */
  function corrected(vocab, word, stem) {
    if (word.length < 4 || /\d/.test(word) || begins(vocab, word) || begins(vocab, stem)) return word;
    const most = word.length >= 8 ? 2 : 1;
    let found = word;
    let foundDistance = most + 1;
    let foundCount = 0;
    for (const candidate of vocab.words) {
      if (candidate.length < 3 || Math.abs(candidate.length - word.length) > most) continue;
      const d = distance(word, candidate, most);
      const count = vocab.counts.get(candidate);
      if (d < foundDistance || (d === foundDistance && d <= most && count > foundCount)) {
        found = candidate;
        foundDistance = d;
        foundCount = count;
      }
    }
    return foundDistance <= most ? found : word;
  }

  root.rulepressPlayerWords = { gameOf, inGame, vocabulary, corrected, distance, QUESTION };
})(self);
