// Search results say which game and what kind of page each is ("Cannon · BrikWars
// size-scaled weapon", "Cannon Fodder · BrikWars specialist"), read from the result's
// address. Only text is added (textContent), never markup.
(function () {
  "use strict";
  var GAMES = {buttonmen: "Button Men", evilrobots: "Evil Robots", brikwars: "BrikWars"};
  var KINDS = {
    "buttonmen/buttons": "button", "buttonmen/skills": "die skill",
    "evilrobots/bots": "robot", "brikwars/units": "unit", "brikwars/weapons": "weapon",
    "brikwars/scaled-weapons": "size-scaled weapon", "brikwars/specialists": "specialist",
    "brikwars/specialties": "specialty", "brikwars/structure-levels": "Structure Level",
    "brikwars/minds": "mind", "brikwars/propulsion": "propulsion",
    "brikwars/turrets": "turret", "brikwars/supernatural-dice": "SuperNatural die",
    "brikwars/cliches": "cliché", "brikwars/modifiers": "attack modifier",
    "brikwars/tables": "rule table",
  };
  var PLACES = {calculators: "calculator", reference: "reference", glossary: "glossary",
                print: "print and play"};

  var me = document.querySelector("script[src*='search-kinds']");
  var root = new URL("../../", me ? me.src : location.href).pathname;  // the site's root

  function kindOf(href) {
    var path = new URL(href, location.href).pathname;
    if (path.indexOf(root) !== 0) return "";
    var parts = path.slice(root.length).split("/").filter(Boolean);
    if (!parts.length) return "home";
    var game = GAMES[parts[0]];
    if (!game) return PLACES[parts[0]] || "";
    var kind = parts.length > 1 && KINDS[parts[0] + "/" + parts[1]];
    if (kind) return game + " " + (parts.length > 2 ? kind : kind + " list");
    return game + " rules";
  }

  function label(list) {
    list.querySelectorAll(".md-search-result__item > a").forEach(function (link) {
      var title = link.querySelector("article h1");
      if (!title || title.querySelector(".rp-search-kind")) return;
      var kind = kindOf(link.getAttribute("href"));
      if (!kind) return;
      var span = document.createElement("span");
      span.className = "rp-search-kind";
      span.textContent = " · " + kind;
      title.appendChild(span);
    });
  }

  var list = document.querySelector(".md-search-result__list");
  if (!list) return;
  new MutationObserver(function () { label(list); }).observe(list, {childList: true,
                                                                    subtree: true});
})();
