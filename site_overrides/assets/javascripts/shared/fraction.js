// Exact fractions, as the engine sends them: the text "n/d" (or "n" for a whole number).
// Kept as BigInt numerators and denominators, so a 66d10's 130-digit fractions add up
// exactly; turned into decimals only for display.

/** "21/2" -> {n: 21n, d: 2n}; "7" -> {n: 7n, d: 1n}. */
export function parseFraction(text) {
  const [n, d] = String(text).split("/");
  return { n: BigInt(n), d: BigInt(d || "1") };
}

export const ZERO = Object.freeze({ n: 0n, d: 1n });

function gcd(a, b) {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a || 1n;
}

/** x + y, in lowest terms. */
export function addFractions(x, y) {
  const n = x.n * y.d + y.n * x.d;
  const d = x.d * y.d;
  const g = gcd(n, d);
  return { n: n / g, d: d / g };
}

/** x times a whole number k, in lowest terms. */
export function timesWhole(x, k) {
  const n = x.n * BigInt(k);
  const g = gcd(n, x.d);
  return { n: n / g, d: x.d / g };
}

/** {n, d} -> "n/d", or "n" when d is 1. */
export function fractionText(f) {
  return f.d === 1n ? String(f.n) : `${f.n}/${f.d}`;
}

/** A chance "n/d" as a percentage with 4 decimals (safe for huge numbers). */
export function percent(text) {
  const { n, d } = typeof text === "object" ? text : parseFraction(text);
  return Number((n * 1000000n) / d) / 10000;
}

/** A chance as the page shows it: "12.50%", or "<0.01%" for a chance too small to round. */
export function percentText(text) {
  const p = percent(text);
  return (p > 0 && p < 0.01 ? "<0.01" : p.toFixed(2)) + "%";
}

/** A fraction as a decimal a reader takes in at once: "10.5", "≈ 12.6" (rounded to
 *  `places`, with "≈" when it is not exact). The exact fraction goes beside it. */
export function decimal(text, places = 4) {
  const { n, d } = parseFraction(text);
  const size = n < 0n ? -n : n;
  const scale = 10n ** BigInt(places);
  const q = (size * scale * 2n + d) / (2n * d); // rounded to `places` decimals
  const whole = (q / scale).toString();
  const part = (q % scale).toString().padStart(places, "0").replace(/0+$/, "");
  const exact = (size * scale) % d === 0n;
  return (exact ? "" : "≈ ") + (n < 0n && q !== 0n ? "−" : "") + whole + (part ? "." + part : "");
}
