# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""The One Ring house rules' fight as one scalar kernel over worlds: every rule of the round, written once.

A *world* is one fight. :class:`Fights` holds W worlds of one encounter: the combatants' sheets (one row each,
shared by every world), and each world's state: endurance, wounds, Hope, stances, who is engaged with whom, what
lasts a round (fend off, intimidation, held position, counter-attacks…), what lasts longer (a challenge, a
protection, a complication, gear on the ground) and its cursor (round, phase, order, turn). Each rule is a small
function of one world ``w``; its docstring names the section of the house text (« Combats », rules/003) where a GM
can check it.

Compiled at install (Cython 3, pure-Python mode); the same source runs interpreted, and the tests hold the two forms
equal die for die. Play is this kernel on one world, each GM command a forced decision
(:mod:`estoc.systems.tor.fight` checks it and tells what happened from the log); simulation is :func:`play_all`
over many worlds in parallel threads, every decision the default policy's (:func:`decide`).

Dice are never created here: in simulation the ``k``-th die world ``w`` rolls for a purpose is a hash of (key,
world, purpose, k), computed inline; in play each face comes from a Python dice source (typed faces first).

Readings where the text leaves a choice are documented where they are made (see also docs/tor.md).
"""

import cython
from cython.parallel import prange, threadid

# The shared core (dice, log, the run's slots), included here: see :mod:`estoc.engine.kcore`.
from estoc.engine.kcore import (  # isort: skip: one compact statement, where the core is included
    CHUNK, MASK, SLOT_STRIDE, Core, check_run, const_int, dice_drawn, die, emit, half_up, i64, keyed_face,
    seed_world, slot_of, stream_of, u64)

# --- purposes of the dice (a roll's feat die, then its success dice under the next purpose) -----------------------
P_ATTACK = cython.declare(const_int, 0)
P_PROTECTION = cython.declare(const_int, 2)
P_TASK = cython.declare(const_int, 4)
P_WOUND = cython.declare(const_int, 6)
PURPOSES = ("attack", "attack-success", "protection", "protection-success", "task", "task-success", "wound")

# --- the feat die ---------------------------------------------------------------------------------------------------
EYE = cython.declare(const_int, 11)
RUNE = cython.declare(const_int, 12)
TENGWAR = cython.declare(const_int, 6)
WEARY_BLANK = cython.declare(const_int, 3)
PIERCING_FEAT = cython.declare(const_int, 10)
FEND_OFF_CAP = cython.declare(const_int, 10)
TWO_HANDED_HEAVY = cython.declare(const_int, 1)
DYING_WOUNDS = cython.declare(const_int, 2)
MAX_ASSIGNED = cython.declare(const_int, 3)
SNEAK_MAX = cython.declare(const_int, 3)
HARASS_MAX = cython.declare(const_int, 2)

# --- stances, phases ------------------------------------------------------------------------------------------------
FORWARD = cython.declare(const_int, 0)
OPEN = cython.declare(const_int, 1)
DEFENSIVE = cython.declare(const_int, 2)
REARWARD = cython.declare(const_int, 3)
STANCES = ("forward", "open", "defensive", "rearward")
PH_VOLLEYS = cython.declare(const_int, 0)
PH_STANCES = cython.declare(const_int, 1)
PH_ENGAGEMENT = cython.declare(const_int, 2)
PH_RESOLUTION = cython.declare(const_int, 3)
PH_OVER = cython.declare(const_int, 4)
PHASES = ("volleys", "stances", "engagement", "resolution", "over")

# --- combat tasks (the order of estoc.systems.tor.names.TASK_IDS) --------------------------------------------------
T_INTIMIDATE = cython.declare(const_int, 0)
T_CHALLENGE = cython.declare(const_int, 1)
T_TWO_WEAPONS = cython.declare(const_int, 2)
T_RALLY = cython.declare(const_int, 3)
T_ENCOURAGE = cython.declare(const_int, 4)
T_SNEAK = cython.declare(const_int, 5)
T_PROTECT = cython.declare(const_int, 6)
T_HOLD = cython.declare(const_int, 7)
T_COUNTER = cython.declare(const_int, 8)
T_AIM = cython.declare(const_int, 9)
T_HARASS = cython.declare(const_int, 10)
T_SKIRMISH = cython.declare(const_int, 11)
T_CANCEL = cython.declare(const_int, 12)
T_ADVANTAGE = cython.declare(const_int, 13)
T_YIELD = cython.declare(const_int, 14)
T_REDUCE = cython.declare(const_int, 15)
N_TASKS = cython.declare(const_int, 16)
SECONDARY = cython.declare(const_int, (1 << 1) | (1 << 2) | (1 << 5) | (1 << 7) | (1 << 15))
"""The tasks taken beside the main action, one bit each (see :func:`is_secondary`)."""

# --- special damage -------------------------------------------------------------------------------------------------
S_NONE = cython.declare(const_int, 0)
S_HEAVY = cython.declare(const_int, 1)
S_FEND = cython.declare(const_int, 2)
S_PIERCE = cython.declare(const_int, 3)
S_SHIELD = cython.declare(const_int, 4)
S_AUTO = cython.declare(const_int, 5)
SPECIALS = ("none", "heavy", "fend", "pierce", "shield", "auto")

# --- gear on the ground (bits of ``dropped``) -----------------------------------------------------------------------
G_HELM = cython.declare(const_int, 1)
G_SHIELD = cython.declare(const_int, 2)
G_WEAPON = cython.declare(const_int, 4)
"""Weapon s lies on the ground: bit ``G_WEAPON << s``."""

# --- actions (the policy's decisions, the GM's commands): d[0] kind, d[1] target, d[2] weapon, d[3] task, d[4]
# special, d[5] item bits, d[6] flags (1 more attacks, 2 spread), d[7] Hope spent ---------------------------------
A_PASS = cython.declare(const_int, 0)
A_ATTACK = cython.declare(const_int, 1)
A_TASK = cython.declare(const_int, 2)
A_REGAIN = cython.declare(const_int, 3)
A_PICKUP = cython.declare(const_int, 4)
A_SHOOT = cython.declare(const_int, 5)
"""A shot of the opening volleys (``d[1]`` target, ``d[2]`` bow, ``d[4]`` special, ``d[7]`` Hope)."""
A_ENGAGE = cython.declare(const_int, 6)
"""A hero picks the adversary ``d[1]`` (the heroes choose when not outnumbered)."""
A_ASSIGN = cython.declare(const_int, 7)
"""The GM gives a hero the adversary ``d[1]``, one of ``d[6]`` given it at once (when outnumbered)."""
A_STANCES = cython.declare(const_int, 8)
"""The stances are taken: the engagement may begin."""
A_STANCE = cython.declare(const_int, 9)
"""A combatant takes the stance ``d[3]``."""
A_YIELD = cython.declare(const_int, 10)
"""The hero the last blow struck yields ground."""
A_BACK = cython.declare(const_int, 11)
"""The GM keeps the adversary ``c`` at the rear."""
F_MORE = cython.declare(const_int, 1)
F_SPREAD = cython.declare(const_int, 2)

# --- why an action is refused (:func:`allowed`; play words each one for the GM) ------------------------------------
R_OK = cython.declare(const_int, 0)
R_NOT_FOE = cython.declare(const_int, 1)
R_NO_WEAPON = cython.declare(const_int, 2)
R_DROPPED = cython.declare(const_int, 3)
R_NO_BASH = cython.declare(const_int, 4)
R_RANGED_IN_CLOSE = cython.declare(const_int, 5)
R_NOT_ENGAGED = cython.declare(const_int, 6)
R_NO_SHIELD = cython.declare(const_int, 7)
R_FEND_RANGED = cython.declare(const_int, 8)
R_NO_PIERCE = cython.declare(const_int, 9)
R_HOPE_HERO = cython.declare(const_int, 10)
R_NO_HOPE = cython.declare(const_int, 11)
R_REGAIN = cython.declare(const_int, 12)
R_NOTHING_TO_REGAIN = cython.declare(const_int, 13)
R_SHOT = cython.declare(const_int, 14)
R_NO_BOW = cython.declare(const_int, 15)
R_TASK_HERO = cython.declare(const_int, 16)
R_TASK_OFF = cython.declare(const_int, 17)
R_TASK_STANCE = cython.declare(const_int, 18)
R_SECONDARY = cython.declare(const_int, 19)
R_NO_SONG = cython.declare(const_int, 20)
R_SNEAK_ENGAGED = cython.declare(const_int, 21)
R_NO_COUNTER_WEAPON = cython.declare(const_int, 22)
R_COMPLICATED = cython.declare(const_int, 23)
R_TARGET = cython.declare(const_int, 24)
R_CHALLENGE = cython.declare(const_int, 25)
R_SECOND_WEAPON = cython.declare(const_int, 26)
R_NO_SECOND = cython.declare(const_int, 27)
R_CANCEL_WHO = cython.declare(const_int, 28)
R_NO_COMPLICATION = cython.declare(const_int, 29)
R_ALREADY_DROPPED = cython.declare(const_int, 30)
R_NOT_DROPPED = cython.declare(const_int, 31)
R_REAR_CLOSED = cython.declare(const_int, 32)
R_OUTNUMBERED = cython.declare(const_int, 33)
R_ENGAGE_SIDES = cython.declare(const_int, 34)
R_REAR_ENGAGES = cython.declare(const_int, 35)
R_ENGAGE_ORDER = cython.declare(const_int, 36)
R_ENGAGE_FREE = cython.declare(const_int, 37)
R_ASSIGN_COUNT = cython.declare(const_int, 38)
R_TAKEN = cython.declare(const_int, 39)
R_ASSIGN_FOE = cython.declare(const_int, 40)
R_STANCE_HERO = cython.declare(const_int, 41)
R_YIELDED = cython.declare(const_int, 42)
R_NO_YIELD = cython.declare(const_int, 43)
R_BACK_FREE = cython.declare(const_int, 44)
R_SHOOTER_DOWN = cython.declare(const_int, 45)
R_HOPE_OFF = cython.declare(const_int, 46)

# --- the policy's moments, a hero's own (``hope_use``, ``aim``: estoc's policy, which estoc balance searches) -------
H_NEVER = cython.declare(const_int, 0)
H_FINISHING = cython.declare(const_int, 1)
"""A Hope on a blow that would fell its foe, while it keeps at least half its Hope (the default before 2026-12)."""
H_ATTACKS = cython.declare(const_int, 2)
"""A Hope on every attack while it keeps at least half its Hope."""
H_ALL = cython.declare(const_int, 3)
"""A Hope on every attack and every task roll, to the last."""
H_TURNING = cython.declare(const_int, 4)
"""The default: a Hope when the die it buys turns a likely miss into a hit, while it keeps at least half its Hope
(:func:`spends_hope`)."""
AIM_WEAKEST = cython.declare(const_int, 0)
"""The default: the foe with the least endurance."""
AIM_DANGEROUS = cython.declare(const_int, 1)
"""The foe rolling the most success dice with its first weapon (the least endurance among equals)."""

# --- the log (play only) --------------------------------------------------------------------------------------------
L_ROUND = cython.declare(const_int, 1)      # round
L_ATTACK = cython.declare(const_int, 2)     # attacker, target, weapon, dice, mode (0, 1 favoured, 2 ill), tn,
                                             # weary, complication
L_ROLL = cython.declare(const_int, 3)       # feat, total, success, tengwar, special, endurance, piercing, wounded
L_AFTER = cython.declare(const_int, 4)      # parry now (or -1), fallen, weary now, protection weary, hope spent
L_THRUST = cython.declare(const_int, 5)     # an adversary a shield thrust reached
L_COUNTER = cython.declare(const_int, 6)    # hero, foe, endurance (or -1: a wound), wounded, protection total
L_TASK = cython.declare(const_int, 7)       # actor, task, success, tengwar, weary, complication, hope spent
L_EFFECT = cython.declare(const_int, 8)     # task, then what it did (see the task)
L_SEVERITY = cython.declare(const_int, 9)   # hero, the feat face of its wound's severity, fatal
L_TARGETS = cython.declare(const_int, 10)   # task, a combatant it reached, a number
L_END_ROUND = cython.declare(const_int, 11)  # round
L_OVER = cython.declare(const_int, 12)

OUT_DOWN = cython.declare(const_int, 1)
OUT_DEAD = cython.declare(const_int, 2)
OUT_OVER = cython.declare(const_int, 8)


@cython.cclass
class Fights(Core):
    """W worlds of one encounter: the sheets and each world's state (built by :mod:`.worlds`; the sides, the dice
    and the log are the core's, :class:`estoc.engine.kcore.Core`).

    A world's state is a row of ``count`` entries in flat arrays: the kernel's ``w`` is the row's first entry (the
    world's index times ``count``), a combatant's entry ``w + c``; the cursor and the dice are read at ``w``. One
    index instead of two spares a stride loaded and multiplied on every access. The ``py_*`` entries take a world's
    index and convert it; :func:`estoc.systems.tor.worlds.array` shows Python ``(W, C)`` views."""

    # sheets (C,) and weapons (C, S)
    heroes = cython.declare(cython.int, visibility="public")
    """The heroes come first (``0 … heroes − 1``), then the adversaries: a loop over one side scans only it."""
    width = cython.declare(cython.int, visibility="public")
    corps = cython.declare(cython.int[::1], visibility="public")
    corps_tn = cython.declare(cython.int[::1], visibility="public")
    parry0 = cython.declare(cython.int[::1], visibility="public")
    protection0 = cython.declare(cython.int[::1], visibility="public")
    endurance_max = cython.declare(cython.int[::1], visibility="public")
    might = cython.declare(cython.int[::1], visibility="public")
    valour = cython.declare(cython.int[::1], visibility="public")
    songs0 = cython.declare(cython.int[::1], visibility="public")
    hope_max = cython.declare(cython.int[::1], visibility="public")
    load0 = cython.declare(cython.int[::1], visibility="public")
    helm_prot = cython.declare(cython.int[::1], visibility="public")
    helm_load = cython.declare(cython.int[::1], visibility="public")
    has_helm = cython.declare(cython.int[::1], visibility="public")
    shield_parry = cython.declare(cython.int[::1], visibility="public")
    shield_load = cython.declare(cython.int[::1], visibility="public")
    has_shield = cython.declare(cython.int[::1], visibility="public")
    stance0 = cython.declare(cython.int[::1], visibility="public")
    complication0 = cython.declare(cython.int[::1], visibility="public")
    weapons = cython.declare(cython.int[::1], visibility="public")
    rating = cython.declare(cython.int[:, ::1], visibility="public")
    damage = cython.declare(cython.int[:, ::1], visibility="public")
    injury = cython.declare(cython.int[:, ::1], visibility="public")
    ranged = cython.declare(cython.int[:, ::1], visibility="public")
    two_handed = cython.declare(cython.int[:, ::1], visibility="public")
    pierce = cython.declare(cython.int[:, ::1], visibility="public")
    fend = cython.declare(cython.int[:, ::1], visibility="public")
    bash = cython.declare(cython.int[:, ::1], visibility="public")
    kin = cython.declare(cython.int[:, ::1], visibility="public")
    """Which of its weapons ``s`` is: the column of its first grip (a weapon held in one hand or two is two columns,
    ``X`` and ``X-a-deux-mains``, of one kin): a second blow is struck with a weapon of another kin."""
    wload = cython.declare(cython.int[:, ::1], visibility="public")
    skill = cython.declare(cython.int[:, ::1], visibility="public")
    task_tn = cython.declare(cython.int[:, ::1], visibility="public")
    plan = cython.declare(cython.int[:, ::1], visibility="public")
    nplan = cython.declare(cython.int[::1], visibility="public")
    hope_use = cython.declare(cython.int[::1], visibility="public")
    aim = cython.declare(cython.int[::1], visibility="public")
    # settings
    tasks_on = cython.declare(cython.int[::1], visibility="public")
    load_on = cython.declare(cython.int, visibility="public")
    volleys = cython.declare(cython.int, visibility="public")
    fatal = cython.declare(cython.int, visibility="public")
    rear_free = cython.declare(cython.int, visibility="public")
    """The ground lets heroes stay at the rear whatever the numbers (« une falaise abrupte »: the GM's word)."""
    hope_on = cython.declare(cython.int, visibility="public")
    """Heroes may spend Hope (the 2nd edition's +1d; the house text says nothing of it)."""
    # each world's cursor (W,)
    rnd = cython.declare(i64[::1], visibility="public")
    phase = cython.declare(i64[::1], visibility="public")
    turn = cython.declare(i64[::1], visibility="public")
    norder = cython.declare(i64[::1], visibility="public")
    order = cython.declare(i64[::1], visibility="public")
    waiting = cython.declare(i64[::1], visibility="public")
    last_target = cython.declare(i64[::1], visibility="public")
    last_lost = cython.declare(i64[::1], visibility="public")
    last_round = cython.declare(i64[::1], visibility="public")
    rally = cython.declare(i64[:, ::1], visibility="public")
    rally_next = cython.declare(i64[:, ::1], visibility="public")
    # each world's combatants (W, C)
    endurance = cython.declare(i64[::1], visibility="public")
    wounds = cython.declare(i64[::1], visibility="public")
    dying = cython.declare(i64[::1], visibility="public")
    hope = cython.declare(i64[::1], visibility="public")
    stance = cython.declare(i64[::1], visibility="public")
    songs = cython.declare(i64[::1], visibility="public")
    dropped = cython.declare(i64[::1], visibility="public")
    complication = cython.declare(i64[::1], visibility="public")
    regain = cython.declare(i64[::1], visibility="public")
    challenge = cython.declare(i64[::1], visibility="public")
    next_dice = cython.declare(i64[::1], visibility="public")
    sneak_dice = cython.declare(i64[::1], visibility="public")
    """The part of ``next_dice`` a sneak attack gave: it is for an attack of this round only."""
    lasting_dice = cython.declare(i64[::1], visibility="public")
    shot = cython.declare(i64[::1], visibility="public")
    back = cython.declare(i64[::1], visibility="public")
    protector = cython.declare(i64[::1], visibility="public")
    protected_dice = cython.declare(i64[::1], visibility="public")
    protected_left = cython.declare(i64[::1], visibility="public")
    yielded = cython.declare(i64[::1], visibility="public")
    # kept in step with the above by the kernel (``settle``, ``engage``, ``new_round``): who stands, how many
    # standing combatants each one is engaged with, with how many it is engaged, what its gear weighs, how many
    # stand on each side
    up = cython.declare(i64[::1], visibility="public")
    foes = cython.declare(i64[::1], visibility="public")
    links = cython.declare(i64[::1], visibility="public")
    load = cython.declare(i64[::1], visibility="public")
    alive = cython.declare(i64[:, ::1], visibility="public")
    # what lasts a round (W, C)
    parry = cython.declare(i64[::1], visibility="public")
    dice = cython.declare(i64[::1], visibility="public")
    weary = cython.declare(i64[::1], visibility="public")
    held = cython.declare(i64[::1], visibility="public")
    holding = cython.declare(i64[::1], visibility="public")
    counter_left = cython.declare(i64[::1], visibility="public")
    counter_wound = cython.declare(i64[::1], visibility="public")
    counter_ill = cython.declare(i64[::1], visibility="public")
    skirmish = cython.declare(i64[::1], visibility="public")
    two_weapons = cython.declare(i64[::1], visibility="public")
    secondary = cython.declare(i64[::1], visibility="public")
    engaged = cython.declare(i64[:, ::1], visibility="public")
    # tallies (W, C), (W, C, T)
    dealt = cython.declare(i64[::1], visibility="public")
    taken = cython.declare(i64[::1], visibility="public")
    wounds_dealt = cython.declare(i64[::1], visibility="public")
    downed = cython.declare(i64[::1], visibility="public")
    tasks_done = cython.declare(i64[::1], visibility="public")
    hope_spent = cython.declare(i64[::1], visibility="public")
    tried = cython.declare(i64[:, ::1], visibility="public")
    worked = cython.declare(i64[:, ::1], visibility="public")
    # simulation's outputs, one row per world
    out_winner = cython.declare(i64[::1], visibility="public")
    out_rounds = cython.declare(i64[::1], visibility="public")
    out_over = cython.declare(i64[::1], visibility="public")
    out_state = cython.declare(i64[:, ::1], visibility="public")
    out_dealt = cython.declare(i64[:, ::1], visibility="public")
    out_taken = cython.declare(i64[:, ::1], visibility="public")
    out_wounds = cython.declare(i64[:, ::1], visibility="public")
    out_tried = cython.declare(i64[:, :, ::1], visibility="public")
    out_worked = cython.declare(i64[:, :, ::1], visibility="public")
    # the policy's table of chances (:mod:`estoc.systems.tor.chances`): (reach or pierce, mode, weary, success
    # dice, TN)
    chance = cython.declare(i64[:, :, :, :, ::1], visibility="public")


# --- the feat die and the success dice ------------------------------------------------------------------------------

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def feat_rank(face: cython.int) -> cython.int:
    """The feat faces from worst to best: the Eye 0, 1–10 their number, the rune 12."""
    return 0 if face == EYE else face


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def feat_value(face: cython.int) -> cython.int:
    """What a feat face adds to the total: 1–10 their number; the Eye and the rune 0."""
    return 0 if face >= EYE else face


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def kept_feat(face: cython.int, other: cython.int, favoured: cython.bint) -> cython.int:
    """The feat die kept of two (« Jet d'attaque »): favoured the better (:func:`feat_rank`), ill-favoured the
    worse."""
    if favoured:
        return other if feat_rank(other) > feat_rank(face) else face
    return other if feat_rank(other) < feat_rank(face) else face


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def success_value(s: cython.int, weary: cython.bint) -> cython.int:
    """What a success die adds to the total: its face, nothing for 1–3 when weary."""
    return 0 if weary and s <= WEARY_BLANK else s


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def reaches(face: i64, total: i64, tn: i64) -> cython.bint:
    """A roll succeeds when its total reaches the TN; the Gandalf rune always does (attacks, protection rolls,
    tasks)."""
    return face == RUNE or total >= tn


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def roll(F: Fights, w: cython.Py_ssize_t, purpose: cython.int, n: i64, favoured: cython.bint, ill: cython.bint,
         weary: cython.bint, r: cython.pointer(i64), who: cython.Py_ssize_t) -> cython.void:
    """A feat die and ``n`` success dice rolled by ``who`` (the 2nd edition's roll, « Jet d'attaque »): favoured
    keeps the best of two feat dice, ill-favoured the worst (both: one die); weary, success dice showing 1–3 count
    0. Writes the kept feat face to ``r[0]``, the total to ``r[1]``, the tengwar (sixes) to ``r[2]``."""
    face: cython.int = die(F, w, purpose, 12, who)
    if favoured != ill:
        face = kept_feat(face, die(F, w, purpose, 12, who), favoured)
    total: i64 = feat_value(face)
    sixes: i64 = 0
    _k: i64
    s: cython.int
    stream: u64
    k: u64
    if F.keyed and n > 0:  # the success dice drawn in one loop: the stream and its counter read and written once
        stream = stream_of(F, w, purpose + 1)
        k = F.counters[w, purpose + 1]
        if not cython.compiled:
            k = int(k)
        for _k in range(n):
            s = keyed_face(stream, k, 6)
            k = (k + 1) & MASK
            total += success_value(s, weary)
            if s == TENGWAR:
                sixes += 1
        F.counters[w, purpose + 1] = k
    else:
        for _k in range(n):
            s = die(F, w, purpose + 1, 6, who)
            total += success_value(s, weary)
            if s == TENGWAR:
                sixes += 1
    r[0] = face
    r[1] = total
    r[2] = sixes


# --- reading a world (« précisions diverses », « Position arrière ») -------------------------------------------------

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def is_hero(F: Fights, c: cython.Py_ssize_t) -> cython.bint:
    return F.side[c] == 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def stands(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """In the fight: endurance left; a hero not dying (two wounds, or a fatal one); an adversary with fewer wounds
    than its Might."""
    if F.endurance[w + c] <= 0:
        return False
    if is_hero(F, c):
        return F.dying[w + c] == 0
    return F.wounds[w + c] < F.might[c]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def standing(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """:func:`stands`, as :func:`settle` last saw it (every change of endurance, wounds or dying is settled before
    anyone reads it)."""
    return F.up[w + c] != 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def settle(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.void:
    """After ``c``'s endurance, wounds or dying changed: whether it stands, and with it the count of its side and
    the opponents of whoever is engaged with it. The decisions ask these many times an action; keeping them costs
    a comparison here (a scan of the combatants only when ``c`` falls or stands again)."""
    now: i64 = 1 if stands(F, w, c) else 0
    o: cython.Py_ssize_t
    if now == F.up[w + c]:
        return
    step: i64 = now - F.up[w + c]
    F.up[w + c] = now
    F.alive[w, F.side[c]] += step
    for o in range(F.count):
        if F.engaged[w + o, c]:
            F.foes[w + o] += step


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def count_standing(F: Fights, w: cython.Py_ssize_t, side: cython.int) -> cython.int:
    """How many of ``side`` (0 the heroes, 1 the adversaries) stand."""
    return cython.cast(cython.int, F.alive[w, side])


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def opponents(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.int:
    """How many standing combatants are engaged with ``c``."""
    return cython.cast(cython.int, F.foes[w + c])


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def unengage(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, o: cython.Py_ssize_t) -> cython.void:
    """``c`` no longer engaged with ``o`` (one way: the caller clears the other)."""
    if F.engaged[w + c, o]:
        F.engaged[w + c, o] = 0
        F.links[w + c] -= 1
        F.foes[w + c] -= F.up[w + o]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def aimed(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, engaged_only: cython.bint) -> i64:
    """The standing foe ``c`` aims at (the first such), among those engaged with it when ``engaged_only``; −1: none.
    Its ``aim``: the least endurance (:data:`AIM_WEAKEST`), or the most success dice with the first weapon, then the
    least endurance (:data:`AIM_DANGEROUS`)."""
    best: i64 = -1
    o: cython.Py_ssize_t
    first: cython.Py_ssize_t = F.heroes if is_hero(F, c) else 0
    end: cython.Py_ssize_t = F.count if is_hero(F, c) else F.heroes
    dangerous: cython.bint = F.aim[c] == AIM_DANGEROUS
    for o in range(first, end):  # its foes: the heroes come first, then the adversaries
        if not standing(F, w, o):
            continue
        if engaged_only and not F.engaged[w + c, o]:
            continue
        if best < 0:
            best = o
        elif dangerous and F.rating[o, 0] != F.rating[best, 0]:
            if F.rating[o, 0] > F.rating[best, 0]:
                best = o
        elif F.endurance[w + o] < F.endurance[w + best]:
            best = o
    return best


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def weigh(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """What ``c``'s gear weighs now (2nd edition's load): armour, helm, shield, weapons, less what lies on the
    ground."""
    bits: i64 = F.dropped[w + c]
    total: i64 = F.load0[c]
    s: cython.Py_ssize_t
    if bits & G_HELM:
        total -= F.helm_load[c]
    if bits & G_SHIELD:
        total -= F.shield_load[c]
    for s in range(F.weapons[c]):
        if bits & (G_WEAPON << s):
            total -= F.wload[c, s]
    return total


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def load_of(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """:func:`weigh`, as :func:`set_dropped` last weighed it (the load is asked on every roll; gear changes
    rarely)."""
    return F.load[w + c]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def set_dropped(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, bits: i64) -> cython.void:
    """``c``'s gear on the ground is now ``bits`` (reduce load drops, picking up takes back): its load weighed."""
    F.dropped[w + c] = bits
    F.load[w + c] = weigh(F, w, c)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def loaded(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """Weary from its load: a hero, the setting on, its endurance at or below its load."""
    return F.load_on != 0 and is_hero(F, c) and F.endurance[w + c] <= load_of(F, w, c)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def weary_now(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """Weary: from its load, or intimidated this round."""
    return F.weary[w + c] != 0 or loaded(F, w, c)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def in_hand(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, s: cython.Py_ssize_t) -> cython.bint:
    """Weapon ``s`` can strike: not on the ground (a shield bash needs the shield)."""
    bits: i64 = F.dropped[w + c]
    if bits & (G_WEAPON << s):
        return False
    return not (F.bash[c, s] and (bits & G_SHIELD))


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def bow(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """``c``'s first ranged weapon in hand; −1: none."""
    s: cython.Py_ssize_t
    for s in range(F.weapons[c]):
        if F.ranged[c, s] and in_hand(F, w, c, s):
            return s
    return -1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def main_weapon(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """``c``'s first close-combat weapon in hand that is not a shield bash (else a bash); −1: none. The weapon of
    its main hand, and of its counter-attack (estoc's reading: the text names « votre arme »)."""
    s: cython.Py_ssize_t
    found: i64 = -1
    for s in range(F.weapons[c]):
        if not F.ranged[c, s] and in_hand(F, w, c, s):
            if not F.bash[c, s]:
                return s
            if found < 0:
                found = s
    return found


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def weapon_code(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, s: i64) -> cython.int:
    """Whether ``c`` can strike with its weapon ``s``: one it carries, in hand (a shield bash needs the shield)."""
    if s < 0 or s >= F.weapons[c]:
        return R_NO_WEAPON
    if F.dropped[w + c] & (G_WEAPON << s):
        return R_DROPPED
    if F.bash[c, s] and (F.dropped[w + c] & G_SHIELD):
        return R_NO_BASH
    return R_OK


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def one_hand(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """The weapon of ``c``'s main hand when a second hand is free for another: its first close-combat weapon in
    hand held in one hand, not a shield bash; −1: none (only two-handed grips, or nothing)."""
    s: cython.Py_ssize_t
    for s in range(F.weapons[c]):
        if not F.ranged[c, s] and not F.bash[c, s] and not F.two_handed[c, s] and in_hand(F, w, c, s):
            return s
    return -1


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def second_code(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, s: i64) -> cython.int:
    """Whether weapon ``s`` strikes a two-weapon attack's second blow (« Attaque à 2 armes »: one weapon in the main
    hand, a second in the other, or a shield): in hand, close combat, held in one hand (a shield bash is), and not
    the main hand's weapon nor another grip of it (its ``kin``)."""
    first: i64 = one_hand(F, w, c)
    code: cython.int = weapon_code(F, w, c, s)
    if code != R_OK:
        return code
    if first < 0:
        return R_NO_SECOND
    if F.ranged[c, s] or F.two_handed[c, s] or F.kin[c, s] == F.kin[c, first]:
        return R_SECOND_WEAPON
    return R_OK


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def off_hand(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """The weapon of a two-weapon attack's second blow (« Attaque à 2 armes »): the shield's bash when it carries
    one in hand, else another one-handed close-combat weapon in hand (:func:`second_code`); −1: none. The GM may
    name another (``weapon N``)."""
    s: cython.Py_ssize_t
    if one_hand(F, w, c) < 0:
        return -1
    for s in range(F.weapons[c]):
        if F.bash[c, s] and second_code(F, w, c, s) == R_OK:
            return s
    for s in range(F.weapons[c]):
        if second_code(F, w, c, s) == R_OK:
            return s
    return -1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def parry_of(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """Parry now: the sheet's (shield included unless on the ground) and this round's gains and losses."""
    p: i64 = F.parry0[c] + F.parry[w + c]
    if F.dropped[w + c] & G_SHIELD:
        p -= F.shield_parry[c]
    return p


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def protection_of(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    p: i64 = F.protection0[c]
    if F.dropped[w + c] & G_HELM:
        p -= F.helm_prot[c]
    return p


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def rear_open(F: Fights, w: cython.Py_ssize_t) -> cython.bint:
    """« Phase 1 »: heroes may stand at the rear when the enemies are at most twice the heroes, and two heroes fight
    in close combat for each one at the rear (none at the rear: always)."""
    heroes: cython.int = 0
    rear: cython.int = 0
    c: cython.Py_ssize_t
    for c in range(F.heroes):
        if standing(F, w, c):
            heroes += 1
            if F.stance[w + c] == REARWARD:
                rear += 1
    if rear == 0 or F.rear_free:
        return True
    return count_standing(F, w, 1) <= 2 * heroes and heroes - rear >= 2 * rear


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def sides_standing(F: Fights, w: cython.Py_ssize_t) -> cython.int:
    return (count_standing(F, w, 0) > 0) + (count_standing(F, w, 1) > 0)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def winner(F: Fights, w: cython.Py_ssize_t) -> i64:
    """0 the heroes, 1 the adversaries, −1 none (both down, or still fighting)."""
    if sides_standing(F, w) != 1:
        return -1
    return 0 if count_standing(F, w, 0) > 0 else 1


# --- the round (« Phase 1 », « Phase 2 », « Phase 3 ») ----------------------------------------------------------------

@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def new_round(F: Fights, w: cython.Py_ssize_t) -> cython.void:
    """A new round (or the end when one side is left): what lasted the round ends, a rally's dice come, fallen
    combatants leave their engagements, a challenge ends when one of the two is out of the fight."""
    c: cython.Py_ssize_t
    o: cython.Py_ssize_t
    s: cython.Py_ssize_t
    if sides_standing(F, w) <= 1:
        F.phase[w] = PH_OVER
        emit(F, L_OVER, 0, 0, 0, 0, 0, 0, 0, 0)
        return
    F.rnd[w] += 1
    for s in range(3):
        F.rally[w, s] = F.rally_next[w, s]
        F.rally_next[w, s] = F.rally_next[w, s] - 1 if F.rally_next[w, s] > 1 else 0
    for c in range(F.count):
        F.parry[w + c] = 0
        F.dice[w + c] = 0
        F.weary[w + c] = 0
        F.held[w + c] = 0
        F.holding[w + c] = 0
        F.counter_left[w + c] = 0
        F.skirmish[w + c] = 0
        F.two_weapons[w + c] = 0
        F.secondary[w + c] = 0
        if F.sneak_dice[w + c]:  # a sneak attack's bonus is for its round (« ce round »)
            F.next_dice[w + c] -= F.sneak_dice[w + c]
            F.sneak_dice[w + c] = 0
        if F.challenge[w + c] >= 0 and not standing(F, w, F.challenge[w + c]):
            F.challenge[w + c] = -1
        if not standing(F, w, c) and F.links[w + c]:  # fallen combatants leave their engagements, both ways
            for o in range(F.count):
                unengage(F, w, c, o)
                unengage(F, w, o, c)
    F.phase[w] = PH_STANCES
    F.norder[w] = 0
    F.turn[w] = 0
    emit(F, L_ROUND, F.rnd[w], 0, 0, 0, 0, 0, 0, 0)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def engage(F: Fights, w: cython.Py_ssize_t, h: cython.Py_ssize_t, a: cython.Py_ssize_t) -> cython.void:
    if not F.engaged[w + h, a]:
        F.engaged[w + h, a] = 1
        F.links[w + h] += 1
        F.foes[w + h] += F.up[w + a]
    if not F.engaged[w + a, h]:
        F.engaged[w + a, h] = 1
        F.links[w + a] += 1
        F.foes[w + a] += F.up[w + h]
    F.back[w + a] = 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def release(F: Fights, w: cython.Py_ssize_t, h: cython.Py_ssize_t) -> cython.void:
    """« Phase 2 », the GM assigning hero ``h`` again: whoever was engaged with it is released, free for the GM's
    next assignment or the default engagement (:func:`default_engagement`); its foes are then only those it is given
    anew."""
    o: cython.Py_ssize_t
    for o in range(F.count):
        unengage(F, w, h, o)
        unengage(F, w, o, h)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def free_foe(F: Fights, w: cython.Py_ssize_t) -> i64:
    """The standing adversary engaged with no one and not kept at the rear, with the least endurance; −1: none."""
    best: i64 = -1
    a: cython.Py_ssize_t
    for a in range(F.heroes, F.count):
        if not standing(F, w, a) or F.back[w + a] or opponents(F, w, a):
            continue
        if best < 0 or F.endurance[w + a] < F.endurance[w + best]:
            best = a
    return best


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def default_engagement(F: Fights, w: cython.Py_ssize_t) -> cython.void:
    """« Phase 2 », what the GM does with whoever is left unengaged: each close-combat hero without a foe takes the
    free adversary with the least endurance, in stance order (when none is free and the heroes are not outnumbered,
    it joins the engaged one with the least endurance); adversaries still free then go to the close-combat hero
    facing the fewest, never beyond 3 a hero when the heroes are outnumbered. An adversary the GM keeps at the rear
    (``back``) stays there until the GM engages it."""
    outnumbered: cython.bint = count_standing(F, w, 1) > count_standing(F, w, 0)
    s: cython.int
    h: cython.Py_ssize_t
    a: i64
    best: i64
    fewest: i64
    for s in range(3):
        for h in range(F.heroes):
            if not standing(F, w, h) or F.stance[w + h] != s or opponents(F, w, h):
                continue
            a = free_foe(F, w)
            if a < 0 and not outnumbered:
                best = -1
                for a in range(F.heroes, F.count):
                    if standing(F, w, a) and not F.back[w + a] and (
                            best < 0 or F.endurance[w + a] < F.endurance[w + best]):
                        best = a
                a = best
            if a >= 0:
                engage(F, w, h, a)
    a = free_foe(F, w)
    while a >= 0:
        fewest = -1
        for h in range(F.heroes):
            if not standing(F, w, h) or F.stance[w + h] == REARWARD:
                continue
            if outnumbered and opponents(F, w, h) >= MAX_ASSIGNED:
                continue
            if fewest < 0 or opponents(F, w, h) < opponents(F, w, fewest):
                fewest = h
        if fewest < 0:
            break
        engage(F, w, fewest, a)
        a = free_foe(F, w)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def resolution_order(F: Fights, w: cython.Py_ssize_t) -> cython.void:
    """« Phase 3 »: the heroes first (forward, open, defensive, rearward; within a stance in the order they chose,
    by default the encounter's), then the adversaries standing, those in close combat before the others."""
    n: i64 = 0
    s: cython.int
    c: cython.Py_ssize_t
    for s in range(4):
        for c in range(F.heroes):
            if standing(F, w, c) and F.stance[w + c] == s:
                F.order[w + n] = c
                n += 1
    for c in range(F.heroes, F.count):
        if standing(F, w, c) and opponents(F, w, c):
            F.order[w + n] = c
            n += 1
    for c in range(F.heroes, F.count):
        if standing(F, w, c) and not opponents(F, w, c):
            F.order[w + n] = c
            n += 1
    F.norder[w] = n
    F.turn[w] = 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def begin_resolution(F: Fights, w: cython.Py_ssize_t) -> cython.void:
    default_engagement(F, w)
    resolution_order(F, w)
    F.phase[w] = PH_RESOLUTION
    skip_fallen(F, w)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def end_round(F: Fights, w: cython.Py_ssize_t) -> cython.void:
    """The end of a round: a protection ends when its protector or the companion ends the round unengaged
    (« Protéger un compagnon »)."""
    c: cython.Py_ssize_t
    p: i64
    for c in range(F.count):
        p = F.protector[w + c]
        if p >= 0 and (not opponents(F, w, c) or not opponents(F, w, p) or not standing(F, w, p)):
            end_protection(F, w, c)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def end_protection(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.void:
    F.protector[w + c] = -1
    F.protected_dice[w + c] = 0
    F.protected_left[w + c] = 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def change_stance(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, s: i64) -> cython.void:
    """A hero's new stance: a challenge ends for both, a protection it gives or gets ends."""
    o: cython.Py_ssize_t
    if s == F.stance[w + c]:
        return
    F.stance[w + c] = s
    if F.challenge[w + c] >= 0:
        F.challenge[w + F.challenge[w + c]] = -1
        F.challenge[w + c] = -1
    for o in range(F.count):
        if F.protector[w + o] == c or (o == c and F.protector[w + o] >= 0):
            end_protection(F, w, o)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def skip_fallen(F: Fights, w: cython.Py_ssize_t) -> cython.void:
    """Past those who fell before their turn; at the end of the order, the next round."""
    while F.turn[w] < F.norder[w] and not standing(F, w, F.order[w + F.turn[w]]):
        F.turn[w] += 1
    if F.turn[w] >= F.norder[w] or sides_standing(F, w) <= 1:
        emit(F, L_END_ROUND, F.rnd[w], 0, 0, 0, 0, 0, 0, 0)
        end_round(F, w)
        new_round(F, w)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def next_turn(F: Fights, w: cython.Py_ssize_t) -> cython.void:
    F.turn[w] += 1
    skip_fallen(F, w)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def current(F: Fights, w: cython.Py_ssize_t) -> i64:
    if F.phase[w] != PH_RESOLUTION or F.waiting[w] or F.turn[w] >= F.norder[w]:
        return -1
    return F.order[w + F.turn[w]]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def stance_dice(s: i64) -> i64:
    """« Position avancée »: +1d to one's attacks and to those against one; « Position défensive »: −1d both ways."""
    return 1 if s == FORWARD else (-1 if s == DEFENSIVE else 0)


# --- the attack (« résolution des attaques », « Dégâts spéciaux », « Coup perforant ») ------------------------------

@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def dice_change(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, t: cython.Py_ssize_t,
                ranged: cython.bint) -> i64:
    """Every +1d and −1d of ``c``'s attack on ``t``, read without spending anything: stances (forward +1d both ways,
    defensive −1d both ways), a rally, take aim / sneak attack / the advantage, this round's shield thrusts and
    harassment, a complication, a protection on the target (its next attack), a two-weapon attacker as target
    (+1d), skirmishing against shots. :func:`spend_dice` spends what the blow uses up."""
    change: i64 = 0
    if is_hero(F, c):
        change += stance_dice(F.stance[w + c])
        if F.stance[w + c] != REARWARD and F.rally[w, F.stance[w + c]] > 0:
            change += 1
    if is_hero(F, t):
        change += stance_dice(F.stance[w + t])
    change += F.next_dice[w + c] + F.lasting_dice[w + c] + F.dice[w + c] - F.complication[w + c]
    if F.protected_left[w + t] > 0:
        change -= F.protected_dice[w + t]
    if F.two_weapons[w + t]:
        change += 1
    if ranged and F.skirmish[w + t]:
        change -= 1
    return change


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def spend_dice(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, t: cython.Py_ssize_t) -> cython.void:
    """What ``c``'s blow on ``t`` uses up: its bonus dice for its next attack, one attack of a protection on ``t``
    (the protection ends with its last), one attack of ``t``'s held position."""
    F.next_dice[w + c] = 0
    F.sneak_dice[w + c] = 0
    if F.protected_left[w + t] > 0:
        F.protected_left[w + t] -= 1
        if F.protected_left[w + t] == 0:
            end_protection(F, w, t)
    if F.held[w + t] > 0:
        F.held[w + t] -= 1


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def attack_mode(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, t: cython.Py_ssize_t) -> i64:
    """0 normal, 1 favoured (a challenge between the two), 2 ill-favoured (``c`` holds its position, or ``t``
    holds it against this attack); favoured and ill-favoured at once cancel out."""
    favoured: cython.bint = F.challenge[w + c] == t
    ill: cython.bint = F.holding[w + c] != 0 or F.held[w + t] > 0
    return 0 if favoured == ill else (1 if favoured else 2)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def attack_tn(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, t: cython.Py_ssize_t) -> i64:
    """A hero's TN: its Corps TN plus the adversary's parry; an adversary's: the hero's parry (both as they are now,
    a fend off or a dropped shield counted)."""
    tn: i64 = parry_of(F, w, t)
    if is_hero(F, c):
        tn += F.corps_tn[c]
    return tn


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def attack(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
           special: cython.int, hope: cython.bint) -> cython.void:
    """``c`` strikes ``t`` with weapon ``s``: 1d12 and the weapon's rating in success dice (after every +1d/−1d)
    against the TN (a hero: Corps TN plus the adversary's parry; an adversary: the hero's parry); the Gandalf rune
    always hits. A hit costs the weapon's damage in endurance; each tengwar buys the special damage chosen (``auto``:
    a pierce when it makes a piercing blow, else a heavy blow). A piercing blow (the rune, or a hit whose feat die
    reads 10 after a pierce) forces a protection roll against the weapon's injury: a failure is a wound. A missed
    close-combat blow may be answered by the target's counter-attack. ``hope``: the attacker spends 1 Hope for one
    more success die (2nd edition)."""
    r = cython.declare(i64[3])
    ranged: cython.bint = F.ranged[c, s] != 0
    change: i64 = dice_change(F, w, c, t, ranged)
    mode: i64 = attack_mode(F, w, c, t)
    spend_dice(F, w, c, t)
    if hope and F.hope[w + c] > 0:
        F.hope[w + c] -= 1
        F.hope_spent[w + c] += 1
        change += 1
    else:
        hope = False
    n: i64 = F.rating[c, s] + change
    if n < 0:
        n = 0
    weary: cython.bint = weary_now(F, w, c)
    was_loaded: cython.bint = loaded(F, w, t)
    # Weary for its protection roll too: from its load, or intimidated this round (« considéré épuisé »).
    target_weary: cython.bint = weary_now(F, w, t)
    tn: i64 = attack_tn(F, w, c, t)
    emit(F, L_ATTACK, c, t, s, n, mode, tn, weary, F.complication[w + c])
    roll(F, w, P_ATTACK, n, mode == 1, mode == 2, weary, r, c)
    face: i64 = r[0]
    total: i64 = r[1]
    success: cython.bint = reaches(face, total, tn)
    tengwar: i64 = r[2] if success else 0
    spent = cython.declare(i64[3])
    spend(F, c, s, special, face, tengwar, success, spent)
    kind: cython.int = cython.cast(cython.int, spent[0])
    lost: i64 = spent[1]
    piercing: cython.bint = spent[2] != 0
    wounded: cython.bint = False
    was_up: cython.bint = standing(F, w, t)
    prot_total: i64 = 0
    if piercing:
        roll(F, w, P_PROTECTION, protection_of(F, w, t), False, False, target_weary, r, t)
        wounded = not reaches(r[0], r[1], F.injury[c, s])
        prot_total = r[1]
    emit(F, L_ROLL, face, total, success, tengwar, kind, lost, piercing, wounded)
    F.endurance[w + t] -= lost
    F.dealt[w + c] += lost
    F.taken[w + t] += lost
    if wounded:
        F.wounds_dealt[w + c] += 1
        wound(F, w, t)
    settle(F, w, t)
    gain: i64 = -1
    if kind == S_FEND:
        gain = F.parry[w + c] + tengwar * F.fend[c, s]
        if gain > FEND_OFF_CAP:
            gain = FEND_OFF_CAP
        F.parry[w + c] = gain
    if kind == S_SHIELD:
        shield_thrust(F, w, c, t, tengwar)
    fallen: cython.bint = was_up and not standing(F, w, t)
    if fallen:
        F.downed[w + c] += 1
    emit(F, L_AFTER, gain, fallen, (not was_loaded) and loaded(F, w, t) and not fallen,
         target_weary and piercing, hope, prot_total, 0, 0)
    if lost > 0 and is_hero(F, t):
        F.last_target[w] = t
        F.last_lost[w] = lost
        F.last_round[w] = F.rnd[w]
    else:
        F.last_target[w] = -1
        F.last_lost[w] = 0
    if not success and not ranged and F.counter_left[w + t] > 0:
        counter(F, w, t, c)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def spend(F: Fights, c: cython.Py_ssize_t, s: cython.Py_ssize_t, special: cython.int, face: i64, tengwar: i64,
          success: cython.bint, out: cython.pointer(i64)) -> cython.void:
    """What ``c``'s blow with weapon ``s`` does with its roll (« Dégâts spéciaux », « Coup perforant »), once the
    roll is read (:func:`reaches`; ``tengwar``: those of a success): every tengwar goes to the special damage chosen
    (``auto``: a pierce when it turns the blow into a piercing one, else a heavy blow); a hit costs the weapon's
    damage, a heavy blow the attacker's Corps (+1 two-handed) a tengwar more; a pierce raises the feat die's value
    toward 10, never past it; the rune, or a hit whose feat die reads 10 after a pierce, is a piercing blow. Writes
    the special damage to ``out[0]``, the endurance lost to ``out[1]``, whether it pierces to ``out[2]``."""
    kind: cython.int = S_NONE
    value: i64 = feat_value(cython.cast(cython.int, face))
    pierced: i64 = value
    if tengwar > 0:
        kind = special
        if F.pierce[c, s] > 0:
            pierced = value + tengwar * F.pierce[c, s]
            if pierced > PIERCING_FEAT:
                pierced = PIERCING_FEAT
        if kind == S_AUTO:
            kind = S_PIERCE if (F.pierce[c, s] > 0 and value < PIERCING_FEAT and pierced >= PIERCING_FEAT) \
                else S_HEAVY
    lost: i64 = 0
    if success:
        lost = F.damage[c, s]
        if kind == S_HEAVY:
            lost += tengwar * (F.corps[c] + (TWO_HANDED_HEAVY if F.two_handed[c, s] else 0))
    after: i64 = pierced if kind == S_PIERCE else value
    out[0] = kind
    out[1] = lost
    out[2] = 1 if face == RUNE or (success and after >= PIERCING_FEAT) else 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def wound(F: Fights, w: cython.Py_ssize_t, t: cython.Py_ssize_t) -> cython.void:
    """A wound (« Coup perforant »: « une blessure qui peut être fatale »). A hero's second wound leaves it dying;
    its first, with the fatal-wounds setting on (2nd edition), makes it roll the feat die for the wound's
    severity: the Eye leaves it dying. An adversary falls when its wounds reach its Might."""
    face: cython.int = 0
    if not is_hero(F, t):
        F.wounds[w + t] += 1
        return
    rolled: cython.bint = severity_rolled(F, w, t)
    if rolled:
        face = die(F, w, P_WOUND, 12, t)
    if wound_dying(F, w, t, face):
        F.dying[w + t] = 1
    F.wounds[w + t] += 1
    if rolled:
        emit(F, L_SEVERITY, t, face, face == EYE, 0, 0, 0, 0, 0)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def severity_rolled(F: Fights, w: cython.Py_ssize_t, t: cython.Py_ssize_t) -> cython.bint:
    """Whether a wound to hero ``t`` now rolls the feat die for its severity: its first, the fatal-wounds setting
    on (its second leaves it dying without a roll)."""
    return F.fatal != 0 and F.wounds[w + t] + 1 < DYING_WOUNDS


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def wound_dying(F: Fights, w: cython.Py_ssize_t, t: cython.Py_ssize_t, face: cython.int) -> cython.bint:
    """Whether a wound to hero ``t`` now (its wounds before it) leaves it dying, its severity's feat die showing
    ``face`` where one is rolled (:func:`severity_rolled`): its second wound always; its first when the die shows
    the Eye (« 1 chance sur 12 d'y rester »)."""
    if F.wounds[w + t] + 1 >= DYING_WOUNDS:
        return True
    return severity_rolled(F, w, t) and face == EYE


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def shield_thrust(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, t: cython.Py_ssize_t,
                  tengwar: i64) -> cython.void:
    """« Coup de Bouclier »: each tengwar reaches an adversary (the target first, then others engaged with the
    attacker); one whose attribute level is below the attacker's Corps loses 1d this round."""
    left: i64 = tengwar
    o: cython.Py_ssize_t
    if left > 0:
        left -= 1
        if F.corps[t] < F.corps[c]:
            F.dice[w + t] -= 1
            emit(F, L_THRUST, t, 0, 0, 0, 0, 0, 0, 0)
    for o in range(F.count):
        if left <= 0:
            break
        if o == t or not F.engaged[w + c, o] or not standing(F, w, o):
            continue
        left -= 1
        if F.corps[o] < F.corps[c]:
            F.dice[w + o] -= 1
            emit(F, L_THRUST, o, 0, 0, 0, 0, 0, 0, 0)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def counter(F: Fights, w: cython.Py_ssize_t, h: cython.Py_ssize_t, a: cython.Py_ssize_t) -> cython.void:
    """« Contre-attaque »: a missed close-combat blow answered with the hero's weapon damage, or (two tengwar) a
    wound: the adversary's protection roll against the weapon's injury, ill-favoured with three."""
    r = cython.declare(i64[3])
    hurt: cython.bint
    s: i64 = main_weapon(F, w, h)
    if s < 0:
        return
    F.counter_left[w + h] -= 1
    if not F.counter_wound[w + h]:
        F.endurance[w + a] -= F.damage[h, s]
        F.dealt[w + h] += F.damage[h, s]
        F.taken[w + a] += F.damage[h, s]
        emit(F, L_COUNTER, h, a, F.damage[h, s], 0, 0, 0, 0, 0)
    else:
        roll(F, w, P_PROTECTION, protection_of(F, w, a), False, F.counter_ill[w + h] != 0, False, r, a)
        hurt = not reaches(r[0], r[1], F.injury[h, s])
        if hurt:
            F.wounds_dealt[w + h] += 1
            wound(F, w, a)
        emit(F, L_COUNTER, h, a, -1, hurt, r[1], 0, 0, 0)
    settle(F, w, a)
    if not standing(F, w, a):
        F.downed[w + h] += 1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def yield_ground(F: Fights, w: cython.Py_ssize_t, h: cython.Py_ssize_t) -> i64:
    """« Céder du terrain »: the last blow's endurance loss halved, rounded up; once a round; the next round's main
    action is to regain position. Returns the endurance given back."""
    lost: i64 = F.last_lost[w]
    back: i64 = lost - half_up(lost)
    F.endurance[w + h] += back
    F.taken[w + h] -= back
    settle(F, w, h)
    F.yielded[w + h] = F.last_round[w]
    F.regain[w + h] = 1
    F.last_target[w] = -1
    F.last_lost[w] = 0
    F.tried[w + h, T_YIELD] += 1
    F.worked[w + h, T_YIELD] += 1
    F.tasks_done[w + h] += 1
    return back


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def may_yield(F: Fights, w: cython.Py_ssize_t) -> i64:
    """The hero the last blow cost endurance, if it may still yield ground (the task on, not yet for a blow of this
    round, not waiting to regain its position from an earlier yield, not dying); −1: none."""
    h: i64 = F.last_target[w]
    if h < 0 or not F.tasks_on[T_YIELD] or F.yielded[w + h] == F.last_round[w] or F.dying[w + h] or F.regain[w + h]:
        return -1
    return h


# --- the combat tasks (« Position avancée » … « Autres Manœuvres ») --------------------------------------------------

@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def task(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, k: cython.int, target: i64, weapon: i64,
         item: i64, flags: i64, hope: cython.bint) -> cython.void:
    """Hero ``c`` takes combat task ``k``: its roll (the feat die and its skill's dice, less a complication, against
    its attribute's TN; a failure gives nothing), then what it does. Tasks whose roll is an attack (two-weapon
    attack, skirmish) or that need none (reduce load) always work; their attack is rolled inside."""
    r = cython.declare(i64[3])
    ok: cython.bint = True
    tengwar: i64 = 0
    weary: cython.bint = weary_now(F, w, c)
    spent: cython.bint = False
    n: i64
    if k == T_TWO_WEAPONS or k == T_SKIRMISH or k == T_REDUCE or k == T_YIELD:  # noqa: SIM109 (nogil C)
        emit(F, L_TASK, c, k, 1, 0, 0, 0, 0, 0)
    else:
        n = F.skill[c, k] - F.complication[w + c]
        if hope and F.hope[w + c] > 0:
            F.hope[w + c] -= 1
            F.hope_spent[w + c] += 1
            n += 1
            spent = True
        if n < 0:
            n = 0
        roll(F, w, P_TASK, n, False, False, weary, r, c)
        ok = reaches(r[0], r[1], F.task_tn[c, k])
        tengwar = r[2] if ok else 0
        emit(F, L_TASK, c, k, ok, tengwar, weary, F.complication[w + c], spent, r[0])
    F.tried[w + c, k] += 1
    F.tasks_done[w + c] += 1
    if is_secondary(k):
        F.secondary[w + c] = 1
    if k == T_HOLD:
        F.holding[w + c] = 1  # its drawback comes whatever the roll (« quoi qu'il arrive »)
    if k == T_REDUCE:
        set_dropped(F, w, c, F.dropped[w + c] | item)
    if not ok:
        return
    F.worked[w + c, k] += 1
    effect(F, w, c, k, tengwar, target, weapon, flags)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def effect(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, k: cython.int, t: i64, target: i64,
           weapon: i64, flags: i64) -> cython.void:
    """What a task does once its roll succeeded with ``t`` tengwar."""
    o: cython.Py_ssize_t
    n: i64
    rounds: i64
    if k == T_INTIMIDATE:
        # Adversaries of Might 1 (+1 a tengwar) are weary this round.
        for o in range(F.heroes, F.count):
            if standing(F, w, o) and F.might[o] <= 1 + t:
                F.weary[w + o] = 1
                emit(F, L_TARGETS, k, o, 1 + t, 0, 0, 0, 0, 0)
    elif k == T_CHALLENGE:
        F.challenge[w + c] = target
        F.challenge[w + target] = c
        emit(F, L_EFFECT, k, target, 0, 0, 0, 0, 0, 0)
    elif k == T_TWO_WEAPONS:
        # A second blow with the other hand's weapon; a shield striking parries 1 less this round.
        F.two_weapons[w + c] = 1
        if F.bash[c, weapon]:
            F.parry[w + c] -= 1
        emit(F, L_EFFECT, k, target, weapon, F.bash[c, weapon], 0, 0, 0, 0)
        attack(F, w, c, target, weapon, S_AUTO, False)
    elif k == T_RALLY:
        # Forward fighters +1d next round; one tengwar: open too; two: every close stance; a third: one round
        # more (at most one).
        rounds = 1 + (1 if t >= 3 else 0)
        n = 1 if t <= 0 else (2 if t == 1 else 3)
        for o in range(n):
            if F.rally_next[w, o] < rounds:
                F.rally_next[w, o] = rounds
        emit(F, L_EFFECT, k, n, rounds, 0, 0, 0, 0, 0)
    elif k == T_ENCOURAGE:
        n = F.valour[c] + t
        F.songs[w + c] -= 1
        for o in range(F.heroes):
            if standing(F, w, o):
                F.endurance[w + o] = F.endurance[w + o] + n if F.endurance[w + o] + n < F.endurance_max[o] \
                    else F.endurance_max[o]
                settle(F, w, o)
        emit(F, L_EFFECT, k, n, 0, 0, 0, 0, 0, 0)
    elif k == T_SNEAK:
        n = 1 + t if 1 + t < SNEAK_MAX else SNEAK_MAX
        engage(F, w, c, target)
        F.next_dice[w + c] += n
        F.sneak_dice[w + c] += n
        emit(F, L_EFFECT, k, target, n, 0, 0, 0, 0, 0)
    elif k == T_PROTECT:
        # −1d to the next attack on the companion; each tengwar −1d more, or (``more``) one attack more.
        if flags & F_MORE:
            F.protected_dice[w + target] = 1
            F.protected_left[w + target] = 1 + t
        else:
            F.protected_dice[w + target] = 1 + t
            F.protected_left[w + target] = 1
        F.protector[w + target] = c
        emit(F, L_EFFECT, k, target, F.protected_dice[w + target], F.protected_left[w + target], 0, 0, 0, 0)
    elif k == T_HOLD:
        F.held[w + c] += 1 + t
        emit(F, L_EFFECT, k, F.held[w + c], 0, 0, 0, 0, 0, 0)
    elif k == T_COUNTER:
        F.counter_left[w + c] = 2 if t == 1 else 1
        F.counter_wound[w + c] = t >= 2
        F.counter_ill[w + c] = t >= 3
        emit(F, L_EFFECT, k, F.counter_left[w + c], t >= 2, t >= 3, 0, 0, 0, 0)
    elif k == T_AIM:
        F.next_dice[w + c] += 1 + t
        emit(F, L_EFFECT, k, 1 + t, 0, 0, 0, 0, 0, 0)
    elif k == T_HARASS:
        harass(F, w, k, target, t, (flags & F_SPREAD) != 0)
    elif k == T_SKIRMISH:
        F.skirmish[w + c] = 1
        F.dice[w + c] -= 1
        emit(F, L_EFFECT, k, target, weapon, 0, 0, 0, 0, 0)
        attack(F, w, c, target, weapon, S_AUTO, False)
    elif k == T_ADVANTAGE:
        n = 1 if t <= 0 else 2
        if t >= 2:
            if F.lasting_dice[w + c] < n:
                F.lasting_dice[w + c] = n
        else:
            F.next_dice[w + c] += n
        emit(F, L_EFFECT, k, n, t >= 2, 0, 0, 0, 0, 0)
    elif k == T_CANCEL:
        F.complication[w + target] = 0
        emit(F, L_EFFECT, k, target, 0, 0, 0, 0, 0, 0)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def harass(F: Fights, w: cython.Py_ssize_t, k: cython.int, target: i64, t: i64, spread: cython.bint
           ) -> cython.void:
    """« Harceler »: −1d to one adversary's attacks this round; each tengwar adds a second adversary (``spread``,
    the first other one standing) or −1d more (at most −2d an adversary)."""
    budget: i64 = t
    first: i64 = 1
    second: i64 = 0
    other: i64 = -1
    o: cython.Py_ssize_t
    if spread and budget > 0:
        for o in range(F.heroes, F.count):
            if standing(F, w, o) and o != target:
                other = o
                break
        if other >= 0:
            second = 1
            budget -= 1
    while budget > 0 and first < HARASS_MAX:
        first += 1
        budget -= 1
    while budget > 0 and other >= 0 and second < HARASS_MAX:
        second += 1
        budget -= 1
    F.dice[w + target] -= first
    emit(F, L_TARGETS, k, target, first, 0, 0, 0, 0, 0)
    if other >= 0 and second > 0:
        F.dice[w + other] -= second
        emit(F, L_TARGETS, k, other, second, 0, 0, 0, 0, 0)


# --- what a combatant may do (« Phase 1 » … « Phase 3 », the tasks' own conditions) ----------------------------------

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def task_stance(k: cython.int) -> i64:
    """The stance whose fighters take task ``k`` (« Position avancée » … « Position arrière »); −1: any stance."""
    if k <= T_TWO_WEAPONS:
        return FORWARD
    if k <= T_SNEAK:
        return OPEN
    if k <= T_COUNTER:
        return DEFENSIVE
    if k <= T_SKIRMISH:
        return REARWARD
    return -1


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def foe_of(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, t: i64) -> cython.bint:
    """``t`` is a standing combatant of the other side."""
    return 0 <= t < F.count and F.side[t] != F.side[c] and standing(F, w, t)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def at_rear(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """Out of close combat: a hero in the rearward stance, or anyone engaged with no one standing (they shoot)."""
    return (is_hero(F, c) and F.stance[w + c] == REARWARD) or opponents(F, w, c) == 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def chooser(F: Fights, w: cython.Py_ssize_t) -> i64:
    """« Phase 2 », when the heroes choose: the hero who picks an adversary next, the first close-combat hero
    standing without a foe (forward, then open, then defensive; within a stance in order); −1: none left."""
    st: cython.int
    h: cython.Py_ssize_t
    for st in range(3):
        for h in range(F.heroes):
            if standing(F, w, h) and F.stance[w + h] == st and opponents(F, w, h) == 0:
                return h
    return -1


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def special_code(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, s: i64, special: i64) -> cython.int:
    """« Dégâts spéciaux »: a shield thrust needs a shield in hand, fending off a close-combat weapon, a pierce a
    weapon that pierces (bows, swords, spears)."""
    if special == S_SHIELD and (not F.has_shield[c] or (F.dropped[w + c] & G_SHIELD)):
        return R_NO_SHIELD
    if special == S_FEND and F.ranged[c, s]:
        return R_FEND_RANGED
    if special == S_PIERCE and F.pierce[c, s] <= 0:
        return R_NO_PIERCE
    return R_OK


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def hope_code(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, hope: i64) -> cython.int:
    """A Hope is spent by a hero who has one left (2nd edition)."""
    if not hope:
        return R_OK
    if not is_hero(F, c):
        return R_HOPE_HERO
    if not F.hope_on:
        return R_HOPE_OFF
    return R_OK if F.hope[w + c] > 0 else R_NO_HOPE


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def task_code(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, d: cython.pointer(i64)) -> cython.int:
    """Whether hero ``c`` may take the task ``d[3]`` now, at ``d[1]`` with ``d[2]`` (and gear ``d[5]``): its stance
    (or any, for the other manœuvres), switched on, one secondary action a round, and each task's own needs."""
    k: i64 = d[3]
    t: i64 = d[1]
    s: i64 = d[2]
    o: i64
    if not is_hero(F, c):
        return R_TASK_HERO
    if k < 0 or k >= N_TASKS or not F.tasks_on[k]:
        return R_TASK_OFF
    if task_stance(cython.cast(cython.int, k)) >= 0 and task_stance(cython.cast(cython.int, k)) != F.stance[w + c]:
        return R_TASK_STANCE
    if is_secondary(cython.cast(cython.int, k)) and F.secondary[w + c]:
        return R_SECONDARY
    if k == T_ENCOURAGE and F.songs[w + c] <= 0:
        return R_NO_SONG
    if k == T_SNEAK and opponents(F, w, c) > 0:
        return R_SNEAK_ENGAGED
    if k == T_COUNTER and main_weapon(F, w, c) < 0:
        return R_NO_COUNTER_WEAPON
    if k == T_ADVANTAGE and F.complication[w + c]:
        return R_COMPLICATED
    if k == T_TWO_WEAPONS:
        if s < 0:
            if off_hand(F, w, c) < 0:
                return R_NO_SECOND
        else:
            o = second_code(F, w, c, s)
            if o != R_OK:
                return cython.cast(cython.int, o)
        if not foe_of(F, w, c, t) or not F.engaged[w + c, t]:
            return R_TARGET
    elif k == T_CHALLENGE or k == T_SNEAK or k == T_HARASS:  # noqa: SIM109 (nogil C)
        if not foe_of(F, w, c, t):
            return R_TARGET
        if k == T_CHALLENGE and (F.challenge[w + t] >= 0 or F.challenge[w + c] >= 0):
            return R_CHALLENGE
    elif k == T_PROTECT:
        # Only a companion engaged in close combat can be protected (« un compagnon engagé »).
        if t < 0 or t >= F.count or t == c or not is_hero(F, t) or not standing(F, w, t) or not opponents(F, w, t):
            return R_TARGET
    elif k == T_SKIRMISH:
        if bow(F, w, c) < 0:
            return R_NO_BOW
        if not foe_of(F, w, c, t):
            return R_TARGET
    elif k == T_CANCEL:
        if t < 0 or t >= F.count or not is_hero(F, t) or not standing(F, w, t):
            return R_CANCEL_WHO
        if not F.complication[w + t]:
            return R_NO_COMPLICATION
    elif k == T_REDUCE and F.dropped[w + c] & d[5]:
        return R_ALREADY_DROPPED
    return hope_code(F, w, c, d[7])


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def allowed(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, d: cython.pointer(i64)) -> cython.int:
    """Whether ``c`` may do ``d`` now (the layout of :func:`decide`'s decisions; ``A_SHOOT`` … ``A_STANCE`` for the
    volleys, stances and engagement): :data:`R_OK`, else the first reason it may not (``R_*``). Play refuses a GM's
    command with its words; the policy never takes a refused action. Whose turn it is and the phase are the play
    cursor's, checked before."""
    kind: i64 = d[0]
    t: i64 = d[1]
    s: i64 = d[2]
    code: cython.int
    o: cython.Py_ssize_t
    if kind == A_STANCES:
        return R_OK if rear_open(F, w) else R_REAR_CLOSED
    if kind == A_STANCE:
        return R_OK if is_hero(F, c) and 0 <= d[3] <= REARWARD else R_STANCE_HERO
    if kind == A_ENGAGE:
        if count_standing(F, w, 1) > count_standing(F, w, 0):
            return R_OUTNUMBERED
        if not is_hero(F, c) or t < 0 or t >= F.count or is_hero(F, t):
            return R_ENGAGE_SIDES
        if F.stance[w + c] == REARWARD:
            return R_REAR_ENGAGES
        o = chooser(F, w)
        if o >= 0 and o != c:
            return R_ENGAGE_ORDER
        if not standing(F, w, t):
            return R_NOT_FOE
        if opponents(F, w, t) > 0 and free_foe(F, w) >= 0:
            return R_ENGAGE_FREE
        return R_OK
    if kind == A_ASSIGN:
        if not is_hero(F, c) or t < 0 or t >= F.count or is_hero(F, t) or not standing(F, w, t):
            return R_ASSIGN_FOE
        if F.stance[w + c] == REARWARD:
            return R_REAR_ENGAGES
        if d[6] < 1 or d[6] > MAX_ASSIGNED:
            return R_ASSIGN_COUNT
        for o in range(F.heroes):
            if o != c and standing(F, w, o) and F.engaged[w + o, t]:
                return R_TAKEN
        return R_OK
    if kind == A_YIELD:
        # « Céder du terrain »: the task on, once a round (the round of the blow), not while regaining position.
        if not F.tasks_on[T_YIELD]:
            return R_TASK_OFF
        o = F.last_round[w] if F.last_target[w] == c else F.rnd[w]
        if is_hero(F, c) and (F.yielded[w + c] == o or F.regain[w + c]):
            return R_YIELDED
        return R_OK if may_yield(F, w) == c else R_NO_YIELD
    if kind == A_BACK:
        return R_OK if not is_hero(F, c) and opponents(F, w, c) == 0 else R_BACK_FREE
    if kind == A_SHOOT:
        if not standing(F, w, c):
            return R_SHOOTER_DOWN  # felled in the volleys: it shoots no more (the volleys' policy skips it too)
        if F.shot[w + c]:
            return R_SHOT
        if s < 0:
            return R_NO_BOW
        code = weapon_code(F, w, c, s)
        if code != R_OK:
            return code
        if not F.ranged[c, s]:
            return R_NO_BOW
        if not foe_of(F, w, c, t):
            return R_NOT_FOE
        code = special_code(F, w, c, s, d[4])
        return code if code != R_OK else hope_code(F, w, c, d[7])
    if F.regain[w + c] and kind != A_REGAIN:
        return R_REGAIN
    if kind == A_REGAIN:
        return R_OK if F.regain[w + c] else R_NOTHING_TO_REGAIN
    if kind == A_PICKUP:
        return R_OK if d[5] != 0 and (F.dropped[w + c] & d[5]) == d[5] else R_NOT_DROPPED
    if kind == A_TASK:
        return task_code(F, w, c, d)
    if kind == A_ATTACK:
        code = weapon_code(F, w, c, s)
        if code != R_OK:
            return code
        if not foe_of(F, w, c, t):
            return R_NOT_FOE
        if F.ranged[c, s]:
            if not at_rear(F, w, c):
                return R_RANGED_IN_CLOSE
        elif not F.engaged[w + c, t]:
            return R_NOT_ENGAGED
        code = special_code(F, w, c, s, d[4])
        return code if code != R_OK else hope_code(F, w, c, d[7])
    return R_OK


# --- the default policy (what estoc decides when the GM lets it, and in simulation) ---------------------------------
#
# A task is worth what it changes in the blows of this round (and of the next, for a rally), read from the kernel's
# own numbers: ``chance`` (:mod:`estoc.systems.tor.chances`) gives the chance that a roll of n success dice reaches
# its TN, normal, favoured or ill-favoured, weary or not; a blow's worth is its chance to hit times the endurance it
# costs (its damage, and its tengwar's heavy blows, no more than the target has left), plus what a wound is worth
# times the chance of one (a piercing blow, then a failed protection roll). The policy takes a task only when its
# expected gain beats the plain attack it replaces (a main task), or brings more than it costs (a secondary one).
# Worths are whole numbers, in 1/65536 of a point of endurance, so that the compiled and interpreted kernels agree
# to the last bit.

ONE = cython.declare(const_int, 65536)
"""A chance of 1 in :func:`chance_of`'s units."""


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def chance_of(F: Fights, mode: i64, weary: cython.bint, n: i64, tn: i64) -> i64:
    """The chance (in 1/65536) that a roll of the feat die (``mode`` 0 normal, 1 favoured, 2 ill-favoured) and
    ``n`` success dice reaches ``tn``: the table built once per encounter (the rune always reaches it)."""
    return table_of(F, 0, mode, weary, n, tn)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def pierce_of(F: Fights, mode: i64, weary: cython.bint, n: i64, tn: i64) -> i64:
    """The chance (in 1/65536) that such a roll is a piercing blow by itself: the rune, or a success on a 10."""
    return table_of(F, 1, mode, weary, n, tn)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def table_of(F: Fights, what: i64, mode: i64, weary: cython.bint, n: i64, tn: i64) -> i64:
    if n < 0:
        n = 0
    if n >= F.chance.shape[3]:
        n = F.chance.shape[3] - 1
    if tn < 0:
        tn = 0
    if tn >= F.chance.shape[4]:
        tn = F.chance.shape[4] - 1
    return F.chance[what, mode, 1 if weary else 0, n, tn]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def mode_with(favoured: cython.bint, ill: cython.bint) -> i64:
    """:func:`attack_mode`'s reading of a favoured and an ill-favoured cause: both cancel out."""
    return 0 if favoured == ill else (1 if favoured else 2)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def wound_worth(F: Fights, w: cython.Py_ssize_t, t: cython.Py_ssize_t) -> i64:
    """What a wound on ``t`` is worth, in endurance: its endurance left shared among the wounds it can still take
    (an adversary falls at its Might, a hero is dying at its second)."""
    left: i64 = (DYING_WOUNDS if is_hero(F, t) else F.might[t]) - F.wounds[w + t]
    if left < 1:
        left = 1
    return F.endurance[w + t] // left


FELL_ROUNDS = cython.declare(const_int, 3)
"""Felling a combatant spares the blows it would have struck: this many rounds of them (a One Ring fight lasts
some seven rounds)."""


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def blow_worth(F: Fights, w: cython.Py_ssize_t, c: i64, t: i64, s: i64, extra: i64, mode: i64,
               weary: i64) -> i64:
    """The expected endurance (in 1/65536) ``c``'s blow with weapon ``s`` costs ``t`` now, with ``extra`` success
    dice (+ or −) beside every +1d/−1d of :func:`dice_change`; ``mode`` −1 as :func:`attack_mode` reads it, else
    forced; ``weary`` −1 as ``c`` is, else forced. 0 when there is no blow. A blow that may fell ``t`` is worth, on
    top, the blows ``t`` would strike in :data:`FELL_ROUNDS` rounds (:func:`blow_base` of its own blow)."""
    fell = cython.declare(i64[1])
    worth: i64 = blow_base(F, w, c, t, s, extra, mode, weary, fell)
    if fell[0] > 0:
        worth += fell[0] * FELL_ROUNDS * blow_base(F, w, t, target_now(F, w, t), weapon_now(F, w, t), 0, -1, -1,
                                                   fell) // ONE
    return worth


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def blow_base(F: Fights, w: cython.Py_ssize_t, c: i64, t: i64, s: i64, extra: i64, mode: i64, weary: i64,
              fell: cython.pointer(i64)) -> i64:
    """:func:`blow_worth` in endurance only: the chance to hit times the endurance the blow costs (its damage and
    its tengwar's heavy blows, no more than ``t`` has left), and the worth of a wound (:func:`wound_worth`) times the
    chance of one (a piercing blow, then a failed protection roll). ``fell[0]`` gets the chance that the blow fells
    ``t``."""
    fell[0] = 0
    if c < 0 or t < 0 or s < 0 or not standing(F, w, t):
        return 0
    n: i64 = F.rating[c, s] + dice_change(F, w, c, t, F.ranged[c, s] != 0) + extra
    if n < 0:
        n = 0
    m: i64 = attack_mode(F, w, c, t) if mode < 0 else mode
    tired: cython.bint = weary_now(F, w, c) if weary < 0 else weary != 0
    tn: i64 = attack_tn(F, w, c, t)
    p: i64 = chance_of(F, m, tired, n, tn)
    heavy: i64 = F.corps[c] + (TWO_HANDED_HEAVY if F.two_handed[c, s] else 0)
    hit6: i64 = 6 * F.damage[c, s] + n * heavy  # six times: n dice show n/6 tengwar on average
    wound: i64 = pierce_of(F, m, tired, n, tn) * (ONE - chance_of(F, 0, weary_now(F, w, t), protection_of(F, w, t),
                                                                  F.injury[c, s])) // ONE
    if hit6 >= 6 * F.endurance[w + t]:
        fell[0] = p
    elif F.wounds[w + t] + 1 >= (DYING_WOUNDS if is_hero(F, t) else F.might[t]):
        fell[0] = wound
    if hit6 > 6 * F.endurance[w + t]:
        hit6 = 6 * F.endurance[w + t]
    return p * hit6 // 6 + wound * wound_worth(F, w, t)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def blow_pair(F: Fights, w: cython.Py_ssize_t, c: i64, t: i64, s: i64, ea: i64, ma: i64, wa: i64, eb: i64, mb: i64,
              wb: i64) -> i64:
    """:func:`blow_worth` of ``c``'s blow read two ways (extra dice, mode and weariness ``a``, then ``b``), ``a``
    less ``b``: the same sum, the numbers both share (the dice's changes, the TN, the target's protection and what
    felling it spares) read once."""
    if c < 0 or t < 0 or s < 0 or not standing(F, w, t):
        return 0
    base: i64 = F.rating[c, s] + dice_change(F, w, c, t, F.ranged[c, s] != 0)
    tn: i64 = attack_tn(F, w, c, t)
    heavy: i64 = F.corps[c] + (TWO_HANDED_HEAVY if F.two_handed[c, s] else 0)
    guard: i64 = ONE - chance_of(F, 0, weary_now(F, w, t), protection_of(F, w, t), F.injury[c, s])
    worth_of_wound: i64 = wound_worth(F, w, t)
    left6: i64 = 6 * F.endurance[w + t]
    last_wound: cython.bint = F.wounds[w + t] + 1 >= (DYING_WOUNDS if is_hero(F, t) else F.might[t])
    spared: i64 = -1
    total: i64 = 0
    k: cython.int
    n: i64
    m: i64
    tired: cython.bint
    p: i64
    hit6: i64
    wound: i64
    fell: i64
    worth: i64
    fell_at = cython.declare(i64[1])
    for k in range(2):
        n = base + (ea if k == 0 else eb)
        if n < 0:
            n = 0
        m = ma if k == 0 else mb
        if m < 0:
            m = attack_mode(F, w, c, t)
        tired = (wa if k == 0 else wb) != 0
        if (wa if k == 0 else wb) < 0:
            tired = weary_now(F, w, c)
        p = chance_of(F, m, tired, n, tn)
        hit6 = 6 * F.damage[c, s] + n * heavy
        wound = pierce_of(F, m, tired, n, tn) * guard // ONE
        fell = p if hit6 >= left6 else (wound if last_wound else 0)
        if hit6 > left6:
            hit6 = left6
        worth = p * hit6 // 6 + wound * worth_of_wound
        if fell > 0:
            if spared < 0:
                spared = blow_base(F, w, t, target_now(F, w, t), weapon_now(F, w, t), 0, -1, -1, fell_at)
            worth += fell * FELL_ROUNDS * spared // ONE
        total += worth if k == 0 else -worth
    return total


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def threat_pair(F: Fights, w: cython.Py_ssize_t, o: i64, h: i64, ea: i64, ma: i64, wa: i64, eb: i64, mb: i64,
                wb: i64) -> i64:
    """:func:`threat` read two ways, ``a`` less ``b`` (:func:`blow_pair`)."""
    if not aims_at(F, w, o, h) or not acts_later(F, w, o):
        return 0
    return blow_pair(F, w, o, h, weapon_now(F, w, o), ea, ma, wa, eb, mb, wb)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def weapon_now(F: Fights, w: cython.Py_ssize_t, c: i64) -> i64:
    """The weapon ``c`` strikes with now: its close-combat weapon when engaged (a hero not at the rear), else its
    bow; −1: none."""
    if opponents(F, w, c) > 0 and not (is_hero(F, c) and F.stance[w + c] == REARWARD):
        return main_weapon(F, w, c)
    return bow(F, w, c)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def target_now(F: Fights, w: cython.Py_ssize_t, c: i64) -> i64:
    """The foe ``c`` strikes now (:func:`aimed`, among those engaged with it when it fights in close combat)."""
    return aimed(F, w, c, opponents(F, w, c) > 0 and not (is_hero(F, c) and F.stance[w + c] == REARWARD))


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def acts_later(F: Fights, w: cython.Py_ssize_t, o: i64) -> cython.bint:
    """Whether ``o`` has its turn after the one now playing, this round (a foe that already struck is past
    changing). The heroes act before the adversaries (« Phase 3 »): while a hero plays, every adversary standing
    acts later, without a scan of the order."""
    i: cython.Py_ssize_t
    now: i64 = current(F, w)
    if now >= 0 and is_hero(F, now) and not is_hero(F, o):
        return standing(F, w, o)
    for i in range(F.turn[w] + 1, F.norder[w]):
        if F.order[w + i] == o:
            return standing(F, w, o)
    return False


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def threat(F: Fights, w: cython.Py_ssize_t, o: i64, h: i64, extra: i64, mode: i64, weary: i64) -> i64:
    """:func:`blow_worth` of ``o``'s coming blow when it strikes ``h`` this round (0 when it aims elsewhere or has
    struck already)."""
    if not aims_at(F, w, o, h) or not acts_later(F, w, o):
        return 0
    return blow_worth(F, w, o, h, weapon_now(F, w, o), extra, mode, weary)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def aims_at(F: Fights, w: cython.Py_ssize_t, o: i64, h: i64) -> cython.bint:
    """Whether ``o``'s blow now goes to ``h`` (:func:`target_now`), without the scan where the engagement says it:
    in close combat, only a foe engaged with it, and the only one standing when it has one."""
    if not standing(F, w, h):
        return False
    if opponents(F, w, o) > 0 and not (is_hero(F, o) and F.stance[w + o] == REARWARD):
        if not F.engaged[w + o, h]:
            return False
        if opponents(F, w, o) == 1:
            return True
    return target_now(F, w, o) == h


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def task_chance(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, k: cython.int) -> i64:
    """The chance (in 1/65536) that hero ``c``'s roll for task ``k`` succeeds; a task without a roll of its own
    always does."""
    if k == T_TWO_WEAPONS or k == T_SKIRMISH or k == T_REDUCE or k == T_YIELD:  # noqa: SIM109 (nogil C)
        return ONE
    return chance_of(F, 0, weary_now(F, w, c), F.skill[c, k] - F.complication[w + c], F.task_tn[c, k])


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def ward_gain(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, h: i64) -> i64:
    """What a protection on ``h`` takes off the next blow coming at it this round (−1d): the first adversary, in
    the order of resolution, that aims at it."""
    o: i64 = next_at(F, w, h, 0)
    if o < 0:
        return 0
    return threat_pair(F, w, o, h, 0, -1, -1, -1, -1, -1)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def next_at(F: Fights, w: cython.Py_ssize_t, h: i64, skip: i64) -> i64:
    """The adversary whose blow comes at ``h`` next this round, after ``skip`` others (in the order of
    resolution); −1: none."""
    i: cython.Py_ssize_t
    o: i64
    for i in range(F.turn[w] + 1, F.norder[w]):
        o = F.order[w + i]
        if not is_hero(F, o) and standing(F, w, o) and aims_at(F, w, o, h):
            if skip == 0:
                return o
            skip -= 1
    return -1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def ward(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """Whom ``c`` protects: the companion in close combat, not protected yet, whose worst coming blow a protection
    blunts most; −1: none (no blow is coming at anyone)."""
    best: i64 = -1
    most: i64 = 0
    h: cython.Py_ssize_t
    g: i64
    for h in range(F.heroes):
        if h == c or not standing(F, w, h) or not opponents(F, w, h):
            continue
        if F.stance[w + h] == REARWARD or F.protected_left[w + h] > 0:
            continue
        g = ward_gain(F, w, c, h)
        if g > most:
            best = h
            most = g
    return best


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def complicated(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """Whose complication ``c`` cancels: its own, else the standing companion's with the most dice; −1: none."""
    best: i64 = -1
    h: cython.Py_ssize_t
    if F.complication[w + c] > 0:
        return c
    for h in range(F.heroes):
        if standing(F, w, h) and F.complication[w + h] > 0 and (
                best < 0 or F.complication[w + h] > F.complication[w + best]):
            best = h
    return best


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def harassed(F: Fights, w: cython.Py_ssize_t) -> i64:
    """The standing adversary that rolls the most dice with its first weapon."""
    best: i64 = -1
    a: cython.Py_ssize_t
    for a in range(F.heroes, F.count):
        if standing(F, w, a) and (best < 0 or F.rating[a, 0] > F.rating[best, 0]):
            best = a
    return best


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def burden(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """What reducing load drops: the helm, then the shield; 0: nothing."""
    if F.has_helm[c] and not (F.dropped[w + c] & G_HELM):
        return G_HELM
    if F.has_shield[c] and not (F.dropped[w + c] & G_SHIELD):
        return G_SHIELD
    return 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def moment(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, k: cython.int) -> cython.bint:
    """Whether task ``k`` can serve hero ``c`` now (its stance, or any; what the task needs to do anything): the
    policy then weighs it (:func:`task_gain`)."""
    st: i64 = F.stance[w + c]
    close: cython.bint = opponents(F, w, c) > 0
    foes: cython.int = count_standing(F, w, 1)
    o: cython.Py_ssize_t
    if task_stance(k) >= 0 and task_stance(k) != st:
        return False
    if k == T_INTIMIDATE:
        for o in range(F.heroes, F.count):  # noqa: SIM110 (a C loop)
            if standing(F, w, o) and not F.weary[w + o] and F.might[o] <= 1:
                return True
        return False
    if k == T_CHALLENGE:
        if not close or F.challenge[w + c] >= 0:
            return False
        return F.challenge[w + aimed(F, w, c, True)] < 0
    if k == T_TWO_WEAPONS:
        return close and off_hand(F, w, c) >= 0
    if k == T_RALLY:
        return F.rally_next[w, FORWARD] == 0
    if k == T_ENCOURAGE:
        return F.songs[w + c] > 0
    if k == T_SNEAK:
        return not close and foes > 0 and st != REARWARD
    if k == T_PROTECT:  # a companion to protect (whose coming blow it blunts: :func:`ward`, weighed in the gain)
        for o in range(F.heroes):
            if o != c and standing(F, w, o) and opponents(F, w, o) and F.stance[w + o] != REARWARD and \
                    F.protected_left[w + o] == 0:
                return True
        return False
    if k == T_HOLD:
        return close and not F.holding[w + c]
    if k == T_COUNTER:
        return close and F.counter_left[w + c] == 0 and main_weapon(F, w, c) >= 0
    if k == T_AIM:
        return F.next_dice[w + c] == 0 and foes > 0 and bow(F, w, c) >= 0
    if k == T_HARASS:
        return foes > 0
    if k == T_SKIRMISH:
        if bow(F, w, c) < 0:
            return False
        for o in range(F.heroes, F.count):  # noqa: SIM110 (a C loop)
            if standing(F, w, o) and bow(F, w, o) >= 0:
                return True
        return False
    if k == T_ADVANTAGE:
        return F.lasting_dice[w + c] == 0 and F.next_dice[w + c] == 0 and F.complication[w + c] == 0
    if k == T_CANCEL:
        return complicated(F, w, c) >= 0
    if k == T_REDUCE:
        return loaded(F, w, c) and burden(F, w, c) != 0
    return False


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def task_gain(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, k: cython.int, plain: i64) -> i64:
    """What task ``k`` is expected to gain hero ``c`` (in 1/65536 of endurance) over doing without it: for a main
    task, over the plain attack it replaces (worth ``plain``); for a secondary one, its good less its cost. The
    task's roll succeeds with :func:`task_chance`; tengwar on it are counted as the n/6 its dice show on average,
    rounded down (a task's roll rarely has six dice: most gains here are for the plain success)."""
    p: i64 = task_chance(F, w, c, k)
    extra: i64 = (F.skill[c, k] - F.complication[w + c]) // 6
    t: i64 = target_now(F, w, c)
    s: i64 = weapon_now(F, w, c)
    o: cython.Py_ssize_t
    good: i64 = 0
    cost: i64 = 0
    g: i64
    hit_all: i64
    so: i64
    ill: cython.bint
    i: cython.Py_ssize_t
    if k == T_INTIMIDATE:
        # the adversaries of Might 1 (more with tengwar) weary for their blows this round
        for o in range(F.heroes, F.count):
            if standing(F, w, o) and not F.weary[w + o] and F.might[o] <= 1 + extra:
                g = target_now(F, w, o)
                good += threat_pair(F, w, o, g, 0, -1, -1, 0, -1, 1)
        return p * good // ONE - plain
    if k == T_CHALLENGE:
        # favoured blows both ways between the two, for as long as both stand
        if t < 0:
            return -1
        ill = F.holding[w + c] != 0 or F.held[w + t] > 0
        good = blow_pair(F, w, c, t, s, 0, mode_with(True, ill), -1, 0, -1, -1)
        ill = F.holding[w + t] != 0 or F.held[w + c] > 0
        cost = threat_pair(F, w, t, c, 0, mode_with(True, ill), -1, 0, -1, -1)
        return p * (good - cost) // ONE
    if k == T_TWO_WEAPONS:
        # a second blow now; every foe's blow at the hero +1d this round
        good = blow_worth(F, w, c, t, off_hand(F, w, c), 0, -1, -1)
        for o in range(F.heroes, F.count):
            cost += threat_pair(F, w, o, c, 1, -1, -1, 0, -1, -1)
        return good - cost
    if k == T_RALLY:
        # +1d to the blows of the forward fighters next round (a tengwar: the open ones too)
        for o in range(F.heroes):
            if standing(F, w, o) and (F.stance[w + o] == FORWARD or (extra > 0 and F.stance[w + o] == OPEN)):
                g = target_now(F, w, o)
                good += blow_pair(F, w, o, g, weapon_now(F, w, o), 1, -1, -1, 0, -1, -1)
        return p * good // ONE - plain
    if k == T_ENCOURAGE:
        # Valour (and its tengwar) of endurance back to every standing companion, as far as it lacks
        for o in range(F.heroes):
            if standing(F, w, o):
                good += ONE * min_i(F.endurance_max[o] - F.endurance[w + o], F.valour[c] + extra)
        return p * good // ONE - plain
    if k == T_SNEAK:
        # engaged at once, its next attack this round with +1d (more with tengwar)
        t = aimed(F, w, c, False)
        s = main_weapon(F, w, c)
        return p * blow_pair(F, w, c, t, s, 1 + extra, -1, -1, 0, -1, -1) // ONE
    if k == T_PROTECT:
        o = ward(F, w, c)
        if o < 0:
            return -1
        return p * ward_gain(F, w, c, o) // ONE - plain
    if k == T_HOLD:
        # the hero's own blow ill-favoured whatever the roll; the next blows at it ill-favoured (one, more with
        # tengwar), in the order they come
        cost = blow_pair(F, w, c, t, s, 0, -1, -1, 0, mode_with(F.challenge[w + c] == t, True), -1)
        for i in range(1 + extra):
            o = next_at(F, w, c, i)
            if o < 0:
                break
            good += threat_pair(F, w, o, c, 0, -1, -1, 0, mode_with(F.challenge[w + o] == c, True), -1)
        return p * good // ONE - cost
    if k == T_COUNTER:
        # the first blow at the hero this round that misses is answered with its weapon's damage
        hit_all = ONE
        for o in range(F.heroes, F.count):
            so = weapon_now(F, w, o)
            if so >= 0 and not F.ranged[o, so] and aims_at(F, w, o, c) and acts_later(F, w, o):
                hit_all = hit_all * chance_of(F, attack_mode(F, w, o, c), weary_now(F, w, o), F.rating[o, so]
                                              + dice_change(F, w, o, c, False), attack_tn(F, w, o, c)) // ONE
        s = main_weapon(F, w, c)
        good = (ONE - hit_all) * F.damage[c, s] if s >= 0 else 0
        return p * good // ONE - plain
    if k == T_AIM or k == T_ADVANTAGE:  # noqa: SIM109 (nogil C)
        # one more die (more with tengwar) on its next attack, for this turn's blow
        if k == T_AIM:
            s = bow(F, w, c)
            t = aimed(F, w, c, False)
        return p * (blow_worth(F, w, c, t, s, 1 + extra, -1, -1) - plain) // ONE - plain
    if k == T_HARASS:
        # −1d to the blows of the adversary rolling the most dice, this round
        o = harassed(F, w)
        if o < 0:
            return -1
        g = target_now(F, w, o)
        return p * threat_pair(F, w, o, g, 0, -1, -1, -1, -1, -1) // ONE - plain
    if k == T_SKIRMISH:
        # its shot −1d; the shots at it −1d this round
        s = bow(F, w, c)
        t = aimed(F, w, c, False)
        for o in range(F.heroes, F.count):
            so = weapon_now(F, w, o)
            if so >= 0 and F.ranged[o, so]:
                good += threat_pair(F, w, o, c, 0, -1, -1, -1, -1, -1)
        return good - (plain - blow_worth(F, w, c, t, s, -1, -1, -1))
    if k == T_CANCEL:
        # the complication's dice back to that hero's blows (counted for three rounds)
        o = complicated(F, w, c)
        g = target_now(F, w, o)
        good = 3 * blow_pair(F, w, o, g, weapon_now(F, w, o), F.complication[w + o], -1, -1, 0, -1, -1)
        return p * good // ONE - plain
    if k == T_REDUCE:
        # weary from its load, its blows are worse; dropping the helm or the shield may lift it, the shield's parry
        # lost: both weighed on this round's blows, the gear set down and taken back to read them
        so = F.dropped[w + c]
        good = -blow_worth(F, w, c, t, s, 0, -1, -1)
        for o in range(F.heroes, F.count):
            cost -= threat(F, w, o, c, 0, -1, -1)
        set_dropped(F, w, c, so | burden(F, w, c))
        good += blow_worth(F, w, c, t, weapon_now(F, w, c), 0, -1, -1)
        for o in range(F.heroes, F.count):
            cost += threat(F, w, o, c, 0, -1, -1)
        set_dropped(F, w, c, so)
        return good - cost
    return -1


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def min_i(a: i64, b: i64) -> i64:
    return a if a < b else b


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def is_secondary(k: cython.int) -> cython.bint:
    """Challenge, two-weapon attack, sneak attack, hold position, reduce load: tasks beside the main action."""
    return (SECONDARY >> k) & 1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def task_decision(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, k: cython.int,
                  d: cython.pointer(i64)) -> cython.void:
    """The policy's target (and weapon, item, flags) for task ``k``."""
    d[0] = A_TASK
    d[3] = k
    if k == T_CHALLENGE:
        d[1] = aimed(F, w, c, True)
    elif k == T_TWO_WEAPONS:
        d[1] = aimed(F, w, c, True)
        d[2] = off_hand(F, w, c)
    elif k == T_SNEAK:
        d[1] = aimed(F, w, c, False)
    elif k == T_SKIRMISH:
        d[1] = aimed(F, w, c, False)
        d[2] = bow(F, w, c)
    elif k == T_PROTECT:
        d[1] = ward(F, w, c)
    elif k == T_CANCEL:
        d[1] = complicated(F, w, c)
    elif k == T_REDUCE:
        d[5] = burden(F, w, c)
    elif k == T_HARASS:
        d[1] = harassed(F, w)
        if count_standing(F, w, 1) > 1:
            d[6] = F_SPREAD
    # A task with a skill roll of its own: a Hope for it only when the hero spends Hope on everything.
    if F.hope_use[c] == H_ALL and F.hope[w + c] > 0 and not (
            k == T_TWO_WEAPONS or k == T_SKIRMISH or k == T_REDUCE or k == T_YIELD):  # noqa: SIM109 (nogil C)
        d[7] = 1


HOPE_FELLING = cython.declare(const_int, 6554)
"""One more die worth a Hope on a blow that would fell its foe: at least 10 points more chance to hit."""
HOPE_TURNS = cython.declare(const_int, 16384)
"""One more die worth a Hope on any blow: at least 25 points more chance to hit (a likely miss made a hit)."""


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def spends_hope(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, t: i64, s: i64) -> cython.bint:
    """Whether hero ``c`` spends a Hope on its blow at ``t`` with ``s`` (it has one), by its ``hope_use``: never;
    on a blow that would fell its foe, while it keeps at least half its Hope; when the die it buys turns a miss into
    a hit, while it keeps half (the default: the die adds at least 10 points of chance to a blow that would fell its
    foe, or 25 to any blow); on every attack while it keeps half; on everything. (A Hope is spent before the roll,
    as the 2nd edition has it: the policy weighs what the die is likely to change.)"""
    use: i64 = F.hope_use[c]
    n: i64
    m: i64
    gain: i64
    if F.hope[w + c] <= 0 or use == H_NEVER:
        return False
    if use == H_ALL:
        return True
    if 2 * (F.hope[w + c] - 1) < F.hope_max[c]:
        return False
    if use == H_ATTACKS:
        return True
    if use == H_FINISHING:
        return F.endurance[w + t] <= F.damage[c, s]
    n = F.rating[c, s] + dice_change(F, w, c, t, F.ranged[c, s] != 0)
    m = attack_mode(F, w, c, t)
    gain = chance_of(F, m, weary_now(F, w, c), n + 1, attack_tn(F, w, c, t)) - chance_of(
        F, m, weary_now(F, w, c), n, attack_tn(F, w, c, t))
    if F.endurance[w + t] <= F.damage[c, s]:
        return gain >= HOPE_FELLING
    return gain >= HOPE_TURNS


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def no_decision(d: cython.pointer(i64)) -> cython.void:
    """``d`` reset to a pass (no target, no weapon, special damage ``auto``)."""
    i: cython.Py_ssize_t
    for i in range(8):
        d[i] = 0
    d[1] = -1
    d[2] = -1
    d[4] = S_AUTO


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def best_task(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, secondary: cython.bint, t: i64, s: i64,
              d: cython.pointer(i64)) -> cython.bint:
    """The task of ``c``'s plan (secondary ones, or main ones) with the best gain above nothing, whose moment has
    come and that :func:`task_code` allows, written into ``d``; False (``d`` a pass) when none gains. A main task
    is weighed against the plain attack on ``t`` with ``s`` (its worth read once, when a main task is weighed)."""
    i: cython.Py_ssize_t
    k: cython.int
    g: i64
    best: i64 = 0
    chosen: cython.int = -1
    plain: i64 = -1
    for i in range(F.nplan[c]):
        k = F.plan[c, i]
        if not F.tasks_on[k] or is_secondary(k) != secondary or k == T_YIELD or not moment(F, w, c, k):
            continue
        if plain < 0:
            plain = 0 if secondary else blow_worth(F, w, c, t, s, 0, -1, -1)
        g = task_gain(F, w, c, k, plain)
        if g <= best:
            continue
        task_decision(F, w, c, k, d)
        if task_code(F, w, c, d) == R_OK:  # allowed()'s judgement of a task (no regain here)
            best = g
            chosen = k
        no_decision(d)
    if chosen < 0:
        return False
    task_decision(F, w, c, chosen, d)
    return True


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def decide(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, d: cython.pointer(i64)) -> cython.void:
    """The default policy for ``c``, whose turn it is: a hero regains position when it yielded; takes the secondary
    task of its plan that gains most (:func:`task_gain`, when it gains), then the main task that gains most over
    the plain attack (unless a bonus waits for its next attack); else attacks the engaged foe it aims at
    (:func:`aimed`; at the rear, or unengaged, it shoots the foe it aims at). Gear on the ground: another weapon of
    the same reach, else it picks it up. A hero spends Hope as its ``hope_use`` says (:func:`spends_hope`; by
    default when the die turns a likely miss into a hit while it keeps at least half its Hope: estoc's policy)."""
    i: cython.Py_ssize_t
    close: cython.bint = opponents(F, w, c) > 0
    rear: cython.bint = (is_hero(F, c) and F.stance[w + c] == REARWARD) or not close
    t: i64 = aimed(F, w, c, not rear)
    s: i64 = bow(F, w, c) if rear else main_weapon(F, w, c)
    no_decision(d)
    if is_hero(F, c):
        if F.regain[w + c]:
            d[0] = A_REGAIN
            return
        if not F.secondary[w + c] and best_task(F, w, c, True, t, s, d):
            return
        if F.next_dice[w + c] == 0 and best_task(F, w, c, False, t, s, d):
            return
    if s < 0 and F.dropped[w + c]:
        for i in range(F.weapons[c]):
            if (F.ranged[c, i] != 0) == rear and (F.dropped[w + c] & (G_WEAPON << i)):
                d[0] = A_PICKUP
                d[5] = G_WEAPON << i
                return
        if rear == 0 and (F.dropped[w + c] & G_SHIELD):
            d[0] = A_PICKUP
            d[5] = G_SHIELD
            return
    if t < 0 or s < 0:
        d[0] = A_PASS
        return
    d[0] = A_ATTACK
    d[1] = t
    d[2] = s
    # The attack is built allowed (an engaged foe for a close-combat weapon, a bow at the rear, Hope left):
    # :func:`allowed` is not asked again on the simulation's hottest path (a test holds every decision allowed).
    if is_hero(F, c) and spends_hope(F, w, c, t, s):
        d[7] = 1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def wants_yield(F: Fights, w: cython.Py_ssize_t) -> i64:
    """The policy's yield: the hero the last blow struck yields ground when its plan has it and the blow left it
    without endurance where half of it would not; −1: no."""
    h: i64 = may_yield(F, w)
    i: cython.Py_ssize_t
    lost: i64
    if h < 0:
        return -1
    for i in range(F.nplan[h]):
        if F.plan[h, i] == T_YIELD:
            lost = F.last_lost[w]
            if F.endurance[w + h] <= 0 < F.endurance[w + h] + lost - half_up(lost):
                return h
    return -1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def act(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, d: cython.pointer(i64)) -> cython.bint:
    """Carry out the decision ``d`` of ``c``, whose turn it is. Returns whether it was the main action (the turn
    then passes)."""
    kind: i64 = d[0]
    F.last_target[w] = -1
    F.last_lost[w] = 0
    if kind == A_ATTACK:
        attack(F, w, c, d[1], d[2], d[4], d[7] != 0)
    elif kind == A_TASK:
        task(F, w, c, d[3], d[1], d[2], d[5], d[6], d[7] != 0)
        return not is_secondary(d[3])
    elif kind == A_REGAIN:
        F.regain[w + c] = 0
    elif kind == A_PICKUP:
        set_dropped(F, w, c, F.dropped[w + c] & ~d[5])
    return True


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def volleys(F: Fights, w: cython.Py_ssize_t) -> cython.void:
    """The opening volleys (the text's section on the start of a fight): whoever has a bow shoots once
    (:func:`next_volley`)."""
    d = cython.declare(i64[3])
    while next_volley(F, w, d):
        F.shot[w + d[0]] = 1
        attack(F, w, d[0], d[1], d[2], S_AUTO, False)
        F.last_target[w] = -1
        F.last_lost[w] = 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def next_volley(F: Fights, w: cython.Py_ssize_t, d: cython.pointer(i64)) -> cython.bint:
    """The policy's next shot of the opening volleys: the first combatant standing (heroes first) that has not shot
    and has a bow in hand, at the foe it aims at (:func:`aimed`). Writes the shooter to ``d[0]``, its target to
    ``d[1]``, its bow to ``d[2]``; False when no one is left to shoot."""
    c: cython.Py_ssize_t
    s: i64
    t: i64
    for c in range(F.count):
        if not standing(F, w, c) or F.shot[w + c]:
            continue
        s = bow(F, w, c)
        t = aimed(F, w, c, False)
        if s >= 0 and t >= 0:
            d[0] = c
            d[1] = t
            d[2] = s
            return True
    return False


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def policy_stances(F: Fights, w: cython.Py_ssize_t) -> cython.void:
    """A hero keeps its stance; while the rear is closed to the heroes, the first one at the rear goes open
    (:func:`leaves_rear`)."""
    c: i64 = leaves_rear(F, w)
    while c >= 0:
        change_stance(F, w, c, OPEN)
        c = leaves_rear(F, w)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def leaves_rear(F: Fights, w: cython.Py_ssize_t) -> i64:
    """While the rear is closed to the heroes (:func:`rear_open`), the first hero standing at the rear, whom the
    policy moves to the open stance; −1: none to move."""
    c: cython.Py_ssize_t
    if rear_open(F, w):
        return -1
    for c in range(F.heroes):
        if standing(F, w, c) and F.stance[w + c] == REARWARD:
            return c
    return -1


# --- whole fights -----------------------------------------------------------------------------------------------------

@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def fresh(F: Fights, w: cython.Py_ssize_t, world: i64) -> cython.void:
    """Slot ``w`` set to the start of world ``world``: everyone fresh, its own keyed dice."""
    c: cython.Py_ssize_t
    o: cython.Py_ssize_t
    k: cython.Py_ssize_t
    F.rnd[w] = 0
    F.phase[w] = PH_VOLLEYS
    F.turn[w] = 0
    F.norder[w] = 0
    F.waiting[w] = 0
    F.last_target[w] = -1
    F.last_lost[w] = 0
    F.last_round[w] = 0
    for k in range(3):
        F.rally[w, k] = 0
        F.rally_next[w, k] = 0
    for c in range(F.count):
        F.endurance[w + c] = F.endurance_max[c]
        F.wounds[w + c] = 0
        F.dying[w + c] = 0
        F.hope[w + c] = F.hope_max[c]
        F.stance[w + c] = F.stance0[c]
        F.songs[w + c] = F.songs0[c]
        set_dropped(F, w, c, 0)
        F.complication[w + c] = F.complication0[c]
        F.regain[w + c] = 0
        F.challenge[w + c] = -1
        F.next_dice[w + c] = 0
        F.sneak_dice[w + c] = 0
        F.lasting_dice[w + c] = 0
        F.shot[w + c] = 0
        F.back[w + c] = 0
        F.protector[w + c] = -1
        F.protected_dice[w + c] = 0
        F.protected_left[w + c] = 0
        F.yielded[w + c] = -1
        F.parry[w + c] = 0
        F.dice[w + c] = 0
        F.weary[w + c] = 0
        F.held[w + c] = 0
        F.holding[w + c] = 0
        F.counter_left[w + c] = 0
        F.counter_wound[w + c] = 0
        F.counter_ill[w + c] = 0
        F.skirmish[w + c] = 0
        F.two_weapons[w + c] = 0
        F.secondary[w + c] = 0
        F.dealt[w + c] = 0
        F.taken[w + c] = 0
        F.wounds_dealt[w + c] = 0
        F.downed[w + c] = 0
        F.tasks_done[w + c] = 0
        F.hope_spent[w + c] = 0
        for o in range(F.count):
            F.engaged[w + c, o] = 0
        F.foes[w + c] = 0
        F.links[w + c] = 0
        F.up[w + c] = 1 if stands(F, w, c) else 0
        for k in range(N_TASKS):
            F.tried[w + c, k] = 0
            F.worked[w + c, k] = 0
    F.alive[w, 0] = 0
    F.alive[w, 1] = 0
    for c in range(F.count):
        F.alive[w, F.side[c]] += F.up[w + c]
    seed_world(F, w, world)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def fight_world(F: Fights, w: cython.Py_ssize_t, world: i64, max_rounds: i64) -> cython.void:
    """Play world ``world`` in slot ``w`` to its end (or ``max_rounds`` rounds), every decision the policy's, and
    keep what it came to."""
    d = cython.declare(i64[8])
    c: i64
    h: i64
    k: cython.Py_ssize_t
    flags: i64
    fresh(F, w, world)
    if F.volleys:
        volleys(F, w)
    new_round(F, w)
    while F.phase[w] != PH_OVER and F.rnd[w] <= max_rounds:
        if F.phase[w] == PH_STANCES:
            policy_stances(F, w)
            F.phase[w] = PH_ENGAGEMENT
            begin_resolution(F, w)
            continue
        c = current(F, w)
        decide(F, w, c, d)
        if act(F, w, c, d):
            h = wants_yield(F, w)
            if h >= 0:
                yield_ground(F, w, h)
            next_turn(F, w)
        else:
            h = wants_yield(F, w)
            if h >= 0:
                yield_ground(F, w, h)
    over: cython.bint = F.phase[w] == PH_OVER
    F.out_winner[world] = winner(F, w)
    F.out_over[world] = over
    F.out_rounds[world] = F.rnd[w] if F.rnd[w] <= max_rounds else max_rounds
    F.out_dice[world] = dice_drawn(F, w)
    for c in range(F.count):
        flags = OUT_OVER if over else 0
        if not standing(F, w, c):
            flags |= OUT_DOWN
        if F.dying[w + c] or (not is_hero(F, c) and F.wounds[w + c] >= F.might[c]):
            flags |= OUT_DEAD
        F.out_state[world, c] = flags
        F.out_dealt[world, c] = F.dealt[w + c]
        F.out_taken[world, c] = F.taken[w + c]
        F.out_wounds[world, c] = F.wounds[w + c]
        for k in range(N_TASKS):
            F.out_tried[world, c, k] = F.tried[w + c, k]
            F.out_worked[world, c, k] = F.worked[w + c, k]


def play_all(F: Fights, worlds: cython.longlong, max_rounds: cython.longlong, threads: cython.int) -> None:
    """Play ``worlds`` worlds to their end on ``threads`` threads, each thread in its own slot (keyed dice only)."""
    check_run(F, worlds, threads)
    world: cython.Py_ssize_t
    for world in prange(worlds, nogil=True, num_threads=threads, schedule="dynamic", chunksize=CHUNK):
        fight_world(F, slot_of(F, threadid()), world, max_rounds)


# --- entries for play (one world, called from Python) ----------------------------------------------------------------

def py_fresh(F: Fights, w: cython.Py_ssize_t) -> None:
    w = w * F.count
    fresh(F, w, 0)


def py_new_round(F: Fights, w: cython.Py_ssize_t) -> None:
    w = w * F.count
    new_round(F, w)


def py_begin_resolution(F: Fights, w: cython.Py_ssize_t) -> None:
    w = w * F.count
    begin_resolution(F, w)


def py_next_turn(F: Fights, w: cython.Py_ssize_t) -> None:
    w = w * F.count
    next_turn(F, w)


def py_attack(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
              special: cython.int, hope: cython.bint) -> None:
    w = w * F.count
    attack(F, w, c, t, s, special, hope)


def py_exchange(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
                hope: cython.bint) -> tuple:
    """What ``c``'s attack with weapon ``s`` on ``t`` would roll now, as :func:`attack` would make it, changing
    nothing (the exact odds of the blow being set up): (success dice after every +1d and −1d, never below 0; TN;
    0 normal / 1 favoured / 2 ill-favoured; weary; the target's protection dice; whether its protection roll is
    weary; whether a miss would be answered by ``t``'s counter-attack; the +1d and −1d counted; whether a Hope was
    counted). ``hope``: ``c`` spends one Hope on the blow, counted when it has one."""
    row: cython.Py_ssize_t = w * F.count
    change: i64 = dice_change(F, row, c, t, F.ranged[c, s] != 0)
    spent: cython.bint = hope and F.hope[row + c] > 0
    n: i64 = F.rating[c, s] + change + (1 if spent else 0)
    return (n if n > 0 else 0, attack_tn(F, row, c, t), attack_mode(F, row, c, t), weary_now(F, row, c),
            protection_of(F, row, t), weary_now(F, row, t), F.ranged[c, s] == 0 and F.counter_left[row + t] > 0,
            change, spent)


def py_next_volley(F: Fights, w: cython.Py_ssize_t) -> tuple:
    """:func:`next_volley`: (shooter, target, bow), or (−1, −1, −1) when no one is left to shoot."""
    d = cython.declare(i64[3])
    if next_volley(F, w * F.count, d):
        return (d[0], d[1], d[2])
    return (-1, -1, -1)


def py_leaves_rear(F: Fights, w: cython.Py_ssize_t) -> int:
    return leaves_rear(F, w * F.count)


def py_task(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, k: cython.int, target: cython.longlong,
            weapon: cython.longlong, item: cython.longlong, flags: cython.longlong, hope: cython.bint) -> None:
    w = w * F.count
    task(F, w, c, k, target, weapon, item, flags, hope)


def py_yield(F: Fights, w: cython.Py_ssize_t, h: cython.Py_ssize_t) -> int:
    w = w * F.count
    return yield_ground(F, w, h)


def py_may_yield(F: Fights, w: cython.Py_ssize_t) -> int:
    w = w * F.count
    return may_yield(F, w)


def py_wants_yield(F: Fights, w: cython.Py_ssize_t) -> int:
    w = w * F.count
    return wants_yield(F, w)


def py_decide(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> tuple:
    w = w * F.count
    d = cython.declare(i64[8])
    decide(F, w, c, d)
    return (d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7])


def py_change_stance(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, s: cython.longlong) -> None:
    w = w * F.count
    change_stance(F, w, c, s)


def py_engage(F: Fights, w: cython.Py_ssize_t, h: cython.Py_ssize_t, a: cython.Py_ssize_t) -> None:
    w = w * F.count
    engage(F, w, h, a)


def py_release(F: Fights, w: cython.Py_ssize_t, h: cython.Py_ssize_t) -> None:
    w = w * F.count
    release(F, w, h)


def py_severity_rolled(F: Fights, w: cython.Py_ssize_t, t: cython.Py_ssize_t) -> bool:
    return severity_rolled(F, w * F.count, t)


def py_wound_dying(F: Fights, w: cython.Py_ssize_t, t: cython.Py_ssize_t, face: cython.int) -> bool:
    return wound_dying(F, w * F.count, t, face)






def py_standing(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> bool:
    w = w * F.count
    return standing(F, w, c)


def py_settle(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, out: cython.bint) -> None:
    """After the GM's word on ``c`` (its endurance, wounds or dying set by hand): whether it stands, with its side's
    count and its opponents' (:func:`settle`); ``out``: the GM takes it out of the fight, standing or not (it is
    counted as fallen until the GM brings it back, which settles it again)."""
    w = w * F.count
    o: cython.Py_ssize_t
    step: i64
    if not out:
        settle(F, w, c)
        return
    if F.up[w + c] == 0:
        return
    step = -F.up[w + c]
    F.up[w + c] = 0
    F.alive[w, F.side[c]] += step
    for o in range(F.count):
        if F.engaged[w + o, c]:
            F.foes[w + o] += step




def py_loaded(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> bool:
    w = w * F.count
    return loaded(F, w, c)


def py_weary(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> bool:
    w = w * F.count
    return weary_now(F, w, c)


def py_load(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> int:
    w = w * F.count
    return load_of(F, w, c)


def py_set_dropped(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, bits: cython.longlong) -> None:
    w = w * F.count
    set_dropped(F, w, c, bits)


def py_bow(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> int:
    w = w * F.count
    return bow(F, w, c)


def py_main_weapon(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> int:
    w = w * F.count
    return main_weapon(F, w, c)


def py_off_hand(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> int:
    w = w * F.count
    return off_hand(F, w, c)




def py_winner(F: Fights, w: cython.Py_ssize_t) -> int:
    w = w * F.count
    return winner(F, w)


def py_sides_standing(F: Fights, w: cython.Py_ssize_t) -> int:
    w = w * F.count
    return sides_standing(F, w)


def py_current(F: Fights, w: cython.Py_ssize_t) -> int:
    w = w * F.count
    return current(F, w)






def py_end_round(F: Fights, w: cython.Py_ssize_t) -> None:
    """The GM closes the round early (play only)."""
    w = w * F.count
    end_round(F, w)
    new_round(F, w)


# --- entries for the exchange's odds and play's checks (one world, called from Python) -------------------------------

def py_blow(F: Fights, c: cython.Py_ssize_t, s: cython.Py_ssize_t, special: cython.int, face: cython.longlong,
            total: cython.longlong, sixes: cython.longlong, tn: cython.longlong) -> tuple:
    """The attack's roll read (:func:`reaches`) and spent (:func:`spend`) as :func:`attack` does, for ``c``'s
    weapon ``s``: (success, tengwar, special damage, endurance lost, piercing). Reads only the sheets."""
    out = cython.declare(i64[3])
    success: cython.bint = reaches(face, total, tn)
    tengwar: i64 = sixes if success else 0
    spend(F, c, s, special, face, tengwar, success, out)
    return (success, tengwar, out[0], out[1], out[2] != 0)


def py_reaches(face: cython.longlong, total: cython.longlong, tn: cython.longlong) -> bool:
    return reaches(face, total, tn)


def py_kept_feat(face: cython.int, other: cython.int, favoured: cython.bint) -> int:
    return kept_feat(face, other, favoured)


def py_feat_value(face: cython.int) -> int:
    return feat_value(face)


def py_success_value(face: cython.int, weary: cython.bint) -> int:
    return success_value(face, weary)


def py_allowed(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, kind: cython.longlong,
               target: cython.longlong = -1, weapon: cython.longlong = -1, task: cython.longlong = 0,
               special: cython.longlong = S_AUTO, item: cython.longlong = 0, flags: cython.longlong = 0,
               hope: cython.bint = False) -> int:
    """:func:`allowed` of the decision (kind, target, weapon, task or stance, special, item bits, flags or a count
    of adversaries assigned, Hope)."""
    d = cython.declare(i64[8])
    d[0] = kind
    d[1] = target
    d[2] = weapon
    d[3] = task
    d[4] = special
    d[5] = item
    d[6] = flags
    d[7] = 1 if hope else 0
    return allowed(F, w * F.count, c, d)


def py_chooser(F: Fights, w: cython.Py_ssize_t) -> int:
    return chooser(F, w * F.count)


def py_rear_open(F: Fights, w: cython.Py_ssize_t) -> bool:
    return rear_open(F, w * F.count)


def py_task_stance(k: cython.int) -> int:
    return task_stance(k)


def py_is_secondary(k: cython.int) -> bool:
    return is_secondary(k)


def py_codes() -> dict:
    """The kernel's constants and codes by name, for Python to read rather than mirror."""
    return {
        "P_ATTACK": P_ATTACK, "P_PROTECTION": P_PROTECTION, "P_TASK": P_TASK, "P_WOUND": P_WOUND,
        "EYE": EYE, "RUNE": RUNE, "TENGWAR": TENGWAR, "WEARY_BLANK": WEARY_BLANK, "PIERCING_FEAT": PIERCING_FEAT,
        "FEND_OFF_CAP": FEND_OFF_CAP, "TWO_HANDED_HEAVY": TWO_HANDED_HEAVY, "DYING_WOUNDS": DYING_WOUNDS,
        "MAX_ASSIGNED": MAX_ASSIGNED, "SNEAK_MAX": SNEAK_MAX, "HARASS_MAX": HARASS_MAX,
        "FORWARD": FORWARD, "OPEN": OPEN, "DEFENSIVE": DEFENSIVE, "REARWARD": REARWARD,
        "PH_VOLLEYS": PH_VOLLEYS, "PH_STANCES": PH_STANCES, "PH_ENGAGEMENT": PH_ENGAGEMENT,
        "PH_RESOLUTION": PH_RESOLUTION, "PH_OVER": PH_OVER,
        "T_INTIMIDATE": T_INTIMIDATE, "T_CHALLENGE": T_CHALLENGE, "T_TWO_WEAPONS": T_TWO_WEAPONS, "T_RALLY": T_RALLY,
        "T_ENCOURAGE": T_ENCOURAGE, "T_SNEAK": T_SNEAK, "T_PROTECT": T_PROTECT, "T_HOLD": T_HOLD,
        "T_COUNTER": T_COUNTER, "T_AIM": T_AIM, "T_HARASS": T_HARASS, "T_SKIRMISH": T_SKIRMISH,
        "T_CANCEL": T_CANCEL, "T_ADVANTAGE": T_ADVANTAGE, "T_YIELD": T_YIELD, "T_REDUCE": T_REDUCE,
        "N_TASKS": N_TASKS,
        "S_NONE": S_NONE, "S_HEAVY": S_HEAVY, "S_FEND": S_FEND, "S_PIERCE": S_PIERCE, "S_SHIELD": S_SHIELD,
        "S_AUTO": S_AUTO,
        "G_HELM": G_HELM, "G_SHIELD": G_SHIELD, "G_WEAPON": G_WEAPON,
        "A_PASS": A_PASS, "A_ATTACK": A_ATTACK, "A_TASK": A_TASK, "A_REGAIN": A_REGAIN, "A_PICKUP": A_PICKUP,
        "A_SHOOT": A_SHOOT, "A_ENGAGE": A_ENGAGE, "A_ASSIGN": A_ASSIGN, "A_STANCES": A_STANCES,
        "A_STANCE": A_STANCE, "A_YIELD": A_YIELD, "A_BACK": A_BACK, "F_MORE": F_MORE, "F_SPREAD": F_SPREAD,
        "H_NEVER": H_NEVER, "H_FINISHING": H_FINISHING, "H_ATTACKS": H_ATTACKS, "H_ALL": H_ALL, "H_TURNING": H_TURNING,
        "AIM_WEAKEST": AIM_WEAKEST, "AIM_DANGEROUS": AIM_DANGEROUS,
        "L_ROUND": L_ROUND, "L_ATTACK": L_ATTACK, "L_ROLL": L_ROLL, "L_AFTER": L_AFTER, "L_THRUST": L_THRUST,
        "L_COUNTER": L_COUNTER, "L_TASK": L_TASK, "L_EFFECT": L_EFFECT, "L_SEVERITY": L_SEVERITY,
        "L_TARGETS": L_TARGETS, "L_END_ROUND": L_END_ROUND, "L_OVER": L_OVER,
        "OUT_DOWN": OUT_DOWN, "OUT_DEAD": OUT_DEAD, "OUT_OVER": OUT_OVER, "SLOT_STRIDE": SLOT_STRIDE,
        "CHUNK": CHUNK,
        "R_OK": R_OK, "R_NOT_FOE": R_NOT_FOE, "R_NO_WEAPON": R_NO_WEAPON, "R_DROPPED": R_DROPPED,
        "R_NO_BASH": R_NO_BASH, "R_RANGED_IN_CLOSE": R_RANGED_IN_CLOSE, "R_NOT_ENGAGED": R_NOT_ENGAGED,
        "R_NO_SHIELD": R_NO_SHIELD, "R_FEND_RANGED": R_FEND_RANGED, "R_NO_PIERCE": R_NO_PIERCE,
        "R_HOPE_HERO": R_HOPE_HERO, "R_NO_HOPE": R_NO_HOPE, "R_REGAIN": R_REGAIN,
        "R_NOTHING_TO_REGAIN": R_NOTHING_TO_REGAIN, "R_SHOT": R_SHOT, "R_NO_BOW": R_NO_BOW,
        "R_TASK_HERO": R_TASK_HERO, "R_TASK_OFF": R_TASK_OFF, "R_TASK_STANCE": R_TASK_STANCE,
        "R_SECONDARY": R_SECONDARY, "R_NO_SONG": R_NO_SONG, "R_SNEAK_ENGAGED": R_SNEAK_ENGAGED,
        "R_NO_COUNTER_WEAPON": R_NO_COUNTER_WEAPON, "R_COMPLICATED": R_COMPLICATED, "R_TARGET": R_TARGET,
        "R_CHALLENGE": R_CHALLENGE, "R_SECOND_WEAPON": R_SECOND_WEAPON, "R_NO_SECOND": R_NO_SECOND,
        "R_CANCEL_WHO": R_CANCEL_WHO, "R_NO_COMPLICATION": R_NO_COMPLICATION,
        "R_ALREADY_DROPPED": R_ALREADY_DROPPED, "R_NOT_DROPPED": R_NOT_DROPPED, "R_REAR_CLOSED": R_REAR_CLOSED,
        "R_OUTNUMBERED": R_OUTNUMBERED, "R_ENGAGE_SIDES": R_ENGAGE_SIDES, "R_REAR_ENGAGES": R_REAR_ENGAGES,
        "R_ENGAGE_ORDER": R_ENGAGE_ORDER, "R_ENGAGE_FREE": R_ENGAGE_FREE, "R_ASSIGN_COUNT": R_ASSIGN_COUNT,
        "R_TAKEN": R_TAKEN, "R_ASSIGN_FOE": R_ASSIGN_FOE, "R_STANCE_HERO": R_STANCE_HERO, "R_YIELDED": R_YIELDED,
        "R_NO_YIELD": R_NO_YIELD, "R_BACK_FREE": R_BACK_FREE, "R_SHOOTER_DOWN": R_SHOOTER_DOWN,
        "R_HOPE_OFF": R_HOPE_OFF,
    }
