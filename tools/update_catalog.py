"""Bring the French catalog up to date with the strings of the source: new strings are added untranslated,
vanished ones are dropped. Run ``python tools/update_catalog.py`` then translate the empty entries."""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "estoc"
CATALOG = SOURCE / "i18n" / "locale" / "fr" / "LC_MESSAGES" / "estoc.po"
KEYWORDS = {"_": None, "ngettext": (1, 2)}
METHODS = [("**.py", "python"), ("**/templates/**.html", "jinja2.ext:babel_extract")]
"""The Python modules, and the web screen's Jinja2 templates (they call the same ``_`` and ``ngettext``)."""


def extract() -> Catalog:
    """Every translatable string of the package, templates included."""
    template = Catalog(project="estoc", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(SOURCE), method_map=METHODS, keywords=KEYWORDS):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def translated(string: object) -> bool:
    if isinstance(string, str):
        return bool(string)
    if isinstance(string, tuple | list):
        return all(bool(s) for s in string)
    return False


def main() -> int:
    template = extract()
    with CATALOG.open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    with CATALOG.open("wb") as handle:
        write_po(handle, catalog, width=110, omit_header=False, sort_output=True, include_lineno=False)
    missing = [m.id for m in catalog if m.id and not translated(m.string)]
    print(f"{len(catalog)} messages, {len(missing)} to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
