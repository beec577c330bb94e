"""What a d100 combatant may do, said once by the kernel (``allowed``): play refuses first aid, reloading and a blow
with the kernel's code in the GM's words, and the default policy decides through the same function. Also: the
kernel's tables of codes, read by Python rather than mirrored."""

from __future__ import annotations

from typing import Any

import pytest
from test_d100_kernel import new_fight, run

from estoc.content.registry import Content
from estoc.engine.compiled import load_kernel, load_twin
from estoc.errors import RulesError
from estoc.systems.d100 import refusals, rules, told
from estoc.systems.d100.codes import KERNEL_NAME, action, codes
from estoc.systems.d100.exchange import DEFENCE_CODES
from estoc.systems.d100.fight import PHASES, D100Fight
from estoc.systems.d100.worlds import array, kernel_of


def test_the_tables_of_codes_name_each_code_once() -> None:
    compiled, twin = load_kernel(KERNEL_NAME), load_twin(KERNEL_NAME)
    tables = compiled.py_codes()
    assert tables == twin.py_codes()
    for table, ordered in (("actions", compiled.ACTIONS), ("reasons", compiled.REASONS),
                           ("purposes", compiled.PURPOSES)):
        assert {name: ordered.index(name) for name in ordered} == tables[table], table
    for table, values in tables.items():
        if table != "rules":
            assert len(set(values.values())) == len(values), table
    # Python's names are the kernel's, in the kernel's order
    assert list(rules.QUALITY_NAMES) == sorted(tables["qualities"], key=tables["qualities"].__getitem__)
    assert (
        tables["qualities"]["special"], tables["qualities"]["success"], tables["results"]["hit"],
        tables["results"]["special"]) == (rules.SPECIAL, rules.SUCCESS, rules.HIT, rules.SPECIAL_HIT)
    assert list(PHASES) == ["movement", "actions", "over"]
    assert dict(DEFENCE_CODES) == {k: v for k, v in tables["defences"].items() if k != "best"}
    assert set(refusals.WORDS) == set(compiled.REASONS) - {"ok"}
    assert sorted(tables["logs"].values()) == list(range(1, len(tables["logs"]) + 1))
    assert set(told.LOG_NAMES) == set(tables["logs"])  # the teller reads every row kind
    with pytest.raises(AttributeError):
        _ = rules.NOT_A_CODE  # type: ignore[attr-defined]


def _refused(fight: D100Fight, event: dict[str, Any], expected: str, chosen: tuple[int, int, int, int]) -> None:
    actor = fight.current()
    assert actor is not None
    code, limit = refusals.why(fight, actor, chosen)
    assert refusals.REASONS.name(code) == expected
    with pytest.raises(RulesError) as refused:
        run(fight, event)
    assert str(refused.value) == refusals.words(fight, actor, chosen, code, limit)


def test_play_refuses_with_the_kernels_codes(content: Content) -> None:
    fight = new_fight(content, [{"character": "mathis"}, {"character": "odon"}], [{"character": "gorm"}])
    mathis, odon, gorm = (fight.index(who) for who in ("mathis", "odon", "gorm"))
    moved = fight.copy()
    run(fight, {"type": "actions"})
    while fight.current() != mathis:
        run(fight, {"type": "pass"})
    _refused(fight, {"type": "first-aid", "target": "odon"}, "no-wound", (action("first-aid"), odon, 0, -1))
    _refused(fight, {"type": "attack", "target": "odon"}, "same-side", (action("attack"), odon, 0, 0))
    sword = next(s for s, use in enumerate(fight.combatants[mathis].weapons) if not use.record.reload_rounds)
    _refused(fight, {"type": "reload", "weapon": sword + 1}, "no-reload", (action("reload"), -1, sword, 0))
    array(fight.F, "loaded")[0, mathis, 0] = 0
    _refused(fight, {"type": "attack", "target": "gorm", "weapon": 1}, "not-loaded", (action("attack"), gorm, 0, 0))
    # the policy reloads it: the same code, read by ``decide``
    assert kernel_of(fight.F).py_decide(fight.F, 0, mathis)[:3] == (action("reload"), gorm, 0)
    array(fight.F, "loaded")[0, mathis, 0] = 1
    array(fight.F, "reload_until")[0, mathis, 0] = fight.round + 1
    _refused(fight, {"type": "attack", "target": "gorm", "weapon": 1}, "reloading", (action("attack"), gorm, 0, 0))
    run(moved, {"type": "gm", "op": "damage", "target": "odon", "value": 3})
    run(moved, {"type": "move", "target": "mathis", "metres": 2})
    run(moved, {"type": "actions"})
    while moved.current() != mathis:
        run(moved, {"type": "pass"})
    _refused(moved, {"type": "first-aid", "target": "odon"}, "moved", (action("first-aid"), odon, 0, -1))
    _refused(moved, {"type": "first-aid", "target": "odon", "wound": 3}, "moved", (action("first-aid"), odon, 0, 2))


def test_first_aid_names_the_wound_the_kernel_picks(content: Content) -> None:
    """With no wound named, first aid treats the worst not yet treated (the kernel's ``worst_wound``, the policy's
    too); a wound treated once is refused."""
    fight = new_fight(content, [{"character": "mathis"}, {"character": "odon"}], [{"character": "gorm"}])
    mathis, odon = fight.index("mathis"), fight.index("odon")
    for damage in (2, 5, 3):
        run(fight, {"type": "gm", "op": "damage", "target": "odon", "value": damage})
    assert kernel_of(fight.F).py_worst_wound(fight.F, 0, odon) == 1
    run(fight, {"type": "actions"})
    while fight.current() != mathis:
        run(fight, {"type": "pass"})
    treated = fight.copy()
    records = run(treated, {"type": "first-aid", "target": "odon"}, first_aid=[95])
    aid = next(r for r in records if r["kind"] == "first-aid")
    assert aid["wound"] == 2 and aid["target"] == "odon"  # the 5-point wound (the second, 1-based)
    assert list(array(treated.F, "treated")[0, odon, :3]) == [0, 1, 0]
    _refused(fight, {"type": "first-aid", "target": "odon", "wound": 9}, "no-such-wound",
             (action("first-aid"), odon, 0, 8))
    assert codes()["reasons"]["ok"] == 0


def test_the_sheets_default_defence_is_the_kernels() -> None:
    """``BEST`` (a module constant the odds panel reads when it loads) is the kernel's ``D_BEST``."""
    from estoc.engine.compiled import load_twin
    from estoc.systems.d100.codes import KernelTable
    from estoc.systems.d100.sheet import BEST, ITEM_SHIELD

    twin = load_twin("estoc.systems.d100.kernel")
    assert BEST == KernelTable("defences")["best"] == twin.D_BEST
    assert ITEM_SHIELD == twin.ITEM_SHIELD
