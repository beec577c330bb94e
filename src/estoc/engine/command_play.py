"""The parts of a :class:`~estoc.engine.protocol.FightSystem` that follow from a system's words and its renderer:
parsing a line, listing the commands, telling records, the state and the summary. The d100 and One Ring systems are
built on it; each gives its ``words`` module (``parse``, ``to_event``, ``commands``) and its ``render`` module
(``narrate_record``, ``summary_lines``); each tells its own board (``status_lines``)."""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any

from estoc.engine.protocol import Fight
from estoc.engine.words import all_used, tracker_request
from estoc.i18n import pick


class CommandPlay:
    words: ModuleType
    render: ModuleType

    def parse(self, line: str, fight: Fight) -> dict[str, Any]:
        request = self.words.parse(line)
        verb = tracker_request(request)
        if verb is not None:
            return verb
        event = self.words.to_event(request)
        all_used(request)  # (a word the command did not read is refused, not dropped)
        return {"command": request["command"], "event": event}

    def commands(self) -> list[tuple[str, str, str]]:
        return [(c.en, c.fr, f"{c.args}  {c.help}".strip()) for c in self.words.commands()]

    def narrate(self, record: Mapping[str, Any], fight: Fight, veiled: frozenset[str] = frozenset()) -> list[str]:
        names = {c.id: pick(c.name) for c in getattr(fight, "combatants", [])}
        lines: list[str] = self.render.narrate_record(record, names, veiled=veiled)
        return lines

    def summary_lines(self, fight: Fight) -> list[str]:
        lines: list[str] = self.render.summary_lines(fight.summary())
        return lines
