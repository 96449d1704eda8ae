"""Shared by the Evil Robots table screen's browser tests: the laptop sizes of the host view,
how long the engine may take to start, and the check that the host view fits."""

from __future__ import annotations

ENGINE_MS = 120_000  # the engine worker starts Pyodide on first use
LAPTOP = {"width": 1366, "height": 768}
WIDE = {"width": 1920, "height": 1080}
# Every column of the players table inside the window at its first scroll position, no
# sideways scroll anywhere, and no text under 12 px in the host view.
FITS = """() => {
  const w = innerWidth, h = innerHeight;
  const table = document.getElementById('er-t-players');
  const out = (box) => box.left < 0 || box.right > w || box.top < 0 || box.bottom > h;
  const heads = [...table.querySelectorAll('thead th')].filter((th) => out(th.getBoundingClientRect()));
  const cells = [...table.querySelectorAll('tbody td, tbody th')].filter((c) => {
    const box = c.getBoundingClientRect();
    return box.left < 0 || box.right > w;
  });
  const small = [...document.querySelectorAll('#er-table *')].filter((e) =>
    e.offsetParent !== null && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())
    && parseFloat(getComputedStyle(e).fontSize) < 12).map((e) => e.tagName + ':' + e.textContent.slice(0, 20));
  const scroller = table.parentElement;
  return {columns: table.querySelectorAll('thead th').length, heads: heads.length,
          cells: cells.length, small, pageWide: document.documentElement.scrollWidth > w,
          tableScrolls: scroller.scrollWidth > scroller.clientWidth + 1};
}"""
