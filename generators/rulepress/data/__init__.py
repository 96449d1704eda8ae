"""Game data: read YAML, validate into typed records, hand out a Catalog.

Build-time only (PyYAML, pydantic); the engine never imports this package.
"""
