"""Progress lines for long steps: a callable that takes one line of text."""

from typing import Callable

Progress = Callable[[str], None]
