"""Typing of the compiled One Ring kernel's Python entry points (mypy does not read Cython's types; see kernel.py)."""

from typing import Any

COMPILED: bool
PURPOSES: tuple[str, ...]
STANCES: tuple[str, ...]
PHASES: tuple[str, ...]
SPECIALS: tuple[str, ...]


class Fights:
    """W worlds of one encounter (see kernel.py): arrays are typed memoryviews, read as NumPy views."""

    count: int
    heroes: int
    width: int
    side: Any
    corps: Any
    corps_tn: Any
    parry0: Any
    protection0: Any
    endurance_max: Any
    might: Any
    valour: Any
    songs0: Any
    hope_max: Any
    load0: Any
    helm_prot: Any
    helm_load: Any
    has_helm: Any
    shield_parry: Any
    shield_load: Any
    has_shield: Any
    stance0: Any
    complication0: Any
    weapons: Any
    rating: Any
    damage: Any
    injury: Any
    ranged: Any
    two_handed: Any
    pierce: Any
    fend: Any
    bash: Any
    wload: Any
    kin: Any
    skill: Any
    task_tn: Any
    plan: Any
    nplan: Any
    hope_use: Any
    aim: Any
    tasks_on: Any
    load_on: int
    volleys: int
    fatal: int
    rear_free: int
    hope_on: int
    rnd: Any
    phase: Any
    turn: Any
    norder: Any
    order: Any
    waiting: Any
    last_target: Any
    last_lost: Any
    last_round: Any
    rally: Any
    rally_next: Any
    endurance: Any
    wounds: Any
    dying: Any
    hope: Any
    stance: Any
    songs: Any
    dropped: Any
    complication: Any
    regain: Any
    challenge: Any
    next_dice: Any
    sneak_dice: Any
    lasting_dice: Any
    shot: Any
    back: Any
    protector: Any
    protected_dice: Any
    protected_left: Any
    yielded: Any
    up: Any
    foes: Any
    links: Any
    load: Any
    alive: Any
    parry: Any
    dice: Any
    weary: Any
    held: Any
    holding: Any
    counter_left: Any
    counter_wound: Any
    counter_ill: Any
    skirmish: Any
    two_weapons: Any
    secondary: Any
    engaged: Any
    dealt: Any
    taken: Any
    wounds_dealt: Any
    downed: Any
    tasks_done: Any
    hope_spent: Any
    tried: Any
    worked: Any
    key: int
    first_world: int
    out_winner: Any
    out_rounds: Any
    out_over: Any
    out_state: Any
    out_dealt: Any
    out_taken: Any
    out_wounds: Any
    out_tried: Any
    out_worked: Any
    chance: Any
    out_dice: Any
    keyed: int
    base: Any
    salts: Any
    counters: Any
    source: Any
    error: Any
    logging: int
    log: list[Any]

    def __init__(self) -> None: ...


def play_all(F: Fights, worlds: int, max_rounds: int, threads: int) -> None: ...
# the shared core's entries (estoc.engine.kcore, included in every kernel)
def check_run(F: Fights, worlds: int, threads: int) -> None: ...
def py_seed_world(F: Fights, w: int, world: int) -> None: ...
def py_die(F: Fights, w: int, purpose: int, sides: int) -> int: ...
def py_fresh(F: Fights, w: int) -> None: ...
def py_new_round(F: Fights, w: int) -> None: ...
def py_begin_resolution(F: Fights, w: int) -> None: ...
def py_next_turn(F: Fights, w: int) -> None: ...
def py_attack(F: Fights, w: int, c: int, t: int, s: int, special: int, hope: bool) -> None: ...
def py_exchange(F: Fights, w: int, c: int, t: int, s: int,
                hope: bool) -> tuple[int, int, int, bool, int, bool, bool, int, bool]: ...
def py_next_volley(F: Fights, w: int) -> tuple[int, int, int]: ...
def py_leaves_rear(F: Fights, w: int) -> int: ...
def py_task(F: Fights, w: int, c: int, k: int, target: int, weapon: int, item: int, flags: int, hope: bool) -> None: ...
def py_yield(F: Fights, w: int, h: int) -> int: ...
def py_may_yield(F: Fights, w: int) -> int: ...
def py_wants_yield(F: Fights, w: int) -> int: ...
def py_decide(F: Fights, w: int, c: int) -> tuple[int, ...]: ...
def py_change_stance(F: Fights, w: int, c: int, s: int) -> None: ...
def py_engage(F: Fights, w: int, h: int, a: int) -> None: ...
def py_release(F: Fights, w: int, h: int) -> None: ...
def py_severity_rolled(F: Fights, w: int, t: int) -> bool: ...
def py_wound_dying(F: Fights, w: int, t: int, face: int) -> bool: ...
def py_standing(F: Fights, w: int, c: int) -> bool: ...
def py_settle(F: Fights, w: int, c: int, out: bool) -> None: ...
def py_loaded(F: Fights, w: int, c: int) -> bool: ...
def py_weary(F: Fights, w: int, c: int) -> bool: ...
def py_load(F: Fights, w: int, c: int) -> int: ...
def py_set_dropped(F: Fights, w: int, c: int, bits: int) -> None: ...
def py_bow(F: Fights, w: int, c: int) -> int: ...
def py_main_weapon(F: Fights, w: int, c: int) -> int: ...
def py_off_hand(F: Fights, w: int, c: int) -> int: ...
def py_winner(F: Fights, w: int) -> int: ...
def py_sides_standing(F: Fights, w: int) -> int: ...
def py_current(F: Fights, w: int) -> int: ...
def py_end_round(F: Fights, w: int) -> None: ...
def py_blow(F: Fights, c: int, s: int, special: int, face: int, total: int, sixes: int,
            tn: int) -> tuple[bool, int, int, int, bool]: ...
def py_reaches(face: int, total: int, tn: int) -> bool: ...
def py_kept_feat(face: int, other: int, favoured: bool) -> int: ...
def py_feat_value(face: int) -> int: ...
def py_success_value(face: int, weary: bool) -> int: ...
def py_allowed(F: Fights, w: int, c: int, kind: int, target: int = ..., weapon: int = ..., task: int = ...,
               special: int = ..., item: int = ..., flags: int = ..., hope: bool = ...) -> int: ...
def py_chooser(F: Fights, w: int) -> int: ...
def py_rear_open(F: Fights, w: int) -> bool: ...
def py_task_stance(k: int) -> int: ...
def py_is_secondary(k: int) -> bool: ...
def py_codes() -> dict[str, int]: ...
