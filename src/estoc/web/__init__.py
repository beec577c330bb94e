"""The GM's screen and the players' view in the browser (``estoc serve``): a Starlette application over the same
tracker, store and events as the terminal session."""
