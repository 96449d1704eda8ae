"""The browser bundle: the engine as its own wheel, Pyodide's runtime, the engine data.

Calculator pages run the very same `rulepress.engine.query.answer` in Pyodide
inside a module Web Worker (site_overrides/assets/javascripts/engine/).
"""
