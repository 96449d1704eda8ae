"""Asking the engine in tests: a request to one game, through the engine's one door.

    from asking import BRIKWARS
    ask, refused = BRIKWARS.answered, BRIKWARS.refused

`ask(engine_data, op="attack", ...)` then returns the answer and fails the test unless the
engine answered; `refused(...)` fails it unless the engine refused (never with a defect).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulepress.engine.query import answer


@dataclass(frozen=True)
class Game:
    name: str

    def ask(self, engine_data, **body) -> dict:
        """The response, answer or refusal."""
        return answer({"game": self.name, **body}, engine_data)

    def answered(self, engine_data, **body) -> dict:
        out = self.ask(engine_data, **body)
        assert out["ok"], out
        return out

    def refused(self, engine_data, **body) -> dict:
        out = self.ask(engine_data, **body)
        assert not out["ok"] and not out["error"].get("defect"), out
        return out


BRIKWARS = Game("brikwars")
DICE = Game("dice")
