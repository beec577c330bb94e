# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""The kernels' shared core: the keyed dice, the play's dice source, the log, the outcome, the run's slots.

Every rule system's kernel (``systems/<system>/kernel.py``) draws its dice, writes its log, says who has won and
plays its worlds on threads in the same way; that plumbing is written here once. A kernel names what it takes with
one statement, ``from estoc.engine.kcore import (...)``, and the core is *included* where that statement stands:

- compiled, ``setup.py`` writes this file's text in place of the statement before Cython reads the kernel, so that
  the core's small functions are the kernel's own and the C compiler inlines them into the rules (a call from one
  extension into another goes through a pointer and is never inlined: the HARP duel draws 38 dice and writes 89
  log rows, most of them skipped, each a call);
- interpreted (the twin), :func:`estoc.engine.compiled.load_twin` runs this file in the twin's namespace, in place
  of the same statement.

Either way the whole core runs in the kernel's namespace (the statement names what the kernel uses), and reads one
name the kernel defines: ``PURPOSES``, the names of its dice's purposes. A kernel that defines a name the core
defines is refused by Cython at the build (a name declared twice) and by the tests. :mod:`estoc.engine.koutcome`,
who has won, is included in the same way by the kernels whose outcome is read from each combatant's ``standing``.

Dice never come from a kernel. In simulation, the ``k``-th die the world at row ``w`` rolls for a purpose is a hash
of (the run's key, the world's index in the whole run, the purpose, ``k``): :class:`estoc.dice.KeyedDice`'s stream,
bit for bit. In play, each face is asked of a Python dice source, so that every face is stored with its purpose.
"""

import cython

i64 = cython.typedef(cython.longlong)
u64 = cython.typedef(cython.ulonglong)
const_int = cython.typedef(cython.const[cython.int])
"""The constants' type: C folds a ``const`` into the code, where a plain ``cython.declare`` makes a variable read from
memory at every use (8% of a HARP duel's instructions)."""

COMPILED = cython.compiled
"""Whether the kernel runs compiled (``False``: the interpreted twin)."""

# The SplitMix64 constants of :mod:`estoc.dice.sources`, declared (unsigned literals above 2⁶³). They stay variables:
# as ``const`` C would be given decimal literals too large for a signed type, with a warning at every build.
GOLDEN = cython.declare(u64, 0x9E3779B97F4A7C15)
MIX_1 = cython.declare(u64, 0xBF58476D1CE4E5B9)
MIX_2 = cython.declare(u64, 0x94D049BB133111EB)
MASK = cython.declare(u64, 0xFFFFFFFFFFFFFFFF)

SLOT_STRIDE = cython.declare(const_int, 8)
"""Rows between two threads' slots, so that two threads never write the same cache line."""
CHUNK = cython.declare(const_int, 64)
"""Worlds a thread takes at a time: a thread given less of the machine (it is shared) takes fewer chunks, where a
static split would leave the whole run waiting on its half; 64 worlds' outputs span whole cache lines."""


@cython.cclass
class Core:
    """What every kernel's ``Fights`` holds beyond its rules: the combatants' sides, the dice and the log.

    ``Fights`` extends it; :func:`estoc.engine.compiled.give_dice` fills the dice, a system's ``worlds.build`` the
    rest. A world's state is a row of ``count`` entries of flat arrays, ``w`` the index of its first entry.
    """

    count = cython.declare(cython.int, visibility="public")
    side = cython.declare(cython.int[::1], visibility="public")
    # dice: keyed (simulation) or asked of ``source`` (play)
    keyed = cython.declare(cython.int, visibility="public")
    key = cython.declare(u64, visibility="public")
    first_world = cython.declare(i64, visibility="public")
    base = cython.declare(u64[::1], visibility="public")
    salts = cython.declare(u64[::1], visibility="public")
    counters = cython.declare(u64[:, ::1], visibility="public")
    out_dice = cython.declare(i64[::1], visibility="public")
    source = cython.declare(object, visibility="public")
    error = cython.declare(object, visibility="public")
    # the play's log
    logging = cython.declare(cython.int, visibility="public")
    log = cython.declare(list, visibility="public")

    def __init__(self) -> None:
        self.source = None
        self.error = None
        self.logging = 0
        self.log = []


# --- arithmetic -----------------------------------------------------------------------------------------------------

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def half_up(value: i64) -> i64:
    """Half of ``value``, rounded up (``3 → 2``, ``-3 → -1``), in the same whole numbers compiled and interpreted
    (C's division truncates where Python's floors: neither is used on a negative number)."""
    if value >= 0:
        return (value + 1) // 2
    return -((-value) // 2)


# --- whole runs -----------------------------------------------------------------------------------------------------

def check_run(F: Core, worlds: cython.longlong, threads: cython.int) -> None:
    """Refuses a run ``play_all`` cannot play: dice not keyed (no Python inside a run), fewer slots than threads or
    fewer output rows than worlds."""
    if not F.keyed:
        raise ValueError("play_all needs keyed dice")
    if F.counters.shape[0] < threads * SLOT_STRIDE * F.count or F.out_dice.shape[0] < worlds:
        raise ValueError("play_all needs a slot for each thread and an output row for each world")


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def slot_of(F: Core, thread: cython.int) -> cython.Py_ssize_t:
    """The first entry of thread ``thread``'s slot, the row of state it plays its worlds in one after the other."""
    return thread * SLOT_STRIDE * F.count


# --- entries for Python -----------------------------------------------------------------------------------------------

def py_seed_world(F: Core, w: cython.Py_ssize_t, world: cython.longlong) -> None:
    """:func:`seed_world` (the tests hold every kernel's dice to :class:`estoc.dice.KeyedDice` through these)."""
    seed_world(F, w, world)


def py_die(F: Core, w: cython.Py_ssize_t, purpose: cython.int, sides: cython.int) -> int:
    """:func:`die`: the next die of ``sides`` faces for ``purpose`` in the world at ``w``."""
    return die(F, w, purpose, sides, -1)


# --- dice ---------------------------------------------------------------------------------------------------------
# The small functions the rules call most come last, just before what the kernel includes next (its outcome) and its
# own rules: with the entries above placed after them instead, gcc laid the HARP duel out 17% slower (CPU time a
# fight, measured on the same machine in alternation with the code before the core).

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _u64(x: u64) -> u64:
    """``x`` kept on 64 bits: C's unsigned arithmetic wraps by itself (no instruction spent); the interpreted twin's
    Python integers are masked."""
    if not cython.compiled:
        x &= MASK
    return x


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _mix(x: u64) -> u64:
    """SplitMix64's finaliser (as :func:`estoc.dice.sources._mix`)."""
    x = _u64((x ^ (x >> 30)) * MIX_1)
    x = _u64((x ^ (x >> 27)) * MIX_2)
    return x ^ (x >> 31)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def keyed_face(stream: u64, k: u64, sides: cython.int) -> cython.int:
    """The ``k``-th die of ``sides`` faces of a keyed stream (``stream``: the world's base xor the purpose's salt),
    as :class:`estoc.dice.KeyedDice` draws it."""
    x: u64 = _mix(_u64(stream + _u64(k * GOLDEN)))
    return cython.cast(cython.int, (((x >> 32) * cython.cast(u64, sides)) >> 32) + 1)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def stream_of(F: Core, w: cython.Py_ssize_t, purpose: cython.int) -> u64:
    """The keyed stream of ``purpose`` in the world at ``w``."""
    base: u64 = F.base[w]
    salt: u64 = F.salts[purpose]
    if not cython.compiled:
        base, salt = int(base), int(salt)  # Python integers: exact, masked by _u64
    return base ^ salt


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def die(F: Core, w: cython.Py_ssize_t, purpose: cython.int, sides: cython.int, who: cython.Py_ssize_t) -> cython.int:
    """One die of ``sides`` faces for ``purpose`` in the world at ``w``, rolled by the combatant ``who`` (the one
    the rules have roll it: play may ask its player for the face; −1: nobody's): the keyed stream, or the play's
    source."""
    if F.keyed:
        k: u64 = F.counters[w, purpose]
        if not cython.compiled:
            k = int(k)
        F.counters[w, purpose] = _u64(k + 1)
        return keyed_face(stream_of(F, w, purpose), k, sides)
    return _source_face(F, purpose, sides, who)


@cython.cfunc
@cython.with_gil
@cython.exceptval(check=False)
def _source_face(F: Core, purpose: cython.int, sides: cython.int, who: cython.Py_ssize_t) -> cython.int:
    """A face from the play's dice source (with the GIL: kept apart so that the keyed path never takes it). An
    error is kept for the caller, who raises it once the kernel returns."""
    if F.error is not None:
        return 1
    try:
        return int(F.source.draw(sides, 1, PURPOSES[purpose], None, who)[0])  # noqa: F821 (the kernel's)
    except BaseException as exc:
        F.error = exc
        return 1


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def seed_world(F: Core, w: cython.Py_ssize_t, world: i64) -> cython.void:
    """The slot at ``w`` given the keyed dice of world ``world`` of the run (its index among the chunk's worlds;
    the stream is that of its index in the whole run, so that neither threads nor chunks change its fight)."""
    k: cython.Py_ssize_t
    for k in range(F.counters.shape[1]):
        F.counters[w, k] = 0
    F.base[w] = _mix(F.key ^ _u64(cython.cast(u64, F.first_world + world) * GOLDEN))


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def dice_drawn(F: Core, w: cython.Py_ssize_t) -> i64:
    """How many keyed dice the world at ``w`` has drawn, every purpose together."""
    total: i64 = 0
    k: cython.Py_ssize_t
    for k in range(F.counters.shape[1]):
        total += cython.cast(i64, F.counters[w, k])
    return total


# --- the play's log -------------------------------------------------------------------------------------------------

@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def emit(F: Core, kind: cython.int, a: i64, b: i64, c: i64, d: i64, e: i64, f: i64, g: i64, h: i64) -> cython.void:
    """One row of the play's log (nothing in simulation)."""
    if F.logging:
        _log_row(F, kind, a, b, c, d, e, f, g, h)


@cython.cfunc
@cython.with_gil
@cython.exceptval(check=False)
def _log_row(F: Core, kind: cython.int, a: i64, b: i64, c: i64, d: i64, e: i64, f: i64, g: i64, h: i64
             ) -> cython.void:
    F.log.append((kind, a, b, c, d, e, f, g, h))
