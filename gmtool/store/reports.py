"""Battle reports saved under the campaign: `reports/<battle id>.md`, Markdown a GM can keep,
print or share. Written atomically; inside an action's transaction the write is part of its
commit (the battle's ending step and its report are saved together or not at all)."""

from __future__ import annotations

from pathlib import Path

from gmtool.store.atomic import atomic_write_bytes
from gmtool.store.battles import battle_id_check
from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError

REPORT_FOLDER = "reports"


def report_path(campaign: Campaign, battle_id: str) -> Path:
    return campaign.folder / REPORT_FOLDER / f"{battle_id_check(battle_id)}.md"


def write_report(campaign: Campaign, battle_id: str, text: str) -> Path:
    """Save the report; its path. StoreError naming the file if it cannot be written."""
    if campaign.readonly:
        raise StoreError(f"campaign {campaign.folder} is open read-only: no report was saved")
    path = report_path(campaign, battle_id)
    try:
        atomic_write_bytes(path, text.encode("utf-8"))
    except OSError as exc:
        raise StoreError(f"{path}: the battle report cannot be written ({exc.strerror})") from None
    return path


def session_report_path(campaign: Campaign, session_id: int, *, players: bool = False) -> Path:
    """`reports/session-<n>.md`, and `reports/session-<n>-players.md` for the players' cut."""
    suffix = "-players" if players else ""
    return campaign.folder / REPORT_FOLDER / f"session-{int(session_id)}{suffix}.md"


def write_session_recap(campaign: Campaign, session_id: int, text: str, *, players: bool) -> Path:
    """Save a session's recap; its path. StoreError naming the file if it cannot be written."""
    if campaign.readonly:
        raise StoreError(f"campaign {campaign.folder} is open read-only: no recap was saved")
    path = session_report_path(campaign, session_id, players=players)
    try:
        atomic_write_bytes(path, text.encode("utf-8"))
    except OSError as exc:
        raise StoreError(f"{path}: the session recap cannot be written ({exc.strerror})") from None
    return path
