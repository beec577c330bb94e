# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""The d100 fight (BRP-style percentile combat) as one scalar kernel over worlds: every rule of the round, once.

A *world* is one fight. :class:`Fights` holds W worlds of one encounter: the combatants' sheets (one row per
combatant, one column per weapon slot, the shield's bash last), each world's state and its cursor (round, phase,
position in the order). Each rule below is a small function of one world ``w``; its docstring names the section of
the text (« Combat », sections 5.1–5.14) where a GM can check it.

The module is compiled at install (Cython 3, pure-Python mode) and the very same source runs interpreted: the tests
hold the two forms equal die for die. Play is this kernel on one world, its decisions forced by the GM's commands
(:mod:`estoc.systems.d100.fight` checks them and tells what happened from the log); simulation is :func:`play_all`
over many worlds in parallel threads, each world deciding with :func:`plan_move` and :func:`decide`, the default
policy.

Dice are never created here. In simulation the ``k``-th die world ``w`` rolls for a purpose is a hash of (key,
world, purpose, k) (:class:`estoc.dice.KeyedDice`'s stream, computed inline); in play faces come from a Python dice
source, one call per die, so that every face is stored with its purpose.

Readings where the text leaves a choice are documented where they are made.
"""

import cython
from cython.parallel import prange, threadid

# The shared core (dice, log, the run's slots) and outcome, included here: see :mod:`estoc.engine.kcore`.
from estoc.engine.kcore import (  # isort: skip: one compact statement, where the core is included
    CHUNK, SLOT_STRIDE, Core, check_run, const_int, dice_drawn, die, emit, half_up, i64, seed_world, slot_of)
from estoc.engine.koutcome import sides_standing, winner

# --- purposes of the dice (the names play stores faces under) ------------------------------------------------------
P_ATTACK = cython.declare(const_int, 0)
P_DEFENCE = cython.declare(const_int, 1)
P_DAMAGE = cython.declare(const_int, 2)
P_BONUS = cython.declare(const_int, 3)
P_UNCONSCIOUS = cython.declare(const_int, 4)
P_AID = cython.declare(const_int, 5)
P_AID_HEAL = cython.declare(const_int, 6)
P_HEALING = cython.declare(const_int, 7)
PURPOSES = ("attack", "defence", "damage", "damage-bonus", "unconscious", "first-aid", "first-aid-heal", "healing")

# --- qualities, results, defences -----------------------------------------------------------------------------------
Q_SPECIAL = cython.declare(const_int, 0)
Q_SUCCESS = cython.declare(const_int, 1)
Q_FAILURE = cython.declare(const_int, 2)
Q_FUMBLE = cython.declare(const_int, 3)
Q_NONE = cython.declare(const_int, 4)
R_MISS = cython.declare(const_int, 0)
R_STOPPED = cython.declare(const_int, 1)
R_HIT = cython.declare(const_int, 2)
R_SPECIAL = cython.declare(const_int, 3)
D_NONE = cython.declare(const_int, 0)
D_PARRY = cython.declare(const_int, 1)
D_DODGE = cython.declare(const_int, 2)
D_BEST = cython.declare(const_int, -1)
"""The default defence: a parry where one is allowed, else a dodge, else none (« Parade », « Esquive »)."""
ITEM_SHIELD = cython.declare(const_int, -1)
ITEM_NONE = cython.declare(const_int, -2)

# --- actions (the policy's decisions) -------------------------------------------------------------------------------
A_PASS = cython.declare(const_int, 0)
A_ATTACK = cython.declare(const_int, 1)
A_RELOAD = cython.declare(const_int, 2)
A_FIRST_AID = cython.declare(const_int, 3)
A_READY = cython.declare(const_int, 4)           # take another weapon in hand (setting ``ready_weapon: action``)
ACTIONS = ("pass", "attack", "reload", "first-aid", "ready")
"""The actions' names, by code (the events' ``type``)."""

# --- why an action is refused (:func:`allowed`; 0: allowed) ---------------------------------------------------------
OK = cython.declare(const_int, 0)
WHY_NO_WOUND = cython.declare(const_int, 1)
WHY_MOVED = cython.declare(const_int, 2)
WHY_ALL_TREATED = cython.declare(const_int, 3)
WHY_NO_SUCH_WOUND = cython.declare(const_int, 4)
WHY_TREATED = cython.declare(const_int, 5)
WHY_NOT_LOADED = cython.declare(const_int, 6)
WHY_RELOADING = cython.declare(const_int, 7)
WHY_BROKEN = cython.declare(const_int, 8)
WHY_NO_RELOAD = cython.declare(const_int, 9)
WHY_SAME_SIDE = cython.declare(const_int, 10)
WHY_OUT = cython.declare(const_int, 11)
WHY_UNKNOWN = cython.declare(const_int, 12)
WHY_AIDING = cython.declare(const_int, 13)       # a defence: the defender gives first aid this round
WHY_UNSTOPPABLE = cython.declare(const_int, 14)  # a defence: a firearm or energy weapon
WHY_SHIELD_HANDS = cython.declare(const_int, 15)  # a parry: the shield has no hand (a two-handed weapon)
WHY_MISSILE_PARRY = cython.declare(const_int, 16)  # a parry: a missile, and no shield
WHY_NO_PARRY = cython.declare(const_int, 17)     # a parry: nothing that parries
WHY_NO_DODGE = cython.declare(const_int, 18)     # a dodge: a missile, the GM's setting off
WHY_NOT_HELD = cython.declare(const_int, 19)     # a parry: with a weapon the defender does not hold
WHY_HELD_NO_PARRY = cython.declare(const_int, 20)  # a parry: the weapon in hand does not parry, no shield in hand
WHY_TOO_FAR = cython.declare(const_int, 21)      # a move: more than 30 m in a round
WHY_NO_CONTACT = cython.declare(const_int, 22)   # a melee blow or a bash: the foe is not in contact
WHY_DEAD = cython.declare(const_int, 23)         # first aid: on a dead character
WHY_NO_REACH = cython.declare(const_int, 24)     # a reach declared: no whole weapon used at it
WHY_NOT_READY = cython.declare(const_int, 25)    # a blow: not the weapon in hand (setting ``ready_weapon: action``)
REASONS = ("ok", "no-wound", "moved", "all-treated", "no-such-wound", "treated", "not-loaded", "reloading",
           "broken", "no-reload", "same-side", "out", "unknown", "aiding", "unstoppable", "shield-hands",
           "missile-parry", "no-parry", "no-dodge", "not-held", "held-no-parry", "too-far", "no-contact", "dead",
           "no-reach", "not-ready")
"""The reasons' names, by code (play turns each into the GM's words)."""

# --- phases ---------------------------------------------------------------------------------------------------------
PH_MOVEMENT = cython.declare(const_int, 0)
PH_ACTIONS = cython.declare(const_int, 1)
PH_OVER = cython.declare(const_int, 2)

# --- what the log tells (play only: see :mod:`estoc.systems.d100.told`) -------------------------------------------
L_ROUND = cython.declare(const_int, 1)       # round
L_MOVE = cython.declare(const_int, 2)        # combatant, metres, rank
L_ORDER = cython.declare(const_int, 3)       # round
L_RANK = cython.declare(const_int, 4)        # combatant, rank, group
L_DEFENDING = cython.declare(const_int, 5)   # combatant (moved 30 m or more)
L_SKIP = cython.declare(const_int, 6)        # combatant
L_STRIKE = cython.declare(const_int, 7)      # attacker, target, slot, chance, defence, item, defence chance, round
L_ROLLS = cython.declare(const_int, 8)       # attack roll, quality, defence roll, quality, result
L_DAMAGE = cython.declare(const_int, 9)      # weapon roll, bonus, total, item stops, armour stops, body, worn,
                                              # broken
L_WOUND = cython.declare(const_int, 10)      # target, hit points, fell unconscious, hours, dying
L_AID = cython.declare(const_int, 11)        # healer, target, wound, roll, skill, success, healed, hp before
L_RELOAD = cython.declare(const_int, 12)     # combatant, slot, ready from round
L_PASS = cython.declare(const_int, 13)       # combatant
L_END = cython.declare(const_int, 14)        # round
L_DIED = cython.declare(const_int, 15)       # combatant
L_OVER = cython.declare(const_int, 16)       # winning side (−1: none)
L_READY = cython.declare(const_int, 17)      # combatant, slot

# --- rule constants -------------------------------------------------------------------------------------------------
UNCONSCIOUS_AT = cython.declare(const_int, 2)
"""5.12: at 2 hit points or fewer, a character falls unconscious (for 1D6 hours)."""
UNCONSCIOUS_DIE = cython.declare(const_int, 6)
AID_DIE = cython.declare(const_int, 3)
HEAL_DIE = cython.declare(const_int, 3)
MAX_WOUNDS = cython.declare(const_int, 16)
"""Wounds kept apart per combatant; a wound past the 16th joins the last (it matters only to first aid)."""
KERNEL_LIMIT = cython.declare(const_int, 1073741824)
"""A sheet's numbers stay strictly within ±2³⁰ (32-bit integers, with room for the round's sums)."""
FULL_MOVE = cython.declare(const_int, 30)
"""5.3: 30 m in a round leaves only defences."""
WEAR_BREAK = cython.declare(const_int, 0)
WEAR_ONE_POINT = cython.declare(const_int, 1)
MAX_TERMS = cython.declare(const_int, 4)


@cython.cclass
class Fights(Core):
    """W worlds of one encounter: the sheets and each world's state (the sides, the dice and the log are the core's,
    :class:`estoc.engine.kcore.Core`).

    Built by :func:`estoc.systems.d100.worlds.build`; every array is C-contiguous. ``(C,)`` arrays describe the
    combatants, ``(C, S)`` their weapon slots (the shield's bash is slot ``nweap[c]`` when it carries one). A
    world's state is a *row* of C entries in flat arrays: the functions below take ``w``, the index of the world's
    first entry (world × C), so that combatant ``c``'s hit points are ``F.hp[w + c]`` (one addition where a 2-D
    index loads a stride and multiplies on every access); ``(W·C, K)`` arrays hold a list per combatant
    (``F.wounds[w + c, k]``, ``F.whp[w + c, s]``), and the cursor's ``(W·C,)`` arrays are read at the row's first
    entry (``F.rnd[w]``). The ``py_*`` entries take a world's number and convert it;
    :func:`estoc.systems.d100.worlds.array` shows the arrays to Python as ``(W, C)``, ``(W, C, K)`` or ``(W,)``.
    """

    outcome = cython.declare(cython.int[:, ::1], visibility="public")
    width = cython.declare(cython.int, visibility="public")
    # the combatants (C,)
    dex = cython.declare(cython.int[::1], visibility="public")
    hp_max = cython.declare(cython.int[::1], visibility="public")
    aid_skill = cython.declare(cython.int[::1], visibility="public")
    armour = cython.declare(cython.int[::1], visibility="public")
    dodge = cython.declare(cython.int[::1], visibility="public")
    defends = cython.declare(cython.int[::1], visibility="public")
    physical = cython.declare(cython.int[::1], visibility="public")
    nweap = cython.declare(cython.int[::1], visibility="public")
    has_shield = cython.declare(cython.int[::1], visibility="public")
    shield_skill = cython.declare(cython.int[::1], visibility="public")
    shield_points0 = cython.declare(cython.int[::1], visibility="public")
    shield_hp0 = cython.declare(cython.int[::1], visibility="public")
    shield_missile = cython.declare(cython.int[::1], visibility="public")
    shield_kneeling = cython.declare(cython.int[::1], visibility="public")
    bonus_terms = cython.declare(cython.int[::1], visibility="public")
    bonus_count = cython.declare(cython.int[:, ::1], visibility="public")
    bonus_sides = cython.declare(cython.int[:, ::1], visibility="public")
    bonus_const = cython.declare(cython.int[::1], visibility="public")
    # weapon slots (C, S)
    skill = cython.declare(cython.int[:, ::1], visibility="public")
    reach = cython.declare(cython.int[:, ::1], visibility="public")
    reaches = cython.declare(cython.int[:, ::1], visibility="public")
    parries = cython.declare(cython.int[:, ::1], visibility="public")
    whp0 = cython.declare(cython.int[:, ::1], visibility="public")
    missile = cython.declare(cython.int[:, ::1], visibility="public")
    high_velocity = cython.declare(cython.int[:, ::1], visibility="public")
    dodgeable = cython.declare(cython.int[:, ::1], visibility="public")
    thrown = cython.declare(cython.int[:, ::1], visibility="public")
    rng = cython.declare(cython.int[:, ::1], visibility="public")
    reload_rounds = cython.declare(cython.int[:, ::1], visibility="public")
    magazine = cython.declare(cython.int[:, ::1], visibility="public")
    hands = cython.declare(cython.int[:, ::1], visibility="public")
    share = cython.declare(cython.int[:, ::1], visibility="public")
    loaded0 = cython.declare(cython.int[:, ::1], visibility="public")
    dmg_terms = cython.declare(cython.int[:, ::1], visibility="public")
    dmg_const = cython.declare(cython.int[:, ::1], visibility="public")
    dmg_max = cython.declare(cython.int[:, ::1], visibility="public")
    dmg_count = cython.declare(cython.int[:, :, ::1], visibility="public")
    dmg_sides = cython.declare(cython.int[:, :, ::1], visibility="public")
    # settings
    fumble_from = cython.declare(cython.int, visibility="public")
    dodge_missiles = cython.declare(cython.int, visibility="public")
    wear = cython.declare(cython.int, visibility="public")
    special_add = cython.declare(cython.int, visibility="public")
    excess_armour = cython.declare(cython.int, visibility="public")
    ready_action = cython.declare(cython.int, visibility="public")
    distance0 = cython.declare(i64, visibility="public")
    # each world's cursor: (W·C,), read at the row's first entry
    rnd = cython.declare(i64[::1], visibility="public")
    phase = cython.declare(i64[::1], visibility="public")
    turn = cython.declare(i64[::1], visibility="public")
    norder = cython.declare(i64[::1], visibility="public")
    # each world's order of the round (W·C,): who acts k-th, its simultaneous group, its rank key
    order = cython.declare(i64[::1], visibility="public")
    groups = cython.declare(i64[::1], visibility="public")
    keys = cython.declare(i64[::1], visibility="public")
    # each world's combatants (W·C,)
    hp = cython.declare(i64[::1], visibility="public")
    unconscious = cython.declare(i64[::1], visibility="public")
    hours = cython.declare(i64[::1], visibility="public")
    dead = cython.declare(i64[::1], visibility="public")
    present = cython.declare(i64[::1], visibility="public")
    up = cython.declare(i64[::1], visibility="public")
    kneeling = cython.declare(i64[::1], visibility="public")
    moved = cython.declare(i64[::1], visibility="public")
    advanced = cython.declare(i64[::1], visibility="public")
    reach_pick = cython.declare(i64[::1], visibility="public")
    wielded = cython.declare(i64[::1], visibility="public")
    busy = cython.declare(i64[::1], visibility="public")
    group_ok = cython.declare(i64[::1], visibility="public")
    shield_hp = cython.declare(i64[::1], visibility="public")
    shield_points = cython.declare(i64[::1], visibility="public")
    wound_count = cython.declare(i64[::1], visibility="public")
    dealt = cython.declare(i64[::1], visibility="public")
    taken = cython.declare(i64[::1], visibility="public")
    hits = cython.declare(i64[::1], visibility="public")
    specials = cython.declare(i64[::1], visibility="public")
    specials_taken = cython.declare(i64[::1], visibility="public")
    downed = cython.declare(i64[::1], visibility="public")
    acted_rounds = cython.declare(i64[::1], visibility="public")
    # (W·C, K) and (W·C, S)
    wounds = cython.declare(i64[:, ::1], visibility="public")
    treated = cython.declare(i64[:, ::1], visibility="public")
    whp = cython.declare(i64[:, ::1], visibility="public")
    loaded = cython.declare(i64[:, ::1], visibility="public")
    reload_until = cython.declare(i64[:, ::1], visibility="public")
    # simulation outputs, one row per world
    out_winner = cython.declare(i64[::1], visibility="public")
    out_over = cython.declare(i64[::1], visibility="public")
    out_rounds = cython.declare(i64[::1], visibility="public")
    out_hp = cython.declare(i64[:, ::1], visibility="public")
    out_state = cython.declare(i64[:, ::1], visibility="public")
    out_dealt = cython.declare(i64[:, ::1], visibility="public")
    out_taken = cython.declare(i64[:, ::1], visibility="public")
    out_specials = cython.declare(i64[:, ::1], visibility="public")


# --- arithmetic the text asks for -----------------------------------------------------------------------------------

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def divide_up(value: i64, divisor: i64) -> i64:
    """``value / divisor`` rounded up, for ``value`` ≥ 0 (« Difficile »: half the chance; 5.3: half a DEX)."""
    return (value + divisor - 1) // divisor


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def quality(F: Fights, roll: i64, chance: i64) -> cython.int:
    """5.5: a roll at or under a fifth of the chance is special, at or under the chance a success, above a failure;
    a roll in the GM's fumble range (``fumble_from``, default 100) fumbles. The text makes only a roll *above* the
    chance a failure: estoc counts a roll equal to it a success. The fifth is rounded as the setting
    ``special_rounding`` says: to the nearest (the default, ``special_add`` 2), down (0) or up (4)."""
    if roll >= F.fumble_from:
        return Q_FUMBLE
    if roll <= (chance + F.special_add) // 5:
        return Q_SPECIAL
    if roll <= chance:
        return Q_SUCCESS
    return Q_FAILURE


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def range_divisor(d: i64, r: i64) -> i64:
    """5.9: the chance whole up to the range, halved up to twice, quartered up to three times; 0 beyond (out of
    reach)."""
    if d <= r:
        return 1
    if d <= 2 * r:
        return 2
    if d <= 3 * r:
        return 4
    return 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def move_divisor(metres: i64) -> i64:
    """5.3: up to 5 m a round changes nothing; 6–15 m halve the DEX rank, 16–29 m quarter it; 30 m leave only
    defences (0). The text's ranges leave 5–6 m and 15–16 m whole: estoc reads them as whole metres."""
    if metres <= 5:
        return 1
    if metres <= 15:
        return 2
    if metres < FULL_MOVE:
        return 4
    return 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def dex_rank(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """5.3–5.4: the rank ``c`` acts at this round: its DEX, cut by its movement (rounded up); 0: no action."""
    divisor: i64 = move_divisor(F.moved[w + c])
    if divisor == 0:
        return 0
    if divisor == 1:  # standing still or nearly: no division to make
        return F.dex[c]
    return divide_up(F.dex[c], divisor)


# --- who is where and who stands ------------------------------------------------------------------------------------

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def out_of_fight(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """5.12: unconscious or dead."""
    return F.unconscious[w + c] != 0 or F.dead[w + c] != 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def standing(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """In the fight (not taken out by the GM) and neither unconscious nor dead: :func:`stand` keeps it in ``up``, read
    here in one load (the policy asks it of every combatant at every turn)."""
    return F.up[w + c] != 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def stand(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.void:
    """Whether ``c`` stands, written to ``up`` after ``present``, ``unconscious`` or ``dead`` changed."""
    F.up[w + c] = F.present[w + c] != 0 and not out_of_fight(F, w, c)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def dying(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """5.12: at 0 hit points or fewer and not yet dead: first aid before the round ends may save them."""
    return mortal(F.hp[w + c]) and F.dead[w + c] == 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def mortal(hp: i64) -> cython.bint:
    """5.12: at 0 hit points or fewer a character dies at the end of the round (unless first aid lifts it)."""
    return hp <= 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def knocked_out(hp: i64) -> cython.bint:
    """5.12: at 2 hit points or fewer a character falls unconscious."""
    return hp <= UNCONSCIOUS_AT


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def distance(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t) -> i64:
    """5.3: metres between ``a`` and ``t``: the sides start ``distance0`` apart and each combatant closes by what it
    has moved (estoc's line: every move is towards the other side, as the GM's ``move`` and the policy's are). −1:
    the encounter sets no distance (everyone within reach)."""
    if F.distance0 < 0:
        return -1
    d: i64 = F.distance0 - F.advanced[w + a] - F.advanced[w + t]
    return d if d > 0 else 0


# --- weapons, reach, the attacker's chance (5.4, 5.5, 5.9) ---------------------------------------------------------

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def is_bash(F: Fights, c: cython.Py_ssize_t, s: cython.Py_ssize_t) -> cython.bint:
    """5.11: the shield is a weapon too: its bash is the slot after the weapons."""
    return F.has_shield[c] != 0 and s == F.nweap[c]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def whole(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, s: cython.Py_ssize_t) -> cython.bint:
    """Not broken: a weapon that parries keeps hit points; a shield bashes while it holds."""
    if is_bash(F, c, s):
        return F.shield_hp[w + c] > 0
    return F.parries[c, s] == 0 or F.whp[w + c, s] > 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def reaches(F: Fights, c: cython.Py_ssize_t, s: cython.Py_ssize_t, d: i64) -> cython.bint:
    """Whether slot ``s`` reaches a foe ``d`` metres away: a missile within three times its range (5.9), a melee
    weapon or a bash in contact (0 m; −1: no distances, everyone within reach)."""
    if d < 0:
        return True
    if F.missile[c, s]:
        return range_divisor(d, F.rng[c, s]) > 0
    return d == 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def chance(F: Fights, a: cython.Py_ssize_t, s: cython.Py_ssize_t, d: i64, difficult: cython.bint, mod: i64) -> i64:
    """5.5 and 5.9: the skill plus ``mod`` (a thrown weapon's skill is a physical one: the armour's penalty lowers
    it, 5.10), halved rounded up when Difficult, cut by range for a missile; never below 0. −1: out of reach."""
    skill: i64 = F.skill[a, s] + mod
    if F.thrown[a, s]:
        skill += F.physical[a]
    if skill < 0:
        skill = 0
    if difficult:
        skill = divide_up(skill, 2)
    if F.missile[a, s] and d >= 0:
        divisor: i64 = range_divisor(d, F.rng[a, s])
        if divisor == 0:
            return -1
        skill = divide_up(skill, divisor)
    return skill


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def rank_key(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """5.2 and 5.4: who acts first: the higher DEX rank; at one rank missile weapons, then long, medium and short
    ones (the weapon in hand, at the reach picked for a weapon that has several); then the higher skill. One whole
    number, smaller first; equal numbers act together (« les actions sont simultanées »)."""
    s: i64 = F.wielded[w + c]
    r: i64 = F.reach[c, s]
    pick: i64 = F.reach_pick[w + c]
    if pick >= 0 and (F.reaches[c, s] >> pick) & 1:
        r = pick
    return -dex_rank(F, w, c) * 1000000 + r * 10000 - F.skill[c, s]


# --- defences (5.6, 5.7, 5.11) --------------------------------------------------------------------------------------

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def shield_in_hand(F: Fights, w: cython.Py_ssize_t, t: cython.Py_ssize_t) -> cython.bint:
    """5.11 and 5.9 (« Le nombre de mains »): a whole shield parries only when the weapon in hand leaves a hand for
    it: a two-handed weapon (a great axe, a crossbow) takes both."""
    return (F.has_shield[t] != 0 and F.shield_hp[w + t] > 0
            and F.hands[t, F.wielded[w + t]] == 1)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def defence(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, s: cython.Py_ssize_t, t: cython.Py_ssize_t,
            wanted: cython.int, parry_slot: i64, out: cython.pointer(i64)) -> cython.int:
    """The defence ``t`` opposes to ``a``'s blow with slot ``s``: ``wanted`` (:data:`D_BEST`: a parry where allowed,
    else a dodge, else none). ``out`` gets the kind, the chance, the parry's protection and the parrying item (a
    slot, :data:`ITEM_SHIELD`, :data:`ITEM_NONE`). Returns :data:`OK`, or why the rules forbid the defence wanted
    (a ``WHY_*`` code: what play tells the GM, and the same answer the blow itself is played on).

    A firearm or an energy weapon is neither parried nor dodged (5.6, 5.7). A missile is parried with a shield only,
    at the shield's own chance (kneeling behind a large one, its kneeling chance), and dodged only where the GM allows
    it, at half the skill. A melee blow is parried with what the defender holds (5.6: « avec l'arme utilisée »):
    the shield when the weapon in hand leaves a hand for it (its armour points stop the blow), or the weapon in hand
    when it parries and is whole, or when ``parry_slot`` names it (its hit points stop the blow); never with a
    weapon left in its belt. It can always be dodged. A combatant giving first aid this round opposes nothing (5.14:
    it takes the round)."""
    kind: cython.int = D_NONE
    skill: i64 = 0
    protection: i64 = 0
    item: i64 = ITEM_NONE
    can_parry: cython.bint = False
    can_dodge: cython.bint = False
    p_skill: i64 = 0
    p_prot: i64 = 0
    p_item: i64 = ITEM_NONE
    held: i64 = F.wielded[w + t]
    busy: cython.bint = F.busy[w + t] == F.rnd[w]
    if not F.high_velocity[a, s] and not busy:
        if F.missile[a, s]:
            if shield_in_hand(F, w, t):
                can_parry = True
                p_skill = F.shield_missile[t]
                if F.kneeling[w + t] and F.shield_kneeling[t] >= 0:
                    p_skill = F.shield_kneeling[t]
                p_prot = F.shield_points[w + t]
                p_item = ITEM_SHIELD
            if F.dodge_missiles and F.dodgeable[a, s]:
                can_dodge = True
        else:
            if shield_in_hand(F, w, t) and parry_slot < 0:
                can_parry = True
                p_skill = F.shield_skill[t]
                p_prot = F.shield_points[w + t]
                p_item = ITEM_SHIELD
            elif (held < F.nweap[t] and F.parries[t, held] and F.whp[w + t, held] > 0
                  and (parry_slot < 0 or parry_slot == held)):
                can_parry = True
                p_skill = F.skill[t, held]
                p_prot = F.whp[w + t, held]
                p_item = held
            can_dodge = True
    if wanted == D_BEST:
        wanted = D_PARRY if can_parry else (D_DODGE if can_dodge else D_NONE)
    if wanted == D_PARRY:
        if not can_parry:
            if busy:
                return WHY_AIDING
            if F.high_velocity[a, s]:
                return WHY_UNSTOPPABLE
            if F.missile[a, s]:
                if F.has_shield[t] != 0 and F.shield_hp[w + t] > 0 and F.hands[t, held] == 2:
                    return WHY_SHIELD_HANDS
                return WHY_MISSILE_PARRY
            if parry_slot >= 0 and parry_slot != held:
                return WHY_NOT_HELD
            if held < F.nweap[t] and F.parries[t, held] and F.whp[w + t, held] <= 0:
                return WHY_BROKEN
            if F.has_shield[t] != 0 and F.shield_hp[w + t] > 0 and F.hands[t, held] == 2:
                return WHY_SHIELD_HANDS
            if held < F.nweap[t] and not F.parries[t, held]:
                return WHY_HELD_NO_PARRY
            return WHY_NO_PARRY
        kind, skill, protection, item = D_PARRY, p_skill, p_prot, p_item
    elif wanted == D_DODGE:
        if not can_dodge:
            if busy:
                return WHY_AIDING
            return WHY_UNSTOPPABLE if F.high_velocity[a, s] else WHY_NO_DODGE
        kind = D_DODGE
        skill = F.dodge[t] if not F.missile[a, s] else divide_up(F.dodge[t], 2)
    out[0] = kind
    out[1] = skill
    out[2] = protection
    out[3] = item
    return OK


# --- wounds (5.12), parrying items (5.6, 5.11) ----------------------------------------------------------------------

@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def take_wound(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, damage: i64, roll_hours: cython.bint
               ) -> cython.bint:
    """5.12: a wound of ``damage`` hit points, kept apart for first aid (5.14). At 2 hit points or fewer the
    character falls unconscious for 1D6 hours (rolled where ``roll_hours``: the GM's own damage leaves the hours to
    the GM). Returns whether it fell unconscious now."""
    if damage <= 0:
        return False
    k: i64 = F.wound_count[w + c]
    if k > MAX_WOUNDS - 1:
        k = MAX_WOUNDS - 1
    F.wounds[w + c, k] += damage
    if F.wound_count[w + c] < MAX_WOUNDS:
        F.wound_count[w + c] += 1
    F.hp[w + c] -= damage
    if knocked_out(F.hp[w + c]) and not F.unconscious[w + c] and not F.dead[w + c]:
        F.unconscious[w + c] = 1
        stand(F, w, c)
        F.hours[w + c] = die(F, w, P_UNCONSCIOUS, UNCONSCIOUS_DIE, -1) if roll_hours else 0
        return True
    return False


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def wear_item(F: Fights, w: cython.Py_ssize_t, t: cython.Py_ssize_t, item: i64, damage: i64) -> cython.bint:
    """5.6 and 5.11: a parried blow stronger than what the item stops wears it. As the text reads (setting
    ``parry_wear: break``), a blow beyond the item's hit points breaks it; a lesser one costs it a hit point (a
    shield loses an armour point as well, as 5.11 has it; estoc's measure is one point a blow). ``one-point``
    keeps estoc's earlier reading: one hit point a blow, whatever its strength. Returns whether the item is broken
    now."""
    left: i64
    if item == ITEM_SHIELD:
        if F.wear == WEAR_BREAK and damage > F.shield_hp[w + t]:
            F.shield_hp[w + t] = 0
            F.shield_points[w + t] = 0
        else:
            F.shield_hp[w + t] -= 1
            if F.shield_points[w + t] > 0:
                F.shield_points[w + t] -= 1
        left = F.shield_hp[w + t]
    else:
        if F.wear == WEAR_BREAK and damage > F.whp[w + t, item]:
            F.whp[w + t, item] = 0
        else:
            F.whp[w + t, item] -= 1
        left = F.whp[w + t, item]
    return left <= 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def roll_damage(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, s: cython.Py_ssize_t, special: cython.bint,
                out: cython.pointer(i64)) -> cython.void:
    """5.9 and 5.13: the weapon's dice (« damage », term after term), its maximum added on a special success, then
    the wielder's damage bonus (« damage-bonus »): whole, half rounded up, or none as the weapon says. ``out`` gets
    the weapon's roll (with its constant), the bonus and the total (never below 0)."""
    k: cython.Py_ssize_t
    _j: cython.Py_ssize_t
    n: i64
    sides: cython.int
    roll: i64 = F.dmg_const[a, s]
    for k in range(F.dmg_terms[a, s]):
        n = F.dmg_count[a, s, k]
        sides = F.dmg_sides[a, s, k]
        for _j in range(n if n > 0 else -n):
            if n > 0:
                roll += die(F, w, P_DAMAGE, sides, a)
            else:
                roll -= die(F, w, P_DAMAGE, sides, a)
    bonus: i64 = 0
    if F.share[a, s] > 0 and (F.bonus_terms[a] > 0 or F.bonus_const[a] != 0):
        bonus = F.bonus_const[a]
        for k in range(F.bonus_terms[a]):
            n = F.bonus_count[a, k]
            sides = F.bonus_sides[a, k]
            for _j in range(n if n > 0 else -n):
                if n > 0:
                    bonus += die(F, w, P_BONUS, sides, a)
                else:
                    bonus -= die(F, w, P_BONUS, sides, a)
        bonus = bonus_share(F, a, s, bonus)
    out[0] = roll
    out[1] = bonus
    out[2] = blow(F, a, s, roll, bonus, special)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def bonus_share(F: Fights, a: cython.Py_ssize_t, s: cython.Py_ssize_t, bonus: i64) -> i64:
    """5.9: what the wielder's damage bonus ``bonus`` adds with slot ``s``: whole, half rounded up, or none."""
    if F.share[a, s] == 1:
        return half_up(bonus)
    return bonus if F.share[a, s] > 0 else 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def blow(F: Fights, a: cython.Py_ssize_t, s: cython.Py_ssize_t, roll: i64, bonus: i64, special: cython.bint) -> i64:
    """5.9 and 5.13: a blow's damage: the weapon's roll and the bonus added, with the weapon's maximum on a special
    success; never below 0."""
    total: i64 = roll + bonus
    if special:
        total += F.dmg_max[a, s]
    return total if total > 0 else 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def absorb(total: i64, protection: i64, armour: i64, out: cython.pointer(i64)) -> cython.void:
    """5.10 and 5.11: a blow of ``total`` points meets the parrying item's ``protection`` (0 without a parry), then
    the armour; ``out`` gets what the item stops, what the armour stops, what the body takes, and whether the blow
    was stronger than the item's protection (it wears the item)."""
    if protection < 0:
        protection = 0
    if armour < 0:
        armour = 0
    item_stops: i64 = total if total < protection else protection
    past: i64 = total - item_stops
    armour_stops: i64 = past if past < armour else armour
    out[0] = item_stops
    out[1] = armour_stops
    out[2] = past - armour_stops
    out[3] = protection > 0 and total > protection


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def struck_armour(F: Fights, t: cython.Py_ssize_t, parried: cython.bint) -> i64:
    """5.10 and 5.11: the armour points that meet a blow on ``t``. What gets past a parry meets the armour too (the
    setting ``parried_excess: armour``, the default: the parry only takes its share of the blow), or reaches the
    body whole (``body``: the parry stood where the armour would have)."""
    if parried and not F.excess_armour:
        return 0
    return F.armour[t]


# --- the exchange (5.5–5.13) ----------------------------------------------------------------------------------------

@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def strike(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
           p: i64, dfn: cython.pointer(i64)) -> cython.void:
    """One attack at chance ``p`` against the defence ``dfn`` (as :func:`defence` writes it): the attack roll; where
    it succeeds and a defence is opposed, the defence roll; the table of attacks and defences (5.8); where the blow
    lands or meets a parry, the damage through the parrying item's protection (5.11), then the armour (5.10); the
    wound (5.12). A special success needs a special defence (5.5)."""
    emit(F, L_STRIKE, a, t, s, p, dfn[0], dfn[3], dfn[1], F.rnd[w])
    aroll: i64 = die(F, w, P_ATTACK, 100, a)
    aq: cython.int = quality(F, aroll, p)
    droll: i64 = 0
    dq: cython.int = Q_NONE
    if aq <= Q_SUCCESS and dfn[0] != D_NONE:
        droll = die(F, w, P_DEFENCE, 100, t)
        dq = quality(F, droll, dfn[1])
    result: cython.int = F.outcome[aq, dq]
    emit(F, L_ROLLS, aroll, aq, droll, dq, result, 0, 0, 0)
    parried: cython.bint = result == R_STOPPED and dfn[0] == D_PARRY
    if F.loaded[w + a, s] > 0:
        F.loaded[w + a, s] -= 1
    if result == R_MISS or (result == R_STOPPED and not parried):
        emit(F, L_WOUND, t, F.hp[w + t], 0, 0, dying(F, w, t), 0, 0, 0)
        return
    dmg = cython.declare(i64[3])
    roll_damage(F, w, a, s, result == R_SPECIAL, dmg)
    total: i64 = dmg[2]
    stops = cython.declare(i64[4])
    absorb(total, dfn[2] if parried else 0, struck_armour(F, t, parried), stops)
    body: i64 = stops[2]
    worn: cython.bint = stops[3] != 0
    broken: cython.bint = False
    if worn:
        broken = wear_item(F, w, t, dfn[3], total)
    emit(F, L_DAMAGE, dmg[0], dmg[1], total, stops[0], stops[1], body, worn, broken)
    was_up: cython.bint = standing(F, w, t)
    fell: cython.bint = take_wound(F, w, t, body, True)
    F.dealt[w + a] += body
    F.taken[w + t] += body
    if result != R_STOPPED or body > 0:
        F.hits[w + a] += 1
    if result == R_SPECIAL:
        F.specials[w + a] += 1
        F.specials_taken[w + t] += 1
    if was_up and not standing(F, w, t):
        F.downed[w + a] += 1
    emit(F, L_WOUND, t, F.hp[w + t], fell, F.hours[w + t] if fell else 0, dying(F, w, t), 0, 0, 0)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def attack(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
           wanted: cython.int, parry_slot: i64, d: i64, difficult: cython.bint, mod: i64) -> cython.bint:
    """``a`` attacks ``t`` with slot ``s`` at ``d`` metres (−1: the kernel's distance between them), ``t``
    opposing ``wanted``. The weapon becomes the one in hand. Returns False, changing nothing, when the defence
    wanted is not allowed or the target is out of reach (play says why beforehand)."""
    if d < 0:
        d = distance(F, w, a, t)
    p: i64 = chance(F, a, s, d, difficult, mod)
    if p < 0:
        return False
    return exchange(F, w, a, t, s, p, wanted, parry_slot)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def exchange(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
             p: i64, wanted: cython.int, parry_slot: i64) -> cython.bint:
    """``a`` strikes ``t`` with slot ``s`` at chance ``p``, ``t`` opposing ``wanted`` (nothing when it does not
    stand); the weapon becomes the one in hand. Returns False, changing nothing, when the defence is not allowed."""
    dfn = cython.declare(i64[4])
    if not standing(F, w, t):
        wanted = D_NONE
    if defence(F, w, a, s, t, wanted, parry_slot, dfn) != OK:
        return False
    F.wielded[w + a] = s
    strike(F, w, a, t, s, p, dfn)
    return True


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def first_aid(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, k: cython.Py_ssize_t
              ) -> cython.void:
    """5.14: first aid on wound ``k`` of ``t``: a First Aid roll (« first-aid »), then on a success 1D3 points back
    (« first-aid-heal »), never more than the wound took; tried once per wound, success or not. It takes the
    healer's whole round: no parry or dodge for the rest of it (estoc's reading of « un round complet »). Back above
    0 hit points before the round ends, a dying character lives."""
    before: i64 = F.hp[w + t]
    roll: i64 = die(F, w, P_AID, 100, a)
    ok: cython.bint = quality(F, roll, F.aid_skill[a]) <= Q_SUCCESS
    healed: i64 = 0
    if ok:
        healed = die(F, w, P_AID_HEAL, AID_DIE, a)
        if healed > F.wounds[w + t, k]:
            healed = F.wounds[w + t, k]
    F.treated[w + t, k] = 1
    F.hp[w + t] += healed
    F.busy[w + a] = F.rnd[w]
    emit(F, L_AID, a, t, k, roll, F.aid_skill[a], ok, healed, before)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def reload(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, s: cython.Py_ssize_t) -> cython.void:
    """5.6 (missile weapons): reloading takes the round: a crossbow shoots again the round after (it shoots every
    other round); a firearm gets a full magazine."""
    F.loaded[w + a, s] = F.magazine[a, s] if F.magazine[a, s] > 0 else 1
    n: i64 = F.reload_rounds[a, s] if F.reload_rounds[a, s] > 1 else 1
    F.reload_until[w + a, s] = F.rnd[w] + n
    F.wielded[w + a] = s
    emit(F, L_RELOAD, a, s, F.reload_until[w + a, s], 0, 0, 0, 0, 0)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def ready(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, s: cython.Py_ssize_t) -> cython.bint:
    """Loaded (a weapon never reloaded is always) and past its reloading round."""
    return F.loaded[w + c, s] != 0 and F.rnd[w] >= F.reload_until[w + c, s]


# --- the round (5.1–5.4, 5.12) --------------------------------------------------------------------------------------

@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def move(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, metres: i64) -> cython.void:
    """5.3: ``c`` moves ``metres`` this round (a second order replaces the first), towards the other side."""
    F.advanced[w + c] += metres - F.moved[w + c]
    F.moved[w + c] = metres
    emit(F, L_MOVE, c, metres, dex_rank(F, w, c), 0, 0, 0, 0, 0)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def start_actions(F: Fights, w: cython.Py_ssize_t) -> cython.void:
    """The movement phase closes: the order of the round's ranks (:func:`rank_key`; at one key, the earlier in the
    list first, one simultaneous group). Who moved 30 m or more only defends (5.3)."""
    n: cython.Py_ssize_t = 0
    c: cython.Py_ssize_t
    k: cython.Py_ssize_t
    key: i64
    for c in range(F.count):
        if not standing(F, w, c) or move_divisor(F.moved[w + c]) == 0:
            continue
        key = rank_key(F, w, c)
        k = n
        while k > 0 and F.keys[w + k - 1] > key:
            F.order[w + k] = F.order[w + k - 1]
            F.keys[w + k] = F.keys[w + k - 1]
            k -= 1
        F.order[w + k] = c
        F.keys[w + k] = key
        n += 1
    F.norder[w] = n
    emit(F, L_ORDER, F.rnd[w], 0, 0, 0, 0, 0, 0, 0)
    for k in range(n):
        c = F.order[w + k]
        if k == 0:
            F.groups[w + k] = 0
        elif F.keys[w + k - 1] == F.keys[w + k]:
            F.groups[w + k] = F.groups[w + k - 1]
        else:
            F.groups[w + k] = F.groups[w + k - 1] + 1
        emit(F, L_RANK, c, dex_rank(F, w, c), F.groups[w + k], 0, 0, 0, 0, 0)
    for c in range(F.count):
        if F.moved[w + c] > 0 and move_divisor(F.moved[w + c]) == 0:
            emit(F, L_DEFENDING, c, 0, 0, 0, 0, 0, 0, 0)
    F.phase[w] = PH_ACTIONS
    F.turn[w] = -1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def end_round(F: Fights, w: cython.Py_ssize_t, max_rounds: i64) -> cython.void:
    """5.1 « Résolution » and 5.12: whoever is still at 0 hit points or fewer dies. The fight is over once one side
    (or none) stands; otherwise a new round begins, its movement phase first (past ``max_rounds`` the world stops)."""
    c: cython.Py_ssize_t
    emit(F, L_END, F.rnd[w], 0, 0, 0, 0, 0, 0, 0)
    for c in range(F.count):
        if dying(F, w, c):
            F.dead[w + c] = 1
            stand(F, w, c)
            emit(F, L_DIED, c, 0, 0, 0, 0, 0, 0, 0)
    if sides_standing(F, w) <= 1:
        F.phase[w] = PH_OVER
        emit(F, L_OVER, winner(F, w), 0, 0, 0, 0, 0, 0, 0)
        return
    if F.rnd[w] >= max_rounds:
        F.phase[w] = PH_OVER
        return
    F.rnd[w] += 1
    F.phase[w] = PH_MOVEMENT
    F.norder[w] = 0
    F.turn[w] = 0
    for c in range(F.count):
        F.moved[w + c] = 0
        F.reach_pick[w + c] = -1
    emit(F, L_ROUND, F.rnd[w], 0, 0, 0, 0, 0, 0, 0)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def advance(F: Fights, w: cython.Py_ssize_t, max_rounds: i64) -> i64:
    """The next combatant to act at its rank, or −1 once the round has ended. Each acts once, at its rank; a new
    simultaneous group starts with those standing then, so that one felled by its own group still acts (5.2); when
    a new group finds one side left, the round ends there."""
    c: cython.Py_ssize_t
    k: cython.Py_ssize_t
    turn: i64
    while True:
        F.turn[w] += 1
        turn = F.turn[w]
        if turn >= F.norder[w]:
            end_round(F, w, max_rounds)
            return -1
        c = F.order[w + turn]
        if turn == 0 or F.groups[w + turn - 1] != F.groups[w + turn]:
            if sides_standing(F, w) <= 1:
                end_round(F, w, max_rounds)
                return -1
            for k in range(turn, F.norder[w]):
                if F.groups[w + k] != F.groups[w + turn]:
                    break
                F.group_ok[w + F.order[w + k]] = standing(F, w, F.order[w + k])
        if F.group_ok[w + c] and F.present[w + c]:
            F.acted_rounds[w + c] += 1
            return c
        emit(F, L_SKIP, c, 0, 0, 0, 0, 0, 0, 0)


# --- what a combatant may do: one answer for the policy and play ----------------------------------------------------

@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def worst_wound(F: Fights, w: cython.Py_ssize_t, t: cython.Py_ssize_t) -> i64:
    """The worst of ``t``'s wounds not yet given first aid (the earlier on a tie); −1: none."""
    worst: i64 = -1
    k: cython.Py_ssize_t
    for k in range(F.wound_count[w + t]):
        if not F.treated[w + t, k] and (worst < 0 or F.wounds[w + t, k] > F.wounds[w + t, worst]):
            worst = k
    return worst


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def allowed(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, d: cython.pointer(i64),
            limit: cython.pointer(i64)) -> cython.int:
    """Whether ``c`` may carry out decision ``d`` (as :func:`decide` writes it) now (:data:`OK`) or why not (a
    ``WHY_`` code); ``limit[0]`` gets the number a refusal names (the round a reloading ends, the wounds' count).

    5.14 first aid: on a wound (``d[3]``; −1: the worst not yet treated) given no first aid yet (once per wound),
    by a healer who has not moved this round (it takes the whole round), on one not yet dead. 5.6 a blow: on a foe
    not dead and not taken out of the fight (5.12: one unconscious at 2 hit points and one dying at 0 are alike:
    neither defends, either may be struck), with a weapon whole, loaded and past its reloading round, in contact
    for a melee blow or a bash (``limit``: the metres between them), and in hand where readying takes an action
    (setting ``ready_weapon``); reloading: a weapon that reloads; readying: a weapon not in hand."""
    kind: i64 = d[0]
    t: i64 = d[1]
    s: i64 = d[2]
    k: i64 = d[3]
    limit[0] = 0
    if kind == A_PASS:
        return OK
    if kind == A_FIRST_AID:
        if t < 0 or t >= F.count:
            return WHY_UNKNOWN
        if F.dead[w + t]:
            return WHY_DEAD
        limit[0] = F.wound_count[w + t]
        if F.wound_count[w + t] == 0:
            return WHY_NO_WOUND
        if F.moved[w + c] > 0:
            return WHY_MOVED
        if k < 0:
            return WHY_ALL_TREATED if worst_wound(F, w, t) < 0 else OK
        if k >= F.wound_count[w + t]:
            return WHY_NO_SUCH_WOUND
        return WHY_TREATED if F.treated[w + t, k] else OK
    if s < 0 or s >= F.nweap[c] + F.has_shield[c]:
        return WHY_UNKNOWN
    if kind == A_RELOAD:
        return WHY_NO_RELOAD if F.loaded0[c, s] < 0 else OK
    if kind == A_READY:
        return WHY_UNKNOWN if s == F.wielded[w + c] else OK
    if kind != A_ATTACK or t < 0 or t >= F.count:
        return WHY_UNKNOWN
    if F.side[t] == F.side[c]:
        return WHY_SAME_SIDE
    if F.dead[w + t] or not F.present[w + t]:
        return WHY_OUT
    why: cython.int = weapon_refused(F, w, c, s)
    if why == WHY_RELOADING:
        limit[0] = F.reload_until[w + c, s]
    if why != OK:
        return why
    if needs_readying(F, w, c, s):
        return WHY_NOT_READY
    if not F.missile[c, s]:
        dist: i64 = distance(F, w, c, t)
        if dist > 0:
            limit[0] = dist
            return WHY_NO_CONTACT
    return OK


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def needs_readying(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, s: cython.Py_ssize_t) -> cython.bint:
    """Where readying takes an action (setting ``ready_weapon: action``), a blow with a weapon not in hand must wait
    for it; the shield's bash never does (the shield is on the arm)."""
    return F.ready_action != 0 and s != F.wielded[w + c] and not is_bash(F, c, s)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def move_refused(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, metres: i64) -> cython.int:
    """5.3: why ``c`` may not move ``metres`` this round (:data:`OK`: it may): 30 m is the most a round allows."""
    if metres < 0:
        return WHY_UNKNOWN
    if metres > FULL_MOVE:
        return WHY_TOO_FAR
    return OK


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def declare(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, pick: i64, s: i64) -> cython.int:
    """5.4: ``c`` states, in the movement phase, the reach it will act at this round (``pick``: missile 0, long 1,
    medium 2, short 3) and with which slot ``s`` (−1: the weapon in hand when it is used at that reach, else the
    first whole weapon that is: a declared throw ranks as a missile). The weapon stated is taken in hand now (it is
    the one « about to act », whose type orders a tie of DEX ranks). Returns :data:`OK`, or why not: no whole weapon
    at that reach, or one not in hand where readying takes an action."""
    k: cython.Py_ssize_t
    slots: cython.Py_ssize_t = F.nweap[c] + F.has_shield[c]
    held: i64 = F.wielded[w + c]
    if pick < 0 or pick > 3:
        return WHY_NO_REACH
    if s < 0:
        if (F.reaches[c, held] >> pick) & 1 and whole(F, w, c, held):
            s = held
        else:
            for k in range(slots):
                if (F.reaches[c, k] >> pick) & 1 and whole(F, w, c, k):
                    s = k
                    break
    if s < 0 or s >= slots or not (F.reaches[c, s] >> pick) & 1 or not whole(F, w, c, s):
        return WHY_NO_REACH
    if needs_readying(F, w, c, s):
        return WHY_NOT_READY
    F.wielded[w + c] = s
    F.reach_pick[w + c] = pick
    return OK


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def ready_weapon(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, s: cython.Py_ssize_t) -> cython.void:
    """``c`` takes slot ``s`` in hand, its action this round (setting ``ready_weapon: action``; where readying is
    free, as the text says nothing of its cost, a blow with another weapon takes it in hand at once)."""
    F.wielded[w + c] = s
    emit(F, L_READY, c, s, 0, 0, 0, 0, 0, 0)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def weapon_refused(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, s: cython.Py_ssize_t) -> cython.int:
    """Why ``c`` cannot strike with slot ``s`` now (:func:`allowed`'s part on the weapon): not loaded, still being
    reloaded, broken."""
    if F.loaded[w + c, s] == 0:
        return WHY_NOT_LOADED
    if F.rnd[w] < F.reload_until[w + c, s]:
        return WHY_RELOADING
    if not whole(F, w, c, s):
        return WHY_BROKEN
    return OK


# --- the default policy ---------------------------------------------------------------------------------------------

@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def weakest_foe(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """The standing foe with the fewest hit points (the first listed on a tie); −1: none."""
    best: i64 = -1
    i: cython.Py_ssize_t
    for i in range(F.count):
        if F.side[i] != F.side[c] and standing(F, w, i) and (best < 0 or F.hp[w + i] < F.hp[w + best]):
            best = i
    return best


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def best_slot(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, d: i64, need_ready: cython.bint) -> i64:
    """The whole slot with the highest skill (the first on a tie) that reaches ``d`` metres, ready to strike when
    ``need_ready``; −1: none."""
    best: i64 = -1
    s: cython.Py_ssize_t
    slots: cython.Py_ssize_t = F.nweap[c] + F.has_shield[c]
    for s in range(slots):
        if not whole(F, w, c, s) or not reaches(F, c, s, d) or (need_ready and not ready(F, w, c, s)):
            continue
        if best < 0 or F.skill[c, s] > F.skill[c, best]:
            best = s
    return best


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def plan_move(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """The default policy's move in the movement phase (5.3): standing still when a whole weapon reaches the weakest
    foe; otherwise it closes, just enough for its longest shot, or to contact (at half or a quarter of its DEX, or
    30 m and only defences when the foe is that far)."""
    if not standing(F, w, c):
        return 0
    # Every move is towards the foes and none is negative: once ``c`` has closed the whole distance (or there is
    # none), it is in contact with every foe, whoever is the weakest.
    if F.distance0 < 0 or F.advanced[w + c] >= F.distance0:
        return 0
    t: i64 = weakest_foe(F, w, c)
    if t < 0:
        return 0
    d: i64 = distance(F, w, c, t)
    if d <= 0 or best_slot(F, w, c, d, False) >= 0:
        return 0
    longest: i64 = 0
    s: cython.Py_ssize_t
    for s in range(F.nweap[c]):
        if F.missile[c, s] and whole(F, w, c, s) and 3 * F.rng[c, s] > longest:
            longest = 3 * F.rng[c, s]
    need: i64 = d - longest
    return need if need < FULL_MOVE else FULL_MOVE


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def decide(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, out: cython.pointer(i64)) -> cython.void:
    """The default policy's action for ``c`` (see :mod:`estoc.systems.d100.policy`): ``out`` gets the action, its
    target, slot and wound."""
    i: cython.Py_ssize_t
    limit = cython.declare(i64[1])
    out[0] = A_PASS
    out[1] = -1
    out[2] = 0
    out[3] = 0
    # First aid: an ally dying with a wound not yet treated, when it knows how and may (5.14: not moved).
    if F.aid_skill[c] > 0:
        for i in range(F.count):
            if F.side[i] != F.side[c] or not F.present[w + i] or not dying(F, w, i):
                continue
            out[0] = A_FIRST_AID
            out[1] = i
            out[3] = -1
            if allowed(F, w, c, out, limit) == OK:
                out[3] = worst_wound(F, w, i)
                return
    out[0] = A_PASS
    out[1] = -1
    out[3] = 0
    t: i64 = weakest_foe(F, w, c)
    if t < 0:
        return
    d: i64 = distance(F, w, c, t)
    best: i64 = best_slot(F, w, c, d, False)
    if best < 0:
        return
    out[1] = t
    out[0] = A_ATTACK
    out[2] = best
    # (a standing foe: only the weapon can be refused)
    why: cython.int = weapon_refused(F, w, c, best)
    if why == WHY_NOT_LOADED:
        out[0] = A_RELOAD
        return
    if why == OK:
        if needs_readying(F, w, c, best):
            out[0] = A_READY
        return
    # still being reloaded: its best weapon ready
    out[0] = A_PASS
    out[2] = 0
    best = best_slot(F, w, c, d, True)
    if best >= 0:
        out[0] = A_READY if needs_readying(F, w, c, best) else A_ATTACK
        out[2] = best


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def tied(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """Whether another combatant standing and free to act this round acts at ``c``'s DEX rank (5.2: « en cas
    d'égalité de DEX »)."""
    rank: i64 = dex_rank(F, w, c)
    i: cython.Py_ssize_t
    if rank == 0:
        return False
    for i in range(F.count):  # noqa: SIM110 (a C loop)
        if i != c and standing(F, w, i) and dex_rank(F, w, i) == rank:
            return True
    return False


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def intend(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """5.2 and 5.4 for the default policy: once the moves are made, a combatant that shares its DEX rank with another
    (the one case where the text asks which weapon acts first) states the weapon it is about to act with (its blow
    as :func:`decide` sees it now), taken in hand at its own reach, as a GM's ``reach`` would. Returns the slot
    declared, or −1 (no tie, no blow planned, the weapon already in hand, or one that readying would delay: see
    :func:`declare`)."""
    if not standing(F, w, c) or not tied(F, w, c):
        return -1
    return intend_blow(F, w, c)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def intend_blow(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """:func:`intend`'s declaration for a combatant known to share its rank."""
    d = cython.declare(i64[4])
    decide(F, w, c, d)
    if d[0] != A_ATTACK or d[2] == F.wielded[w + c]:
        return -1
    if declare(F, w, c, F.reach[c, d[2]], d[2]) != OK:
        return -1
    return d[2]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def intend_ties(F: Fights, w: cython.Py_ssize_t) -> cython.bint:
    """:func:`intend` for every combatant of the order :func:`start_actions` has just sorted (equal ranks sit side by
    side there, so a tie is found by looking at the neighbours: no quadratic search in a simulated world). Returns
    whether one declared another weapon (the order is then sorted again)."""
    n: i64 = F.norder[w]
    k: i64
    changed: cython.bint = False
    if n < 2:
        return False
    before: i64 = -1
    rank: i64 = dex_rank(F, w, F.order[w])
    after: i64
    for k in range(n):
        after = dex_rank(F, w, F.order[w + k + 1]) if k + 1 < n else -1
        if (rank == before or rank == after) and intend_blow(F, w, F.order[w + k]) >= 0:  # noqa: SIM109 (nogil C)
            changed = True
        before = rank
        rank = after
    return changed


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def preferred(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t
              ) -> cython.int:
    """The defence the policy has ``t`` oppose to ``a``'s blow with slot ``s`` (5.6 « Parade », 5.7 « Esquive »: the
    defender chooses, after the attack): its preference ``F.defends[t]`` where the rules allow it, else the default
    (:data:`D_BEST`: a parry where allowed, else a dodge, else none). :data:`D_BEST`, the preference of everyone an
    encounter does not set, gives the default's choice exactly; :data:`D_NONE` is always allowed."""
    probe = cython.declare(i64[4])
    wanted: cython.int = F.defends[t]
    if wanted in (D_BEST, D_NONE):
        return wanted
    if defence(F, w, a, s, t, wanted, -1, probe) == OK:
        return wanted
    return D_BEST


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def act(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, d: cython.pointer(i64)) -> cython.void:
    """Carry out the decision ``d`` (as :func:`decide` writes it); the defender answers with the defence it prefers
    (:func:`preferred`: by default the best allowed)."""
    if d[0] == A_ATTACK:
        attack(F, w, c, d[1], d[2], preferred(F, w, c, d[1], d[2]), -1, -1, False, 0)
    elif d[0] == A_RELOAD:
        reload(F, w, c, d[2])
    elif d[0] == A_FIRST_AID:
        first_aid(F, w, c, d[1], d[3])
    elif d[0] == A_READY:
        ready_weapon(F, w, c, d[2])
    else:
        emit(F, L_PASS, c, 0, 0, 0, 0, 0, 0, 0)


# --- whole fights ---------------------------------------------------------------------------------------------------

OUT_DOWN = cython.declare(const_int, 1)
OUT_DEAD = cython.declare(const_int, 2)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def fresh(F: Fights, w: cython.Py_ssize_t, world: i64) -> cython.void:
    """Slot ``w`` set to the start of a fight (5.12: everyone at full hit points, unhurt; weapons loaded as they come),
    with the keyed dice of world ``world`` of the run (``world`` < 0: the dice are left alone, play's)."""
    c: cython.Py_ssize_t
    k: cython.Py_ssize_t
    F.rnd[w] = 0
    F.phase[w] = PH_MOVEMENT
    F.turn[w] = 0
    F.norder[w] = 0
    for c in range(F.count):
        F.hp[w + c] = F.hp_max[c]
        F.unconscious[w + c] = 0
        F.hours[w + c] = 0
        F.dead[w + c] = 0
        F.present[w + c] = 1
        F.up[w + c] = 1
        F.kneeling[w + c] = 0
        F.moved[w + c] = 0
        F.advanced[w + c] = 0
        F.reach_pick[w + c] = -1
        F.wielded[w + c] = 0
        F.busy[w + c] = -1
        F.group_ok[w + c] = 0
        F.shield_hp[w + c] = F.shield_hp0[c]
        F.shield_points[w + c] = F.shield_points0[c]
        F.wound_count[w + c] = 0
        F.dealt[w + c] = 0
        F.taken[w + c] = 0
        F.hits[w + c] = 0
        F.specials[w + c] = 0
        F.specials_taken[w + c] = 0
        F.downed[w + c] = 0
        F.acted_rounds[w + c] = 0
        for k in range(MAX_WOUNDS):
            F.wounds[w + c, k] = 0
            F.treated[w + c, k] = 0
        for k in range(F.width):
            F.whp[w + c, k] = F.whp0[c, k]
            F.loaded[w + c, k] = F.loaded0[c, k]
            F.reload_until[w + c, k] = 0
    if world >= 0:
        seed_world(F, w, world)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def begin(F: Fights, w: cython.Py_ssize_t) -> cython.void:
    """The first round's movement phase."""
    F.rnd[w] = 1
    F.phase[w] = PH_MOVEMENT
    emit(F, L_ROUND, 1, 0, 0, 0, 0, 0, 0, 0)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def fight_world(F: Fights, w: cython.Py_ssize_t, world: i64, max_rounds: i64) -> cython.void:
    """Play world ``world`` in slot ``w`` from its start to its end (or ``max_rounds`` rounds), every decision the
    default policy's (the same steps as play's ``auto``: the moves in the list's order, then the ranks), and keep
    what it came to."""
    fresh(F, w, world)
    begin(F, w)
    d = cython.declare(i64[4])
    c: cython.Py_ssize_t
    a: i64
    m: i64
    while F.phase[w] != PH_OVER:
        for c in range(F.count):
            m = plan_move(F, w, c)
            if m > 0:
                move(F, w, c, m)
        start_actions(F, w)
        if intend_ties(F, w):
            start_actions(F, w)
        a = advance(F, w, max_rounds)
        while a >= 0:
            decide(F, w, a, d)
            act(F, w, a, d)
            a = advance(F, w, max_rounds)
    over: cython.bint = sides_standing(F, w) <= 1
    F.out_winner[world] = winner(F, w) if over else -1
    F.out_over[world] = over
    F.out_rounds[world] = F.rnd[w]
    F.out_dice[world] = dice_drawn(F, w)
    flags: i64
    for c in range(F.count):
        flags = 0
        if out_of_fight(F, w, c) or F.hp[w + c] <= 0:
            flags |= OUT_DOWN
        if F.dead[w + c]:
            flags |= OUT_DEAD
        F.out_state[world, c] = flags
        F.out_hp[world, c] = F.hp[w + c]
        F.out_dealt[world, c] = F.dealt[w + c]
        F.out_taken[world, c] = F.taken[w + c]
        F.out_specials[world, c] = F.specials_taken[w + c]


def play_all(F: Fights, worlds: cython.longlong, max_rounds: cython.longlong, threads: cython.int) -> None:
    """Play ``worlds`` worlds to their end on ``threads`` threads, each thread in its own slot (keyed dice only);
    what each came to is in the outputs (``out_*``)."""
    check_run(F, worlds, threads)
    world: cython.Py_ssize_t
    for world in prange(worlds, nogil=True, num_threads=threads, schedule="dynamic", chunksize=CHUNK):
        fight_world(F, slot_of(F, threadid()), world, max_rounds)


# --- entries for play (one world, called from Python) -----------------------------------------------------------

def py_fresh(F: Fights, w: cython.Py_ssize_t) -> None:
    fresh(F, w * F.count, -1)


def py_begin(F: Fights, w: cython.Py_ssize_t) -> None:
    begin(F, w * F.count)


def py_move(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, metres: cython.longlong) -> None:
    move(F, w * F.count, c, metres)


def py_start_actions(F: Fights, w: cython.Py_ssize_t) -> None:
    start_actions(F, w * F.count)


def py_advance(F: Fights, w: cython.Py_ssize_t, max_rounds: cython.longlong) -> int:
    return advance(F, w * F.count, max_rounds)


def py_end_round(F: Fights, w: cython.Py_ssize_t, max_rounds: cython.longlong) -> None:
    end_round(F, w * F.count, max_rounds)


def py_plan_move(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> int:
    return plan_move(F, w * F.count, c)


def py_decide(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> tuple:
    """The default policy's decision for ``c``: (action, target, slot, wound)."""
    d = cython.declare(i64[4])
    decide(F, w * F.count, c, d)
    return (d[0], d[1], d[2], d[3])


def py_intend(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> int:
    """:func:`intend`: the weapon the policy declares for ``c`` before the actions (−1: none)."""
    return intend(F, w * F.count, c)


def py_preferred(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t,
                 s: cython.Py_ssize_t) -> int:
    """:func:`preferred` for play: the defence ``t`` opposes when the GM names none."""
    return preferred(F, w * F.count, a, t, s)


def py_defence(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, s: cython.Py_ssize_t, t: cython.Py_ssize_t,
               wanted: cython.int, parry_slot: cython.longlong) -> tuple:
    """The defence ``t`` would oppose: (kind, chance, protection, item), or ``None`` when not allowed."""
    d = cython.declare(i64[4])
    if defence(F, w * F.count, a, s, t, wanted, parry_slot, d) != OK:
        return None
    return (d[0], d[1], d[2], d[3])


def py_defence_refused(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, s: cython.Py_ssize_t,
                       t: cython.Py_ssize_t, wanted: cython.int, parry_slot: cython.longlong) -> int:
    """Why ``t`` may not oppose the defence ``wanted`` to ``a``'s blow with slot ``s`` (:data:`OK`: it may)."""
    d = cython.declare(i64[4])
    return defence(F, w * F.count, a, s, t, wanted, parry_slot, d)


def py_chance(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, s: cython.Py_ssize_t, t: cython.Py_ssize_t,
              d: cython.longlong, difficult: cython.bint, mod: cython.longlong) -> int:
    """The attacker's chance (−1: out of reach) at ``d`` metres (−1: the kernel's distance)."""
    if d < 0:
        d = distance(F, w * F.count, a, t)
    return chance(F, a, s, d, difficult, mod)


def py_distance(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t) -> int:
    return distance(F, w * F.count, a, t)


def py_attack(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
              wanted: cython.int, parry_slot: cython.longlong, d: cython.longlong, difficult: cython.bint,
              mod: cython.longlong) -> bool:
    return attack(F, w * F.count, a, t, s, wanted, parry_slot, d, difficult, mod)


def py_exchange(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
                p: cython.longlong, wanted: cython.int, parry_slot: cython.longlong) -> bool:
    """One attack at a chance already known (``estoc attack``: the kernel's, or the one the GM typed)."""
    return exchange(F, w * F.count, a, t, s, p, wanted, parry_slot)


def py_bonus_share(F: Fights, a: cython.Py_ssize_t, s: cython.Py_ssize_t, bonus: cython.longlong) -> int:
    return bonus_share(F, a, s, bonus)


def py_blow(F: Fights, a: cython.Py_ssize_t, s: cython.Py_ssize_t, roll: cython.longlong, bonus: cython.longlong,
            special: cython.bint) -> int:
    return blow(F, a, s, roll, bonus, special)


def py_absorb(total: cython.longlong, protection: cython.longlong, armour: cython.longlong) -> tuple:
    """What the parrying item stops, what the armour stops, what the body takes, whether the item is worn."""
    out = cython.declare(i64[4])
    absorb(total, protection, armour, out)
    return (out[0], out[1], out[2], out[3] != 0)


def py_falls(hp: cython.longlong) -> tuple:
    """5.12: what ``hp`` hit points left mean: (unconscious, dying) for one standing before the blow."""
    return (knocked_out(hp), mortal(hp))


def py_first_aid(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t,
                 k: cython.Py_ssize_t) -> None:
    first_aid(F, w * F.count, a, t, k)


def py_reload(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, s: cython.Py_ssize_t) -> None:
    reload(F, w * F.count, a, s)


def py_pass(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t) -> None:
    emit(F, L_PASS, a, 0, 0, 0, 0, 0, 0, 0)


def py_take_wound(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, damage: cython.longlong,
                  roll_hours: cython.bint) -> bool:
    return take_wound(F, w * F.count, c, damage, roll_hours)


def py_rest(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, ideal: cython.bint) -> None:
    """5.14: a week of rest: 1D3 hit points back (« healing »; 3 in ideal care), never above the maximum."""
    w = w * F.count
    gained: i64 = HEAL_DIE if ideal else die(F, w, P_HEALING, HEAL_DIE, c)
    top: i64 = F.hp_max[c] if F.hp_max[c] > F.hp[w + c] else F.hp[w + c]
    F.hp[w + c] = F.hp[w + c] + gained if F.hp[w + c] + gained < top else top


def py_quality(F: Fights, roll: cython.longlong, p: cython.longlong) -> int:
    return quality(F, roll, p)


def py_ready(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, s: cython.Py_ssize_t) -> bool:
    return ready(F, w * F.count, c, s)


def py_dex_rank(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> int:
    return dex_rank(F, w * F.count, c)


def py_dying(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> bool:
    return dying(F, w * F.count, c)


def py_standing(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> bool:
    return standing(F, w * F.count, c)


def py_stand(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> None:
    """After the GM set ``present`` or ``unconscious`` of ``c``."""
    stand(F, w * F.count, c)


def py_sides_standing(F: Fights, w: cython.Py_ssize_t) -> int:
    return sides_standing(F, w * F.count)


def py_winner(F: Fights, w: cython.Py_ssize_t) -> int:
    return winner(F, w * F.count)


def py_move_divisor(metres: cython.longlong) -> int:
    return move_divisor(metres)


def py_allowed(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, decision: tuple) -> tuple:
    """:func:`allowed` for play: (the code, the number it names) for a decision tuple (as :func:`py_decide`)."""
    d = cython.declare(i64[4])
    limit = cython.declare(i64[1])
    k: cython.int
    for k in range(4):
        d[k] = decision[k]
    code: cython.int = allowed(F, w * F.count, c, d, limit)
    return (code, limit[0])


def py_move_refused(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, metres: cython.longlong) -> int:
    """:func:`move_refused`: why ``c`` may not move ``metres`` (:data:`OK`: it may)."""
    return move_refused(F, w * F.count, c, metres)


def py_declare(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, pick: cython.longlong,
               s: cython.longlong) -> int:
    """:func:`declare`: ``c`` will act at reach ``pick`` with slot ``s`` (−1: the kernel's pick); the code."""
    return declare(F, w * F.count, c, pick, s)


def py_ready_weapon(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, s: cython.Py_ssize_t) -> None:
    ready_weapon(F, w * F.count, c, s)


def py_struck_armour(F: Fights, t: cython.Py_ssize_t, parried: cython.bint) -> int:
    """:func:`struck_armour`: the armour points a blow on ``t`` meets (after a parry where ``parried``)."""
    return struck_armour(F, t, parried)


def py_worst_wound(F: Fights, w: cython.Py_ssize_t, t: cython.Py_ssize_t) -> int:
    """:func:`worst_wound`: the wound first aid treats when none is named (−1: none left)."""
    return worst_wound(F, w * F.count, t)


def py_codes() -> dict:
    """The kernel's codes and rule constants, for Python to read rather than mirror (name → value): ``actions``,
    ``reasons`` (:func:`allowed`'s), ``purposes`` (of the dice), ``qualities`` (of a roll), ``results`` (of a blow),
    ``defences``, ``items`` (what stops a blow besides the armour), ``phases``, ``outcomes`` (a simulated world's
    flags) and ``rules`` (the numbers of the rules). ``ACTIONS``, ``REASONS`` and ``PURPOSES`` name codes in order."""
    return {
        "actions": {"pass": A_PASS, "attack": A_ATTACK, "reload": A_RELOAD, "first-aid": A_FIRST_AID,
                    "ready": A_READY},
        "reasons": {"ok": OK, "no-wound": WHY_NO_WOUND, "moved": WHY_MOVED, "all-treated": WHY_ALL_TREATED,
                    "no-such-wound": WHY_NO_SUCH_WOUND, "treated": WHY_TREATED, "not-loaded": WHY_NOT_LOADED,
                    "reloading": WHY_RELOADING, "broken": WHY_BROKEN, "no-reload": WHY_NO_RELOAD,
                    "same-side": WHY_SAME_SIDE, "out": WHY_OUT, "unknown": WHY_UNKNOWN,
                    "aiding": WHY_AIDING, "unstoppable": WHY_UNSTOPPABLE, "shield-hands": WHY_SHIELD_HANDS,
                    "missile-parry": WHY_MISSILE_PARRY, "no-parry": WHY_NO_PARRY, "no-dodge": WHY_NO_DODGE,
                    "not-held": WHY_NOT_HELD, "held-no-parry": WHY_HELD_NO_PARRY, "too-far": WHY_TOO_FAR,
                    "no-contact": WHY_NO_CONTACT, "dead": WHY_DEAD, "no-reach": WHY_NO_REACH,
                    "not-ready": WHY_NOT_READY},
        "purposes": {"attack": P_ATTACK, "defence": P_DEFENCE, "damage": P_DAMAGE, "damage-bonus": P_BONUS,
                     "unconscious": P_UNCONSCIOUS, "first-aid": P_AID, "first-aid-heal": P_AID_HEAL,
                     "healing": P_HEALING},
        "qualities": {"special": Q_SPECIAL, "success": Q_SUCCESS, "failure": Q_FAILURE, "fumble": Q_FUMBLE,
                      "none": Q_NONE},
        "results": {"miss": R_MISS, "stopped": R_STOPPED, "hit": R_HIT, "special": R_SPECIAL},
        "defences": {"none": D_NONE, "parry": D_PARRY, "dodge": D_DODGE, "best": D_BEST},
        "items": {"shield": ITEM_SHIELD, "none": ITEM_NONE},
        "phases": {"movement": PH_MOVEMENT, "actions": PH_ACTIONS, "over": PH_OVER},
        "outcomes": {"down": OUT_DOWN, "dead": OUT_DEAD},
        "logs": {"round": L_ROUND, "move": L_MOVE, "order": L_ORDER, "rank": L_RANK, "defending": L_DEFENDING,
                 "skip": L_SKIP, "strike": L_STRIKE, "rolls": L_ROLLS, "damage": L_DAMAGE, "wound": L_WOUND,
                 "aid": L_AID, "reload": L_RELOAD, "pass": L_PASS, "end": L_END, "died": L_DIED, "over": L_OVER,
                 "ready": L_READY},
        "rules": {"UNCONSCIOUS_AT": UNCONSCIOUS_AT, "UNCONSCIOUS_DIE": UNCONSCIOUS_DIE, "AID_DIE": AID_DIE,
                  "HEAL_DIE": HEAL_DIE, "MAX_WOUNDS": MAX_WOUNDS, "FULL_MOVE": FULL_MOVE, "WEAR_BREAK": WEAR_BREAK,
                  "WEAR_ONE_POINT": WEAR_ONE_POINT, "MAX_TERMS": MAX_TERMS, "SLOT_STRIDE": SLOT_STRIDE,
                  "KERNEL_LIMIT": KERNEL_LIMIT},
    }
