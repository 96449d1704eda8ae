"""Importers: turn an outside data file into committed YAML data files."""
