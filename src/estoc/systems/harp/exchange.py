"""One exchange between two combatants, out of any fight (``estoc attack``, ``estoc odds attack``): the kernel on
a world of two, its outcome told as an event. The combatant sheet itself is :mod:`estoc.systems.harp.sheet`."""

from __future__ import annotations

from typing import Any

from estoc.dice import DiceSource
from estoc.errors import EstocError, RulesError
from estoc.i18n import _
from estoc.systems.harp.attack import DEFAULT_SETTINGS, AttackInputs, AttackSettings
from estoc.systems.harp.sheet import Combatant
from estoc.systems.harp.strike import Strike
from estoc.systems.harp.tables import HarpTables
from estoc.systems.harp.told import Teller
from estoc.systems.harp.worlds import Settings, array, build, kernel_of, strike_numbers

__all__ = ["Combatant", "knocks_down", "one_exchange", "strike_inputs"]


def strike_inputs(tables: HarpTables, s: Strike, target: Combatant, worlds: int, ob: Any, defence: Any, *,
                  counter: bool = False, devastating: bool = False) -> AttackInputs:
    """The numbers of ``s`` against ``target`` for the exact odds: its table, size, fumble range and criticals, the
    target's armour type and size reduction, Force Dévastatrice."""
    row = strike_numbers(tables, s)
    return AttackInputs.broadcast(
        worlds, ob=ob, defence=defence, table=row["table"], armour_type=target.armour_type, size=row["size"],
        fumble=0 if counter else row["fumble"], critical=row["critical"], extra_table=row["extra_table"],
        extra_severity=row["extra_severity"], crit_reduction=target.crit_reduction,
        hits_factor=2 if devastating else 1)


def knocks_down(tables: HarpTables, attacker: Combatant, target: Combatant, strike: int) -> bool:
    """Whether a critical of ``attacker``'s strike ``strike`` would throw ``target`` down, out of any fight (the
    kernel's ``knocks_down``: « Bélier et Poussée », a target no larger than the attacker)."""
    F = build(tables, [attacker, target], [0, 1], 1)
    return bool(kernel_of(F).py_exchange(F, 0, 0, 1, strike, 0, 0)[4])


def one_exchange(tables: HarpTables, attacker: Combatant, target: Combatant, dice: DiceSource, *,
                 strike: int = 0, settings: AttackSettings = DEFAULT_SETTINGS, distance: int | None = None,
                 cover: tuple[int, int] = (0, 0), engaged: bool = False) -> dict[str, Any]:
    """One attack of ``attacker`` (its strike ``strike``) on ``target``, out of any fight: the kernel's strike on a
    world of two, told as an event (what ``estoc attack`` shows). The OB and DB are the sheets' as they stand;
    ``distance`` (metres), the target's ``cover`` (DB against blows, against shots) and ``engaged`` (a foe in
    contact attacked the shooter first) are the GM's facts."""
    facts = Settings(beyond_limit=settings.beyond_limit, distances=((0, 1, distance),) if distance is not None else (),
                     covers=((1, *cover),))
    F = build(tables, [attacker, target], [0, 1], 1, settings=facts, dice=dice)
    F.logging = 1
    F.rnd[0] = 1
    if engaged:
        array(F, "struck_close")[0, 0] = 1
    chosen = attacker.strikes[strike]
    if chosen.missile and not kernel_of(F).py_can_shoot(F, 0, 0, strike, 1):
        raise RulesError(_("a shot needs 2 m at least and the weapon's range at most ({max} m), not {metres} m").format(
            max=chosen.reach[1] if chosen.reach else 0, metres=distance))
    kernel_of(F).py_strike(F, 0, 0, 1, strike, 0)
    if F.error is not None:
        error = F.error
        raise error if isinstance(error, EstocError) else RulesError(str(error))
    records = Teller(tables, [attacker, target], F).tell(F.log)
    return next(r for r in records if r.get("kind") == "attack")
