// Two requests are the same question when their JSON is the same with keys in any order:
// this text sorts every object's keys, so it can be compared (and used as a map key).

export function canonicalJson(value) {
  return JSON.stringify(value, (key, x) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(
          Object.keys(x)
            .sort()
            .map((k) => [k, x[k]]),
        )
      : x,
  );
}
