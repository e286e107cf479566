"""A crash report: what the GM sends back when gmtool meets an error it did not expect.

The app never dies on data (a damaged file or a refused rule is shown where it happened), so
whatever still escapes is a bug. Its traceback, the gmtool version and the campaign's path go
to `crash-<time>.txt` in the campaign folder, where the GM finds it beside the files it is
about; nothing else of the campaign is touched. A folder that cannot be written gets the
report in the system's temporary folder instead.
"""

from __future__ import annotations

import os
import platform
import tempfile
import traceback
from datetime import datetime
from pathlib import Path

from gmtool import __version__

PREFIX = "crash-"


def report_text(error: BaseException, campaign: Path, when: datetime) -> str:
    lines = [
        f"gmtool {__version__} crashed at {when.isoformat(timespec='seconds')}",
        f"campaign: {campaign}",
        f"python {platform.python_version()} on {platform.platform()}",
        "",
        *traceback.format_exception(error),
    ]
    return "\n".join(line.rstrip("\n") for line in lines) + "\n"


def _write_new(folder: Path, stem: str, text: str) -> Path:
    """Write `text` to a new file `<stem>.txt` (or `<stem>-2.txt`, ...) in `folder`, never
    following a link nor replacing a file."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    for number in range(1, 100):
        path = folder / (f"{stem}.txt" if number == 1 else f"{stem}-{number}.txt")
        try:
            fd = os.open(path, flags, 0o644)
        except FileExistsError:
            continue
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        return path
    raise FileExistsError(f"{folder / stem}.txt")


def write_crash_report(campaign: Path, error: BaseException, when: datetime | None = None) -> Path:
    """Write the report and return where it went."""
    when = when or datetime.now()
    text = report_text(error, campaign, when)
    stem = PREFIX + when.strftime("%Y%m%d-%H%M%S")
    try:
        return _write_new(campaign, stem, text)
    except OSError:
        return _write_new(Path(tempfile.gettempdir()), f"gmtool-{stem}", text)
