"""The round of the One Ring house rules: stances and what they do to the dice, who may stand at the rear, the
engagement, the order of resolution, and the combat tasks (each one a setting: on or off).

Where the text leaves a reading open, the choice is made here and named:

* « two heroes in close combat for each hero at the rear » counts the heroes in forward, open and defensive stances;
* when the adversaries outnumber the heroes, the GM's assignment gives each close-combat hero 1 to 3 adversaries,
  and an adversary fights one hero at most;
* heroes of one stance act in the order the GM (or the players) give, by default the encounter's order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.typing import NDArray

from estoc.dice import DiceSource
from estoc.dice.tor import roll_tor
from estoc.errors import RulesError
from estoc.i18n import _

Stance = Literal["forward", "open", "defensive", "rearward"]
STANCES: tuple[Stance, ...] = ("forward", "open", "defensive", "rearward")
CLOSE: tuple[Stance, ...] = ("forward", "open", "defensive")
HopeUse = Literal["never", "finishing", "attacks", "all"]
HOPE_USES: tuple[HopeUse, ...] = ("never", "finishing", "attacks", "all")
"""When estoc's policy has a hero spend Hope (the kernel's ``H_NEVER`` … ``H_ALL``, in this order): never; on a
blow that would fell its foe while it keeps half its Hope (the default); on every attack while it keeps half; on
every attack and task roll, to the last."""
Aim = Literal["weakest", "dangerous"]
AIMS: tuple[Aim, ...] = ("weakest", "dangerous")
"""Whom estoc's policy has a combatant attack and aim its tasks at (the kernel's ``AIM_WEAKEST``,
``AIM_DANGEROUS``): the foe with the least endurance (the default), or the one rolling the most success dice."""
STANCE_DICE: dict[Stance, int] = {"forward": 1, "open": 0, "defensive": -1, "rearward": 0}
"""Forward: +1d to one's attacks and to the attacks against one; defensive: −1d both ways."""
MAX_ASSIGNED = 3


def stance_dice(attacker: Stance | None, target: Stance | None) -> int:
    """The success dice a stance adds to an attack: the attacker's own stance, then its target's (an adversary has no
    stance: ``None``)."""
    return (STANCE_DICE[attacker] if attacker else 0) + (STANCE_DICE[target] if target else 0)


def rear_open(heroes: int | np.ndarray, rear: int | np.ndarray, enemies: int | np.ndarray) -> NDArray[np.bool_]:
    """Whether ``rear`` of ``heroes`` may stand at the rear against ``enemies``: none at the rear, or at most twice as
    many enemies as heroes and two heroes in close combat for each hero at the rear (numbers, or arrays of them: one
    per world of a batch)."""
    heroes, rear, enemies = np.asarray(heroes), np.asarray(rear), np.asarray(enemies)
    return np.asarray((rear == 0) | ((enemies <= 2 * heroes) & (heroes - rear >= 2 * rear)), dtype=np.bool_)


def rearward_allowed(stances: Sequence[Stance], enemies: int) -> bool:
    """Whether the heroes' stances may include the rear (:func:`rear_open`)."""
    return bool(rear_open(len(stances), sum(1 for s in stances if s == "rearward"), enemies))


def check_stances(stances: Sequence[Stance], enemies: int) -> None:
    """A :class:`RulesError` when the rear is not open to the heroes."""
    if not rearward_allowed(stances, enemies):
        raise RulesError(_("no hero may stand at the rear: it needs at most twice as many enemies as heroes, and two "
                           "heroes in close combat for each one at the rear"))


def engagement_order(heroes: Sequence[str], stances: Mapping[str, Stance]) -> list[str]:
    """Who picks an adversary first when the heroes are not outnumbered: forward, then open, then defensive (in the
    given order within a stance); the rear engages no one."""
    return [h for stance in CLOSE for h in heroes if stances[h] == stance]


def check_choice(hero: str, foe: str, engaged: Mapping[str, str], adversaries: Sequence[str]) -> None:
    """A hero picking ``foe`` when the heroes choose: it must be free while any adversary is free; once all are
    engaged, a hero joins an ally's fight (``engaged``: adversary → the first hero it fights)."""
    free = [a for a in adversaries if a not in engaged]
    if foe not in adversaries:
        raise RulesError(_("{foe} is no adversary of this fight").format(foe=foe))
    if foe in engaged and free:
        raise RulesError(_("{hero} must engage a free adversary while there are some: {free}").format(
            hero=hero, free=", ".join(free)))


def check_assignment(assignment: Mapping[str, Sequence[str]], close_heroes: Sequence[str]) -> None:
    """The GM's assignment when the adversaries outnumber the heroes: each close-combat hero gets 1 to 3, and no
    adversary fights two heroes."""
    seen: set[str] = set()
    for hero in close_heroes:
        foes = list(assignment.get(hero, ()))
        if not 1 <= len(foes) <= MAX_ASSIGNED:
            raise RulesError(_("{hero} must face 1 to 3 adversaries, not {n}").format(hero=hero, n=len(foes)))
        twice = seen.intersection(foes)
        if twice:
            raise RulesError(_("{foes}: already facing another hero").format(foes=", ".join(sorted(twice))))
        seen.update(foes)


def resolution_order(heroes: Sequence[str], stances: Mapping[str, Stance], adversaries: Sequence[str],
                     engaged: set[str], standing: set[str]) -> list[str]:
    """The order of the round's actions: the heroes first (forward, open, defensive, then the rear), then the
    adversaries still standing, those in close combat before those at the rear."""
    order = [h for stance in STANCES for h in heroes if stances[h] == stance and h in standing]
    order += [a for a in adversaries if a in engaged and a in standing]
    order += [a for a in adversaries if a not in engaged and a in standing]
    return order


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
TASK_IDS = tuple(t.id for t in TASKS)


def task(task_id: str) -> Task:
    for t in TASKS:
        if t.id == task_id:
            return t
    raise RulesError(_("unknown combat task {id!r}; known: {known}").format(id=task_id, known=", ".join(TASK_IDS)))


def check_task(task_id: str, stance: Stance, enabled: Mapping[str, bool]) -> Task:
    """The task, if the hero's stance allows it and the GM has not switched it off."""
    t = task(task_id)
    if not enabled.get(t.id, True):
        raise RulesError(_("the task {id} is switched off in this fight").format(id=t.id))
    if t.stance not in (stance, "other"):
        raise RulesError(_("{id} is a task of the {stance} stance").format(id=t.id, stance=t.stance))
    return t


# --- what each task does, by the tengwar of its roll (a failed roll gives nothing: the caller's) -----------------

@dataclass(frozen=True)
class CounterAttack:
    """Counter-attack: how many missed attacks it answers, and whether each answer is a wound (a protection roll,
    ill-favoured with three tengwar) rather than the weapon's damage in endurance."""

    attacks: int
    wound: bool
    protection_ill: bool


def counter_attack(tengwar: int) -> CounterAttack:
    """0 tengwar: the next missed attack is answered with the weapon's damage; 1: two attacks; 2: one, with a wound;
    3 or more: one, with a wound whose protection roll is ill-favoured."""
    if tengwar <= 0:
        return CounterAttack(1, False, False)
    if tengwar == 1:
        return CounterAttack(2, False, False)
    return CounterAttack(1, True, tengwar >= 3)


def intimidate_might(tengwar: int) -> int:
    """Intimidate: adversaries of this Might or less are weary this round (1, plus 1 a tengwar)."""
    return 1 + max(tengwar, 0)


def rally_stances(tengwar: int) -> tuple[tuple[Stance, ...], int]:
    """Rally: the stances whose fighters get +1d to their attacks next round, and for how many rounds: forward; with
    one tengwar open too; with two, every close-combat stance; each further tengwar one round more (at most one)."""
    stances: tuple[Stance, ...] = ("forward",) if tengwar <= 0 else ("forward", "open") if tengwar == 1 else CLOSE
    return stances, 1 + min(max(tengwar - 2, 0), 1)


def encourage_endurance(valour: int, tengwar: int) -> int:
    """Encourage: endurance each companion (and the singer) recovers: Valour, plus 1 a tengwar."""
    return valour + max(tengwar, 0)


def sneak_attack_dice(tengwar: int) -> int:
    """Sneak attack: +1d to the next attack this round, +1d a tengwar, at most +3d."""
    return min(1 + max(tengwar, 0), 3)


def take_aim_dice(tengwar: int) -> int:
    """Take aim: +1d to the next attack, +1d a tengwar."""
    return 1 + max(tengwar, 0)


def protect(tengwar: int, more_attacks: bool = False) -> tuple[int, int]:
    """Protect a companion: (dice taken from each attack on it, how many attacks): −1d to the next one; each tengwar
    adds −1d to it, or (``more_attacks``) one attack more."""
    extra = max(tengwar, 0)
    return (1, 1 + extra) if more_attacks else (1 + extra, 1)


def hold_position_attacks(tengwar: int) -> int:
    """Hold position: how many attacks on the hero are ill-favoured this round (1, plus 1 a tengwar)."""
    return 1 + max(tengwar, 0)


def harass_penalty(tengwar: int, spread: bool = False) -> list[int]:
    """Harass: dice taken from the attacks of one adversary (−1d) until the round ends; each tengwar adds a second
    adversary (``spread``, at most two) or −1d more (at most −2d an adversary). One entry per adversary harassed."""
    budget = max(tengwar, 0)
    harassed = [1, 1] if spread and budget > 0 else [1]
    budget -= len(harassed) - 1
    for i in range(len(harassed)):
        more = min(budget, 2 - harassed[i])
        harassed[i] += more
        budget -= more
    return harassed


def advantage(tengwar: int) -> tuple[int, bool]:
    """Gain the advantage: +1d to the next attack (+2d with a tengwar), lasting to the fight's end with two."""
    return (1 if tengwar <= 0 else 2), tengwar >= 2


@dataclass(frozen=True)
class TaskRoll:
    """A combat task's skill roll in each world: whether it worked, and its tengwar (0 when it failed: a failed
    roll gives nothing at all)."""

    success: np.ndarray
    tengwar: np.ndarray


def roll_task(dice: DiceSource, t: Task, rating: int | np.ndarray, tn: int | np.ndarray, worlds: int = 1, *,
              favoured: bool = False, ill: bool = False, weary: bool | np.ndarray = False,
              ids: np.ndarray | None = None) -> TaskRoll:
    """The skill roll of task ``t`` (purpose ``task``): the feat die and ``rating`` success dice against the hero's
    target number for the task's attribute (``rating``, ``tn`` and ``weary``: one, or one per world; ``ids``: the
    batch's worlds that roll). Yield ground and reduce load need no roll: they always work."""
    if t.skill is None:
        return TaskRoll(np.ones(worlds, dtype=np.bool_), np.zeros(worlds, dtype=np.int64))
    roll = roll_tor(dice, worlds, np.maximum(rating, 0), favoured=favoured, ill=ill, weary=weary, purpose="task",
                    worlds=ids)
    success = roll.succeeds(tn)
    return TaskRoll(success, np.where(success, roll.tengwar, 0).astype(np.int64))
