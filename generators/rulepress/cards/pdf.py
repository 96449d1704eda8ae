"""Card faces, sheet marks and pages -> HTML (Jinja, cards/templates/) -> PDF (WeasyPrint).

The cards' one door to WeasyPrint (the app icons, website/app_icons.py, use it too).
Card faces are cut into chunks; the chunks render in parallel processes (one per core);
impose.py then puts the faces on sheets. Each chunk's PDF is cached under a key made from its exact HTML and the
WeasyPrint version, so a rebuild with unchanged data renders nothing.
Card HTML is parsed by html_tree (stdlib) and styled with only the browser defaults
cards use (templates/ua.css), which renders the same pages in about two thirds of the
time WeasyPrint's own parser and full defaults take. The cards' own stylesheet
(templates/cards.css) is parsed once per process, not once per document; each
document's <style> holds only what changes (page sizes, text sizes, bleed).
measure.py reads the rendered layout: text that runs past its box is returned as an
Overflow, never clipped silently, and boxes marked data-art get their drawings
(recipe_art.py, text_art.py), which impose.py lays over the faces.
"""

from __future__ import annotations

import gc
import hashlib
import json
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path
from typing import NamedTuple

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from ..logs import warnings_from
from ..problems import BuildError
from . import html_tree
from .compose import FaceUse, Sheet
from .font_metrics import metrics
from .layout import Overflow, Page
from .measure import Drawing, measure
from .sheets import SMALL_CARD_MM, SheetLayout

TEMPLATES = Path(__file__).parent / "templates"


class PrintError(BuildError):
    """WeasyPrint reported a problem (a missing font or image, bad CSS)."""


@cache
def _environment() -> Environment:
    return Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["j2"]),
                       undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)


def faces_html(faces: list[tuple[int, FaceUse]], title: str, css: str = "") -> str:
    """One page per face, each page the face's own size (bleed included); `css` is a
    deck's own rules on top of cards.css."""
    sizes: dict[tuple[float, float], str] = {}
    for _, use in faces:
        sizes.setdefault((use.width, use.height), f"size{len(sizes)}")
    # Text sizes are classes, not style attributes: WeasyPrint shares one computed
    # style among elements with equal classes, never among elements with a style
    # attribute (that sharing saves about an eighth of a Button Men front's time).
    font_sizes = sorted({value for _, use in faces for key, value in use.face.fields.items()
                         if key.endswith("size") and isinstance(value, (int, float))})

    def size_class(size: float) -> str:
        if size not in font_sizes:
            raise ValueError(f"text size {size} is not in a field named '...size'")
        return "fs-" + f"{size:g}".replace(".", "_")

    return _environment().get_template("faces.html.j2").render(
        faces=faces, title=title, css=css, bleed=faces[0][1].bleed if faces else 0,
        font_sizes=font_sizes, fs=size_class,
        sizes={name: size for size, name in sizes.items()},
        size_class=lambda use: sizes[(use.width, use.height)] + (
            " card-small" if use.width - 2 * use.bleed < SMALL_CARD_MM else ""),
        side_of=lambda face: "back" if face.fields.get("shared") or face.template.endswith(
            "-back") else "front")


def chrome_html(layout: SheetLayout, sheets: list[Sheet], title: str,
                flip: str = "long") -> str:
    """Cut marks and margin note, one page per kind of sheet (front, back, fold):
    rendered once, drawn under every sheet of that kind."""
    return _environment().get_template("chrome.html.j2").render(
        layout=layout, sheets=chrome_kinds(sheets), title=title, flip=flip,
        count=max((s.number for s in sheets), default=0))


def chrome_kinds(sheets: list[Sheet]) -> list[Sheet]:
    """One sheet of each look (kind, marks, note): each is rendered once."""
    first: dict[tuple, Sheet] = {}
    for sheet in sheets:
        first.setdefault(sheet.chrome, sheet)
    return list(first.values())


def plain_html(layout: SheetLayout, pages: list[Page], title: str) -> str:
    return _environment().get_template("plain.html.j2").render(
        layout=layout, pages=pages, title=title)


def page_html(template: str, paper: str, **fields) -> str:
    """A flowing document (a quick reference), not a card sheet."""
    return _environment().get_template(f"pages/{template}.html.j2").render(
        paper=paper, **fields)


class Rendered(NamedTuple):
    pdf: bytes
    overflows: list[Overflow]
    drawings: list[Drawing]  # data-art boxes drawn by recipe_art.py and text_art.py
    cached: bool = False  # taken from the cache


def render_htmls(htmls: list[str], cache_dir: Path | None = None,
                 workers: int | None = None) -> list[Rendered]:
    """Each HTML document -> Rendered, on all cores, through the cache."""
    results: list[Rendered | None] = []
    todo: list[int] = []
    for index, html in enumerate(htmls):
        hit = _cache_get(cache_dir, html)
        results.append(hit._replace(cached=True) if hit else None)
        if hit is None:
            todo.append(index)
    # longest first: the last documents to start are short, so both cores end together
    todo.sort(key=lambda index: -len(htmls[index]))
    workers = min(workers or cores(), len(todo)) if todo else 0
    if workers > 1:
        _card_stylesheet()  # imported and parsed once here, not in every worker
        if any("data-art" in htmls[i] for i in todo):
            metrics("regular"), metrics("bold")  # the fonts are read once here too
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(workers, mp_context=context, initializer=_worker_start) as pool:
            done = list(pool.map(render_one, [htmls[i] for i in todo]))
    else:
        done = [render_one(htmls[i]) for i in todo]
    for index, result in zip(todo, done):
        results[index] = result
        _cache_put(cache_dir, htmls[index], result)
    return [r for r in results if r]


def _worker_start() -> None:
    # A layout makes many short-lived objects; the collector's default pace spends
    # about 5 % of a worker's time on them. Objects inherited from the parent stay out
    # of its scans (and their memory pages stay shared).
    gc.freeze()
    gc.set_threshold(20_000, 50, 50)


def render_one(html: str) -> Rendered:
    """One HTML document -> its PDF, overflowing text boxes and drawings."""
    with warnings_from("weasyprint") as warnings:
        document = card_layout(html)
        overflows, drawings = measure(document)
        pdf = document.write_pdf()
    if warnings:
        raise PrintError("WeasyPrint reported:\n" + "\n".join(warnings))
    return Rendered(pdf, overflows, drawings)


CARDS_CSS_MARK = '<meta name="rulepress-stylesheet" content="cards.css">'


def card_layout(html: str, fast: bool = True):
    """The laid-out WeasyPrint document. A document whose head has CARDS_CSS_MARK (card
    faces, sheets, plain pages) is styled by cards.css, then by its own <style>: cards.css
    is given as a user stylesheet, so any rule of the document's own wins over it."""
    sheets = [_card_stylesheet()] if CARDS_CSS_MARK in html else []
    return card_document(html, fast).render(stylesheets=sheets)


@cache
def _card_stylesheet():
    from weasyprint import CSS  # type: ignore[import-untyped]

    return CSS(string=_cards_css_text(), base_url=str(TEMPLATES))


def card_document(html: str, fast: bool = True):
    """A WeasyPrint HTML document; `fast` parses with html_tree and applies only the
    browser defaults cards use (templates/ua.css): the same pages, rendered sooner."""
    from weasyprint import HTML

    # base_url is needed even with inline assets: without it WeasyPrint drops relative
    # URLs silently
    if not fast:
        return HTML(string=html, base_url=str(TEMPLATES))
    try:
        root = html_tree.parse(html)
    except html_tree.TreeError:
        return HTML(string=html, base_url=str(TEMPLATES))
    return _parsed_document_class()(root)


@cache
def _parsed_document_class():
    """weasyprint.HTML built from a parsed tree. HTML.__init__ only parses, so this
    sets what it would set; _ua_stylesheets is WeasyPrint's hook for the defaults."""
    import cssselect2  # type: ignore[import-untyped]
    from weasyprint import CSS, HTML
    from weasyprint.urls import URLFetcher, ensure_url  # type: ignore[import-untyped]

    defaults = CSS(string=_defaults_text())  # the same text the cache key holds

    class ParsedHTML(HTML):
        def __init__(self, root) -> None:  # noqa: super().__init__ would parse again
            self.base_url = ensure_url(str(TEMPLATES))  # as HTML(base_url=...) sets it
            self.url_fetcher = URLFetcher()
            self.media_type = "print"
            self.wrapper_element = cssselect2.ElementWrapper.from_html_root(
                root, content_language=None)
            self.etree_element = self.wrapper_element.etree_element

        def _ua_stylesheets(self, forms: bool = False) -> list:
            return [defaults]

    return ParsedHTML


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1


# --- cache: one PDF (+ its overflow list) per chunk, named by a hash of its inputs ---

def _key(html: str) -> str:
    import weasyprint

    digest = hashlib.sha256(f"weasyprint {weasyprint.__version__}\n".encode())
    digest.update(_defaults_text().encode("utf-8"))  # the browser defaults shape pages too
    digest.update(_cards_css_text().encode("utf-8"))  # and so does the cards' stylesheet
    digest.update(_output_code())
    digest.update(html.encode("utf-8"))
    return digest.hexdigest()[:32]


# Code that shapes a PDF after WeasyPrint: data-art drawings, their fonts, the imposition.
# Whole PDFs are cached through _key too (make.py), so a change there renders anew.
OUTPUT_CODE = ("measure.py", "art.py", "recipe_art.py", "text_art.py", "font_metrics.py",
               "pdf_font.py", "impose.py", "docinfo.py")


@cache
def _output_code() -> bytes:
    return b"".join((Path(__file__).parent / name).read_bytes() for name in OUTPUT_CODE)


@cache
def _defaults_text() -> str:
    return (TEMPLATES / "ua.css").read_text(encoding="utf-8")


@cache
def _cards_css_text() -> str:
    return (TEMPLATES / "cards.css").read_text(encoding="utf-8")


def _cache_get(cache_dir: Path | None, html: str) -> Rendered | None:
    if cache_dir is None:
        return None
    key = _key(html)
    pdf, meta = cache_dir / f"{key}.pdf", cache_dir / f"{key}.json"
    try:  # another build may prune the entry at any moment: then render it again
        saved = json.loads(meta.read_text(encoding="utf-8"))
        overflows = [Overflow(**o) for o in saved["overflows"]]
        drawings = [tuple(d) for d in saved["drawings"]]
        data = pdf.read_bytes()
        os.utime(pdf)  # marks it as used (see prune_cache)
    except (OSError, ValueError, TypeError, KeyError):
        return None
    return Rendered(data, overflows, drawings)


def _cache_put(cache_dir: Path | None, html: str, result: Rendered) -> None:
    if cache_dir is None:
        return
    cache_dir.mkdir(parents=True, exist_ok=True)
    key = _key(html)
    meta = {"overflows": [o.__dict__ for o in result.overflows], "drawings": result.drawings}
    # each file appears whole (written aside, then renamed), the meta last: an entry
    # counts only when both are there, even with builds running side by side
    for name, data in ((f"{key}.pdf", result.pdf), (f"{key}.json", json.dumps(meta).encode())):
        aside = cache_dir / f"{name}.{os.getpid()}.tmp"
        aside.write_bytes(data)
        os.replace(aside, cache_dir / name)


cache_get, cache_put = _cache_get, _cache_put  # also for whole PDFs (make.py)


def prune_cache(cache_dir: Path, older_than: float) -> None:
    """Drop entries not used since `older_than` (a time.time()), e.g. this build's start."""
    if not cache_dir.is_dir():
        return
    for pdf in cache_dir.glob("*.pdf"):
        if pdf.stat().st_mtime < older_than:
            pdf.unlink(missing_ok=True)
            pdf.with_suffix(".json").unlink(missing_ok=True)
