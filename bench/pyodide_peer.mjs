// Warm latency of the same questions in Pyodide: the rulepress engine wheel vs icepool
// (the peer), side by side in one Pyodide, checking that both give the same distribution.
// usage: node pyodide_peer.mjs <pyodide dir> <engine wheel> <icepool wheel> <repeats>
import { join, resolve } from "node:path";

const [pyodideDir, engineWheel, icepoolWheel, repeats] = process.argv.slice(2);
const { loadPyodide } = await import(join(resolve(pyodideDir), "pyodide.mjs"));
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
for (const wheel of [engineWheel, icepoolWheel]) {
  const loaded = await py.loadPackage(resolve(wheel), { messageCallback: () => {} });
  if (!loaded.length) throw new Error(`could not load ${wheel}`);
}
const out = py.runPython(`
import json, time, statistics
from fractions import Fraction
import icepool
from rulepress.engine.query import answer, operations
operations()  # import every game's ops first, as the site's worker does at start-up

CASES = [
    ("10d10 sum", {"game": "dice", "op": "distribution", "expr": "10d10", "rules": "plain"},
     lambda: 10 @ icepool.d10),
    ("3d6+2 sum", {"game": "dice", "op": "distribution", "expr": "3d6+2", "rules": "plain"},
     lambda: 3 @ icepool.d6 + 2),
    ("4d6 keep highest 3", {"game": "dice", "op": "keep", "dice": 4, "sides": 6, "keep": 3},
     lambda: icepool.d6.highest(4, 3)),
    ("20d10 keep highest 10", {"game": "dice", "op": "keep", "dice": 20, "sides": 10, "keep": 10},
     lambda: icepool.d10.highest(20, 10)),
]

def ours_pmf(request):
    return {v: Fraction(p) for v, p in answer(request, {})["pmf"]}

def peer_pmf(die):
    total = die.denominator()
    return {v: Fraction(q, total) for v, q in die.items()}

def timings(fn, n):
    """(first call, median of the next n): icepool caches results, so both matter."""
    times = []
    for _ in range(n + 1):
        t = time.perf_counter(); fn(); times.append((time.perf_counter() - t) * 1000)
    return times[0], statistics.median(times[1:])

# Small questions of each kind to each library first, not timed, none of them a case: the
# runtime compiles its own code the first time it runs (Pyodide's WebAssembly, lazily), and
# whichever library went first would pay that for both. Each case's first call then costs
# what that question costs (icepool's cache holds none of the cases yet).
ours_pmf({"game": "dice", "op": "distribution", "expr": "2d4", "rules": "plain"})
ours_pmf({"game": "dice", "op": "keep", "dice": 3, "sides": 4, "keep": 2})
peer_pmf(2 @ icepool.d4)
peer_pmf(icepool.d4.highest(3, 2))

rows = []
for name, request, peer in CASES:
    ours_first, ours_repeat = timings(lambda: ours_pmf(request), ${Number(repeats)})
    peer_first, peer_repeat = timings(lambda: peer_pmf(peer()), ${Number(repeats)})
    rows.append({"case": name, "same": ours_pmf(request) == peer_pmf(peer()),
                 "ours_first": ours_first, "peer_first": peer_first,
                 "ours_repeat": ours_repeat, "peer_repeat": peer_repeat})
json.dumps({"icepool": icepool.__version__, "rows": rows})
`);
console.log(out);
