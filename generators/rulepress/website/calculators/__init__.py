"""Calculator pages: a form, a pre-computed default answer, and the engine in the browser.

Each calculator is a spec: its fields, a request template ("$field" stands for
the field's value) and how to show the answer. At build time the default
request is answered by the same `answer()` the browser will run, so the page
shows a real answer at first paint; assets/javascripts/calculators/ then asks the engine worker
(Pyodide) whenever an input changes, and keeps the inputs in the URL.
"""

from .model import Calculator, Column, Field, fill
from .pages import calculator_pages
from .specs import CALCULATORS

__all__ = ["CALCULATORS", "Calculator", "Column", "Field", "calculator_pages", "fill"]
