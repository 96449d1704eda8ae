"""Data text is inert: hostile text in every free-text field shows as written, runs nothing.

One website is built per test module from a copy of the data in which every free-text
field of every kind (names, summaries, effects, rules, notes, reasons, sets, titles…)
ends with tests/hostile_data.PAYLOAD: script and markup, Markdown blocks behind line
breaks, attr_list attributes, Jinja, entities, CDATA ends and backticks. Only the website
step runs (no PDFs, no engine bundle), on about 60 records of each kind, so the build
stays short. Every page is scanned for injected markup; one page of each kind, the
indexes, the sources page, calculators, search and the applet are opened in Chromium
with a dialog handler. The PDFs' HTML is checked from the same data.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest

from browser import serve_folder
from conftest import copy_project
from hostile_data import PAYLOAD, inject
from rulepress.cards.decks.army import page_cards
from rulepress.data.catalog import Catalog
from rulepress.data.kinds import KINDS
from rulepress.data.load import load_catalog
from rulepress.handoff import PrintManifest
from rulepress.website.build import build_website

ALSO = frozenset({"aysez", "friend-computer", "agent-orange", "warrior", "shadow"})
# generated pages that show no data text: the Play page has the button names only in its
# suggestions (a <datalist>'s values) and in its JSON, as a calculator has
NO_DATA_TEXT = {"print", "calculators", "buttonmen/play"}
MOST = 60  # records of one kind that get the payload (all of them in smaller kinds)


def visible(text: str) -> str:
    """Text as a reader sees it: whitespace runs as one space, control characters gone
    (a page shows them as U+FFFD or not at all)."""
    return " ".join(re.sub(r"[\x00-\x08\x0e-\x1f\x7f\ufffd]", "", text).split())


SHOWN = visible(PAYLOAD)


@dataclass
class Hostile:
    project: Path
    catalog: Catalog
    site: Path
    changed: list[tuple[str, str, str]]

    def name(self, kind: str, record_id: str) -> str:
        return self.catalog.get(kind, record_id).name


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Hostile:
    project = copy_project(tmp_path_factory.mktemp("hostile"))
    changed = inject(project, most=MOST, also=ALSO)
    catalog = load_catalog(project)
    site = project / "site"
    # the print step's hand-over to the army builder (its card faces), without the PDFs
    build_website(project, catalog, site, lambda line: None,
                  PrintManifest.none_made(army_cards=page_cards(project, catalog)))
    return Hostile(project, catalog, site, changed)


@pytest.fixture(scope="module")
def hostile_url(hostile):
    with serve_folder(hostile.site) as url:
        yield url


def test_every_kind_of_text_field_gets_the_payload(hostile):
    """The fixture reaches every kind of record and the fields that pages show."""
    kinds = {kind for kind, _, _ in hostile.changed}
    assert kinds == {k.key for k in KINDS}
    fields = {(kind, re.sub(r"\[\d+\]", "[]", path)) for kind, _, path in hostile.changed}
    for expected in [("buttonmen.button", "name"), ("buttonmen.button", "set"),
                     ("buttonmen.skill", "summary"), ("buttonmen.skill", "rules[]"),
                     ("buttonmen.skill", "bmo_notation"), ("buttonmen.skill", "source.section"),
                     ("evilrobots.bot", "ability"), ("evilrobots.bot", "scoring.note"),
                     ("evilrobots.action", "summary"), ("brikwars.item", "effect"),
                     ("brikwars.item", "damage.note"), ("brikwars.specialist", "summary"),
                     ("brikwars.specialty", "rule"), ("brikwars.unit", "conflicts[].why"),
                     ("source", "title")]:
        assert expected in fields, expected


class _Scan(HTMLParser):
    """Collects what must never come from data text, and the page's text."""

    def __init__(self) -> None:
        super().__init__()
        self.bad: list[str] = []
        self.text: list[str] = []
        self.h1 = 0
        self.open: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        for key, value in attrs:
            if key.startswith("on"):
                self.bad.append(f"<{tag} {key}>")
            if key in ("href", "src", "action", "formaction", "xlink:href") and \
                    (value or "").strip().lower().startswith("javascript:"):
                self.bad.append(f"<{tag} {key}={value}>")
        if tag in ("img", "iframe", "object", "embed") and found.get("src") in ("x", None):
            self.bad.append(f"<{tag} src={found.get('src')}>")
        if "danger" in (found.get("class") or "").split():
            self.bad.append(f"<{tag} class=danger> (an injected admonition)")
        self.h1 += tag == "h1"
        if tag not in ("br", "img", "input", "meta", "link", "hr", "wbr"):
            self.open.append((tag, found))

    def handle_endtag(self, tag):
        while self.open:
            if self.open.pop()[0] == tag:
                break

    def handle_data(self, data):
        if self.open and self.open[-1][0] in ("script", "style"):
            tag, attrs = self.open[-1]
            if tag == "script" and attrs.get("type") == "application/json":
                if "<" in data:  # could end the script element early
                    self.bad.append("'<' inside a JSON script")
            elif "alert" in data or "display:none" in data:
                self.bad.append(f"<{tag}> from data: {data[:60]!r}")
            return
        self.text.append(data)


def _scan(path: Path) -> _Scan:
    scan = _Scan()
    scan.feed(path.read_text(encoding="utf-8"))
    scan.close()
    return scan


def test_no_page_has_markup_from_data_and_every_generated_page_shows_it(hostile):
    docs = hostile.project / "build" / "docs"
    shows_payload, bad = set(), {}
    for page in sorted(hostile.site.rglob("*.html")):
        scan = _scan(page)
        where = page.relative_to(hostile.site).parent.as_posix()
        if scan.bad or scan.h1 > 1:
            bad[where] = scan.bad[:3] + [f"{scan.h1} h1 elements"]
        if SHOWN in visible(" ".join(scan.text)):
            shows_payload.add(where)
    assert bad == {}
    # every generated page that shows data (entity pages, indexes, sources) shows it as text
    generated = {p.relative_to(docs) for p in docs.rglob("*.md")
                 if not (hostile.project / "content" / p.relative_to(docs)).exists()}
    expected = {p.with_suffix("").as_posix().removesuffix("index").rstrip("/")
                for p in generated}
    expected -= NO_DATA_TEXT | {e for e in expected if e.startswith("calculators/")}
    expected |= {"calculators/brikwars-attack"}  # its selects; the others draw theirs
    assert expected - shows_payload == set()
    assert len(expected) > 150


def test_search_index_holds_data_text_escaped(hostile):
    index = json.loads((hostile.site / "search" / "search_index.json").read_text("utf-8"))
    entries = [e for e in index["docs"] if e["location"].startswith("buttonmen/buttons/aysez/")]
    assert entries
    for entry in index["docs"]:
        for field in ("title", "text"):
            # the index holds HTML: data may only appear escaped in it
            assert not re.search(r"<(script|img|svg|a|style|iframe)\b", entry[field]), entry
    assert "Aysez&lt;/title&gt;&lt;script&gt;" in entries[0]["title"]


def test_calculator_json_carries_data_text_exactly(hostile):
    html = (hostile.site / "calculators" / "brikwars-attack" / "index.html").read_text("utf-8")
    spec_text = re.search(r'<script type="application/json" class="rp-calc__spec">(.*?)</script>',
                          html, re.S).group(1)
    labels = [label for field in json.loads(spec_text)["fields"]
              for _, label in field.get("options", [])]
    assert any(label.endswith(" " + PAYLOAD) for label in labels)


def _page_state(page) -> dict:
    return page.evaluate("""() => {
      const bad = [];
      for (const el of document.querySelectorAll("*")) {
        for (const a of el.attributes) if (a.name.startsWith("on")) bad.push(`${el.tagName} ${a.name}`);
        if (el.matches('img[src="x"], .admonition.danger, a[href^="javascript:"], iframe'))
          bad.push(el.outerHTML.slice(0, 80));
      }
      for (const s of document.scripts)
        if (!s.src && s.type !== "application/json" && s.textContent.includes("alert")) bad.push("inline script");
      const h1 = [...document.querySelectorAll("article h1")].map((h) => h.innerText.replace(/¶$/, ""));
      const options = [...document.querySelectorAll("option")].map((o) => o.text).join(" ");
      return { bad, title: document.title, h1, text: document.body.innerText + " " + options };
    }""")


def _open(page, url: str) -> dict:
    page.goto(url)
    page.wait_for_load_state("networkidle")
    for selector in ("article h1", "article p", "article td", "article li"):
        target = page.locator(selector).first
        if target.count():
            target.hover()  # an injected onmouseover would run now
    return _page_state(page)


def _pages(hostile) -> list[tuple[str, str | None]]:
    """(path, kind:id whose name is the page's h1) for one page of every kind and more."""
    pages = [("buttonmen/buttons/aysez/", "buttonmen.button:aysez"),
             ("buttonmen/buttons/agent-orange/", "buttonmen.button:agent-orange"),
             ("buttonmen/skills/warrior/", "buttonmen.skill:warrior"),
             ("buttonmen/skills/shadow/", "buttonmen.skill:shadow"),
             ("evilrobots/bots/badbot/", "evilrobots.bot:badbot")]
    for kind, folder in (("brikwars.unit", "units"), ("brikwars.item", "weapons"),
                         ("brikwars.scaled_weapon", "scaled-weapons"),
                         ("brikwars.specialist", "specialists"),
                         ("brikwars.specialty", "specialties")):
        first = hostile.catalog.all(kind)[0].id
        pages.append((f"brikwars/{folder}/{first}/", f"{kind}:{first}"))
    pages += [(f"{index}/", None) for index in (
        "buttonmen/buttons", "buttonmen/skills", "evilrobots/bots", "brikwars/units",
        "brikwars/weapons", "brikwars/scaled-weapons", "brikwars/specialists",
        "brikwars/specialties", "reference/sources", "calculators/brikwars-attack",
        "calculators/evilrobots-score")]
    return pages


def test_pages_in_chromium_run_nothing_and_show_the_text(hostile, hostile_url, page):
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    problems = {}
    for path, record in _pages(hostile):
        state = _open(page, hostile_url + path)
        found = list(state["bad"])
        if SHOWN not in visible(state["text"]):
            found.append("the payload is not shown as text")
        if record:
            kind, record_id = record.split(":")
            name = visible(hostile.name(kind, record_id))
            if [visible(h) for h in state["h1"]] != [name]:
                found.append(f"h1 is {state['h1']!r}")
            if not visible(state["title"]).startswith(name):
                found.append(f"title is {state['title']!r}")
        if found:
            problems[path] = found
    assert dialogs == []
    assert problems == {}


def test_army_print_view_shows_card_text_as_text(hostile_url, page):
    """The army builder's printed stat cards (the Hero's summary carries the payload)."""
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.add_init_script("window.print = () => { window.__printed = 1; };")
    page.goto(hostile_url + "calculators/army/")
    page.locator("#rp-army-rows tr").first.wait_for(timeout=10000)
    page.locator("#rp-army-print").click()
    page.wait_for_function("window.__printed === 1", timeout=30000)
    state = _page_state(page)
    shown = visible(page.locator("#rp-print").evaluate("e => e.textContent"))
    assert page.locator("#rp-print .card").count() >= 2  # the Hero's and the Minifigs'
    assert SHOWN in shown
    assert state["bad"] == [] and dialogs == []


def test_search_results_show_data_text_and_run_nothing(hostile_url, page):
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(hostile_url)
    page.wait_for_load_state("networkidle")
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially("Aysez", delay=10)
    first = page.locator(".md-search-result__item h1").first
    first.wait_for(timeout=60000)
    assert visible(first.inner_text()).startswith("Aysez " + SHOWN[:40])
    first.hover()
    state = _page_state(page)
    assert state["bad"] == [] and dialogs == []


def test_warrior_backtick_letter_opens_no_code_span(hostile_url, page):
    """Warrior's recipe letter is a backtick: it is shown, in its own code element."""
    page.goto(hostile_url + "buttonmen/skills/warrior/")
    codes = page.locator("article code").all_inner_texts()
    assert codes[0] == "`"
    assert "`(12)" in codes
    line = page.locator("article p").filter(has_text="recipe letter").first.inner_text()
    assert line.startswith("Die skill · recipe letter ` · Button Men Online writes `")


def test_applet_shows_robot_text_as_written(hostile, hostile_url, page):
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(hostile_url + "evilrobots/applet/")
    page.locator("#er-solo").click()
    name = page.locator("#er-robot-name").inner_text()
    ability = page.locator("#er-robot-ability").inner_text()
    bots = hostile.catalog.all("evilrobots.bot")
    bot = next(b for b in bots if visible(b.name) == visible(name))
    assert visible(ability) == visible(bot.ability)
    page.locator("#er-info").click()
    state = _page_state(page)
    assert SHOWN in visible(state["text"])
    assert state["bad"] == [] and dialogs == []


def test_print_html_keeps_data_text_as_text(hostile):
    """The PDFs are made from HTML (Jinja with autoescape): data stays text there too."""
    from rulepress.cards.compose import PrintSettings
    from rulepress.cards.make import BUILDERS, plan, product

    with_text = set()
    for name in BUILDERS:
        item = product(hostile.project, hostile.catalog, name)
        if item is None:
            continue
        for html in plan(item, PrintSettings(), cache_dir=None).htmls:
            scan = _Scan()
            scan.feed(html)
            scan.close()
            assert scan.bad == [], (name, scan.bad[:3])
            # text_art draws some boxes from JSON in data-art attributes: decoded there
            arts = " ".join(json.dumps(json.loads(a)) for a in re.findall(
                r"data-art='([^']*)'", html))
            if SHOWN in visible(" ".join(scan.text)) or "Aysez</title>" in arts:
                with_text.add(name)
    assert {"evilrobots-cards", "buttonmen-cards"} <= with_text


def test_preview_cards_and_the_compare_page_show_data_text_as_written(hostile_url, page):
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(hostile_url + "buttonmen/skills/shadow/")
    link = page.locator(".md-content a[href$='/buttons/aysez/']").first
    link.hover()
    page.wait_for_selector(".rp-preview:not([hidden])")
    card = page.locator(".rp-preview")
    assert SHOWN in visible(card.text_content())
    assert card.locator("*").evaluate_all(
        "els => els.map(e => e.tagName).filter(t => !['P', 'DL', 'DT', 'DD'].includes(t))") == []
    state = _page_state(page)
    assert state["bad"] == []

    page.goto(hostile_url + "calculators/compare/?kind=buttons&a=aysez&b=agent-orange")
    page.wait_for_selector(".rp-compare__side tbody tr")
    state = _page_state(page)
    assert state["bad"] == []
    assert SHOWN in visible(page.locator(".rp-compare__side").inner_text())
    assert SHOWN in visible(state["text"])
    assert dialogs == []
