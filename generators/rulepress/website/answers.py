"""The engine's answers for the pages, kept from one build to the next.

Pages show the engine's own answers, asked at build time (odds.py, calc_links.py, the
calculators' first answers…): about 2,400 questions, a few seconds. A rebuild asks the same
questions of the same engine about the same data, so while the website is built (`kept`)
each answer is also written to a file in the build cache named by a digest of the engine's
source files and of the engine data; the next build with both unchanged reads the answers
from there. Any change to either makes a new file (older ones are deleted after a day).
Answers are JSON (the query protocol), so a kept one is the same as a new one, and every
answer goes through JSON in both cases.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from contextlib import contextmanager
from pathlib import Path

from ..engine import query
from ..project import cache_folder

CACHE_VARIABLE = "RULEPRESS_ANSWER_CACHE"
KEEP_SECONDS = 86400
ENGINE = Path(query.__file__).resolve().parent


class _Kept:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.paths: dict[int, tuple[dict, Path]] = {}  # id(data) -> (data, its file)
        self.answers: dict[Path, dict[str, str]] = {}  # file -> request JSON -> response JSON
        self.added: set[Path] = set()

    def answers_for(self, data: dict) -> tuple[Path, dict[str, str]]:
        """The kept answers about `data` (equal data: the same answers), and their file."""
        known = self.paths.get(id(data))
        if known is None or known[0] is not data:
            digest = hashlib.sha256(_engine_digest().encode())
            digest.update(json.dumps(data, sort_keys=True).encode())
            known = self.paths[id(data)] = (data, self.folder / f"{digest.hexdigest()[:16]}.json")
        path = known[1]
        if path not in self.answers:
            try:
                self.answers[path] = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                self.answers[path] = {}
        return path, self.answers[path]

    def save(self) -> None:
        for path, answers in self.answers.items():
            if path in self.added:
                path.parent.mkdir(parents=True, exist_ok=True)
                part = path.with_name(f"{path.name}-{os.getpid()}.part")  # builds side by side
                part.write_text(json.dumps(answers, separators=(",", ":")), encoding="utf-8")
                part.replace(path)
            elif path.is_file():
                os.utime(path)  # in use: not pruned
        for old in self.folder.glob("*.json") if self.folder.is_dir() else ():
            if time.time() - old.stat().st_mtime > KEEP_SECONDS:
                old.unlink(missing_ok=True)


_kept: _Kept | None = None


@contextmanager
def kept(project: Path):
    """Within this block, answer() keeps its answers in the project's build cache."""
    global _kept
    _kept = _Kept(cache_folder(project, "answers", CACHE_VARIABLE))
    try:
        yield
        _kept.save()
    finally:
        _kept = None


def answer(request: dict, data: dict) -> dict:
    """query.answer(request, data); within `kept`, from the cache when it has it."""
    if _kept is None:
        return query.answer(request, data)
    path, answers = _kept.answers_for(data)
    key = json.dumps(request, sort_keys=True, separators=(",", ":"))
    text = answers.get(key)
    if text is None:
        text = answers[key] = json.dumps(query.answer(request, data), separators=(",", ":"))
        _kept.added.add(path)
    return json.loads(text)


def _engine_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted(ENGINE.rglob("*.py")):
        digest.update(path.relative_to(ENGINE).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()
