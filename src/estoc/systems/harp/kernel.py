# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""The HARP · TdM fight as one scalar kernel over worlds: every rule of the round, written once.

A *world* is one fight. :class:`Fights` holds W worlds of the same encounter: the combatants' sheets (one row per
combatant, shared by every world), each world's conditions pinned to its round clock, its declarations and its
cursor (round, position in the order). Each rule below is a small function of one world ``w``; its docstring names the
section of the text (« Le combat », player's book; « Points de Règles », bestiary) where a GM can check it.

The module is compiled at install (Cython 3, pure-Python mode) and the very same source also runs interpreted: the
tests hold the two forms equal die for die. Play is this kernel on one world, its decisions forced by the GM's
commands (:mod:`estoc.systems.harp.fight` checks them and tells what happened); simulation is :func:`play_all` over
many worlds in parallel threads, each world deciding with :func:`decide`, the default policy.

Dice are never created here. In simulation, the ``k``-th die world ``w`` rolls for a purpose is a hash of (key,
world, purpose, k) (:class:`estoc.dice.KeyedDice`'s stream, computed inline); in play, faces come from a Python dice
source (the GM's typed faces, then estoc's), one call per die, so that every face is stored with its purpose.

Durations are pinned to the round clock: an effect of N rounds suffered in round r lasts until the start of the
victim's turn in round r + N, or r + N + 1 when the victim had already used its action of round r (it acted, or it
is acting: its own fumble): an effect of N rounds binds the victim's next N actions (estoc's reading, see
:func:`pinned_from`). Readings where the text leaves a choice are documented where they are made.
"""

import cython
from cython.parallel import prange, threadid

# The shared core (dice, log, the run's slots) and outcome, included here: see :mod:`estoc.engine.kcore`.
from estoc.engine.kcore import (  # isort: skip: one compact statement, where the core is included
    CHUNK, SLOT_STRIDE, Core, check_run, const_int, dice_drawn, die, emit, i64, seed_world, slot_of)
from estoc.engine.koutcome import sides_standing, winner

# --- purposes of the dice (the names a recording source stores) ---------------------------------------------------
P_ATTACK = cython.declare(const_int, 0)
P_CRITICAL = cython.declare(const_int, 1)
P_EXTRA = cython.declare(const_int, 2)
P_FUMBLE = cython.declare(const_int, 3)
P_RESISTANCE = cython.declare(const_int, 4)
P_INITIATIVE = cython.declare(const_int, 5)
P_MANOEUVRE = cython.declare(const_int, 6)
P_PARRY = cython.declare(const_int, 7)
P_PERCEPTION = cython.declare(const_int, 8)
PURPOSES = ("attack", "critical", "extra-critical", "fumble", "resistance", "initiative", "manoeuvre", "parry",
            "perception")

# --- actions (the policy's decisions, the GM's commands) ------------------------------------------------------------
A_PASS = cython.declare(const_int, 0)
A_ATTACK = cython.declare(const_int, 1)
A_TOTAL_PARRY = cython.declare(const_int, 2)
A_STAND = cython.declare(const_int, 3)
A_TAKE_WEAPON = cython.declare(const_int, 4)
A_FLEE = cython.declare(const_int, 5)
A_BREATHE = cython.declare(const_int, 6)
A_DODGE = cython.declare(const_int, 7)
A_CHARGE = cython.declare(const_int, 8)
A_DISENGAGE = cython.declare(const_int, 9)
A_MOVE = cython.declare(const_int, 10)
A_MOVE_ATTACK = cython.declare(const_int, 11)
A_INSTINCTIVE_DODGE = cython.declare(const_int, 12)
"""Only asked of :func:`allowed` (it comes at any moment, not as a turn's decision)."""
A_SHOVE = cython.declare(const_int, 13)
ACTIONS = ("pass", "attack", "total-parry", "stand", "take-weapon", "flee", "breathe", "dodge", "charge",
           "disengage", "move", "move-attack", "instinctive-dodge", "shove")
"""The actions' names, by code (the events' ``type``)."""

# --- a decision's slots (:func:`decide` writes them, :func:`allowed` checks them, :func:`act` carries them out) -----
D_KIND = cython.declare(const_int, 0)
D_TARGET = cython.declare(const_int, 1)
D_STRIKE = cython.declare(const_int, 2)
D_PARRY = cython.declare(const_int, 3)       # OB points kept to parry; a disengagement's parry
D_PARRIED = cython.declare(const_int, 4)
D_RUN = cython.declare(const_int, 5)         # a move's, a charge's, a move-and-attack's run, in tenths of a metre
                                              # (a breath: its targets in 5–7)
D_UNSEEN = cython.declare(const_int, 6)      # a charge its target does not see coming
D_MOD = cython.declare(const_int, 7)         # the GM's modifier to an attack, a charge, a move-and-attack; a
                                              # shove's manoeuvre bonus
D_POSITIONS = cython.declare(const_int, 8)   # the position bonuses an attack takes (bit k: bonus k)
D_DIRECTION = cython.declare(const_int, 9)   # where a blow comes from: DIR_FRONT, DIR_FLANK, DIR_REAR (the GM's)
D_FOES = cython.declare(const_int, 10)       # « Parades Multiples »: the foes an attack's parry is shared between
                                              # (bit k: combatant k; 0: the one foe of D_PARRIED)
DECISION = cython.declare(const_int, 11)

# --- situations (a modifier's ``when``: :data:`estoc.content.models.harp.SITUATIONS`, in order from 1) ------------
S_FLANK = cython.declare(const_int, 1)
S_REAR = cython.declare(const_int, 2)
S_SURPRISED = cython.declare(const_int, 3)
S_PRONE = cython.declare(const_int, 4)
S_STUNNED = cython.declare(const_int, 5)
S_SHAKEN = cython.declare(const_int, 6)
S_DISARMED = cython.declare(const_int, 7)
S_WOUNDED = cython.declare(const_int, 8)
S_MOUNTED = cython.declare(const_int, 9)
DIR_FRONT = cython.declare(const_int, 0)
DIR_FLANK = cython.declare(const_int, 1)
DIR_REAR = cython.declare(const_int, 2)
ARC_FRONT = cython.declare(const_int, 1)
"""« Les boucliers »: a buckler or a target covers frontal attacks only; the others the front and the side
(``ARC_FRONT_SIDE``); none covers a blow from behind."""
ARC_FRONT_SIDE = cython.declare(const_int, 2)

# --- why an action is refused (:func:`allowed`; 0: allowed) ---------------------------------------------------------
OK = cython.declare(const_int, 0)
WHY_CANNOT_ACT = cython.declare(const_int, 1)
WHY_STUNNED = cython.declare(const_int, 2)
WHY_MUST_PARRY = cython.declare(const_int, 3)
WHY_PRONE = cython.declare(const_int, 4)
WHY_DISARMED = cython.declare(const_int, 5)
WHY_SELF = cython.declare(const_int, 6)
WHY_GONE = cython.declare(const_int, 7)
WHY_AREA = cython.declare(const_int, 8)
WHY_BEAST_PARRY = cython.declare(const_int, 9)
WHY_NO_PARRY_WEAPON = cython.declare(const_int, 10)
WHY_NO_PARRY_NOW = cython.declare(const_int, 11)
WHY_PARRY_NOT_MELEE = cython.declare(const_int, 12)
WHY_NEGATIVE_PARRY = cython.declare(const_int, 13)
WHY_NOT_FREE = cython.declare(const_int, 14)
WHY_TOO_CLOSE = cython.declare(const_int, 15)
WHY_TOO_FAR = cython.declare(const_int, 16)
WHY_CHARGE_SHOT = cython.declare(const_int, 17)
WHY_CHARGE_SHORT = cython.declare(const_int, 18)
WHY_CHARGE_LONG = cython.declare(const_int, 19)
WHY_MOVE_ATTACK_FAR = cython.declare(const_int, 20)
WHY_STUNNED_MOVE = cython.declare(const_int, 21)
WHY_RUN_LIMIT = cython.declare(const_int, 22)
WHY_DISENGAGE_HALF = cython.declare(const_int, 23)
WHY_NO_USES = cython.declare(const_int, 24)
WHY_NOT_AREA = cython.declare(const_int, 25)
WHY_NOT_PRONE = cython.declare(const_int, 26)
WHY_NOT_DISARMED = cython.declare(const_int, 27)
WHY_NO_TARGET = cython.declare(const_int, 28)
WHY_UNKNOWN = cython.declare(const_int, 29)
WHY_POSITIONS = cython.declare(const_int, 30)
WHY_NOT_IN_CONTACT = cython.declare(const_int, 31)
WHY_NOT_SHOOTER = cython.declare(const_int, 32)
WHY_DIRECTION = cython.declare(const_int, 33)
WHY_PARRY_FOES = cython.declare(const_int, 34)
WHY_SHOOTER_ACTED = cython.declare(const_int, 35)
REASONS = ("ok", "cannot-act", "stunned", "must-parry", "prone", "disarmed", "self", "gone", "area",
           "beast-parry", "no-parry-weapon", "no-parry-now", "parry-not-melee", "negative-parry", "not-free",
           "too-close", "too-far", "charge-shot", "charge-short", "charge-long", "move-attack-far", "stunned-move",
           "run-limit", "disengage-half", "no-uses", "not-area", "not-prone", "not-disarmed", "no-target",
           "unknown", "positions", "not-in-contact", "not-shooter", "direction", "parry-foes",
           "shooter-acted")
"""The reasons' names, by code (play turns each into the GM's words)."""

# --- what the log tells (play only: see :mod:`estoc.systems.harp.fight`) ---------------------------------------------
L_ROUND = cython.declare(const_int, 1)       # round
L_INIT = cython.declare(const_int, 2)        # combatant, total, automatic, situational modifiers, surprised
L_TURN = cython.declare(const_int, 3)        # combatant, bled, died, skipped (0 no, 1 down, 2 lost), stun rounds
                                              # left, round, hit points regenerated
L_STUN = cython.declare(const_int, 4)        # roll, total, difficulty, resisted
L_FACE = cython.declare(const_int, 5)        # a face of the open-ended chain just rolled
L_STRIKE = cython.declare(const_int, 6)      # attacker, target, strike, ob, defence, counter, stray
L_RESULT = cython.declare(const_int, 7)      # total, fumble, fumble roll, attack total, result, hit, row, hits
L_CRIT = cython.declare(const_int, 8)        # which (0 critical, 1 additional, 2 second attack's), table, severity,
                                              # roll, the table's severity (before the target's size lowers it)
L_SECOND = cython.declare(const_int, 9)      # row, hits
L_DONE = cython.declare(const_int, 10)       # total hits, knocked down, fallen before, limit, target's hp, down,
                                              # dead, the table's severity
L_PARRY = cython.declare(const_int, 11)      # actor, target, total, fumbled, counter, bonus, fumble roll
L_DODGE = cython.declare(const_int, 12)      # actor, instinctive, total, bonus
L_BRACED = cython.declare(const_int, 13)     # the braced foe, the charger
L_DISENGAGED = cython.declare(const_int, 14)  # the combatant who broke off cleanly, its opponent
L_VENOM = cython.declare(const_int, 15)       # victim, roll, total, difficulty, resisted, rolls left, hits,
                                              # penalty (a failure's)
L_SHOVE = cython.declare(const_int, 16)       # actor, target, total, penalty
L_PERCEIVE = cython.declare(const_int, 17)    # the best perceiver of a side, its side, roll, total
L_SURPRISE = cython.declare(const_int, 18)    # the side surprised (−1: none), its round
L_OB = cython.declare(const_int, 19)          # the strike's OB, penalties, the round's modifiers, sun, position
                                              # bonuses (:func:`position_total`), range, shot hampered in contact
                                              # (a strike's OB, told right before its L_STRIKE)
L_MOD = cython.declare(const_int, 20)         # actor, which (M_*), value: one of the modifiers its next strike takes
M_PARRY = cython.declare(const_int, 1)        # OB kept to parry (negative)
M_FIGHT = cython.declare(const_int, 2)        # the fight's modifier (the GM's ``fight-mod``)
M_NEXT = cython.declare(const_int, 3)         # a modifier to its next attack (the GM's ``mod``, a shove)
M_GM = cython.declare(const_int, 4)           # the GM's modifier to this attack (``mod N`` on the command)
M_POSITION = cython.declare(const_int, 5)     # (unused since issue 25's position bonuses: they are L_OB's own part)
M_CHARGE = cython.declare(const_int, 6)       # a charge's +20
M_MOVING = cython.declare(const_int, 7)       # moving and attacking, −20

# --- rule constants (« Le combat ») ---------------------------------------------------------------------------------
OPEN_FROM = cython.declare(const_int, 96)
STUN_BASE = cython.declare(const_int, 150)
STUN_PER_ROUND = cython.declare(const_int, 5)
STUNNED_MANOEUVRE = cython.declare(const_int, -50)
SHAKEN_MANOEUVRE = cython.declare(const_int, -25)
TOTAL_PARRY_BONUS = cython.declare(const_int, 10)
DODGE_BASE = cython.declare(const_int, 50)
INSTINCTIVE_DODGE_BASE = cython.declare(const_int, 25)
SURPRISE_PENALTY = cython.declare(const_int, -20)
AUTOMATIC = cython.declare(const_int, 10000)
SUNLIGHT_PENALTY = cython.declare(const_int, -20)
PRONE_TARGET_OB = cython.declare(const_int, 40)
UNLIMITED = cython.declare(const_int, 1000000)
BREATH_TARGETS = cython.declare(const_int, 3)
DODGE_AGILITY = cython.declare(const_int, 3)
"""A dodge rolled on Agility alone adds Agility × 3: the text names the roll without its multiplier (estoc's
choice, the stat-roll convention)."""
INSTINCTIVE_AGILITY = cython.declare(const_int, 4)
CHARGE_OB = cython.declare(const_int, 20)
CHARGE_DB = cython.declare(const_int, -20)
CHARGE_MIN_RUN = cython.declare(const_int, 3)
"""« Charge »: a straight run of 3 m at least, and at most twice the base movement."""
TENTHS = cython.declare(const_int, 10)
"""A run is counted in tenths of a metre (half a base movement of 15 m is 7.5 m)."""
MOVING_ATTACK_OB = cython.declare(const_int, -20)
"""« Se déplacer et attaquer »: −20 OB when it moved at all, at most its base movement."""
MAX_POSITIONS = cython.declare(const_int, 62)
"""Position bonuses an encounter's content may hold (an attack names its own as bits of one number)."""
KERNEL_LIMIT = cython.declare(const_int, 1073741824)
"""A sheet's numbers stay strictly within ±2³⁰ (32-bit integers, with room for the round's sums)."""
VENOM_BASE = cython.declare(const_int, 50)
VENOM_PER_LEVEL = cython.declare(const_int, 5)
"""A venom's Body resistance roll is made against 50 + 5 × its level: the bestiary sends to a chapter of the
player's book estoc does not have (« Les poisons »), so this is estoc's reading."""
MIN_RANGE = cython.declare(const_int, 2)
"""« Portée minimum »: under 2 m a shot has no effect (play refuses it; the policy shoots no closer)."""
MELEE_INTERFERENCE = cython.declare(const_int, -100)
REGEN_HP = cython.declare(const_int, 2)
REGEN_ROUNDS = cython.declare(const_int, 10)
"""Bestiary, « Régénération (Majeure) »: 2 hit points a minute, and a round lasts six seconds (« Le combat »)."""
MAX_FACES = cython.declare(const_int, 64)
DEAD = cython.declare(const_int, 1)
"""``dead``: killed outright (« Mort » without a duration, or the GM's word)."""
PASSING_AWAY = cython.declare(const_int, 2)
"""``dead``: « En train de Trépasser », the state a « Mort » of N rounds leads to when they have passed."""
"""An open-ended chain longer than this is cut (64 faces of 96+: never in practice, a guard for typed faces)."""

PARRY_AUTO = cython.declare(const_int, -1)
"""``usual_parry``: no share written (by the sheet or the encounter): the default policy weighs it
(:func:`best_parry`)."""
PARRY_QUARTERS = cython.declare(const_int, 4)
"""The shares :func:`best_parry` weighs: none, a quarter, a half, three quarters or all of the OB it may keep (the
OB less one), each rounded down to 5 points."""
ROUNDED_TO = cython.declare(const_int, 5)
FELL_STEP = cython.declare(const_int, 8)
FELL_LEN = cython.declare(const_int, 1251)
"""``F.fell`` holds :func:`fell_chance` at every 8 thousandths, from 0 to 10 times the hit points left."""
PARRY_MARGIN = cython.declare(const_int, 32)
"""A share is kept only when it raises the race's chance by more than a 32nd (:func:`best_parry`)."""
WORTH_LO = cython.declare(const_int, -200)
WORTH_LEN = cython.declare(const_int, 501)
WORTH_SCALE = cython.declare(const_int, 1000)
"""``F.worth`` holds a blow's worth at each edge (OB less defence) from −200 to +300
(:mod:`estoc.systems.harp.worth`)."""

# effect columns (:data:`estoc.systems.harp.tables.EFFECT_FIELDS`)
E_HITS = cython.declare(const_int, 0)
E_PENALTY = cython.declare(const_int, 1)
E_STUN = cython.declare(const_int, 2)
E_BLEED = cython.declare(const_int, 3)
E_SHAKEN = cython.declare(const_int, 4)
E_MUST_PARRY = cython.declare(const_int, 5)
E_NO_PARRY = cython.declare(const_int, 6)
E_DEATH = cython.declare(const_int, 7)
E_KNOCKDOWN = cython.declare(const_int, 8)
E_DROP = cython.declare(const_int, 9)
N_EFFECTS = cython.declare(const_int, 10)

BEYOND_CAP = cython.declare(const_int, 0)
BEYOND_UNCAPPED = cython.declare(const_int, 1)
BEYOND_SECOND = cython.declare(const_int, 2)


@cython.cclass
class Fights(Core):
    """W worlds of one encounter: the sheets, the tables, each world's state (the sides, the dice and the log are
    the core's, :class:`estoc.engine.kcore.Core`).

    Built by :func:`estoc.systems.harp.worlds.build`; every array is C-contiguous. ``(C,)`` arrays describe the
    combatants, ``(C, S)`` their strikes. A world's state is a *row* of C entries in flat arrays: the functions
    below take ``w``, the index of the world's first entry (world × C), so that combatant ``c``'s hit points are
    ``F.hp[w + c]`` (one addition, where a 2-D index would load a stride and multiply on every access: this is
    most of the kernel's memory traffic); ``(W·C, K)`` arrays hold a list per combatant (``F.uses[w + c, s]``),
    and the cursor's ``(W·C,)`` arrays are read at the row's first entry (``F.rnd[w]``).
    :func:`estoc.systems.harp.worlds.array` shows any of them to Python as ``(W, C)`` or ``(W,)``.
    """

    # tables
    cells = cython.declare(cython.int[::1], visibility="public")
    table_rows = cython.declare(cython.int, visibility="public")
    rows_dim = cython.declare(cython.int, visibility="public")
    limits = cython.declare(cython.int[:, ::1], visibility="public")
    knocks = cython.declare(cython.int[::1], visibility="public")
    crit_fx = cython.declare(cython.int[:, :, :, ::1], visibility="public")
    slaying = cython.declare(cython.int[::1], visibility="public")
    fumble_fx = cython.declare(cython.int[:, ::1], visibility="public")
    fumble_lost = cython.declare(cython.int[::1], visibility="public")
    man_lows = cython.declare(i64[::1], visibility="public")
    man_bonus = cython.declare(cython.int[::1], visibility="public")
    man_percent = cython.declare(cython.int[::1], visibility="public")
    pos_value = cython.declare(cython.int[::1], visibility="public")
    pos_group = cython.declare(cython.int[::1], visibility="public")
    pos_when = cython.declare(cython.int[::1], visibility="public")
    pos_situations = cython.declare(i64, visibility="public")
    init_value = cython.declare(cython.int[::1], visibility="public")
    init_when = cython.declare(cython.int[::1], visibility="public")
    init_by_situation = cython.declare(i64[::1], visibility="public")
    # the combatants (C,) and their strikes (C, S)
    width = cython.declare(cython.int, visibility="public")
    hp_max = cython.declare(cython.int[::1], visibility="public")
    body_rr = cython.declare(cython.int[::1], visibility="public")
    db = cython.declare(cython.int[::1], visibility="public")
    armour_type = cython.declare(cython.int[::1], visibility="public")
    crit_reduction = cython.declare(cython.int[::1], visibility="public")
    hits_factor = cython.declare(cython.int[::1], visibility="public")
    size_rank = cython.declare(cython.int[::1], visibility="public")
    quickness = cython.declare(cython.int[::1], visibility="public")
    intuition = cython.declare(cython.int[::1], visibility="public")
    agility = cython.declare(cython.int[::1], visibility="public")
    usual_parry = cython.declare(cython.int[::1], visibility="public")
    main_strike = cython.declare(cython.int[::1], visibility="public")
    worth = cython.declare(i64[:, ::1], visibility="public")
    fell = cython.declare(i64[::1], visibility="public")
    guard = cython.declare(cython.int[::1], visibility="public")
    guard_dodge = cython.declare(cython.int[::1], visibility="public")
    guard_company = cython.declare(cython.int[::1], visibility="public")
    beast = cython.declare(cython.int[::1], visibility="public")
    sunlight = cython.declare(cython.int[::1], visibility="public")
    stun_immune = cython.declare(cython.int[::1], visibility="public")
    bleed_immune = cython.declare(cython.int[::1], visibility="public")
    strikes = cython.declare(cython.int[::1], visibility="public")
    ob = cython.declare(cython.int[:, ::1], visibility="public")
    table = cython.declare(cython.int[:, ::1], visibility="public")
    size = cython.declare(cython.int[:, ::1], visibility="public")
    fumble = cython.declare(cython.int[:, ::1], visibility="public")
    critical = cython.declare(cython.int[:, ::1], visibility="public")
    extra_table = cython.declare(cython.int[:, ::1], visibility="public")
    extra_severity = cython.declare(cython.int[:, ::1], visibility="public")
    natural = cython.declare(cython.int[:, ::1], visibility="public")
    single = cython.declare(cython.int[:, ::1], visibility="public")
    braced = cython.declare(cython.int[:, ::1], visibility="public")
    missile = cython.declare(cython.int[:, ::1], visibility="public")
    unregen = cython.declare(cython.int[:, ::1], visibility="public")
    venom_level = cython.declare(cython.int[:, ::1], visibility="public")
    venom_rounds = cython.declare(cython.int[:, ::1], visibility="public")
    venom_hits = cython.declare(cython.int[:, ::1], visibility="public")
    venom_penalty = cython.declare(cython.int[:, ::1], visibility="public")
    rng_inc = cython.declare(cython.int[:, ::1], visibility="public")
    rng_max = cython.declare(cython.int[:, ::1], visibility="public")
    pb_range = cython.declare(cython.int[:, ::1], visibility="public")
    pb_mod = cython.declare(cython.int[:, ::1], visibility="public")
    hampered = cython.declare(cython.int[:, ::1], visibility="public")
    distance0 = cython.declare(i64[:, ::1], visibility="public")
    cover_melee0 = cython.declare(i64[::1], visibility="public")
    cover_missile0 = cython.declare(i64[::1], visibility="public")
    regenerates = cython.declare(cython.int[::1], visibility="public")
    shield_db = cython.declare(cython.int[::1], visibility="public")
    shield_covers = cython.declare(cython.int[::1], visibility="public")
    shield_arc = cython.declare(cython.int[::1], visibility="public")
    offhand_db = cython.declare(cython.int[::1], visibility="public")
    perception = cython.declare(cython.int[::1], visibility="public")
    mount = cython.declare(cython.int[::1], visibility="public")
    rider = cython.declare(cython.int[::1], visibility="public")
    armour_penalty = cython.declare(cython.int[::1], visibility="public")
    base_movement = cython.declare(cython.int[::1], visibility="public")
    # settings
    beyond = cython.declare(cython.int, visibility="public")
    fight_mod = cython.declare(i64[::1], visibility="public")
    full_sun = cython.declare(cython.int, visibility="public")
    surprised_side = cython.declare(cython.int, visibility="public")
    surprise_roll = cython.declare(cython.int, visibility="public")
    beasts_flee = cython.declare(cython.int, visibility="public")
    # each world's cursor (W·C,), read at ``w``
    rnd = cython.declare(i64[::1], visibility="public")
    turn = cython.declare(i64[::1], visibility="public")
    norder = cython.declare(i64[::1], visibility="public")
    order = cython.declare(i64[::1], visibility="public")
    surprised = cython.declare(i64[::1], visibility="public")
    surprise_round = cython.declare(i64[::1], visibility="public")
    # each world's combatants (W·C,), read at ``w + c``
    hp = cython.declare(i64[::1], visibility="public")
    penalty = cython.declare(i64[::1], visibility="public")
    bleed = cython.declare(i64[::1], visibility="public")
    stun_until = cython.declare(i64[::1], visibility="public")
    stun_since = cython.declare(i64[::1], visibility="public")
    shaken = cython.declare(i64[::1], visibility="public")
    must_parry_until = cython.declare(i64[::1], visibility="public")
    no_parry_until = cython.declare(i64[::1], visibility="public")
    lost_until = cython.declare(i64[::1], visibility="public")
    dying_round = cython.declare(i64[::1], visibility="public")
    down = cython.declare(i64[::1], visibility="public")
    dead = cython.declare(i64[::1], visibility="public")
    prone = cython.declare(i64[::1], visibility="public")
    disarmed = cython.declare(i64[::1], visibility="public")
    steady = cython.declare(i64[::1], visibility="public")
    present = cython.declare(i64[::1], visibility="public")
    parry_vs = cython.declare(i64[::1], visibility="public")
    parry_bonus = cython.declare(i64[::1], visibility="public")
    dodge = cython.declare(i64[::1], visibility="public")
    charge_db = cython.declare(i64[::1], visibility="public")
    initiative = cython.declare(i64[::1], visibility="public")
    acted = cython.declare(i64[::1], visibility="public")
    started = cython.declare(i64[::1], visibility="public")
    automatic = cython.declare(i64[::1], visibility="public")
    intercepting = cython.declare(i64[::1], visibility="public")
    disengage_foe = cython.declare(i64[::1], visibility="public")
    disengage_hit = cython.declare(i64[::1], visibility="public")
    shield_used = cython.declare(i64[::1], visibility="public")
    unregen_hits = cython.declare(i64[::1], visibility="public")
    distance = cython.declare(i64[:, ::1], visibility="public")
    cover_melee = cython.declare(i64[::1], visibility="public")
    cover_missile = cython.declare(i64[::1], visibility="public")
    struck_close = cython.declare(i64[::1], visibility="public")
    venom_in = cython.declare(i64[::1], visibility="public")
    venom_left = cython.declare(i64[::1], visibility="public")
    venom_from = cython.declare(i64[::1], visibility="public")
    venom_rolled = cython.declare(i64[::1], visibility="public")
    next_mod = cython.declare(i64[::1], visibility="public")
    init_declared = cython.declare(i64[::1], visibility="public")
    init_mods = cython.declare(i64[::1], visibility="public")
    blow_positions = cython.declare(i64[::1], visibility="public")
    blow_dir = cython.declare(i64[::1], visibility="public")
    parry_foes = cython.declare(i64[::1], visibility="public")
    uses = cython.declare(i64[:, ::1], visibility="public")
    # tallies (W, C) and (W, C, 5)
    dealt = cython.declare(i64[::1], visibility="public")
    taken = cython.declare(i64[::1], visibility="public")
    crits_dealt = cython.declare(i64[:, ::1], visibility="public")
    crits_taken = cython.declare(i64[:, ::1], visibility="public")
    downed = cython.declare(i64[::1], visibility="public")
    acted_rounds = cython.declare(i64[::1], visibility="public")
    # simulation: each thread plays its worlds one after the other in its own row of the state (its *slot*), and
    # what each world came to goes to the outputs, one row per world
    uses0 = cython.declare(i64[:, ::1], visibility="public")
    fight_mod0 = cython.declare(i64, visibility="public")
    out_winner = cython.declare(i64[::1], visibility="public")
    out_rounds = cython.declare(i64[::1], visibility="public")
    out_hp = cython.declare(i64[:, ::1], visibility="public")
    out_state = cython.declare(i64[:, ::1], visibility="public")
    out_dealt = cython.declare(i64[:, ::1], visibility="public")
    out_taken = cython.declare(i64[:, ::1], visibility="public")
    out_crits = cython.declare(i64[:, :, ::1], visibility="public")


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def open_ended(F: Fights, w: cython.Py_ssize_t, purpose: cython.int, first: cython.pointer(cython.int),
               who: cython.Py_ssize_t) -> i64:
    """The JSL (« Jet Sans Limite »): a d100 rolled by ``who``, rolled again and added while the last face is 96 or
    more. Returns the total; the first face (fumble ranges read it alone) goes to ``first[0]``."""
    face: cython.int = die(F, w, purpose, 100, who)
    emit(F, L_FACE, face, 0, 0, 0, 0, 0, 0, 0)
    first[0] = face
    total: i64 = face
    n: cython.int = 1
    while face >= OPEN_FROM and n < MAX_FACES:
        face = die(F, w, purpose, 100, who)
        emit(F, L_FACE, face, 0, 0, 0, 0, 0, 0, 0)
        total += face
        n += 1
    return total


# --- reading a combatant's conditions (« Dommages subis sur un Critique ») -----------------------------------------

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def out_of_fight(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """Unconscious, dying or dead: no action of any kind."""
    return F.down[w + c] != 0 or F.dead[w + c] != 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def standing(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """Still in the fight and on its feet (not fled, not unconscious, dying or dead)."""
    return F.present[w + c] != 0 and not out_of_fight(F, w, c)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def can_act(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """Conscious and not robbed of its action by a fumble's lost rounds."""
    return not out_of_fight(F, w, c) and F.lost_until[w + c] == 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def can_attack(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """Stunned or made to parry (« Étourdi », « Parade Obligatoire »), a combatant may parry but not attack."""
    return can_act(F, w, c) and F.stun_until[w + c] == 0 and F.must_parry_until[w + c] == 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def melee(F: Fights, c: cython.Py_ssize_t, s: cython.Py_ssize_t) -> cython.bint:
    """A melee strike: aimed at one foe, not shot or thrown (« Parade »: only melee attacks are parried)."""
    return F.single[c, s] != 0 and F.missile[c, s] == 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def can_parry(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """A parry needs a melee weapon in hand (its first strike, a weapon, not a bow or a sling; a beast's claws never
    parry) and is forbidden by « Parade Interdite » for its rounds."""
    return parry_refused(F, w, c) == OK


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def manoeuvre_penalty(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """What a manoeuvre roll loses: the criticals' penalties, the worn armour's manoeuvre penalty, −25 shaken, −50
    stunned (moving or focusing), −20 in full sun for a creature that fears it (bestiary, « Sensibilité à la Lumière
    du Soleil »: every manoeuvre)."""
    total: i64 = F.penalty[w + c] + F.armour_penalty[c]
    if F.sunlight[c] and F.full_sun:
        total += SUNLIGHT_PENALTY
    if F.shaken[w + c]:
        total += SHAKEN_MANOEUVRE
    if F.stun_until[w + c]:
        total += STUNNED_MANOEUVRE
    return total


# --- hits and effects ----------------------------------------------------------------------------------------------

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def take_hits(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, hits: i64) -> cython.void:
    """Lose hit points; at 0 or less, fall unconscious (« Points de Vie »)."""
    F.hp[w + c] -= hits
    if F.hp[w + c] <= 0:
        F.down[w + c] = 1


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def spent(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """Whether ``c`` has used its action of this round: it acted, or it is acting (:func:`act` counts the action
    from its start: what happens to the actor in it, its own fumble or a blow struck back, comes after the action it
    chose), or its turn came and could not be taken (:func:`advance`), or it joined after the round's order was
    made."""
    return F.acted[w + c] != 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def pinned_from(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """The round an effect of N rounds on ``c`` counts from (it ends at the start of ``c``'s turn N rounds later).

    The text counts such effects in rounds (« pendant le nombre de rounds indiqué », « perd N rounds »); estoc reads
    a round as one of the victim's actions: an effect taken before the victim acted this round binds this round's
    action and the next ones, one taken after it acted (or by its own action: a fumble) binds its next N actions,
    from the next round on, never zero of them."""
    return F.rnd[w] + 1 if spent(F, w, c) else F.rnd[w]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _extend(until: i64, rounds: i64, now: i64) -> i64:
    """A pinned duration lengthened by ``rounds`` from now, or from its current end when later (effects add up)."""
    if rounds <= 0:
        return until
    if until > now:
        return until + rounds
    return now + rounds


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def stun_difficulty(left: i64) -> i64:
    """« Étourdi »: the Body resistance roll's difficulty against a stun of ``left`` rounds (150 for one, +5 a round
    more)."""
    return STUN_BASE + STUN_PER_ROUND * (left - 1)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def resist_stun(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, left: i64) -> cython.void:
    """The Body resistance roll against a stun of ``left`` rounds (« Étourdi »): an open-ended roll plus the Body
    resistance bonus, at or above 150 + 5 per round beyond the first; success ends the stun. (estoc's reading: the
    roll is open-ended; the −50 of the stun does not apply to it, as the text says.)"""
    first = cython.declare(cython.int[1])
    roll: i64 = open_ended(F, w, P_RESISTANCE, first, c)
    total: i64 = roll + F.body_rr[c]
    difficulty: i64 = stun_difficulty(left)
    resisted: cython.int = 1 if total >= difficulty else 0
    if resisted:
        F.stun_until[w + c] = 0
    emit(F, L_STUN, roll, total, difficulty, resisted, 0, 0, 0, 0)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def resist_venom(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.void:
    """One Body resistance roll against the venom working in ``c`` (one a round: the round is kept): an open-ended
    roll plus the Body bonus, at or above 50 + 5 × the venom's level. A failure costs the hit points and the penalty
    the venom's content gives (the scorpion's 5 hits and −10); the rest of its text is the GM's to apply."""
    first = cython.declare(cython.int[1])
    roll: i64 = open_ended(F, w, P_RESISTANCE, first, c)
    total: i64 = roll + F.body_rr[c]
    difficulty: i64 = VENOM_BASE + VENOM_PER_LEVEL * F.venom_in[w + c]
    resisted: cython.int = 1 if total >= difficulty else 0
    F.venom_rolled[w + c] = F.rnd[w]
    a: cython.Py_ssize_t = F.venom_from[w + c] // F.width
    s: cython.Py_ssize_t = F.venom_from[w + c] % F.width
    hits: i64 = 0
    penalty: i64 = 0
    if not resisted:
        hits = F.venom_hits[a, s]
        penalty = F.venom_penalty[a, s]
        if hits > 0:
            fallen: cython.bint = out_of_fight(F, w, c)
            take_hits(F, w, c, hits)
            F.dealt[w + a] += hits
            F.taken[w + c] += hits
            if not fallen and out_of_fight(F, w, c):
                F.downed[w + a] += 1
        F.penalty[w + c] += penalty
    F.venom_left[w + c] -= 1
    if resisted or F.venom_left[w + c] <= 0:
        F.venom_in[w + c] = 0
        F.venom_left[w + c] = 0
    emit(F, L_VENOM, c, roll, total, difficulty, resisted, F.venom_left[w + c], hits, penalty)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def apply_effects(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, fx: cython.pointer(i64), now: i64,
                  stun_roll: cython.bint) -> cython.void:
    """Apply a critical's (or a fumble's) effects to combatant ``c`` in round ``now`` (hits are taken apart, with the
    table's): penalties and bleeding add up, durations lengthen (N rounds: the victim's next N actions, see
    :func:`pinned_from`), death comes at once or in N rounds. A stun from a critical is resisted at once
    (``stun_roll``), unless the victim is already dead or dying; a fumble's is not. A dropped weapon ends the parry
    declared with it."""
    base: i64 = pinned_from(F, w, c)
    F.penalty[w + c] += fx[E_PENALTY]
    if not F.bleed_immune[c]:
        F.bleed[w + c] += fx[E_BLEED]
    if fx[E_SHAKEN]:
        F.shaken[w + c] = 1
    if fx[E_KNOCKDOWN]:
        F.prone[w + c] = 1
    if fx[E_DROP]:
        F.disarmed[w + c] = 1
        # « Parade »: the parry is made with the weapon; dropped, it parries no more.
        F.parry_vs[w + c] = -1
        F.parry_bonus[w + c] = 0
    F.must_parry_until[w + c] = _extend(F.must_parry_until[w + c], fx[E_MUST_PARRY], base)
    F.no_parry_until[w + c] = _extend(F.no_parry_until[w + c], fx[E_NO_PARRY], base)
    stun: i64 = 0 if F.stun_immune[c] else fx[E_STUN]
    if stun > 0:
        F.stun_until[w + c] = _extend(F.stun_until[w + c], stun, base)
        F.stun_since[w + c] = now
    death: i64 = fx[E_DEATH]
    if death == 0:
        F.dead[w + c] = DEAD
    elif death > 0:
        due: i64 = now + death
        if F.dying_round[w + c] == 0 or due < F.dying_round[w + c]:
            F.dying_round[w + c] = due
        F.down[w + c] = 1
    if stun > 0 and stun_roll and F.dead[w + c] == 0 and F.dying_round[w + c] == 0:
        resist_stun(F, w, c, F.stun_until[w + c] - base)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _no_effects(fx: cython.pointer(i64)) -> cython.void:
    i: cython.int
    for i in range(N_EFFECTS):
        fx[i] = 0
    fx[E_DEATH] = -1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _add_critical(F: Fights, table: i64, roll: i64, severity: i64, fx: cython.pointer(i64)) -> cython.void:
    """Combine one critical's effects into ``fx``: numbers add, flags join, the earlier death wins."""
    k: cython.Py_ssize_t = severity - 1
    fx[E_HITS] += F.crit_fx[table, roll, k, E_HITS]
    fx[E_PENALTY] += F.crit_fx[table, roll, k, E_PENALTY]
    fx[E_STUN] += F.crit_fx[table, roll, k, E_STUN]
    fx[E_BLEED] += F.crit_fx[table, roll, k, E_BLEED]
    fx[E_MUST_PARRY] += F.crit_fx[table, roll, k, E_MUST_PARRY]
    fx[E_NO_PARRY] += F.crit_fx[table, roll, k, E_NO_PARRY]
    fx[E_SHAKEN] |= F.crit_fx[table, roll, k, E_SHAKEN] != 0
    fx[E_KNOCKDOWN] |= F.crit_fx[table, roll, k, E_KNOCKDOWN] != 0
    fx[E_DROP] |= F.crit_fx[table, roll, k, E_DROP] != 0
    death: i64 = F.crit_fx[table, roll, k, E_DEATH]
    if death >= 0 and (fx[E_DEATH] < 0 or death < fx[E_DEATH]):
        fx[E_DEATH] = death


# --- the attack (« Résolution d'une attaque », « Critique Additionnel »; bestiary « Taille et critiques ») ----------

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _cell(F: Fights, table: i64, row: i64, armour: i64) -> i64:
    return F.cells[(table * F.rows_dim + row) * 10 + armour - 1]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def defence_against(F: Fights, w: cython.Py_ssize_t, t: cython.Py_ssize_t, a: cython.Py_ssize_t,
                    s: cython.Py_ssize_t) -> i64:
    """What the target adds to its DB against this attacker's strike ``s``: its parry if it parries this one and the
    strike is a melee one (« Parade »: not arrows, not a breath; « Parades Multiples »: its share against each foe
    named), its dodge, a charge's −20, and in a defensive posture (a parry declared) its off-hand weapon's bonus
    against melee blows (« Les boucliers »: a main-gauche or a sai adds to the DB only then)."""
    bonus: i64 = F.dodge[w + t] + F.charge_db[w + t]
    if melee(F, a, s):
        if F.parry_vs[w + t] == a or (a < MAX_POSITIONS and (F.parry_foes[w + t] >> a) & 1):
            bonus += F.parry_bonus[w + t]
        if F.offhand_db[t] != 0 and (F.parry_vs[w + t] >= 0 or F.parry_foes[w + t] != 0):
            bonus += F.offhand_db[t]
    return bonus


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def shield_counts(F: Fights, w: cython.Py_ssize_t, t: cython.Py_ssize_t, direction: i64) -> cython.bint:
    """Whether the target's shield covers one more attack this round (« Les boucliers »: each shield covers a number
    of attacks a round, in its arc: a buckler or a target the front only, the others the front and the side, none a
    blow from behind). ``direction`` is the GM's fact of the attack (front unless told); a blow outside the arc
    does not use up one of the attacks covered."""
    if not shield_in_arc(F, t, direction):
        return False
    if F.shield_covers[t] == 0:
        return True
    if F.shield_used[w + t] < F.shield_covers[t]:
        F.shield_used[w + t] += 1
        return True
    return False


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def shield_would_count(F: Fights, w: cython.Py_ssize_t, t: cython.Py_ssize_t, direction: i64) -> cython.bint:
    """:func:`shield_counts` without counting the attack (the odds of a blow not struck yet)."""
    if not shield_in_arc(F, t, direction):
        return False
    return F.shield_covers[t] == 0 or F.shield_used[w + t] < F.shield_covers[t]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def shield_in_arc(F: Fights, t: cython.Py_ssize_t, direction: i64) -> cython.bint:
    """Whether a blow from ``direction`` comes within the arc of ``t``'s shield (« Les boucliers »)."""
    if F.shield_db[t] == 0:
        return True
    if direction == DIR_REAR:
        return False
    return not (direction == DIR_FLANK and F.shield_arc[t] == ARC_FRONT)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def strike_ob(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
              ob_mod: i64, stray: cython.bint, tell: cython.bint) -> i64:
    """The OB of ``a``'s strike ``s`` on ``t`` now (see :func:`resolve`): the strike's, the criticals' penalties,
    ``ob_mod``, −20 in full sun for a creature that fears it, the position bonuses (:func:`position_total`: +40
    against a target on the ground with the shipped content), and for a shot its range (when the GM has set the
    distance) and −100 for a bow or sling whose shooter was attacked this round by a foe in contact. With ``tell``,
    each part goes to the log (:data:`L_OB`)."""
    sun: i64 = SUNLIGHT_PENALTY if F.sunlight[a] and F.full_sun else 0
    position: i64 = position_total(F, w, a, t, stray)
    ranged: i64 = 0
    hampered: i64 = 0
    if F.missile[a, s]:
        d: i64 = F.distance[w + a, t]
        if d >= 0:
            ranged = range_modifier(F, a, s, d)
        # « Attaques à distance »: attacked in contact by a foe who acted first, a bow or sling shoots at −100.
        if F.hampered[a, s] and F.struck_close[w + a] == F.rnd[w]:
            hampered = MELEE_INTERFERENCE
    if tell:
        emit(F, L_OB, F.ob[a, s], F.penalty[w + a], ob_mod, sun, position, ranged, hampered, 0)
    return F.ob[a, s] + F.penalty[w + a] + ob_mod + sun + position + ranged + hampered


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def strike_defence(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t,
                   s: cython.Py_ssize_t, shielded: cython.bint) -> i64:
    """The defence of ``t`` against ``a``'s strike ``s`` now: its DB (shield included when ``shielded``) plus its
    parry, dodge and charge (:func:`defence_against`) and its cover against blows or shots; the DB never suffers
    penalties."""
    defence: i64 = F.db[t] + defence_against(F, w, t, a, s)
    defence += F.cover_missile[w + t] if F.missile[a, s] else F.cover_melee[w + t]
    if not shielded:
        defence -= F.shield_db[t]
    return defence


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def knocks_down(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, table: i64
                ) -> cython.bint:
    """Whether a critical of ``a``'s attack on ``table`` throws ``t`` down (« Bélier et Poussée »; bestiary,
    « Renverser une cible »): a knocking table and a target :func:`throwable` by ``a``."""
    return F.knocks[table] != 0 and throwable(F, w, a, t)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def throwable(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t) -> cython.bint:
    """Whether ``a``'s blow can throw ``t`` to the ground (bestiary, « Renverser une cible »): not a target of a
    larger size than the attacker, nor one that has stood up and not acted since. estoc reads these two exemptions
    for every knock-down a blow brings, a knocking table's and a critical entry's own (« thrown to the ground »)."""
    return F.size_rank[t] <= F.size_rank[a] and not F.steady[w + t]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def parry_share(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, s: cython.Py_ssize_t, parry: i64) -> i64:
    """The OB points an attack keeps to parry (« Parade »): what was asked, with a melee strike only, never the whole
    OB (that is a total parry), never below 0."""
    if parry <= 0 or not melee(F, a, s):
        return 0
    amount: i64 = parry
    ob: i64 = F.ob[a, s] + F.penalty[w + a]
    if amount > ob - 1:
        amount = ob - 1
    if amount < 0:
        amount = 0
    return amount


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def strike(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
           ob_mod: i64, counter: cython.bint, given_first: cython.int, given_total: i64) -> cython.int:
    """``a`` strikes ``t`` with its strike ``s`` (see :func:`resolve`). Returns 1 when it fumbled.

    « Tirer dans la mêlée »: a shot that misses a target in a melee flies on; it is rolled again against each
    creature within a metre of the target (estoc: those in contact with it, in the list's order), and stops at the
    first it strikes.
    """
    code: cython.int = resolve(F, w, a, t, s, ob_mod, counter, given_first, given_total, False)
    b: cython.Py_ssize_t
    if code == 2 and F.missile[a, s] and not counter:
        for b in range(F.count):
            if b in (a, t) or not standing(F, w, b) or F.distance[w + t, b] != 0:
                continue
            if resolve(F, w, a, b, s, ob_mod, False, 0, 0, True) == 0:
                break
    return 1 if code == 1 else 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def range_modifier(F: Fights, a: cython.Py_ssize_t, s: cython.Py_ssize_t, d: i64) -> i64:
    """« Incrément de Portée »: −10 for each range increment from 1 to 5, −20 for each from 6 to 10; the weapon's
    point-blank modifier within its point-blank range."""
    k: i64 = (d + F.rng_inc[a, s] - 1) // F.rng_inc[a, s] if F.rng_inc[a, s] > 0 else 1
    if k < 1:
        k = 1
    if k > 10:
        k = 10
    mod: i64 = -10 * (k if k < 5 else 5) - 20 * (k - 5 if k > 5 else 0)
    if d <= F.pb_range[a, s]:
        mod += F.pb_mod[a, s]
    return mod


R_ROW = cython.declare(const_int, 0)
R_HITS = cython.declare(const_int, 1)
R_SEVERITY = cython.declare(const_int, 2)
R_SECOND_ROW = cython.declare(const_int, 3)
R_SECOND_HITS = cython.declare(const_int, 4)
R_SECOND_SEVERITY = cython.declare(const_int, 5)
R_EXTRA_SEVERITY = cython.declare(const_int, 6)
R_LIMIT = cython.declare(const_int, 7)
R_TABLE_SEVERITY = cython.declare(const_int, 8)
R_SECOND_TABLE_SEVERITY = cython.declare(const_int, 9)
READ = cython.declare(const_int, 10)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def read_result(F: Fights, table: i64, size: i64, armour: i64, hits_factor: i64, reduction: i64, extra: i64,
                extra_fixed: i64, result: i64, opened: cython.bint, hit: cython.bint, out: cython.pointer(i64)
                ) -> cython.void:
    """What an attack's result reads on its table (« Résolution d'une attaque »; bestiary « Taille et critiques »,
    « Critiques Additionnels »): ``out`` gets the row (none when it missed), the hits (×2 for a devastating
    attacker), the critical's severity (A = 1 … E = 5) lowered by the target's size, the second attack's row, hits
    and severity (``second-attack`` only), the additional critical's severity, the highest row read and the table's
    own severity.

    The row is the result, at most the attack size's limit, or the table's last row for an open-ended roll with
    ``uncapped``; with ``second-attack``, what an open-ended roll's result has beyond the limit is read again as a
    second attack, up to the limit. An additional critical comes only with the attack's critical, at its severity
    (or its own fixed one), lowered like the normal one; a slaying one (« Tueur ») keeps the table's severity even
    when the normal critical vanished. The exact odds read every result through this function too."""
    limit: i64 = F.limits[table, size]
    if F.beyond == BEYOND_UNCAPPED and opened:
        limit = F.table_rows
    row: i64 = 0
    if hit:
        row = result
        if row > limit:
            row = limit
        if row > F.table_rows:
            row = F.table_rows
    cell: i64 = _cell(F, table, row, armour)
    table_severity: i64 = cell & 7
    severity: i64 = table_severity - reduction
    if severity < 0:
        severity = 0
    out[R_ROW] = row
    out[R_HITS] = (cell >> 3) * hits_factor
    out[R_SEVERITY] = severity
    out[R_TABLE_SEVERITY] = table_severity
    out[R_LIMIT] = limit
    out[R_SECOND_ROW] = 0
    out[R_SECOND_HITS] = 0
    out[R_SECOND_SEVERITY] = 0
    out[R_SECOND_TABLE_SEVERITY] = 0
    second: i64
    if F.beyond == BEYOND_SECOND and hit and opened and result > limit:
        second = result - limit
        if second > limit:
            second = limit
        cell = _cell(F, table, second, armour)
        out[R_SECOND_ROW] = second
        out[R_SECOND_HITS] = (cell >> 3) * hits_factor
        out[R_SECOND_SEVERITY] = (cell & 7) - reduction if (cell & 7) > reduction else 0
        out[R_SECOND_TABLE_SEVERITY] = cell & 7
    extra_severity: i64 = 0
    base: i64
    if extra >= 0:
        base = extra_fixed if extra_fixed > 0 else table_severity
        if F.slaying[extra]:
            extra_severity = base if table_severity > 0 else 0
        elif severity > 0:
            extra_severity = base - reduction
            if extra_severity < 0:
                extra_severity = 0
    out[R_EXTRA_SEVERITY] = extra_severity


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def resolve(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
            ob_mod: i64, counter: cython.bint, given_first: cython.int, given_total: i64, stray: cython.bint
            ) -> cython.int:
    """One attack roll of ``a`` on ``t`` with its strike ``s``, applied to both. Returns 1 when it fumbled, 2 when it
    missed, 0 when it hit.

    The OB takes the attacker's critical penalties, ``ob_mod`` (the round's modifiers), −20 in full sun for a
    creature that fears it, +40 against a target on the ground, and for a shot its range (when the GM has set the
    distance) and −100 for a bow or sling whose shooter was attacked this round by a foe in contact; the defence is
    the target's DB plus its parry, dodge, charge and cover: the DB never suffers penalties. A counter (a total
    parry's roll turned against its opponent, ``given_first``/``given_total``) is the roll alone and cannot fumble;
    a breath's one roll is given the same way (``given_first`` > 0); a stray shot cannot fumble again.
    """
    now: i64 = F.rnd[w]
    ob: i64 = 0
    fumble_range: i64 = 0
    if not counter:
        ob = strike_ob(F, w, a, t, s, ob_mod, stray, True)
        if not stray:
            fumble_range = F.fumble[a, s]
    defence: i64 = strike_defence(F, w, a, t, s, shield_counts(F, w, t, DIR_FRONT if stray else F.blow_dir[w + a]))
    emit(F, L_STRIKE, a, t, s, ob, defence, counter, stray, 0)
    if melee(F, a, s) and F.distance[w + a, t] == 0:
        F.struck_close[w + t] = now
    rolled = cython.declare(cython.int[1])
    rolled[0] = given_first
    total: i64 = given_total
    if given_first <= 0:
        total = open_ended(F, w, P_ATTACK, rolled, a)
    first: cython.int = rolled[0]
    fumbled: cython.bint = first <= fumble_range
    attack_total: i64 = total + ob
    result: i64 = attack_total - defence
    hit: cython.bint = (not fumbled) and result >= 1
    table: i64 = F.table[a, s]
    opened: cython.bint = first >= OPEN_FROM
    rd = cython.declare(i64[10])
    read_result(F, table, F.size[a, s], F.armour_type[t], F.hits_factor[a], F.crit_reduction[t], F.extra_table[a, s],
                F.extra_severity[a, s], result, opened, hit, rd)
    limit: i64 = rd[R_LIMIT]
    row: i64 = rd[R_ROW]
    hits: i64 = rd[R_HITS]
    severity: i64 = rd[R_SEVERITY]
    second_row: i64 = rd[R_SECOND_ROW]
    second_hits: i64 = rd[R_SECOND_HITS]
    second_severity: i64 = rd[R_SECOND_SEVERITY]
    fumble_roll: i64 = 0
    if fumbled:
        fumble_roll = die(F, w, P_FUMBLE, 100, a)
    emit(F, L_RESULT, total, fumbled, fumble_roll, attack_total, result, hit, row, hits)
    fx = cython.declare(i64[10])
    _no_effects(fx)
    struck: cython.bint = False
    roll: i64
    if severity > 0:
        roll = die(F, w, P_CRITICAL, 100, a)
        emit(F, L_CRIT, 0, F.critical[a, s], severity, roll, rd[R_TABLE_SEVERITY], 0, 0, 0)
        _add_critical(F, F.critical[a, s], roll, severity, fx)
        struck = True
    extra: i64 = F.extra_table[a, s]
    extra_severity: i64 = rd[R_EXTRA_SEVERITY]
    if extra_severity > 0:
        roll = die(F, w, P_EXTRA, 100, a)
        emit(F, L_CRIT, 1, extra, extra_severity, roll,
             F.extra_severity[a, s] if F.extra_severity[a, s] > 0 else rd[R_TABLE_SEVERITY], 0, 0, 0)
        _add_critical(F, extra, roll, extra_severity, fx)
        struck = True
    if second_row > 0:
        emit(F, L_SECOND, second_row, second_hits, 0, 0, 0, 0, 0, 0)
        if second_severity > 0:
            roll = die(F, w, P_CRITICAL, 100, a)
            emit(F, L_CRIT, 2, F.critical[a, s], second_severity, roll, rd[R_SECOND_TABLE_SEVERITY], 0, 0, 0)
            _add_critical(F, F.critical[a, s], roll, second_severity, fx)
            struck = True
    # A critical entry's own knock-down spares a larger target or one just stood up, as a knocking table's does.
    knocked: cython.int = 0
    if fx[E_KNOCKDOWN]:
        if throwable(F, w, a, t):
            knocked = 1
        else:
            fx[E_KNOCKDOWN] = 0
    fallen_before: cython.bint = out_of_fight(F, w, t)
    total_hits: i64 = 0
    if hit:
        total_hits = hits + second_hits + fx[E_HITS]
        take_hits(F, w, t, total_hits)
        if F.unregen[a, s]:
            F.unregen_hits[w + t] += total_hits
        if F.disengage_foe[w + t] == a and total_hits > 0:
            F.disengage_hit[w + t] = 1
    if struck:
        apply_effects(F, w, t, fx, now, True)
        if F.venom_level[a, s] > 0 and not F.dead[w + t]:
            # « Venins et poisons »: the sting got through (a critical); the venom is resisted by a Body roll, and a
            # cascade rolls again at the start of the victim's turns while it fails, one roll a round, for its
            # rounds (the sting's round counts: its roll is this one).
            F.venom_in[w + t] = F.venom_level[a, s]
            F.venom_left[w + t] = F.venom_rounds[a, s]
            F.venom_from[w + t] = a * F.width + s
            resist_venom(F, w, t)
    if fumbled:
        own_fumble(F, w, a, fumble_roll, F.natural[a, s] != 0)
    # A critical on a knocking table (« Bélier et Poussée ») throws the target down, unless it is larger than the
    # attacker or has stood up and not acted since (bestiary, « Renverser une cible »).
    if severity > 0 and knocks_down(F, w, a, t, table):
        F.prone[w + t] = 1
        knocked = 1
    emit(F, L_DONE, total_hits, knocked, fallen_before, limit, F.hp[w + t], F.down[w + t], F.dead[w + t],
         rd[R_TABLE_SEVERITY] if hit else 0)
    # the tallies
    F.dealt[w + a] += total_hits
    F.taken[w + t] += total_hits
    if severity > 0:
        F.crits_dealt[w + a, severity - 1] += 1
        F.crits_taken[w + t, severity - 1] += 1
    if extra_severity > 0:
        F.crits_dealt[w + a, extra_severity - 1] += 1
        F.crits_taken[w + t, extra_severity - 1] += 1
    if second_row > 0 and second_severity > 0:
        F.crits_dealt[w + a, second_severity - 1] += 1
        F.crits_taken[w + t, second_severity - 1] += 1
    if not fallen_before and out_of_fight(F, w, t):
        F.downed[w + a] += 1
    if fumbled:
        return 1
    return 0 if hit else 2


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def own_fumble(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, roll: i64, natural: cython.bint
               ) -> cython.void:
    """A fumble's effects on the fumbler (« Maladresses »): hits, effects (a stun not resisted), lost rounds. A
    creature fumbling with its natural weapons drops nothing: it stumbles and is shaken instead."""
    fx = cython.declare(i64[10])
    i: cython.int
    for i in range(N_EFFECTS):
        fx[i] = F.fumble_fx[roll, i]
    if natural and fx[E_DROP]:
        fx[E_DROP] = 0
        fx[E_SHAKEN] = 1
    take_hits(F, w, a, fx[E_HITS])
    apply_effects(F, w, a, fx, F.rnd[w], False)
    # « perd N rounds d'action »: its next N actions (the fumble came in its own action, or a blow struck back
    # after it acted: :func:`pinned_from`).
    F.lost_until[w + a] = _extend(F.lost_until[w + a], F.fumble_lost[roll], pinned_from(F, w, a))


# --- the round (« Le round de combat », « Initiative ») -------------------------------------------------------------

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def initiative_bonus(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """What ``c`` adds to its d10 for initiative this round: Quickness and Intuition, the surprised side's −20 in
    the round of the surprise (the first, unless the GM says otherwise), and the situational modifiers
    (:func:`initiative_situation`, as the round began)."""
    bonus: i64 = F.quickness[c] + F.intuition[c] + F.init_mods[w + c]
    if F.rnd[w] == F.surprise_round[w] and F.side[c] == F.surprised[w]:
        bonus += SURPRISE_PENALTY
    return bonus


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def initiative_situation(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """« Modificateurs à l'initiative », cumulated: those the GM declared for ``c``'s roll this round (bit k:
    modifier k of the content) and those whose situation (``when``) holds for ``c`` as the round begins: stunned
    past the start of its turn, shaken, on the ground, below half its hit points, disarmed (``init_by_situation``:
    the content's modifiers summed by situation)."""
    total: i64 = 0
    k: cython.Py_ssize_t
    if F.stun_until[w + c] > F.rnd[w]:
        total += F.init_by_situation[S_STUNNED]
    if F.shaken[w + c]:
        total += F.init_by_situation[S_SHAKEN]
    if F.prone[w + c]:
        total += F.init_by_situation[S_PRONE]
    if 2 * F.hp[w + c] < F.hp_max[c]:
        total += F.init_by_situation[S_WOUNDED]
    if F.disarmed[w + c]:
        total += F.init_by_situation[S_DISARMED]
    if F.init_declared[w + c] != 0:
        for k in range(F.init_value.shape[0]):
            if k < MAX_POSITIONS and (F.init_declared[w + c] >> k) & 1 and F.init_when[k] == 0:
                total += F.init_value[k]
    return total


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def begin_round(F: Fights, w: cython.Py_ssize_t) -> cython.void:
    """A new round: everyone still in the fight rolls initiative (d10 + Quickness + Intuition, −20 for a surprised
    side in the first round, automatic for a clean disengagement or a vain wait), and acts from the highest total
    down; ties go to the higher Quickness, then to the earlier in the list (the text is silent: estoc's choice)."""
    c: cython.Py_ssize_t
    for c in range(F.count):
        F.shield_used[w + c] = 0
        if F.disengage_foe[w + c] >= 0:
            # « Désengagement »: unharmed by its opponent during the round it broke off, it has the initiative in
            # the next one and moves away freely.
            if not F.disengage_hit[w + c] and F.present[w + c] and not out_of_fight(F, w, c):
                F.automatic[w + c] = 1
                emit(F, L_DISENGAGED, c, F.disengage_foe[w + c], 0, 0, 0, 0, 0, 0)
            F.disengage_foe[w + c] = -1
            F.disengage_hit[w + c] = 0
    F.rnd[w] += 1
    now: i64 = F.rnd[w]
    emit(F, L_ROUND, now, 0, 0, 0, 0, 0, 0, 0)
    if now == 1 and F.surprise_roll and F.surprised[w] < 0:
        roll_surprise(F, w)
    n: cython.Py_ssize_t = 0
    k: cython.Py_ssize_t
    total: i64
    for c in range(F.count):
        F.acted[w + c] = 0
        F.started[w + c] = 0
        F.intercepting[w + c] = -1
        if not F.present[w + c]:
            F.init_declared[w + c] = 0
            continue
        F.init_mods[w + c] = initiative_situation(F, w, c)
        F.init_declared[w + c] = 0
        total = die(F, w, P_INITIATIVE, 10, c) + initiative_bonus(F, w, c)
        if F.automatic[w + c]:
            total += AUTOMATIC
        F.initiative[w + c] = total
        # insertion into the order: after everyone ahead of it (higher total, then higher Quickness, then earlier)
        k = n
        while k > 0 and _ahead(F, w, c, F.order[w + k - 1]):
            F.order[w + k] = F.order[w + k - 1]
            k -= 1
        F.order[w + k] = c
        n += 1
    F.norder[w] = n
    F.turn[w] = -1
    if F.logging:
        for k in range(n):
            c = F.order[w + k]
            emit(F, L_INIT, c, F.initiative[w + c], F.automatic[w + c], F.init_mods[w + c],
                 1 if now == F.surprise_round[w] and F.side[c] == F.surprised[w] else 0, 0, 0, 0)
    for c in range(F.count):
        F.automatic[w + c] = 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def roll_surprise(F: Fights, w: cython.Py_ssize_t) -> cython.void:
    """« Surprise », when the groups meet unexpectedly and the encounter imposes no surprise: each side's best
    perceiver (the highest Perception bonus of those standing; the earlier in the list on a tie) makes an
    open-ended roll plus that bonus; the side of the lowest roll is surprised in the first round, none on a tie.
    (With more than two sides, estoc's reading: the one side strictly lowest.)"""
    first = cython.declare(cython.int[1])
    side: cython.Py_ssize_t
    c: cython.Py_ssize_t
    p: cython.Py_ssize_t
    total: i64
    low: i64 = UNLIMITED
    low_side: i64 = -1
    tied: cython.bint = False
    sides: cython.int = 0
    for side in range(F.count):
        p = -1
        for c in range(F.count):
            if F.side[c] == side and standing(F, w, c) and (p < 0 or F.perception[c] > F.perception[p]):
                p = c
        if p < 0:
            continue
        sides += 1
        total = open_ended(F, w, P_PERCEPTION, first, p) + F.perception[p]
        emit(F, L_PERCEIVE, p, side, first[0], total, 0, 0, 0, 0)
        if total < low:
            low = total
            low_side = side
            tied = False
        elif total == low:
            tied = True
    F.surprised[w] = low_side if sides >= 2 and not tied else -1
    F.surprise_round[w] = 1
    emit(F, L_SURPRISE, F.surprised[w], 1, 0, 0, 0, 0, 0, 0)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _ahead(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, other: cython.Py_ssize_t) -> cython.bint:
    """Whether ``c`` (later in the list) acts before ``other``."""
    if F.initiative[w + c] != F.initiative[w + other]:
        return F.initiative[w + c] > F.initiative[w + other]
    return F.quickness[c] > F.quickness[other]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def start_turn(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.int:
    """The start of ``c``'s turn (« Saignement », « Étourdi », « Secoué », « Mort »): it bleeds, what has expired ends,
    a stun from an earlier round is resisted again against the rounds left, a due death comes, the shaken state
    ends, and the declarations of its previous action (parry, dodge, charge) end; a disengagement declared in its
    previous action runs until the round ends. Returns 0 when it can act, 1 when it is out of the fight, 2 when it
    lost its action."""
    now: i64 = F.rnd[w]
    F.started[w + c] = 1
    alive: cython.bint = F.dead[w + c] == 0
    bled: i64 = F.bleed[w + c] if alive else 0
    if bled > 0:
        take_hits(F, w, c, bled)
    back: i64 = 0
    if F.regenerates[c] and alive and now % REGEN_ROUNDS == 0:
        back = regenerate(F, w, c)
    if F.stun_until[w + c] <= now:
        F.stun_until[w + c] = 0
    if F.must_parry_until[w + c] <= now:
        F.must_parry_until[w + c] = 0
    if F.no_parry_until[w + c] <= now:
        F.no_parry_until[w + c] = 0
    if F.lost_until[w + c] <= now:
        F.lost_until[w + c] = 0
    died: cython.int = 0
    skipped: cython.int = 0
    left: i64 = 0
    if F.stun_until[w + c] > 0 and F.stun_since[w + c] < now and alive:
        left = F.stun_until[w + c] - now
    if alive and F.dying_round[w + c] > 0 and F.dying_round[w + c] <= now:
        # « Mort » with a duration: fallen and unconscious until then, the victim now passes into the state « En
        # train de Trépasser ». What follows belongs to the chapter « Blessures, soins & mort », which the texts do
        # not hold: estoc leaves the victim passing away, out of the fight for good (PASSING_AWAY), and the GM
        # applies the rest.
        F.dead[w + c] = PASSING_AWAY
        died = 1
    F.shaken[w + c] = 0
    F.steady[w + c] = 0
    F.parry_vs[w + c] = -1
    F.parry_foes[w + c] = 0
    F.parry_bonus[w + c] = 0
    F.dodge[w + c] = 0
    F.charge_db[w + c] = 0
    if out_of_fight(F, w, c):
        skipped = 1
    elif not can_act(F, w, c):
        skipped = 2
    else:
        F.acted_rounds[w + c] += 1
    emit(F, L_TURN, c, bled, died, skipped, left, now, back, 0)
    if left > 0:
        resist_stun(F, w, c, left)
    if F.venom_in[w + c] > 0 and alive and F.venom_rolled[w + c] < now:
        resist_venom(F, w, c)
    return skipped


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def regenerate(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """Bestiary, « Régénération (Majeure) »: a minute has passed, 2 hit points come back, never those lost to magic
    or fire; back above 0 and not dying, the creature wakes. Returns the hit points regained."""
    lost: i64 = F.hp_max[c] - F.hp[w + c] - F.unregen_hits[w + c]
    back: i64 = REGEN_HP if lost > REGEN_HP else lost
    if back <= 0:
        return 0
    F.hp[w + c] += back
    if F.hp[w + c] > 0 and F.down[w + c] and F.dying_round[w + c] == 0:
        F.down[w + c] = 0
    return back


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def advance(F: Fights, w: cython.Py_ssize_t, max_rounds: i64) -> i64:
    """End the current turn and begin the next one able to act, a new round when the order is spent. Returns the
    combatant whose action is awaited, or −1 when the fight is over (or past ``max_rounds`` rounds)."""
    c: cython.Py_ssize_t
    if sides_standing(F, w) <= 1:
        return -1
    while True:
        F.turn[w] += 1
        if F.turn[w] >= F.norder[w]:
            if F.rnd[w] >= max_rounds:
                return -1
            begin_round(F, w)
            continue
        c = F.order[w + F.turn[w]]
        if not F.present[w + c] or F.acted[w + c]:
            continue
        if F.started[w + c]:
            return c
        if start_turn(F, w, c) == 0:
            return c
        # a turn it could not take is spent (:func:`spent`), and may still have changed the fight (it bled to
        # death, a due death came)
        F.acted[w + c] = 1
        if sides_standing(F, w) <= 1:
            return -1


# --- what a combatant may do (« Actions de combat »): one answer for the policy, play and the adviser -------------

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def attack_refused(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.int:
    """Why ``c`` may not strike now (:data:`OK`: it may): out of the fight or robbed of its action, stunned or made
    to parry (« Étourdi », « Parade Obligatoire »: a parry only), on the ground (it gets up first: « Se relever »),
    its weapon dropped (it takes it up first)."""
    if not can_act(F, w, c):
        return WHY_CANNOT_ACT
    if F.stun_until[w + c]:
        return WHY_STUNNED
    if F.must_parry_until[w + c]:
        return WHY_MUST_PARRY
    if F.prone[w + c]:
        return WHY_PRONE
    if F.disarmed[w + c]:
        return WHY_DISARMED
    return OK


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def parry_refused(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.int:
    """Why ``c`` may not parry now (« Parade »): a beast never parries (it may dodge), a parry needs a melee weapon
    in hand (its first strike: a weapon, not a bow, a sling or claws; dropped, it must be taken up first), and
    « Parade Interdite » forbids it for its rounds. This holds for a parry kept from an attack, a total parry and a
    disengagement's parry."""
    if F.beast[c]:
        return WHY_BEAST_PARRY
    if F.natural[c, 0] != 0 or not melee(F, c, 0):
        return WHY_NO_PARRY_WEAPON
    if F.disarmed[w + c]:
        return WHY_DISARMED
    if not can_act(F, w, c) or F.no_parry_until[w + c] != 0:
        return WHY_NO_PARRY_NOW
    return OK


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def target_refused(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, t: i64) -> cython.int:
    """Why ``t`` cannot be ``c``'s target: none named, itself, or no longer in the fight (fled, taken out)."""
    if t < 0 or t >= F.count:
        return WHY_NO_TARGET
    if t == c:
        return WHY_SELF
    if not F.present[w + t]:
        return WHY_GONE
    return OK


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def shot_refused(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, s: cython.Py_ssize_t, t: i64
                 ) -> cython.int:
    """Why ``c``'s strike ``s`` cannot be shot at ``t`` (:func:`can_shoot`: « Portée minimum », « Portée maximum »);
    :data:`OK` for a strike that is no shot."""
    if not F.missile[c, s] or can_shoot(F, w, c, s, t):
        return OK
    return WHY_TOO_CLOSE if F.distance[w + c, t] < MIN_RANGE else WHY_TOO_FAR


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def parry_base(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """The OB a total parry or a disengagement's parry moves to the DB: its first strike's, with its criticals'
    penalties, −50 when stunned (« Étourdi »: the parry's base OB takes the −50), never below 0."""
    ob: i64 = F.ob[c, 0] + F.penalty[w + c]
    if F.stun_until[w + c]:
        ob += STUNNED_MANOEUVRE
    return ob if ob > 0 else 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def disengage_floor(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """« Désengagement »: the parry it must keep, half its parry's base OB (rounded up, :func:`parry_base`) at
    least."""
    return (parry_base(F, w, c) + 1) // 2


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def allowed(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, d: cython.pointer(i64),
            limit: cython.pointer(i64)) -> cython.int:
    """Whether ``c`` may carry out decision ``d`` now (:data:`OK`) or why not (a ``WHY_`` code); ``limit[0]`` gets
    the number a refusal names (a range, a run, half the OB). The default policy decides through it, play refuses
    a GM's command with it, and :func:`act` carries out what it allows.

    Movement (« Mouvement »): the base movement walking, twice it running, half of it stunned. A charge
    (« Charge »): a melee attack after a run of 3 m to twice the base movement. Moving and attacking: at most the
    base movement. A disengagement: a parry of half the OB at least; made to parry, a combatant may do nothing but
    parry (no dodge, move, flight or disengagement), except a beast: it never parries, and made to parry it may not
    attack but backs off (moves, flees) or dodges (bestiary, « Parade et esquive »: « elle se dérobe, recule »)."""
    kind: i64 = d[D_KIND]
    t: i64 = d[D_TARGET]
    s: i64 = d[D_STRIKE]
    run: i64 = d[D_RUN]
    why: cython.int
    # a rider moves and charges at its mount's pace (bestiary, « Montures prises dans un combat »)
    pace: i64 = F.base_movement[F.mount[c]] if mounted(F, w, c) else F.base_movement[c]
    limit[0] = 0
    if kind == A_PASS:
        return OK
    bound: cython.bint = F.must_parry_until[w + c] != 0 and not F.beast[c]
    if kind == A_INSTINCTIVE_DODGE:
        if not can_act(F, w, c):
            return WHY_CANNOT_ACT
        return WHY_NOT_FREE if bound else OK
    if kind in (A_DODGE, A_FLEE):
        return WHY_NOT_FREE if bound else OK
    if kind == A_STAND:
        return OK if F.prone[w + c] else WHY_NOT_PRONE
    if kind == A_TAKE_WEAPON:
        return OK if F.disarmed[w + c] else WHY_NOT_DISARMED
    if kind == A_MOVE:
        if bound:
            return WHY_NOT_FREE
        if F.stun_until[w + c] and 2 * run > TENTHS * pace:
            limit[0] = pace
            return WHY_STUNNED_MOVE
        if run > 2 * TENTHS * pace:
            limit[0] = 2 * pace
            return WHY_RUN_LIMIT
        return OK
    if kind in (A_TOTAL_PARRY, A_DISENGAGE):
        why = target_refused(F, w, c, t)
        if why == OK and kind == A_DISENGAGE and F.must_parry_until[w + c]:
            why = WHY_NOT_FREE
        if why == OK:
            why = parry_refused(F, w, c)
        if why == OK and kind == A_DISENGAGE and 2 * d[D_PARRY] < parry_base(F, w, c):
            limit[0] = disengage_floor(F, w, c)
            why = WHY_DISENGAGE_HALF
        return why
    if kind == A_BREATHE:
        why = attack_refused(F, w, c)
        if why != OK:
            return why
        if s < 0 or s >= F.strikes[c] or F.single[c, s]:
            return WHY_NOT_AREA
        return OK if F.uses[w + c, s] > 0 else WHY_NO_USES
    if kind == A_SHOVE:
        why = target_refused(F, w, c, t)
        if why == OK:
            why = attack_refused(F, w, c)
        if why == OK and F.distance[w + c, t] > 0:
            why = WHY_NOT_IN_CONTACT
        if why == OK and not _shoots(F, t):
            why = WHY_NOT_SHOOTER
        if why == OK and F.acted[w + t]:
            # « Attaques à distance »: the shot is hampered only by one who acts before the shooter takes its turn.
            why = WHY_SHOOTER_ACTED
        return why
    if kind not in (A_ATTACK, A_CHARGE, A_MOVE_ATTACK):
        return WHY_UNKNOWN
    if kind == A_MOVE_ATTACK and run > TENTHS * pace:
        limit[0] = pace
        return WHY_MOVE_ATTACK_FAR
    why = target_refused(F, w, c, t)
    if why == OK:
        why = attack_refused(F, w, c)
    if why != OK:
        return why
    if s < 0 or s >= F.strikes[c]:
        return WHY_UNKNOWN
    if not F.single[c, s]:
        return WHY_AREA
    why = positions_refused(F, d[D_POSITIONS], limit)
    if why != OK:
        return why
    if d[D_DIRECTION] < DIR_FRONT or d[D_DIRECTION] > DIR_REAR:
        return WHY_DIRECTION
    if kind == A_CHARGE:
        if F.missile[c, s]:
            return WHY_CHARGE_SHOT
        if run < TENTHS * CHARGE_MIN_RUN:
            limit[0] = CHARGE_MIN_RUN
            return WHY_CHARGE_SHORT
        if run > 2 * TENTHS * pace:
            limit[0] = 2 * pace
            return WHY_CHARGE_LONG
        return OK
    if d[D_PARRY] > 0:
        why = parry_refused(F, w, c)
        if why != OK:
            return why
        if not melee(F, c, s):
            return WHY_PARRY_NOT_MELEE
        why = parry_foes_refused(F, w, c, d[D_FOES])
        if why != OK:
            return why
    elif d[D_PARRY] < 0:
        return WHY_NEGATIVE_PARRY
    why = shot_refused(F, w, c, s, t)
    if why == WHY_TOO_FAR:
        limit[0] = F.rng_max[c, s]
    elif why == WHY_TOO_CLOSE:
        limit[0] = MIN_RANGE
    return why


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def parry_foes_refused(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, foes: i64) -> cython.int:
    """Why a parry cannot be shared between ``foes`` (« Parades Multiples »; bit k: combatant k; 0: one foe, the
    plain parry): a foe that is no one, itself, or gone (:func:`target_refused`)."""
    k: cython.Py_ssize_t
    why: cython.int
    if foes == 0:
        return OK
    if foes < 0 or (F.count < MAX_POSITIONS and foes >= (cython.cast(i64, 1) << F.count)):
        return WHY_PARRY_FOES
    for k in range(F.count if F.count < MAX_POSITIONS else MAX_POSITIONS):
        if (foes >> k) & 1:
            why = target_refused(F, w, c, k)
            if why != OK:
                return why
    return OK


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def charge_strike(F: Fights, c: cython.Py_ssize_t) -> i64:
    """The strike a charge uses when none is named: for a beast, its strike on a knocking table (bestiary,
    « Montures prises dans un combat »: a mount, ridden or not, charges on Bélier et Poussée, whose criticals throw
    the target down; a boar's or an aurochs' Charge likewise), else its first melee strike (a charge ends in a
    blow, never a shot), else its first."""
    first: i64 = -1
    s: cython.Py_ssize_t
    for s in range(F.strikes[c]):
        if not melee(F, c, s):
            continue
        if F.beast[c] and F.knocks[F.table[c, s]] != 0:
            return s
        if first < 0:
            first = s
    return first if first >= 0 else 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _shoots(F: Fights, t: cython.Py_ssize_t) -> cython.bint:
    """Whether ``t`` has a shot among its strikes (a bow, a sling, a crossbow, a thrown weapon)."""
    s: cython.Py_ssize_t
    for s in range(F.strikes[t]):  # noqa: SIM110 (no generator without the GIL)
        if F.missile[t, s]:
            return True
    return False


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def positions_refused(F: Fights, chosen: i64, limit: cython.pointer(i64)) -> cython.int:
    """Why the position bonuses ``chosen`` (bit k: bonus k of the content) cannot go together on one attack: two
    that share an exclusive key (« Bonus de position »: one of the two only); ``limit[0]`` gets the pair, the first
    × 64 + the second. An unknown bonus is :data:`WHY_UNKNOWN`."""
    if chosen == 0:
        return OK
    n: cython.Py_ssize_t = F.pos_value.shape[0]
    i: cython.Py_ssize_t
    j: cython.Py_ssize_t
    if chosen < 0 or (n < MAX_POSITIONS and chosen >= (cython.cast(i64, 1) << n)):
        return WHY_UNKNOWN
    for i in range(n):
        if not (chosen >> i) & 1 or F.pos_group[i] < 0:
            continue
        for j in range(i + 1, n):
            if (chosen >> j) & 1 and F.pos_group[j] == F.pos_group[i]:
                limit[0] = i * 64 + j
                return WHY_POSITIONS
    return OK


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def blow_situations(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t,
                    stray: cython.bint) -> i64:
    """The situations (bit k: situation k, a modifier's ``when``) that hold for ``a``'s blow on ``t`` now: the
    blow's direction the GM gave (never a stray shot's), ``t`` surprised (its side, in the round of the surprise),
    on the ground, stunned, shaken, disarmed, below half its hit points, or ``a`` riding against ``t`` on foot."""
    held: i64 = 0
    one: i64 = 1
    if not stray and F.blow_dir[w + a] != DIR_FRONT:
        held |= one << (S_FLANK if F.blow_dir[w + a] == DIR_FLANK else S_REAR)
    if F.surprised[w] >= 0 and F.side[t] == F.surprised[w] and F.rnd[w] == F.surprise_round[w]:
        held |= one << S_SURPRISED
    if F.prone[w + t]:
        held |= one << S_PRONE
    if F.stun_until[w + t]:
        held |= one << S_STUNNED
    if F.disarmed[w + t]:
        held |= one << S_DISARMED
    if F.mount[a] >= 0 and mounted(F, w, a) and not mounted(F, w, t) and F.rider[t] < 0:
        held |= one << S_MOUNTED
    # the two no shipped bonus names, read only when the content's do
    if F.pos_situations & (one << S_SHAKEN) and F.shaken[w + t]:
        held |= one << S_SHAKEN
    if F.pos_situations & (one << S_WOUNDED) and 2 * F.hp[w + t] < F.hp_max[t]:
        held |= one << S_WOUNDED
    return held


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def position_total(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t,
                   stray: cython.bint) -> i64:
    """What the position bonuses add to ``a``'s blow on ``t`` (« Bonus de position »): those the GM named for the
    attack (:func:`positions_refused` allows them) and those whose situation holds (:func:`blow_situations`); of
    the bonuses sharing an exclusive key, the best one only (estoc's reading of « only one of the two »: the
    attacker takes the better). A stray shot takes only those of its new target's state."""
    chosen: i64 = 0 if stray else F.blow_positions[w + a]
    held: i64 = blow_situations(F, w, a, t, stray) & F.pos_situations
    if chosen == 0 and held == 0:
        return 0  # the common case: nothing to add (no loop over the content's bonuses)
    n: cython.Py_ssize_t = F.pos_value.shape[0]
    best = cython.declare(i64[64])
    i: cython.Py_ssize_t
    g: cython.Py_ssize_t
    k: cython.Py_ssize_t
    total: i64 = 0
    grouped: cython.bint = False
    for i in range(n):
        if not (i < MAX_POSITIONS and (chosen >> i) & 1) and not (F.pos_when[i] > 0 and (held >> F.pos_when[i]) & 1):
            continue
        g = F.pos_group[i]
        if g < 0:
            total += F.pos_value[i]
            continue
        if not grouped:
            grouped = True
            for k in range(n):
                best[k] = -UNLIMITED
        if F.pos_value[i] > best[g]:
            best[g] = F.pos_value[i]
    if grouped:
        for g in range(n):
            if best[g] > -UNLIMITED:
                total += best[g]
    return total


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def mounted(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """Whether ``c`` rides a mount still on its feet in the fight (bestiary, « Montures prises dans un combat »): a
    mount down, dead or gone leaves its rider on foot."""
    return F.mount[c] >= 0 and standing(F, w, F.mount[c])


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _decision(out: cython.pointer(i64), kind: i64, t: i64, s: i64, parry: i64, parried: i64, run: i64
              ) -> cython.void:
    """A decision written into ``out`` (no breath targets, seen, no modifier)."""
    out[D_KIND] = kind
    out[D_TARGET] = t
    out[D_STRIKE] = s
    out[D_PARRY] = parry
    out[D_PARRIED] = parried
    out[D_RUN] = run
    out[D_UNSEEN] = 0
    out[D_MOD] = 0
    out[D_POSITIONS] = 0
    out[D_DIRECTION] = DIR_FRONT
    out[D_FOES] = 0


# --- the default policy ---------------------------------------------------------------------------------------------

@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def weakest_foe(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """The standing foe of ``c`` with the fewest hit points (the first listed on a tie): whom the policy strikes."""
    best: i64 = -1
    i: cython.Py_ssize_t
    for i in range(F.count):
        if standing(F, w, i) and F.side[i] != F.side[c] and (best < 0 or F.hp[w + i] < F.hp[w + best]):
            best = i
    return best


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def striker_of(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> i64:
    """The foe of ``c`` with the highest OB among those whose blow will come at ``c`` (the policy's: each strikes
    its weakest foe); −1: none."""
    best: i64 = -1
    i: cython.Py_ssize_t
    side: i64 = -1
    aim: i64 = -1
    for i in range(F.count):
        if not standing(F, w, i) or F.side[i] == F.side[c]:
            continue
        if F.side[i] != side:  # the foes of one side all aim at the same weakest foe: read once a side
            side = F.side[i]
            aim = weakest_foe(F, w, i)
        if aim == c and (best < 0 or F.ob[i, 0] > F.ob[best, 0]):
            best = i
    return best


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def worth_at(F: Fights, a: cython.Py_ssize_t, s: cython.Py_ssize_t, t: cython.Py_ssize_t, edge: i64) -> i64:
    """What ``a``'s blow with its strike ``s`` takes from ``t`` at ``edge`` (its OB less ``t``'s defence), on
    average, in thousandths of a hit point (``F.worth``, built by :mod:`estoc.systems.harp.worth`)."""
    k: i64 = edge - WORTH_LO
    if k < 0:
        k = 0
    if k >= WORTH_LEN:
        k = WORTH_LEN - 1
    return F.worth[(a * F.width + s) * F.count + t, k]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def plain_edge(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, s: cython.Py_ssize_t,
               t: cython.Py_ssize_t) -> i64:
    """``a``'s edge on ``t`` read plainly, for a blow the policy only foresees: the strike's OB with its criticals'
    penalties and the fight's modifier, less ``t``'s DB."""
    return F.ob[a, s] + F.penalty[w + a] + F.fight_mod[w] - F.db[t]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def fell_chance(share: i64) -> i64:
    """The chance (in thousandths) that blows worth ``share`` thousandths of their target's hit points left fell it
    this round: ``1 − e^−share``, read as ``1 − 1 / (1 + x + x²/2 + x³/6)`` in whole numbers (a blow worth all the hit
    points left is no certainty: its worth is an average over rolls that fell and rolls that do not). The policy
    reads it from ``F.fell``, built from this at every :data:`FELL_STEP` (:func:`fell_at`)."""
    x: i64 = share if share > 0 else 0
    if x > 100 * WORTH_SCALE:
        x = 100 * WORTH_SCALE
    s3: i64 = WORTH_SCALE * WORTH_SCALE * WORTH_SCALE
    return WORTH_SCALE - WORTH_SCALE * s3 // (s3 + WORTH_SCALE * WORTH_SCALE * x + WORTH_SCALE * x * x // 2
                                               + x * x * x // 6)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def fell_at(F: Fights, share: i64) -> i64:
    """:func:`fell_chance`, read from its table ``F.fell`` (at the step below ``share``)."""
    k: i64 = share // FELL_STEP if share > 0 else 0
    if k >= F.fell.shape[0]:
        k = F.fell.shape[0] - 1
    return F.fell[k]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def best_parry(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, s: cython.Py_ssize_t, t: cython.Py_ssize_t,
               f: cython.Py_ssize_t) -> i64:
    """The share of its OB ``c`` keeps to parry ``f`` (« Parade ») when it strikes ``t`` with ``s``, weighed as a
    race between the two sides. Each share (none, a quarter, a half, three quarters or all of the OB less one,
    rounded down to 5 points: :data:`PARRY_QUARTERS`) gives a chance that ``t`` falls this round (``c``'s blow,
    lessened by the share, and its companions' blows on ``t``: what each is worth, :func:`worth_at`, against
    ``t``'s hit points left, :func:`fell_chance`) and
    a chance that ``c`` falls (``f``'s blow, lessened by the share, and the other foes' blows on ``c``); each
    fall, weighed by the share of its side's hit points it takes (the foes' blows on another of ``c``'s side
    count the same way), is what a side takes from the other this round, ``k`` and ``q``, and a side that takes
    ``k`` a round against ``q`` wins the race with chance ``k / (k + q − k·q)``. The share kept makes ``c``'s
    side's chance the highest (the smallest share on a tie, unless a larger one lets the foes take less), and
    only when it beats keeping nothing by a clear margin (:data:`PARRY_MARGIN`). This is estoc's reading: the
    text leaves the share to the player.

    Nothing is kept against a shot (a parry stops only blows), against a foe that cannot strike now (stunned,
    made to parry), or when the OB is too small for shares of 5 points."""
    fs: cython.Py_ssize_t = F.main_strike[f]
    most: i64 = F.ob[c, s] + F.penalty[w + c] - 1
    if not melee(F, f, fs) or most < 4 * ROUNDED_TO or not can_attack(F, w, f):
        return 0
    aim: i64 = weakest_foe(F, w, f)
    on_t: i64 = 0
    on_aim: i64 = 0
    theirs: i64 = 0
    hp_mine: i64 = 0
    hp_foes: i64 = 0
    i: cython.Py_ssize_t
    k: cython.Py_ssize_t
    for i in range(F.count):
        if not standing(F, w, i):
            continue
        if F.side[i] == F.side[c]:
            hp_mine += F.hp[w + i] if F.hp[w + i] > 0 else 1
        else:
            hp_foes += F.hp[w + i] if F.hp[w + i] > 0 else 1
        if i in (c, f) or not can_attack(F, w, i):
            continue
        k = F.main_strike[i]
        if F.side[i] == F.side[c]:
            on_t += worth_at(F, i, k, t, plain_edge(F, w, i, k, t))
        elif aim == c:
            on_aim += worth_at(F, i, k, c, plain_edge(F, w, i, k, c))
        elif aim >= 0:
            theirs += worth_at(F, i, k, aim, plain_edge(F, w, i, k, aim))
    hp_t: i64 = F.hp[w + t] if F.hp[w + t] > 0 else 1
    hp_c: i64 = F.hp[w + c] if F.hp[w + c] > 0 else 1
    # the foes' blows on another of c's side: the chance they fell it, as a share of the side's hit points
    elsewhere: i64 = 0
    hp_aim: i64
    if aim >= 0 and aim != c:
        hp_aim = F.hp[w + aim] if F.hp[w + aim] > 0 else 1
        elsewhere = fell_at(F, theirs // hp_aim) * hp_aim
    edge: i64 = strike_ob(F, w, c, t, s, F.fight_mod[w] + F.next_mod[w + c], False, False) - strike_defence(
        F, w, c, t, s, shield_would_count(F, w, t, DIR_FRONT))
    edge_f: i64 = plain_edge(F, w, f, fs, c)
    best: i64 = 0
    best_fell: i64 = 0
    best_felled: i64 = 0
    best_race: i64 = 0
    fell_0: i64 = 0
    race_0: i64 = 0
    p: i64 = 0
    q: cython.int
    dealt: i64
    taken: i64
    fell: i64
    felled: i64
    race: i64
    for q in range(PARRY_QUARTERS + 1):
        p = most * q // PARRY_QUARTERS // ROUNDED_TO * ROUNDED_TO
        # the chances that t falls and that c falls, in thousandths (a worth is in thousandths of a hit point),
        # each as the share of its side's hit points it takes
        dealt = fell_at(F, (on_t + worth_at(F, c, s, t, edge - p)) // hp_t)
        taken = fell_at(F, (on_aim + worth_at(F, f, fs, c, edge_f - p)) // hp_c)
        fell = dealt * hp_t // hp_foes
        felled = (taken * hp_c + elsewhere) // hp_mine
        # the race's chance, fell / race, with race = fell + felled − fell·felled (all × 1000)
        race = WORTH_SCALE * (fell + felled) - fell * felled
        if q == 0:
            fell_0 = fell
            race_0 = race
        if q == 0 or (race > 0 and (best_race == 0 or fell * best_race > best_fell * race
                                     or (fell * best_race == best_fell * race and felled < best_felled))):
            best = p
            best_fell = fell
            best_felled = felled
            best_race = race
    # a share is kept only when it raises the race's chance by a clear margin (PARRY_MARGIN): where two chances
    # are close, the quicker fight is the surer one (a slow fight is more of a lottery of open-ended rolls)
    if best > 0 and fell_0 > 0 and race_0 > 0 and (
            best_fell * race_0 * PARRY_MARGIN <= fell_0 * best_race * (PARRY_MARGIN + 1)):
        return 0
    return best


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def strikers_at(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.int:
    """How many standing foes that can strike now will strike ``c`` (the policy's aim: each side its weakest foe)."""
    n: cython.int = 0
    i: cython.Py_ssize_t
    side: i64 = -1
    aim: i64 = -1
    for i in range(F.count):
        if not standing(F, w, i) or F.side[i] == F.side[c]:
            continue
        if F.side[i] != side:
            side = F.side[i]
            aim = weakest_foe(F, w, i)
        if aim == c and can_attack(F, w, i):
            n += 1
    return n


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def guarded(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """Whether ``c``'s hit points are at or under its guard's share (a guard of 0: never)."""
    return F.guard[c] > 0 and 100 * F.hp[w + c] <= F.guard[c] * F.hp_max[c]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def company_fights(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> cython.bint:
    """Whether a companion of ``c`` still stands and is not itself hurt past its guard: someone to strike while
    ``c`` keeps to its defence (the default guard's condition; alone, a guard only puts the end off)."""
    i: cython.Py_ssize_t
    for i in range(F.count):  # noqa: SIM110 (a C loop)
        if i != c and F.side[i] == F.side[c] and standing(F, w, i) and not guarded(F, w, i):
            return True
    return False


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def decide(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, out: cython.pointer(i64)) -> cython.void:
    """The default policy's choice for ``c`` (see :mod:`estoc.systems.harp.policy`): ``out`` gets the action, its
    target, strike, parry, parried foe and up to three breath targets (−1: none).

    Its *guard* (``F.guard``, a percentage; 0: never): with its hit points at or under that share of its
    total (and, for the default guard, ``F.guard_company``, while a companion still fights: :func:`company_fights`),
    a combatant that can parry makes a total parry (« Parade Totale », Combat Actions: all its OB moved to its
    DB against the most dangerous foe) instead of attacking; with ``F.guard_dodge`` it dodges instead (« Esquive »:
    Agility × 3 read on the manoeuvre table, added to its DB), which needs no weapon.

    Its foe at a known distance and out of contact, a melee attack becomes a charge when :func:`allowed` allows the
    run, else a move-and-attack when it allows that; every choice here is one :func:`allowed` allows."""
    weakest: i64 = -1
    dangerous: i64 = -1
    foes: cython.int = 0
    i: cython.Py_ssize_t
    s: cython.Py_ssize_t
    for i in range(F.count):
        if standing(F, w, i) and F.side[i] != F.side[c]:
            foes += 1
            if weakest < 0 or F.hp[w + i] < F.hp[w + weakest]:
                weakest = i
            if dangerous < 0 or F.ob[i, 0] > F.ob[dangerous, 0]:
                dangerous = i
    # its first single strike (else its first), and its first area strike: its breath (spent, it has none)
    first_single: i64 = -1
    breath: i64 = -1
    for s in range(F.strikes[c]):
        if F.single[c, s]:
            if first_single < 0:
                first_single = s
        elif breath < 0:
            breath = s
    if first_single < 0:
        first_single = 0
    has_breath: cython.bint = breath >= 0 and F.uses[w + c, breath] > 0
    kind: i64 = A_ATTACK
    if has_breath and foes >= 2:
        kind = A_BREATHE
    if F.beasts_flee and F.beast[c] and 4 * F.hp[w + c] < F.hp_max[c]:
        kind = A_FLEE
    parries: cython.bint = parry_refused(F, w, c) == OK
    if kind == A_ATTACK and guarded(F, w, c) and (not F.guard_company[c] or company_fights(F, w, c)):
        # its guard: hurt this badly, it dodges, or keeps all its OB to parry (« Parade Totale ») if it can parry
        if F.guard_dodge[c] or (F.guard_company[c] and strikers_at(F, w, c) >= 2):
            # (the default guard dodges when two foes or more will strike it: a total parry holds against one)
            kind = A_DODGE
        elif parries:
            kind = A_TOTAL_PARRY
    if attack_refused(F, w, c) != OK and kind != A_FLEE:
        # (on the ground or disarmed, it gets up or takes up its weapon below); a beast, which never parries,
        # dodges instead (bestiary, « Parade et esquive »), unless it flees (made to parry, it may back off)
        kind = A_TOTAL_PARRY if parries else (A_DODGE if F.beast[c] else A_PASS)
    if foes == 0:
        kind = A_PASS
    if F.disarmed[w + c]:
        kind = A_TAKE_WEAPON
    if F.prone[w + c]:
        kind = A_STAND
    if kind == A_ATTACK and shot_refused(F, w, c, first_single, weakest) != OK:
        # too close or too far for its bow: its first melee strike, else nothing
        kind = A_PASS
        for s in range(F.strikes[c]):
            if melee(F, c, s):
                first_single = s
                kind = A_ATTACK
                break
    weighs: cython.bint = F.usual_parry[c] == PARRY_AUTO and kind == A_ATTACK and parries and melee(
        F, c, first_single) and weakest >= 0
    parry: i64 = F.usual_parry[c] if F.usual_parry[c] > 0 and parries and melee(F, c, first_single) else 0
    # a parry counts against one foe: the most dangerous of those that will strike it (the weakest foe of theirs,
    # as this policy aims); when none will, it keeps its whole OB for its blow; with no share written, the share
    # is weighed against that foe's blow (:func:`best_parry`)
    coming: i64 = -1
    if parry > 0 or kind == A_TOTAL_PARRY or weighs:
        coming = striker_of(F, w, c)
    if coming >= 0:
        dangerous = coming
        if weighs:
            parry = best_parry(F, w, c, first_single, weakest, coming)
    else:
        parry = 0
    run: i64 = 0
    limit = cython.declare(i64[1])
    if kind == A_ATTACK and weakest >= 0 and melee(F, c, first_single) and F.distance[w + c, weakest] > 0:
        # a foe at a known distance, out of contact: it charges when the run allows it (3 m to twice its base
        # movement), else moves and attacks at −20 when it is within its base movement
        run = TENTHS * F.distance[w + c, weakest]
        _decision(out, A_CHARGE, weakest, charge_strike(F, c), 0, dangerous, run)
        if allowed(F, w, c, out, limit) == OK:
            kind = A_CHARGE
            first_single = out[D_STRIKE]
            parry = 0
        else:
            _decision(out, A_MOVE_ATTACK, weakest, first_single, parry, dangerous, run)
            if allowed(F, w, c, out, limit) == OK:
                kind = A_MOVE_ATTACK
            else:
                run = 0
    _decision(out, kind, dangerous if kind == A_TOTAL_PARRY else weakest, breath if kind == A_BREATHE
              else first_single, parry, dangerous, run)
    if kind == A_BREATHE:
        _weakest_foes(F, w, c, out)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def can_shoot(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, s: cython.Py_ssize_t, t: i64) -> cython.bint:
    """« Portée minimum », « Portée maximum »: a shot needs 2 m at least and the weapon's range at most (an unknown
    distance allows it)."""
    if t < 0:
        return True
    d: i64 = F.distance[w + a, t]
    return d < 0 or (d >= MIN_RANGE and (F.rng_max[a, s] == 0 or d <= F.rng_max[a, s]))


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _weakest_foes(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, out: cython.pointer(i64)) -> cython.void:
    """Up to three foes standing, fewest hit points first (the earlier in the list on a tie), into ``out[5:8]``."""
    k: cython.int
    j: cython.int
    i: cython.Py_ssize_t
    for k in range(BREATH_TARGETS):
        best: i64 = -1
        for i in range(F.count):
            if not standing(F, w, i) or F.side[i] == F.side[c]:
                continue
            taken: cython.bint = False
            for j in range(k):
                if out[5 + j] == i:
                    taken = True
            if taken:
                continue
            if best < 0 or F.hp[w + i] < F.hp[w + best]:
                best = i
        out[5 + k] = best


# --- actions (« Actions de combat ») ---------------------------------------------------------------------------------

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def attack(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
           parry: i64, parried: i64, ob_mod: i64) -> cython.void:
    """An attack, with a parry declared (« Parade »): ``parry`` points of OB move to the DB against ``parried``'s
    attacks until the start of the attacker's next action (never the whole OB: that is a total parry). With
    several foes to parry (« Parades Multiples »: ``F.parry_foes`` set by :func:`act`), the points are shared
    evenly between them (estoc's reading: the text names the action, not its sharing); what does not divide is
    kept in the OB."""
    amount: i64 = 0
    n: i64 = 0
    k: cython.Py_ssize_t
    if parry > 0 and melee(F, a, s):
        amount = parry_share(F, w, a, s, parry)
        if F.parry_foes[w + a] != 0:
            for k in range(F.count if F.count < MAX_POSITIONS else MAX_POSITIONS):
                if (F.parry_foes[w + a] >> k) & 1:
                    n += 1
            F.parry_vs[w + a] = -1
            F.parry_bonus[w + a] = amount // n
            amount = (amount // n) * n
        else:
            F.parry_vs[w + a] = parried
            F.parry_bonus[w + a] = amount
    else:
        F.parry_foes[w + a] = 0
    _round_mods(F, w, a, -amount)
    ob_mod += F.fight_mod[w] + F.next_mod[w + a]
    F.next_mod[w + a] = 0
    strike(F, w, a, t, s, ob_mod - amount, False, 0, 0)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _round_mods(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, kept: i64) -> cython.void:
    """Tell the modifiers ``a``'s strike takes from the round (the OB kept to parry, the fight's, its next attack's):
    the narration itemises the OB (:data:`L_MOD`)."""
    if F.logging:
        if kept != 0:
            emit(F, L_MOD, a, M_PARRY, kept, 0, 0, 0, 0, 0)
        if F.fight_mod[w] != 0:
            emit(F, L_MOD, a, M_FIGHT, F.fight_mod[w], 0, 0, 0, 0, 0)
        if F.next_mod[w + a] != 0:
            emit(F, L_MOD, a, M_NEXT, F.next_mod[w + a], 0, 0, 0, 0, 0)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def total_parry(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t) -> cython.void:
    """« Parade Totale »: all the OB (lowered by 50 when stunned: :func:`parry_base`) plus 10 go to the DB against
    one opponent, if its open-ended roll does not fumble; a roll of 96+ turns into an attack on the opponent with its
    total alone. With no OB left to move, the parry adds only its +10 (and never lowers the DB)."""
    ob: i64 = parry_base(F, w, a)
    first = cython.declare(cython.int[1])
    total: i64 = open_ended(F, w, P_PARRY, first, a)
    fumbled: cython.bint = first[0] <= F.fumble[a, 0]
    bonus: i64 = 0 if fumbled else ob + TOTAL_PARRY_BONUS
    counter: cython.bint = (not fumbled) and first[0] >= OPEN_FROM
    F.parry_vs[w + a] = t
    F.parry_bonus[w + a] = bonus
    fumble_roll: i64 = 0
    if fumbled:
        # « Parade Totale »: a roll in the weapon's fumble range is a fumble, rolled and suffered like an attack's.
        fumble_roll = die(F, w, P_FUMBLE, 100, a)
    emit(F, L_PARRY, a, t, total, fumbled, counter, bonus, fumble_roll, 0)
    if fumbled:
        own_fumble(F, w, a, fumble_roll, F.natural[a, 0] != 0)
    if counter:
        F.next_mod[w + a] = 0
        strike(F, w, a, t, 0, 0, True, first[0], total)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def breathe(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, s: cython.Py_ssize_t,
            targets: cython.pointer(i64), start: cython.int, n: cython.int) -> cython.void:
    """A breath (bestiary, « Souffles »): one use spent, one open-ended roll compared with the defence of each creature
    in the cone or along the line; a fumble stops it before it reaches anyone."""
    F.acted[w + a] = 1  # (its action, from its start: :func:`spent`)
    if F.uses[w + a, s] <= 0:
        return  # spent: no breath left (play refuses it, the policy never tries)
    if F.uses[w + a, s] < UNLIMITED:
        F.uses[w + a, s] -= 1
    _round_mods(F, w, a, 0)
    ob_mod: i64 = F.fight_mod[w] + F.next_mod[w + a]
    F.next_mod[w + a] = 0
    first = cython.declare(cython.int[1])
    total: i64 = open_ended(F, w, P_ATTACK, first, a)
    k: cython.int
    for k in range(start, start + n):
        if targets[k] < 0:
            continue
        if strike(F, w, a, targets[k], s, ob_mod, False, first[0], total):
            break


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def dodge(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, skill: i64, instinctive: cython.bint
          ) -> cython.void:
    """« Esquive » / « Esquive Instinctive »: an open-ended manoeuvre roll plus ``skill`` and the manoeuvre
    penalties, read in the manoeuvre table's bonus column: 50 (25 instinctive) plus that bonus, never less, to the DB
    until the start of its next action."""
    first = cython.declare(cython.int[1])
    total: i64 = open_ended(F, w, P_MANOEUVRE, first, a) + skill + manoeuvre_penalty(F, w, a)
    band: cython.Py_ssize_t = 0
    i: cython.Py_ssize_t
    for i in range(F.man_lows.shape[0]):
        if F.man_lows[i] <= total:
            band = i
    column: i64 = F.man_bonus[band]
    if column < 0:
        column = 0
    bonus: i64 = (INSTINCTIVE_DODGE_BASE if instinctive else DODGE_BASE) + column
    F.dodge[w + a] = bonus
    emit(F, L_DODGE, a, instinctive, total, bonus, 0, 0, 0, 0)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def instinctive_dodge(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t) -> cython.int:
    """« Esquive Instinctive », at any moment: Agility × 4, instead of the action not made yet this round (on its own
    turn, that turn: the caller ends it), or, once acted, costing next round's action (its next action lost). Returns
    1 when it cost next round's action."""
    dodge(F, w, a, INSTINCTIVE_AGILITY * F.agility[a], True)
    if F.acted[w + a]:
        F.lost_until[w + a] = _extend(F.lost_until[w + a], 1, pinned_from(F, w, a))
        return 1
    F.acted[w + a] = 1
    return 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def charge(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
           seen: cython.bint, ob_mod: i64) -> cython.void:
    """« Charge »: +20 OB, −20 DB until its next action; a target holding a spear or polearm that sees it coming
    strikes first, for free."""
    _contact(F, w, a, t)
    if F.braced[t, 0] and seen and can_attack(F, w, t):
        emit(F, L_BRACED, t, a, 0, 0, 0, 0, 0, 0)
        _round_mods(F, w, t, 0)
        strike(F, w, t, a, 0, F.fight_mod[w] + F.next_mod[w + t], False, 0, 0)
        F.next_mod[w + t] = 0
        if not standing(F, w, a):
            return
    F.charge_db[w + a] = CHARGE_DB
    emit(F, L_MOD, a, M_CHARGE, CHARGE_OB, 0, 0, 0, 0, 0)
    attack(F, w, a, t, s, 0, -1, ob_mod + CHARGE_OB)  # the attack it declared (a horse's ram, not its trample)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _contact(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t) -> cython.void:
    """A charge or a move-and-attack ends in contact with its target (a distance the GM set becomes 0); a mount
    carries its rider along, and a rider its mount (bestiary, « Montures prises dans un combat »)."""
    if F.distance[w + a, t] > 0:
        F.distance[w + a, t] = 0
        F.distance[w + t, a] = 0
    partner: i64 = F.mount[a] if F.mount[a] >= 0 else F.rider[a]
    if partner >= 0 and partner != t and F.distance[w + partner, t] > 0:
        F.distance[w + partner, t] = 0
        F.distance[w + t, partner] = 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def move_attack(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
                parry: i64, parried: i64, run: i64, ob_mod: i64) -> cython.void:
    """« Se déplacer et attaquer »: a move of at most the base movement, then the attack, −20 OB when it moved at
    all."""
    _contact(F, w, a, t)
    if run > 0:
        emit(F, L_MOD, a, M_MOVING, MOVING_ATTACK_OB, 0, 0, 0, 0, 0)
    attack(F, w, a, t, s, parry, parried, ob_mod + (MOVING_ATTACK_OB if run > 0 else 0))


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def disengage(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, amount: i64
              ) -> cython.void:
    """« Désengagement », its first round: no attack, a parry of ``amount`` (at least half the OB, −50 stunned:
    :func:`parry_base`) against the opponent; unharmed by it until the round ends, it has the initiative in the next
    (see :func:`begin_round`)."""
    ob: i64 = parry_base(F, w, a)
    if amount > ob:
        amount = ob
    if amount < 0:
        amount = 0
    F.parry_vs[w + a] = t
    F.parry_bonus[w + a] = amount
    F.disengage_foe[w + a] = t
    F.disengage_hit[w + a] = 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def shove(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, bonus: i64) -> cython.void:
    """« Attaques à distance »: ``a``, in contact, pushes the shooter ``t`` or its weapon aside with its hands: an
    open-ended manoeuvre roll plus ``bonus`` (its Brawling, else Strength + Agility: the GM's number, estoc's sheets
    hold neither) and its manoeuvre penalties, read in the manoeuvre table's percentage column; that many points,
    never fewer than 0, come off ``t``'s next attack."""
    first = cython.declare(cython.int[1])
    total: i64 = open_ended(F, w, P_MANOEUVRE, first, a) + bonus + manoeuvre_penalty(F, w, a)
    band: cython.Py_ssize_t = 0
    i: cython.Py_ssize_t
    for i in range(F.man_lows.shape[0]):
        if F.man_lows[i] <= total:
            band = i
    penalty: i64 = -F.man_percent[band] if F.man_percent[band] > 0 else 0
    F.next_mod[w + t] += penalty
    emit(F, L_SHOVE, a, t, total, penalty, 0, 0, 0, 0)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def act(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, d: cython.pointer(i64)) -> cython.void:
    """Carry out the decision ``d`` (as :func:`decide` writes it, :func:`allowed` allows it) of ``a``, whose turn it
    is. A move changes nothing the kernel holds (the GM places the combatants). The action counts as made from its
    start (:func:`spent`)."""
    F.acted[w + a] = 1
    kind: i64 = d[0]
    mod: i64 = d[D_MOD]
    if kind in (A_ATTACK, A_CHARGE, A_MOVE_ATTACK):
        # the blow's facts, read where it is struck (:func:`position_total`, :func:`shield_counts`); the position
        # bonuses are told as a part of the strike's OB (:data:`L_OB`)
        F.blow_positions[w + a] = d[D_POSITIONS]
        F.blow_dir[w + a] = d[D_DIRECTION]
        F.parry_foes[w + a] = d[D_FOES] if kind != A_CHARGE and d[D_PARRY] > 0 else 0
        if mod != 0:
            emit(F, L_MOD, a, M_GM, mod, 0, 0, 0, 0, 0)
    if kind == A_ATTACK:
        attack(F, w, a, d[1], d[2], d[3], d[4], mod)
    elif kind == A_CHARGE:
        charge(F, w, a, d[1], d[2], d[D_UNSEEN] == 0, mod)
    elif kind == A_MOVE_ATTACK:
        move_attack(F, w, a, d[1], d[2], d[3], d[4], d[D_RUN], mod)
    elif kind == A_SHOVE:
        shove(F, w, a, d[1], d[D_MOD])
    elif kind == A_DISENGAGE:
        disengage(F, w, a, d[1], d[3])
    elif kind == A_TOTAL_PARRY:
        total_parry(F, w, a, d[1])
    elif kind == A_DODGE:
        dodge(F, w, a, DODGE_AGILITY * F.agility[a], False)
    elif kind == A_BREATHE:
        breathe(F, w, a, d[2], d, 5, BREATH_TARGETS)
    elif kind == A_STAND:
        F.prone[w + a] = 0
        F.steady[w + a] = 1
    elif kind == A_TAKE_WEAPON:
        F.disarmed[w + a] = 0
    elif kind == A_FLEE:
        F.present[w + a] = 0
    elif kind == A_PASS and F.intercepting[w + a] >= 0:
        # « Attendre »: it lay in wait for an action that never came; it has the initiative next round.
        F.intercepting[w + a] = -1
        F.automatic[w + a] = 1
    F.blow_positions[w + a] = 0
    F.blow_dir[w + a] = DIR_FRONT


# --- whole fights ---------------------------------------------------------------------------------------------------

OUT_DOWN = cython.declare(const_int, 1)
OUT_DEAD = cython.declare(const_int, 2)
OUT_FLED = cython.declare(const_int, 4)
OUT_OVER = cython.declare(const_int, 8)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def fresh(F: Fights, w: cython.Py_ssize_t, world: i64) -> cython.void:
    """Slot ``w`` set to the start of world ``world``: everyone fresh, its own dice (the keyed stream of the run's
    key and the world's index in the whole run, so that neither threads nor chunks change a world's fight)."""
    c: cython.Py_ssize_t
    k: cython.Py_ssize_t
    F.rnd[w] = 0
    F.turn[w] = -1
    F.norder[w] = 0
    F.fight_mod[w] = F.fight_mod0
    F.surprised[w] = F.surprised_side
    F.surprise_round[w] = 1
    for c in range(F.count):
        F.hp[w + c] = F.hp_max[c]
        F.penalty[w + c] = 0
        F.bleed[w + c] = 0
        F.stun_until[w + c] = 0
        F.stun_since[w + c] = 0
        F.shaken[w + c] = 0
        F.must_parry_until[w + c] = 0
        F.no_parry_until[w + c] = 0
        F.lost_until[w + c] = 0
        F.dying_round[w + c] = 0
        F.down[w + c] = 0
        F.dead[w + c] = 0
        F.prone[w + c] = 0
        F.disarmed[w + c] = 0
        F.steady[w + c] = 0
        F.present[w + c] = 1
        F.parry_vs[w + c] = -1
        F.parry_bonus[w + c] = 0
        F.dodge[w + c] = 0
        F.charge_db[w + c] = 0
        F.initiative[w + c] = 0
        F.acted[w + c] = 0
        F.started[w + c] = 0
        F.automatic[w + c] = 0
        F.intercepting[w + c] = -1
        F.disengage_foe[w + c] = -1
        F.disengage_hit[w + c] = 0
        F.shield_used[w + c] = 0
        F.unregen_hits[w + c] = 0
        F.cover_melee[w + c] = F.cover_melee0[c]
        F.cover_missile[w + c] = F.cover_missile0[c]
        F.struck_close[w + c] = 0
        F.venom_in[w + c] = 0
        F.venom_left[w + c] = 0
        F.venom_from[w + c] = 0
        F.venom_rolled[w + c] = 0
        for k in range(F.count):
            F.distance[w + c, k] = F.distance0[c, k]
        F.next_mod[w + c] = 0
        F.init_declared[w + c] = 0
        F.init_mods[w + c] = 0
        F.blow_positions[w + c] = 0
        F.blow_dir[w + c] = 0
        F.parry_foes[w + c] = 0
        F.dealt[w + c] = 0
        F.taken[w + c] = 0
        F.downed[w + c] = 0
        F.acted_rounds[w + c] = 0
        for k in range(5):
            F.crits_dealt[w + c, k] = 0
            F.crits_taken[w + c, k] = 0
        for k in range(F.width):
            F.uses[w + c, k] = F.uses0[c, k]
    seed_world(F, w, world)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def fight_world(F: Fights, w: cython.Py_ssize_t, world: i64, max_rounds: i64) -> cython.void:
    """Play world ``world`` in slot ``w`` from its start to its end (or ``max_rounds`` rounds), every decision the
    default policy's, and keep what it came to."""
    fresh(F, w, world)
    d = cython.declare(i64[11])
    c: i64 = advance(F, w, max_rounds)
    while c >= 0:
        decide(F, w, c, d)
        act(F, w, c, d)
        F.acted[w + c] = 1
        c = advance(F, w, max_rounds)
    over: cython.bint = sides_standing(F, w) <= 1
    F.out_winner[world] = winner(F, w)
    F.out_rounds[world] = F.rnd[w]
    k: cython.Py_ssize_t
    F.out_dice[world] = dice_drawn(F, w)
    flags: i64
    for c in range(F.count):
        flags = OUT_OVER if over else 0
        if F.down[w + c]:
            flags |= OUT_DOWN
        if F.dead[w + c]:
            flags |= OUT_DEAD
        if not F.present[w + c]:
            flags |= OUT_FLED
        F.out_state[world, c] = flags
        F.out_hp[world, c] = F.hp[w + c]
        F.out_dealt[world, c] = F.dealt[w + c]
        F.out_taken[world, c] = F.taken[w + c]
        for k in range(5):
            F.out_crits[world, c, k] = F.crits_taken[w + c, k]


def play_all(F: Fights, worlds: cython.longlong, max_rounds: cython.longlong, threads: cython.int) -> None:
    """Play ``worlds`` worlds to their end on ``threads`` threads, each thread in its own slot (keyed dice only:
    no Python inside); what each came to is in the outputs (``out_*``)."""
    check_run(F, worlds, threads)
    world: cython.Py_ssize_t
    # Worlds taken CHUNK at a time (dynamic): on a shared machine a thread given less CPU takes fewer, where a
    # static split makes the run wait for the slower half. A world's fight does not depend on its thread.
    for world in prange(worlds, nogil=True, num_threads=threads, schedule="dynamic", chunksize=CHUNK):
        fight_world(F, slot_of(F, threadid()), world, max_rounds)


# --- entries for play (world ``w``, called from Python; each returns what the log should tell) ---------------------

def py_advance(F: Fights, w: cython.Py_ssize_t, max_rounds: cython.longlong) -> int:
    """:func:`advance` for play."""
    return advance(F, w * F.count, max_rounds)


def py_begin(F: Fights, w: cython.Py_ssize_t) -> None:
    """The first round's initiative."""
    begin_round(F, w * F.count)


def py_decide(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> tuple:
    """The default policy's decision for ``c``, as a tuple (see :func:`decide`)."""
    d = cython.declare(i64[11])
    decide(F, w * F.count, c, d)
    return (d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8], d[9], d[10])


def py_attack(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
              parry: cython.longlong, parried: cython.longlong, ob_mod: cython.longlong) -> None:
    attack(F, w * F.count, a, t, s, parry, parried, ob_mod)


def py_strike(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
              ob_mod: cython.longlong) -> int:
    """One plain strike with the round's modifiers already in ``ob_mod`` (a braced weapon's free strike, a single
    exchange)."""
    return strike(F, w * F.count, a, t, s, ob_mod, False, 0, 0)


def py_total_parry(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t) -> None:
    total_parry(F, w * F.count, a, t)


def py_breathe(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, s: cython.Py_ssize_t, targets: list) -> None:
    n: cython.int = len(targets)
    buffer = cython.declare(i64[64])
    k: cython.int
    if n > 64:
        raise ValueError("at most 64 creatures in one breath")
    for k in range(n):
        buffer[k] = targets[k]
    breathe(F, w * F.count, a, s, buffer, 0, n)


def py_dodge(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t) -> None:
    """A declared dodge (Agility × 3)."""
    dodge(F, w * F.count, a, DODGE_AGILITY * F.agility[a], False)


def py_instinctive_dodge(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t) -> int:
    return instinctive_dodge(F, w * F.count, a)


def py_charge(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
              seen: cython.bint, ob_mod: cython.longlong) -> None:
    charge(F, w * F.count, a, t, s, seen, ob_mod)


def py_disengage(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t,
                 amount: cython.longlong) -> None:
    disengage(F, w * F.count, a, t, amount)


def py_act(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, decision: tuple) -> None:
    """Carry out a decision tuple (as :func:`py_decide` returns)."""
    d = cython.declare(i64[11])
    k: cython.int
    for k in range(DECISION):
        d[k] = decision[k]
    act(F, w * F.count, a, d)


def py_initiative_bonus(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> int:
    return initiative_bonus(F, w * F.count, c)


def py_exchange(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, t: cython.Py_ssize_t, s: cython.Py_ssize_t,
                parry: cython.longlong, mod: cython.longlong) -> tuple:
    """What ``a``'s attack with its strike ``s`` on ``t``, keeping ``parry`` OB points to parry and with the GM's
    ``mod``, would be rolled against now, as :func:`attack` and :func:`resolve` would make it, changing nothing (the
    exact odds of the blow being set up): (OB, defence, the OB points kept to parry, fumble range, whether a
    critical would throw the target down: :func:`knocks_down`)."""
    row: cython.Py_ssize_t = w * F.count
    kept: i64 = parry_share(F, row, a, s, parry)
    ob: i64 = strike_ob(F, row, a, t, s, mod + F.fight_mod[row] + F.next_mod[row + a] - kept, False, False)
    return (ob, strike_defence(F, row, a, t, s, shield_would_count(F, row, t, F.blow_dir[row + a])), kept,
            F.fumble[a, s],
            knocks_down(F, row, a, t, F.table[a, s]))


def py_take_hits(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, hits: cython.longlong) -> None:
    take_hits(F, w * F.count, c, hits)


def py_read_result(F: Fights, table: cython.longlong, size: cython.longlong, armour: cython.longlong,
                   hits_factor: cython.longlong, reduction: cython.longlong, extra: cython.longlong,
                   extra_fixed: cython.longlong, result: cython.longlong, opened: cython.bint) -> tuple:
    """:func:`read_result` of a result that hits, for the exact odds: (row, hits, severity, second row, second hits,
    second severity, additional severity, highest row read, the table's severity)."""
    rd = cython.declare(i64[10])
    read_result(F, table, size, armour, hits_factor, reduction, extra, extra_fixed, result, opened, True, rd)
    return (rd[0], rd[1], rd[2], rd[3], rd[4], rd[5], rd[6], rd[7], rd[8])


def py_fell_chance(share: cython.longlong) -> int:
    """:func:`fell_chance`, for ``F.fell``'s table."""
    return fell_chance(share)


def py_stun_difficulty(rounds: cython.longlong) -> int:
    """:func:`stun_difficulty` for the exact odds."""
    return stun_difficulty(rounds)


def py_can_shoot(F: Fights, w: cython.Py_ssize_t, a: cython.Py_ssize_t, s: cython.Py_ssize_t,
                 t: cython.Py_ssize_t) -> bool:
    return can_shoot(F, w * F.count, a, s, t)


def py_flags(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> tuple:
    """What ``c`` may do now: (can act, can attack, can parry, standing, manoeuvre penalty)."""
    row: cython.Py_ssize_t = w * F.count
    return (can_act(F, row, c), can_attack(F, row, c), can_parry(F, row, c), standing(F, row, c),
            manoeuvre_penalty(F, row, c))


def py_sides_standing(F: Fights, w: cython.Py_ssize_t) -> int:
    return sides_standing(F, w * F.count)


def py_winner(F: Fights, w: cython.Py_ssize_t) -> int:
    return winner(F, w * F.count)


def py_allowed(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, decision: tuple) -> tuple:
    """:func:`allowed` for play: (the code, the number it names) for a decision tuple (as :func:`py_decide`)."""
    d = cython.declare(i64[11])
    limit = cython.declare(i64[1])
    k: cython.int
    for k in range(DECISION):
        d[k] = decision[k]
    code: cython.int = allowed(F, w * F.count, c, d, limit)
    return (code, limit[0])


def py_pinned_from(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> int:
    """:func:`pinned_from`: the round an effect of N rounds on ``c`` taken now counts from (the GM's conditions, the
    board's rounds left)."""
    return pinned_from(F, w * F.count, c)


def py_charge_strike(F: Fights, c: cython.Py_ssize_t) -> int:
    """:func:`charge_strike`: the strike a charge uses when the GM names none."""
    return charge_strike(F, c)


def py_disengage_floor(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t) -> int:
    """:func:`disengage_floor`: the parry a disengagement keeps at least."""
    return disengage_floor(F, w * F.count, c)


def py_codes() -> dict:
    """The kernel's codes and rule constants, for Python to read rather than mirror (name → value): ``actions``,
    ``reasons`` (:func:`allowed`'s), ``purposes`` (of the dice), ``slots`` (a decision's), ``outcomes`` (a simulated
    world's flags) and ``rules`` (the numbers of the rules). ``ACTIONS``, ``REASONS`` and ``PURPOSES`` name the
    codes in order."""
    return {
        "actions": {"pass": A_PASS, "attack": A_ATTACK, "total-parry": A_TOTAL_PARRY, "stand": A_STAND,
                    "take-weapon": A_TAKE_WEAPON, "flee": A_FLEE, "breathe": A_BREATHE, "dodge": A_DODGE,
                    "charge": A_CHARGE, "disengage": A_DISENGAGE, "move": A_MOVE, "move-attack": A_MOVE_ATTACK,
                    "instinctive-dodge": A_INSTINCTIVE_DODGE, "shove": A_SHOVE},
        "reasons": {"ok": OK, "cannot-act": WHY_CANNOT_ACT, "stunned": WHY_STUNNED, "must-parry": WHY_MUST_PARRY,
                    "prone": WHY_PRONE, "disarmed": WHY_DISARMED, "self": WHY_SELF, "gone": WHY_GONE,
                    "area": WHY_AREA, "beast-parry": WHY_BEAST_PARRY, "no-parry-weapon": WHY_NO_PARRY_WEAPON,
                    "no-parry-now": WHY_NO_PARRY_NOW, "parry-not-melee": WHY_PARRY_NOT_MELEE,
                    "negative-parry": WHY_NEGATIVE_PARRY, "not-free": WHY_NOT_FREE, "too-close": WHY_TOO_CLOSE,
                    "too-far": WHY_TOO_FAR, "charge-shot": WHY_CHARGE_SHOT, "charge-short": WHY_CHARGE_SHORT,
                    "charge-long": WHY_CHARGE_LONG, "move-attack-far": WHY_MOVE_ATTACK_FAR,
                    "stunned-move": WHY_STUNNED_MOVE, "run-limit": WHY_RUN_LIMIT,
                    "disengage-half": WHY_DISENGAGE_HALF, "no-uses": WHY_NO_USES, "not-area": WHY_NOT_AREA,
                    "not-prone": WHY_NOT_PRONE, "not-disarmed": WHY_NOT_DISARMED, "no-target": WHY_NO_TARGET,
                    "unknown": WHY_UNKNOWN, "positions": WHY_POSITIONS, "not-in-contact": WHY_NOT_IN_CONTACT,
                    "not-shooter": WHY_NOT_SHOOTER, "direction": WHY_DIRECTION, "parry-foes": WHY_PARRY_FOES,
                    "shooter-acted": WHY_SHOOTER_ACTED},
        "purposes": {"attack": P_ATTACK, "critical": P_CRITICAL, "extra-critical": P_EXTRA, "fumble": P_FUMBLE,
                     "resistance": P_RESISTANCE, "initiative": P_INITIATIVE, "manoeuvre": P_MANOEUVRE,
                     "parry": P_PARRY, "perception": P_PERCEPTION},
        "slots": {"kind": D_KIND, "target": D_TARGET, "strike": D_STRIKE, "parry": D_PARRY, "parried": D_PARRIED,
                  "run": D_RUN, "unseen": D_UNSEEN, "mod": D_MOD,
                  "positions": D_POSITIONS, "direction": D_DIRECTION, "foes": D_FOES, "size": DECISION},
        "situations": {"flank": S_FLANK, "rear": S_REAR, "surprised": S_SURPRISED, "prone": S_PRONE,
                       "stunned": S_STUNNED, "shaken": S_SHAKEN, "disarmed": S_DISARMED, "wounded": S_WOUNDED,
                       "mounted": S_MOUNTED},
        "directions": {"front": DIR_FRONT, "flank": DIR_FLANK, "rear": DIR_REAR},
        "arcs": {"front": ARC_FRONT, "front-side": ARC_FRONT_SIDE},
        "outcomes": {"down": OUT_DOWN, "dead": OUT_DEAD, "fled": OUT_FLED, "over": OUT_OVER},
        "beyond": {"cap": BEYOND_CAP, "uncapped": BEYOND_UNCAPPED, "second-attack": BEYOND_SECOND},
        "rules": {"OPEN_FROM": OPEN_FROM, "AUTOMATIC": AUTOMATIC, "CHARGE_OB": CHARGE_OB, "CHARGE_DB": CHARGE_DB,
                  "CHARGE_MIN_RUN": CHARGE_MIN_RUN, "TENTHS": TENTHS, "MOVING_ATTACK_OB": MOVING_ATTACK_OB,
                  "MIN_RANGE": MIN_RANGE,
                  "MELEE_INTERFERENCE": MELEE_INTERFERENCE, "KERNEL_LIMIT": KERNEL_LIMIT, "UNLIMITED": UNLIMITED,
                  "DEAD": DEAD, "PASSING_AWAY": PASSING_AWAY, "SLOT_STRIDE": SLOT_STRIDE,
                  "TOTAL_PARRY_BONUS": TOTAL_PARRY_BONUS, "DODGE_AGILITY": DODGE_AGILITY,
                  "BREATH_TARGETS": BREATH_TARGETS, "MAX_BREATH": 64, "MAX_POSITIONS": MAX_POSITIONS,
                  "PARRY_AUTO": PARRY_AUTO, "PARRY_QUARTERS": PARRY_QUARTERS, "ROUNDED_TO": ROUNDED_TO,
                  "FELL_STEP": FELL_STEP, "FELL_LEN": FELL_LEN, "WORTH_LO": WORTH_LO, "WORTH_LEN": WORTH_LEN,
                  "WORTH_SCALE": WORTH_SCALE},
        "logs": {"round": L_ROUND, "init": L_INIT, "turn": L_TURN, "stun": L_STUN, "face": L_FACE,
                 "strike": L_STRIKE, "result": L_RESULT, "crit": L_CRIT, "second": L_SECOND, "done": L_DONE,
                 "parry": L_PARRY, "dodge": L_DODGE, "braced": L_BRACED, "disengaged": L_DISENGAGED,
                 "venom": L_VENOM, "shove": L_SHOVE, "perceive": L_PERCEIVE, "surprise": L_SURPRISE, "ob": L_OB,
                 "mod": L_MOD},
        "mods": {"parry": M_PARRY, "fight": M_FIGHT, "next": M_NEXT, "gm": M_GM, "position": M_POSITION,
                 "charge": M_CHARGE, "moving": M_MOVING},
    }


def py_range_modifier(F: Fights, a: cython.Py_ssize_t, s: cython.Py_ssize_t, d: cython.longlong) -> int:
    """:func:`range_modifier` of ``a``'s strike ``s`` at ``d`` metres."""
    return range_modifier(F, a, s, d)


def py_target_refused(F: Fights, w: cython.Py_ssize_t, c: cython.Py_ssize_t, t: cython.longlong) -> int:
    """:func:`target_refused`: why ``t`` cannot be ``c``'s target (0: it can)."""
    return target_refused(F, w * F.count, c, t)
