"""Small encounter files the tests share."""

DUO = """\
schema_version: 1
system: tor
kind: encounter
name: {fr: Deux contre trois, en: Two against three}
heroes:
  - {hero: aldric-de-bree, stance: defensive}
  - {hero: grani-barbe-grise, stance: defensive}
adversaries:
  - {adversary: orc-soldat, count: 3}
"""
"""Two defensive heroes (Aldric with Counter-attack) against three orcs: a small One Ring study."""
