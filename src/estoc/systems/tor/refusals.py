"""The GM's words for each reason the kernel's ``allowed`` gives (``R_*``): the rule is the kernel's, the words
play's (French and English, through the catalogs)."""

from __future__ import annotations

from collections.abc import Callable

from estoc.errors import RulesError
from estoc.i18n import _
from estoc.systems.tor.codes import REASONS

MESSAGES: dict[str, Callable[[], str]] = {
    "R_NOT_FOE": lambda: _("{target} is no standing foe"),
    "R_NO_WEAPON": lambda: _("{name} has {count} weapon(s): choose 1 to {count}, not {index}"),
    "R_DROPPED": lambda: _("{name} has dropped a weapon ({weapon}): pick it up first (pickup weapon {index})"),
    "R_NO_BASH": lambda: _("{name} has dropped their shield: no shield bash without it"),
    "R_RANGED_IN_CLOSE": lambda: _("in close combat, one fights with a close-combat weapon"),
    "R_NOT_ENGAGED": lambda: _("{who} is not engaged with {target}"),
    "R_NO_SHIELD": lambda: _("a shield thrust needs a shield"),
    "R_FEND_RANGED": lambda: _("only a close-combat weapon fends off"),
    "R_NO_PIERCE": lambda: _("{weapon} cannot pierce: only bows, swords and spears do"),
    "R_HOPE_HERO": lambda: _("only a hero spends Hope"),
    "R_NO_HOPE": lambda: _("{who} has no Hope left to spend"),
    "R_REGAIN": lambda: _("{who} yielded ground: this round's main action is to regain position"),
    "R_NOTHING_TO_REGAIN": lambda: _("{who} has no position to regain"),
    "R_SHOT": lambda: _("{who} has already shot in the opening volleys"),
    "R_NO_BOW": lambda: _("{who} has no bow to shoot with"),
    "R_TASK_HERO": lambda: _("adversaries use no combat task"),
    "R_TASK_OFF": lambda: _("the task {id} is switched off in this fight"),
    "R_TASK_STANCE": lambda: _("{id} is a task of the {stance} stance"),
    "R_SECONDARY": lambda: _("{who} has already taken a secondary action this round"),
    "R_NO_SONG": lambda: _("{who} has no war song left to sing"),
    "R_SNEAK_ENGAGED": lambda: _("a sneak attack needs to start the round unengaged"),
    "R_NO_COUNTER_WEAPON": lambda: _("{who} has no weapon in hand to counter-attack with"),
    "R_COMPLICATED": lambda: _("{who} faces a complication: cancel it before gaining the advantage"),
    "R_TARGET": lambda: _("this task needs a target among: {known}"),
    "R_CHALLENGE": lambda: _("a challenge is one hero against one adversary"),
    "R_SECOND_WEAPON": lambda: _("the second blow is struck with the other hand: a one-handed close-combat weapon "
                                 "or a shield, not {weapon} nor another grip of it"),
    "R_NO_SECOND": lambda: _("a two-weapon attack needs a weapon in one hand and a second one-handed weapon or a "
                             "shield in the other"),
    "R_CANCEL_WHO": lambda: _("a complication is cancelled for oneself or a standing companion"),
    "R_NO_COMPLICATION": lambda: _("{who} has no complication to cancel"),
    "R_ALREADY_DROPPED": lambda: _("{who} has already dropped this: {item}"),
    "R_NOT_DROPPED": lambda: _("{who} has not dropped this ({item}): there is nothing to pick up"),
    "R_REAR_CLOSED": lambda: _("no hero may stand at the rear: it needs at most twice as many enemies as heroes, and "
                               "two heroes in close combat for each one at the rear"),
    "R_OUTNUMBERED": lambda: _("the adversaries outnumber the heroes: the GM assigns them (assign)"),
    "R_ENGAGE_SIDES": lambda: _("a hero engages an adversary"),
    "R_REAR_ENGAGES": lambda: _("a hero at the rear engages no one"),
    "R_ENGAGE_ORDER": lambda: _("{first} chooses before {who} (forward, then open, then defensive)"),
    "R_ENGAGE_FREE": lambda: _("{hero} must engage a free adversary while there are some: {free}"),
    "R_ASSIGN_COUNT": lambda: _("{hero} must face 1 to 3 adversaries, not {n}"),
    "R_TAKEN": lambda: _("{foes}: already facing another hero"),
    "R_ASSIGN_FOE": lambda: _("the GM assigns standing adversaries to a hero"),
    "R_STANCE_HERO": lambda: _("only a hero takes a stance: forward, open, defensive or rearward"),
    "R_YIELDED": lambda: _("{who} has already yielded ground this round"),
    "R_NO_YIELD": lambda: _("a hero yields ground right after an attack that cost endurance"),
    "R_BACK_FREE": lambda: _("only a free adversary stays at the rear"),
    "R_SHOOTER_DOWN": lambda: _("{who} fell in the volleys: they shoot no more"),
    "R_HOPE_OFF": lambda: _("no Hope is spent in this fight (the encounter's setting hope is off)"),
}
NAMES = {code: name for name, code in REASONS.items()}


class _Known(dict[str, object]):
    """The values a message names; one the caller did not know reads as a dash (never a traceback)."""

    def __missing__(self, key: str) -> str:
        return "—"


def refusal(code: int, **values: object) -> RulesError:
    """The refusal of the kernel's reason ``code``, in the user's language, naming ``values`` where it says them."""
    return RulesError(MESSAGES[NAMES[code]]().format_map(_Known(values)))
