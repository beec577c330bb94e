"""``python -m estoc``: the same as the ``estoc`` command."""

from estoc.cli import main

main()
