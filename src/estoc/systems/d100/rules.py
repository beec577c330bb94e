"""What the d100 kernel reads from the content, named for Python: the attacks and defences table, the names of the
kernel's qualities and results, and the numbers a character sheet derives (hit points, armour penalties).

Every rule of an exchange and of a fight (qualities of a roll, Difficult and range, defences, damage, armour, wounds)
is the kernel's (:mod:`estoc.systems.d100.kernel`): the ``attack`` command and the exact odds call it too
(:func:`estoc.systems.d100.exchange.prepare`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from estoc.systems.d100.codes import KernelNames, KernelTable

QUALITIES = KernelTable("qualities")
"""The kernel's codes for the quality of a roll (``Q_*``); ``none``: no defence was tried."""
QUALITY_NAMES = KernelNames(QUALITIES)
RESULTS = KernelTable("results")
"""The kernel's codes for the result of an attack once its defence is known (``R_*``)."""
RESULT_NAMES = KernelNames(RESULTS)
_CODE_NAMES = {"SPECIAL": (QUALITIES, "special"), "SUCCESS": (QUALITIES, "success"),
               "FAILURE": (QUALITIES, "failure"), "FUMBLE": (QUALITIES, "fumble"), "NONE": (QUALITIES, "none"),
               "MISS": (RESULTS, "miss"), "STOPPED": (RESULTS, "stopped"), "HIT": (RESULTS, "hit"),
               "SPECIAL_HIT": (RESULTS, "special")}


def __getattr__(name: str) -> int:
    """``SPECIAL``, ``HIT``…: the kernel's codes, read when first asked for (see :mod:`.codes`)."""
    if name in _CODE_NAMES:
        table, key = _CODE_NAMES[name]
        return table[key]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

DEFAULT_FUMBLE_FROM = 100
PHYSICAL_SKILLS = ("camouflage", "discretion", "escalade", "esquive", "lancer", "manipulation", "natation",
                   "passe-passe", "saut", "agilite")
"""The skills an armour's physical penalty lowers (the text's list; Agility rolls too)."""
PERCEPTION_SKILLS = ("ecoute", "observation")
"""The skills an armour's (and a closed helmet's) perception penalty lowers."""


def armour_penalty(skill: str, physical: int, perception: int) -> int:
    """What a worn armour takes from ``skill`` (an id of :data:`PHYSICAL_SKILLS` or :data:`PERCEPTION_SKILLS`;
    any other skill: nothing, unless the GM says otherwise)."""
    if skill in PHYSICAL_SKILLS:
        return physical
    if skill in PERCEPTION_SKILLS:
        return perception
    return 0


def hit_points(con: int, siz: int, up: bool = True) -> int:
    """5.12: the mean of CON and SIZ, rounded up (the setting ``hp_rounding: up``, the default) or down."""
    return -(-(con + siz) // 2) if up else (con + siz) // 2


@dataclass(frozen=True)
class Outcomes:
    """The attacks and defences table as an array: ``result[attack quality, defence quality]``."""

    result: NDArray[np.int64]

    @classmethod
    def from_rows(cls, rows: dict[str, dict[str, str]]) -> Outcomes:
        """From ``{attack quality: {defence quality: result}}`` with the names of :data:`QUALITY_NAMES` and
        :data:`RESULT_NAMES`."""
        table = np.zeros((4, 5), dtype=np.int64)
        for a, attack in enumerate(QUALITY_NAMES[:4]):
            for d, defence in enumerate(QUALITY_NAMES):
                table[a, d] = RESULT_NAMES.index(rows[attack][defence])
        return cls(table)
