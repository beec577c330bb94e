"""One error hierarchy for estoc.

Every error a user can provoke is an :class:`EstocError`. Each carries the exit code the command line uses and a
message already translated into the user's language (messages are built with :func:`estoc.i18n._` at raise time).
"""

from __future__ import annotations


class EstocError(Exception):
    """Base of every error estoc reports to a user."""

    exit_code = 1

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class InputError(EstocError):
    """Bad input from the user: an option, a value, a typed die."""

    exit_code = 2


class DiceError(InputError):
    """A die face out of range, missing faces, faces left unused."""


class ContentError(InputError):
    """A content file that cannot be read or does not validate.

    Attributes:
        problems: one ``file:line: field: message`` line per problem found.
    """

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


class UnknownIdError(InputError):
    """A content id (weapon, table, armour…) that the registry does not hold."""


class RulesError(EstocError):
    """An action the rules do not allow (a charge shorter than 3 m, a shot beyond maximum range…)."""

    exit_code = 2


class StoreError(InputError):
    """The event store cannot be used: not an estoc store, from a newer estoc, damaged, busy, or an unknown fight."""


class KernelError(EstocError):
    """A rule system's compiled kernel cannot be used: not built, or built from another version of its source."""
