"""Read PDFs back with poppler-utils (pdfinfo, pdftotext, pdffonts, pdftoppm)."""

from __future__ import annotations

import html
import re
import subprocess
from pathlib import Path

PT_PER_MM = 72 / 25.4


def run(*args: str) -> str:
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def page_sizes(pdf: Path) -> list[tuple[float, float]]:
    """(width, height) of every page in points."""
    out = run("pdfinfo", "-f", "1", "-l", "100000", str(pdf))
    return [(float(w), float(h)) for w, h in
            re.findall(r"^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts", out, re.M)]


def page_texts(pdf: Path) -> list[str]:
    """The text of every page, whitespace collapsed to single spaces."""
    pages = run("pdftotext", "-enc", "UTF-8", str(pdf), "-").split("\f")
    return [" ".join(page.split()) for page in pages[:-1]]  # the text ends with a \f


def words(pdf: Path, page: int) -> tuple[tuple[float, float], list[tuple[str, float, float,
                                                                            float, float]]]:
    """Page size and every word with its box (xMin, yMin, xMax, yMax), in points."""
    out = run("pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-")
    size = re.search(r'<page width="([\d.]+)" height="([\d.]+)"', out)
    found = [(html.unescape(text), float(x0), float(y0), float(x1), float(y1))
             for x0, y0, x1, y1, text in re.findall(
                 r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                 r"(.*?)</word>", out)]
    return (float(size.group(1)), float(size.group(2))), found


def fonts(pdf: Path) -> list[dict[str, str]]:
    lines = run("pdffonts", str(pdf)).splitlines()[2:]
    # name type... encoding emb sub uni object ID: read the yes/no columns from the right
    rows = []
    for line in lines:
        parts = line.split()
        rows.append({"name": parts[0], "emb": parts[-5], "sub": parts[-4], "uni": parts[-3]})
    return rows


def png(pdf: Path, page: int, out_stem: Path, dpi: int = 40) -> Path:
    run("pdftoppm", "-r", str(dpi), "-png", "-singlefile", "-f", str(page), "-l", str(page),
        str(pdf), str(out_stem))
    return out_stem.with_suffix(".png")
