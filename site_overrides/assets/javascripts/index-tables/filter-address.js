// How an index table's filters are written in the page's address, and read back: chips,
// text, ranges and sort (skill=shadow,-poison&filter=bob&power-min=3&sort=-3). A second
// table on a page prefixes its keys with "t2-". Pure functions (tests/frontend).

/** The key prefix of the n-th table on a page (1-based): "" for the first, "t2-", ... */
export const tablePrefix = (number) => (number > 1 ? `t${number}-` : "");

/** Whether a query key belongs to the table with this prefix (the first table's keys have
 *  no prefix, so it leaves "t2-..." to the others). */
export function ownsKey(prefix, key) {
  if (!key.startsWith(prefix)) return false;
  return !(prefix === "" && /^t\d+-/.test(key.slice(prefix.length)));
}

/** A facet's chips in the address: [{value, state: "include"|"exclude"}] -> "a,-b". */
export function chipsText(chips) {
  return chips.map((c) => (c.state === "exclude" ? "-" : "") + c.value).join(",");
}

/** "a,-b" -> [{value: "a", state: "include"}, {value: "b", state: "exclude"}]. A "+" in front
 *  (which may arrive as a space) means include. */
export function readChips(text) {
  return (text || "")
    .split(",")
    .filter(Boolean)
    .map((item) => ({
      value: item.replace(/^[+ -]/, ""),
      state: item.charAt(0) === "-" ? "exclude" : "include",
    }));
}

/** The sort in the address: column 0-based and direction -> "3" or "-3"; none -> null. */
export function sortText(column, ascending) {
  return column >= 0 ? (ascending ? "" : "-") + String(column + 1) : null;
}

/** "-3" -> {column: 2, ascending: false}; anything else -> null. */
export function readSort(text) {
  const m = /^(-?)(\d+)$/.exec(text || "");
  return m ? { column: Number(m[2]) - 1, ascending: m[1] !== "-" } : null;
}

/** A range bound from the address: a number's text, or "" for none. */
export function readBound(text) {
  return text !== null && text !== undefined && text !== "" && !isNaN(Number(text)) ? text : "";
}
