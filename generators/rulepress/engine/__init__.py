"""The rules engine: pure Python, standard library only.

It ships to the browser as its own wheel and runs in Pyodide, so nothing in
this package may import YAML, Jinja, WeasyPrint, MkDocs or the data loader.
Game data reaches it as plain JSON-able dicts (see `query.answer`).
"""
