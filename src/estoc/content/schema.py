"""JSON Schema of content files, for editors (one schema per kind)."""

from __future__ import annotations

from typing import Any

from estoc.content.loader import KINDS
from estoc.content.models.common import SCHEMA_VERSION

# Fields filled from CSV files on load are not written in YAML.
_FILLED = {"rows", "entries"}


def kind_schema(system: str, kind: str) -> dict[str, Any]:
    """The JSON Schema of a content file holding records of ``system``/``kind``."""
    spec = KINDS[(system, kind)]
    record = spec.model.model_json_schema(mode="validation")
    if spec.csv_field:
        record.get("properties", {}).pop(spec.csv_field, None)
    defs = record.pop("$defs", {})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"estoc {system}/{kind}",
        "type": "object",
        "additionalProperties": False,
        "required": ["system", "kind", "records"],
        "properties": {
            "schema_version": {"type": "integer", "minimum": 1, "maximum": SCHEMA_VERSION},
            "system": {"const": system},
            "kind": {"const": kind},
            "records": {"type": "array", "items": record},
        },
        "$defs": defs,
    }


def all_schemas() -> dict[str, dict[str, Any]]:
    """Every kind's schema, keyed ``system/kind``."""
    return {f"{s}/{k}": kind_schema(s, k) for s, k in sorted(KINDS)}
