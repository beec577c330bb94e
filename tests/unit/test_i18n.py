"""Every string a user reads has its French translation, with the same placeholders."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

from babel.messages.pofile import read_po

from estoc.i18n import _, language, ngettext, set_language

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "src" / "estoc" / "i18n" / "locale" / "fr" / "LC_MESSAGES" / "estoc.po"
FIELD = re.compile(r"\{[^{}]*\}")


def _extract() -> set[str]:
    spec = importlib.util.spec_from_file_location("update_catalog", ROOT / "tools" / "update_catalog.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["update_catalog"] = module
    spec.loader.exec_module(module)
    return {m.id if isinstance(m.id, str) else m.id[0] for m in module.extract() if m.id}


def test_every_source_string_is_translated() -> None:
    with PO.open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    translated = {}
    for message in catalog:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        translated[key] = (message.id, strings)
    missing = sorted(_extract() - {k for k, (_, s) in translated.items() if all(s)})
    assert not missing, f"untranslated: {missing[:10]}"
    for key, (_ids, strings) in translated.items():
        fields = set(FIELD.findall(key))
        for text in strings:
            assert set(FIELD.findall(text)) == fields, key


def test_language_choice(monkeypatch: object) -> None:
    import pytest

    mp = pytest.MonkeyPatch()
    try:
        set_language(None)
        mp.setenv("ESTOC_LANG", "fr")
        assert language() == "fr"
        mp.setenv("ESTOC_LANG", "")
        mp.setenv("LC_ALL", "fr_FR.UTF-8")
        assert language() == "fr"
        mp.setenv("LC_ALL", "de_DE.UTF-8")
        mp.setenv("LANG", "C")
        mp.delenv("LC_MESSAGES", raising=False)
        mp.delenv("LANGUAGE", raising=False)
        assert language() == "en"
        set_language("fr")
        assert _("Missed.") == "Raté."
        assert ngettext("Total: {n} hit.", "Total: {n} hits.", 1) == "Total : {n} point de dégâts."
        assert ngettext("Total: {n} hit.", "Total: {n} hits.", 3) == "Total : {n} points de dégâts."
    finally:
        mp.undo()
        set_language("en")
