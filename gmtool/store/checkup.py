"""Which files of a campaign are damaged: one look over the folder, changing nothing.

`damaged_files(folder)` checks every data file of the campaign (what `backups.data_files`
lists: campaign.json, battles.json, trackers/**, battles/*, rosters/*, log/*, ...; not
backups/ and not temporary dot-files) with the store's own check (`atomic.file_problem`: the
file reads as a JSON object of tables, each a JSON object of documents) and returns a
`CampaignCorrupt` for each damaged one, naming its newest good backup. The app calls it just
after its first frame, so it must stay cheap as a campaign grows:

- every file is read and checked in full, except the sealed chunks of the chunked histories
  (`log/rolls-NNNNN.json` and the like below the newest of each history). A campaign of
  100,000 rolls has 200 of them, about 24 MB that take 0.25-0.4 s to parse, and they never
  change once sealed (only an undo reaching back rewrites one, atomically).
- a sealed chunk gets a quick look instead: it must begin as the document its history
  writes (`{"rolls": {`) and end closed (`}}}`), which catches an empty, cut-off or replaced
  file. A sealed chunk that fails the quick look is then checked in full, so the quick look
  never names a good file as damaged and every reason comes from the store's own check.
  What it cannot see is damage inside a chunk that leaves both ends whole; the store still
  refuses such a chunk, naming its good backup, when it is read, and `thorough=True` reads
  every chunk in full.
"""

from __future__ import annotations

import re
from pathlib import Path

from gmtool.store import backups, histories, rolllog
from gmtool.store.atomic import MISSING, file_problem
from gmtool.store.errors import CampaignCorrupt

# The chunked histories under log/: file prefix -> the one table its chunks hold.
CHUNKED_HISTORIES: dict[str, str] = {
    rolllog.PREFIX: rolllog.TABLE,
    histories.INJURY_PREFIX: histories.INJURY_TABLE,
    histories.BATTLE_PREFIX: histories.BATTLE_TABLE,
}
LOG_FOLDER = "log"
_CHUNK_NAME = re.compile(r"^(?P<prefix>[a-z]+)-(?P<index>\d{5})\.json$")
# What a whole chunk ends with: its last document, its table and the file closed (or an
# empty table and the file closed).
_CLOSED = re.compile(rb"[{}]\s*\}\s*\}\s*\Z")
_HEAD_BYTES = 256
_TAIL_BYTES = 64


def _sealed_chunks(folder: Path, files: list[Path]) -> dict[Path, str]:
    """The sealed chunks among `files` (all but the newest of each history), with the table
    each must hold."""
    log = folder / LOG_FOLDER
    newest: dict[str, int] = {}
    chunks: list[tuple[Path, str, int]] = []
    for file in files:
        if file.parent != log:
            continue
        match = _CHUNK_NAME.match(file.name)
        if match is None or match["prefix"] not in CHUNKED_HISTORIES:
            continue
        index = int(match["index"])
        chunks.append((file, match["prefix"], index))
        newest[match["prefix"]] = max(newest.get(match["prefix"], index), index)
    return {
        file: CHUNKED_HISTORIES[prefix] for file, prefix, index in chunks if index != newest[prefix]
    }


def _looks_whole(file: Path, table: str) -> bool:
    """The quick look at a sealed chunk: its first and last bytes are those of a whole
    document of `table`. False also when it cannot be read."""
    head_pattern = re.compile(rb'\A\s*\{\s*"' + re.escape(table.encode()) + rb'"\s*:\s*\{')
    try:
        with file.open("rb") as fh:
            head = fh.read(_HEAD_BYTES)
            size = fh.seek(0, 2)
            fh.seek(max(0, size - _TAIL_BYTES))
            tail = fh.read()
    except OSError:
        return False
    return head_pattern.match(head) is not None and _CLOSED.search(tail) is not None


def damaged_files(folder: Path, *, thorough: bool = False) -> list[CampaignCorrupt]:
    """Each damaged data file of the campaign at `folder`, in path order: a CampaignCorrupt
    with `file` (its path), `reason` (why it is damaged) and `backup` (its newest good
    backup, or None), whose text is the store's message about it. Reads only; an empty list
    when every file is good. `thorough=True` reads the sealed log chunks in full too."""
    files = backups.data_files(folder)
    sealed = {} if thorough else _sealed_chunks(folder, files)
    found: list[CampaignCorrupt] = []
    for file in files:
        table = sealed.get(file)
        if table is not None and _looks_whole(file, table):
            continue
        problem = file_problem(file)
        if problem is None or problem == MISSING:  # gone since the listing: nothing to read
            continue
        backup = backups.newest_good_backup(folder, file)
        found.append(CampaignCorrupt(str(file), problem, str(backup) if backup else None))
    return found
