"""Benchmark: print-and-play PDFs, milliseconds per card and seconds per PDF.

For every deck and paper it makes the PDF from cold (no cache) in a fresh
process, using both cores, and side by side the peer: the same PDF rendered in
one process (what WeasyPrint does on its own), so the ratio shows what the
parallel face rendering gains. Then a warm rebuild (cache kept, data unchanged),
which is what `rulepress build` pays when nothing changed.

    .venv/bin/python bench/print.py [--repeat 3] [--deck buttonmen-cards] [--pod]

--pod also times every print-on-demand service's files, cold (cards/services.py): the
generic RGB PDF, DriveThruCards' CMYK PDF/X-1a (Ghostscript's conversion included) and
The Game Crafter's PNGs (one 825 x 1125 px PNG per face, each face rendered once,
pdftoppm and Pillow on both cores).

Goals: at most 6 ms per card using both cores; every PDF in under 10 s.
A4 and Letter share their rendered faces through the cache, so in a build the
second paper costs only the imposition; this benchmark times each cold.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL_MS_PER_CARD = 6.0
GOAL_SECONDS = 10.0
MIN_CARDS_JUDGED = 100

# One measurement, run in a fresh process so imports and caches start cold.
PROBE = r"""
import json, resource, sys, time
from pathlib import Path
from rulepress.cards.compose import PrintSettings
from rulepress.cards.make import make
from rulepress.data.load import load_catalog
root, name, paper, workers, cache = sys.argv[1:6]
catalog = load_catalog(Path(root))
import weasyprint  # imported before the clock starts, as in a build
start = time.perf_counter()
made = make(Path(root), catalog, name, PrintSettings(paper),
            cache_dir=Path(cache) if cache != "-" else None, workers=int(workers))
wall = time.perf_counter() - start
used = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
print(json.dumps({"wall": wall, "cpu": sum(u.ru_utime + u.ru_stime for u in used),
                  "cards": made.cards, "pages": made.pages, "kb": len(made.pdf) // 1024}))
"""


POD_PROBE = r"""
import json, sys, tempfile, time
from pathlib import Path
from rulepress.cards.make import product
from rulepress.cards.pod import pod_pdf, write_pngs
from rulepress.cards.services import SERVICES
from rulepress.data.load import load_catalog
root, name, service = sys.argv[1:4]
deck = product(Path(root), load_catalog(Path(root)), name)
chosen = SERVICES[service]
import weasyprint
start = time.perf_counter()
made, faces = pod_pdf(deck, chosen, "poker", pages_once=chosen.output == "png")
rendered = time.perf_counter() - start
files = 1
if chosen.output == "png":
    with tempfile.TemporaryDirectory() as folder:
        files = len(write_pngs(made.pdf, faces, Path(folder)))
wall = time.perf_counter() - start
print(json.dumps({"wall": wall, "pdf": rendered, "files": files, "cards": made.cards,
                  "pages": made.pages}))
"""


def probe_pod(name: str, service: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "generators"))
    out = subprocess.run([sys.executable, "-c", POD_PROBE, str(ROOT), name, service],
                         capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def probe(name: str, paper: str, workers: int, cache: str = "-") -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "generators"))
    out = subprocess.run([sys.executable, "-c", PROBE, str(ROOT), name, paper, str(workers),
                          cache], capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--deck", action="append", help="only these decks (default: all)")
    parser.add_argument("--pod", action="store_true",
                        help="also time the print-on-demand files of every service (cold)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "generators"))
    from rulepress.cards.decks import BUILDERS

    cores = len(os.sched_getaffinity(0))
    print(f"{cores} cores; median of {args.repeat} cold runs; ms/card is wall time")
    print(f"{'pdf':30} {'cards':>5} {'both cores s':>12} {'ms/card':>8} {'cpu ms/card':>11} "
          f"{'1 process s':>11} {'ratio':>6} {'warm s':>7}  goals")
    failed = False
    total_wall, total_cards = 0.0, 0
    for name in args.deck or BUILDERS:
        for paper in ("a4", "letter"):
            both = [probe(name, paper, cores) for _ in range(args.repeat)]
            single = [probe(name, paper, 1) for _ in range(args.repeat)]
            with tempfile.TemporaryDirectory() as cache:
                probe(name, paper, cores, cache)  # fills the cache
                warm = statistics.median(probe(name, paper, cores, cache)["wall"]
                                         for _ in range(args.repeat))
            wall = statistics.median(r["wall"] for r in both)
            cpu = statistics.median(r["cpu"] for r in both)
            alone = statistics.median(r["wall"] for r in single)
            cards = both[0]["cards"]
            per_card = 1000 * wall / cards if cards else 0.0
            # ms/card is judged on decks big enough for it to mean something: a deck of a
            # few cards is mostly the fixed cost of a PDF (fonts, sheets, marks)
            judged = cards >= MIN_CARDS_JUDGED
            ok = wall < GOAL_SECONDS and (not judged or per_card <= GOAL_MS_PER_CARD)
            failed |= not ok
            total_wall += wall
            total_cards += cards
            print(f"{name + '-' + paper:30} {cards:>5} {wall:>12.2f} "
                  f"{per_card if cards else float('nan'):>8.1f} "
                  f"{1000 * cpu / cards if cards else float('nan'):>11.1f} {alone:>11.2f} "
                  f"{alone / wall:>6.2f} {warm:>7.2f}  {'ok' if ok else 'MISSED'}")
    print(f"all PDFs: {total_cards} cards in {total_wall:.1f} s, "
          f"{1000 * total_wall / max(total_cards, 1):.1f} ms per card (fixed costs included)")
    if args.pod:
        from rulepress.cards.layout import Deck
        from rulepress.cards.make import product  # noqa: only to skip documents
        from rulepress.cards.services import SERVICES
        from rulepress.data.load import load_catalog

        catalog = load_catalog(ROOT)
        for name in args.deck or BUILDERS:
            item = product(ROOT, catalog, name)
            if not isinstance(item, Deck) or item.card_size:
                continue  # a document, or the calibration sheet (for home printers)
            for service in SERVICES:
                run = probe_pod(name, service)
                what = (f"{run['files']} PNGs" if run["files"] > 1 else
                        f"a {run['pages']}-page PDF")
                print(f"{name + ' ' + service:40} {run['cards']:>5} cards, {what} in "
                      f"{run['wall']:.1f} s (the faces and PDF {run['pdf']:.1f} s of it)")
    print(f"goals: <= {GOAL_MS_PER_CARD} ms per card on all cores (decks of "
          f"{MIN_CARDS_JUDGED}+ cards); every PDF < {GOAL_SECONDS} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
