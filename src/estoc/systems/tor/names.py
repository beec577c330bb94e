"""The One Ring house rules' names, as pure data: stances, the policy's moments, special damage, the combat tasks.

Nothing here is a rule: the kernel (:mod:`estoc.systems.tor.kernel`) holds them all and numbers these names in the
same order (its ``STANCES``, ``SPECIALS``, ``T_*`` codes; ``tests/unit/test_tor_codes.py`` holds the two equal). This
module imports nothing of the systems, so that the content models may read the task ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from estoc.content.models.tor import TASK_IDS as CONTENT_TASK_IDS
from estoc.errors import RulesError
from estoc.i18n import _

Stance = Literal["forward", "open", "defensive", "rearward"]
STANCES: tuple[Stance, ...] = ("forward", "open", "defensive", "rearward")
CLOSE: tuple[Stance, ...] = ("forward", "open", "defensive")
HopeUse = Literal["never", "finishing", "attacks", "all", "turning"]
HOPE_USES: tuple[HopeUse, ...] = ("never", "finishing", "attacks", "all", "turning")
"""When estoc's policy has a hero spend Hope (the kernel's ``H_NEVER`` … ``H_ALL``, in this order): never; on a
blow that would fell its foe while it keeps half its Hope (the default); on every attack while it keeps half; on
every attack and task roll, to the last."""
Aim = Literal["weakest", "dangerous"]
AIMS: tuple[Aim, ...] = ("weakest", "dangerous")
"""Whom estoc's policy has a combatant attack and aim its tasks at (the kernel's ``AIM_WEAKEST``,
``AIM_DANGEROUS``): the foe with the least endurance (the default), or the one rolling the most success dice."""
Special = Literal["none", "heavy", "fend", "pierce", "shield", "auto"]
SPECIALS: tuple[Special, ...] = ("none", "heavy", "fend", "pierce", "shield", "auto")
"""Where a successful attack's tengwar go (the kernel's ``S_NONE`` … ``S_AUTO``, in this order); ``auto``: a pierce
when it makes a piercing blow, else a heavy blow."""
Action = Literal["main", "secondary"]


@dataclass(frozen=True)
class Task:
    """A combat task: its stance (``other``: any), its action, the skill and attribute of its roll (none for yield
    ground and reduce load), and whether the 2nd edition has it (``core``) or it is a house rule."""

    id: str
    stance: Stance | Literal["other"]
    action: Action
    skill: str | None
    attribute: Literal["corps", "coeur", "esprit"] | None
    core: bool
    name_fr: str
    name_en: str


TASKS: tuple[Task, ...] = (
    Task("intimider", "forward", "main", "presence", "corps", True, "Intimider", "Intimidate foes"),
    Task("defier", "forward", "secondary", "persuasion", "esprit", False, "Défier", "Challenge a foe"),
    Task("deux-armes", "forward", "secondary", "weapon", None, False, "Frapper des deux mains", "Two-weapon attack"),
    Task("rallier", "open", "main", "inspiration", "coeur", True, "Rallier", "Rally comrades"),
    Task("encourager", "open", "main", "chant", "corps", False, "Encourager", "Encourage with a war song"),
    Task("attaque-surprise", "open", "secondary", "discretion", "esprit", False, "Surgir", "Sneak attack"),
    Task("proteger", "defensive", "main", "athletisme", "corps", True, "Protéger", "Protect a companion"),
    Task("tenir-position", "defensive", "secondary", "vigilance", "corps", False, "Tenir bon", "Hold position"),
    Task("contre-attaque", "defensive", "main", "intuition", "coeur", False, "Contre-attaquer", "Counter-attack"),
    Task("mettre-en-joue", "rearward", "main", "inspection", "esprit", True, "Viser", "Take aim"),
    Task("harceler", "rearward", "main", "intuition", "coeur", False, "Harceler", "Harass"),
    Task("escarmouche", "rearward", "main", "weapon", None, False, "Escarmoucher", "Skirmish"),
    Task("annuler-complication", "other", "main", "art-de-la-guerre", "coeur", False, "Parer à un contretemps",
         "Cancel a complication"),
    Task("prendre-avantage", "other", "main", "art-de-la-guerre", "coeur", False, "Prendre l'avantage",
         "Gain the advantage"),
    Task("ceder-terrain", "other", "main", None, None, False, "Céder du terrain", "Yield ground"),
    Task("reduire-charge", "other", "secondary", None, None, False, "S'alléger", "Reduce load"),
)
TASK_IDS = CONTENT_TASK_IDS
"""The tasks' ids in the kernel's order: the content's vocabulary (``TASKS`` follows it, a test holds it)."""


def skill_word(skill: str) -> str:
    """A skill of a hero's file (its content id, ``art-de-la-guerre``) in the user's language (« Art de la
    guerre », "Battle"); an id not known here as it is."""
    words = {"presence": _("Presence"), "persuasion": _("Persuasion"), "inspiration": _("Inspiration"),
             "chant": _("Song"), "discretion": _("Stealth"), "athletisme": _("Athletics"),
             "vigilance": _("Awareness"), "intuition": _("Insight"), "inspection": _("Scan"),
             "art-de-la-guerre": _("Battle")}
    return words.get(skill, skill)


def stance_word(stance: str) -> str:
    """A stance in the user's language (« avancée »); ``other`` (a task of any stance) as « any »."""
    words = {"forward": _("forward"), "open": _("open"), "defensive": _("defensive"), "rearward": _("rearward"),
             "other": _("any")}
    return words.get(stance, stance)


def task(task_id: str) -> Task:
    """The task of this id, else a :class:`RulesError` naming the known ones."""
    for t in TASKS:
        if t.id == task_id:
            return t
    raise RulesError(_("unknown combat task {id!r}; known: {known}").format(id=task_id, known=", ".join(TASK_IDS)))
