"""Every text of the web templates has its French translation (the catalogue test reads Python files only)."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "src" / "estoc" / "web" / "templates"
PO = ROOT / "src" / "estoc" / "i18n" / "locale" / "fr" / "LC_MESSAGES" / "estoc.po"
CALL = re.compile(r"""_\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*\)""")


def template_messages() -> set[str]:
    found: set[str] = set()
    for path in TEMPLATES.glob("*.html"):
        for match in CALL.finditer(path.read_text(encoding="utf-8")):
            found.add(match.group(1) if match.group(1) is not None else match.group(2))
    return found


def test_template_texts_are_translated() -> None:
    with PO.open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    translated = {m.id for m in catalog if m.id and isinstance(m.id, str) and m.string}
    messages = template_messages()
    assert len(messages) > 20
    missing = sorted(messages - translated)
    assert not missing, f"untranslated: {missing}"
