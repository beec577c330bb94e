"""The HARP attack's settings and numbers, for the exact odds (:mod:`estoc.odds.attack`).

The attack itself (JSL, fumble, OB − defence, the attack table, criticals) is the kernel's
(:func:`estoc.systems.harp.kernel.strike`), the one that play and simulation run.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal

import numpy as np

from estoc.systems.harp.tables import I64

BeyondLimit = Literal["cap", "uncapped", "second-attack"]
"""What an open-ended roll (first face 96+) does past the attack size's limit.

``cap`` is the rule; the text's optional rule lets the GM choose ``uncapped`` (the size limit is ignored, the
table's last row still caps) or ``second-attack`` (the excess over the limit is read again as a second attack).
"""


@dataclass(frozen=True)
class AttackSettings:
    """GM choices for attacks. Defaults are the rule text's."""

    beyond_limit: BeyondLimit = "cap"


DEFAULT_SETTINGS = AttackSettings()


@dataclass(frozen=True)
class AttackInputs:
    """One attack per world. Every field is an array of shape ``(W,)``.

    Attributes:
        ob: the attacker's final OB for this attack.
        defence: the target's defence score against it.
        table: attack table index.
        armour_type: the target's armour type, 1–10.
        size: attack size index (0 tiny … 3 large).
        fumble: the weapon's fumble range (a first face at or below it fumbles).
        critical: critical table index for the attack's criticals.
        extra_table: additional critical table index, ``-1`` for none.
        extra_severity: the additional critical's fixed severity 1–5, or 0 for the attack's own.
        crit_reduction: severities the target's size removes from the criticals it takes (Grande 1, Énorme 2).
        hits_factor: multiplies the table's hits, never the criticals' (Force Dévastatrice: 2).
    """

    ob: I64
    defence: I64
    table: I64
    armour_type: I64
    size: I64
    fumble: I64
    critical: I64
    extra_table: I64
    extra_severity: I64
    crit_reduction: I64
    hits_factor: I64

    @property
    def worlds(self) -> int:
        return int(self.ob.shape[0])

    def take(self, index: I64) -> AttackInputs:
        """The inputs of the worlds at ``index``."""
        return AttackInputs(**{f.name: getattr(self, f.name)[index] for f in fields(self)})

    @classmethod
    def broadcast(cls, worlds: int, **values: int | I64) -> AttackInputs:
        """Inputs for ``worlds`` worlds from scalars or arrays; ``extra_table`` defaults to none."""
        values.setdefault("extra_table", -1)
        values.setdefault("extra_severity", 0)
        values.setdefault("crit_reduction", 0)
        values.setdefault("hits_factor", 1)
        return cls(**{k: np.broadcast_to(np.asarray(v, dtype=np.int64), (worlds,)).copy() for k, v in values.items()})

