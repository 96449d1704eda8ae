"""Ctrl-C, remembered until it is acted on.

The CLI turns Ctrl-C into KeyboardInterrupt in the main process, but a library may swallow
it (a bare `except:`), and a build asked to stop would then go on and replace the site.
So the request is also noted here, and the build checks it between its steps and before
it publishes the new site.
"""

from __future__ import annotations

_requested = False


def request() -> None:
    """Ctrl-C was pressed (called from the signal handler)."""
    global _requested
    _requested = True


def clear() -> None:
    global _requested
    _requested = False


def check() -> None:
    """Raise KeyboardInterrupt if Ctrl-C was pressed and not yet acted on."""
    if _requested:
        raise KeyboardInterrupt
