"""The Jinja environment for page templates (website/templates/).

Templates only format view-models that the renderers build; no rules live in
them. Undefined names are errors, so a template typo fails the build.
"""

from __future__ import annotations

import re
from functools import cache
from html import escape
from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).parent / "templates"
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|#])")


def markdown_text(value: object) -> str:
    """Plain text made safe for Markdown: HTML-escaped, Markdown marks backslashed."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", escape(str(value), quote=False))


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        undefined=jinja2.StrictUndefined,
        autoescape=False,  # the output is Markdown; HTML parts use |e explicitly
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["md"] = markdown_text
    return env


def render(template: str, **view) -> str:
    return environment().get_template(template).render(**view)
