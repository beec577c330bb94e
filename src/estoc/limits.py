"""Numbers every room bounds its inputs by, defined once, below them all (it imports nothing): the content models
check files against them, the engine checks typed numbers and events.
"""

KERNEL_LIMIT = (1 << 30) - 1
"""The largest number the kernels' 32-bit integers hold with room for a round's sums (their ``_check_fits``): the
ceiling of every number content or a command gives them."""
