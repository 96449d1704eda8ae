"""rulepress: YAML game data -> rules website, print-and-play PDFs, exact odds calculators."""

__version__ = "0.1.0"
