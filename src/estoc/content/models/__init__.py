"""Content models (pydantic)."""
