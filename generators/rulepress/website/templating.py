"""The Jinja environment for page templates (website/templates/), and data text.

Templates only format view-models that the renderers build; no rules live in
them. Undefined names are errors, so a template typo fails the build.

Every string from the data is shown as text, never read as markup: `data_text`
is the one way data text goes into a page (see content/reference/site.md,
"Data is text"). The page templates are Markdown with raw HTML blocks; the
filters `md`, `e` and `escape` all mean `data_text` there, so a value is safe
wherever a template puts it (a heading, a paragraph, a table cell, raw HTML or
an attribute). Data holds no rich text, so there is no allow-listed markup.
"""

from __future__ import annotations

import re
import string
from functools import cache
from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).parent / "templates"

# Marks that mean something to Markdown anywhere in a line (code, emphasis, links and
# images, raw HTML and entities, attr_list braces, table pipes, a heading's closing #),
# and quotes, become numeric character references: HTML and the browser show the mark,
# Markdown and attribute values see no mark at all. `~ ^ =` go too, should an extension
# that reads them ever be added. Other characters are left as they are.
_ALWAYS = "\\`*_[](){}<>&|#!\"'~^="
_TABLE = {ord(c): f"&#{ord(c)};" for c in _ALWAYS}
# Control characters would be invisible or (STX, ETX) collide with Python-Markdown's
# placeholders: shown as U+FFFD. Line breaks and tabs are whitespace, handled below.
_TABLE.update({c: "\ufffd" for c in (*range(0x20), 0x7f) if chr(c) not in "\t\n\r\f\v"})
# A line break could start a new Markdown block (an admonition, a list, a heading):
# every run of whitespace is one space, as HTML would show it anyway. So only the first
# characters of a value can start a block ("- ", "1. ", "??? ", ": "): a mark there is
# a reference too.
_SPACE = re.compile(r"[ \t\n\r\f\v]+")
_BLOCK_START = re.compile(r"^(\d*)([%s])" % re.escape(string.punctuation.replace("&", "")))


def data_text(value: object) -> str:
    """A value from the data as text for a page: HTML showing exactly these characters,
    which Markdown leaves alone, with each run of whitespace shown as one space."""
    text = _SPACE.sub(" ", str(value)).strip().translate(_TABLE)
    # (after translate, "&" only begins a reference: a mark encoded there already)
    return _BLOCK_START.sub(lambda m: f"{m.group(1)}&#{ord(m.group(2))};", text, count=1)


markdown_text = data_text  # the older name, for renderers that import it


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        undefined=jinja2.StrictUndefined,
        autoescape=False,  # the output is Markdown; data goes through data_text (above)
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    for name in ("md", "e", "escape", "text"):
        env.filters[name] = data_text
    return env


def render(template: str, **view) -> str:
    return environment().get_template(template).render(**view)
