"""The rules a stored fight was played under, and the check that a replay still reaches the states it had.

A fight is stored as commands with their faces; its state is their fold under the rules of the estoc that replays
them. A rule fixed between two sessions would otherwise change a stored fight silently. So each stored command
carries a *stamp* of the rules it was decided under and a digest of the state it led to:

- the stamp is ``<estoc version>+<digest>``, the digest covering the system's rules code (every ``.py`` and ``.pxd``
  of ``systems/<id>/`` and of ``engine/``, the kernel's sources among them) and the system's content records as
  loaded (the shipped ones and the user's own, by value: a reformatted file with the same values is the same rules);
- the state digest is that of the fight's ``view()`` (what the board and the screens show) after the command.

When a fight is loaded, every command stored under another stamp is checked: its replayed state must have the
stored digest. :class:`RulesCheck` tells what was found: the same rules, other rules that replay to the same states,
other rules and the first command whose state differs, or commands stored before estoc recorded its rules.

Choice: the view is the state's digest rather than the kernel's raw fields because it is what every system has and
what a GM sees; a new estoc that adds a field to a view reports a difference that is only one of presentation
(said in the message: "differs", never "is wrong").
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from estoc import __version__
from estoc.content.registry import Content
from estoc.engine.protocol import Fight
from estoc.errors import StoreError
from estoc.i18n import _

__all__ = ["RULES_KEY", "STATE_KEY", "RulesCheck", "rules_stamp", "state_digest"]

RULES_KEY = "rules"
"""The key of a stored command that holds the stamp of the rules it was decided under."""
STATE_KEY = "state"
"""The key of a stored command that holds the digest of the state it led to."""


@cache
def _code_digest(system_id: str) -> str:
    """The digest of a system's rules code and of the engine it stands on (read once per process)."""
    h = hashlib.sha256()
    for package in (f"estoc.systems.{system_id}", "estoc.engine"):
        folder = Path(str(resources.files(package)))
        for path in sorted(p for p in folder.iterdir() if p.suffix in (".py", ".pxd") and p.is_file()):
            h.update(f"{package}/{path.name}\0".encode() + path.read_bytes() + b"\0")
    return h.hexdigest()


def _content_digest(system_id: str, content: Content) -> str:
    h = hashlib.sha256()
    for (system, kind), records in sorted(content.records.items()):
        if system != system_id:
            continue
        for record_id, item in sorted(records.items()):
            h.update(f"{kind}/{record_id}\0".encode() + item.record.model_dump_json().encode() + b"\0")
    return h.hexdigest()


def rules_stamp(system_id: str, content: Content) -> str:
    """``<estoc version>+<12 hex digits>``: the rules a fight of ``system_id`` is played under with ``content``.

    The content's part is computed once per registry and system (kept in the registry itself, which forgets it
    when records are added; a cache keyed by the registry's ``id()`` would hand a new registry an old one's).
    """
    records = content.digests.get(system_id)
    if records is None:
        records = content.digests[system_id] = _content_digest(system_id, content)
    h = hashlib.sha256(f"{_code_digest(system_id)}|{records}".encode())
    return f"{__version__}+{h.hexdigest()[:12]}"


def state_digest(fight: Fight) -> str:
    """16 hex digits of the fight's view: what a replay must reach again after the same command."""
    text = json.dumps(fight.view(), sort_keys=True, ensure_ascii=False, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass
class RulesCheck:
    """What loading a stored fight found about the rules its commands were played under.

    Attributes:
        current: the stamp of the rules this estoc plays under.
        others: the other stamps found among the commands in effect, in the order first met.
        unstamped: how many commands in effect were stored before estoc recorded its rules.
        differs_at: the ``seq`` of the first command, stored under other rules, whose replayed state differs from
            the stored one (``None``: none differs).
        differs_what: that command as the GM typed it (or its type).
    """

    current: str
    others: list[str]
    unstamped: int = 0
    differs_at: int | None = None
    differs_what: str = ""

    @property
    def same(self) -> bool:
        """Every command was stored under the rules this estoc plays under."""
        return not self.others and not self.unstamped

    def see(self, event: Mapping[str, Any], fight: Fight) -> None:
        """Check one stored command in effect against the state its replay reached (``fight``, after it)."""
        stamp = event.get(RULES_KEY)
        if not isinstance(stamp, str):
            self.unstamped += 1
            return
        if stamp == self.current:
            return
        if stamp not in self.others:
            self.others.append(stamp)
        stored = event.get(STATE_KEY)
        if self.differs_at is None and stored != state_digest(fight):
            self.differs_at = int(event.get("seq") or 0)
            self.differs_what = str(event.get("line") or event.get("type") or "?")

    def refused(self, event: Mapping[str, Any], error: StoreError) -> StoreError:
        """The error for a stored command that no longer replays: under other rules, it says which."""
        stamp = event.get(RULES_KEY)
        if not isinstance(stamp, str) or stamp == self.current:
            return error
        return StoreError(_("this fight was stored under other rules ({stored}): under today's ({current}), it "
                            "no longer replays from command {seq} ({what}) on: {error}; play it on with the estoc it "
                            "was stored by").format(
                                stored=stamp, current=self.current, seq=event.get("seq", "?"),
                                what=event.get("line") or event.get("type") or "?", error=error.message))

    def message(self) -> str | None:
        """What the GM should know, in the user's language; ``None`` when the rules are the same."""
        if self.same:
            return None
        if not self.others:
            return _("this fight was stored by an estoc that did not record its rules ({count} commands): it is "
                     "replayed under today's rules ({current}), unchecked").format(
                         count=self.unstamped, current=self.current)
        stored = ", ".join(self.others)
        if self.differs_at is None:
            return _("this fight was stored under other rules ({stored}); replayed under today's ({current}), it "
                     "reaches every stored state again").format(stored=stored, current=self.current)
        return _("this fight was stored under other rules ({stored}); replayed under today's ({current}), it "
                 "differs from the stored fight from command {seq} ({what}) on").format(
                     stored=stored, current=self.current, seq=self.differs_at, what=self.differs_what)
