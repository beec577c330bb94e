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


AUDIT_YAML = {
    "tor-duo": DUO,
    "tor-gue-double": """\
schema_version: 1
system: tor
kind: encounter
name: {fr: "Le gué, deux fois plus d'orques", en: The ford with twice the orcs}
heroes:
  - {hero: eirik-de-dale, stance: forward}
  - {hero: grani-barbe-grise, stance: defensive}
  - {hero: faelwen-de-lindon, stance: rearward}
  - {hero: maelor-le-rodeur, stance: open}
  - {hero: aldric-de-bree, stance: defensive}
adversaries:
  - {adversary: orc-soldat, count: 12}
  - adversary: orc-archer
  - adversary: chef-orque
""",
    "tor-avant-garde": """\
schema_version: 1
system: tor
kind: encounter
name: {fr: L'avant-garde, en: The vanguard}
heroes:
  - {hero: eirik-de-dale, stance: forward}
  - {hero: maelor-le-rodeur, stance: forward}
adversaries:
  - {adversary: orc-soldat, count: 4}
""",
    "harp-troll": """\
schema_version: 1
system: harp
kind: encounter
name: {fr: Dafur et le troll, en: Dafur and the troll}
sides:
  - id: heros
    name: {fr: Dafur, en: Dafur}
    members:
      - hero: dafur
  - id: troll
    name: {fr: Le troll, en: The troll}
    members:
      - creature: troll-des-collines
""",
    "d100-duel": """\
schema_version: 1
system: d100
kind: encounter
name: {fr: Brok contre Gorm, en: Brok against Gorm}
sides:
  - id: brok
    name: {fr: Brok, en: Brok}
    members:
      - character: brok
  - id: gorm
    name: {fr: Gorm, en: Gorm}
    members:
      - character: gorm
""",
}
"""Audit-style encounters (the kind the issues' probes played): the default policy is measured on them beside the
samples (``bench/bench_policy.py``)."""


def _setups() -> dict[str, dict[str, object]]:
    from ruamel.yaml import YAML  # the tests' own reading of their texts

    return {name: YAML(typ="safe").load(text) for name, text in AUDIT_YAML.items()}


AUDIT = _setups()
