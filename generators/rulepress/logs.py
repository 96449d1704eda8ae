"""Warnings a library logs (WeasyPrint, MkDocs), caught so the build can report them."""

from __future__ import annotations

import logging
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def warnings_from(logger_name: str) -> Iterator[list[str]]:
    """Collects the logger's warnings and errors, one line each, while the block runs."""
    handler = _Lines()
    logger = logging.getLogger(logger_name)
    logger.addHandler(handler)
    try:
        yield handler.lines
    finally:
        logger.removeHandler(handler)


class _Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"  {record.levelname}: {record.getMessage()}")
