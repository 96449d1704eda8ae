"""Evil Robots pages: one per robot card, the robot index, and the starting-team odds."""

from __future__ import annotations

from html import escape

from ...data.models.evilrobots import Bot
from ...icons import credit, load_icons
from ..charts import bar_chart
from ..compare import compare_url
from ..filters import Row, facet_from_rows, slug
from ..links import LinkError
from ..odds import ask, fraction
from ..templating import markdown_text, render
from ..calc_links import calculator_link, links_html
from .context import Context

BOT = "evilrobots.bot"
FOLDERS = {BOT: "evilrobots/bots"}
BOT_INDEX = "evilrobots/bots/index.md"
KIND_MEANING = {
    "Permanent": "holds for the whole round",
    "Action": "used as your turn when your power is called",
    "Reaction": "used once, when its trigger happens, instead of your turn",
}


def pages(ctx: Context) -> dict[str, str]:
    icons = load_icons(ctx.project)
    bots = sorted(ctx.catalog.all(BOT), key=lambda b: b.name.lower())
    out = {}
    for i, bot in enumerate(bots):
        path = ctx.links.page(BOT, bot.id)
        neighbours = [bots[i - 1], bots[(i + 1) % len(bots)]]
        out[path] = render(
            "evilrobots/bot.md.j2", boost=ctx.search_boost(bot.name), bot=bot,
            compare=compare_url(path, FOLDERS[BOT], bot.id),
            prints=ctx.print_links(path, "evilrobots"), credit=credit([bot.icon]),
            icon=icons.svg(bot.icon, "rp-bot-icon"), calc_links=_calc_links(ctx, path, bot),
            meaning=KIND_MEANING[bot.kind], rules=_rule_links(ctx, bot),
            same_kind=[{"name": b.name, "link": ctx.links.md(path, BOT, b.id)}
                       for b in bots if b.kind == bot.kind and b.id != bot.id],
            neighbours=[{"name": b.name, "link": ctx.links.md(path, BOT, b.id)}
                        for b in neighbours],
            source=ctx.source_note(BOT, bot.id, bot.source))
    out[BOT_INDEX] = _index(ctx, bots, icons)
    return out


def _rule_links(ctx: Context, bot: Bot) -> list[str]:
    """Links to the rules sections a card touches (its `rules` field).

    Each entry is "<page>#<anchor>" for content/evilrobots/<page>.md. A missing
    page stops the build here; MkDocs' strict build checks the anchor.
    """
    links = []
    for target in bot.rules:
        page, _, anchor = str(target).partition("#")
        if not (ctx.project / "content" / "evilrobots" / f"{page}.md").is_file():
            raise LinkError(f"{ctx.links.page(BOT, bot.id)}: rules entry '{target}' names "
                            f"content/evilrobots/{page}.md, which does not exist")
        name = f"{page.replace('-', ' ').capitalize()}: {anchor.replace('-', ' ')}"
        links.append(f"[{markdown_text(name)}](../{page}.md#{anchor})")
    return links


def _index(ctx: Context, bots: list[Bot], icons) -> str:
    rows = []
    for bot in bots:
        link = ctx.links.url(BOT_INDEX, BOT, bot.id)
        rows.append(Row(
            cells=[icons.svg(bot.icon, "rp-bot-icon rp-small"),
                   f'<a href="{link}">{escape(bot.name)}</a>', escape(bot.kind),
                   escape(bot.ability)],
            sort=[bot.icon, "", "", ""],
            attrs={"kind": slug(bot.kind)}))
    facets = [facet_from_rows("kind", "Kind of card", rows,
                              {slug(k): k for k in KIND_MEANING})]
    headers = [{"label": h, "type": "text"} for h in ("Icon", "Robot", "Kind", "Ability")]
    table = render("table.html.j2", rows=rows, facets=facets, headers=headers, open_facets=1)
    return render("evilrobots/bot_index.md.j2", table=table, count=len(bots),
                  prints=ctx.print_links(BOT_INDEX, "evilrobots"),
                  credit=credit(bot.icon for bot in bots),
                  odds=_allegiance_odds(ctx))


def _calc_links(ctx: Context, path: str, bot: Bot) -> str:
    """The round scorer with this robot in the first player's hand (the other players as
    the scorer's own example, without robots)."""
    players = [{"name": "Ann", "power": 4, "team": "Good", "robot": bot.id},
               {"name": "Bo", "power": 9, "team": "Evil"},
               {"name": "Cy", "power": 2, "team": "Evil"}]
    return links_html([(f"the round scorer with {bot.name}",
                        calculator_link(path, "evilrobots-score", {"players": players},
                                        ctx.engine_data))])


def _allegiance_odds(ctx: Context) -> list[dict]:
    blocks = []
    for rule in ctx.catalog.all("evilrobots.allegiance_rule"):
        request = {"game": "evilrobots", "op": "allegiance_odds", "rule": rule.id}
        odds = ask(request, ctx.engine_data, BOT_INDEX)["odds"]
        rows = [(team, fraction(p)) for team, p in odds.items()]
        blocks.append({"svg": bar_chart(rows, f"{rule.name}: chance of each starting team"),
                       "caption": f"{rule.name}: the chance of starting on each team, "
                                  f"exact, from the engine's allegiance_odds."})
    return blocks
