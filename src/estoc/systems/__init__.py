"""Rule systems."""
