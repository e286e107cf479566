"""The rows under the Torga IV map: shared between the action panel and the status line so
that at 80x24 the map never gives up a row and the newest message is read whole.

At 80x24 the header, the map (12 rows and its border), the standing line and a three-row
footer leave two rows: the selected figure's line and a one-line message, or a message of
two lines alone (a shot and its result are rarely shorter). At 120x36 there is room for all.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text


def text_rows(text: str | Text, width: int, console: Console) -> int:
    """Rows the text takes wrapped at `width` (0 for no text)."""
    content = text if isinstance(text, Text) else Text(text)
    if not content.plain:
        return 0
    return len(content.wrap(console, max(width, 1)))


def share_rows(
    room: int, panel: int, status: int, panel_yields: bool, limit: int = 2
) -> tuple[int, int]:
    """(rows for the panel, rows for the status) out of `room`, each at most `limit`.

    The status keeps at least one row; a panel that may yield (the selected figure's line,
    which the roster and the standing line repeat) gives its rows to a long status first,
    otherwise the status is cut to what is left, and then the panel.
    """
    panel = min(panel, limit)
    status = min(max(status, 1), limit)
    if panel + status <= room:
        return panel, status
    if panel_yields:
        panel = max(0, room - status)
    if panel + status > room:
        status = max(1, room - panel)
    return max(0, min(panel, room - status)), status
