"""The command-line tests run gmtool's commands in this process: their saves skip the disk
flushes, as the action and screen tests' do (surviving a power cut is the store tests'
concern; the kill tests run gmtool in processes of its own, which flush as a GM's do)."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda _fd: None)
