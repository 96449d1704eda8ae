// Search results say which game and what kind of page each is ("Cannon · BrikWars
// size-scaled weapon", "Cannon Fodder · BrikWars specialist"), read from the result's
// address. Only text is added (textContent), never markup.
const GAMES = { buttonmen: "Button Men", evilrobots: "Evil Robots", brikwars: "BrikWars" };
const KINDS = {
  "buttonmen/buttons": "button",
  "buttonmen/skills": "die skill",
  "evilrobots/bots": "robot",
  "brikwars/units": "unit",
  "brikwars/weapons": "weapon",
  "brikwars/scaled-weapons": "size-scaled weapon",
  "brikwars/specialists": "specialist",
  "brikwars/specialties": "specialty",
  "brikwars/structure-levels": "Structure Level",
  "brikwars/minds": "mind",
  "brikwars/propulsion": "propulsion",
  "brikwars/turrets": "turret",
  "brikwars/supernatural-dice": "SuperNatural die",
  "brikwars/cliches": "cliché",
  "brikwars/modifiers": "attack modifier",
  "brikwars/tables": "rule table",
};
const PLACES = {
  calculators: "calculator",
  reference: "reference",
  glossary: "glossary",
  print: "print and play",
};

const root = new URL("../../../", import.meta.url).pathname; // the site's root (this file: assets/javascripts/search/)

function kindOf(href) {
  const path = new URL(href, location.href).pathname;
  if (path.indexOf(root) !== 0) return "";
  const parts = path.slice(root.length).split("/").filter(Boolean);
  if (!parts.length) return "home";
  const game = GAMES[parts[0]];
  if (!game) return PLACES[parts[0]] || "";
  const kind = parts.length > 1 && KINDS[parts[0] + "/" + parts[1]];
  if (kind) return game + " " + (parts.length > 2 ? kind : kind + " list");
  return game + " rules";
}

function label(list) {
  list.querySelectorAll(".md-search-result__item > a").forEach((link) => {
    const title = link.querySelector("article h1");
    if (!title || title.querySelector(".rp-search-kind")) return;
    const kind = kindOf(link.getAttribute("href"));
    if (!kind) return;
    const span = document.createElement("span");
    span.className = "rp-search-kind";
    span.textContent = " · " + kind;
    title.appendChild(span);
  });
}

const list = document.querySelector(".md-search-result__list");
if (list) new MutationObserver(() => label(list)).observe(list, { childList: true, subtree: true });
