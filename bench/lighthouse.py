"""Lighthouse accessibility scores of the home page, a button page and a calculator.

Lighthouse (node_modules/lighthouse, from npm) drives Debian's Chromium (CHROME_PATH) on
the built site served from 127.0.0.1, once per page and setting: a phone (Lighthouse's
own mobile emulation), a desktop (its desktop preset) and the phone in the dark scheme.
Prints each score (goal: at least 95) and every audit that failed. Not part of the test
suite (a run takes about half a minute a page); axe-core in tests/website is the test.

usage: .venv/bin/python bench/lighthouse.py [--no-build] [--site FOLDER] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "generators"), str(ROOT / "tests")]

from browser import CHROMIUM, CHROMIUM_FLAGS, serve_folder  # noqa: E402
from rulepress.build import build_all  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
PAGES = (("home", ""), ("button page", "buttonmen/buttons/floriano/"),
         ("calculator", "calculators/dice-roll/"))
# setting -> extra Lighthouse arguments, extra Chromium flags
SETTINGS = {
    "phone": ([], []),
    "desktop": (["--preset=desktop"], []),
    # Blink's preferred colour scheme 0 is dark: the page's prefers-color-scheme matches it
    "phone, dark": ([], ["--blink-settings=preferredColorScheme=0"]),
}
GOAL = 95


def lighthouse(url: str, args: list[str], flags: list[str], out: Path) -> dict:
    command = ["node", str(LIGHTHOUSE), url, "--only-categories=accessibility",
               "--output=json", f"--output-path={out}", "--quiet",
               "--chrome-flags=" + " ".join(CHROMIUM_FLAGS + flags), *args]
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    subprocess.run(command, check=True, env=env, timeout=300)
    report = json.loads(out.read_text(encoding="utf-8"))
    category = report["categories"]["accessibility"]
    failed = [f"{ref['id']}: {report['audits'][ref['id']]['title']}"
              for ref in category["auditRefs"]
              if ref["weight"] > 0 and report["audits"][ref["id"]]["score"] not in (1, None)]
    return {"score": round(category["score"] * 100), "failed": failed}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--site", type=Path, help="a built site folder (default: site/)")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args()
    if not LIGHTHOUSE.is_file():
        sys.exit("node_modules/lighthouse is missing: run scripts/setup.sh (npm ci)")
    if not args.no_build and args.site is None:
        build_all(ROOT, progress=lambda line: None)
    site = args.site or ROOT / "site"
    results: dict[str, dict[str, dict]] = {}
    with serve_folder(site) as base, tempfile.TemporaryDirectory() as scratch:
        for name, path in PAGES:
            for setting, (extra, flags) in SETTINGS.items():
                out = Path(scratch) / "report.json"
                results.setdefault(name, {})[setting] = lighthouse(base + path, extra, flags,
                                                                   out)
    worst = min(r["score"] for by_setting in results.values() for r in by_setting.values())
    print(f"Lighthouse accessibility (goal >= {GOAL}), Chromium {CHROMIUM}\n")
    for name, path in PAGES:
        for setting, result in results[name].items():
            print(f"  {name:<12} {setting:<12} {result['score']:>3}  /{path}")
            for audit in result["failed"]:
                print(f"      failed: {audit}")
    print(f"\nlowest score {worst}: {'goal met' if worst >= GOAL else 'GOAL MISSED'}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0 if worst >= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
