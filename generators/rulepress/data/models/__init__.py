"""Typed records, one module per game; `common` holds what every game shares."""
