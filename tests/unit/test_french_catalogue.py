"""The French catalogue reads as one text: the same placeholders as the English, French typography (a space before
« : ; ? ! », inside guillemets, the straight apostrophe that the run-time elision writes), one word for one game
term, and no guessed gender after a combatant's name (« Ysolde est blessé » must not happen)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from estoc.i18n import _, elide, set_language

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "src" / "estoc" / "i18n" / "locale" / "fr" / "LC_MESSAGES" / "estoc.po"
FIELD = re.compile(r"\{[^{}]*\}")
URL = re.compile(r"https?://\S+")

SPACE = " \u00a0\u202f"
"""What may stand before a high punctuation mark: a space, a no-break space or a narrow one."""

NAMES = r"\{(?:who|d|a|target|defender|attacker|id|name|hero|first|other|current)\}"
GUESSED_GENDER = re.compile(NAMES + r" (?:n'est plus|n'est pas|est|reste|se retrouve) (?:blessé|mourant|las|épuisé|"
                            r"étourdi|inconscient|retiré|déplacé|prêt|seul|mort|secoué|désarmé|surpris)(?!\w)")
"""A name whose gender the catalogue cannot know, followed by an agreed past participle or adjective."""

WORDS = {
    "MdJ": "MJ",
    "dé de prouesse": "dé du destin",
    "dé de destin": "dé du destin",
    "dés de destin": "dés du destin",
    "Très Petite": "Très petite",
    "Refait": "Rétabli",
    "critique additionnel": "critique supplémentaire",
    "frappe le premier": "frappe en premier",
}
"""A word once found in the catalogue beside the one the rest of it uses for the same thing."""


def _entries() -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    with PO.open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    entries = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        entries.append((ids, strings))
    return entries


ENTRIES = _entries()


def _prose(text: str) -> str:
    """The text without its placeholders and addresses, whose colons are no punctuation."""
    return URL.sub("URL", FIELD.sub("X", text))


def test_the_catalogue_is_large_and_every_entry_is_translated() -> None:
    assert len(ENTRIES) > 1500
    for ids, strings in ENTRIES:
        assert len(strings) == (2 if len(ids) == 2 else 1), ids
        assert all(s.strip() for s in strings), f"untranslated: {ids[0]!r}"


def test_every_translation_keeps_the_placeholders_of_its_source() -> None:
    for ids, strings in ENTRIES:
        for k, text in enumerate(strings):
            source = ids[min(k, len(ids) - 1)]
            assert set(FIELD.findall(text)) == set(FIELD.findall(source)), (source, text)


@pytest.mark.parametrize("mark", [":", ";", "?", "!"])
def test_a_space_comes_before_a_high_punctuation_mark(mark: str) -> None:
    # « ID:A », « weapon:N », « (missile:) » and « {file}:{line} » are typed or read by a program, not punctuation.
    glued = re.compile(rf"[^{SPACE}]{re.escape(mark)}(?=[\s)]|$)")
    faults = [text for _ids, strings in ENTRIES for text in strings
              if glued.search(_prose(text).replace("(missile:)", "").replace("X:X", ""))]
    assert not faults, faults[:5]


def test_guillemets_hold_a_space_inside() -> None:
    for _ids, strings in ENTRIES:
        for text in strings:
            assert not re.search(rf"«[^{SPACE}]|[^{SPACE}]»", text), text
            assert "“" not in text and "”" not in text, text


def test_the_apostrophe_is_the_straight_one_that_elision_writes() -> None:
    faults = [text for _ids, strings in ENTRIES for text in strings if "’" in text]
    assert not faults, faults[:5]
    # Elision is done at run time: a translation writes « de {who} », never « d'{who} » (« d'Bouclier rond »).
    faults = [text for _ids, strings in ENTRIES for text in strings if re.search(r"\b[dlqnsDLQNS]u?'\{", text)]
    assert not faults, faults[:5]


def test_one_word_for_one_game_term() -> None:
    for _ids, strings in ENTRIES:
        for text in strings:
            for wrong, right in WORDS.items():
                assert not re.search(rf"\b{re.escape(wrong)}\b", text), (
                    f"{wrong!r} (the catalogue says {right!r}): {text}")


def test_no_gender_is_guessed_after_a_combatant_name() -> None:
    faults = [text for _ids, strings in ENTRIES for text in strings if GUESSED_GENDER.search(text)]
    assert not faults, faults[:5]


def test_the_french_catalogue_is_read_at_run_time_with_its_elision() -> None:
    try:
        set_language("fr")
        assert _("GM: {who} is dying.").format(who="Ysolde") == "MJ : Ysolde est à l'agonie."
        assert elide(_("A piercing blow: {d} is wounded.").format(d="orque-1")) == (
            "Coup perforant : orque-1 subit une blessure.")
        assert elide(_("Now round {round}, {current}'s turn.").format(round=2, current="orc-soldat-1")) == (
            "Maintenant round 2, au tour d'orc-soldat-1.")
    finally:
        set_language(None)
