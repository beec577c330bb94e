"""The d100 kernel's codes and rule numbers, read from the kernel (``py_codes``), never kept here by hand.

Actions, reasons for a refusal (:func:`estoc.systems.d100.kernel.allowed`), the qualities of a roll, the results of
a blow, the defences, the phases, a simulated world's outcome flags and the rules' numbers are each defined once, in
the kernel; Python asks for them when it first needs them (the compiled kernel's ``const`` values exist only in C,
and loading the kernel waits for the first fight, so that a stale build is reported there, in one line).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import overload

from estoc.engine.compiled import load_kernel

Table = dict[str, int]
KERNEL_NAME = "estoc.systems.d100.kernel"


@cache
def codes() -> dict[str, Table]:
    """Every table of the kernel's codes, by name (``actions``, ``reasons``, ``purposes``, ``qualities``,
    ``results``, ``defences``, ``items``, ``phases``, ``outcomes``, ``rules``)."""
    return load_kernel(KERNEL_NAME).py_codes()  # type: ignore[no-any-return]


class KernelTable(Mapping[str, int]):
    """One table of the kernel's codes, name → code, read from the kernel on first use."""

    def __init__(self, table: str, *, without: tuple[str, ...] = ()) -> None:
        self.table, self.without = table, without

    def _codes(self) -> dict[str, int]:
        return {k: v for k, v in codes()[self.table].items() if k not in self.without}

    def __getitem__(self, name: str) -> int:
        return self._codes()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._codes())

    def __len__(self) -> int:
        return len(self._codes())

    def name(self, code: int) -> str:
        """The name of ``code`` (``"unknown"`` for none)."""
        return next((k for k, v in self._codes().items() if v == code), "unknown")


class KernelNames(Sequence[str]):
    """A table's names in the order of their codes (codes 0, 1, 2…): ``NAMES[code]``."""

    def __init__(self, table: KernelTable) -> None:
        self.table = table

    def _names(self) -> list[str]:
        return [name for name, _code in sorted(self.table.items(), key=lambda item: item[1]) if _code >= 0]

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self._names()[index]

    def __len__(self) -> int:
        return len(self._names())


def action(name: str) -> int:
    """An action's code (``"first-aid"`` → ``A_FIRST_AID``)."""
    return codes()["actions"][name]


def rule(name: str) -> int:
    """A rule's number (``"FULL_MOVE"`` → 30)."""
    return codes()["rules"][name]
