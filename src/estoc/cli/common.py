"""Helpers shared by the commands: loading content, printing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console

from estoc.content.registry import Content, load_content
from estoc.systems.harp.tables import HarpTables, compile_tables


def console() -> Console:
    return Console(highlight=False, soft_wrap=True)


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def harp_content(folders: list[Path]) -> tuple[Content, HarpTables]:
    content = load_content(folders)
    return content, compile_tables(content)
