"""Content: models, loader, registry, schema export."""

from estoc.content.loader import KINDS, load_file
from estoc.content.registry import Content, load_content, load_folder, shipped_folder

__all__ = ["KINDS", "Content", "load_content", "load_file", "load_folder", "shipped_folder"]
