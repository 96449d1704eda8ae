// ESLint for the site's scripts (site_overrides/assets/javascripts/), their Node unit tests
// (tests/frontend/) and the build's Node scripts. `make test` runs it (tests/frontend/
// test_lint.py); Prettier (.prettierrc.json) owns the layout, ESLint the rest.
import js from "@eslint/js";
import globals from "globals";

const SCRIPTS = "site_overrides/assets/javascripts";

export default [
  { ignores: ["node_modules/", "site/", ".site-builds/", "build/", ".venv/", ".cache/"] },
  js.configs.recommended,
  {
    // one dialect: ES2022 modules for the browser
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    rules: {
      "no-var": "error",
      "prefer-const": "error",
      "prefer-arrow-callback": "error",
      "object-shorthand": "error",
      "arrow-body-style": ["error", "as-needed"],
      "one-var": ["error", "never"],
      eqeqeq: ["error", "always"],
      "no-implicit-globals": "error",
      "no-unused-vars": ["error", { caughtErrors: "none" }],
      // One escaping path: markup only through lit-html templates (shared/html.js); text
      // through textContent. Nothing parses a string as HTML.
      "no-restricted-properties": [
        "error",
        { property: "innerHTML", message: "Use a lit-html template (shared/html.js) or textContent." },
        { property: "outerHTML", message: "Use a lit-html template (shared/html.js) or textContent." },
        { property: "insertAdjacentHTML", message: "Use append() from shared/html.js." },
        { object: "document", property: "write", message: "Build nodes instead." },
      ],
    },
  },
  {
    // Material's theme (document$) on the pages
    files: [`${SCRIPTS}/**/*.js`],
    languageOptions: { globals: { document$: "readonly" } },
  },
  {
    // Scripts the platform runs as classic scripts, not modules: the search hold-back runs
    // before the theme's bundle (a module would run after it), Material starts its search
    // worker as a classic worker, and the service worker is registered as a classic one.
    files: [`${SCRIPTS}/search/search-on-demand.js`],
    languageOptions: { sourceType: "script" },
  },
  {
    // a worker's top-level names are its own global scope's, not the page's
    files: [`${SCRIPTS}/search/search-worker.js`],
    languageOptions: { sourceType: "script", globals: globals.worker },
    rules: { "no-implicit-globals": "off" },
  },
  {
    files: [`${SCRIPTS}/offline/service-worker.js`],
    languageOptions: { sourceType: "script", globals: globals.serviceworker },
    rules: { "no-implicit-globals": "off" },
  },
  {
    files: [`${SCRIPTS}/engine/*.mjs`],
    languageOptions: { globals: globals.worker },
  },
  {
    // Node: the unit tests, the build's Pyodide scripts, the benches, this file
    files: ["tests/**/*.js", "tests/**/*.mjs", "generators/**/*.mjs", "bench/**/*.mjs", "eslint.config.js"],
    languageOptions: { globals: globals.node },
  },
];
