"""Each verb's help line and description come from its module's docstring (cli.py)."""

from __future__ import annotations

import importlib

from rulepress.cli import command_texts
from rulepress.commands import COMMANDS


def test_every_verb_says_what_it_does_in_its_docstring():
    for name in COMMANDS:
        doc = importlib.import_module(f"rulepress.commands.{name}").__doc__ or ""
        assert doc.startswith(f"`rulepress {name.replace('_', '-')}"), name
        help_line, description = command_texts(doc)
        assert help_line and not help_line.endswith(".") and "`" not in help_line, name
        assert len(description) > len(help_line), name


def test_the_texts_are_the_first_two_paragraphs():
    doc = """`rulepress demo X`: do a thing
    over two lines.

    The description,
    reflowed.

    Notes for developers."""
    assert command_texts(doc) == ("do a thing over two lines", "The description, reflowed.")
