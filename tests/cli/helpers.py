"""What the CLI tests share: run `gmtool` in-process and read what it printed."""

from __future__ import annotations

import pytest

from gmtool.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `gmtool ARGS...`."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err
