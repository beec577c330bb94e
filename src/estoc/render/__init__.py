"""Renderers: events as text in the user's language."""
