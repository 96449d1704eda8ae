"""How long the `search` policy takes a decision, in CPython and in Pyodide, side by side.

Goal (issue 26): in Pyodide a decision within 1 s. Builds the engine wheel (as the site
ships it), then plays `search` against `maximize` on three strength match-ups in both.

    .venv/bin/python bench/play_decisions.py [--rounds 6]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "generators"))
sys.path.insert(0, str(ROOT / "bench"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    from rulepress.bundle.wheel import build_engine_wheel
    from rulepress.data.load import load_catalog
    import play_decisions_core
    data = load_catalog(ROOT).engine_data()
    native = play_decisions_core.run(data, args.rounds)
    with tempfile.TemporaryDirectory() as tmp:
        wheel = build_engine_wheel(Path(tmp) / "wheel")
        data_file = Path(tmp) / "data.json"
        data_file.write_text(json.dumps(data), encoding="utf-8")
        run = subprocess.run(["node", str(ROOT / "bench" / "play_decisions.mjs"),
                              str(ROOT / "node_modules" / "pyodide"), str(wheel),
                              str(data_file), str(args.rounds)],
                             capture_output=True, text=True, check=True)
    browser = json.loads(run.stdout.strip().splitlines()[-1])
    print(f"search's decisions against maximize, {args.rounds} rounds (ms a decision)")
    print(f"{'':10}{'decisions':>10}{'median':>9}{'p90':>9}{'max':>9}{'mean':>9}")
    for name, row in (("CPython", native), ("Pyodide", browser)):
        print(f"{name:10}{row['decisions']:>10}{row['median_ms']:>9.0f}{row['p90_ms']:>9.0f}"
              f"{row['max_ms']:>9.0f}{row['mean_ms']:>9.0f}")
    met = browser["max_ms"] <= 1000
    print(f"goal (every decision in Pyodide within 1 s): {'met' if met else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
