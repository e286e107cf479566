"""Where the GM left off: the tab on screen when the app closed, so the campaign reopens there
(the open battle is kept by the battles' own index).

A file of its own (`view.state`, JSON inside; not named `.json`, so the checks and backups of
the campaign's data files pass it by), outside every action's journal and undo history: it is not
part of the game. It is replaced whole (a temporary file renamed over it) but not flushed to
disk: losing it to a power cut only reopens the first tab. A damaged or missing file reads as
nothing remembered.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from gmtool.rules.limits import MAX_NAME_CHARS

VIEW_FILE = "view.state"


def _path(folder: Path) -> Path:
    return folder / VIEW_FILE


def read_tab(folder: Path) -> str | None:
    """The tab id remembered for the campaign, or None (none, or a file that does not read)."""
    try:
        data = json.loads(_path(folder).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    tab = data.get("tab") if isinstance(data, dict) else None
    if isinstance(tab, str) and 0 < len(tab) <= MAX_NAME_CHARS and tab.isidentifier():
        return tab
    return None


def write_tab(folder: Path, tab_id: str) -> None:
    """Remember the tab on screen; a folder that cannot be written keeps what it had."""
    path = _path(folder)
    temporary = path.with_name(f".{VIEW_FILE}.tmp")
    try:
        temporary.write_text(json.dumps({"tab": tab_id}), encoding="utf-8")
        os.replace(temporary, path)
    except OSError:
        temporary.unlink(missing_ok=True)
