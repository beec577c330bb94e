"""Play: the GM's tracker, its event store, its commands."""
