"""Typing of the compiled HARP kernel's Python entry points (mypy does not read Cython's types; see kernel.py)."""

from typing import Any

COMPILED: bool
PURPOSES: tuple[str, ...]
ACTIONS: tuple[str, ...]
REASONS: tuple[str, ...]


class Fights:
    """W worlds of one encounter (see kernel.py): arrays are typed memoryviews, read as NumPy views."""

    cells: Any
    table_rows: int
    rows_dim: int
    limits: Any
    knocks: Any
    crit_fx: Any
    slaying: Any
    fumble_fx: Any
    fumble_lost: Any
    man_lows: Any
    man_bonus: Any
    man_percent: Any
    pos_value: Any
    pos_group: Any
    pos_when: Any
    pos_situations: int
    init_by_situation: Any
    init_value: Any
    init_when: Any
    count: int
    width: int
    side: Any
    hp_max: Any
    body_rr: Any
    db: Any
    armour_type: Any
    crit_reduction: Any
    hits_factor: Any
    size_rank: Any
    quickness: Any
    intuition: Any
    agility: Any
    usual_parry: Any
    main_strike: Any
    worth: Any
    fell: Any
    guard: Any
    guard_dodge: Any
    guard_company: Any
    beast: Any
    sunlight: Any
    stun_immune: Any
    bleed_immune: Any
    strikes: Any
    ob: Any
    table: Any
    size: Any
    fumble: Any
    critical: Any
    extra_table: Any
    extra_severity: Any
    natural: Any
    single: Any
    braced: Any
    missile: Any
    unregen: Any
    venom_level: Any
    venom_rounds: Any
    venom_hits: Any
    venom_penalty: Any
    rng_inc: Any
    rng_max: Any
    pb_range: Any
    pb_mod: Any
    hampered: Any
    distance0: Any
    cover_melee0: Any
    cover_missile0: Any
    regenerates: Any
    shield_db: Any
    shield_covers: Any
    shield_arc: Any
    offhand_db: Any
    perception: Any
    mount: Any
    rider: Any
    armour_penalty: Any
    base_movement: Any
    beyond: int
    fight_mod: Any
    full_sun: int
    surprised_side: int
    surprise_roll: int
    beasts_flee: int
    rnd: Any
    turn: Any
    norder: Any
    order: Any
    surprised: Any
    surprise_round: Any
    hp: Any
    penalty: Any
    bleed: Any
    stun_until: Any
    stun_since: Any
    shaken: Any
    must_parry_until: Any
    no_parry_until: Any
    lost_until: Any
    dying_round: Any
    down: Any
    dead: Any
    prone: Any
    disarmed: Any
    steady: Any
    present: Any
    parry_vs: Any
    parry_bonus: Any
    dodge: Any
    charge_db: Any
    initiative: Any
    acted: Any
    started: Any
    automatic: Any
    intercepting: Any
    disengage_foe: Any
    disengage_hit: Any
    shield_used: Any
    unregen_hits: Any
    distance: Any
    cover_melee: Any
    cover_missile: Any
    struck_close: Any
    venom_in: Any
    venom_left: Any
    venom_from: Any
    venom_rolled: Any
    next_mod: Any
    init_declared: Any
    init_mods: Any
    blow_positions: Any
    blow_dir: Any
    parry_foes: Any
    uses: Any
    dealt: Any
    taken: Any
    crits_dealt: Any
    crits_taken: Any
    downed: Any
    acted_rounds: Any
    uses0: Any
    fight_mod0: int
    key: int
    first_world: int
    out_winner: Any
    out_rounds: Any
    out_hp: Any
    out_state: Any
    out_dealt: Any
    out_taken: Any
    out_crits: Any
    out_dice: Any
    keyed: int
    base: Any
    salts: Any
    counters: Any
    logging: int
    source: Any
    error: BaseException | None
    log: list[tuple[int, ...]]

    def __init__(self) -> None: ...


def play_all(F: Fights, worlds: int, max_rounds: int, threads: int) -> None: ...
# the shared core's entries (estoc.engine.kcore, included in every kernel)
def check_run(F: Fights, worlds: int, threads: int) -> None: ...
def py_seed_world(F: Fights, w: int, world: int) -> None: ...
def py_die(F: Fights, w: int, purpose: int, sides: int) -> int: ...
def py_advance(F: Fights, w: int, max_rounds: int) -> int: ...
def py_begin(F: Fights, w: int) -> None: ...
def py_decide(F: Fights, w: int, c: int) -> tuple[int, ...]: ...
def py_attack(F: Fights, w: int, a: int, t: int, s: int, parry: int, parried: int, ob_mod: int) -> None: ...
def py_strike(F: Fights, w: int, a: int, t: int, s: int, ob_mod: int) -> int: ...
def py_total_parry(F: Fights, w: int, a: int, t: int) -> None: ...
def py_breathe(F: Fights, w: int, a: int, s: int, targets: list[int]) -> None: ...
def py_dodge(F: Fights, w: int, a: int) -> None: ...
def py_instinctive_dodge(F: Fights, w: int, a: int) -> int: ...
def py_charge(F: Fights, w: int, a: int, t: int, s: int, seen: bool, ob_mod: int) -> None: ...
def py_disengage(F: Fights, w: int, a: int, t: int, amount: int) -> None: ...
def py_act(F: Fights, w: int, a: int, decision: tuple[int, ...]) -> None: ...
def py_initiative_bonus(F: Fights, w: int, c: int) -> int: ...
def py_exchange(F: Fights, w: int, a: int, t: int, s: int, parry: int, mod: int
                ) -> tuple[int, int, int, int, bool]: ...
def py_take_hits(F: Fights, w: int, c: int, hits: int) -> None: ...
def py_read_result(F: Fights, table: int, size: int, armour: int, hits_factor: int, reduction: int, extra: int,
                   extra_fixed: int, result: int, opened: bool) -> tuple[int, ...]: ...
def py_fell_chance(share: int) -> int: ...
def py_stun_difficulty(rounds: int) -> int: ...
def py_can_shoot(F: Fights, w: int, a: int, s: int, t: int) -> bool: ...
def py_flags(F: Fights, w: int, c: int) -> tuple[bool, bool, bool, bool, int]: ...
def py_sides_standing(F: Fights, w: int) -> int: ...
def py_winner(F: Fights, w: int) -> int: ...
def py_allowed(F: Fights, w: int, c: int, decision: tuple[int, ...]) -> tuple[int, int]: ...
def py_pinned_from(F: Fights, w: int, c: int) -> int: ...
def py_charge_strike(F: Fights, c: int) -> int: ...
def py_disengage_floor(F: Fights, w: int, c: int) -> int: ...
def py_target_refused(F: Fights, w: int, c: int, t: int) -> int: ...
def py_codes() -> dict[str, dict[str, int]]: ...
def py_range_modifier(F: Fights, a: int, s: int, d: int) -> int: ...
